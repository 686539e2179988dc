"""The three heatmaps of the gate plane (h, ∂h/∂g, ∂h/∂u) and everything drawn on them.

Split from the panel so the drawing (created once, updated with setImage/setData, which is what
keeps a 512² update fast) lives apart from the controls. Each map is its own small
GraphicsLayoutWidget, so "one at a time" simply hides the other two widgets. A click or left-drag
on any map emits ``sig_point(g, u)``; arrow keys emit ``sig_nudge(dg, du)``. This module draws
only what ``gatelab.core.plane`` computed.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QWidget

from gatelab.core.plane import MAP_KEYS, PlaneMaps, PlaneSpec, nice_step, snap
from gatelab.ui.widgets import style_axes

_T = "GatePlaneMaps"
COLORMAP = "CET-D1A"  # blue–white–red, perceptually uniform, white at the centre (0)
_BAND_POOL = 6  # at most this many "gate closed" intervals are drawn (real variants need ≤ 2)


def _titles() -> dict[str, str]:
    tr = QCoreApplication.translate
    return {
        "h": tr(_T, "h  (the neuron's output)"),
        "dh_dg": tr(_T, "∂h/∂g  (gradient into the gate)"),
        "dh_du": tr(_T, "∂h/∂u  (gradient into u)"),
    }


class PointViewBox(pg.ViewBox):
    """A ViewBox where a left click or left drag picks a point instead of panning or zooming."""

    sig_picked = Signal(float, float)

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
        self.sig_picked.emit(snap(float(p.x()), nice_step(px)), snap(float(p.y()), nice_step(py)))

    def wheelEvent(self, ev, axis=None) -> None:  # noqa: N802, ANN001
        ev.ignore()


class MapView(pg.GraphicsLayoutWidget):
    """One heatmap with its colour bar, h = 0 lines, closed-gate bands, marker and neurons."""

    sig_nudge = Signal(int, int)  # direction along g and u (−1, 0, 1)
    sig_fine_nudge = Signal(int, int)

    def __init__(self, key: str, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent, show=False)
        self.key = key
        self.setBackground("w")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.vb = PointViewBox()
        self.plot = self.addPlot(viewBox=self.vb)
        self.plot.setTitle(title, color="#222", size="10pt")
        self.plot.setLabel("bottom", QCoreApplication.translate(_T, "g  (gate pre-activation)"))
        self.plot.setLabel("left", QCoreApplication.translate(_T, "u  (up pre-activation)"))
        self.plot.hideButtons()
        self.plot.setMenuEnabled(False)
        style_axes(self.plot)
        self.image = pg.ImageItem(axisOrder="col-major")
        self.plot.addItem(self.image)
        self.bar = pg.ColorBarItem(values=(-1, 1), colorMap=pg.colormap.get(COLORMAP),
                                   interactive=False, width=14)
        self.bar.setImageItem(self.image)
        self.addItem(self.bar, row=0, col=1)
        self.bar.axis.setTextPen("#333")
        self.bar.axis.setPen("#333")
        self.bands: list[pg.LinearRegionItem] = []
        for _ in range(_BAND_POOL):
            band = pg.LinearRegionItem(
                movable=False, brush=pg.mkBrush(40, 40, 40, 45),
                pen=pg.mkPen("#333", width=1.2, style=Qt.PenStyle.DashLine))
            band.setZValue(5)
            band.setVisible(False)
            self.plot.addItem(band)
            self.bands.append(band)
        self.zero_curve = pg.PlotCurveItem(pen=pg.mkPen("k", width=2), connect="finite")
        self.zero_curve.setZValue(6)
        self.plot.addItem(self.zero_curve)
        self.neurons = pg.ScatterPlotItem(size=5, pen=pg.mkPen(255, 255, 255, 200, width=0.8),
                                          brush=pg.mkBrush(20, 20, 20, 170))
        self.neurons.setZValue(8)
        self.plot.addItem(self.neurons)
        self.cross_g = pg.InfiniteLine(angle=90, pen=pg.mkPen(0, 0, 0, 110, width=1))
        self.cross_u = pg.InfiniteLine(angle=0, pen=pg.mkPen(0, 0, 0, 110, width=1))
        for line in (self.cross_g, self.cross_u):
            line.setZValue(9)
            self.plot.addItem(line)
        self.marker = pg.ScatterPlotItem(size=14, pen=pg.mkPen("k", width=2),
                                         brush=pg.mkBrush(255, 215, 0, 230))
        self.marker.setZValue(10)
        self.plot.addItem(self.marker)

    def keyPressEvent(self, ev: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        steps = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0),
                 Qt.Key.Key_Up: (0, 1), Qt.Key.Key_Down: (0, -1)}
        step = steps.get(Qt.Key(ev.key()))
        if step is None:
            super().keyPressEvent(ev)
            return
        ev.accept()
        if ev.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.sig_fine_nudge.emit(*step)
        else:
            self.sig_nudge.emit(*step)

    def data_to_viewport(self, g: float, u: float) -> QPointF:
        """Widget (viewport) coordinates of the data point (g, u): for tests and tooltips."""
        scene = self.vb.mapViewToScene(QPointF(g, u))
        return QPointF(self.mapFromScene(scene))


class GatePlaneMaps(QWidget):
    """The row of three maps; ``show_maps`` picks which are visible."""

    sig_point = Signal(float, float)
    sig_nudge = Signal(int, int, bool)  # dg, du, fine

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        titles = _titles()
        self.views: dict[str, MapView] = {k: MapView(k, titles[k], self) for k in MAP_KEYS}
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        for view in self.views.values():
            view.vb.sig_picked.connect(self.sig_point)
            view.sig_nudge.connect(lambda dg, du: self.sig_nudge.emit(dg, du, False))
            view.sig_fine_nudge.connect(lambda dg, du: self.sig_nudge.emit(dg, du, True))
            lay.addWidget(view, 1)
        self._spec: PlaneSpec | None = None

    @property
    def images(self) -> dict[str, pg.ImageItem]:
        return {k: v.image for k, v in self.views.items()}

    def show_maps(self, keys: tuple[str, ...]) -> None:
        for k, view in self.views.items():
            view.setVisible(k in keys)

    def set_maps(self, spec: PlaneSpec, maps: PlaneMaps, zero_g: list[float], zero_u: list[float],
                 closed: list[tuple[float, float]]) -> None:
        """Redraw every map from precomputed data (levels symmetric about 0)."""
        (g0, g1), (u0, u1) = spec.g_range, spec.u_range
        rect = QRectF(g0, u0, g1 - g0, u1 - u0)
        xs: list[float] = []
        ys: list[float] = []
        for g in zero_g:
            xs += [g, g, np.nan]
            ys += [u0, u1, np.nan]
        for u in zero_u:
            xs += [g0, g1, np.nan]
            ys += [u, u, np.nan]
        zx, zy = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
        for key, view in self.views.items():
            lo, hi = maps.levels[key]
            view.image.setImage(getattr(maps, key), autoLevels=False)
            view.image.setLevels((lo, hi))  # after setImage: the first call defers levels
            view.bar.setLevels((lo, hi), update_items=False)
            if self._spec is None or (spec.g_range, spec.u_range) != (
                    self._spec.g_range, self._spec.u_range):
                view.image.setRect(rect)
                view.plot.setRange(xRange=(g0, g1), yRange=(u0, u1), padding=0)
            view.zero_curve.setData(zx, zy)
            for i, band in enumerate(view.bands):
                if i < len(closed):
                    band.setRegion(closed[i])
                    band.setVisible(True)
                else:
                    band.setVisible(False)
        self._spec = spec

    def set_marker(self, g: float, u: float, inside: bool) -> None:
        """Move the marker; outside the window it is pinned to the nearest edge as a diamond."""
        spec = self._spec
        if spec is not None and not inside:
            g = min(max(g, spec.g_range[0]), spec.g_range[1])
            u = min(max(u, spec.u_range[0]), spec.u_range[1])
        symbol = "o" if inside else "d"
        for view in self.views.values():
            view.marker.setData([g], [u], symbol=symbol)
            view.cross_g.setValue(g)
            view.cross_u.setValue(u)

    def set_neurons(self, pairs: np.ndarray | None) -> None:
        for view in self.views.values():
            if pairs is None or len(pairs) == 0:
                view.neurons.clear()
            else:
                view.neurons.setData(pos=pairs)
