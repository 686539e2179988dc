"""The Inside tab's list of saved runs, kept current while the tab is shown.

Why: the list was read only when the tab was shown, so a run that the Live trainer finished
while the learner stayed on this tab still read "running 50/300" until they left and came back
(a learner took it for a run still training, or saved by half). It now follows the runs folder
as the Runs table does (``runs_view``): every ``POLL_MS`` while shown, a cheap signature of the
folder (``poll_signature``: the folders' times and the status now of each run listed as
running) is compared with the one taken as the list was read, and the list is read again only
when it changed. A trainer's run that ends rewrites its run.json, so its entry follows within
one poll. The learner's pick is kept (``SourceBar.set_runs``); no poll runs while the list is
open in front of them.

Both reads share the panel's ``BackgroundCalls`` (its ``files``), tagged ``runs`` and
``runs-poll``; the panel hands those results to ``on_result``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from gatelab.ui.inside_source import SourceBar, saved_run_choices
from gatelab.ui.runs_view import POLL_MS
from gatelab.ui.runs_view_rows import poll_signature
from gatelab.ui.trainer_worker import BackgroundCalls

READ_TAG, POLL_TAG = "runs", "runs-poll"


class SavedRunList(QObject):
    """Reads the saved runs into ``source``'s list on ``refresh`` and, between ``start`` and
    ``stop`` (the tab shown), whenever the runs folder changes."""

    def __init__(self, source: SourceBar, calls: BackgroundCalls,
                 trainer_run: Callable[[], str], parent: QObject | None = None) -> None:
        """``trainer_run``: the folder of the run the Live trainer shows ("" for none)."""
        super().__init__(parent)
        self.source = source
        self.calls = calls
        self._trainer_run = trainer_run
        self._signature: object = None  # the folder's, as the listed rows were read
        self._running: tuple[str, ...] = ()  # the runs listed as running (asked again each poll)
        self._reading = self._again = self._polling = self._shut = False
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.poll)

    def start(self) -> None:
        """The tab is shown: read the list now (it may have changed meanwhile), then follow."""
        if not self._shut:
            self.timer.start()
            self.refresh()

    def stop(self) -> None:
        self.timer.stop()

    def shutdown(self) -> None:
        """No more reads; the panel joins ``calls``."""
        self._shut = True
        self.timer.stop()

    def refresh(self) -> None:
        """Read the list off the GUI thread; asked while a read is on its way, once more after
        it (the newer request may name another trainer run)."""
        if self._shut:
            return
        if self._reading:
            self._again = True
            return
        self._reading = True
        trainer_run, current = self._trainer_run(), self.source.unchosen_run()
        self.calls.submit(READ_TAG, lambda: saved_run_choices(trainer_run, current))

    def poll(self) -> None:
        """Every POLL_MS while shown: read the list again only if the folder changed."""
        if self._shut or self._polling or self._reading or self.source.runs.view().isVisible():
            return
        self._polling = True
        running = self._running
        self.calls.submit(POLL_TAG, lambda: poll_signature(running))

    def on_result(self, tag: str, result: object, error: str) -> bool:
        """A result of ours (True) or another's (False: the panel's to handle)."""
        if tag == POLL_TAG:
            self._polling = False
            if not self._shut and not error and result != self._signature:
                self.refresh()
            return True
        if tag != READ_TAG:
            return False
        self._reading = False
        if self._shut:
            return True
        if isinstance(result, tuple):  # (rows, the run to start on, signature, running paths)
            rows, default, self._signature, self._running = result
            self.source.set_runs(rows, default=default)
        elif error:  # the runs folder cannot be listed (a file in its place): none to offer
            self.source.set_runs([], default="")
        if self._again:
            self._again = False
            self.refresh()
        return True
