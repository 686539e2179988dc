"""How fast a run trains now, and when that is known well enough for an ETA.

Why a module of its own, in core: the trainer's run bar and ``gatelab-train``'s progress line
both show an ETA, and both got the same thing wrong. The first steps of a run are slow (torch
warms up its kernels and allocator, the throughput rose from ~480 to ~15k tokens/s over a CPU
run's first steps), so an ETA taken from them said "7:55" at step 4 of a run that took a minute.
An ETA is only given once the speed has settled: a few reports spanning a couple of seconds,
whose older and newer halves agree (the slow start is dropped until they do). From then on the
speed is the recent one (about the last ``window_s`` seconds): a run that slowed down (another
program took the cores) read "ETA 0:20" for four minutes from its fast first steps.

Plain arithmetic on (elapsed seconds, units done) pairs; no Qt, no clock of its own (the caller
passes the time, so a test feeds a fake one). Formatting the result is the caller's job.
"""

from __future__ import annotations

import math
from collections import deque


class RecentRate:
    """Units (steps, or tokens) per second over about the last ``window_s`` seconds.

    Fed (active seconds, units done) at every progress report. ``eta`` stays nan ("estimating")
    until the speed is steady (``steady``): at least ``min_reports`` reports spanning
    ``min_span_s`` seconds whose two halves' speeds differ by at most a factor ``settle_ratio``;
    while they differ, the older half (the slow start) is dropped. After ``settle_cap_s``
    seconds of reports the speed counts as steady anyway (a jittery machine still gets an ETA).
    ``recent_per_s`` needs only the ``min_span_s`` span (the speed shown beside the ETA).

    A step that takes longer than the window (an evaluation) still counts, as the span then
    reaches back to the sample before it."""

    def __init__(self, window_s: float = 20.0, min_span_s: float = 2.0, min_reports: int = 4,
                 settle_ratio: float = 1.3, settle_cap_s: float = 20.0) -> None:
        self.window_s, self.min_span_s = window_s, min_span_s
        self.min_reports, self.settle_ratio, self.settle_cap_s = min_reports, settle_ratio, settle_cap_s
        self._samples: deque[tuple[float, int]] = deque()
        self._first: float | None = None  # the first report's time since the last reset
        self._steady = False

    def reset(self) -> None:
        self._samples.clear()
        self._first, self._steady = None, False

    def add(self, elapsed_s: float, done: int) -> None:
        """One report: ``elapsed_s`` active seconds, ``done`` units done (both only grow)."""
        if self._samples and (elapsed_s < self._samples[-1][0] or done < self._samples[-1][1]):
            self.reset()  # a clock or counter that went back: a new run's numbers
        if self._first is None:
            self._first = elapsed_s
        self._samples.append((elapsed_s, done))
        while len(self._samples) > 2 and elapsed_s - self._samples[1][0] >= self.window_s:
            self._samples.popleft()  # keep one sample at or beyond the window's start
        if not self._steady:
            self._settle()

    @property
    def steady(self) -> bool:
        """Whether the speed has settled, so that ``eta`` gives a number."""
        return self._steady

    def _settle(self) -> None:
        """Declare the speed steady, or drop the slow (or fast) start that keeps it from it."""
        samples = self._samples
        (t0, n0), (t1, n1) = samples[0], samples[-1]
        if n1 > n0 and t1 > t0 and t1 - (self._first or 0.0) >= self.settle_cap_s:
            self._steady = True
            return
        if len(samples) < max(3, self.min_reports) or t1 - t0 < self.min_span_s:
            return
        middle = min(range(1, len(samples) - 1), key=lambda i: abs(samples[i][0] - (t0 + t1) / 2))
        tm, nm = samples[middle]
        older, newer = _speed(t0, n0, tm, nm), _speed(tm, nm, t1, n1)
        if older > 0 and newer > 0 and max(older, newer) <= self.settle_ratio * min(older, newer):
            self._steady = True
            return
        for _ in range(middle):  # not settled yet: the next check starts from the middle
            samples.popleft()

    def recent_per_s(self) -> float:
        """Units per second over the window; nan until the samples span ``min_span_s``."""
        if not self._samples:
            return math.nan
        (t0, n0), (t1, n1) = self._samples[0], self._samples[-1]
        if t1 - t0 < self.min_span_s or n1 < n0:
            return math.nan
        return (n1 - n0) / (t1 - t0)

    def eta(self, left: int) -> float:
        """Seconds for ``left`` more units at the recent speed; nan while it is not steady
        (0 when nothing is left: a run's last report)."""
        if left <= 0:
            return 0.0
        if not self._steady:
            return math.nan
        (t0, n0), (t1, n1) = self._samples[0], self._samples[-1]
        if n1 <= n0 or t1 <= t0:
            return math.nan
        return left * (t1 - t0) / (n1 - n0)


def _speed(t0: float, n0: int, t1: float, n1: int) -> float:
    return (n1 - n0) / (t1 - t0) if t1 > t0 else 0.0


__all__ = ["RecentRate"]
