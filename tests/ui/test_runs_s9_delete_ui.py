"""The Runs list's Delete and Resume on a run another process still trains (both refuse, saying
why, and leave the folder alone), and Delete on a run folder that is a symbolic link."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from gatelab.paths import runs_dir
from gatelab.ui.trainer_worker import Outcome
from tests.core.test_runs_s9_delete import CFG, live_writer, make_run, sleeper  # noqa: F401

from .conftest import trainer_with


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    widget = trainer_with(qtbot, CFG)
    yield widget
    widget.shutdown()


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda _parent, title, text, *a: shown.append((title, text))))
    return shown


def _listed(qtbot, panel) -> None:  # noqa: ANN001
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):
        panel.runs.refresh()


def test_delete_refuses_a_run_another_process_trains(qtbot, panel, sleeper, boxes) -> None:  # noqa: ANN001
    run = make_run(runs_dir() / "run-live", **live_writer(sleeper.pid))
    _listed(qtbot, panel)
    assert panel.runs.row_for(str(run)).status == "running"
    assert panel.runs.select_path(str(run))
    said: list[str] = []
    panel.status_changed.connect(said.append)
    panel.runs.confirm_delete = lambda _path: True
    panel.runs.btn_delete.click()
    why = f"{run} is still being trained by process {sleeper.pid} on "
    assert len(boxes) == 1 and boxes[0][1].startswith(why) and "stop that run first" in boxes[0][1]
    assert said and said[0].startswith("Not deleted: " + why)
    assert (run / "run.json").exists() and (run / "config.json").exists()  # nothing deleted


def test_resume_of_a_run_another_process_trains_is_a_refusal(qtbot, panel, sleeper) -> None:  # noqa: ANN001
    run = make_run(runs_dir() / "run-live", **live_writer(sleeper.pid))
    assert panel.resume_run(str(run))
    qtbot.waitUntil(lambda: bool(panel.error_text), timeout=10000)
    assert panel.error_text.startswith(f"Could not resume: {run} is still being trained by "
                                       f"process {sleeper.pid}")
    assert not panel.controller.is_busy() and panel.run_dir == ""  # nothing started
    assert "ended with an error" not in panel.error_text


def test_a_resume_refused_by_the_writer_itself_reads_as_a_refusal(panel, tmp_path: Path) -> None:  # noqa: ANN001
    """The other process may start between the check and the resume: the writer's own refusal
    (before the first step) is said the same way; a run that trained and failed is not."""
    panel._resuming, panel.run_dir = True, str(tmp_path)
    panel._on_done(Outcome("error", "x is still being trained by process 7", str(tmp_path)))
    assert panel.error_text == "Could not resume: x is still being trained by process 7"
    panel._resuming, panel._first_step = False, 1  # it trained a step, then failed
    panel._on_done(Outcome("error", "boom", str(tmp_path)))
    assert panel.error_text == "The run ended with an error: boom"


def test_deleting_a_linked_run_removes_the_link_not_the_run(qtbot, panel, boxes,  # noqa: ANN001
                                                            tmp_path: Path) -> None:
    target = make_run(tmp_path / "elsewhere")
    link = runs_dir() / "run-link"
    runs_dir().mkdir(parents=True, exist_ok=True)
    link.symlink_to(target, target_is_directory=True)
    _listed(qtbot, panel)
    assert panel.runs.select_path(str(link))
    said: list[str] = []
    panel.status_changed.connect(said.append)
    panel.runs.confirm_delete = lambda _path: True
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):
        panel.runs.btn_delete.click()
    assert boxes == []  # was: "Cannot call rmtree on a symbolic link", and the row stayed
    assert said[0] == (f"Removed the link {link}; the folder it points to was kept: "
                       f"{os.path.realpath(target)}")
    assert not os.path.lexists(link) and panel.runs.row_for(str(link)) is None
    assert panel.runs.rows == []
    assert sorted(p.name for p in target.iterdir()) == ["config.json", "metrics.jsonl", "run.json"]
