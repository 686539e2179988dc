"""The three heatmaps of the gate plane (h, ∂h/∂g, ∂h/∂u) and everything drawn on them.

Split from the panel so the drawing (created once, updated with setImage/setPath, which is what
keeps a 512² update fast) lives apart from the controls. All maps share one GraphicsLayoutWidget,
so an update paints one viewport; "one at a time" takes the other plots out of its layout. A
click or left-drag on any map emits ``point_picked(g, u)``; arrow keys emit ``nudge_requested``. This
module draws only what ``gatelab.core.plane`` computed; one map's items (image, colour bar,
outlines, marker) are ``gate_plane_map_plot.MapPlot``.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import shiboken6
from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (QFocusEvent, QKeyEvent, QPainter, QPainterPath, QPaintEvent, QPalette,
                           QPen, QResizeEvent)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLayout,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gatelab.core.plane import MAP_KEYS, PlaneMaps, PlaneSpec
from gatelab.ui.gate_plane_bar import scale_names
from gatelab.ui.gate_plane_map_plot import MapPlot

MIN_MAPS_WIDTH = 200  # one column of maps: axis, a legible square, the colour bar's labels


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

class MapsWidget(pg.GraphicsLayoutWidget):
    """One graphics view for all maps: an update paints one viewport, not three.

    A Tab stop (the arrow keys move the point), so it shows when it has the focus: a frame in
    the palette's highlight colour around the maps (``FOCUS_FRAME`` px, drawn over the scene's
    edge, so the maps keep their size). Without it, Tab landed on the maps invisibly.
    """

    nudge_requested = Signal(int, int, bool)  # direction along g and u (−1, 0, 1), fine step
    FOCUS_FRAME = 2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, show=False)
        self.setBackground("w")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.ci.layout.setHorizontalSpacing(4)

    def focus_frame_shown(self) -> bool:
        """Whether the next paint draws the focus frame."""
        return self.hasFocus()

    def focusInEvent(self, ev: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        super().focusInEvent(ev)
        self.viewport().update()

    def focusOutEvent(self, ev: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        super().focusOutEvent(ev)
        self.viewport().update()

    def paintEvent(self, ev: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        super().paintEvent(ev)
        if not self.focus_frame_shown():
            return
        painter = QPainter(self.viewport())
        width = self.FOCUS_FRAME
        pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), width)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        half = width / 2
        painter.drawRect(QRectF(self.viewport().rect()).adjusted(half, half, -half, -half))
        painter.end()

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
            view.vb.sigResized.connect(self._refit_soon)
            view.plot.getAxis("left").geometryChanged.connect(self._same_axes)
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
        # a Tab stop that a screen reader announced with no name at all (keyboard probe s23 D4)
        self.widget.setAccessibleName(self.tr("Gate plane maps"))
        self.widget.setAccessibleDescription(self.tr(
            "Arrow keys move the point (g, u) by 0.1, with Shift by 0.01; its exact values are "
            "listed under the maps"))
        self._refit.start(0)  # the whole texts again: cut to their symbols if too wide

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """Room for one column of maps (``MIN_MAPS_WIDTH``): at 96 px, a narrow window gave the
        maps less than one plot's axis, title and square need, and the view cut them off."""
        return QSize(MIN_MAPS_WIDTH, 200)

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
        self._same_axes()
        self._fit_size()

    def resizeEvent(self, ev: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(ev)
        self._fit_size()

    def _refit_soon(self, *_args: object) -> None:
        """A map was resized: fit the maps' size once the layout settles. A method, not a
        lambda: Qt drops a method's connection with its object, and a lambda held on and
        fired at a timer already freed while the window was being deleted (s25)."""
        if shiboken6.isValid(self._refit):
            self._refit.start(0)

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
        narrowest = self._narrowest_square()

        def fits(n: int) -> bool:  # each title, wrapped at its longest word, within its column
            return n == 1 or (self.width() - 2) / n - extra_w >= narrowest
        n = max(self._columns, 1)
        if self.reflow or n != count:
            best = (max(range(1, count + 1), key=lambda k: square(k) if fits(k) else -1e9)
                    if self.reflow else count)
            better = not fits(n) or square(best) > square(n) + 4
            if best != n and self._shown and not self._placing and better:
                self._placing = True  # show_maps comes back here once, with ``best``
                try:
                    self.show_maps(self._shown, best)
                finally:
                    self._placing = False
                return
        rows, side = -(-count // n), square(n)
        side = max(side, 40)
        # a title wider than its map shows its symbol alone, and then every map's does
        whole = all(self.views[key].title_fits(side) for key in self._shown)
        for key in self._shown:
            self.views[key].fit_texts(side, side + extra_w, whole)
        height = max(120, int(rows * (side + extra_h)))
        width = max(int(n * (side + extra_w)) + 2, MIN_MAPS_WIDTH)
        if abs(height - self.widget.height()) > 1 or abs(width - self.widget.maximumWidth()) > 1:
            self.widget.setFixedHeight(height)  # a pixel either way: no endless relayout
            self.widget.setMaximumWidth(width)  # centred
        grid = self.widget.ci.layout
        # equal columns: a longer title is no wider map. Equal least widths too: a row squeezed
        # below its preferred widths shrinks each column by its own slack, so the longest
        # title's column stayed wider (a map 4 px off square with some fonts)
        least = max(self.views[k].plot.effectiveSizeHint(Qt.SizeHint.MinimumSize).width()
                    for k in self._shown) if self._shown else 0.0
        for col in range(grid.columnCount()):
            grid.setColumnStretchFactor(col, 1 if col < n else 0)
            grid.setColumnPreferredWidth(col, max(side + extra_w, 0) if col < n else 0)
            grid.setColumnMinimumWidth(col, least if col < n else 0)
        for key in self._shown:
            self.views[key].align_bar()
        view = self.widget
        if view.ci.geometry().width() > view.width() + 1:  # the scene kept the width its
            view.resizeEvent(None)  # titles needed before they wrapped narrower: the view's again

    def _same_axes(self) -> None:
        """Every shown map's u axis as wide as the widest. Why: pyqtgraph widens an axis for
        the longest tick label it has drawn and never narrows it, so after a resize one map
        kept "−2.5"'s room and its square was 8 px narrower than its neighbours'."""
        axes = [self.views[k].plot.getAxis("left") for k in self._shown]
        widest = max((axis.textWidth for axis in axes), default=0)
        for axis in axes:
            if axis.textWidth < widest:
                axis.textWidth = widest
                axis._updateWidth()  # (pyqtgraph's own step after it widens one)

    def _narrowest_square(self) -> float:
        """The narrowest data square the shown titles allow: each title's symbol on one line
        ("∂h/∂g"; ``MapPlot.fit_title``). A column squeezed below its title pushed the row
        past the view's edge (the third map cut off at the window's minimum size)."""
        return max((self.views[key].title_width() for key in self._shown), default=0.0)

    def _overheads(self) -> tuple[float, float]:
        """Height around one map's data square (title, axis, colour bar, margins) and width per
        column beside it (axis, spacing), as laid out now; estimates before the first layout."""
        boxes = [self.views[k].vb.size() for k in self._shown]
        if not boxes or min(b.width() for b in boxes) < 20 or min(b.height() for b in boxes) < 20:
            return 130.0, 45.0
        n = max(self._columns, 1)
        rows = -(-len(boxes) // n)
        # the scene's layout, not the view: squeezed below its minimum, the layout overflows the
        # view (the third map cut off at the window's minimum size) and the view's width then
        # under-counted the overheads, so the squares never shrank to fit
        span = self.widget.ci.geometry()
        width, height = max(self.widget.width(), span.width()), max(self.widget.height(), span.height())
        extra_h = (height - rows * max(b.height() for b in boxes)) / rows
        extra_w = (width - sum(b.width() for b in boxes[:n])) / n
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
        shade: list[QRectF] = []
        if new_outlines:
            for g in zero_g:
                zero.moveTo(g, u0)
                zero.lineTo(g, u1)
            for u in zero_u:
                zero.moveTo(g0, u)
                zero.lineTo(g1, u)
            shade = [QRectF(a, u0, b - a, u1 - u0) for a, b in closed]
            for band in shade:
                bands.addRect(band)
        new_window = self._spec is None or (spec.g_range, spec.u_range) != (
            self._spec.g_range, self._spec.u_range)
        for key, view in self.views.items():
            view.show_map(getattr(maps, key), maps.levels[key], rect)
            if new_window:
                view.plot.setRange(xRange=(g0, g1), yRange=(u0, u1), padding=0)
            if new_outlines:
                view.zero_lines.setPath(zero)
                view.bands.setPath(bands)
                view.band_shade.set_rects(shade)
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
