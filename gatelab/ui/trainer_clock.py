"""The run bar's time keeping: training time without pauses, and how a duration is written.

Why a module of its own: an ETA is (steps left) ÷ (steps per active second), and "active" must
leave out pauses, or the ETA counts down while nothing trains. The speed is the recent one
(``RecentRate``): a run that slowed down (another program took the cores) read "ETA 0:20" for
four minutes from its fast first steps. That arithmetic needs no Qt and is tested with a fake
clock (tests/ui/test_trainer_state.py, tests/ui/test_trainer_eta.py); ``trainer_live``'s RunBar
shows its result and ``TrainerPanel`` drives the clock from the run's state. Nothing here is
translated.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable


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


class RecentRate:
    """Steps per active second over about the last ``window_s`` seconds of training, for the ETA.

    Fed (active seconds, steps done) at every progress update. Until the samples span
    ``min_span_s`` the whole run's average stands in; a step that takes longer than the window
    (an evaluation) still counts, as the span then reaches back to the sample before it."""

    def __init__(self, window_s: float = 20.0, min_span_s: float = 2.0) -> None:
        self.window_s, self.min_span_s = window_s, min_span_s
        self._samples: deque[tuple[float, int]] = deque()

    def reset(self) -> None:
        self._samples.clear()

    def add(self, elapsed_s: float, steps_done: int) -> None:
        if self._samples and (elapsed_s < self._samples[-1][0] or steps_done < self._samples[-1][1]):
            self._samples.clear()  # a clock or counter that went back: a new run's numbers
        self._samples.append((elapsed_s, steps_done))
        while len(self._samples) > 2 and elapsed_s - self._samples[1][0] >= self.window_s:
            self._samples.popleft()  # keep one sample at or beyond the window's start

    def recent_per_s(self) -> float:
        """Units (steps, or tokens when fed tokens) per active second over the window; nan
        until the samples span ``min_span_s``."""
        if not self._samples:
            return math.nan
        (t0, n0), (t1, n1) = self._samples[0], self._samples[-1]
        if t1 - t0 < self.min_span_s or n1 < n0:
            return math.nan
        return (n1 - n0) / (t1 - t0)

    def eta(self, steps_left: int) -> float:
        """Seconds for ``steps_left`` more steps at the recent speed; nan when nothing is known."""
        if not self._samples:
            return math.nan
        t1, n1 = self._samples[-1]
        t0, n0 = self._samples[0]
        if t1 - t0 < self.min_span_s or n1 <= n0:
            t0, n0 = 0.0, 0  # too little recent history: the whole run's average
        if n1 <= n0 or t1 <= t0:
            return math.nan
        return max(0, steps_left) * (t1 - t0) / (n1 - n0)


__all__ = ["ActiveClock", "RecentRate", "format_duration"]
