"""The one axis every plot and colour bar of the app draws its ticks with.

Why: pyqtgraph writes "-5" with an ASCII hyphen while every readout, field and table of the app
writes "−5" (U+2212, ``widgets.MINUS``), so the numbers under a plot and beside it looked like two
kinds; and a colour bar labelled every tick level that fitted, so the gate plane's ∂h/∂u bar read
"-5 -4 -3 … 5" (11 labels) beside ∂h/∂g's "−5 0 5" (walkthrough s21 #15). Plots get their axes
from ``minus_axes``; colour bars are ``ColourBar``, which labels its major ticks only.
"""

from __future__ import annotations

from typing import Any

import pyqtgraph as pg

from gatelab.ui.widgets import MINUS

SIDES = ("left", "bottom", "right", "top")


class MinusAxis(pg.AxisItem):
    """A pyqtgraph axis whose tick labels write a minus as U+2212 ("−5", "1e−05")."""

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802 (pyqtgraph override)
        return [text.replace("-", MINUS) for text in super().tickStrings(values, scale, spacing)]


def minus_axes(*sides: str) -> dict[str, MinusAxis]:
    """``axisItems`` for a PlotItem or PlotWidget: a MinusAxis on each of ``sides`` (by default
    the left and bottom ones, the sides a plot shows)."""
    return {side: MinusAxis(side) for side in sides or ("left", "bottom")}


class ColourBar(pg.ColorBarItem):
    """A pyqtgraph colour bar whose four axes (its frame and its scale) are MinusAxis, its
    scale labelled at its major ticks only, spaced for its values alone: the largest step of 1,
    2 or 5 × 10ⁿ that leaves 2.25 steps in the range (pyqtgraph's least), so 3 to 6 labels at
    any width (−5 0 5 for ±6, −20 0 20 for ±36). Why not pyqtgraph's: it labelled a second level
    where the text fitted and added major steps as the bar grew, so bars of a row differed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.axis.setStyle(maxTextLevel=0)
        self.axis.setTickDensity(0.0)  # the major step from the range, never from the width

    def setAxisItems(self, axisItems: dict[str, pg.AxisItem] | None = None) -> None:  # noqa: N802, N803 (pyqtgraph override)
        """PlotItem's constructor (ColorBarItem's base) asks here for its axes: MinusAxis."""
        items: dict[str, pg.AxisItem] = dict(minus_axes(*SIDES))
        items.update(axisItems or {})
        super().setAxisItems(items)


__all__ = ["ColourBar", "MinusAxis", "minus_axes"]
