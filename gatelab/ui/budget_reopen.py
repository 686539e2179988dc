"""The budget's opened files come back on the next launch: the config.json drawn as the real
model and the checkpoint of the "Checkpoint" tab.

Why: the settings kept the name of a loaded config.json ("qwen3-tiny/config.json") but not the
file, so after a relaunch "Real model" silently fell back to Llama-2-7B and the Checkpoint tab
was empty (walkthrough s12 P7). Now their paths are kept too and read again at start, by the
same background reader and rules as a file opened by hand (regular files only, byte caps; a
FIFO or a huge file never blocks the window). A file that cannot be read any more (moved,
deleted, now a FIFO or malformed) is said in one line, in the status bar and under the real
model's buttons, and the tab keeps its fallback; the next save forgets the path.
"""

from __future__ import annotations

import os
from pathlib import Path
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSettings

from gatelab.ui.budget_loader import BudgetFileLoader

#: reader kind → settings key (inside the panel's group)
FILE_KEYS = {"config": "config_file", "safetensors": "checkpoint_file"}
COMPARED_KEY = "checkpoint_compared"  # the model the checkpoint shown was compared with
MAX_PATH = 4096  # a longer remembered path is garbage, not a file
NOTE_STYLE = "color: #a05a00;"


def checked_path(value: object) -> str:
    """A remembered path worth trying: an absolute path of sane length, else ""."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_PATH or "\x00" in value:
        return ""
    return value if os.path.isabs(value) else ""


class BudgetReopenMixin:
    """Remembers and reopens the panel's files; comes before ``BudgetFilesMixin`` (it wraps its
    result handlers) and the settings mixin (it extends ``save/restore_settings``)."""

    load_note: Any
    lower_tabs: Any
    status_changed: Any

    # provided by BudgetFilesMixin, BudgetPanel and QWidget (annotations, not stub defs: see
    # budget_load.py on lupdate and a def nested in an if)
    tr: Callable[[str], str]
    compare_name: Callable[[], str]
    select_model: Callable[[str], None]
    file_loader: Callable[[], BudgetFileLoader]
    load_config: Callable[[str | Path], int]
    load_safetensors: Callable[[str | Path], int]

    def _reopen_memory(self) -> dict[str, Any]:
        """This mixin's state, made on first use (the panel's __init__ stays as it is): the
        config.json path of each model loaded from a file, the checkpoint shown, the reopen
        requests in flight (ticket → (kind, path, the real model chosen then)) and the lines
        said about files not reopened."""
        memory: dict[str, Any] | None = getattr(self, "_reopen_state", None)
        if memory is None:
            memory = self._reopen_state = {"configs": {}, "checkpoint": "", "pending": {},
                                         "problems": [], "config_lost": False,
                                         "reopening": False, "compared": None,
                                         "compared_now": ""}
        return memory

    def opened_files(self) -> dict[str, str]:
        """kind → path of the file to reopen: the config.json of the real model drawn (when it
        came from a file) and the checkpoint shown; a reopen still in flight counts."""
        memory = self._reopen_memory()
        out = {"config": memory["configs"].get(self.compare_name(), ""),
               "safetensors": memory["checkpoint"]}
        for kind, path, _chosen in memory["pending"].values():
            out[kind] = out[kind] or path
        return {kind: path for kind, path in out.items() if path}

    def save_settings(self, settings: QSettings) -> None:
        super().save_settings(settings)  # type: ignore[misc]
        files = self.opened_files()
        for kind, key in FILE_KEYS.items():
            settings.setValue(key, files.get(kind, ""))
        compared = self._reopen_memory()["compared"]
        if compared is None:  # not known (settings from before the key): stay unknown
            settings.remove(COMPARED_KEY)
        else:
            settings.setValue(COMPARED_KEY, compared if "safetensors" in files else "")

    def restore_settings(self, settings: QSettings) -> None:
        super().restore_settings(settings)  # type: ignore[misc]
        compared = settings.value(COMPARED_KEY, None)
        self._reopen_memory()["compared"] = compared if isinstance(compared, str) else None
        self.reopen({kind: checked_path(settings.value(key, "")) for kind, key in
                     FILE_KEYS.items()})

    def reopen(self, files: dict[str, str]) -> None:
        """Read ``files`` (kind → path, "" for none) again in the background, the config.json
        first: a checkpoint without one beside it is compared with the real model."""
        memory = self._reopen_memory()
        for kind in FILE_KEYS:  # config before safetensors: the loader keeps the order
            path = files.get(kind, "")
            if path:
                load = self.load_config if kind == "config" else self.load_safetensors
                memory["pending"][load(path)] = (kind, path, self.compare_name())

    # -- results: BudgetFilesMixin's handlers, wrapped ------------------------------------------
    def _on_file_done(self, ticket: int, kind: str, path: str, result: object,
                      error: str) -> None:
        request = self._reopen_memory()["pending"].pop(ticket, None)
        if request is None:  # a file opened by hand
            super()._on_file_done(ticket, kind, path, result, error)  # type: ignore[misc]
            return
        memory = self._reopen_memory()
        if result is None:  # no dialog at start-up: one line, and the fallback stays
            memory["config_lost"] = memory["config_lost"] or kind == "config"
            self._not_reopened(path, error)
            self.file_loader().result_applied.emit(kind, path, False)
            return
        tab, chosen_now = self.lower_tabs.currentIndex(), self.compare_name()
        memory["reopening"] = True
        try:
            super()._on_file_done(ticket, kind, path, result, error)  # type: ignore[misc]
        finally:
            memory["reopening"] = False
        self.lower_tabs.setCurrentIndex(tab)  # the tab shown when the window closed
        if kind == "config" and chosen_now != request[2]:
            self.select_model(chosen_now)  # picked meanwhile: the user's choice wins
        problems = memory["problems"]
        if problems and not self.load_note.isHidden():  # a file read after one that was not
            self.status_changed.emit(problems[-1])  # (its own line hid the failure there)

    def _apply_config(self, p: Path, result: object, error: str) -> bool:
        ok: bool = super()._apply_config(p, result, error)  # type: ignore[misc]
        if ok:  # the loaded model is the one selected now
            self._reopen_memory()["configs"][self.compare_name()] = os.path.abspath(p)
        return ok

    def checkpoint_fallback(self) -> str:
        """A reopened checkpoint is compared with the model it was compared with when the window
        closed, and only while that model is selected again: not with the fallback preset that
        replaced a config.json gone since, which painted every part red (re-walk s12 N2), nor
        at the launch after, when that preset had been saved as the selection (re-walk s13 N1).
        Settings from before ``COMPARED_KEY``: the selection, unless its config.json was lost."""
        memory = self._reopen_memory()
        selected: str = super().checkpoint_fallback()  # type: ignore[misc]
        wanted = memory["compared"]
        if not memory["reopening"]:
            name = selected
        elif wanted is None:
            name = "" if memory["config_lost"] else selected
        else:
            name = selected if wanted and wanted == selected else ""
        memory["compared_now"] = name
        return name

    def _apply_checkpoint(self, p: Path, result: object, error: str) -> bool:
        memory = self._reopen_memory()
        memory["compared_now"] = ""  # stays "" where a config.json beside it is compared
        ok: bool = super()._apply_checkpoint(p, result, error)  # type: ignore[misc]
        if ok:
            memory["checkpoint"], memory["compared"] = os.path.abspath(p), memory["compared_now"]
        return ok

    def _not_reopened(self, path: str, error: str) -> None:
        """One line, in the status bar and under the real model's buttons (beside an earlier
        one: the config.json and the checkpoint may both be gone)."""
        reason = error  # the whole path: every model's file is named config.json
        if path not in error:
            prefix = Path(path).name + ": "
            reason = f"{path}: {error[len(prefix):] if error.startswith(prefix) else error}"
        line = self.tr("Not reopened: {0}").format(reason)
        self.status_changed.emit(line)
        memory = self._reopen_memory()
        if self.load_note.isHidden():  # a field changed since: the earlier line went with it
            memory["problems"] = []
        memory["problems"].append(line)
        self.load_note.setStyleSheet(NOTE_STYLE)
        self.load_note.setText("\n".join(memory["problems"]))
        self.load_note.show()
