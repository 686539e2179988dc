"""Index ticks (layers L0, L1, …; heads 0, 1, …) that never print on top of each other.

Why: the per-layer plots gave pyqtgraph one tick level with a label per layer, and pyqtgraph
always draws every label of the first level: 8 layers at 1024 px made the trainer's MLP-share
labels touch, and a 28-layer Hugging Face model's Inside plots printed 28 labels into each other.
Here every ``step``-th index is the first level (at most ``MOST`` labels, always drawn, never
crowded) and the others the second, which pyqtgraph draws only while they fit; a wide plot still
names every layer.
"""

from __future__ import annotations

import math

MOST = 6  # first-level labels at most: "L24" fits six times into the narrowest plot card

Ticks = list[list[tuple[float, str]]]


def index_ticks(n: int, prefix: str = "L", most: int = MOST) -> Ticks:
    """``setTicks`` levels for positions 0 … n−1 labelled ``prefix`` + index: every ``step``-th
    (0, step, 2·step, …) on the first level, the rest on the second; [[]] when ``n`` is 0."""
    if n <= 0:
        return [[]]
    step = max(1, math.ceil(n / max(most, 1)))
    major = [(float(i), prefix + str(i)) for i in range(0, n, step)]
    minor = [(float(i), prefix + str(i)) for i in range(n) if i % step]
    return [major, minor] if minor else [major]
