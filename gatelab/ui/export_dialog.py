"""The one save dialog behind every "Export…" button: plot cards in every tab and the Inside tab.

Why one module: the trainer's plot cards and the Inside tab's views used to have their own
dialogs, and only the Inside one added the chosen file type's suffix, so picking "SVG" and typing
"plot" failed in every other tab. Here the chosen filter's suffix is added when none is typed (a
typed one wins), and the dialog opens in the folder of the last export, which the panels keep in
their QSettings (``export_folder``/``set_export_folder``).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QMainWindow, QWidget

from gatelab.core.fileio import check_write_target
from gatelab.ui.message_box import warn_modal
from gatelab.ui.messages import message_text
from gatelab.ui import file_dialogs

SETTINGS_KEY = "export_dir"
MAX_FOLDER_CHARS = 4096  # a longer "folder" in a settings file is junk, not a path
MAX_NAME_CHARS = 40  # a default file name's stem: a whole title would be a sentence
_FOLDER = {"last": ""}  # the folder of the last export, shared by every Export… button


def export_folder() -> str:
    """Where the next export dialog opens ("" before the first export of any launch)."""
    return _FOLDER["last"]


def set_export_folder(folder: str) -> None:
    _FOLDER["last"] = folder if isinstance(folder, str) else ""


def save_export_folder(settings: QSettings) -> None:
    """Keep the last export folder in a panel's settings group."""
    settings.setValue(SETTINGS_KEY, export_folder())


def restore_export_folder(settings: QSettings) -> None:
    """Adopt a panel's saved export folder unless this launch already has one (a panel built
    later must not move the dialog away from where the learner just exported)."""
    value = settings.value(SETTINGS_KEY, "")
    if not export_folder() and isinstance(value, str) and len(value) <= MAX_FOLDER_CHARS:
        set_export_folder(value)


def file_name_for(title: str, suffix: str = ".png", fallback: str = "plot") -> str:
    """A default file name from a card's title: "Gate sparsity" → "gate-sparsity.png".

    Why: every plot card offered "plot.png", so a learner saving three plots overwrote the first
    or renamed each by hand. Letters and digits of any script stay (a Chinese title gives a
    Chinese name); runs of anything else, the characters a file system refuses among them,
    become one "-"; a name is cut at a word boundary after MAX_NAME_CHARS."""
    words = re.findall(r"[^\W_]+", title.casefold())
    stem = ""
    for word in words:
        longer = "{0}-{1}".format(stem, word) if stem else word
        if len(longer) > MAX_NAME_CHARS:
            stem = stem or word[:MAX_NAME_CHARS]
            break
        stem = longer
    return (stem or fallback) + suffix


def filter_suffixes(filters: str) -> list[str]:
    """The suffixes a dialog's filter string names, in order: "PNG image (*.png);;…" → [".png"]."""
    return [s.lower() for s in re.findall(r"\*(\.[A-Za-z0-9]+)", filters)]


def with_filter_suffix(path: str, chosen: str, filters: str) -> str:
    """``path`` with the chosen filter's suffix added when the learner typed none the dialog
    offers: picking "CSV data" and typing "numbers" must write numbers.csv, not fail."""
    known = filter_suffixes(filters)
    if Path(path).suffix.lower() in known:
        return path
    wanted = filter_suffixes(chosen) or known
    return path + wanted[0] if wanted else path


def start_folder(remembered: object) -> str:
    """Where a file dialog opens: ``remembered`` (a folder kept in the settings) while it is
    still a folder, else the home folder. Never "" or a folder that is gone: the dialog then
    opens in the process's working directory, the install folder gatelab was started from
    (walkthrough s14, F7)."""
    if isinstance(remembered, str) and remembered and len(remembered) <= MAX_FOLDER_CHARS:
        with contextlib.suppress(OSError, ValueError):
            if Path(remembered).is_dir():
                return remembered
    return str(Path.home())


def folder_of(path: str) -> str:
    """Where an Open dialog for a file like ``path`` (the last one opened) starts: its folder
    while it is one, else the home folder. Open config.json, Open safetensors and Open text
    file passed "" and opened in the working directory every time (walkthrough s21 #18)."""
    return start_folder(os.path.dirname(path) if isinstance(path, str) and path else "")


def ask_export_path(parent: QWidget, title: str, default_name: str, filters: str) -> str:
    """The save dialog, opened in the last export's folder (the home folder before the first
    export); "" when cancelled."""
    start = str(Path(start_folder(export_folder())) / default_name)
    path, chosen = file_dialogs.save_file_name(parent, title, start, filters)
    return with_filter_suffix(path, chosen, filters) if path else ""


def run_export(parent: QWidget, export: Callable[[str], object], path: str) -> bool:
    """Write ``path`` (the folder is remembered on success); a failure is a warning box."""
    try:
        check_write_target(path)
        export(path)
    except (OSError, ValueError) as exc:
        warn_modal(parent, QCoreApplication.translate("ExportButton", "Export failed"),
                   message_text(exc))  # a long path wraps instead of running off the box
        return False
    set_export_folder(str(Path(path).parent))
    window = parent.window()  # said where it went: nothing confirmed a picture was written
    if isinstance(window, QMainWindow):  # (walkthrough s15)
        window.statusBar().showMessage(
            QCoreApplication.translate("ExportButton", "Saved {0}").format(path), 8000)
    return True


def export_with_dialog(parent: QWidget, export: Callable[[str], object], title: str,
                       default_name: str, filters: str) -> bool:
    """Ask for a path and write it: what every Export… button does when clicked."""
    path = ask_export_path(parent, title, default_name, filters)
    return bool(path) and run_export(parent, export, path)
