"""Drawing helpers of the gates view: thousands of shaded dots, and readouts that repaint alone.

Split from inside_gates so the view's logic and its fast drawing items live apart; see
docs/BENCHMARKS.md ("Inside the model") for why each exists.
"""

from __future__ import annotations

import html

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from gatelab.ui.inside_text import StaticLabel
from gatelab.ui.widgets import mono_font

N_SHADES = 12
DOT_MAP = pg.colormap.get("viridis")


def _dot_pixmap(colour: QColor, size: int, square: bool) -> QPixmap:
    """One antialiased dot (a circle with a light outline, or a dark-edged square)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(colour)
    painter.setPen(QPen(QColor("#111") if square else QColor(255, 255, 255, 210), 1.0))
    rect = QRectF(0.5, 0.5, size - 1.0, size - 1.0)
    if square:
        painter.drawRect(rect.adjusted(1, 1, -1, -1))
    else:
        painter.drawEllipse(rect)
    painter.end()
    return pixmap


class PointsItem(pg.GraphicsObject):
    """Many same-coloured dots drawn as one ``drawPixmapFragments`` call of a pre-rendered dot,
    the way pyqtgraph's scatter paints, without its per-spot bookkeeping on every update:
    thousands of dots update and repaint in about a millisecond."""

    def __init__(self, colour: QColor, size: int = 9, square: bool = False) -> None:
        super().__init__()
        self._pixmap = _dot_pixmap(colour, size, square)
        self._size = size
        self._xy = np.zeros((0, 2))
        self._rect = QRectF()
        try:
            from pyqtgraph.Qt import internals

            self._frags = internals.PrimitiveArray(QPainter.PixmapFragment, 10)
        except (ImportError, AttributeError):  # another pyqtgraph: one drawPixmap per dot
            self._frags = None

    def set_points(self, xy: np.ndarray, rect: QRectF) -> None:
        """Draw the rows (x, y) of ``xy``; ``rect`` bounds them (the plane's window)."""
        self.prepareGeometryChange()
        xy = np.asarray(xy, dtype=np.float64).reshape(-1, 2)
        # NaN weights give NaN dots: Qt's drawPixmapFragments crashed the app on them (s19)
        self._xy = xy[np.isfinite(xy).all(axis=1)]
        self._rect = QRectF(rect)
        self.setVisible(len(self._xy) > 0)  # nothing to draw: no paint at all
        self.update()

    def count(self) -> int:
        return len(self._xy)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return self._rect

    def paint(self, painter: QPainter, *_args: object) -> None:
        if not len(self._xy):
            return
        pts = pg.functions.transformCoordinates(painter.transform(), self._xy.T).T
        pts = np.clip(pts, -2.0**30, 2.0**30)  # (finite: set_points keeps finite rows only)
        painter.resetTransform()
        s = float(self._size)
        if self._frags is None:
            for x, y in pts:
                painter.drawPixmap(QPointF(x - s / 2, y - s / 2), self._pixmap)
            return
        self._frags.resize(len(pts))
        frags = self._frags.ndarray()
        frags[:, 0:2] = pts  # centres, in device pixels
        frags[:, 2:6] = [0.0, 0.0, s, s]  # source rect of the dot pixmap
        frags[:, 6:10] = [1.0, 1.0, 0.0, 1.0]  # scale x, scale y, rotation, opacity
        painter.drawPixmapFragments(*self._frags.drawargs(), self._pixmap)


class ShadedDots:
    """One points item per shade of |h| (stronger shades on top) and one for the dots pinned to
    the window's edge (squares)."""

    def __init__(self, plot: pg.PlotItem, z: float) -> None:
        colours = DOT_MAP.getLookupTable(0.0, 1.0, N_SHADES, alpha=False)
        self.items = [PointsItem(QColor(*map(int, c)), 9) for c in colours]
        self.pinned = PointsItem(QColor(255, 255, 255), 9, square=True)
        for i, item in enumerate(self.items + [self.pinned]):
            item.setZValue(z + i * 0.01)
            plot.addItem(item)

    def drawn(self) -> int:
        """How many dots are drawn now (all shades and the pinned ones)."""
        return sum(item.count() for item in self.items + [self.pinned])

    def set_points(self, pos: np.ndarray, shade: np.ndarray, pinned: np.ndarray,
                   rect: QRectF) -> None:
        for i, item in enumerate(self.items):
            item.set_points(pos[(shade == i) & ~pinned], rect)
        self.pinned.set_points(pos[pinned], rect)

    def clear(self) -> None:
        for item in self.items + [self.pinned]:
            item.set_points(np.zeros((0, 2)), QRectF())


class FastReadout(QWidget):
    """Labelled exact values (name: value) like widgets.ReadoutForm, with values that repaint
    alone when they change (``StaticLabel``) instead of re-laying out the tab."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setVerticalSpacing(0)
        self._values: dict[str, tuple[StaticLabel, str]] = {}
        self._captions: dict[str, QLabel] = {}

    def add_row(self, key: str, label: str) -> None:
        row = self._grid.rowCount()
        value = StaticLabel(1, self)
        value.setObjectName(f"readout-{key}")
        font = mono_font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        value.setFont(font)
        value.setStyleSheet("")
        value.setMinimumWidth(150)
        caption = QLabel(label, self)
        self._grid.addWidget(caption, row, 0)
        self._grid.addWidget(value, row, 1)
        self._values[key] = (value, "")
        self._captions[key] = caption

    def set_label(self, key: str, label: str) -> None:
        self._captions[key].setText(label)

    def set_value(self, key: str, text: str) -> None:
        label, _old = self._values[key]
        self._values[key] = (label, text)
        label.setText("<div align='right'>{0}</div>".format(html.escape(text)))

    def value_text(self, key: str) -> str:
        return self._values[key][1]
