"""The step slider over entries it cannot draw: one line in the readout, never an exception.

Why: core refuses such entries when it reads a run's history, but the view indexes the arrays by
layer on the GUI thread, where an IndexError would surface as a traceback (pytest-qt fails a test
on any exception raised inside a Qt slot, so moving the slider here proves none is raised).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import numpy as np
import pytest

from gatelab.core.trainconfig import LayerStats
from gatelab.ui.inside_history import HistoryView
from gatelab.ui.inside_state import InsideSelection
from tests.core.test_history_hostile import arrays


@pytest.fixture
def view(qtbot) -> Iterator[HistoryView]:  # noqa: ANN001
    sel = InsideSelection()
    widget = HistoryView(sel)
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    widget.show()
    yield widget


def curve_y(view: HistoryView, key: str) -> list[float]:
    y = view.curves[key].getData()[1]
    return [] if y is None else list(y)


def hostile_history() -> list[tuple[int, object]]:
    good = LayerStats(**arrays(1))
    return [
        (10, good),
        (20, dataclasses.replace(good, mlp_ratio=np.zeros(3))),  # one layer too many
        (30, dataclasses.replace(good, gate_pairs=np.array(["a<b", "c"]))),  # strings, with a tag
        (40, None),  # not stats at all
        (50, dataclasses.replace(good, attn_sink=np.array([np.nan, 0.5]))),  # NaN: not measured
    ]


def test_entries_that_cannot_be_drawn_say_why(view: HistoryView) -> None:
    view.set_history(hostile_history(), [])
    good = arrays(1)
    texts = {}
    for i in range(view.entries()):
        view.set_index(i)
        texts[view.current_step()] = view.readout.text()
        drawn = view.current_step() in (10, 50)
        assert (curve_y(view, "frac_neg") == list(good["frac_neg"])) is drawn
        assert (len(view.dots.data) == 3) is drawn
    assert texts[20] == ("step 20: this entry cannot be shown (array 'mlp_ratio' has shape [3], "
                         "expected [2])")
    assert texts[30] == ("step 30: this entry cannot be shown (array 'gate_pairs' holds &lt;U3, "
                         "not real numbers)")
    assert texts[40] == "step 40: this entry cannot be shown (array 'frac_neg' is missing)"
    assert texts[10].startswith("<b>step 10, L0</b>: g &lt; 0 ")
    assert "first-token share nan" in texts[50]
    assert np.isnan(curve_y(view, "attn_sink")[0]) and curve_y(view, "attn_sink")[1] == 0.5


def test_the_latest_entry_shown_first_may_be_bad_and_csv_skips_it(view: HistoryView) -> None:
    history = hostile_history()
    view.set_history(history[:2], [10])  # set_history shows the latest entry at once
    assert view.readout.text().startswith("step 20: this entry cannot be shown (")
    assert curve_y(view, "mlp_ratio") == [] and len(view.dots.data) == 0
    view.sel.layer_changed.emit(1)
    assert view.readout.text().startswith("step 20: this entry cannot be shown (")
    headers, rows = view.csv_rows()
    good = arrays(1)
    assert [row[:2] for row in rows] == [[10, 0], [10, 1]]
    assert [row[headers.index("mlp_ratio")] for row in rows] == list(good["mlp_ratio"])


def test_the_panel_says_how_many_damaged_entries_were_skipped(qtbot, tmp_path) -> None:  # noqa: ANN001
    """A run whose history holds a truncated entry: the good entries replay, and the readout
    says that one was skipped and why (read off the GUI thread by inside_jobs.read_history)."""
    import shutil

    from gatelab.core import stats_history
    from gatelab.ui.inside_panel import InsidePanel
    from tests.ui.conftest import show_panel

    from .test_inside_panel import analyse
    from tests.core.inside_helpers import train_tiny_run
    run = tmp_path / "run"
    train_tiny_run(run)
    steps = stats_history.history_steps(run)
    assert len(steps) >= 3
    damaged = stats_history.entry_path(run, steps[1])
    damaged.write_bytes(damaged.read_bytes()[:100])  # truncated: not a zip any more
    panel = show_panel(qtbot, InsidePanel())
    analyse(qtbot, panel, "run", str(run), "the gate opens")  # within its 32-character block
    qtbot.waitUntil(lambda: panel.history.entries() == len(steps) - 1, timeout=10000)
    text = panel.history.readout.text()
    assert "1 damaged checkpoint(s) of this history were skipped" in text
    assert f"step_{steps[1]:06d}.npz" in text
    assert steps[1] not in [s for s, _ in panel.history._history]
    shutil.rmtree(run)
