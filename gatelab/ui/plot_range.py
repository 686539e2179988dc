"""A plot's y range that follows its data without re-laying-out the axis at every redraw.

Re-laying-out an axis (its tick text) is most of a plot's repaint cost, so the trainer's plots
keep a range with headroom and refit it only when the data leaves it, comes near an edge, or
fills too little of it (``sticky_range``).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

# |y| a plot's axis reaches at most: the range with its headroom stays finite (and inside
# pyqtgraph's own ±1e307 view limit); a larger value is drawn off the top (or bottom)
Y_LIMIT = 1e300
# the share of a kept y range at each edge that data must stay clear of: a value at the very
# edge was drawn half off the plot (the MLP share's ▲ on its tallest bar, a loss dipping to
# the bottom; walkthrough s18 P2)
Y_EDGE = 0.04


def sticky_range(current: tuple[float, float] | None, values: Iterable[np.ndarray],
                 floor: float | None = None) -> tuple[float, float] | None:
    """A y range that changes only when the data leaves it, comes within ``Y_EDGE`` of an
    edge (a floor the range starts at excepted), or fills under a third of it.

    An axis that follows every new point makes each redraw ~5× dearer; a range with 25 %
    headroom on both sides is re-fitted only a few times per run. Returns None while there is
    no finite value.

    Values are clamped to ±Y_LIMIT first: a finite 1.7e308 (a metrics.jsonl row, a diverging
    run) made ``hi + span / 4`` overflow to inf, which pyqtgraph refuses ("Cannot set range").
    """
    finite = [np.clip(v[np.isfinite(v)], -Y_LIMIT, Y_LIMIT)
              for v in (np.asarray(a, dtype=np.float64).ravel() for a in values)]
    finite = [v for v in finite if v.size]
    if not finite:
        return None
    lo = float(min(v.min() for v in finite))
    hi = float(max(v.max() for v in finite))
    if current is not None:
        c_lo, c_hi = current
        edge = Y_EDGE * (c_hi - c_lo)  # (no room kept under a floor the range starts at)
        low_ok = lo >= c_lo + edge or (floor is not None and c_lo == floor and lo >= floor)
        if low_ok and hi <= c_hi - edge and (hi - lo) >= (c_hi - c_lo) / 3:
            return current
    span = hi - lo if hi > lo else max(abs(hi), 1e-6)
    new = (lo - 0.25 * span, hi + 0.25 * span)
    if floor is not None and lo >= floor:  # (data below the floor, hostile, stays in view)
        new = (max(new[0], floor), new[1])
    return new
