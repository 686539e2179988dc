"""Save, open, copy and paste the whole app's state (File menu of the main window).

The envelope is checked in ``core/state_file.py``; each panel validates its own part in
``apply_state``. Applying is all-or-nothing: the window snapshots every affected panel first and,
if any panel refuses its part, puts the ones already changed back, so a bad or foreign file leaves
the current state as it was. Files are read off the GUI thread with the panels' BackgroundCalls
(a FIFO or a stalled mount must not freeze the window).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from gatelab.core.fileio import FileReadError
from gatelab.core.state_file import (
    MAX_STATE_BYTES,
    STATE_SUFFIX,
    StateDoc,
    StateError,
    dump_state,
    parse_state,
    read_state_file,
    write_state_file,
)
from gatelab.ui.export_dialog import start_folder
from gatelab.ui.message_box import warning_box
from gatelab.ui.settings_file import save_problem
from gatelab.ui.messages import message_text
from gatelab.ui.tabs import TAB_NAMES, Panel
from gatelab.ui import file_dialogs

if TYPE_CHECKING:
    from gatelab.ui.trainer_worker import BackgroundCalls


AUTOSAVE_MS = 20_000  # how often the settings are saved while the app runs
STATE_DIR_KEY = "window/state_dir"  # the folder of the last state file saved or opened
DEFAULT_STATE_NAME = "gatelab-state" + STATE_SUFFIX  # the save dialog's name at first


class StateActions:
    """Mixin for MainWindow: File → Save/Open state, Copy/Paste state."""

    panel: Callable[[str], QWidget | None]
    show_tab: Callable[[str], QWidget | None]
    current_tab_name: Callable[[], str]
    _panels: dict[str, QWidget]
    _state_calls: BackgroundCalls | None = None  # made on the first Open state

    def start_autosave(self, every_ms: int = AUTOSAVE_MS) -> None:
        """Save the settings (form, tabs, choices) every ``every_ms`` while the app runs, not
        only at a clean close: a crash or a kill -9 lost the whole session's form. About 2 ms
        a time; the timer is the window's child, so it ends with it."""
        timer = self._autosave = QTimer(self)  # type: ignore[arg-type]
        timer.setInterval(every_ms)
        timer.timeout.connect(self.save_settings)  # type: ignore[attr-defined]
        timer.start()

    def sync_settings(self) -> str:
        """Write the settings file now; the first time that fails in this session, say so in
        the status bar (the file and why). Returns why it failed, "" when it was written. Why:
        a settings file made a folder or unwritable lost the session's settings without a
        word (probe s14)."""
        settings = getattr(self, "_settings", None)
        problem = save_problem(settings) if settings is not None else ""
        if problem and not getattr(self, "_settings_unsaved", False):
            self._settings_unsaved = True
            why = {"cannot be written": self.tr("cannot be written")}.get(  # type: ignore[attr-defined]
                problem, self.tr("is not in a format gatelab can write back"))  # type: ignore[attr-defined]
            self.statusBar().showMessage(self.tr(  # type: ignore[attr-defined]
                "The settings file {0} {1}: this session's settings are not being saved"
            ).format(settings.fileName(), why))  # type: ignore[union-attr]
        return problem

    def current_state(self) -> StateDoc:
        """Every tab's state. A tab not opened yet in this session is built first (its settings
        restored, as opening it would): a Save state right after a launch held the open tab
        alone, and a class set up the day before lost its gate-plane point (walkthrough s15)."""
        tabs: dict[str, dict[str, Any]] = {}
        building = any(name not in self._panels for name in TAB_NAMES)  # ~1-2 s, once
        if building:
            QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            for name in TAB_NAMES:
                panel = self.panel(name)
                if isinstance(panel, Panel):  # the "could not be loaded" label has no state
                    tabs[name] = panel.state()
        finally:
            if building:
                QGuiApplication.restoreOverrideCursor()
        return StateDoc(self.current_tab_name(), tabs)

    def apply_state_doc(self, doc: StateDoc) -> None:
        """Apply every tab's part, or none of them: ValueError names the tab that refused, or
        says that the document holds nothing for any tab (it "opened" and changed nothing)."""
        if doc.current_tab not in TAB_NAMES and not any(name in doc.tabs for name in TAB_NAMES):
            raise StateError(self.tr("it holds no settings for any of gatelab's tabs (it names: "  # type: ignore[attr-defined]
                                     "{0})").format(", ".join(sorted(doc.tabs)[:5]) or "—"))
        done: list[tuple[Panel, dict[str, Any]]] = []
        for name in TAB_NAMES:
            part = doc.tabs.get(name)
            if part is None:
                continue
            panel = self.panel(name)
            if not isinstance(panel, Panel):
                continue
            before = panel.state()
            try:
                panel.apply_state(part)
            except ValueError as exc:
                for changed, old in reversed(done):
                    changed.apply_state(old)
                title = self.tabs.tabText(TAB_NAMES.index(name))  # type: ignore[attr-defined]
                raise StateError(f"{title}: {message_text(exc)}") from None
            done.append((panel, before))
        if doc.current_tab in TAB_NAMES:
            self.show_tab(doc.current_tab)

    # -- menu actions ------------------------------------------------------------------------
    def state_folder(self) -> str:
        """Where Save state and Open state open: the folder of the last state file saved or
        opened (kept in the settings between launches), else the home folder. They passed ""
        and opened in the working directory, the folder gatelab was started from."""
        settings = getattr(self, "_settings", None)
        return start_folder(settings.value(STATE_DIR_KEY, "") if settings is not None else "")

    def _remember_state_folder(self, path: str) -> None:
        settings = getattr(self, "_settings", None)
        if settings is not None:
            settings.setValue(STATE_DIR_KEY, os.path.dirname(os.path.abspath(path)))

    def save_state_dialog(self) -> None:
        start = os.path.join(self.state_folder(), DEFAULT_STATE_NAME)  # a name to keep or type over
        path, _ = file_dialogs.save_file_name(
            self, self.tr("Save state"), start, self.tr("gatelab state (*.gatelab)"))  # type: ignore[arg-type, attr-defined]
        if path:
            self.save_state_to(path)

    def save_state_to(self, path: str) -> bool:
        if not path.endswith(STATE_SUFFIX):
            path += STATE_SUFFIX
        try:
            write_state_file(path, self.current_state())
        except (ValueError, OSError) as exc:
            self._state_problem(self.tr("Could not save the state: {0}").format(message_text(exc)))  # type: ignore[attr-defined]
            return False
        self.statusBar().showMessage(self.tr("State saved to {0}").format(path), 8000)  # type: ignore[attr-defined]
        self._remember_state_folder(path)
        return True

    def open_state_dialog(self) -> None:
        path, _ = file_dialogs.open_file_name(
            self, self.tr("Open state"), self.state_folder(),  # type: ignore[arg-type]
            self.tr("gatelab state (*.gatelab);;All files (*)"))  # type: ignore[attr-defined]
        if path:
            self.open_state_from(path)

    def open_state_from(self, path: str) -> None:
        """Read ``path`` off the GUI thread; ``_on_state_loaded`` applies it."""
        self.statusBar().showMessage(self.tr("Reading {0}…").format(path))  # type: ignore[attr-defined]
        if self._state_calls is None:  # imported here: the runs machinery is not start-up work
            from gatelab.ui.trainer_worker import BackgroundCalls

            self._state_calls = BackgroundCalls(self)  # type: ignore[arg-type]
            self._state_calls.call_finished.connect(self._on_state_loaded)
        self._state_calls.submit(path, lambda: _read_state(path))

    def _on_state_loaded(self, path: str, doc: object, error: str) -> None:
        if error or not isinstance(doc, StateDoc):
            self._state_problem(self.tr("Could not open {0}: {1}").format(  # type: ignore[attr-defined]
                Path(path).name, error))
            return
        self._remember_state_folder(path)  # it was read: next time the dialog opens there
        self._apply_reporting(doc, self.tr("State opened from {0}").format(path))  # type: ignore[attr-defined]

    def copy_state(self) -> str:
        text = dump_state(self.current_state(), compact=True)
        QGuiApplication.clipboard().setText(text)
        self.statusBar().showMessage(self.tr("State copied to the clipboard"), 5000)  # type: ignore[attr-defined]
        return text

    def paste_state(self, text: str | None = None) -> bool:
        """Restore the state on the clipboard (or ``text``); False and a message when unusable."""
        if text is None:
            text = QGuiApplication.clipboard().text()
        if len(text) > MAX_STATE_BYTES:
            text = text[: MAX_STATE_BYTES + 1]  # parse_state refuses it by size, cheaply
        try:
            doc = parse_state(text.strip())
        except StateError as exc:
            self._state_problem(self.tr("The clipboard holds no usable state: {0}").format(  # type: ignore[attr-defined]
                message_text(exc)))
            return False
        return self._apply_reporting(doc, self.tr("State pasted"))  # type: ignore[attr-defined]

    def _apply_reporting(self, doc: StateDoc, success: str) -> bool:
        # Tabs not opened yet are built now, on the GUI thread (widgets must be): about a
        # second on a slow machine, so the pointer says the window is busy, not frozen.
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.apply_state_doc(doc)
        except ValueError as exc:
            self._state_problem(self.tr("The state was not applied; nothing changed. {0}").format(  # type: ignore[attr-defined]
                message_text(exc)))
            return False
        finally:
            QGuiApplication.restoreOverrideCursor()
        self.statusBar().showMessage(success, 8000)  # type: ignore[attr-defined]
        return True

    def _state_problem(self, text: str) -> None:
        self.statusBar().showMessage(text, 15000)  # type: ignore[attr-defined]
        self.last_state_problem = text
        # Non-modal: the message never blocks the window (or a test) waiting for a click; a
        # long file name in it wraps (it was cut at the box's edge)
        warning_box(self, self.tr("State"), text)  # type: ignore[arg-type, attr-defined]


def _read_state(path: str) -> StateDoc:
    """``read_state_file`` for the worker, a file problem raised as its path-free reason: the
    message around it ("Could not open huge.gatelab: {reason}") names the file already, and the
    worker renders the error (in the UI's language) to the string the signal carries."""
    try:
        return read_state_file(path)
    except FileReadError as exc:
        raise StateError(exc.reason) from None
