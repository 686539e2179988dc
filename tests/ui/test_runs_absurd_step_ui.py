"""The run list's row for a run.json with an implausible step: "?/6" in Steps, and the reason in
the Status cell and in both cells' tooltips (see tests/core/test_runs_absurd_step.py)."""

from __future__ import annotations

from gatelab.core.messages import Msg
from gatelab.ui.runs_view import STATUS, RunsView
from gatelab.ui.trainer_jobs import RunRow

REASON = Msg("runs.summary_step", {"path": "run.json", "step": str(2**63), "limit": 6})


def test_an_absurd_step_shows_a_question_mark_and_its_reason(qtbot) -> None:  # noqa: ANN001
    view = RunsView()
    qtbot.addWidget(view)
    view.shutdown()  # no background refresh: the rows below are the only ones
    rows = [RunRow("/x/a", "a", "swiglu", "", "", "?/6", 1.0, 1.1, "finished", REASON),
            RunRow("/x/b", "b", "swiglu", "", "", "6/6", 1.0, 1.1, "finished")]
    view._show_rows(rows, "")
    full = "finished: " + str(REASON)
    assert view.table.item(0, 4).text() == "?/6"
    assert view.table.item(0, 4).toolTip() == full
    assert view.table.item(0, STATUS).toolTip() == full
    assert "implausible" in view.table.item(0, STATUS).text()
    assert view.table.item(1, 4).toolTip() == "/x/b"  # a sane row keeps its path as the tip
