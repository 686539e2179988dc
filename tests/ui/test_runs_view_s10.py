"""The trainer tab's saved-run list after a kill -9 or disk trouble (session 10):

1. a run of this app whose writes failed reads "interrupted" as soon as it ends with the error
   (it said "running" until the app was relaunched), and a run whose writer elsewhere dies
   without a word (kill -9) reads "interrupted" at the next poll, not after some other change;
2. a run folder a kill right after Start left empty is listed as "empty", says why, refuses
   replay and resume in one line, and can be deleted (never a user's folder, never while young);
3. a run deleted by another instance: Resume, Replay and Open folder refuse in one line and the
   list drops it at once.
"""

from __future__ import annotations

import errno
import os
import shutil
import time
from pathlib import Path

import pytest

from gatelab.core.trainconfig import TrainConfig
from gatelab.paths import runs_dir
from gatelab.ui.runs_view import STATUS
from tests.core.test_runs_s9_delete import CFG, live_writer, make_run, sleeper  # noqa: F401
from tests.ui.test_runs_s9_delete_ui import _listed, boxes, panel  # noqa: F401 (fixtures)


LONG = TrainConfig(corpus="generated", variant="swiglu", n_layer=1, n_embd=32, n_head=2,
                   block_size=16, batch_size=4, steps=100_000, eval_interval=50_000,
                   warmup_steps=2, seed=7, device="cpu")
EMPTY_NAME = "run-20260101-120000-abcd"


def _status(panel, path: Path | str) -> str:  # noqa: ANN001
    row = panel.runs.row_for(str(path))
    return row.status if row is not None else ""


def _requests(panel) -> list[tuple[str, str]]:  # noqa: ANN001
    asked: list[tuple[str, str]] = []
    panel.runs.resume_requested.connect(lambda p: asked.append(("resume", p)))
    panel.runs.open_requested.connect(lambda p: asked.append(("open", p)))
    return asked


# -- 1. a run that ends with a write error ------------------------------------------------------
def test_a_run_whose_writes_fail_is_listed_interrupted_when_it_ends(
        qtbot, panel, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    from gatelab.core import run_writer

    monkeypatch.setattr(run_writer, "HEARTBEAT_S", 0.05)  # run.json is rewritten every step
    panel.show()
    panel.controls.set_config(LONG)
    assert panel.start()
    qtbot.waitUntil(lambda: len(panel.plots.history) >= 2, timeout=30000)
    folder = panel.run_dir
    qtbot.waitUntil(lambda: _status(panel, folder) == "running", timeout=10000)
    real = os.replace

    def read_only(src: str, dst: str) -> None:  # the run's folder became read-only
        if str(dst).startswith(folder):
            raise OSError(errno.EROFS, "Read-only file system", str(dst))
        real(src, dst)

    monkeypatch.setattr(os, "replace", read_only)
    qtbot.waitUntil(lambda: not panel.controller.is_busy(), timeout=30000)
    assert panel.error_text.startswith("The run ended with an error: cannot write ")
    assert "read-only" in panel.error_text
    # run.json still says "running" under this app's pid; the list asks whose writer is open
    qtbot.waitUntil(lambda: _status(panel, folder) == "interrupted", timeout=10000)
    monkeypatch.undo()
    assert panel.runs.btn_resume.isEnabled() and panel.runs.btn_delete.isEnabled()


def test_a_run_whose_writer_dies_elsewhere_turns_interrupted_at_the_next_poll(
        qtbot, panel, sleeper) -> None:  # noqa: ANN001
    run = make_run(runs_dir() / "run-live", **live_writer(sleeper.pid))
    _listed(qtbot, panel)
    assert _status(panel, run) == "running"
    with qtbot.assertNotEmitted(panel.runs.refreshed, wait=300):
        panel.runs._poll_folder()  # nothing changed: nothing is read again
        qtbot.waitUntil(lambda: not panel.runs._polling, timeout=5000)
    sleeper.kill()  # kill -9: no file changes
    sleeper.wait()
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):
        panel.runs._poll_folder()
    assert _status(panel, run) == "interrupted"


# -- 2. an empty run folder ---------------------------------------------------------------------
def _empty(name: str = EMPTY_NAME, *files: str, age: float = 3600.0) -> Path:
    folder = runs_dir() / name
    folder.mkdir(parents=True)
    for file in files:
        (folder / file).write_bytes(b"{")
    stamp = time.time() - age
    os.utime(folder, (stamp, stamp))
    return folder


def test_an_empty_run_folder_is_listed_explained_and_deleted(qtbot, panel, boxes) -> None:  # noqa: ANN001
    empty = _empty(EMPTY_NAME, ".config.json.ab_12cd9.999999999.tmp")
    mine = _empty("run-mine")  # not a name gatelab gives: the user's, never listed
    kept = _empty("run-20260101-120001-beef", "notes.txt")  # holds a file of the user's
    _listed(qtbot, panel)
    assert [(r.name, r.status) for r in panel.runs.rows] == [(EMPTY_NAME, "empty")]
    cell = panel.runs.table.item(0, STATUS)
    assert cell.text().startswith("empty: nothing was saved: training stopped")
    assert cell.toolTip().endswith("there is nothing to replay or resume, so delete it")
    assert panel.runs.select_path(str(empty))
    said: list[str] = []
    panel.status_changed.connect(said.append)
    asked = _requests(panel)
    why = (f"{empty} holds no run to replay or resume: it was stopped before it saved anything; "
           "delete it under Runs")
    panel.runs.btn_resume.click()
    panel.runs.btn_open.click()
    assert asked == []  # was: "no checkpoint yet … training it again from step 0", then a read
    assert boxes == [("Not resumed", why), ("Not replayed", why)] and said == [why, why]
    panel.runs.confirm_delete = lambda _path: True
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):
        panel.runs.btn_delete.click()
    assert len(boxes) == 2 and said[-1] == f"Deleted run {empty}"
    assert not empty.exists() and panel.runs.rows == []
    assert mine.is_dir() and (kept / "notes.txt").exists()


def test_a_young_empty_folder_is_not_deleted(qtbot, panel, boxes) -> None:  # noqa: ANN001
    young = _empty(age=0)  # a run that may still be reading its corpus
    _listed(qtbot, panel)
    assert _status(panel, young) == "empty"
    assert panel.runs.select_path(str(young))
    panel.runs.confirm_delete = lambda _path: True
    panel.runs.btn_delete.click()
    assert len(boxes) == 1 and boxes[0][0] == "Delete failed"
    assert boxes[0][1].startswith(f"{young} was created ")
    assert "may belong to a run that is still starting" in boxes[0][1] and young.is_dir()


def test_an_empty_row_replayed_through_the_panel_says_why(qtbot, panel) -> None:  # noqa: ANN001
    empty = _empty()
    assert panel.resume_run(str(empty))
    qtbot.waitUntil(lambda: bool(panel.error_text), timeout=10000)
    assert panel.error_text == (f"Could not read the run: {empty} holds no run to replay or "
                                "resume: it was stopped before it saved anything; delete it "
                                "under Runs")  # was: "…/config.json: no such file"
    assert not panel.controller.is_busy() and list(empty.iterdir()) == []


# -- 3. a run deleted by another instance -------------------------------------------------------
def test_a_run_deleted_elsewhere_is_refused_and_dropped(qtbot, panel, boxes) -> None:  # noqa: ANN001
    run = make_run(runs_dir() / "run-20260101-120000-0bad")
    other = make_run(runs_dir() / "run-20260101-110000-0000")
    _listed(qtbot, panel)
    assert panel.runs.select_path(str(run)) and panel.runs.btn_resume.isEnabled()
    shutil.rmtree(run)  # another instance's Delete; this list has not polled yet
    said: list[str] = []
    panel.status_changed.connect(said.append)
    asked = _requests(panel)
    opened: list[object] = []
    panel.runs.open_url = lambda url: opened.append(url) or True
    gone = f"{run} is gone: it was deleted or moved outside this app"
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):
        panel.runs.btn_resume.click()
    assert asked == [] and boxes == [("Not resumed", gone)] and said == [gone]
    assert [r.path for r in panel.runs.rows] == [str(other)]  # dropped at once
    assert panel.runs.select_path(str(other))
    shutil.rmtree(other)
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):
        panel.runs.btn_folder.click()
    assert opened == [] and boxes[-1][0] == "Folder not opened"
    assert panel.runs.rows == []
