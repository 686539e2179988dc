"""The three heatmaps of the gate plane (h, ∂h/∂g, ∂h/∂u) and everything drawn on them.

Split from the panel so the drawing (created once, updated with setImage/setPath, which is what
keeps a 512² update fast) lives apart from the controls. All maps share one GraphicsLayoutWidget,
so an update paints one viewport; "one at a time" takes the other plots out of its layout. A
click or left-drag on any map emits ``point_picked(g, u)``; arrow keys emit ``nudge_requested``. This
module draws only what ``gatelab.core.plane`` computed.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainterPath, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QHBoxLayout,
    QLayout,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gatelab.core.plane import MAP_KEYS, PlaneMaps, PlaneSpec, nice_step, snap
from gatelab.ui.gate_plane_bar import ScaleBar, scale_names
from gatelab.ui.gate_plane_image import IndexedImage, place_image, to_indices
from gatelab.ui.widgets import style_axes

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


def _titles() -> dict[str, str]:
    translate = QCoreApplication.translate
    return {
        "h": translate("GatePlaneMaps", "h  (the neuron's output)"),
        "dh_dg": translate("GatePlaneMaps", "∂h/∂g  (gradient into the gate)"),
        "dh_du": translate("GatePlaneMaps", "∂h/∂u  (gradient into u)"),
    }


_ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0),
           Qt.Key.Key_Up: (0, 1), Qt.Key.Key_Down: (0, -1)}


def arrow_nudge(ev: QKeyEvent) -> tuple[int, int, bool] | None:
    """(Δg steps, Δu steps, fine?) for an arrow key (Shift = fine), None for any other key."""
    step = _ARROWS.get(Qt.Key(ev.key()))
    if step is None:
        return None
    return step[0], step[1], bool(ev.modifiers() & Qt.KeyboardModifier.ShiftModifier)

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
        self.plot = pg.PlotItem(viewBox=self.vb)
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
        # solid 1-px outline: a dashed pen cost ≈ 1.8 ms of every 13 ms map update (measured)
        self.bands = _path_item(QColor(70, 70, 70), 1.0, Qt.PenStyle.SolidLine,
                                QColor(40, 40, 40, 45), z=5)
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
        for item in (self.bands, self.zero_lines, self.neurons, self.crosshair, self.marker):
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
        the bar's tooltip in the current language."""
        self.plot.titleLabel.item.setTextWidth(-1)  # one line again; fit_title wraps it
        self.plot.setTitle(title, color="#222", size="10pt")
        self._title_width = self.plot.titleLabel.item.boundingRect().width()
        self.bar.set_name(scale)
        self.plot.setLabel("bottom", QCoreApplication.translate(
            "GatePlaneMaps", "g  (gate pre-activation)"))
        self.plot.setLabel("left", QCoreApplication.translate(
            "GatePlaneMaps", "u  (up pre-activation)"))

    def fit_title(self, width: float) -> None:
        """The title on one line, or wrapped at ``width`` px when it is wider than that."""
        label = self.plot.titleLabel
        item = label.item
        current = item.textWidth()
        if current < 0:  # its one-line width (measured only then: no needless repaint)
            self._title_width = item.boundingRect().width()
        want = float(int(width)) if self._title_width > width + 1 else -1.0
        if want != current:
            item.setTextWidth(want)
            option = item.document().defaultTextOption()
            option.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            item.document().setDefaultTextOption(option)
            label.updateMin()
            label.resizeEvent(None)

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


class MapsWidget(pg.GraphicsLayoutWidget):
    """One graphics view for all maps: an update paints one viewport, not three."""

    nudge_requested = Signal(int, int, bool)  # direction along g and u (−1, 0, 1), fine step

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, show=False)
        self.setBackground("w")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.ci.layout.setHorizontalSpacing(4)

    def keyPressEvent(self, ev: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        nudge = arrow_nudge(ev)
        if nudge is None:
            super().keyPressEvent(ev)
            return
        ev.accept()
        self.nudge_requested.emit(*nudge)


class GatePlaneMaps(QWidget):
    """The row of maps (all three, or one); ``show_maps`` picks which."""

    point_picked = Signal(float, float)
    nudge_requested = Signal(int, int, bool)  # dg, du, fine

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        titles = _titles()
        self.widget = MapsWidget(self)
        self.widget.nudge_requested.connect(self.nudge_requested)
        self.views: dict[str, MapPlot] = {k: MapPlot(k, titles[k], self.widget) for k in MAP_KEYS}
        self._refit = QTimer(self)  # once the scene is laid out: its overheads are known then
        self._refit.setSingleShot(True)
        self._refit.timeout.connect(self._fit_size)
        for view in self.views.values():
            view.vb.point_picked.connect(self.point_picked)
            view.vb.sigResized.connect(lambda _vb: self._refit.start(0))
        self._shown: tuple[str, ...] = ()
        self._columns = 0  # maps per row as laid out (0: none yet)
        self._placing = False
        # an opt-in of the gate-plane tab: the maps may wrap onto rows of fewer columns when
        # that makes them larger (a narrow tab); see also set_fill
        self.reflow = False
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        # the heights _fit_size sets are not a minimum: fixed ones made the tab unable to
        # shrink below the size it once had (758 px tall after being 1600×1000)
        outer.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        row = QHBoxLayout()
        row.addStretch(0)
        row.addWidget(self.widget, 1)
        row.addStretch(0)
        outer.addLayout(row)
        self._below = QVBoxLayout()
        outer.addLayout(self._below)
        outer.addStretch(1)
        self._outer = outer
        self._spec: PlaneSpec | None = None
        self._outline_key: tuple | None = None
        self.show_maps(MAP_KEYS)

    @property
    def images(self) -> dict[str, pg.ImageItem]:
        return {k: v.image for k, v in self.views.items()}

    def retranslate(self) -> None:
        """Map titles and axis labels in the current language (after a language switch)."""
        titles, scales = _titles(), scale_names()
        for key, view in self.views.items():
            view.retranslate(titles[key], scales[key])

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(96, 200)

    def add_below(self, widget: QWidget) -> None:
        """Put a widget (legend, explanation) right under the maps."""
        self._below.addWidget(widget)

    def set_fill(self, widget: QWidget | None) -> None:
        """Let ``widget`` (one put below; None: none) take the height the squares leave when
        the width bounds them, instead of an empty band under it (1600×1000: ~100 px)."""
        for i in range(self._below.count()):
            w = self._below.itemAt(i).widget()
            if w is not None:
                grow = w is widget
                policy = w.sizePolicy()
                policy.setVerticalPolicy(QSizePolicy.Policy.Expanding if grow
                                         else QSizePolicy.Policy.Preferred)
                w.setSizePolicy(policy)
                self._below.setStretch(i, int(grow))
        self._outer.setStretch(1, int(widget is not None))
        self._outer.setStretch(2, int(widget is None))

    def remove_below(self, widget: QWidget) -> None:
        """Take a widget put there by ``add_below`` out again (the tab moves it elsewhere)."""
        self._below.removeWidget(widget)

    def show_maps(self, keys: tuple[str, ...], columns: int = 0) -> None:
        """Show the maps ``keys``, ``columns`` per row (0: all in one row)."""
        keys = tuple(k for k in MAP_KEYS if k in keys) or MAP_KEYS
        columns = min(columns or len(keys), len(keys))
        if (keys, columns) == (self._shown, self._columns):
            return
        layout = self.widget.ci
        for key in self._shown:
            layout.removeItem(self.views[key].plot)
            layout.removeItem(self.views[key].bar)
        for i, key in enumerate(keys):
            row, col = 2 * (i // columns), i % columns
            layout.addItem(self.views[key].plot, row=row, col=col)
            layout.addItem(self.views[key].bar, row=row + 1, col=col)
        self._shown, self._columns = keys, columns
        self._fit_size()

    def resizeEvent(self, ev: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(ev)
        self._fit_size()

    def _fit_size(self) -> None:
        """Square maps as large as the room allows, the legend and readout right under them.

        Why: the data squares are what matter, so the widget's height and width follow them;
        the height that was the column's width minus 40 px left ~100 px empty under the readout
        at 1280×800. Title, axes and colour bar overheads are measured after a layout pass.
        """
        below = 12  # the legend and the explanation under the maps stay visible
        for i in range(self._below.count()):
            w = self._below.itemAt(i).widget()
            if w is not None and not w.isHidden():
                below += (w.heightForWidth(self.width()) if w.hasHeightForWidth()
                          else w.sizeHint().height()) + self._below.spacing()
        extra_h, extra_w = self._overheads()
        count = max(len(self._shown), 1)

        def square(n: int) -> float:  # the side of a data square with n maps per row
            rows = -(-count // n)
            return min((self.width() - 2) / n - extra_w, (self.height() - below) / rows - extra_h)
        n = max(self._columns, 1)
        if self.reflow or n != count:
            best = max(range(1, count + 1), key=square) if self.reflow else count
            if best != n and self._shown and not self._placing and square(best) > square(n) + 4:
                self._placing = True  # show_maps comes back here once, with ``best``
                try:
                    self.show_maps(self._shown, best)
                finally:
                    self._placing = False
                return
        rows, side = -(-count // n), square(n)
        side = max(side, 40)
        for key in self._shown:  # a title wider than its map wraps (its width cut the row off)
            self.views[key].fit_title(side)
        height = max(120, int(rows * (side + extra_h)))
        width = max(int(n * (side + extra_w)) + 2, 200)
        if abs(height - self.widget.height()) > 1 or abs(width - self.widget.maximumWidth()) > 1:
            self.widget.setFixedHeight(height)  # a pixel either way: no endless relayout
            self.widget.setMaximumWidth(width)  # centred
        grid = self.widget.ci.layout
        for col in range(grid.columnCount()):  # equal columns: a longer title is no wider map
            grid.setColumnStretchFactor(col, 1 if col < n else 0)
            grid.setColumnPreferredWidth(col, max(side + extra_w, 0) if col < n else 0)
        for key in self._shown:
            self.views[key].align_bar()

    def _overheads(self) -> tuple[float, float]:
        """Height around one map's data square (title, axis, colour bar, margins) and width per
        column beside it (axis, spacing), as laid out now; estimates before the first layout."""
        boxes = [self.views[k].vb.size() for k in self._shown]
        if not boxes or min(b.width() for b in boxes) < 20 or min(b.height() for b in boxes) < 20:
            return 130.0, 45.0
        n = max(self._columns, 1)
        rows = -(-len(boxes) // n)
        extra_h = (self.widget.height() - rows * max(b.height() for b in boxes)) / rows
        extra_w = (self.widget.width() - sum(b.width() for b in boxes[:n])) / n
        # at least the widest axis beside a square: a squeezed row (titles wider than their
        # maps) has columns of unequal width, and the row's sum then read as a negative width
        plots = [self.views[k].plot for k in self._shown]
        beside = max(p.width() - b.width() for p, b in zip(plots, boxes, strict=True))
        return float(extra_h), max(float(extra_w), beside + self.widget.ci.layout.horizontalSpacing())

    def set_maps(self, spec: PlaneSpec, maps: PlaneMaps, zero_g: list[float], zero_u: list[float],
                 closed: list[tuple[float, float]]) -> None:
        """Redraw every map from precomputed data (levels symmetric about 0)."""
        (g0, g1), (u0, u1) = spec.g_range, spec.u_range
        rect = QRectF(g0, u0, g1 - g0, u1 - u0)
        outline_key = (spec.g_range, spec.u_range, tuple(zero_g), tuple(zero_u), tuple(closed))
        new_outlines = outline_key != self._outline_key  # same lines: keep the items untouched
        self._outline_key = outline_key
        zero = QPainterPath()
        bands = QPainterPath()
        if new_outlines:
            for g in zero_g:
                zero.moveTo(g, u0)
                zero.lineTo(g, u1)
            for u in zero_u:
                zero.moveTo(g0, u)
                zero.lineTo(g1, u)
            for a, b in closed:
                bands.addRect(QRectF(a, u0, b - a, u1 - u0))
        new_window = self._spec is None or (spec.g_range, spec.u_range) != (
            self._spec.g_range, self._spec.u_range)
        for key, view in self.views.items():
            view.show_map(getattr(maps, key), maps.levels[key], rect)
            if new_window:
                view.plot.setRange(xRange=(g0, g1), yRange=(u0, u1), padding=0)
            if new_outlines:
                view.zero_lines.setPath(zero)
                view.bands.setPath(bands)
        self._spec = spec

    def set_marker(self, g: float, u: float, inside: bool) -> None:
        """Move the marker; outside the window it is pinned to the nearest edge as a diamond."""
        spec = self._spec
        if spec is not None and not inside:  # pinned just inside the edge, so it stays whole
            (g0, g1), (u0, u1) = spec.g_range, spec.u_range
            inset_g, inset_u = 0.015 * (g1 - g0), 0.015 * (u1 - u0)
            g = min(max(g, g0 + inset_g), g1 - inset_g)
            u = min(max(u, u0 + inset_u), u1 - inset_u)
        cross = QPainterPath()
        if spec is not None:
            cross.moveTo(g, spec.u_range[0])
            cross.lineTo(g, spec.u_range[1])
            cross.moveTo(spec.g_range[0], u)
            cross.lineTo(spec.g_range[1], u)
        for view in self.views.values():
            view.set_marker(g, u, pinned=not inside)
            view.crosshair.setPath(cross)

    def set_neurons(self, pairs: np.ndarray | None) -> None:
        for view in self.views.values():
            if pairs is None or len(pairs) == 0:
                view.neurons.clear()
                view.neurons.setVisible(False)  # an empty scatter still costs a paint
            else:
                view.neurons.setData(pos=pairs)
                view.neurons.setVisible(True)
