"""A titled pyqtgraph plot with a hover readout and an explicit "Export…" button.

pyqtgraph's own export dialog hides behind a right click on the plot, which a learner never finds;
a visible button that writes PNG, SVG or CSV by file suffix (through pyqtgraph's exporters) makes
every trainer plot shareable. The hover readout names each curve's value at the nearest x, so the
learner reads numbers instead of guessing them from the axis. The readout lives only while the
mouse is over the plot: it clears when the mouse leaves, when the data is cleared (a new run, a
replay: the values it named are gone) and after a language switch, and it is cut with "…" before
the Export… button rather than running under it.
"""

from __future__ import annotations

import html
import math
import weakref
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gatelab.core.fileio import check_write_target
from gatelab.ui.export_dialog import export_with_dialog, file_name_for
from gatelab.ui.plot_card_export import export_titled, write_curves_csv
from gatelab.ui.plot_axis import minus_axes
from gatelab.ui.plot_readout import ReadoutLabel, dot_when_alone
from gatelab.ui.qt_cycles import weak_method

EXPORT_SUFFIXES = (".png", ".svg", ".csv")
LEGEND_FONT = "7.5pt"  # below the plot a legend may be small: the curves carry the colours
LEGEND_ROW = 5  # the PlotItem's grid: title, top axis, view, bottom axis, bottom label, legend
LEGEND_MARGINS = (2.0, 0.0, 2.0, 2.0)  # Qt's default 9 px each side took 18 px per legend row
VIEW_MIN_H = 48  # the data area a plot keeps however short its card: axes and legend grow it


class ShortSample(pg.ItemSample):
    """A 14×12 line sample (pyqtgraph's is 20×20): rows of a many-layer legend stay low."""

    def __init__(self, item: pg.GraphicsObject) -> None:
        super().__init__(item)
        self.setFixedWidth(14)
        self.setFixedHeight(12)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return QRectF(0, 0, 14, 12)

    def paint(self, painter: QPainter, *args: object) -> None:
        painter.translate(0, -5)  # the base class draws its line at y = 11 of 20
        painter.scale(0.7, 1.0)
        super().paint(painter, *args)


class FittedLegend(pg.LegendItem):
    """A legend in its own row under the plot (never over a curve) that wraps its entries into
    as many columns as the plot's width holds. Why: with four or more layers the trainer's
    "Gate sparsity" legend, four columns inside the view, was wider than the plot at 1280×800
    (cut as "L1 clo…") and hid the curves. ``group``: entries that belong together on one row
    (2 for "Lk closed" beside "Lk g<0")."""

    def __init__(self, plot_item: pg.PlotItem, group: int = 1,
                 on_placed: Callable[[], object] | None = None) -> None:
        """``on_placed``: called after the entries move to another number of rows (the card
        keeps its plot tall enough for them; hold it weakly, see qt_cycles)."""
        super().__init__(offset=None, labelTextColor="#222", labelTextSize=LEGEND_FONT,
                         frame=False, horSpacing=3, sampleType=ShortSample)
        self.layout.setContentsMargins(*LEGEND_MARGINS)
        self._on_placed = on_placed
        # weakly: the PlotItem holds this legend (its child and .legend), and a strong reference
        # back made a cycle that the cycle collector freed, menus and all, in any thread
        self._plot_item = weakref.ref(plot_item)
        self._group = max(1, group)
        self.columns = 1
        self._placed: tuple[int, tuple[int, ...]] = (0, ())
        self._held_hidden = False  # set_held_hidden: no entry shown while the plot is empty
        plot_item.legend = self  # named curves plotted later join this legend
        self.setMinimumWidth(1)  # the plot's width sets the columns, never the other way round
        plot_item.layout.addItem(self, LEGEND_ROW, 0, 1, 3)
        plot_item.geometryChanged.connect(self.fit)

    def _addItemToLayout(self, sample: pg.GraphicsObject, label: pg.LabelItem) -> None:  # noqa: N802
        label.item.document().setDocumentMargin(1)  # a text line, not a 4 px padded box
        label.updateMin()
        self.fit()

    def updateSize(self) -> None:  # noqa: N802 (pyqtgraph override: entries added/renamed)
        self.fit()

    def mouseDragEvent(self, ev: object) -> None:  # noqa: N802 (stays in its row)
        ev.ignore()  # type: ignore[attr-defined]

    def fit(self) -> None:
        """Lay the entries out in the most columns that fit the plot's width."""
        plot_item = self._plot_item() if hasattr(self, "_plot_item") else None
        if plot_item is None:
            return  # pyqtgraph's constructor calls updateSize before ours has run
        left, _top, right, _bottom = LEGEND_MARGINS
        self.columns = self._fitting_columns(plot_item.size().width() - 6 - left - right)
        placed = (self.columns, tuple(id(sample) for sample, _label in self.items))
        if placed == self._placed:
            return  # a resize that keeps the columns: nothing to move (and no layout churn)
        self._placed = placed
        grid = self.layout
        for i in range(grid.count() - 1, -1, -1):
            grid.removeAt(i)
        for k, (sample, label) in enumerate(self.items):
            row, col = divmod(k, self.columns)
            grid.addItem(sample, row, 2 * col, alignment=Qt.AlignmentFlag.AlignVCenter)
            grid.addItem(label, row, 2 * col + 1)
        self.setVisible(bool(self.items) and not self._held_hidden)
        self.updateGeometry()
        self._placed_now()

    def _placed_now(self) -> None:
        if getattr(self, "_on_placed", None) is not None:
            self._on_placed()

    def set_held_hidden(self, hidden: bool) -> None:
        """Hide the legend (its curves are empty: no names of nothing) or show it again."""
        self._held_hidden = hidden
        self.setVisible(bool(self.items) and not hidden)
        self._placed_now()

    def _fitting_columns(self, width: float) -> int:
        n = len(self.items)
        labels = [label.effectiveSizeHint(Qt.SizeHint.PreferredSize).width()
                  for _s, label in self.items]
        gap = self.layout.horizontalSpacing()
        for cols in range(n, 1, -1):
            if cols % self._group and cols > self._group:
                continue  # "L1 closed" and "L1 g<0" stay on one row
            # each column: its sample, the label, a gap between them and one before the next
            need = sum(14 + gap + max(labels[j::cols]) for j in range(cols)) + gap * (cols - 1)
            if need <= width:
                return cols
        return 1


def _symbols_now(item: pg.PlotDataItem) -> None:
    """Give ``item``'s scatter its symbol brush, pen and size at once: a legend sample draws the
    scatter's own, which pyqtgraph sets only with the first point, so the trainer's
    "validation" key was pyqtgraph's default blue-grey until the first evaluation of a run."""
    opts = item.opts
    item.scatter.setBrush(opts["symbolBrush"], update=False)
    item.scatter.setPen(opts["symbolPen"], update=False)
    item.scatter.setSize(opts["symbolSize"], update=False)


class PlotCard(QWidget):
    """Title, hover readout, Export… button and one PlotWidget (``self.plot``)."""

    exported = Signal(str)

    def __init__(self, title: str, tooltip: str = "", parent: QWidget | None = None,
                 one_line: bool = False) -> None:
        """``one_line``: a short title that never wraps and keeps its width; the hover readout
        gives way instead (the trainer's six cards, whose long titles wrapped onto 2–3 lines)."""
        super().__init__(parent)
        self.plot = pg.PlotWidget(axisItems=minus_axes())  # ticks with a true minus
        self.plot.setBackground("w")
        # mouse only (hover, drag, wheel; pyqtgraph's keys work in its rect-zoom mode alone):
        # no Tab stop, which had no focus frame either, so Tab vanished into each plot once
        self.plot.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self._plot_min_h = 150
        self.plot.setMinimumHeight(self._plot_min_h)
        self.plot.getPlotItem().setMenuEnabled(True)  # pyqtgraph's own menu stays available
        for name in ("left", "bottom"):  # exact tick values: no "layer (x0.001)" rescaling
            self.plot.getAxis(name).enableAutoSIPrefix(False)
        self.export_caption = ""  # set_export_caption: the run's name in exported pictures
        self.title = QLabel()
        self.title.setWordWrap(not one_line)  # long titles wrap rather than widen the window
        self.set_title(title, tooltip)
        self.readout = ReadoutLabel()
        self.readout.setStyleSheet("color: #555;")
        self.readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.export_button = QToolButton()
        self.export_button.clicked.connect(self._on_export_clicked)
        head = QHBoxLayout()
        head.setContentsMargins(2, 0, 2, 0)
        head.addWidget(self.title, 0 if one_line else 2)  # a short title stays on one line
        head.addWidget(self.readout, 3)
        head.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addLayout(head)
        layout.addWidget(self.plot, 1)
        self._hover: list[tuple[str, pg.PlotDataItem]] = []
        self._x_label = "x"
        self._hover_x: float | None = None  # data x under the mouse; None: not over the plot
        self.plot.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.plot.viewport().installEventFilter(self)  # its Leave clears the readout
        self.retranslate()

    def retranslate(self) -> None:
        """The card's own texts (the owner sets the title, axis labels and curve names); the
        readout, in the old language, is cleared."""
        self.clear_readout()
        self.export_button.setText(self.tr("Export…"))
        self.export_button.setToolTip(self.tr("Save this plot as PNG or SVG, or its data as CSV"))

    def set_title(self, title: str, tooltip: str = "") -> None:
        self.title_text = title
        self.title.setText("<b>{0}</b>".format(html.escape(title)))
        self.title.setToolTip(tooltip)

    def rename_curve(self, item: pg.GraphicsObject, name: str) -> None:
        """A new name for ``item`` (a curve, bars or a scatter) in the legend, the hover readout
        and the CSV export; every card, the Inside tab's too, renames through here."""
        if isinstance(getattr(item, "opts", None), dict):
            item.opts["name"] = name
        self._show_legend_name(item, name)
        self._hover = [(name if i is item else n, i) for n, i in self._hover]

    def _show_legend_name(self, item: pg.GraphicsObject, name: str) -> None:
        """pyqtgraph renders legend labels as HTML, so "L0 g<0" showed as "L0 g": the legend
        gets the escaped name, while the CSV header and hover readout keep the plain one."""
        legend = self.plot.getPlotItem().legend
        if legend is None:
            return
        for sample, label in legend.items:
            if sample.item is item:
                label.setText(html.escape(name, quote=False))
        legend.updateSize()

    # -- building ------------------------------------------------------------------------------
    def add_fitted_legend(self, group: int = 1) -> FittedLegend:
        """A legend under the plot that wraps to the card's width (for one entry per layer)."""
        return FittedLegend(self.plot.getPlotItem(), group, weak_method(self.hold_item_room))

    def set_plot_min_height(self, height: int) -> None:
        """The plot's least height (150 px unless set): a card in a crowded grid may go lower,
        while ``hold_item_room`` still keeps its axes, legend rows and some data in view."""
        self._plot_min_h = height
        self.hold_item_room()

    def hold_item_room(self) -> None:
        """Keep the plot at least as tall as its axes and legend rows need, plus VIEW_MIN_H of
        data. Why: a PlotWidget shorter than its PlotItem's own minimum cuts the item at the
        bottom: at 1024×700 the trainer's legends lost their last row and the MLP share's
        layer names were cut in half."""
        item = self.plot.getPlotItem()
        item.layout.invalidate()
        need = item.effectiveSizeHint(Qt.SizeHint.MinimumSize).height() + VIEW_MIN_H
        height = max(self._plot_min_h, math.ceil(need))
        if self.plot.minimumHeight() != height:
            self.plot.setMinimumHeight(height)

    def curve(self, name: str, hover: bool = True, legend: bool = True,
              **opts: object) -> pg.PlotDataItem:
        """Create a curve once (later updates use ``setData``); ``name`` shows in legend and CSV
        (``legend=False``: in the CSV and hover readout only, e.g. when a style key and one
        entry per colour explain many curves in fewer legend rows)."""
        item = self.plot.plot([], [], name=name, **opts)
        if opts.get("symbol") is not None:
            _symbols_now(item)
        box = self.plot.getPlotItem().legend
        if not legend and box is not None:
            box.removeItem(item)
        elif any(c in name for c in "<>&"):
            self._show_legend_name(item, name)
        if opts.get("symbol") is None and opts.get("pen", "default") is not None:
            item.sigPlotChanged.connect(dot_when_alone)
        if hover:
            self._hover.append((name, item))
            item.sigPlotChanged.connect(self._on_hover_data_changed)
        return item

    def legend_key(self, name: str, **opts: object) -> pg.PlotDataItem:
        """A legend entry that is not a curve (say "dashed: g<0", or a colour's name): a sample
        drawn with ``opts`` (pen, symbol) beside ``name``; rename it with ``rename_curve``."""
        key = pg.PlotDataItem([], [], name=name, **opts)
        legend = self.plot.getPlotItem().legend
        if legend is not None:
            legend.addItem(key, name)
            self._show_legend_name(key, name)
        return key

    def drop_legend_keys(self, keys: list[pg.PlotDataItem]) -> None:
        """Remove entries made by ``legend_key`` (the layer count changed)."""
        legend = self.plot.getPlotItem().legend
        for key in keys:
            if legend is not None:
                legend.removeItem(key)
        keys.clear()

    def forget_curves(self, items: list[pg.PlotDataItem] | None = None) -> None:
        """Stop reading ``items`` (all when None) in the hover readout (they are being removed)."""
        self._hover = [] if items is None else [
            (n, i) for n, i in self._hover if all(i is not x for x in items)]
        self.clear_readout()

    def set_hover_x_label(self, label: str) -> None:
        self._x_label = label
        self.clear_readout()

    def clear_readout(self) -> None:
        """Empty the hover readout until the mouse moves over the plot again (new data, a new
        language: the old line would name values or words that are gone)."""
        self._hover_x = None
        self.readout.setText("")

    # -- hover ---------------------------------------------------------------------------------
    def readout_at(self, x: float) -> str:
        """The readout text for data x (nearest point of every hover curve)."""
        parts: list[str] = []
        nearest_x: float | None = None
        for name, item in self._hover:
            xs, ys = item.getData()
            if xs is None or len(xs) == 0:
                continue
            i = int(np.clip(np.searchsorted(xs, x), 0, len(xs) - 1))
            if i > 0 and abs(xs[i - 1] - x) < abs(xs[i] - x):
                i -= 1
            if nearest_x is None:
                nearest_x = float(xs[i])
            if float(xs[i]) == nearest_x:
                parts.append("{0} {1:.4g}".format(name, float(ys[i])))
            else:  # a sparser curve (validation): say where its nearest point is
                parts.append("{0} {1:.4g} ({2} {3:g})".format(name, float(ys[i]), self._x_label,
                                                              float(xs[i])))
        if nearest_x is None:
            return ""
        return "{0} {1:g}: ".format(self._x_label, nearest_x) + ", ".join(parts)

    def _on_mouse_moved(self, pos: QPointF) -> None:
        vb = self.plot.getPlotItem().getViewBox()
        if not vb.sceneBoundingRect().contains(pos):
            self.clear_readout()  # over an axis or the legend: no value under the mouse
            return
        self._hover_x = vb.mapSceneToView(pos).x()
        self.readout.setText(self.readout_at(self._hover_x))

    def _on_hover_data_changed(self, _item: object = None) -> None:
        """A hover curve got new data: read it again at the mouse, or clear a stale line."""
        if self._hover_x is None:
            if self.readout.text():
                self.readout.setText("")
            return
        self.readout.setText(self.readout_at(self._hover_x))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Leave:
            self.clear_readout()
        return super().eventFilter(watched, event)

    # -- export --------------------------------------------------------------------------------
    def set_export_caption(self, caption: str) -> None:
        """A line under the title in exported pictures (the run's name): the card's owner knows
        it, the card does not; "" for none."""
        self.export_caption = caption

    def export(self, path: str | Path) -> Path:
        """Write the plot to ``path``: a titled .png (print-sized) or .svg picture, or a .csv of
        the curves' data (see plot_card_export for why the pictures are titled and larger)."""
        path = check_write_target(path)
        suffix = path.suffix.lower()
        item = self.plot.getPlotItem()
        if suffix in (".png", ".svg"):
            export_titled(self.plot, path, self.title_text, self.export_caption,
                          self.title.font())
        elif suffix == ".csv":  # a "step" column and one per curve, for a spreadsheet
            write_curves_csv(item, path, self._x_label)
        else:
            raise ValueError(self.tr("Unknown export format {0}: use .png, .svg or .csv")
                             .format(suffix or "(none)"))
        self.exported.emit(str(path))
        return path

    def _on_export_clicked(self) -> None:
        """The shared dialog: the chosen file type's suffix, the last export's folder, and a
        name from the card's title ("loss.png", not "plot.png" for every card)."""
        export_with_dialog(self, self.export, self.tr("Export plot"),
                           file_name_for(self.title_text),
                           self.tr("PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)"))
