"""Ctrl-C in the terminal that launched the window closes it as File → Quit does (and so do
SIGTERM and SIGHUP).

Why: Python's default SIGINT handler raises ``KeyboardInterrupt`` in whichever Python slot runs
next, so a Ctrl-C aborted, say, the settings autosave half-way with a traceback and left the app
running (probe s13, finding 4). Qt's event loop runs in C++, where Python cannot run a handler
at all, so a short idle timer hands control back to Python a few times a second. The first
Ctrl-C closes the window (settings saved, a training run stopped and checkpointed); a second
one, while that close is under way, ends the process at once. A launch that inherited SIGINT as
ignored (a background job) keeps ignoring it.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from types import FrameType

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

POLL_MS = 200  # how often Python gets to run a pending signal handler


#: the stop signals that close the window gracefully, and where each is left alone: SIGINT
#: unless it is Python's own handler, SIGTERM (kill, logout, systemd, timeout) and SIGHUP (the
#: terminal closed) unless they are not the default (nohup ignores SIGHUP)
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))


def _ours(signum: int, handler: object) -> bool:
    default = signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL
    return handler == default


def quit_on_interrupt(window: QWidget) -> Callable[[], None]:
    """Make SIGINT, SIGTERM and SIGHUP close ``window`` (settings saved, a training run stopped
    and checkpointed); returns a function that puts the previous handlers back (tests). A
    signal already ignored or handled is left so. Why SIGTERM too: it killed the app at once,
    and a run training in it lost every step since its last checkpoint (probe s19 D1)."""
    previous = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    taken = [signum for signum, handler in previous.items() if _ours(signum, handler)]
    if not taken:
        return lambda: None
    timer = QTimer(window)
    timer.setInterval(POLL_MS)
    timer.timeout.connect(_idle)
    timer.start()

    def on_stop(signum: int, _frame: FrameType | None) -> None:
        signal.signal(signum, signal.SIG_DFL)  # a second one ends it at once
        if signum == signal.SIGINT:
            print("gatelab: Ctrl-C: closing (press it again to quit at once)", file=sys.stderr)
        else:
            print(f"gatelab: {signal.Signals(signum).name}: closing as File → Quit does",
                  file=sys.stderr)
        QTimer.singleShot(0, window.close)

    for signum in taken:
        signal.signal(signum, on_stop)

    def restore() -> None:
        timer.stop()
        for signum in taken:
            signal.signal(signum, previous[signum])

    return restore


def _idle() -> None:
    """The timer's slot: nothing, but Python runs pending signal handlers before it returns."""
