"""Probe s14 (F3, F4): the Runs view on a run another process holds.

F3: a stopped run whose folder another process has locked (a ``gatelab-train --resume`` that
has not rewritten run.json yet, or one stopped with ``kill -STOP``) read "stopped" in the Status
column; it reads "running" now, Resume and Delete refuse it at once, the list does not re-read
the folder at every poll for it, and it reads "stopped" again once the lock is gone.
F4: Delete… on a run another process trains said so only after "Delete this run and all its
files?" had been answered Yes; now the refusal comes and the question is never asked.
"""

from __future__ import annotations

from pathlib import Path

from gatelab.paths import runs_dir
from gatelab.ui.runs_view import STATUS
from tests.core.test_probe_s14_runs_lock import holder  # noqa: F401 (fixture)
from tests.core.test_runs_s9_delete import live_writer, make_run, sleeper  # noqa: F401
from tests.ui.test_runs_s9_delete_ui import _listed, boxes, panel  # noqa: F401 (fixtures)


def _asked(panel) -> list[str]:  # noqa: ANN001
    """The paths the delete question was asked about (the user would answer Yes)."""
    asked: list[str] = []
    panel.runs.confirm_delete = lambda path: asked.append(path) or True
    return asked


def _cell(panel, path: Path) -> str:  # noqa: ANN001
    row = next(i for i, r in enumerate(panel.runs.rows) if r.path == str(path))
    return panel.runs.table.item(row, STATUS).text()


def test_a_locked_stopped_run_reads_running_and_is_refused_up_front(
        qtbot, panel, boxes, holder) -> None:  # noqa: ANN001
    run = make_run(runs_dir() / "run-20260101-120000-beef", status="stopped", steps=3)
    proc = holder(run)
    _listed(qtbot, panel)
    assert _cell(panel, run) == "running"  # was "stopped"
    assert panel.runs.select_path(str(run))
    said: list[str] = []
    panel.status_changed.connect(said.append)
    asked = _asked(panel)
    why = f"{run} is still being trained by process "
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):
        panel.runs.btn_delete.click()
    assert asked == []  # never "Delete this run and all its files?"
    assert [title for title, _ in boxes] == ["Delete failed"] and boxes[0][1].startswith(why)
    assert boxes[0][1].endswith("; stop that run first")
    assert said[0] == "Not deleted: " + boxes[0][1]
    assert sorted(p.name for p in run.iterdir()) == ["config.json", "metrics.jsonl", "run.json"]
    panel.runs.btn_resume.click()
    qtbot.waitUntil(lambda: bool(panel.error_text), timeout=10000)
    assert panel.error_text.startswith("Could not resume: " + why)
    assert not panel.controller.is_busy()
    # the row stays "running" without the list re-reading the folder at every poll
    with qtbot.assertNotEmitted(panel.runs.refreshed, wait=300):
        panel.runs._poll_folder()
        qtbot.waitUntil(lambda: not panel.runs._polling, timeout=5000)
    proc.kill()  # the resume was refused or died before it wrote a byte
    proc.wait()
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):
        panel.runs._poll_folder()
    assert _cell(panel, run) == "stopped"


def test_delete_of_a_run_trained_elsewhere_never_asks(qtbot, panel, boxes, sleeper) -> None:  # noqa: ANN001
    run = make_run(runs_dir() / "run-live", **live_writer(sleeper.pid))
    _listed(qtbot, panel)
    assert _cell(panel, run) == "running"
    assert panel.runs.select_path(str(run))
    asked = _asked(panel)
    panel.runs.btn_delete.click()
    assert asked == []
    assert boxes == [("Delete failed", f"{run} is still being trained by process {sleeper.pid} "
                                       f"on {boxes[0][1].rsplit(' on ', 1)[1]}")]
    assert boxes[0][1].endswith("; stop that run first") and (run / "run.json").exists()


def test_delete_of_a_free_run_still_asks_first(qtbot, panel, boxes) -> None:  # noqa: ANN001
    run = make_run(runs_dir() / "run-done")
    _listed(qtbot, panel)
    assert panel.runs.select_path(str(run))
    asked = _asked(panel)
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):
        panel.runs.btn_delete.click()
    assert asked == [str(run)] and boxes == [] and not run.exists()
    assert panel.runs.rows == [] and panel.runs.empty.isVisibleTo(panel.runs)
