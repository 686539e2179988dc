"""Settings that cannot be written are said, not lost without a word (probe s14 F2: a settings
file made a folder, or unwritable, while the app ran; quitting lost the session's settings with
exit code 0 and nothing on screen or stderr)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings

from gatelab.ui.settings_file import save_problem


def test_save_problem_says_when_the_file_cannot_be_written(tmp_path: Path) -> None:
    path = tmp_path / "gatelab.conf"
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    settings.setValue("a", 1)
    assert save_problem(settings) == "" and "a=1" in path.read_text()
    path.unlink()
    path.mkdir()  # a folder where the file was
    settings.setValue("a", 2)
    assert save_problem(settings) == "cannot be written"


def test_the_window_says_it_once_in_the_status_bar(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from gatelab.ui.main_window import MainWindow

    path = tmp_path / "gatelab.conf"
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    try:
        window.save_settings()
        assert "settings" not in window.statusBar().currentMessage() and path.is_file()
        os.remove(path)
        path.mkdir()
        window.save_settings()
        said = window.statusBar().currentMessage()
        assert said == (f"The settings file {path} cannot be written: this session's settings "
                        "are not being saved")
        window.statusBar().clearMessage()
        window.save_settings()  # said once, not every 20 s
        assert "settings" not in window.statusBar().currentMessage()
    finally:
        window.shutdown()


def test_in_chinese_the_reason_is_translated_too(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    """Re-walk s14 V2: the line read "设置文件 … cannot be written：…"."""
    from gatelab.ui.main_window import MainWindow

    path = tmp_path / "gatelab.conf"
    window = MainWindow(settings=QSettings(str(path), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    try:
        window.switch_language("zh_CN")
        window.save_settings()
        os.remove(path)
        path.mkdir()
        window.save_settings()
        said = window.statusBar().currentMessage()
        assert said.startswith(f"设置文件 {path} ") and "本次会话的设置没有被保存" in said
        assert "cannot" not in said
    finally:
        window.switch_language("en")
        window.shutdown()
