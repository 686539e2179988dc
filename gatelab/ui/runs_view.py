"""The list of saved runs (from the GUI or ``gatelab-train``): replay, resume, delete, open folder.

Runs live as plain folders under ``gatelab.paths.runs_dir()``, so this view is only a window onto
them: it re-reads the folder on refresh, shows each run's model and final numbers, and hands the
chosen folder to the panel (replay, resume). A run whose process died reads "interrupted" (it can
be resumed); a folder that cannot be read reads "broken: why" and never hides the others; a run
folder a killed Start left empty reads "empty" and can only be deleted. Deleting asks first
(``confirm_delete`` is an attribute so tests can answer for the user), after refusing a run
another process trains (``runs_view_actions``). How the columns share the table's width lives
in ``runs_view_columns``; what is read, when, and which actions a row refuses in
``runs_view_rows``. FFN and Corpus read as the form says them ("SwiGLU"), not as ids.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QHideEvent, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (QAbstractItemView, QGridLayout, QHeaderView, QLabel, QLayout,
                               QMessageBox, QPushButton, QTableWidget, QVBoxLayout, QWidget)

from gatelab.ui.focus_frame import show_focus
from gatelab.ui.messages import message_text
# STATUS, STATUS_CHARS and elide_words are also imported from this module (tests)
from gatelab.ui.runs_view_cells import MiddleElide, NameElide, cell_pad
from gatelab.ui.runs_view_columns import (SQUEEZED, STATUS, STATUS_CHARS,  # noqa: F401
                                           STATUS_PAD, buttons_width, elide_words,
                                           fit_columns, name_least, place_buttons)
from gatelab.ui.runs_view_table import (TextWidths, keep_anchor, row_cells, show_cells,
                                        view_anchor)
from gatelab.ui.runs_view_actions import DELETE_KEY, ask_delete, delete_refusal
from gatelab.ui.runs_view_rows import (STATUS_WORDS, action_refusal,  # run_status_word: and
                                        poll_signature, read_rows, run_rows,  # from here too
                                        run_status_word)
from gatelab.ui.trainer_jobs import RunRow
from gatelab.ui.experiment_data import experiment_of
from gatelab.ui.trainer_worker import BackgroundCalls


class RunsView(QWidget):
    open_requested = Signal(str)  # replay this run's plots
    resume_requested = Signal(str)  # continue training this run
    open_experiment_requested = Signal(str)  # show the exp-… folder this run belongs to
    status_changed = Signal(str)
    deleted = Signal(str)  # this run's folder was deleted (the live page may be showing it)
    refreshed = Signal()  # the table shows the folder as read by the latest refresh()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # None asks with a dialog (``runs_view_actions.ask_delete``); tests answer for the user.
        # (Not a bound method: kept on self, it is a cycle the GC may free on a worker thread.)
        self.confirm_delete: Callable[[str], bool] | None = None
        self.open_url: Callable[[QUrl], bool] = QDesktopServices.openUrl
        self.rows: list[RunRow] = []
        # the runs folder is read off the GUI thread (a slow disk or a huge folder never freezes
        # the window); only the newest refresh's answer is shown
        self._calls = BackgroundCalls(self)
        self._calls.call_finished.connect(self._on_rows)
        self._generation = 0
        self._list_error = ""  # why the latest refresh could not list the runs folder
        self._select_after = ""
        # while the list is on screen the folder is watched (a gatelab-train run in a terminal,
        # an experiment's runs): a cheap signature of its folders' times, off the GUI thread
        self._signature: object = None  # of the folder as the shown rows were read
        self._polling = False
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._poll_folder)
        self.table = QTableWidget(0, 8)
        show_focus(self.table)
        self.table.setTabKeyNavigation(False)  # one Tab stop; the arrows pick a run
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        # every width is set by _fit_columns from the texts' advances (runs_view_table): an
        # auto-sized (ResizeToContents) column laid out all rows' text again at each cell set
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)  # Status fills what is left
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.table.setWordWrap(False)  # one line per run, elided; a wrapped cell was elided twice
        for column in SQUEEZED:  # models and corpus paths differ at both ends: keep both; a
            # run's name keeps its own last part (runs_view_cells)
            self.table.setItemDelegateForColumn(
                column, (MiddleElide if column else NameElide)(self.table))
        self._shown: list[tuple[str, list[str], list[str]]] = []  # (path, cells, tips) per row
        self._widths = TextWidths()
        self._wanted: list[int] = []  # px each column's contents want (as last shown)
        self._run_least = SQUEEZED[0]  # px that show the runs' names apart
        self.table.viewport().installEventFilter(self)  # a resized view: refit the columns
        # a double click or Return (activated: Return did nothing, keyboard walkthrough s18)
        self.table.activated.connect(lambda _index: self._on_open())
        # the Delete key asks as Delete… does (keyboard probe s23 D10: it did nothing)
        delete_key = QShortcut(DELETE_KEY, self.table)
        delete_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete_key.activated.connect(lambda: self.btn_delete.isEnabled() and self._on_delete())
        self.table.itemSelectionChanged.connect(self._update_buttons)

        self.empty = QLabel()
        self.empty.setStyleSheet("color: #666;")
        self.empty.setWordWrap(True)
        self.btn_refresh, self.btn_open, self.btn_resume = (QPushButton() for _ in range(3))
        self.btn_delete, self.btn_folder, self.btn_experiment = (QPushButton() for _ in range(3))
        self._buttons = (self.btn_refresh, self.btn_open, self.btn_resume, self.btn_delete,
                         self.btn_folder, self.btn_experiment)
        self._button_grid = QGridLayout()
        self._button_columns = 0
        self._place_buttons(len(self._buttons))
        layout = QVBoxLayout(self)
        # the least width is that of the buttons on two rows (minimumSizeHint), not the one
        # row they form when there is room: that made the trainer tab 918 px wide at least
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        layout.addLayout(self._button_grid)
        layout.addWidget(self.empty)
        layout.addWidget(self.table, 1)

        self.btn_refresh.clicked.connect(self.refresh)
        self.btn_open.clicked.connect(self._on_open)
        self.btn_resume.clicked.connect(self._on_resume)
        self.btn_delete.clicked.connect(self._on_delete)
        self.btn_folder.clicked.connect(self._on_folder)
        self.btn_experiment.clicked.connect(
            lambda: self.open_experiment_requested.emit(experiment_of(self.selected_path())))
        self.retranslate()
        self._update_buttons()

    def retranslate(self) -> None:
        """Headers, buttons, tips and the rows' status words in the current language."""
        self.headers = (self.tr("Run"), self.tr("FFN"), self.tr("Model"), self.tr("Corpus"),
                        self.tr("Steps"), self.tr("Train"), self.tr("Val"), self.tr("Status"))
        self.table.setHorizontalHeaderLabels(list(self.headers))
        tips = (self.tr("The run's folder name (experiment/run for an experiment's runs)"),
                self.tr("FFN variant"),
                self.tr("Layers, width d, intermediate m, heads; +gate: the attention output "
                        "gate is on"),
                self.tr("The text the model learned"), self.tr("Steps trained / planned"),
                self.tr("Final training loss (nats per character)"),
                self.tr("Final validation loss (nats per character)"),
                self.tr("How the run ended; hover for the whole reason"))
        for column, tip in enumerate(tips):
            self.table.horizontalHeaderItem(column).setToolTip(tip)
        self.table.setToolTip(self.tr("Double-click a run (or press Enter) to replay its plots; "
                                      "Delete asks to delete it"))
        self.table.setAccessibleName(self.tr("Saved runs"))
        self._show_empty_text()
        for button, text, tip in (
                (self.btn_refresh, self.tr("Refresh"), self.tr("Read the runs folder again")),
                (self.btn_open, self.tr("Open (replay plots)"),
                 self.tr("Show this run's curves in the Live plots tab")),
                (self.btn_resume, self.tr("Resume training"),
                 self.tr("Continue from the run's last checkpoint")),
                (self.btn_delete, self.tr("Delete…"),
                 self.tr("Delete the run folder (asks first)")),
                (self.btn_folder, self.tr("Open folder"),
                 self.tr("Show the run's files in the file manager")),
                (self.btn_experiment, self.tr("Open experiment"), self.tr(
                    "This run is part of an experiment: show the whole comparison in the "
                    "Experiment view"))):
            button.setText(text)
            button.setToolTip(tip)
        self.updateGeometry()  # new words: a new least width
        self._fit_buttons()
        if self.rows:
            self._shown = []  # every row again: the status words are in the new language
            self._show_rows(self.rows, self.selected_path())

    def _place_buttons(self, columns: int) -> None:
        place_buttons(self._button_grid, self._buttons, columns)
        self._button_columns = columns

    def _buttons_width(self, columns: int) -> int:
        return buttons_width(self._button_grid, self._buttons, columns, self.layout())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        half = -(-len(self._buttons) // 2)
        return QSize(self._buttons_width(half), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit_buttons()

    def _fit_buttons(self) -> None:
        """One row of buttons when it fits, else two (a narrow window, a long translation)."""
        n = len(self._buttons)
        columns = n if self.width() >= self._buttons_width(n) else -(-n // 2)
        if columns != self._button_columns:
            self._place_buttons(columns)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Resize and watched is self.table.viewport():
            self._fit_columns()
        return False

    def _fit_columns(self) -> None:
        """Run, Model and Corpus share what the others leave, Status its longest word whole."""
        fit_columns(self.table, self._status_least(), self._wanted, self._run_least)

    def _status_least(self) -> int:
        """Px for Status to show its longest status word whole ("interrupted", translated)."""
        metrics = self.table.fontMetrics()
        return max(metrics.horizontalAdvance(self.status_word(w)) for w in STATUS_WORDS) + STATUS_PAD

    def status_word(self, status: str) -> str:
        """A run's status (run.json's English word) in the current language."""
        return run_status_word(status)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self._poll.start()
        self._poll_folder()  # changed while hidden: up to date as soon as it is seen

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 (Qt override)
        super().hideEvent(event)
        self._poll.stop()

    # -- public --------------------------------------------------------------------------------
    def refresh(self, select: str = "") -> None:
        """Re-read the runs folder (newest first) in a helper thread; ``refreshed`` follows.
        Keeps the selected run selected, or selects ``select`` once the rows arrive."""
        self._generation += 1
        self._select_after = select or self._select_after
        self._calls.submit(str(self._generation), lambda: read_rows(run_rows))

    def list_error(self) -> str:
        """Why the latest refresh could not list the runs folder ("" when it could)."""
        return self._list_error

    def shutdown(self) -> None:
        """Wait for a refresh still reading the folder (the panel's shutdown calls this)."""
        self._poll.stop()
        self._calls.join()

    def _poll_folder(self) -> None:
        """Every POLL_MS while shown: re-read the list only if the folder changed, or a run
        shown as "running" is no longer (its writer died without a word: ``poll_signature``)."""
        if not self._polling:
            self._polling = True
            running = tuple(row.path for row in self.rows if row.status == "running")
            self._calls.submit("poll", lambda: poll_signature(running))

    def _on_poll(self, signature: object, error: str) -> None:
        self._polling = False
        if not error and signature != self._signature:
            self._signature = signature  # (not twice for one change while the rows are read)
            self.refresh()

    def _on_rows(self, tag: str, rows: object, error: str) -> None:
        if tag == "poll":
            self._on_poll(rows, error)
            return
        if tag != str(self._generation):
            return  # an older refresh answered late: a newer one is on its way
        if isinstance(rows, tuple):  # (signature, rows) from read_rows
            self._signature, rows = rows
        self._list_error = error  # shown in place of "No runs yet": the runs are not lost
        if error:
            self.status_changed.emit(self.tr("Cannot list the runs: {0}").format(error))
            rows = []
        self._show_empty_text()
        selected = self._select_after or self.selected_path()
        self._select_after = ""
        self._show_rows(list(rows) if isinstance(rows, list) else [], selected)
        self.refreshed.emit()

    def _show_empty_text(self) -> None:
        self.empty.setText(self.tr("Cannot list the runs: {0}").format(self._list_error)
                           if self._list_error else self.tr(
            "No runs yet. Press Start to train one; runs made with gatelab-train appear here too."))

    def _show_rows(self, rows: list[RunRow], selected: str) -> None:
        """Show ``rows``, setting again only the rows whose text changed (a poll while another
        process trains a run changes one row), and select the run ``selected`` names, where
        it now stands (nothing when it is gone: not whatever run took its row number)."""
        self.rows = rows
        new = [(row.path, *row_cells(row, self.status_word)) for row in rows]
        anchor = view_anchor(self.table)  # what the user looks at keeps its place
        rebuilt = show_cells(self.table, self._shown, new)
        self._shown = new
        self._wanted = self._widths.wanted(self.table, [cells for _path, cells, _tips in new])
        self._run_least = name_least(self.table.fontMetrics(), [cells[0] for _p, cells, _t in new],
                                     cell_pad(self.table))
        if rebuilt or selected != self.selected_path():
            self._reselect(selected)
        if rebuilt:
            keep_anchor(self.table, anchor, self._row_of)
        self.empty.setVisible(not self.rows)
        self._fit_columns()
        self._update_buttons()

    def _row_of(self, path: str) -> int:
        return next((i for i, row in enumerate(self.rows) if row.path == path), -1) if path else -1

    def _reselect(self, path: str) -> None:
        """Select (and make current) the row of the run at ``path``; none when it is not listed."""
        r = self._row_of(path)
        if r < 0:
            self.table.clearSelection()
            self.table.selectionModel().clearCurrentIndex()
        else:
            self.table.selectRow(r)

    def selected_path(self) -> str:
        items = self.table.selectedItems()
        return str(items[0].data(Qt.ItemDataRole.UserRole)) if items else ""

    def select_path(self, path: str) -> bool:
        if self.row_for(path) is None:
            return False
        self._reselect(path)
        return True

    def select_after_refresh(self, path: str) -> None:
        """Select ``path`` now if it is listed, else once a refresh lists it."""
        if not self.select_path(path):
            self._select_after = path

    def row_for(self, path: str) -> RunRow | None:
        return next((row for row in self.rows if row.path == path), None)

    def set_busy(self, busy: bool) -> None:
        """While training, a run cannot be resumed or deleted."""
        self._busy = busy
        self._update_buttons()

    # -- private -------------------------------------------------------------------------------
    def _update_buttons(self) -> None:
        has = bool(self.selected_path())
        busy = getattr(self, "_busy", False)
        self.btn_open.setEnabled(has)
        self.btn_folder.setEnabled(has)
        self.btn_resume.setEnabled(has and not busy)
        self.btn_delete.setEnabled(has and not busy)
        self.btn_experiment.setVisible(has and bool(experiment_of(self.selected_path())))
        self._fit_buttons()

    def _on_open(self) -> None:
        path = self.selected_path()
        if path and not self._refused(path, "open"):
            self.open_requested.emit(path)

    def _refused(self, path: str, action: str) -> bool:
        """Say why ``action`` cannot act on ``path`` (gone since the list was read: read it
        again; an empty run folder), in the status bar and a box; False when it can."""
        why = action_refusal(self.row_for(path), path, action)
        if not why:
            return False
        title = {"open": self.tr("Not replayed"), "resume": self.tr("Not resumed")}.get(
            action, self.tr("Folder not opened"))
        self.status_changed.emit(why)
        QMessageBox.warning(self, title, why)
        if not os.path.isdir(path):
            self.refresh()  # the list drops it now, not at the next poll
        return True

    def _on_resume(self) -> None:
        path = self.selected_path()
        if not path or self._refused(path, "resume"):
            return
        if not os.path.lexists(os.path.join(path, "ckpt.pt")):
            self.status_changed.emit(self.tr("{0} has no checkpoint yet (it stopped before its "
                                         "first one): training it again from step 0").format(path))
        self.resume_requested.emit(path)

    def _on_folder(self) -> None:
        path = self.selected_path()
        if path and not self._refused(path, "folder"):
            self.open_url(QUrl.fromLocalFile(path))

    def _on_delete(self) -> None:
        path = self.selected_path()
        why = delete_refusal(path) if path else ""  # trained elsewhere: say so before asking
        if why:
            self._delete_failed(why)
        ask = self.confirm_delete
        if not path or why or not (ask(path) if ask else ask_delete(self, path)):
            return
        from gatelab.core.runs import delete_run  # (imports no torch)

        try:
            target = delete_run(path)
        except (OSError, ValueError) as exc:  # started meanwhile; an empty folder still young
            self._delete_failed(message_text(exc))
            return
        if target is not None:  # a link to a run: the link went, the run it named stays
            self.status_changed.emit(self.tr("Removed the link {0}; the folder it points to was "
                                             "kept: {1}").format(path, target))
        else:
            self.status_changed.emit(self.tr("Deleted run {0}").format(path))
        self.deleted.emit(path)
        self.refresh()

    def _delete_failed(self, why: str) -> None:
        self.status_changed.emit(self.tr("Not deleted: {0}").format(why))
        QMessageBox.warning(self, self.tr("Delete failed"), why)
        self.refresh()  # a folder gone meanwhile leaves the list; one trained elsewhere: running


POLL_MS = 3000  # how often a shown list looks for changes in the runs folder
