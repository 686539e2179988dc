"""Small parts of the activation-curves tab: widgets that write negative numbers with a true
minus, and where the probe's label, the SiLU-minimum label and the y axis go."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox

from gatelab.ui.activations_names import COLOURS
from gatelab.ui.widgets import MINUS, fmt_number


class MinusSpinBox(QDoubleSpinBox):
    """A QDoubleSpinBox showing "−1.000" (U+2212) like the rest of the tab, not "-1.000";
    typing either sign is accepted."""

    def textFromValue(self, value: float) -> str:  # noqa: N802 (Qt override)
        return fmt_number(value, self.decimals())

    def valueFromText(self, text: str) -> float:  # noqa: N802 (Qt override)
        return super().valueFromText(text.replace(MINUS, "-"))

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state, _plain, pos = super().validate(text.replace(MINUS, "-"), pos)
        return state, text, pos


class ProbeLabelFormat:
    """The probe line's label ("z = −1.000"): pyqtgraph calls ``format(value=…)`` on it."""

    def format(self, value: float) -> str:
        return "z = " + fmt_number(value, 3)


def probe_label_position(legend: Any, vb: Any, z: float) -> float:
    """Where on its line (0 bottom … 1 top) the "z = …" label goes: at the top, or just under
    the legend where the line runs through the legend (top left), which hid it."""
    box = legend.mapRectToItem(vb, legend.boundingRect())
    height = vb.height()
    if height > 0 and legend.isVisible() and z <= vb.mapToView(QPointF(box.right(), 0)).x():
        return max(0.1, 1.0 - (box.bottom() + 16) / height)
    return 0.95


def curve_pair(plot: Any, name: str) -> tuple[Any, Any]:
    """The curve and the dashed derivative of activation ``name``, added to ``plot``."""
    colour = COLOURS.get(name, "#444")
    width = 1.3 if name == "gelu_tanh" else 2.5  # GELU stays visible under its twin
    return (plot.plot(pen=pg.mkPen(colour, width=width)),
            plot.plot(pen=pg.mkPen(colour, width=1.5, style=Qt.PenStyle.DashLine)))


def keep_label_inside(label: Any, vb: Any, x: float, below: float = -0.4) -> None:
    """Anchor ``label`` (a TextItem for the point at ``x``) centred on its point where it fits
    the view, else shifted along just enough to fit (a label wider than the view starts at its
    left edge). Why: at z max = 100000 the SiLU minimum sits at the left edge and "SiLU min
    −0.2785 at z = −1.2785" lost its first half there; in the 300 px plot of the window's least
    width it fitted neither centred nor starting at its point, and lost its end.

    Vertically it hangs ``below`` its point, or is lifted just enough to end at the view's
    bottom edge (at 200 % it was cut there, walkthrough s21 #8; the y range keeps it room, see
    ``room_below``, so this is for a view too short to give it)."""
    box = label.textItem.boundingRect()  # pixels: the label ignores the zoom
    width, height = box.width(), box.height()
    point = vb.mapFromView(QPointF(x, label.pos().y()))
    left = min(max(point.x() - width / 2, 0.0), max(vb.width() - width, 0.0))
    across = min(max((point.x() - left) / width, 0.0), 1.0) if width > 0 else 0.5
    down = below
    if height > 0 and 0.0 <= point.y() <= vb.height():  # its point in view: the label too
        top = min(point.y() - below * height, max(vb.height() - height, 0.0))
        down = (point.y() - top) / height
    if abs(label.anchor.x() - across) > 1e-3 or abs(label.anchor.y() - down) > 1e-3:
        label.setAnchor((across, down))


def room_below(lo: float, hi: float, y: float, need_px: float, height_px: float,
               most: float = 0.4) -> float:
    """The bottom of a y range ``lo`` … ``hi`` lowered so that ``need_px`` of a view
    ``height_px`` tall lie below ``y`` (``lo`` itself where they do already; at most ``most``
    of the view goes to them). Why: the SiLU minimum's note hangs under its dot, about 30 px,
    and the default −0.6 … 3.2 left it 23 px in a 200 % window's plot: its lower half was cut."""
    if height_px <= 0 or not lo < y < hi:
        return lo
    share = min(need_px / height_px, most)
    if y - lo >= share * (hi - lo):
        return lo
    return (y - share * hi) / (1.0 - share)


def y_view(values: list[np.ndarray], z_range: tuple[float, float]) -> tuple[float, float]:
    """The y range that shows ``values`` (the curves drawn over ``z_range``): every curve whole
    for a range mostly above 0 (3 … 8); around 0 (the default −6 … 6) the dips stay legible and
    the linear tails may leave the top."""
    if not values:
        return -1.0, 1.0
    allv = np.concatenate(values)
    allv = allv[np.isfinite(allv)]
    lo, hi = float(allv.min()), float(allv.max())
    z_lo, z_hi = z_range
    if -z_lo < (z_hi - z_lo) / 3:
        return lo, hi
    return min(lo, -0.5), max(min(hi, 0.5 * hi), 1.2)
