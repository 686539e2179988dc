"""The experiment view's chart and table mechanics: mean ± std bands per variant, a table that
shows every row. Plain drawing, no text to translate (the view renders its words)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QHeaderView, QTableWidget, QWidget

from gatelab.core.experiment import loss_text
from gatelab.core.messages import Msg
from gatelab.ui.messages import message_text
from gatelab.ui.plot_card import PlotCard
from gatelab.ui.trainer_plots import layer_color
from gatelab.ui.variant_names import variant_name


def clear_chart(card: PlotCard, items: list[pg.GraphicsObject]) -> None:
    """Remove the drawn items (``items`` is emptied) and the legend's entries."""
    for item in items:
        card.plot.removeItem(item)
    items.clear()
    legend = card.plot.getPlotItem().legend
    if legend is not None:
        legend.clear()
    card.forget_curves()
    show_values(card, False)


def show_values(card: PlotCard, shown: bool) -> None:
    """The axes' numbers only over drawn curves: an empty chart read "step 0.1 … 0.9" and
    "val loss 0.1 … 0.9", a range no experiment has (walkthrough s15)."""
    for name in ("left", "bottom"):
        card.plot.getPlotItem().getAxis(name).setStyle(showValues=shown)


def draw_variants(card: PlotCard, variants: list[Any]) -> list[pg.GraphicsObject]:
    """Mean ± std of every variant with a finished run (a new result: new items)."""
    card.plot.enableAutoRange()
    xs = sorted({float(x) for var in variants for x in var.steps})
    beam = 0.0
    if len(xs) == 1:  # one step: a window around it, and bar caps a fraction of it wide
        half = max(0.5, 0.05 * abs(xs[0]))
        card.plot.setXRange(xs[0] - half, xs[0] + half, padding=0)
        beam = 0.2 * half
    items: list[pg.GraphicsObject] = []
    for i, var in enumerate(variants):  # a variant with no finished run: no curve
        items += draw_variant(card, i, var, beam) if var.steps else []
    show_values(card, bool(items))
    return items


def draw_variant(card: PlotCard, i: int, var: Any, beam: float) -> list[pg.GraphicsObject]:
    """Mean curve with markers and its ± std band. Why markers and error bars: with one
    validation point per run (eval interval ≥ steps) a line and a fill between two curves
    draw nothing at all, and the chart looked empty. A band needs two points; below that
    each point gets a ± std error bar instead."""
    color = pg.mkColor(layer_color(i))
    steps = np.asarray(var.steps, dtype=np.float64)
    mean = np.asarray(var.mean, dtype=np.float64)
    std = np.nan_to_num(np.asarray(var.std, dtype=np.float64))  # one seed: no spread
    band_color = pg.mkColor(color)
    band_color.setAlpha(60)
    items: list[pg.GraphicsObject] = []
    label = "{0} (m={1})".format(variant_name(var.name), var.intermediate)
    if len(steps) >= 2:  # the band's edges: named in the CSV only (they were "y1", "y2")
        upper = card.curve(label + " + std", hover=False, legend=False,
                           pen=pg.mkPen(color, width=0.5))
        lower = card.curve(label + " − std", hover=False, legend=False,
                           pen=pg.mkPen(color, width=0.5))
        upper.setData(steps, mean + std)
        lower.setData(steps, mean - std)
        band = pg.FillBetweenItem(upper, lower, brush=pg.mkBrush(band_color))
        card.plot.addItem(band)
        items += [upper, lower, band]
    elif len(steps) == 1:  # capped, so bars of variants at the same step stay apart
        bars = pg.ErrorBarItem(x=steps, y=mean, top=std, bottom=std, beam=beam,
                               pen=pg.mkPen(color, width=2.0))
        card.plot.addItem(bars)
        items.append(bars)
    line = card.curve(label, pen=pg.mkPen(color, width=2.5), symbol="o", symbolSize=8,
                      symbolPen=pg.mkPen(color), symbolBrush=pg.mkBrush(color))
    line.setData(steps, mean)
    items.append(line)
    return items


class ResultTable(QTableWidget):
    """Quantity | Value, both wrapped: the Quantity column takes what its text needs, up to
    ``QUANTITY_SHARE`` of the width, and the value the rest; every row is as tall as its wrapped
    text and the table as tall as its rows (the verdict, the last one, must not hide below a
    scroll). At 1024 px the Quantity column took its whole text and left the value 70 px
    ("2.1601 ± 0.0334 (n", a verdict of one word per line; walkthrough s20 D2)."""

    QUANTITY_SHARE = 0.5
    LEAST_QUANTITY = 80  # px
    CELL_PAD = 12  # px around a cell's text (the style's margins and the grid line)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 2, parent)
        self.setTabKeyNavigation(False)  # one Tab stop; the arrows move within
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def fit(self) -> None:
        """Share the width between the columns, then fit every row's and the table's height."""
        room = self.viewport().width()
        want = max((QFontMetrics(item.font()).horizontalAdvance(item.text()) + self.CELL_PAD
                    for r in range(self.rowCount()) if (item := self.item(r, 0)) is not None),
                   default=0)  # one line each (sizeHintForColumn measured the wrapped text)
        share = int(room * self.QUANTITY_SHARE)
        self.horizontalHeader().resizeSection(0, max(self.LEAST_QUANTITY, min(want, share)))
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Every row as tall as its text at the columns' widths now, the table as tall as its
        rows."""
        self.resizeRowsToContents()
        rows = sum(self.rowHeight(r) for r in range(self.rowCount()))
        header = self.horizontalHeader()  # not laid out yet while the view is hidden
        self.setFixedHeight(max(header.height(), header.sizeHint().height()) + rows +
                            2 * self.frameWidth() + 2)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():  # (a height change is the fit's)
            self.fit()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """Fit again when shown: rows fitted while hidden (a view restored from a state file in
        another tab) measured one line each, and no later resize came to fix them."""
        super().showEvent(event)
        self.fit()


def num(x: float) -> str:
    """``loss_text`` with "—" where there is no value."""
    return loss_text(x, "—")


def verdict_text(verdict: object) -> str:
    """The verdict in the current language, its best variant by name ("SwiGLU better by …",
    not the id "swiglu"): core keeps ids in its messages, the view names them."""
    if isinstance(verdict, Msg) and isinstance(verdict.values.get("best"), str):
        verdict = Msg(verdict.key, {**verdict.values, "best": variant_name(verdict.values["best"])})
    return message_text(verdict)
