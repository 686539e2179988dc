"""Titled, print-sized pictures of a plot card: what its Export… button writes as PNG or SVG.

Why: pyqtgraph's ImageExporter wrote the PlotItem at its on-screen size (a trainer card: 420×120
px, blurry on paper, and only the logical size on a HiDPI screen) and without the card's title,
a QLabel outside the plot, so an exported "loss.png" did not say what it showed. Here the PNG is
at least MIN_EXPORT_WIDTH pixels wide (twice the screen's pixels when that is more), proportions
kept, under a band that names the card's title and, where the card's owner sets it, the run; the
SVG gets the same band. The plot itself still goes through pyqtgraph's ImageExporter, whose
export mode draws scatter symbols at the image's resolution.

A card narrower than EXPORT_LOGICAL_WIDTH is laid out at that width for the export (height in
proportion) and put back at once: scaling a 195 px card (the minimum window's) to 1200 px had
blown its text up six times, a picture of huge tick labels around a small plot.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator
from pathlib import Path

import pyqtgraph as pg
import pyqtgraph.exporters as pg_exporters
from PySide6.QtCore import QBuffer, QCoreApplication, QEvent, QIODevice, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsItem

from gatelab.ui.qt_cycles import release_exporter

MIN_EXPORT_WIDTH = 1200  # px: a plot that prints at ~10 cm and 300 dpi, or fills a slide
MAX_EXPORT_WIDTH = 8000  # px: a full-width card on a 4K screen at 2× stays below this
# logical px a narrower plot is laid out at for export: half of MIN_EXPORT_WIDTH, so its text is
# drawn at 2×, the scale export_width gives every wider card on a 1× screen, and a picture of
# any card looks like the plot of a 600 px card (a usual width for a plot on a page or a slide)
EXPORT_LOGICAL_WIDTH = MIN_EXPORT_WIDTH // 2
PAD = 4.0  # logical px around the band's lines
# logical px of background around every exported picture: without it a loss card's legend sat
# on the PNG's bottom edge and its title, like the budget chart's row names, began at x = 0
# (walkthrough s21 #14); 16 px is 32 device px at the exports' usual 2×
MARGIN = 16.0
TITLE_COLOR = QColor("#222222")
CAPTION_COLOR = QColor("#555555")


def export_width(logical_width: float, device_pixel_ratio: float) -> int:
    """The PNG's width: twice the card's pixels on this screen, at least MIN_EXPORT_WIDTH."""
    want = math.ceil(2.0 * max(device_pixel_ratio, 1.0) * max(logical_width, 1.0))
    return min(MAX_EXPORT_WIDTH, max(MIN_EXPORT_WIDTH, want))


class TitleBand:
    """The lines above an exported plot: the card's title (bold) and an optional caption (the
    run's name), each cut with "…" to the picture's width, or, ``wrap``, wrapped onto as many
    rows as they need (a narrow picture of a table: its caption was mostly "…"). Sizes are
    logical pixels; fonts have a pixel size, so a PNG scaled by ``s`` and an SVG measure them
    alike."""

    def __init__(self, title: str, caption: str, base_font: QFont, width: float,
                 wrap: bool = False) -> None:
        px = base_font.pixelSize() if base_font.pixelSize() > 0 else round(
            base_font.pointSizeF() * 96 / 72)
        self.title_font = QFont(base_font)
        self.title_font.setPixelSize(max(10, round(px * 1.2)))
        self.title_font.setBold(True)
        self.caption_font = QFont(base_font)
        self.caption_font.setPixelSize(max(9, px))
        self.width = width
        self.flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                         | (Qt.TextFlag.TextWordWrap if wrap else 0))
        self.wrap = wrap
        self.lines = [(line, font, color) for line, font, color in (
            (title.strip(), self.title_font, TITLE_COLOR),
            (caption.strip(), self.caption_font, CAPTION_COLOR)) if line]

    def height(self) -> float:
        """Logical height of the band (0 when there is neither title nor caption)."""
        if not self.lines:
            return 0.0
        return 2 * PAD + sum(self._height(line, font) for line, font, _c in self.lines)

    def _height(self, line: str, font: QFont) -> float:
        metrics = QFontMetricsF(font)
        if not self.wrap:
            return metrics.height()
        return max(metrics.height(), metrics.boundingRect(
            QRectF(0, 0, max(self.width - 4 * PAD, 1.0), 1e6), self.flags, line).height())

    def paint(self, painter: QPainter) -> None:
        """Draw the lines at the top of ``painter``'s logical coordinates."""
        y = PAD
        for line, font, color in self.lines:
            metrics = QFontMetricsF(font)
            shown = line if self.wrap else metrics.elidedText(
                line, Qt.TextElideMode.ElideRight, self.width - 4 * PAD)
            height = self._height(line, font)
            painter.setFont(font)
            painter.setPen(color)
            painter.drawText(QRectF(2 * PAD, y, self.width - 4 * PAD, height), self.flags, shown)
            y += height


@contextlib.contextmanager
def scaled_with_plot(item: pg.PlotItem) -> Iterator[None]:
    """While exporting, let items that ignore transformations (pyqtgraph's legends) scale with
    the picture. Why: a legend keeps its screen size under any transform, so in a 1200 px PNG
    of a 500 px card its entries were a third of the axis text's size, bunched at the left."""
    ignoring = QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations
    held, todo = [], list(item.childItems())
    while todo:  # a card's own legend is the PlotItem's child, addLegend's the ViewBox's
        child = todo.pop()
        if child.flags() & ignoring:
            held.append(child)  # (its children scale with it)
        else:
            todo.extend(child.childItems())
    for child in held:
        child.setFlag(ignoring, False)
    try:
        yield
    finally:
        for child in held:
            child.setFlag(ignoring, True)


def export_layout_size(size: QSizeF) -> QSizeF:
    """The logical size a plot is laid out at for export: its own, or, when it is narrower than
    EXPORT_LOGICAL_WIDTH, that width with the height in proportion (the card's shape kept)."""
    if size.width() <= 0 or size.width() >= EXPORT_LOGICAL_WIDTH:
        return QSizeF(size)
    return QSizeF(EXPORT_LOGICAL_WIDTH, size.height() * EXPORT_LOGICAL_WIDTH / size.width())


@contextlib.contextmanager
def laid_out_at(item: pg.PlotItem, size: QSizeF) -> Iterator[None]:
    """While exporting, lay ``item`` out at ``size`` (logical px): its axes, tick spacing and
    legend columns as a plot of that size has them. Then it is put back as it was, geometry and
    view range both (an auto range recomputed at the export's size, whose symbols' padding is
    in pixels, is not left on screen). Nothing paints in between: all of it runs before the
    event loop does, so the screen only ever shows the card as it was."""
    old = item.geometry()
    if size == old.size():
        yield
        return
    view = item.getViewBox()
    shown, target = view.viewRange(), view.getState()["targetRange"]  # copies
    _lay_out(item, QRectF(old.topLeft(), size))
    try:
        yield
    finally:
        _lay_out(item, old)
        if view.viewRange() != shown or view.getState()["targetRange"] != target:
            # the range asked for, from which a locked aspect widens the one shown
            view.setRange(xRange=target[0], yRange=target[1], padding=0.0,
                          disableAutoRange=False)


def _lay_out(item: pg.PlotItem, rect: QRectF) -> None:
    """Give ``item`` the geometry ``rect`` and lay its children out now. Why the posted events:
    a FittedLegend re-flows its entries on the item's geometryChanged, which only posts a layout
    request; left for the event loop, the picture had the on-screen legend rows."""
    item.setGeometry(rect)
    QCoreApplication.sendPostedEvents(item, QEvent.Type.LayoutRequest)


def titled_image(item: pg.PlotItem, band: TitleBand, width: int,
                 background: QColor) -> QImage:
    """The plot ``item`` rendered ``width`` px wide (height in proportion) under ``band``."""
    exporter = pg_exporters.ImageExporter(item)
    try:
        exporter.params["background"] = background
        exporter.params["width"] = width  # pyqtgraph sets the height to keep the proportions
        with scaled_with_plot(item):
            plot = exporter.export(toBytes=True)
    finally:
        release_exporter(exporter)  # its parameter tree is a cycle of QObjects
    return under_band(plot, band, plot.width() / max(item.sceneBoundingRect().width(), 1.0),
                      background)


def margin_px(scale: float) -> int:
    """MARGIN in device pixels, for a picture drawn at ``scale`` of them to a logical one."""
    return round(MARGIN * scale)


def under_band(picture: QImage, band: TitleBand, scale: float, background: QColor) -> QImage:
    """``picture`` (device pixels, ``scale`` of them to a logical one) under ``band``, MARGIN
    around both: a plot card's rendered plot, or a grab of a plain widget (the Inside tab's
    strip and tables)."""
    top, edge = math.ceil(band.height() * scale), margin_px(scale)
    image = QImage(picture.width() + 2 * edge, top + picture.height() + 2 * edge,
                   QImage.Format.Format_ARGB32)
    image.fill(background)
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.drawImage(edge, edge + top, picture)
        painter.translate(edge, edge)
        painter.scale(scale, scale)
        band.paint(painter)
    finally:
        painter.end()
    return image


def write_png(image: QImage, path: Path) -> None:
    """Save ``image`` whole or not at all; a failure is a one-line error naming the file
    (pyqtgraph's exporter ignored a failed save, so nothing said the PNG was missing)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    write_file(path, bytes(buffer.data().data()))


def write_titled_svg(item: pg.PlotItem, band: TitleBand, path: Path,
                     background: QColor) -> None:
    """An SVG of ``item`` under ``band``, through Qt's SVG generator (pyqtgraph's SVG exporter
    fails on closed paths from Qt ≥ 6.9, pyqtgraph #3495, and draws no title anyway)."""
    rect = item.sceneBoundingRect()
    write_svg_under_band(path, band, rect.width(), rect.height(), background, lambda painter, top:
                         item.scene().render(painter, QRectF(0, top, rect.width(), rect.height()),
                                             rect))


def write_svg_under_band(path: Path, band: TitleBand, width: float, height: float,
                         background: QColor, draw: Callable[[QPainter, float], None]) -> None:
    """An SVG ``width`` × ``height`` (logical px) under ``band``, MARGIN around both:
    ``draw(painter, top)`` paints the picture ``top`` px down. Written whole or not at all, as
    the PNGs are."""
    top = band.height()
    size = QSize(math.ceil(width + 2 * MARGIN), math.ceil(top + height + 2 * MARGIN))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(band.lines[0][0] if band.lines else "")
    painter = QPainter(generator)
    try:
        painter.fillRect(QRectF(0, 0, size.width(), size.height()), background)
        painter.translate(MARGIN, MARGIN)
        band.paint(painter)
        draw(painter, top)
    finally:
        painter.end()
    write_file(path, bytes(buffer.data().data()))


def export_titled(plot: pg.PlotWidget, path: Path, title: str, caption: str,
                  font: QFont) -> None:
    """Write ``plot``'s PlotItem to ``path`` (.png or .svg) under ``title`` and ``caption``
    (the run; "" for none), in ``font`` (the card title's), on the plot's own background. The
    PNG's width comes from the card's on-screen width (export_width); the plot is laid out at
    export_layout_size for both formats, so a narrow card's text is not blown up."""
    item = plot.getPlotItem()
    width = export_width(item.sceneBoundingRect().width(), plot.devicePixelRatioF())
    background = plot.backgroundBrush().color()
    with laid_out_at(item, export_layout_size(item.geometry().size())):
        band = TitleBand(title, caption, font, item.sceneBoundingRect().width())
        if path.suffix.lower() == ".svg":
            write_titled_svg(item, band, path, background)
            return
        image = titled_image(item, band, width, background)
    write_png(image, path)


def write_file(path: Path, data: bytes) -> None:
    """safe_write's atomic write, imported here: its module pulls runs_read and the training
    config in, which the window must not load before its first paint (test_startup_imports)."""
    from gatelab.core.safe_write import atomic_write_bytes

    atomic_write_bytes(path, data)



# -- CSV ----------------------------------------------------------------------------------------
def curve_columns(item: pg.PlotItem) -> list[tuple[str, dict[float, float]]]:
    """Each plotted data item of ``item`` (curves, scatters; not bars) with data: its name
    (the CSV header, plain text) and its values by x. An unnamed one is "y1", "y2"…
    Bars are left out: pyqtgraph's BarGraphItem says it has plot data too, and its column
    repeated the named markers drawn on the bar tops (the trainer's MLP share: "layer,y1,ratio")."""
    columns: list[tuple[str, dict[float, float]]] = []
    for data_item in item.items:
        if not (hasattr(data_item, "implements") and data_item.implements("plotData")):
            continue
        if isinstance(data_item, pg.BarGraphItem):
            continue
        get = getattr(data_item, "getOriginalDataset", data_item.getData)
        xs, ys = get()
        if xs is None or ys is None or len(xs) == 0:
            continue
        name = data_item.name() or "y{0}".format(len(columns) + 1)
        columns.append((str(name), {float(x): float(y) for x, y in zip(xs, ys, strict=False)}))
    return columns


def csv_number(value: float) -> str:
    """An integral value as an integer ("10", not pyqtgraph's "10."), others in their shortest
    exact form; NaN (no value) as an empty cell."""
    if math.isnan(value):
        return ""
    if math.isfinite(value) and value == int(value) and abs(value) < 2 ** 53:
        return str(int(value))
    return repr(value)


def curves_csv(item: pg.PlotItem, x_label: str) -> str:
    """The curves of ``item`` as CSV text for a spreadsheet: one ``x_label`` column ("step")
    over the union of every curve's x, then one column per curve, named in a header row; a
    curve without a value at an x (validation every 50 steps) leaves its cell empty. Why:
    pyqtgraph's CSVExporter repeated the x column for every curve ("L0 closed_x,L0 closed_y,
    …") and wrote every step as "10."."""
    import csv
    import io

    columns = curve_columns(item)
    xs = sorted(set().union(*(values.keys() for _, values in columns)))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([x_label, *(name for name, _ in columns)])
    for x in xs:
        writer.writerow([csv_number(x), *(csv_number(values[x]) if x in values else ""
                                           for _, values in columns)])
    return out.getvalue()


def write_curves_csv(item: pg.PlotItem, path: Path, x_label: str) -> None:
    """``curves_csv`` to ``path``, whole or not at all, as UTF-8 with a byte-order mark: the
    mark tells Excel the encoding, which it otherwise guesses wrong for "训练" or "σ"."""
    write_file(path, curves_csv(item, x_label).encode("utf-8-sig"))
