"""The one axis every plot and colour bar of the app draws its ticks with.

Why: pyqtgraph writes "-5" with an ASCII hyphen while every readout, field and table of the app
writes "−5" (U+2212, ``widgets.MINUS``), so the numbers under a plot and beside it looked like two
kinds; and a colour bar labelled every tick level that fitted, so the gate plane's ∂h/∂u bar read
"-5 -4 -3 … 5" (11 labels) beside ∂h/∂g's "−5 0 5" (walkthrough s21 #15). Plots get their axes
from ``minus_axes``; colour bars are ``ColourBar``, which labels its major ticks only.
"""

from __future__ import annotations

import math
from typing import Any

import pyqtgraph as pg

from gatelab.ui.widgets import MINUS

SIDES = ("left", "bottom", "right", "top")
END_ROOM = 16  # px a colour bar's tick label may reach past the bar's end (half of "−40" ≈ 12)


class MinusAxis(pg.AxisItem):
    """A pyqtgraph axis whose tick labels write a minus as U+2212 ("−5", "1e−05")."""

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802 (pyqtgraph override)
        return [text.replace("-", MINUS) for text in super().tickStrings(values, scale, spacing)]


def minus_axes(*sides: str) -> dict[str, MinusAxis]:
    """``axisItems`` for a PlotItem or PlotWidget: a MinusAxis on each of ``sides`` (by default
    the left and bottom ones, the sides a plot shows)."""
    return {side: MinusAxis(side) for side in sides or ("left", "bottom")}


#: A colour bar's label step: the largest of these × 10ⁿ in half its range, with the minor ticks
#: between two labels (unlabelled).
BAR_STEPS = ((5.0, 5), (4.0, 4), (2.5, 5), (2.0, 4), (1.0, 5))


def bar_step(low: float, high: float) -> tuple[float, float] | None:
    """(label step, minor tick step) for a colour bar from ``low`` to ``high``: the largest
    step of BAR_STEPS × 10ⁿ no more than half the range, so a bar symmetric about 0 reads
    "−a 0 a" (±5.98: −5 0 5; ±41.7: −40 0 40) and 0 … 100 reads "0 50 100". None for no range."""
    half = (high - low) / 2
    if not math.isfinite(half) or half <= 0:
        return None
    power = 10.0 ** math.floor(math.log10(half))  # half is 1 … 10 of these
    for lead, parts in BAR_STEPS:
        if lead * power <= half * (1 + 1e-9):
            return lead * power, lead * power / parts
    return power, power / 5  # (half < power only by rounding)


class BarAxis(MinusAxis):
    """A colour bar's scale: three labels (two or three where 0 is not the middle) at the
    ``bar_step`` spacing, the same on every bar, whatever its width."""

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:  # noqa: N802, N803 (pyqtgraph override)
        steps = bar_step(min(minVal, maxVal), max(minVal, maxVal))
        if steps is None:
            return super().tickSpacing(minVal, maxVal, size)
        return [(steps[0], 0.0), (steps[1], 0.0)]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802 (pyqtgraph override)
        """As many decimals as the step has: pyqtgraph's rounding to its power of ten wrote a
        2.5 step as "−2 0 2"."""
        step = abs(spacing * scale)
        places = next((p for p in range(7) if abs(round(step, p) - step) <= 1e-9 * step), 6)
        return ["{0:.{1}f}".format(v * scale, places).replace("-", MINUS) for v in values]


class ColourBar(pg.ColorBarItem):
    """A pyqtgraph colour bar whose four axes (its frame and its scale) are BarAxis: its scale
    labelled ``bar_step`` apart, the major ticks only. Why not pyqtgraph's spacing: it labelled
    a second level where the text fitted and added steps as a bar grew, so the gate plane's
    ∂h/∂u bar read "-5 -4 … 5" beside ∂h/∂g's "−5 0 5"."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # a label at a tick near the bar's end may reach past it by half its width ("−5" of
        # ±5.98): pyqtgraph left it out of a horizontal bar, so a symmetric bar read "0 5"
        self.axis.setStyle(maxTextLevel=0, hideOverlappingLabels=END_ROOM)

    def setAxisItems(self, axisItems: dict[str, pg.AxisItem] | None = None) -> None:  # noqa: N802, N803 (pyqtgraph override)
        """PlotItem's constructor (ColorBarItem's base) asks here for its axes: BarAxis."""
        items: dict[str, pg.AxisItem] = {side: BarAxis(side) for side in SIDES}
        items.update(axisItems or {})
        super().setAxisItems(items)


__all__ = ["BarAxis", "ColourBar", "MinusAxis", "bar_step", "minus_axes"]
