"""The trainer's live plots: loss, gate sparsity, MLP contribution, max |h|, schedule and speed.

Live training and a replayed run feed the same rows (``Snapshot.metrics_row()`` objects, the very
lines of ``metrics.jsonl``), so what a learner sees while training is exactly what reopening the
run shows later. Items are created once per run (per layer where needed) and only ``setData`` is
called afterwards. Redraws are coalesced (the loss plot at most every 100 ms, slower-moving plots
less often) and staggered: one plot
per event-loop turn, because repainting all six at once costs more than the 50 ms a GUI may
stall (software rendering of axis text dominates; see docs/BENCHMARKS-trainer.md).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from gatelab.core.metrics_history import PER_LAYER_KEYS, MetricsHistory  # noqa: F401 (also from here)
from gatelab.core.smoothing import debiased_ema
from gatelab.ui.plot_range import Y_LIMIT, sticky_range  # noqa: F401 (imported from here too)
from gatelab.ui.plot_card import PlotCard
from gatelab.ui.plot_ticks import index_ticks

EMA_BETA = 0.95
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")
DRAW_ORDER = ("loss", "sparsity", "max_h", "mlp_ratio", "lr", "tokens_per_s")
# seconds between redraws of each plot: the loss at 10 Hz; the slower-moving plots less often,
# which halves the GUI's painting (and its share of the GIL that the training thread needs)
MIN_REDRAW_S = {"loss": 0.1, "sparsity": 0.25, "max_h": 0.25, "mlp_ratio": 0.25, "lr": 0.5,
                "tokens_per_s": 0.5}
STAGGER_MS = 15  # one plot per event-loop turn, a turn every 15 ms while plots are due
# the least height of each plot (PlotCard's own is 150): three rows of 150 made the tab 769 px
# tall, more than a 1024×700 window (or a 768 px screen) has, and the squeezed plots lost their
# legends' last rows; each card still keeps its axes, legend rows and some data in view
PLOT_MIN_H = 100


KEY_GREY = "#555"  # the sparsity legend's style samples (solid: closed, dashed: g<0)


def layer_color(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


class TrainerPlots(QWidget):
    """Six plot cards in a grid; feed rows with ``add_rows``; ``redraw_now`` for tests/replay."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.history = MetricsHistory()
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(6)

        self.loss = PlotCard("", one_line=True)
        self.loss.add_fitted_legend()  # under the plot: inside, it covered the early curves
        self.c_train = self.loss.curve("train", pen=pg.mkPen("#9ecae1", width=1))
        self.c_ema = self.loss.curve("ema", pen=pg.mkPen("#1f77b4", width=2.5))
        self.c_val = self.loss.curve(
            "val", pen=pg.mkPen("#d62728", width=2), symbol="o", symbolSize=7,
            symbolBrush="#d62728", symbolPen="#d62728")
        self.sparsity = PlotCard("", one_line=True)
        # every multi-layer plot has a legend under it; sparsity's is a style key (solid, dashed)
        # and one entry per layer colour: 2 + n short entries, where "Lk closed", "Lk g<0" pairs
        # took four rows at 8 layers and left the plot ~50 px at 1280×800
        self.sparsity.add_fitted_legend()
        self._key_closed = self.sparsity.legend_key("closed", pen=pg.mkPen(KEY_GREY, width=2))
        self._key_neg = self.sparsity.legend_key("g<0", pen=pg.mkPen(
            KEY_GREY, width=1, style=Qt.PenStyle.DashLine))
        self._layer_keys: list[pg.PlotDataItem] = []
        self.sparsity.plot.setYRange(0.0, 1.0)
        self.maxh = PlotCard("", one_line=True)
        self.maxh.add_fitted_legend()  # layer colours, shared by sparsity
        self.ratio = PlotCard("", one_line=True)
        self.ratio_bars = pg.BarGraphItem(x=[], height=[], width=0.6, brush="#6baed6")
        self.ratio.plot.addItem(self.ratio_bars)
        self.ratio.plot.getAxis("bottom").setTicks([[]])  # layers "L0", "L1"… once known
        self.c_ratio = self.ratio.curve(  # bar tops: hover + CSV export
            "ratio", pen=None, symbol="t1", symbolSize=8, symbolBrush="#08519c",
            symbolPen="#08519c")
        self.lr = PlotCard("", one_line=True)
        self.c_lr = self.lr.curve("lr", pen=pg.mkPen("#2ca02c", width=2))
        self.sink_label = QLabel()  # the first-token share; LiveView shows it above the plots
        self.speed = PlotCard("", one_line=True)
        self.c_speed = self.speed.curve("tokens/s", pen=pg.mkPen("#9467bd", width=2))

        grid.addWidget(self.loss, 0, 0, 1, 2)
        grid.addWidget(self.sparsity, 0, 2, 1, 2)
        grid.addWidget(self.maxh, 1, 0, 1, 2)
        grid.addWidget(self.ratio, 1, 2, 1, 2)
        grid.addWidget(self.lr, 2, 0, 1, 2)
        grid.addWidget(self.speed, 2, 2, 1, 2)
        for card in self.cards().values():
            card.set_plot_min_height(PLOT_MIN_H)
        grid.setRowStretch(0, 3)
        grid.setRowStretch(1, 2)
        grid.setRowStretch(2, 1)
        for col in range(4):
            grid.setColumnStretch(col, 1)

        self._closed: list[pg.PlotDataItem] = []
        self._neg: list[pg.PlotDataItem] = []
        self._maxh: list[pg.PlotDataItem] = []
        self._y: dict[str, tuple[float, float] | None] = {}
        self._dirty: set[str] = set()
        self._drawn_at: dict[str, float] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(STAGGER_MS)
        self._timer.timeout.connect(self._on_tick)
        self.retranslate()

    def retranslate(self) -> None:
        """Titles (short: one line at 1280 px), tips, axis labels and legend names."""
        self.loss.set_title(self.tr("Loss"), self.tr(
            "Cross-entropy in nats per character on the training batch (thin), its debiased "
            "moving average (thick) and on held-out validation text (dots). Lower is better; "
            "ln(vocab) is a random guess."))
        self.sparsity.set_title(self.tr("Gate sparsity"), self.tr(
            "Solid: fraction of gates 'closed' (|act(g)| < ε) — the neuron passes almost nothing. "
            "Dashed: fraction of pre-gates g < 0. One colour per layer, named in the legend."))
        self.sparsity.rename_curve(self._key_closed, self.tr("closed"))
        self.sparsity.rename_curve(self._key_neg, self.tr("g<0"))
        self.maxh.set_title(self.tr("Largest |h|"), self.tr(
            "The biggest MLP hidden activation h = act(g)·u seen, per layer: outliers grow here "
            "first."))
        self.ratio.set_title(self.tr("MLP share"), self.tr(
            "‖MLP output‖ / ‖layer output‖ averaged over tokens, per layer: each MLP writes a "
            "correction into the residual stream, not a replacement (values well below 1)."))
        self.lr.set_title(self.tr("Learning rate"), self.tr("Warm-up, then cosine decay."))
        self.speed.set_title(self.tr("Throughput"), self.tr(
            "Tokens (characters) processed per second of training."))
        for card, bottom, left in ((self.loss, self.tr("step"), self.tr("nats/char")),
                                   (self.sparsity, self.tr("step"), self.tr("fraction")),
                                   (self.maxh, self.tr("step"), "|h|"),
                                   (self.ratio, self.tr("layer"), self.tr("ratio")),
                                   (self.lr, self.tr("step"), self.tr("lr")),
                                   (self.speed, self.tr("step"), self.tr("tokens/s"))):
            card.plot.setLabel("bottom", bottom)
            card.plot.setLabel("left", left)
            card.set_hover_x_label(bottom)
            card.retranslate()
            card.hold_item_room()  # the axis labels' height, in this language
        for card, item, name in ((self.loss, self.c_train, self.tr("train")),
                                 (self.loss, self.c_ema, self.tr("train (smoothed)")),
                                 (self.loss, self.c_val, self.tr("validation")),
                                 (self.ratio, self.c_ratio, self.tr("ratio")),
                                 (self.lr, self.c_lr, self.tr("lr")),
                                 (self.speed, self.c_speed, self.tr("tokens/s"))):
            card.rename_curve(item, name)
        for i in range(len(self._closed)):
            self._name_layer(i)
        self.sink_label.setToolTip(self.tr(
            "Mean attention weight on the first token (an attention sink) at the latest "
            "statistics step: over all layers, then per layer. Compare runs with the attention "
            "output gate off and on."))
        self._show_sink()

    def _show_sink(self) -> None:
        """The first-token share of the latest statistics row, mean and per layer."""
        h = self.history
        sink = h.latest("attn_sink")
        if not np.isfinite(sink).any():
            self.sink_label.setText(self.tr("first-token share: —"))
            return
        layers = " · ".join("L{0} {1:.2f}".format(i, v) for i, v in enumerate(sink) if v == v)
        self.sink_label.setText(self.tr("first-token share: {0:.2f} ({1})").format(
            float(np.nanmean(sink)), layers))

    def _name_layer(self, i: int) -> None:
        self.sparsity.rename_curve(self._closed[i], self.tr("L{0} closed").format(i))
        self.sparsity.rename_curve(self._neg[i], self.tr("L{0} g<0").format(i))
        self.maxh.rename_curve(self._maxh[i], "L{0}".format(i))

    def cards(self) -> dict[str, PlotCard]:
        return {"loss": self.loss, "sparsity": self.sparsity, "max_h": self.maxh,
                "mlp_ratio": self.ratio, "lr": self.lr, "tokens_per_s": self.speed}

    # -- data ----------------------------------------------------------------------------------
    def clear(self, steps_total: int | None = None) -> None:
        """Forget the current run; with ``steps_total`` the step axes span the whole run."""
        self.history = MetricsHistory()
        self._set_step_range(steps_total)
        self.redraw_now()

    def add_rows(self, rows: Iterable[dict[str, Any]]) -> None:
        rows = list(rows)
        if not rows:
            return
        n_stats = len(self.history.stat_steps)
        self.history.add_rows(rows)
        self._dirty |= {"loss", "lr", "tokens_per_s"}
        if len(self.history.stat_steps) != n_stats:
            self._dirty |= {"sparsity", "max_h", "mlp_ratio"}
        if not self._timer.isActive():
            self._timer.start(STAGGER_MS)

    def set_rows(self, rows: Iterable[dict[str, Any]], steps_total: int | None = None) -> None:
        """Show a whole run at once (replay); the step axes span ``steps_total`` or the data."""
        self.history = MetricsHistory()
        self.history.add_rows(rows)
        last = self.history.steps[-1] if self.history.steps else None
        self._set_step_range(max(steps_total or 0, last or 0) or None)
        self.redraw_now()

    def _set_step_range(self, steps_total: int | None) -> None:
        """A fixed x range avoids re-laying-out every step axis on every redraw. A new run or a
        replay starts here, so each hover readout, naming the old run's values, is cleared, and
        each y range (and a zoom or pan) goes back to a new plot's: a card without data yet
        kept the last run's (Largest |h| 2–6 at the start of the next run)."""
        self._y.clear()
        for name, card in self.cards().items():
            card.clear_readout()
            card.plot.setYRange(0.0, 1.0, padding=None if name == "sparsity" else 0.0)
            if name == "mlp_ratio":  # its layer axis is set to the bars when they are drawn
                continue
            if steps_total:  # (3 %: the last validation dot was drawn half off the edge)
                card.plot.setXRange(0, steps_total, padding=0.03)
            else:
                card.plot.enableAutoRange(axis="x")

    # -- drawing -------------------------------------------------------------------------------
    def _ensure_layers(self, n: int) -> None:
        """Per-layer curves are created once for a given layer count (a new model: new items)."""
        if len(self._closed) == n:
            return
        for items, card in ((self._closed, self.sparsity), (self._neg, self.sparsity),
                            (self._maxh, self.maxh)):
            card.forget_curves(items)
            for item in items:
                card.plot.removeItem(item)
            items.clear()
        self.sparsity.drop_legend_keys(self._layer_keys)
        for i in range(n):
            color = layer_color(i)
            self._closed.append(self.sparsity.curve(
                "L{0} closed".format(i), legend=False, pen=pg.mkPen(color, width=2)))
            self._neg.append(self.sparsity.curve("L{0} g<0".format(i), legend=False, pen=pg.mkPen(
                color, width=1, style=Qt.PenStyle.DashLine)))
            self._layer_keys.append(self.sparsity.legend_key(
                "L{0}".format(i), pen=pg.mkPen(color, width=2)))
            self._maxh.append(self.maxh.curve("L{0}".format(i), pen=pg.mkPen(color, width=2)))
            self._name_layer(i)

    def _on_tick(self) -> None:
        """Redraw one due card per event-loop turn, so no single repaint blocks the GUI long."""
        now = time.monotonic()
        due = [n for n in DRAW_ORDER if n in self._dirty
               and now - self._drawn_at.get(n, 0.0) >= MIN_REDRAW_S[n]]
        if due:
            self._draw(due[0])
        if self._dirty:  # come back when the next plot is due (or the next turn)
            wait = min(MIN_REDRAW_S[n] - (now - self._drawn_at.get(n, 0.0)) for n in self._dirty)
            self._timer.start(max(STAGGER_MS, int(wait * 1000)))

    def redraw_now(self) -> None:
        for name in DRAW_ORDER:
            self._draw(name)

    def _fit_y(self, name: str, *values: np.ndarray, floor: float | None = None) -> None:
        new = sticky_range(self._y.get(name), values, floor)
        if new is not None and new != self._y.get(name):
            self._y[name] = new
            self.cards()[name].plot.setYRange(new[0], new[1], padding=0)

    def _draw(self, name: str) -> None:
        self._dirty.discard(name)
        self._drawn_at[name] = time.monotonic()
        h = self.history
        steps = np.asarray(h.steps, dtype=np.float64)
        if name == "loss":
            loss = np.asarray(h.train_loss, dtype=np.float64)
            self.c_train.setData(steps, loss)
            self.c_ema.setData(steps, debiased_ema(loss, EMA_BETA) if len(loss) else loss)
            val = np.asarray(h.val_loss, dtype=np.float64)
            self.c_val.setData(np.asarray(h.val_steps, dtype=np.float64), val)
            self._fit_y("loss", loss, val)
        elif name == "lr":
            lr = np.asarray(h.lr, dtype=np.float64)
            self.c_lr.setData(steps, lr)
            self._fit_y("lr", lr, floor=0.0)
        elif name == "tokens_per_s":
            tps = np.asarray(h.tokens_per_s, dtype=np.float64)
            self.c_speed.setData(steps, tps)
            self._fit_y("tokens_per_s", tps, floor=0.0)
        elif name in ("sparsity", "max_h"):
            n = h.n_layer
            self._ensure_layers(n)
            x = np.asarray(h.stat_steps, dtype=np.float64)
            if name == "sparsity":
                closed, neg = h.layer_matrix("frac_closed"), h.layer_matrix("frac_neg")
                for i in range(n):
                    self._closed[i].setData(x, closed[:, i])
                    self._neg[i].setData(x, neg[:, i])
            else:
                maxh = h.layer_matrix("max_abs_h")
                for i in range(n):
                    self._maxh[i].setData(x, maxh[:, i])
                self._fit_y("max_h", maxh, floor=0.0)
        elif name == "mlp_ratio":
            self._show_sink()
            n = h.n_layer
            if n:
                layers = np.arange(n, dtype=np.float64)
                ratio = np.nan_to_num(h.latest("mlp_ratio"), nan=0.0)
                self.ratio_bars.setOpts(x=layers, height=ratio, width=0.6)
                self.c_ratio.setData(layers, ratio)
                self._fit_y("mlp_ratio", ratio, np.zeros(1), floor=0.0)
                self.ratio.plot.setXRange(-0.5, n - 0.5, padding=0.05)  # the bars, now
                self.ratio.plot.getAxis("bottom").setTicks(index_ticks(n))
            else:  # no layer yet: an empty layer axis, not pyqtgraph's 0.2 … 0.8
                self.ratio_bars.setOpts(x=[], height=[], width=0.6)
                self.c_ratio.setData([], [])
                self.ratio.plot.getAxis("bottom").setTicks([[]])
