"""File dialogs open where the learner's files are, never in the working directory
(walkthrough s14, F7).

Why: File → Save state and Open state passed "" as the start folder, and the first Export… of a
launch a bare file name, so after a relaunch they opened in the folder gatelab was started from
(/work/main, the install folder). Now the state dialogs open in the folder of the last state
file (kept in the settings, across launches), else the home folder; exports likewise."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from gatelab.ui import export_dialog
from gatelab.ui.export_dialog import ask_export_path
from gatelab.ui.main_state import STATE_DIR_KEY
from tests.ui.conftest import FakeSaveDialog


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A home folder, a working directory (where the app was started) and a states folder."""
    out = {name: tmp_path / name for name in ("home", "cwd", "states", "other")}
    for folder in out.values():
        folder.mkdir()
    monkeypatch.setenv("HOME", str(out["home"]))
    monkeypatch.chdir(out["cwd"])
    return out


def _window(qtbot, settings: QSettings):  # noqa: ANN001, ANN202
    from gatelab.ui.main_window import MainWindow

    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    return window


def test_state_dialogs_start_at_home_then_in_the_last_state_folder(
        qtbot, tmp_path: Path, places: dict[str, Path], dialog: FakeSaveDialog) -> None:  # noqa: ANN001
    ini = str(tmp_path / "settings.ini")
    window = _window(qtbot, QSettings(ini, QSettings.Format.IniFormat))
    try:
        dialog.answer = ("", "")  # cancelled: the dialog only opened
        window.save_state_dialog()
        window.open_state_dialog()
        assert dialog.opened == [("save", str(places["home"] / "gatelab-state.gatelab")),
                                 ("open", str(places["home"]))]
        dialog.answer = (str(places["states"] / "lesson"), "")
        window.save_state_dialog()
        assert (places["states"] / "lesson.gatelab").is_file()
        assert "State saved to" in window.statusBar().currentMessage()
        dialog.answer = ("", "")
        window.open_state_dialog()
        assert dialog.opened[-1] == ("open", str(places["states"]))
        window.save_settings()
    finally:
        window.shutdown()
    # a relaunch: the folder is read back from the settings file
    settings = QSettings(ini, QSettings.Format.IniFormat)
    assert settings.value(STATE_DIR_KEY) == str(places["states"])
    window = _window(qtbot, settings)
    try:
        window.save_state_dialog()
        assert dialog.opened[-1] == ("save", str(places["states"] / "gatelab-state.gatelab"))
        # opening a state from another folder moves the next dialog there
        (places["states"] / "lesson.gatelab").rename(places["other"] / "b.gatelab")
        dialog.answer = (str(places["other"] / "b.gatelab"), "")
        window.open_state_dialog()
        qtbot.waitUntil(lambda: "State opened from" in window.statusBar().currentMessage(),
                        timeout=10000)
        dialog.answer = ("", "")
        window.open_state_dialog()
        assert dialog.opened[-1] == ("open", str(places["other"]))
        # a remembered folder that is gone: home again, not the working directory
        (places["other"] / "b.gatelab").unlink()
        places["other"].rmdir()
        window.save_state_dialog()
        assert dialog.opened[-1] == ("save", str(places["home"] / "gatelab-state.gatelab"))
    finally:
        window.shutdown()


def test_the_first_export_of_a_launch_opens_at_home(qtbot, places: dict[str, Path],
                                                    dialog: FakeSaveDialog) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    assert ask_export_path(parent, "Export", "loss.png", "PNG image (*.png)") == ""
    assert dialog.opened[-1] == ("save", str(places["home"] / "loss.png"))
    export_dialog.set_export_folder(str(places["states"]))
    ask_export_path(parent, "Export", "loss.png", "PNG image (*.png)")
    assert dialog.opened[-1] == ("save", str(places["states"] / "loss.png"))
