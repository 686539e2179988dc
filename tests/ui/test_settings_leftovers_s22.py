"""Qt's QSaveFile leftovers beside the settings file (kill probe s21 D7): a kill while the app
saved its settings left ``gatelab.conf.XXXXXX`` for good, one per kill. The app removes those
of dead saves (older than a save could take) when it opens its settings; nothing else."""

from __future__ import annotations

import os
import time
from pathlib import Path

from PySide6.QtCore import QSettings

from gatelab.ui import settings_file
from gatelab.ui.settings_file import SAVE_LEFTOVER_AGE_S, sweep_save_leftovers

KEPT = ("gatelab.conf", "gatelab.conf.lock", "gatelab.conf.bak", "gatelab.conf.SXzNK",
        "gatelab.conf.SXzNKN7", "other.conf.SXzNKN", "gatelab.conf.ab-cd_")


def _make(folder: Path, names: tuple[str, ...], age_s: float) -> None:
    for name in names:
        (folder / name).write_text("[General]\n")
        old = time.time() - age_s
        os.utime(folder / name, (old, old))


def test_only_old_save_leftovers_of_the_settings_file_go(tmp_path: Path) -> None:
    _make(tmp_path, ("gatelab.conf.SXzNKN", "gatelab.conf.hujCGR"), SAVE_LEFTOVER_AGE_S + 60)
    _make(tmp_path, ("gatelab.conf.EDuZaY",), 5)  # a save under way in another window
    _make(tmp_path, KEPT, SAVE_LEFTOVER_AGE_S + 60)
    (tmp_path / "gatelab.conf.Folder").mkdir()  # not a file: not ours to remove
    assert sweep_save_leftovers(str(tmp_path / "gatelab.conf")) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        (*KEPT, "gatelab.conf.EDuZaY", "gatelab.conf.Folder"))


def test_opening_the_settings_sweeps_them(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    path = tmp_path / "gatelab" / "gatelab.conf"
    path.parent.mkdir()
    QSettings(str(path), QSettings.Format.IniFormat).setValue("tab", 2)  # (destroyed: written)
    _make(path.parent, ("gatelab.conf.KSDJEu",), SAVE_LEFTOVER_AGE_S + 1)
    monkeypatch.setattr(settings_file, "user_settings_path", lambda: str(path))
    settings_file.open_user_settings()
    assert [p.name for p in path.parent.iterdir()] == ["gatelab.conf"]


def test_no_settings_file_or_folder_is_fine(tmp_path: Path) -> None:
    assert sweep_save_leftovers("") == 0
    assert sweep_save_leftovers(str(tmp_path / "gone" / "gatelab.conf")) == 0
