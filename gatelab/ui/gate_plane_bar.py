"""The colour bar under each gate-plane map: as wide as the map's data square, and named.

Why: the bar filled its grid column, the room of the map's u axis included, so it started ~36 px
left of the map's plot area; and with no name the middle bar's ticks, right under
"g (gate pre-activation)", read as a second g axis. The bar now takes the map's left and right
edges (``align_to``) and its name ("h", "∂h/∂g", "∂h/∂u") stands left of it, in the room under
the u axis, so the maps keep their height.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from gatelab.ui.gate_plane_image import COLORMAP
from gatelab.ui.plot_axis import ColourBar


def scale_names() -> dict[str, str]:
    """Each map's colour bar name, by map key, in the current language."""
    translate = QCoreApplication.translate
    return {"h": translate("GatePlaneMaps", "h"),
            "dh_dg": translate("GatePlaneMaps", "∂h/∂g"),
            "dh_du": translate("GatePlaneMaps", "∂h/∂u")}


class ScaleBar(ColourBar):
    """A horizontal, non-interactive colour bar with its name on the left (``name_item``)."""

    def __init__(self) -> None:
        super().__init__(values=(-1, 1), colorMap=pg.colormap.get(COLORMAP), interactive=False,
                         width=12, orientation="horizontal")
        self.axis.setTextPen("#333")
        self.axis.setPen("#333")
        self.axis.enableAutoSIPrefix(False)  # exact tick values, never "(x0.001)"
        self.name_item = QGraphicsSimpleTextItem(self)  # a C++ item: no Python paint()
        font = self.name_item.font()
        font.setPointSizeF(8.0)
        self.name_item.setFont(font)
        self.name_item.setBrush(QColor("#333"))

    def set_name(self, name: str) -> None:
        """The bar's name and tooltip in the current language."""
        self.name_item.setText(name)
        self.setToolTip(QCoreApplication.translate(
            "GatePlaneMaps", "Colour scale of this map: blue below 0, red above, symmetric "
                             "about 0"))
        self._place_name()

    def align_to(self, plot: pg.PlotItem, box: pg.ViewBox) -> None:
        """Give the bar the left and right edges of ``box`` (the map's data square in ``plot``,
        which shares the bar's grid column)."""
        outer, inner = plot.sceneBoundingRect(), box.sceneBoundingRect()
        if inner.width() >= 20 and plot.scene() is not None:
            left, top, right, bottom = self.layout.getContentsMargins()
            want_left, want_right = inner.left() - outer.left(), outer.right() - inner.right()
            if abs(left - want_left) > 0.5 or abs(right - want_right) > 0.5:
                self.layout.setContentsMargins(want_left, top, want_right, bottom)
                self.layout.activate()
        self._place_name()

    def _place_name(self) -> None:
        """The name right-aligned in the room left of the colour strip, centred on it."""
        room = self.layout.getContentsMargins()[0]
        text = self.name_item.boundingRect()
        strip = self.vb.geometry()
        self.name_item.setPos(max(0.0, room - text.width() - 4),
                              strip.top() + (strip.height() - text.height()) / 2)


__all__ = ["ScaleBar", "scale_names"]
