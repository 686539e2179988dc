"""A run whose metrics hold huge but finite numbers (1.7e308, ±1e308), inf or nan replays and
trains live without an exception: every plot's y range stays finite (it overflowed to inf, and
pyqtgraph raised "Cannot set range [0.0, inf]" half-way through the replay), and a record that
still cannot be shown ends "Reading run …" with one clear line."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator

import numpy as np
import pytest

from gatelab.paths import runs_dir
from gatelab.ui.trainer_plots import Y_LIMIT, TrainerPlots, sticky_range
from tests.core.test_runs_s9_delete import make_run

HUGE = [{"lr": 1.7e308}, {"train_loss": 1.7e308}, {"train_loss": -1e308, "val_loss": 1e308},
        {"tokens_per_s": 1.7e308}, {"max_abs_h": [1.7e308]}, {"mlp_ratio": [-1.7e308]},
        {"train_loss": math.inf, "lr": math.nan, "val_loss": -math.inf}]


def _rows(n: int = 12, **bad: object) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for step in range(1, n + 1):
        row: dict[str, object] = {"step": step, "train_loss": 3.0 - step * 0.1, "lr": 1e-3,
                                  "tokens_per_s": 500.0, "val_loss": None}
        if step % 3 == 0:
            row.update(val_loss=2.9, frac_closed=[0.1], frac_neg=[0.4], max_abs_h=[5.0],
                       mlp_ratio=[0.3], attn_sink=[0.2])
        if step == 6:
            row.update(bad)
        rows.append(row)
    return rows


def _ranges_finite(plots: TrainerPlots) -> None:
    for name, card in plots.cards().items():
        lo, hi = card.plot.getViewBox().viewRange()[1]
        assert math.isfinite(lo) and math.isfinite(hi) and lo < hi, (name, lo, hi)


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    from gatelab.ui.trainer_panel import TrainerPanel

    widget = TrainerPanel()
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    yield widget
    widget.shutdown()


def test_sticky_range_never_overflows() -> None:
    big = np.finfo(np.float64).max
    for values in ([np.array([0.0, big])], [np.array([-big, big])], [np.array([-1e308]),
                   np.array([1e308])], [np.array([big, big])], [np.array([-big, -big])]):
        for floor in (None, 0.0):
            lo, hi = sticky_range(None, values, floor)
            assert math.isfinite(lo) and math.isfinite(hi) and lo < hi
            assert -1.5 * Y_LIMIT <= lo and hi <= 1.5 * Y_LIMIT
    assert sticky_range(None, [np.array([0.0, big])], floor=0.0) == (0.0, 1.25 * Y_LIMIT)
    assert sticky_range(None, [np.array([-5.0, -3.0])], floor=0.0) == (-5.5, -2.5)  # not (0, -2.5)
    assert sticky_range(None, [np.array([np.inf, -np.inf, np.nan])]) is None


@pytest.mark.parametrize("bad", HUGE, ids=lambda b: ",".join(f"{k}={v}" for k, v in b.items()))
def test_a_replay_with_huge_values_opens(qtbot, panel, bad: dict[str, object]) -> None:  # noqa: ANN001
    run = make_run(runs_dir() / "run-huge")
    (run / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in _rows(**bad)))
    said: list[str] = []
    panel.status_changed.connect(said.append)
    assert panel.open_run(str(run))
    qtbot.waitUntil(lambda: said and not said[-1].startswith("Reading run"), timeout=30000)  # (CI load)
    assert said[-1] == f"Opened run {run}" and panel.error_text == ""
    assert panel.run_dir == str(run) and panel.live.title.text() == "Replay of run-huge"
    assert len(panel.plots.history) == 12
    _ranges_finite(panel.plots)


@pytest.mark.parametrize("bad", HUGE[:4], ids=lambda b: ",".join(b))
def test_live_rows_with_huge_values_draw(qtbot, bad: dict[str, object]) -> None:  # noqa: ANN001
    """Live snapshots go through the same drawing, one plot per timer tick."""
    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.resize(900, 600)
    plots.show()
    plots.clear(12)
    rows = _rows(**bad)
    plots.add_rows(rows[:5])
    qtbot.waitUntil(lambda: not plots._dirty, timeout=5000)
    plots.add_rows(rows[5:])  # the huge row arrives live
    qtbot.waitUntil(lambda: not plots._dirty, timeout=5000)
    _ranges_finite(plots)
    assert all(plots._y.get(n) is None or all(map(math.isfinite, plots._y[n])) for n in plots._y)


def test_a_record_that_cannot_be_shown_says_so(qtbot, panel, monkeypatch) -> None:  # noqa: ANN001
    """Whatever fails while a replay is applied, the status never stays "Reading run …"."""
    run = make_run(runs_dir() / "run-x")
    (run / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in _rows()))

    def refuse(*_args: object, **_kw: object) -> None:
        raise RuntimeError("cannot draw this")

    monkeypatch.setattr(panel.plots, "set_rows", refuse)
    said: list[str] = []
    panel.status_changed.connect(said.append)
    assert panel.open_run(str(run))
    qtbot.waitUntil(lambda: said and not said[-1].startswith("Reading run"), timeout=30000)  # (CI load)
    assert said[-1].startswith("Could not show the run: RuntimeError: cannot draw this")
    assert panel.error_text == said[-1] and panel.bar.error.isVisible()
    assert panel.run_dir == "" and panel.bar.state.text() == ""  # no half-applied replay
    assert not panel.controller.is_busy()
    monkeypatch.undo()
    assert panel.open_run(str(run))  # the next replay shows as usual
    qtbot.waitUntil(lambda: said[-1] == f"Opened run {run}", timeout=10000)
    assert panel.error_text == ""
