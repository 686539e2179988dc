"""View 3, "The MLP as a small correction": ‖MLP out‖ / ‖layer out‖ per layer, and the residual norm.

The lesson's exercise is to click the largest and the smallest non-empty bar and compare their
ratios, so a click on a bar (or anywhere in its column) picks that layer for every view and
shows its exact ratio at the chosen token and averaged over the text. Beside it, the residual
stream's norm per layer shows the small writes adding up. The numbers come from
``core.inside.analysis`` through the shared selection; this module only draws them.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gatelab.ui.inside_caption import trace_caption
from gatelab.ui.inside_export import DataCard
from gatelab.ui.inside_state import InsideSelection
from gatelab.ui.inside_text import StaticLabel, display_piece
from gatelab.ui.widgets import fmt_number, style_axes
from gatelab.ui.plot_ticks import index_ticks

TOKEN_BRUSH = pg.mkBrush(31, 119, 180, 220)
PICKED_PEN = pg.mkPen("#d66e00", width=3)  # the picked layer: an orange outline, same blue fill
TOKEN_PEN = pg.mkPen("#1f4e79")
MEAN_BRUSH = pg.mkBrush(150, 150, 150, 150)
BAR_W = 0.38


def _column(summary: list[dict], key: str) -> np.ndarray:
    """One key of a per-layer summary as floats (None, e.g. no softmax attention, → nan)."""
    return np.array([np.nan if row.get(key) is None else float(row[key]) for row in summary])


class MlpView(QWidget):
    """Bars of the MLP's share per layer (token and text mean) and the residual norm."""

    def __init__(self, selection: InsideSelection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sel = selection
        self.ratio_card = DataCard("")
        self.norm_card = DataCard("")
        for card in (self.ratio_card, self.norm_card):
            style_axes(card.plot.getPlotItem())
            card.plot.getPlotItem().setMenuEnabled(False)
            card.plot.setMouseEnabled(x=False, y=False)
            card.csv_source = self.csv_rows
        # legends under the plots, never over a bar or a point: in the view's corner the legend
        # covered the last bar's top with 4 layers, and the text mean's first points (probe s24)
        self.ratio_card.add_fitted_legend()
        self.token_bars = pg.BarGraphItem(x=[], height=[], width=BAR_W, brush=TOKEN_BRUSH,
                                          pen=TOKEN_PEN, name="this token")
        self.mean_bars = pg.BarGraphItem(x=[], height=[], width=BAR_W, brush=MEAN_BRUSH,
                                         pen=pg.mkPen("#666"), name="mean over the text")
        for item in (self.token_bars, self.mean_bars):
            self.ratio_card.plot.addItem(item)
        self.norm_card.add_fitted_legend()
        self.norm_token = self.norm_card.curve("this token", pen=pg.mkPen("#1f77b4", width=2),
                                               symbol="o", symbolSize=7, symbolBrush="#1f77b4")
        self.norm_mean = self.norm_card.curve("mean over the text",
                                              pen=pg.mkPen("#888", width=2, style=Qt.PenStyle.DashLine),
                                              symbol="s", symbolSize=6, symbolBrush="#888",
                                              symbolPen=None)  # markers: one layer = one point
        self.picked_line = pg.InfiniteLine(angle=90, pen=pg.mkPen("#d66e00", width=1.5))
        self.norm_card.plot.addItem(self.picked_line)
        self.readout = StaticLabel(2, self)
        self.readout.setObjectName("inside-mlp-readout")
        self.readout.setStyleSheet("font-size: 11pt; background: #fdf6e3;")
        self.hint = hint = QLabel(self)
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #555;")
        row = QHBoxLayout()
        row.addWidget(self.ratio_card, 3)
        row.addWidget(self.norm_card, 2)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(row, 1)
        lay.addWidget(self.readout)
        lay.addWidget(hint)
        self.ratio_card.plot.scene().sigMouseClicked.connect(self._on_click)
        self._ratio = np.zeros(0)
        self._mean = np.zeros(0)
        self._norm = np.zeros(0)
        self._norm_mean = np.zeros(0)
        self._top = 0.0
        self._shown = self._before = -1  # the picked layer and the one picked before it
        selection.trace_changed.connect(self.refresh)
        selection.token_changed.connect(lambda _t: self.refresh(new_trace=False))
        selection.layer_changed.connect(lambda _l: self._show_layer())
        self.retranslate()

    def retranslate(self) -> None:
        """Titles, axis labels, legend names, the hint and the readout in the current language."""
        self.ratio_card.set_title(self.tr("MLP contribution: ‖MLP out‖ / ‖layer out‖"),
                                  self.tr("How big a correction each layer's MLP writes into the "
                                          "residual stream, relative to the stream after it"))
        self.norm_card.set_title(self.tr("Residual-stream norm ‖layer out‖"),
                                 self.tr("The norm of the hidden state after each layer"))
        for card in (self.ratio_card, self.norm_card):
            card.retranslate()
            card.plot.setLabel("bottom", self.tr("layer"))
        for card, item in ((self.ratio_card, self.token_bars), (self.norm_card, self.norm_token)):
            card.rename_curve(item, self.tr("this token"))
        for card, item in ((self.ratio_card, self.mean_bars), (self.norm_card, self.norm_mean)):
            card.rename_curve(item, self.tr("mean over the text"))
        self.hint.setText(self.tr("Click a bar to read its layer's exact ratio. The lesson's "
                                  "exercise: click the largest and the smallest non-empty bar "
                                  "and compare."))
        self._set_captions()
        self._show_layer()

    # -- drawing ------------------------------------------------------------------------------
    def refresh(self, new_trace: bool = True) -> None:
        if not self.sel.has_trace():
            self._ratio = self._mean = self._norm = self._norm_mean = np.zeros(0)
            self.token_bars.setOpts(x=[], height=[])
            self.mean_bars.setOpts(x=[], height=[])
            self.norm_token.setData([], [])
            self.norm_mean.setData([], [])
            self.readout.setText("")
            self._set_captions()
            return
        token, mean = self.sel.token_summary(), self.sel.mean_summary()
        self._ratio, self._mean = _column(token, "mlp_ratio"), _column(mean, "mlp_ratio")
        self._norm, self._norm_mean = _column(token, "resid_norm"), _column(mean, "resid_norm")
        x = np.arange(len(self._ratio), dtype=float)
        self.mean_bars.setOpts(x=x + BAR_W / 2, height=np.nan_to_num(self._mean))
        self.norm_token.setData(*_finite(x, self._norm))
        if new_trace:  # the axes and the text's mean change only with the trace
            self._shown = self._before = -1
            self.norm_mean.setData(*_finite(x, self._norm_mean))
            ticks = index_ticks(len(x))
            for card in (self.ratio_card, self.norm_card):
                card.plot.getAxis("bottom").setTicks(ticks)
                card.plot.setXRange(-0.6, len(x) - 0.4, padding=0)
        top = float(np.nanmax(np.concatenate([self._ratio, self._mean, [0.0]])))
        if new_trace or top > self._top or top < 0.5 * self._top:  # sticky: no relayout per token
            # nothing finite (NaN weights) or all zero: 0..1, not 0..1e-6's ticks of 1e-7
            self._top = top * 1.1 if top > 1e-6 else 1.0
            self.ratio_card.plot.setYRange(0, self._top, padding=0)
        self._set_captions()
        self._show_layer()

    def _set_captions(self) -> None:
        """The exported pictures' caption: the run or model, its step, the text and the token
        whose bars they show ("" without a trace)."""
        trace = self.sel.trace if self.sel.has_trace() else None
        caption = trace_caption(trace, self.sel.token if trace is not None else None)
        for card in (self.ratio_card, self.norm_card):
            card.set_export_caption(caption)

    def _show_layer(self) -> None:
        """Outline the picked layer's bar (its fill stays the legend's colour) and say its
        exact numbers."""
        if not len(self._ratio):
            return
        layer = self.sel.layer
        x = np.arange(len(self._ratio), dtype=float) - BAR_W / 2
        pens = [PICKED_PEN if i == layer else TOKEN_PEN for i in range(len(x))]
        self.token_bars.setOpts(x=x, height=np.nan_to_num(self._ratio), pens=pens)
        self.picked_line.setPos(layer)
        if layer != self._shown:  # the lesson's exercise compares two picks
            self._before, self._shown = self._shown, layer
        self.readout.setText(self.layer_text(layer) + self.compare_text(layer))

    def compare_text(self, layer: int) -> str:
        """A second line comparing ``layer``'s ratio with the layer picked before it (the
        exercise: the largest against the smallest non-empty bar); empty when nothing fits."""
        before, r = self._before, self._ratio
        if not (0 <= before < len(r)) or before == layer:
            return ""
        a, b = float(r[layer]), float(r[before])
        if not (np.isfinite(a) and np.isfinite(b) and a > 0 and b > 0):
            return ""
        return "<br>" + self.tr("Compared with L{0} ({1}): the larger ratio is {2}× the "
                                "smaller.").format(before, fmt_number(b, 4),
                                                   fmt_number(max(a, b) / min(a, b), 2))

    def layer_text(self, layer: int) -> str:
        t = self.sel.token
        piece = display_piece(self.sel.trace.tokens[t])  # type: ignore[union-attr]
        return self.tr("<b>L{0}</b> at token {1} “{2}”: ‖MLP out‖ / ‖layer out‖ = <b>{3}</b> "
                       "(mean over the text {4}); ‖layer out‖ = {5}").format(
            layer, t, piece, fmt_number(self._ratio[layer], 4), fmt_number(self._mean[layer], 4),
            fmt_number(self._norm[layer], 3))

    # -- the lesson's exercise ------------------------------------------------------------------
    def largest_bar(self) -> int:
        """The layer of the tallest "this token" bar (−1 without bars)."""
        ok = np.isfinite(self._ratio) & (self._ratio > 0)
        return int(np.argmax(np.where(ok, self._ratio, -np.inf))) if ok.any() else -1

    def smallest_bar(self) -> int:
        """The layer of the lowest non-empty (> 0) "this token" bar (−1 without one)."""
        ok = np.isfinite(self._ratio) & (self._ratio > 0)
        return int(np.argmin(np.where(ok, self._ratio, np.inf))) if ok.any() else -1

    def pick_layer(self, layer: int) -> None:
        """What a click on ``layer``'s bar does: pick it everywhere and read its exact ratio."""
        self.sel.set_layer(layer)
        self._show_layer()

    # -- picking ------------------------------------------------------------------------------
    def bar_point(self, layer: int) -> QPointF:
        """Viewport point at the middle of ``layer``'s token bar (for tests)."""
        vb = self.ratio_card.plot.getPlotItem().getViewBox()
        y = float(np.nan_to_num(self._ratio[layer])) / 2 or 1e-9
        scene = vb.mapViewToScene(QPointF(layer - BAR_W / 2, y))
        return QPointF(self.ratio_card.plot.mapFromScene(scene))

    def _on_click(self, ev) -> None:  # noqa: ANN001 (pyqtgraph mouse event)
        vb = self.ratio_card.plot.getPlotItem().getViewBox()
        if ev.button() != Qt.MouseButton.LeftButton or not len(self._ratio):
            return
        if not vb.sceneBoundingRect().contains(ev.scenePos()):
            return
        layer = int(round(vb.mapSceneToView(ev.scenePos()).x()))
        if 0 <= layer < len(self._ratio):
            self.pick_layer(layer)

    # -- export -------------------------------------------------------------------------------
    def csv_rows(self) -> tuple[list[str], list[list[object]]]:
        headers = ["layer", "mlp_ratio_token", "mlp_ratio_mean", "resid_norm_token",
                   "resid_norm_mean"]
        rows = [[i, float(self._ratio[i]), float(self._mean[i]), float(self._norm[i]),
                 float(self._norm_mean[i])] for i in range(len(self._ratio))]
        return headers, rows


def _finite(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The points with a finite y: NaN weights gave all-NaN lines, which pyqtgraph's autorange
    warned about (the panel's line says the numbers are not finite)."""
    keep = np.isfinite(y)
    return x[keep], y[keep]
