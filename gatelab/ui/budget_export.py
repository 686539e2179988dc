"""The budget's "Export charts as PNG…" picture: both charts with their titles, slide-sized.

Why: the button saved ``charts.grab()``, the charts at their screen size (651×419 at 1280 px:
small and blurry on a projector, walkthrough s12 P8). Here the picture follows the plot cards'
export rules (``plot_card_export``): at least MIN_EXPORT_WIDTH pixels wide, twice the screen's
pixels where that is more (``export_width``), and a widget narrower than EXPORT_LOGICAL_WIDTH
is laid out at that width first (``export_layout_size``), so its text is drawn at most about
twice its screen size rather than blown up to fill the width. The widgets are painted at that
scale (an image whose device pixel ratio is the scale), so text and bars are sharp, not an
enlarged screenshot. The layout is put back before anything is painted on screen.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QSize, QSizeF
from PySide6.QtGui import QImage, QPainter, QPalette
from PySide6.QtWidgets import QGraphicsView, QGraphicsWidget, QWidget

from gatelab.ui.plot_card_export import export_layout_size, export_width, margin_px


@contextlib.contextmanager
def _laid_out_at(widget: QWidget, size: QSize) -> Iterator[None]:
    """``widget`` at ``size`` while the picture is painted, then at its own size again."""
    old = widget.size()
    if size == old:
        yield
        return
    _resize_now(widget, size)
    try:
        yield
    finally:
        _resize_now(widget, old)


def _resize_now(widget: QWidget, size: QSize) -> None:
    """Resize and lay out at once: the plots' items (an axis grown for a wrapped title) re-flow
    on posted layout requests, which the event loop would only run after the picture was
    painted. Only theirs: a request of the page around ``widget`` would size it back."""
    widget.resize(size)
    for _ in range(3):  # a plot's layout request can post its items' requests in turn
        for view in widget.findChildren(QGraphicsView):
            for item in view.scene().items() if view.scene() is not None else ():
                if isinstance(item, QGraphicsWidget):
                    QCoreApplication.sendPostedEvents(item, QEvent.Type.LayoutRequest)


def widget_image(widget: QWidget, height_at: Callable[[int], int] | None = None) -> QImage:
    """``widget`` painted ``export_width`` px wide on its background. A narrow one is laid out
    at EXPORT_LOGICAL_WIDTH, ``height_at(that width)`` px tall (by default the height in
    proportion; at the wider width its titles wrap less, and charts drawn taller in proportion
    had rows ~5 lines apart)."""
    width = export_width(widget.width(), widget.devicePixelRatioF())  # from its screen size
    logical = export_layout_size(QSizeF(widget.size())).toSize()
    if height_at is not None and logical != widget.size():
        logical.setHeight(height_at(logical.width()))
    with _laid_out_at(widget, logical):
        scale = width / max(widget.width(), 1)
        edge = margin_px(scale)  # background around it (its title began at x = 0, s21 #14)
        image = QImage(width + 2 * edge, math.ceil(widget.height() * scale) + 2 * edge,
                       QImage.Format.Format_ARGB32)
        image.setDevicePixelRatio(scale)
        image.fill(widget.palette().color(QPalette.ColorRole.Window))
        painter = QPainter(image)
        try:
            painter.translate(edge / scale, edge / scale)  # logical px: the image's ratio
            widget.render(painter, QPoint(0, 0))
        finally:
            painter.end()
    return image
