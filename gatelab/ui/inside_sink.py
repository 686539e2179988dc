"""View 4, "Attention sink": how much attention every head of every layer puts on the first token.

A heatmap (layers down, heads across) of the mean weight on key 0 over query positions ≥ 1,
and a table per layer with the mean over heads, the attention output gate's mean value and the
largest hidden activation where the model has them. The lesson's numbers (46.7 % of attention
on the first token without an output gate, 4.8 % with it; max activation 1053 vs 94; gate mean
0.116) are printed beside it for comparison. Linear-attention layers have no softmax and no
sink: their row is blank and says so.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gatelab.core.inside.types import LayerTrace
from gatelab.ui.focus_frame import show_focus
from gatelab.ui.inside_caption import trace_caption
from gatelab.ui.inside_export import DataCard
from gatelab.ui.inside_gates import fmt_sig
from gatelab.ui.inside_messages import layer_kind_text
from gatelab.ui.inside_sink_exp import SinkExperimentBox
from gatelab.ui.inside_state import InsideSelection
from gatelab.ui.plot_axis import ColourBar
from gatelab.ui.vscroll import VerticalScroll
from gatelab.ui.widgets import fmt_number, style_axes
from gatelab.ui.plot_ticks import index_ticks

SINK_MAP = pg.colormap.get("CET-L17")  # white → orange → dark: a share from 0 to 100 %


class SinkView(QWidget):
    """Heatmap of first-token attention share per layer × head, with a per-layer table."""

    def __init__(self, selection: InsideSelection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sel = selection
        self.card = DataCard("")
        self.card.csv_source = self.csv_rows
        plot = self.card.plot.getPlotItem()
        style_axes(plot)
        plot.setMenuEnabled(False)
        plot.setMouseEnabled(x=False, y=False)
        plot.showGrid(x=False, y=False)
        plot.invertY(True)
        self.image = pg.ImageItem(axisOrder="row-major")
        plot.addItem(self.image)
        # percent on the bar, like the numbers in the cells and the table
        self.bar = ColourBar(values=(0, 100), colorMap=SINK_MAP, interactive=False, width=14,
                                   label="share (%)")
        self.bar.setImageItem(self.image, insert_in=plot)
        for name in ("left", "right", "top", "bottom"):  # exact tick values, no "(x0.01)"
            self.bar.getAxis(name).enableAutoSIPrefix(False)
        # room above the plot so the bar's top tick label ("100") is not cut off
        half_font = self.fontMetrics().height() // 2 + 4
        left, top, right, bottom = plot.layout.getContentsMargins()
        plot.layout.setContentsMargins(left, max(top, half_font), right, max(bottom, half_font))
        self.picked = pg.QtWidgets.QGraphicsRectItem()
        self.picked.setPen(pg.mkPen("#1f4e79", width=2.5))
        self.picked.setZValue(5)
        plot.addItem(self.picked)
        self.labels: list[pg.TextItem] = []

        self.table = QTableWidget(0, 5, self)
        show_focus(self.table)
        self.table.setTabKeyNavigation(False)  # one Tab stop; the arrows pick a layer
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.cellClicked.connect(lambda r, _c: self.sel.set_layer(r))
        # the arrow keys pick too: a row highlighted by Down while the heat map framed another
        # layer disagreed with every other view (walkthrough s15 F2); programmatic changes
        # (a new trace's rows) come with the signals blocked
        self.table.currentCellChanged.connect(lambda r, _c, _pr, _pc: self._keyed(r))
        self.lesson = lesson = QLabel(self)
        lesson.setWordWrap(True)
        lesson.setStyleSheet("color: #444; padding: 4px;")
        self.experiment = SinkExperimentBox(self)
        column = QWidget()
        right = QVBoxLayout(column)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.table, 1)
        right.addWidget(lesson)
        right.addWidget(self.experiment)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 4, 4, 4)
        row.addWidget(self.card, 3)
        row.addWidget(VerticalScroll(column, self), 2)  # a short window scrolls the column
        self.card.plot.scene().sigMouseClicked.connect(self._on_click)
        self._grid = np.zeros((0, 0))
        selection.trace_changed.connect(self.refresh)
        selection.layer_changed.connect(lambda _l: self._show_layer())
        self.retranslate()

    def retranslate(self) -> None:
        # "mean over the text": the map is the same whichever token is picked (walkthrough s15)
        # (no longer than it was: the card's one-line title sets the Inside tab's least width)
        self.card.set_title(self.tr("First-token attention share, mean over the text"),
                            self.tr("Mean attention weight on the first token over query "
                                    "positions ≥ 1; 1/t would be uniform"))
        self.card.retranslate()
        plot = self.card.plot.getPlotItem()
        plot.setLabel("bottom", self.tr("head"))
        plot.setLabel("left", self.tr("layer"))
        self.bar.getAxis("left").setLabel(self.tr("share (%)"))
        # short headers, so that the five columns fit the table at 1280×800 (the long ones were
        # cut, "attention gate m…", and pushed "max |hidden|" off to the right); the long
        # wording is each header's tooltip. The last column is the hidden state (the residual
        # stream), never "h": h is the neuron's output everywhere else in the app; its header has
        # its own translation (short), apart from the tooltip's
        heads = ((self.tr("layer"), self.tr("decoder layer")),
                 (self.tr("kind"), self.tr("the layer's attention kind")),
                 (self.tr("sink"), self.tr("sink (mean over heads)")),
                 (self.tr("gate"), self.tr("attention gate mean")),
                 (self.tr("max |hidden|", "short column header"), self.tr("max |hidden|")))
        for c, (text, tip) in enumerate(heads):
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            self.table.setHorizontalHeaderItem(c, item)
        self.lesson.setText(self.tr(
            "<b>The lesson:</b> without an attention output gate, 46.7 % of attention lands on the "
            "first token; with it, 4.8 %. The largest hidden activation drops from 1053 to 94, and "
            "the gate's mean value is only 0.116. Train both below, or train runs with and "
            "without “Attention output gate” and open them here."))
        self.experiment.retranslate()
        self._set_caption()
        if self.sel.trace is not None and self.sel.trace.layers:
            self._fill_table()
            self._show_layer()

    def refresh(self) -> None:
        trace = self.sel.trace
        for label in self.labels:
            self.card.plot.removeItem(label)
        self.labels = []
        if trace is None or not trace.layers:
            self._grid = np.zeros((0, 0))
            self.image.clear()
            self._fill_table()
            self._set_caption()
            return
        self._set_caption()
        heads = max((len(lt.attn_sink) for lt in trace.layers if lt.attn_sink is not None),
                    default=0)
        grid = np.full((len(trace.layers), max(heads, 1)), np.nan)
        for i, lt in enumerate(trace.layers):
            if lt.attn_sink is not None:
                grid[i, :len(lt.attn_sink)] = lt.attn_sink
        self._grid = grid
        self.image.setImage(100.0 * grid, levels=(0.0, 100.0))  # percent, as the bar and cells
        self.image.setRect(QRectF(-0.5, -0.5, grid.shape[1], grid.shape[0]))
        plot = self.card.plot.getPlotItem()
        plot.getAxis("left").setTicks(index_ticks(grid.shape[0]))
        plot.getAxis("bottom").setTicks(index_ticks(grid.shape[1], prefix=""))
        plot.setRange(xRange=(-0.5, grid.shape[1] - 0.5), yRange=(-0.5, grid.shape[0] - 0.5),
                      padding=0.02)
        if grid.size <= 160:  # few cells: print the share in each
            for (i, j), v in np.ndenumerate(grid):
                text = fmt_number(100 * v, 0) if np.isfinite(v) else "—"
                label = pg.TextItem(text, color="#000" if not np.isfinite(v) or v < 0.55 else "#fff",
                                    anchor=(0.5, 0.5))
                label.setPos(j, i)
                plot.addItem(label)
                self.labels.append(label)
        self._fill_table()
        self._show_layer()

    def _set_caption(self) -> None:
        """The exported picture's caption: the run or model, its step and the text (the shares
        are means over the text's tokens); "" without a trace."""
        trace = self.sel.trace
        self.card.set_export_caption(trace_caption(trace if trace is not None and trace.layers
                                                   else None))

    def _fill_table(self) -> None:
        """A row per layer of the trace (none without one); the current cell this moves is no
        pick (see ``_keyed``)."""
        trace = self.sel.trace
        self.table.blockSignals(True)
        try:
            self._fill_rows(trace.layers if trace is not None else [])
        finally:
            self.table.blockSignals(False)

    def _fill_rows(self, layers: list[LayerTrace]) -> None:
        self.table.setRowCount(len(layers))
        for i, lt in enumerate(layers):
            sink = (fmt_number(100 * float(np.mean(lt.attn_sink)), 1) + " %"
                    if lt.attn_sink is not None else self.tr("— (no softmax attention)"))
            cells = ["L{0}".format(i), layer_kind_text(lt.kind), sink,
                     fmt_number(lt.attn_gate_mean, 3) if lt.attn_gate_mean is not None else "—",
                     fmt_sig(lt.max_abs_hidden) if lt.max_abs_hidden is not None else "—"]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(i, c, item)

    def _keyed(self, row: int) -> None:
        if row >= 0 and self.table.hasFocus() and self._grid.size and row < self._grid.shape[0]:
            self.sel.set_layer(row)

    def _show_layer(self) -> None:
        if not self._grid.size:
            return
        layer = self.sel.layer
        self.picked.setRect(QRectF(-0.5, layer - 0.5, self._grid.shape[1], 1.0))
        self.table.selectRow(layer)

    def _on_click(self, ev) -> None:  # noqa: ANN001 (pyqtgraph mouse event)
        vb = self.card.plot.getPlotItem().getViewBox()
        if ev.button() != Qt.MouseButton.LeftButton or not self._grid.size:
            return
        if not vb.sceneBoundingRect().contains(ev.scenePos()):
            return
        layer = int(round(vb.mapSceneToView(ev.scenePos()).y()))
        if 0 <= layer < self._grid.shape[0]:
            self.sel.set_layer(layer)

    def csv_rows(self) -> tuple[list[str], list[list[object]]]:
        trace = self.sel.trace
        rows: list[list[object]] = []
        if trace is not None:
            for i, lt in enumerate(trace.layers):
                sinks = [] if lt.attn_sink is None else [float(x) for x in lt.attn_sink]
                rows.append([i, lt.kind, lt.attn_gate_mean, lt.max_abs_hidden] + sinks)
        heads = self._grid.shape[1] if self._grid.size else 0
        return (["layer", "kind", "attn_gate_mean", "max_abs_hidden"]
                + ["sink_head_{0}".format(j) for j in range(heads)], rows)
