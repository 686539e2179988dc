"""The run bar's time keeping: training time without pauses, and how a duration is written.

Why a module of its own: an ETA is (steps left) ÷ (steps per active second), and "active" must
leave out pauses, or the ETA counts down while nothing trains. The speed, and when it has settled
enough for an ETA, is ``core.progress_rate.RecentRate`` (shared with ``gatelab-train``'s progress
line; re-exported here, its old home). The arithmetic needs no Qt and is tested with a fake
clock (tests/core/test_progress_rate.py, tests/ui/test_trainer_eta.py); ``trainer_live``'s
RunBar shows its result and ``TrainerPanel`` drives the clock from the run's state. Nothing here
is translated.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gatelab.core.progress_rate import RecentRate


def format_duration(seconds: float) -> str:
    """``seconds`` as M:SS, or H:MM:SS from an hour on (the ETA; a negative one reads 0:00)."""
    seconds = max(0, int(round(seconds)))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return "{0}:{1:02d}:{2:02d}".format(h, m, s) if h else "{0}:{1:02d}".format(m, s)


class ActiveClock:
    """Seconds spent training, leaving out pauses, so an ETA never counts down while paused."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._start: float | None = None
        self._paused_at: float | None = None
        self._paused_s = 0.0

    def start(self) -> None:
        """Start counting now (a pause in force stays in force)."""
        now = self._clock()
        self._start, self._paused_s = now, 0.0
        if self._paused_at is not None:
            self._paused_at = now

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self._clock()

    def resume(self) -> None:
        if self._paused_at is not None:
            self._paused_s += self._clock() - self._paused_at
            self._paused_at = None

    def reset(self) -> None:
        self._start, self._paused_at, self._paused_s = None, None, 0.0

    def elapsed(self) -> float:
        if self._start is None:
            return 0.0
        now = self._paused_at if self._paused_at is not None else self._clock()
        return max(0.0, now - self._start - self._paused_s)


__all__ = ["ActiveClock", "RecentRate", "format_duration"]
