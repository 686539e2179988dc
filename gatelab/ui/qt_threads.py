"""Threads that must outlive their owner: a QThread still running when its runner is shut down
or dropped is kept here, because destroying a running QThread aborts the whole process
("QThread: Destroyed while thread … is still running").

Why one module: the trainer's controller and the inside tab's task runner both wait a bounded
time on close (a window must close promptly), park what still runs, and at interpreter exit
(``finish_at_exit``) ask every parked or started thread to stop and wait for it, up to
``EXIT_WAIT_S``; one still running then is handed to Qt for good (``_keep_forever``).
"""

from __future__ import annotations

import atexit
import ctypes
import threading
import time

from PySide6.QtCore import QCoreApplication, QObject, QThread

EXIT_WAIT_S = 30.0  # how long interpreter exit waits for parked and started threads

PARKED: list[tuple[QThread, QObject]] = []
# Every started thread, until it has finished: a runner dropped with its task still running (its
# panel deleted, a late signal after shutdown) must not take the last reference with it.
STARTED: list[tuple[QThread, QObject]] = []


def keep_until_finished(thread: QThread, worker: QObject) -> None:
    """Hold ``thread`` (and its worker) from its start until it has finished."""
    STARTED[:] = [(t, w) for t, w in STARTED if not t.isFinished()]
    STARTED.append((thread, worker))


def park(thread: QThread, worker: QObject) -> None:
    """Keep a thread that did not stop within its owner's wait until it finishes."""
    PARKED.append((thread, worker))
    thread.finished.connect(lambda: PARKED.remove((thread, worker)) if (thread, worker) in PARKED
                            else None)


def _ask_to_stop(worker: QObject) -> None:
    """The worker's own stop: a trainer job's ``request_stop()``, a task's ``cancel`` event."""
    stop = getattr(worker, "request_stop", None)
    if callable(stop):
        stop()
    cancel = getattr(worker, "cancel", None)
    if isinstance(cancel, threading.Event):
        cancel.set()


def finish_at_exit(timeout_s: float | None = None) -> None:
    """Before Python frees the lists: ask every thread still running to stop and wait for it
    (at most ``EXIT_WAIT_S`` in all); one that still runs is never freed, so Qt never destroys
    it running."""
    deadline = time.monotonic() + (EXIT_WAIT_S if timeout_s is None else timeout_s)
    for thread, worker in list(PARKED) + list(STARTED):
        try:
            if thread.isFinished() or not thread.isRunning():
                continue
            _ask_to_stop(worker)
            if not thread.wait(int(max(0.0, deadline - time.monotonic()) * 1000)):
                _keep_forever(thread)
        except RuntimeError:  # its C++ object is already gone: nothing runs
            continue


def _keep_forever(thread: QThread) -> None:
    """A deliberate leak, the process is ending: PySide's exit clean-up destroys every QObject
    that Python owns (a running QThread among them: abort) and Python frees what it no longer
    references. A parent owned by Qt (the main thread's QThread object, never destroyed before
    the process ends) takes the ownership from Python, and one more reference keeps the
    wrapper; the OS then ends the thread with the process."""
    app = QCoreApplication.instance()
    if app is not None:
        thread.setParent(app.thread())
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(thread))


atexit.register(finish_at_exit)

__all__ = ["EXIT_WAIT_S", "PARKED", "STARTED", "finish_at_exit", "keep_until_finished", "park"]
