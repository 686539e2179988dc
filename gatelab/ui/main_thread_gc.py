"""Python's cyclic garbage collector, run in the GUI thread only.

Why: Python collects reference cycles in whichever thread happens to allocate when a threshold
is passed. When that was a worker thread (the Inside tab's loader, the trainer) and the garbage
held Qt objects, their destructors ran there: ~QObject took one of Qt's pooled signal-slot
mutexes and then waited for the GIL (a PySide override check), while the GUI thread, holding
the GIL, was deleting widgets and waited for the same mutex. The app hung for good (seen in the
test suite: a worker in ``AutoConfig.from_pretrained``, the main thread in ``QMenu::~QMenu``).
So the automatic collector is switched off, and a timer in the GUI thread collects what it would
have collected, by the same thresholds: cycles are still freed, always where Qt wants them.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500  # how often the GUI thread checks the collector's counts


def collect_due() -> int | None:
    """Collect the oldest generation whose count passed its threshold, as the automatic collector
    would have (gc.get_count / gc.get_threshold); returns that generation, None when none is
    due. Cheap when nothing is due: two small tuples."""
    counts, limits = gc.get_count(), gc.get_threshold()
    due = None
    for generation in range(3):
        if counts[generation] > limits[generation]:
            due = generation
        else:
            break
    if due is not None:
        gc.collect(due)
    return due


class MainThreadGC(QObject):
    """While it lives (a child of the application), cycles are collected in the GUI thread
    only; ``stop`` gives the automatic collector back."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self._was_enabled = gc.isenabled()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(collect_due)
        self.timer.start(interval_ms)

    def stop(self) -> None:
        self.timer.stop()
        if self._was_enabled:
            gc.enable()


__all__ = ["INTERVAL_MS", "MainThreadGC", "collect_due"]
