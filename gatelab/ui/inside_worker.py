"""Loading, tracing and top-k searches off the GUI thread, with progress and cancel.

Why a QThread per task and not the trainer's controller: these are one-shot calls (trace a text,
search a corpus) that report a fraction done and return one result, so the runner is small. It
holds at most one task; the GUI learns of progress and of the result through queued signals, and
a cancelled task's late result is dropped. ``shutdown()`` requests the stop, then ``quit()`` and
``wait()`` for ``SHUTDOWN_WAIT_MS`` (closing the window must not freeze it: a top-k search stops
within about a second at any text size, a trace at its next progress report), and parks a thread
that still runs so Python never destroys a running QThread; at interpreter exit it is waited
for or handed to Qt (see ``qt_threads``).
"""

from __future__ import annotations

import math
import threading
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from gatelab.ui.messages import message_text
from gatelab.ui.qt_threads import keep_until_finished, park
from gatelab.ui.trainer_worker import describe_error

# fn(progress, cancel) -> result; progress(fraction in [0, 1] or (done, total), message="")
Task = Callable[[Callable[..., None], threading.Event], Any]

SHUTDOWN_WAIT_MS = 2000  # how long closing waits for a task to stop before parking it



class Cancelled(Exception):
    """Raised inside a task by its progress callback once a cancel was requested."""


def inside_error_message(exc: BaseException) -> str:
    """The core's InsideError text as it is (it is written for people), else a described error."""
    try:
        from gatelab.core.inside.errors import InsideError
    except ImportError:  # pragma: no cover (the core module always ships with the tab)
        InsideError = ()  # type: ignore[assignment,misc]  # noqa: N806
    if isinstance(exc, InsideError):  # type: ignore[arg-type]
        return message_text(exc).strip() or exc.__class__.__name__
    if isinstance(exc, MemoryError):
        return QCoreApplication.translate("InsidePanel", "out of memory: try a shorter text, bf16 "
                                          "or a smaller model")
    return describe_error(exc)


def fraction_of(args: tuple[Any, ...]) -> tuple[float, str]:
    """Accept progress(f), progress(f, text), progress(done, total) and progress(done, total, text)."""
    numbers = [a for a in args if isinstance(a, (int, float)) and not isinstance(a, bool)]
    text = message_text(next((a for a in args if isinstance(a, str)), ""))
    if len(numbers) >= 2 and numbers[1] > 0:
        frac = numbers[0] / numbers[1]
    elif numbers:
        frac = float(numbers[0])
    else:
        frac = math.nan
    return (min(max(frac, 0.0), 1.0) if math.isfinite(frac) else math.nan), text


class _Worker(QObject):
    progress_changed = Signal(float, str)
    finished = Signal(object, str, bool)  # result, error message, cancelled

    def __init__(self, task: Task, stop_on_cancel: bool) -> None:
        super().__init__()
        self._task = task
        self._stop_on_cancel = stop_on_cancel
        self.cancel = threading.Event()

    def progress(self, *args: Any) -> None:
        if self.cancel.is_set() and self._stop_on_cancel:
            raise Cancelled()
        frac, text = fraction_of(args)
        self.progress_changed.emit(frac, text)

    @Slot()
    def run(self) -> None:
        try:
            result = self._task(self.progress, self.cancel)
        except Cancelled:
            self.finished.emit(None, "", True)
            return
        except BaseException as exc:  # every failure becomes a message inline, never a crash
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            message = inside_error_message(exc)
            traceback.clear_frames(exc.__traceback__)  # frames keeping the error: no cycle
            self.finished.emit(None, message, self.cancel.is_set())  # through this worker
            return
        self.finished.emit(result, "", self.cancel.is_set())


class TaskRunner(QObject):
    """At most one background task; ``task_finished(tag, result, error, cancelled)`` in the GUI."""

    progress_changed = Signal(str, float, str)  # tag, fraction (nan: unknown), message
    task_finished = Signal(str, object, str, bool)
    busy_changed = Signal(bool)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._thread: QThread | None = None
        self._worker: _Worker | None = None
        self._tag = ""
        self._closed = False  # shut down: starts nothing more

    def is_busy(self) -> bool:
        return self._thread is not None

    def tag(self) -> str:
        return self._tag if self._thread is not None else ""

    def start(self, tag: str, task: Task, stop_on_cancel: bool = True) -> bool:
        """Run ``task`` in a new thread; False when one is still running.

        ``stop_on_cancel``: a cancel raises at the task's next progress report and its result is
        dropped; otherwise the task sees the cancel event itself and its result is delivered
        (a top-k search returns the best contexts found so far).
        """
        if self._thread is not None or self._closed:
            return False
        thread = QThread()
        thread.setObjectName(f"gatelab-inside-{self._name}")
        worker = _Worker(task, stop_on_cancel)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.progress_changed.connect(self._on_progress)
        worker.finished.connect(self._on_done)
        worker.finished.connect(thread.quit)
        self._thread, self._worker, self._tag = thread, worker, tag
        keep_until_finished(thread, worker)
        thread.start()
        self.busy_changed.emit(True)
        return True

    def cancel(self) -> None:
        """Ask the task to stop at its next progress report (its result is then dropped)."""
        if self._worker is not None:
            self._worker.cancel.set()

    def shutdown(self, timeout_ms: int = SHUTDOWN_WAIT_MS) -> None:
        """Request the stop, quit and wait (at most ``timeout_ms``, then park the thread: see the
        module docstring); idempotent, safe during teardown."""
        self._closed = True  # a late signal (a history step) must not start another task
        thread, worker = self._thread, self._worker
        if thread is None or worker is None:
            return
        worker.cancel.set()
        for signal, slot in ((worker.progress_changed, self._on_progress),
                             (worker.finished, self._on_done)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass
        thread.quit()
        if not thread.wait(timeout_ms):  # a forward pass longer than the timeout: never kill it
            park(thread, worker)
        self._thread = self._worker = None
        self.busy_changed.emit(False)

    @Slot(float, str)
    def _on_progress(self, frac: float, text: str) -> None:
        if self._worker is not None and not self._worker.cancel.is_set():
            self.progress_changed.emit(self._tag, frac, text)

    @Slot(object, str, bool)
    def _on_done(self, result: object, error: str, cancelled: bool) -> None:
        thread, tag = self._thread, self._tag
        if thread is not None:
            thread.quit()
            thread.wait()  # run() has returned; this is immediate
        self._thread = self._worker = None
        self.busy_changed.emit(False)
        self.task_finished.emit(tag, result, error, cancelled)
