"""One heatmap of the gate plane (``MapPlot``): its image, colour bar, outlines and marker.

Split from ``gate_plane_maps`` so that module keeps what concerns all maps together (the shared
view, which maps show, how large they are and how they wrap) while this one holds what one map
draws and how a click on it becomes a point (``PointViewBox``). Its texts keep the
``GatePlaneMaps`` translation context they had there, so the shipped translations still apply.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from gatelab.core.plane import nice_step, snap
from gatelab.ui.gate_plane_bar import ScaleBar, scale_names
from gatelab.ui.gate_plane_image import IndexedImage, place_image, to_indices
from gatelab.ui.plot_axis import minus_axes
from gatelab.ui.widgets import style_axes

if TYPE_CHECKING:
    from gatelab.ui.gate_plane_maps import MapsWidget


def title_symbol(title: str) -> str:
    """What a map's title or axis label names before its explanation in brackets: "∂h/∂g" of
    "∂h/∂g  (gradient into the gate)" (and of "∂h/∂g（流入门控的梯度）"); a text without
    brackets is its own symbol."""
    return re.split(r"[(（]", title, maxsplit=1)[0].strip() or title


def _marker_path(pinned: bool) -> QPainterPath:
    """A 14 px circle, or a diamond when the point lies outside the window (pinned to its edge)."""
    path = QPainterPath()
    if pinned:
        path.moveTo(0, -9)
        path.lineTo(9, 0)
        path.lineTo(0, 9)
        path.lineTo(-9, 0)
        path.closeSubpath()
    else:
        path.addEllipse(QPointF(0, 0), 7, 7)
    return path


def _path_item(colour: QColor, width: float, style: Qt.PenStyle, fill: QColor | None,
               z: float) -> QGraphicsPathItem:
    item = QGraphicsPathItem()
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    item.setPen(pen)
    if fill is not None:
        item.setBrush(fill)
    item.setZValue(z)
    return item


class BandShade(QGraphicsItem):
    """The "gate closed" bands' translucent shade over a map (their outline is a path item).

    Why an image: QPainter blended a translucent *fill* over the map at ≈ 0.5 ms per 512² map
    (1.6 ms of a 6.5 ms three-map update, measured), while a small image of the same colour
    stretched over the same rectangles takes its scaled-image path at ≈ 0.1 ms. The colours are
    the fill's (source-over of SHADE); the image is 8 px square because a 1 px one is drawn
    as a fill again."""

    SHADE = QColor(40, 40, 40, 45)

    def __init__(self) -> None:
        super().__init__()
        self._image = QImage(8, 8, QImage.Format.Format_ARGB32_Premultiplied)
        self._image.fill(self.SHADE)
        self._source = QRectF(self._image.rect())
        self._rects: list[QRectF] = []
        self._bounds = QRectF()

    def set_rects(self, rects: list[QRectF]) -> None:
        """Shade these data rectangles (the closed bands over the window) and nothing else."""
        self.prepareGeometryChange()
        self._rects = list(rects)
        self._bounds = QRectF()
        for rect in self._rects:
            self._bounds = self._bounds.united(rect)
        self.update()

    def rects(self) -> list[QRectF]:
        return list(self._rects)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return QRectF(self._bounds)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: ARG002
              widget: QWidget | None = None) -> None:  # noqa: ARG002
        for rect in self._rects:
            painter.drawImage(rect, self._image, self._source)


class PointViewBox(pg.ViewBox):
    """A ViewBox where a left click or left drag picks a point instead of panning or zooming."""

    point_picked = Signal(float, float)

    def __init__(self) -> None:
        super().__init__(enableMenu=False)
        self.setMouseEnabled(False, False)

    def mouseClickEvent(self, ev) -> None:  # noqa: N802, ANN001 (pyqtgraph override)
        if ev.button() == Qt.MouseButton.LeftButton:
            ev.accept()
            self._pick(ev.scenePos())
        else:
            ev.ignore()

    def mouseDragEvent(self, ev, axis=None) -> None:  # noqa: N802, ANN001
        if ev.button() == Qt.MouseButton.LeftButton:
            ev.accept()
            self._pick(ev.scenePos())
        else:
            ev.ignore()

    def _pick(self, scene_pos: QPointF) -> None:
        """Emit the data point under the mouse, snapped to a nice step about one pixel wide."""
        p = self.mapSceneToView(scene_pos)
        px, py = self.viewPixelSize()
        self.point_picked.emit(snap(float(p.x()), nice_step(px)), snap(float(p.y()), nice_step(py)))

    def wheelEvent(self, ev, axis=None) -> None:  # noqa: N802, ANN001
        ev.ignore()


class MapPlot:
    """One heatmap (a PlotItem in the shared scene) with its colour bar and overlays."""

    def __init__(self, key: str, title: str, widget: MapsWidget) -> None:
        self.key = key
        self.widget = widget
        self.vb = PointViewBox()
        self.vb.setAspectLocked(True)  # g and u share units: square pixels, honest slopes
        self.plot = pg.PlotItem(viewBox=self.vb, axisItems=minus_axes())  # "−5", not "-5"
        self.plot.hideButtons()
        self.plot.setMenuEnabled(False)
        style_axes(self.plot)
        # the image is drawn from uint8 colour indices made by to_indices (row-major [u, g]) and
        # the shared colour table; the float map it shows is kept in self.values, its colour
        # levels in self.levels
        self.image = IndexedImage()
        self.plot.addItem(self.image)
        self.values: np.ndarray | None = None
        self.levels: tuple[float, float] | None = None
        # under the map, not beside it: three maps side by side are width-bound at 1280 px, and
        # a bar beside each took 61 px of every column's width (the squares were 213 px with
        # ~100 px of empty height under the readout)
        self.bar = ScaleBar()  # its own left and right edges: align_bar
        self.retranslate(title, scale_names()[key])
        # outlines are plain C++ path items with cosmetic (pixel-wide) pens: no Python paint()
        # solid 1-px outline: a dashed pen cost ≈ 1.8 ms of every 13 ms map update (measured);
        # the bands' shade under it is an image (BandShade), not this path's fill
        self.bands = _path_item(QColor(70, 70, 70), 1.0, Qt.PenStyle.SolidLine, None, z=5)
        self.band_shade = BandShade()
        self.band_shade.setZValue(4.9)
        self.zero_lines = _path_item(QColor(0, 0, 0), 2.0, Qt.PenStyle.SolidLine, None, z=6)
        self.crosshair = _path_item(QColor(0, 0, 0, 110), 1.0, Qt.PenStyle.SolidLine, None, z=9)
        self.neurons = pg.ScatterPlotItem(size=5, pen=pg.mkPen(255, 255, 255, 200, width=0.8),
                                          brush=pg.mkBrush(20, 20, 20, 170))
        self.neurons.setZValue(8)
        self.neurons.setVisible(False)
        # the marker keeps its pixel size whatever the zoom (ItemIgnoresTransformations)
        self.marker = QGraphicsPathItem()
        self.marker.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.marker.setPen(QPen(QColor(0, 0, 0), 2))
        self.marker.setBrush(QColor(255, 215, 0, 230))
        self.marker.setPath(_marker_path(pinned=False))
        self.marker.setZValue(10)
        for item in (self.band_shade, self.bands, self.zero_lines, self.neurons, self.crosshair,
                     self.marker):
            self.plot.addItem(item)
        self._pinned = False
        # static text (title, axis labels, colour-bar axis) is cached as pixmaps: a map update
        # then repaints the image, not the typography
        cached = [self.plot.titleLabel.item, self.bar]
        cached += [self.bar.getAxis(name) for name in ("left", "right", "top", "bottom")]
        for name in ("left", "bottom"):
            axis = self.plot.getAxis(name)
            cached += [axis, axis.label]
        for item in cached:
            item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def retranslate(self, title: str, scale: str) -> None:
        """The title and the colour bar's name (given: they differ per map), the axis labels and
        the bar's tooltip in the current language; each text whole until ``fit_texts``."""
        self.bar.set_name(scale)
        self._texts = {"title": title,
                       "bottom": QCoreApplication.translate("GatePlaneMaps",
                                                            "g  (gate pre-activation)"),
                       "left": QCoreApplication.translate("GatePlaneMaps",
                                                          "u  (up pre-activation)")}
        self._widths: dict[str, tuple[float, float]] = {}  # (whole, symbol) one-line px
        self._shown_texts: dict[str, str] = {}
        for place, text in self._texts.items():
            symbol = self._show(place, title_symbol(text))
            self._widths[place] = (self._show(place, text), symbol)

    def _show(self, place: str, text: str) -> float:
        """Show ``text`` as the title or the ``place`` axis's label, on one line (the whole
        text in the tooltip when this is its symbol); its width in px."""
        whole = self._texts[place]
        if place == "title":
            item = self.plot.titleLabel.item
            item.setTextWidth(-1)  # one line, never wrapped
            self.plot.setTitle(text, color="#222", size="10pt")
            self.plot.titleLabel.setToolTip("" if text == whole else whole)
        else:
            self.plot.setLabel(place, text)
            item = self.plot.getAxis(place).label
            item.setToolTip("" if text == whole else whole)
        self._shown_texts[place] = text
        return float(item.boundingRect().width())

    def title_fits(self, width: float) -> bool:
        """Whether the whole title fits on one line over a map ``width`` px wide."""
        return self._widths["title"][0] <= width + 1

    def title_width(self) -> float:
        """The one-line width of the narrowest title this map can show (its symbol)."""
        return self._widths["title"][1]

    def fit_texts(self, side: float, column: float, whole_title: bool) -> None:
        """The whole title (``whole_title``: the caller decides for all maps alike) or its
        symbol alone ("∂h/∂g"); each axis label whole where it fits along the data square
        ``side`` px (the bottom one under its ``column``), else its symbol ("g", "u").

        Why not wrapped: pyqtgraph keeps a title's row 30 px high, and a title wrapped to two or
        three lines at the window's minimum size ran down into its map (at 1024 px the middle
        title's second line lay on the map's top edge); the bottom label ran under the next
        map and was cut at the view's edge. The symbols are what the colour bar and the readout
        name the maps and axes by; the whole text stays in the tooltip.
        """
        room = {"title": None, "bottom": column, "left": side + 10}
        for place, (whole_width, _symbol_width) in self._widths.items():
            fits = whole_title if place == "title" else whole_width <= room[place]
            text = self._texts[place] if fits else title_symbol(self._texts[place])
            if text != self._shown_texts.get(place):
                self._show(place, text)

    def align_bar(self) -> None:
        """The colour bar under the map's data square, edge to edge (not under its u axis)."""
        self.bar.align_to(self.plot, self.vb)

    def show_map(self, values: np.ndarray, levels: tuple[float, float], rect: QRectF) -> None:
        """Draw ``values`` [n_g, n_u] with symmetric ``levels`` over the data rectangle ``rect``
        (colour indices from ``to_indices``; ``place_image`` keeps the rect after shape changes)."""
        self.image.map_levels = levels
        place_image(self.image, to_indices(values, levels), rect)
        if levels != self.levels:
            self.bar.setLevels(levels)
        self.values, self.levels = values, levels

    def set_marker(self, g: float, u: float, pinned: bool) -> None:
        self.marker.setPos(g, u)
        if pinned != self._pinned:
            self.marker.setPath(_marker_path(pinned))
            self._pinned = pinned

    def marker_pos(self) -> tuple[float, float]:
        """Where the marker sits, in data coordinates."""
        pos = self.marker.pos()
        return float(pos.x()), float(pos.y())

    def isVisible(self) -> bool:  # noqa: N802 (reads like the Qt call it stands for)
        return self.plot.scene() is not None and self.plot.isVisible()

    def viewport(self) -> QWidget:
        return self.widget.viewport()

    def data_to_viewport(self, g: float, u: float) -> QPointF:
        """Viewport (widget) coordinates of the data point (g, u): for tests and tooltips."""
        scene = self.vb.mapViewToScene(QPointF(g, u))
        return QPointF(self.widget.mapFromScene(scene))
