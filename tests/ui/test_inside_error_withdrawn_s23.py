"""An error about the source bar's choice goes once the learner chooses another source.

Why (walkthrough s23): Source = Live run with no run trained yet, Analyse: the red line "No live
run yet: start one in the Live trainer tab (Ctrl+4), or pick a saved run." Picking a saved run
left that line in red under a bar that now named a saved run, as if the new choice had failed
too. Only a line said for another choice goes: the same choice's error stays (a runs-folder
refresh re-emits the choice), and so does an error over a trace on show (its own notes, s15).
"""

from __future__ import annotations

from pathlib import Path

from gatelab.ui.field_errors import ERROR_STYLE
from gatelab.ui.inside_panel import InsidePanel
from tests.ui.test_inside_panel import analyse, panel, tiny_run  # noqa: F401 (fixtures)

RED = ERROR_STYLE.split()[-1]


def _no_trainer(panel: InsidePanel) -> None:  # noqa: F811
    class Trainer:
        run_dir = ""
        run_state = "idle"

    panel.set_panel_lookup(lambda name: Trainer() if name == "trainer" else None)


def test_picking_a_saved_run_withdraws_the_no_live_run_error(
        qtbot, panel: InsidePanel, tiny_run: Path) -> None:  # noqa: ANN001,F811
    _no_trainer(panel)
    panel.source.set_kind("live")
    assert not panel.analyse()
    assert "No live run yet" in panel.source.message_text()
    assert RED in panel.source.message.styleSheet()
    panel.source.set_runs([])  # no saved run yet: the choice is still another one
    panel.source.set_kind("run")
    assert "No live run yet" not in panel.source.message_text()
    panel.source.select_run(str(tiny_run))
    assert "No live run yet" not in panel.source.message_text()
    assert RED not in panel.source.message.styleSheet()
    analyse(qtbot, panel, "run", str(tiny_run))  # and the saved run analyses as usual
    assert panel.sel.has_trace(), panel.source.message_text()


def test_an_error_stays_while_the_choice_is_the_same(
        qtbot, panel: InsidePanel, tmp_path: Path) -> None:  # noqa: ANN001,F811
    _no_trainer(panel)
    analyse(qtbot, panel, "hf", str(tmp_path / "nowhere"))
    said = panel.source.message_text()
    assert said.startswith("Could not analyse") and RED in panel.source.message.styleSheet()
    panel.source.choice_changed.emit()  # a refresh of the runs folder: the same choice
    assert panel.source.message_text() == said
    panel.source.hf_path.setText(str(tmp_path / "elsewhere"))  # another folder: a new choice
    assert panel.source.message_text() == ""
