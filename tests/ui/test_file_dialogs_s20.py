"""Walkthrough s20 D6: typing "/proc/" in an export dialog froze the app for good. Qt's default
icon provider guesses the type of a file without a known extension from its first bytes, on
the GUI thread, and /proc/kmsg (readable by root) blocks that read until the next kernel
message. Every dialog now uses ``KindIcons``, which never opens a file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QFileInfo
from PySide6.QtWidgets import QFileDialog

from gatelab.ui import file_dialogs
from gatelab.ui.file_dialogs import KindIcons

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not os.access("/proc/kmsg", os.R_OK), reason="needs a readable /proc/kmsg (root)")
def test_an_endless_file_gets_its_icon_at_once() -> None:
    code = ("from PySide6.QtWidgets import QApplication; from PySide6.QtCore import QFileInfo; "
            "app = QApplication([]); from gatelab.ui.file_dialogs import KindIcons; p = KindIcons(); "
            "p.icon(QFileInfo('/proc/kmsg')); print(p.type(QFileInfo('/proc/kmsg')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "File"


def test_icons_and_types_come_from_the_kind_alone(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    icons = KindIcons()
    plain = tmp_path / "notes"
    plain.write_text("x")
    (tmp_path / "pic.png").write_bytes(b"\x89PNG")
    assert icons.type(QFileInfo(str(plain))) == "File"
    assert icons.type(QFileInfo(str(tmp_path / "pic.png"))) == "png File"
    assert icons.type(QFileInfo(str(tmp_path))) == "Folder"
    assert not icons.icon(QFileInfo(str(plain))).isNull()
    assert not icons.icon(QFileInfo(str(tmp_path))).isNull()


@pytest.mark.parametrize("ask", ["save", "open", "folder"])
def test_every_dialog_uses_them(qtbot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,  # noqa: ANN001
                                ask: str) -> None:
    seen: list[QFileDialog] = []

    def fake_exec(dialog: QFileDialog) -> int:
        seen.append(dialog)
        dialog.selectFile(str(tmp_path / "chosen.png"))
        return int(QFileDialog.DialogCode.Accepted)

    monkeypatch.setattr(QFileDialog, "exec", fake_exec)
    if ask == "save":
        path, chosen = file_dialogs.save_file_name(None, "t", str(tmp_path / "a.png"), "PNG (*.png)")
        assert path == str(tmp_path / "chosen.png") and chosen == "PNG (*.png)"
    elif ask == "open":
        file_dialogs.open_file_name(None, "t", str(tmp_path), "All files (*)")
    else:
        file_dialogs.existing_folder(None, "t", str(tmp_path))
    assert len(seen) == 1 and isinstance(seen[0].iconProvider(), KindIcons)


def test_runs_start_never_raises(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GATELAB_HOME", "~nouser-s20/x")
    assert file_dialogs.runs_start() == ""
    monkeypatch.setenv("GATELAB_HOME", str(tmp_path))
    assert file_dialogs.runs_start() == str(tmp_path)  # runs/ not made yet: its parent


def test_the_type_column_speaks_the_app_language(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    """Walkthrough s21 #12: the Chinese dialogs' Type column said "png File" and "Folder"."""
    from gatelab.ui.language import set_language

    (tmp_path / "pic.png").write_bytes(b"\x89PNG")
    (tmp_path / "notes").write_text("x")
    icons = KindIcons()
    set_language("zh_CN")
    try:
        assert icons.type(QFileInfo(str(tmp_path / "pic.png"))) == "png 文件"
        assert icons.type(QFileInfo(str(tmp_path / "notes"))) == "文件"
        assert icons.type(QFileInfo(str(tmp_path))) == "文件夹"
        assert icons.type(QFileInfo("/")) == "驱动器"
    finally:
        set_language("en")
    assert icons.type(QFileInfo("/")) == "Drive"
