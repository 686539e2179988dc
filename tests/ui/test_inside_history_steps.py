"""The step slider never offers a step the run cannot have reached, and says how many it left out.

Why: a history entry named step 10**9 in a run that ended at step 6 was offered on the slider as
a real checkpoint. Core now skips it when reading (``stats_history._plausible_steps``); this
checks the whole way from a real run folder to what the slider holds and the readout says.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gatelab.core import stats_history
from gatelab.core.engine import train_steps
from gatelab.ui.inside_history import HistoryView
from gatelab.ui.inside_jobs import read_history
from gatelab.ui.inside_state import InsideSelection
from tests.core.conftest import SIX_STEP_CFG as CFG


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("runs") / "good"
    list(train_steps(CFG, run_dir=d))  # finished at step 6; history entries at 3 and 6
    return d


def test_the_slider_skips_a_step_past_the_runs_end(qtbot, trained: Path, tmp_path: Path) -> None:  # noqa: ANN001
    run = Path(shutil.copytree(trained, tmp_path / "run"))
    shutil.copyfile(stats_history.entry_path(run, 6), stats_history.entry_path(run, 10**9))
    history, weights, skipped = read_history(str(run))
    view = HistoryView(InsideSelection())
    qtbot.addWidget(view)
    view.set_history(history, weights, skipped=skipped)
    offered = []
    for i in range(view.entries()):
        view.set_index(i)
        offered.append(view.current_step())
    assert offered == [3, 6]
    assert view.slider.maximum() == 1 and view.step_label.text() == "step 6 (3–6, 2 checkpoints)"
    assert ("1 damaged checkpoint(s) of this history were skipped (the first: "
            f"{stats_history.entry_path(run, 10**9)}: skipped (step 1000000000 lies beyond step 6, "
            "where this run ended))") in view.readout.text()


def test_the_readout_says_which_step_the_views_show(qtbot, trained: Path) -> None:  # noqa: ANN001
    """Probe s14 F5: with the run folder gone, the re-trace at another step failed, yet the
    readout said "the text above is traced at this step" under the old step's shading."""
    import dataclasses

    from tests.ui.inside_synth import make_trace

    history, weights, skipped = read_history(str(trained))
    sel = InsideSelection()
    view = HistoryView(sel)
    qtbot.addWidget(view)
    view.set_history(history, weights, skipped=skipped)
    assert weights == [3, 6]
    sel.set_trace(dataclasses.replace(make_trace(n_layer=2, m=24), step=6))
    view.set_index(1)  # step 6: the trace shown is of step 6
    assert "the text above is traced at this step" in view.readout.text()
    view.set_index(0)  # step 3, before (or without) its re-trace
    assert "the views above still show step 6" in view.readout.text()
    assert "traced at this step" not in view.readout.text()
    sel.set_trace(dataclasses.replace(make_trace(n_layer=2, m=24), step=3))  # the re-trace came
    assert "the text above is traced at this step" in view.readout.text()
