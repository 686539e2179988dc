"""A runs folder that cannot be listed says so; the Runs list no longer claims "No runs yet"
(probe s15 F5).

Why: with the runs folder a file (or unreadable) the list said "No runs yet. Press Start…", so a
learner took the runs for lost; only Start, pressed next, named the file in the way. A folder not
made yet is still "No runs yet"."""

from __future__ import annotations

import os
import shutil
import sys

import pytest

from gatelab.core.runs import list_runs
from gatelab.core.runs_read import RunError
from gatelab.paths import runs_dir
from gatelab.ui.messages import message_text
from gatelab.ui.runs_view import RunsView
from tests.core.test_runs_s9_delete import make_run
from tests.ui.conftest import refreshed


def _listed(qtbot) -> RunsView:  # noqa: ANN001
    view = RunsView()
    qtbot.addWidget(view)
    view.resize(900, 400)
    view.show()
    with refreshed(qtbot, view):
        view.refresh()
    return view


def test_a_runs_folder_that_is_a_file_is_named(qtbot) -> None:  # noqa: ANN001
    runs = runs_dir()
    if runs.is_dir():
        shutil.rmtree(runs)
    runs.parent.mkdir(parents=True, exist_ok=True)
    runs.write_text("not a folder")
    with pytest.raises(RunError) as caught:
        list_runs()
    assert message_text(caught.value) == f"{runs}: is a file, not a folder"
    view = _listed(qtbot)
    assert view.empty.isVisible() and view.table.rowCount() == 0
    assert view.empty.text() == f"Cannot list the runs: {runs}: is a file, not a folder"
    runs.unlink()  # put right: the next refresh says what it finds again
    make_run(runs / "run-a")
    with refreshed(qtbot, view):
        view.refresh()
    assert view.table.rowCount() == 1 and not view.empty.isVisible()
    view.retranslate()
    assert view.empty.text().startswith("No runs yet")


def test_no_runs_folder_yet_is_no_runs_yet(qtbot) -> None:  # noqa: ANN001
    runs = runs_dir()
    if runs.is_dir():
        shutil.rmtree(runs)
    assert list_runs() == []
    view = _listed(qtbot)
    assert view.empty.isVisible() and view.empty.text().startswith("No runs yet")


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads any folder")
def test_an_unreadable_runs_folder_is_named(qtbot) -> None:  # noqa: ANN001
    runs = runs_dir()
    make_run(runs / "run-a")
    runs.chmod(0)
    try:
        view = _listed(qtbot)
        assert view.empty.text().startswith(f"Cannot list the runs: {runs}: ")
    finally:
        runs.chmod(0o755)
