"""Ctrl-C in the terminal that launched the window closes it as File → Quit does.

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


def quit_on_interrupt(window: QWidget) -> Callable[[], None]:
    """Make SIGINT close ``window``; returns a function that puts the previous handler back
    (tests). Does nothing where SIGINT is not Python's default (ignored, or handled already)."""
    previous = signal.getsignal(signal.SIGINT)
    if previous is not signal.default_int_handler:
        return lambda: None
    timer = QTimer(window)
    timer.setInterval(POLL_MS)
    timer.timeout.connect(_idle)
    timer.start()

    def on_interrupt(_signum: int, _frame: FrameType | None) -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # a second Ctrl-C ends it at once
        print("gatelab: Ctrl-C: closing (press it again to quit at once)", file=sys.stderr)
        QTimer.singleShot(0, window.close)

    signal.signal(signal.SIGINT, on_interrupt)

    def restore() -> None:
        timer.stop()
        signal.signal(signal.SIGINT, previous)

    return restore


def _idle() -> None:
    """The timer's slot: nothing, but Python runs pending signal handlers before it returns."""
