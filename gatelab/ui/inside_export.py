"""Export for every view of the "Inside the model" tab: PNG/SVG pictures, CSV numbers, HTML text.

Why not just the PlotCard exporter: pyqtgraph's CSV exporter writes the data of curves, not of
bar charts, heatmaps or a scatter's colours, so each view states its own table of numbers
(``csv_rows``) and the picture goes through pyqtgraph's image/SVG exporters, with Qt's SVG
generator as the fallback that PlotCard also uses.
"""

from __future__ import annotations

import csv
import html
import io
import math
from collections.abc import Callable, Sequence
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPoint
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QToolButton, QWidget

from gatelab.core.fileio import check_write_target
from gatelab.ui.export_dialog import export_folder as export_folder  # the tab's settings keep it
from gatelab.ui.export_dialog import export_with_dialog
from gatelab.ui.export_dialog import set_export_folder as set_export_folder
from gatelab.ui.plot_card import PlotCard
from gatelab.ui.plot_card_export import (
    TitleBand,
    export_width,
    titled_image,
    under_band,
    write_file,
    write_png,
    write_svg_under_band,
    write_titled_svg,
)
from gatelab.ui.qt_cycles import weak_method

Rows = tuple[list[str], list[Sequence[object]]]


def write_csv(path: str | Path, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> Path:
    path = check_write_target(path)
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)
    writer.writerow(list(headers))
    for row in rows:
        writer.writerow([_cell(v) for v in row])
    return write_text_file(path, buffer.getvalue())


def write_text_file(path: str | Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all, as the pictures are: a kill or a
    full disk mid-write left an existing CSV empty or cut mid-row, under a bare "[Errno 28]"
    (kill probe s21 D2); the error names the file."""
    path = Path(path)
    write_file(path, text.encode("utf-8"))
    return path


def _cell(value: object) -> object:
    if isinstance(value, float):
        return repr(value)  # shortest exact round-trip text
    return value


def export_picture(item: pg.GraphicsObject, view: pg.GraphicsView, path: Path,
                   title: str = "", caption: str = "") -> Path:
    """PNG or SVG of ``item`` (a PlotItem or a layout) shown in ``view``, under ``title`` and
    ``caption`` (what it is of: ``inside_caption``), as a plot card's picture is
    (``plot_card_export``: a print-sized PNG, Qt's SVG generator)."""
    suffix = check_write_target(path).suffix.lower()
    if suffix not in (".png", ".svg"):
        raise ValueError(_unknown_format(suffix))
    background = view.backgroundBrush().color()
    band = TitleBand(title, caption, view.font(), item.sceneBoundingRect().width(), wrap=True)
    if suffix == ".svg":
        write_titled_svg(item, band, path, background)
        return path
    width = export_width(item.sceneBoundingRect().width(), view.devicePixelRatioF())
    write_png(titled_image(item, band, width, background), path)
    return path


def export_widget(widget: QWidget, path: Path, title: str = "", caption: str = "") -> Path:
    """PNG (a grab) or SVG (the widget painted through Qt's SVG generator) of a plain widget,
    under ``title`` and ``caption``. Why the band: a picture of the neuron strip or of a ranking
    said neither which neuron, nor which run, step or text it was of (s14 review)."""
    suffix = check_write_target(path).suffix.lower()
    if suffix not in (".png", ".svg"):
        raise ValueError(_unknown_format(suffix))
    band = TitleBand(title, caption, widget.window().font(), float(widget.width()), wrap=True)
    if suffix == ".png":
        grab = widget.grab().toImage()
        scale = grab.devicePixelRatio()
        grab.setDevicePixelRatio(1.0)  # drawn in device pixels, the band scaled to match
        write_png(under_band(grab, band, scale, QColor("white")), path)
    else:
        write_svg_under_band(path, band, widget.width(), widget.height(), QColor("white"),
                             lambda painter, top: widget.render(painter, QPoint(0, math.ceil(top))))
    return path


def _unknown_format(suffix: str) -> str:
    return QCoreApplication.translate(
        "InsideExport", "Unknown export format {0}: use .png or .svg").format(suffix or "(none)")


class DataCard(PlotCard):
    """A PlotCard whose CSV is the view's own table (``csv_source() -> (headers, rows)``)."""

    def __init__(self, title: str, tooltip: str = "", parent: QWidget | None = None) -> None:
        super().__init__(title, tooltip, parent)
        self.title.setWordWrap(False)  # one line: the readout beside it is clipped instead
        self.csv_source = lambda: ([], [])
        # axis text is the costly part of a repaint: cache each axis as a pixmap until it changes
        for name in ("left", "bottom", "right", "top"):
            axis = self.plot.getPlotItem().getAxis(name)
            axis.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
            axis.label.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    @property
    def csv_source(self) -> Callable[[], Rows]:
        """The view's table; a view's bound method is held weakly (the view keeps this card:
        a strong reference back was a cycle freed by the cycle collector, see ui/qt_cycles)."""
        return self._csv_source

    @csv_source.setter
    def csv_source(self, source: Callable[[], Rows]) -> None:
        self._csv_source = weak_method(source, ([], []))

    def set_title(self, title: str, tooltip: str = "") -> None:
        """Re-set the card's title and tooltip (after a language switch)."""
        self.title_text = title
        self.title.setText("<b>{0}</b>".format(html.escape(title)))
        self.title.setToolTip(tooltip)

    def retranslate(self) -> None:
        """The Export… button's own strings (PlotCard's, in PlotCard's translation context);
        the hover readout, in the old language, is cleared."""
        self.clear_readout()
        self.export_button.setText(QCoreApplication.translate("PlotCard", "Export…"))
        self.export_button.setToolTip(QCoreApplication.translate(
            "PlotCard", "Save this plot as PNG or SVG, or its data as CSV"))

    def export(self, path: str | Path) -> Path:
        path = Path(path)
        if path.suffix.lower() == ".csv":
            headers, rows = self.csv_source()
            write_csv(path, headers, rows)
            self.exported.emit(str(path))
            return path
        return super().export(path)


class ExportButton(QToolButton):
    """"Export…": a save dialog whose suffix (typed, or the chosen file type's) picks the format;
    ``export(path)`` does the work."""

    def __init__(self, export: Callable[[str], object], default_name: str, filters: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._export = weak_method(export)  # the owning view's method: no cycle through it
        self._default = default_name
        self._filters = filters
        self.clicked.connect(self._on_clicked)
        self.retranslate()

    def retranslate(self, filters: str | None = None) -> None:
        """Re-set the button's text (and the dialog's file filters, when given)."""
        self.setText(self.tr("Export…"))
        if filters is not None:
            self._filters = filters

    def _on_clicked(self) -> None:
        export_with_dialog(self, self._export, self.tr("Export"), self._default, self._filters)
