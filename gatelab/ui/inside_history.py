"""The step slider: a saved run's statistics replayed checkpoint by checkpoint.

Why: gates close and MLP contributions settle *during* training; the history keeps, for every
checkpoint, the per-layer numbers and the (g, u) of every neuron at the trainer's probe
position. The slider shows them; where the history also kept that step's weights, the tab
re-traces the text at that step so every other view follows. Older runs without a history show
one entry, their latest stats. Nothing here computes; it draws ``LayerStats`` arrays.

Core refuses entries it cannot vouch for when it reads the history, yet this view indexes the
arrays by layer on the GUI thread, where an exception would end in a traceback: each entry is
checked again (``stats_problem``, once per entry) and one that cannot be drawn shows why in the
readout, with empty plots, instead of raising.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QSlider, QVBoxLayout, QWidget

from gatelab.core.stats_history import stats_problem
from gatelab.ui.inside_caption import history_caption
from gatelab.ui.inside_export import DataCard
from gatelab.ui.inside_state import InsideSelection
from gatelab.ui.inside_text import StaticLabel
from gatelab.ui.messages import message_text
from gatelab.ui.qt_cycles import detach
from gatelab.ui.widgets import fmt_number, style_axes
from gatelab.ui.plot_ticks import index_ticks

SERIES = (("frac_neg", "#d62728"), ("frac_closed", "#7f7f7f"), ("mlp_ratio", "#1f77b4"),
          ("attn_sink", "#ff7f0e"))


class HistoryView(QWidget):
    """Slider over checkpoints, per-layer statistics and the picked layer's (g, u) cloud."""

    step_requested = Signal(int)  # re-trace the text at this step (only steps with kept weights)

    def __init__(self, selection: InsideSelection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sel = selection
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("inside-step-slider")
        self.slider.setEnabled(False)
        self.slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.step_label = QLabel(self)
        self.step_label.setMinimumWidth(160)
        self.follow = QCheckBox(self)
        self.follow.setChecked(True)
        self.lines = DataCard("")
        self.cloud = DataCard("")
        for card in (self.lines, self.cloud):
            style_axes(card.plot.getPlotItem())
            card.plot.setMouseEnabled(x=False, y=False)
        self.lines.csv_source = self.csv_rows
        self.cloud.csv_source = self.cloud_rows  # the dots on show, not the per-layer table
        # under the plot, never over the "closed gates" curve (the trainer's legend)
        self.legend = self.lines.add_fitted_legend()
        self.curves = {key: self.lines.curve(key, pen=pg.mkPen(colour, width=2), symbol="o",
                                             symbolSize=6, symbolBrush=colour)
                       for key, colour in SERIES}
        self.cloud.plot.setLabel("bottom", "g")
        self.cloud.plot.setLabel("left", "u")
        self.cloud.plot.getPlotItem().setAspectLocked(True)
        self.dots = pg.ScatterPlotItem(size=5, pen=None, brush=pg.mkBrush(40, 40, 40, 150))
        self.cloud.plot.addItem(self.dots)
        self.readout = StaticLabel(2, self)
        self.readout.setObjectName("inside-history-readout")
        self.readout.setStyleSheet("font-size: 11pt; background: #fdf6e3;")
        top = QHBoxLayout()
        self.checkpoint_label = QLabel(self)
        top.addWidget(self.checkpoint_label)
        top.addWidget(self.slider, 1)
        top.addWidget(self.step_label)
        top.addWidget(self.follow)
        cards = QHBoxLayout()
        cards.addWidget(self.lines, 3)
        cards.addWidget(self.cloud, 2)
        self._layout = lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(top)
        lay.addLayout(cards, 1)
        lay.addWidget(self.readout)
        lay.addStretch(0)  # the room of hidden plots (set_history), so the message is on top
        self._history: list[tuple[int, object]] = []
        self._skipped: list[object] = []
        self._weights: set[int] = set()
        self._problems: dict[int, str] = {}  # index → why that entry cannot be drawn ("" if it can)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(250)
        self._debounce.timeout.connect(self._emit_step)
        self.slider.valueChanged.connect(self._on_slider)
        selection.layer_changed.connect(lambda _l: self.show_entry())
        # a trace of another step (or one that failed to come) changes what the readout claims
        selection.trace_changed.connect(lambda: self.show_entry() if self._history else None)
        self._message: Callable[[], str] = lambda: ""
        self.set_history([], [])
        self.retranslate()

    def retranslate(self) -> None:
        """Captions, legend names and the current entry's readout in the current language."""
        self.follow.setText(self.tr("Trace the text at this step"))
        self.follow.setToolTip(self.tr("Where the run kept that step's weights, every view shows "
                                       "the text traced through the model as it was then"))
        self.lines.set_title(self.tr("Per layer at this checkpoint (trainer's probe text)"))
        self.cloud.set_title(self.tr("(g, u) of every neuron of the picked layer"))
        for card in (self.lines, self.cloud):
            card.retranslate()
        self.lines.plot.setLabel("bottom", self.tr("layer"))
        names = {"frac_neg": self.tr("negative pre-gates"), "frac_closed": self.tr("closed gates"),
                 "mlp_ratio": self.tr("MLP ratio"), "attn_sink": self.tr("first-token share")}
        for key, curve in self.curves.items():
            self.lines.rename_curve(curve, names[key])
        self.checkpoint_label.setText(self.tr("Checkpoint"))
        if self._history:
            self.show_entry()
        else:
            self.readout.setText(self._empty_text() + self._skipped_note())

    def _empty_text(self) -> str:
        return self._message() or self.tr(
            "Open a saved run to replay its statistics checkpoint by checkpoint.")

    # -- content ------------------------------------------------------------------------------
    def set_history(self, history: list[tuple[int, object]], weight_steps: list[int],
                    message: str | Callable[[], str] = "", skipped: list[object] = ()) -> None:
        """Entries [(step, LayerStats)], ascending; shows the latest one. ``message`` (shown
        when there are none) may be a function, so that it follows a language switch.
        ``skipped``: why damaged entries were left out (messages), noted under every entry."""
        self._message = detach(message, self) if callable(message) else (lambda: message)
        self._history = list(history)
        self._skipped = list(skipped)
        self._problems = {}
        self._weights = set(weight_steps)
        self.slider.blockSignals(True)
        self.slider.setRange(0, max(len(history) - 1, 0))
        self.slider.setValue(max(len(history) - 1, 0))
        self.slider.blockSignals(False)
        self.slider.setEnabled(len(history) > 1)
        self.follow.setEnabled(bool(weight_steps))
        # no history (a Hugging Face folder, a run without statistics): nothing to follow
        self.follow.setVisible(bool(history))
        # empty axes (0–3 beside a 2-layer model) read as data: without entries only the
        # message shows, on top where the plots were
        for w in (self.checkpoint_label, self.slider, self.step_label, self.lines, self.cloud):
            w.setHidden(not history)
        self._layout.setStretch(1, 1 if history else 0)  # the plots' room, or the room below
        self._layout.setStretch(3, 0 if history else 1)
        if not history:
            self.step_label.setText("")
            self._clear_plots()
            self._set_captions(None)
            self.readout.setText(self._empty_text() + self._skipped_note())
            return
        self.show_entry()

    def show_model_without_history(self) -> None:
        """Say that a Hugging Face model has no training history, and why (instead of plots)."""
        self.set_history([], [], lambda: self.tr(
            "A Hugging Face model has no training history: it comes already trained, without "
            "the checkpoints this view replays. Choose a saved run as the source to watch its "
            "gates close checkpoint by checkpoint."))

    def _skipped_note(self) -> str:
        """"<br>N damaged entries were skipped (first: why)" as HTML, or "" when none were."""
        if not self._skipped:
            return ""
        note = self.tr("{0} damaged checkpoint(s) of this history were skipped (the first: {1})"
                       ).format(len(self._skipped), message_text(self._skipped[0]))
        return "<br><i>" + html.escape(note, quote=False) + "</i>"

    def _clear_plots(self) -> None:
        """Empty plots: no curves, no layer ticks of the last model, no legend of no curves."""
        for curve in self.curves.values():
            curve.setData([], [])
        self.lines.plot.getAxis("bottom").setTicks(None)
        self.legend.set_held_hidden(True)
        # setData (not clear()) so the old cloud's area is repainted: clear() leaves an
        # empty bounding rect whose update() repaints nothing on screen
        self.dots.setData(pos=np.empty((0, 2)))

    def entries(self) -> int:
        """How many checkpoints the slider holds."""
        return len(self._history)

    def current_step(self) -> int | None:
        if not self._history:
            return None
        return int(self._history[self.slider.value()][0])

    def set_index(self, index: int) -> None:
        self.slider.setValue(index)

    def problem(self, i: int) -> str:
        """Why entry ``i`` cannot be drawn ("" when it can), checked once per entry."""
        if i not in self._problems:
            try:
                self._problems[i] = stats_problem(self._history[i][1])
            except Exception as exc:  # an object no check foresaw: refuse it, never raise here
                self._problems[i] = type(exc).__name__
        return self._problems[i]

    def show_entry(self) -> None:
        if not self._history:
            return
        i = min(self.slider.value(), len(self._history) - 1)
        step = self._history[i][0]
        self._set_captions(step)
        first, last = self._history[0][0], self._history[-1][0]
        self.step_label.setText(
            self.tr("step {0} (the only checkpoint)").format(step) if len(self._history) == 1
            else self.tr("step {0} ({1}–{2}, {3} checkpoints)").format(
                step, first, last, len(self._history)))
        why = self.problem(i)
        if not why:
            try:
                self._draw(i)
                self.readout.setText(self.readout.text() + self._skipped_note())
                return
            except (ValueError, TypeError, IndexError, AttributeError, OverflowError) as exc:
                why = type(exc).__name__  # a last guard: the check above should refuse first
        self._clear_plots()
        text = self.tr("step {0}: this entry cannot be shown ({1})").format(step, message_text(why))
        self.readout.setText(html.escape(text, quote=False)  # a dtype such as <U3 is no tag
                             + self._skipped_note())

    def _set_captions(self, step: int | None) -> None:
        """The exported pictures' caption: the run and the checkpoint shown (the cloud: and its
        layer); not the analysed text, these are of the trainer's probe text. "" for none."""
        trace = self.sel.trace
        self.lines.set_export_caption(history_caption(trace, step))
        self.cloud.set_export_caption(history_caption(trace, step, self.sel.layer))

    def _draw(self, i: int) -> None:
        """Curves, cloud and readout of entry ``i``, which ``problem`` has passed."""
        stats = self._history[i][1]
        x = None
        for key, curve in self.curves.items():
            y = np.asarray(getattr(stats, key), dtype=np.float64)
            x = np.arange(len(y), dtype=float)
            curve.setData(x, y)
        self.legend.set_held_hidden(False)
        if x is not None:
            self.lines.plot.getAxis("bottom").setTicks(index_ticks(len(x)))
        pairs = np.asarray(getattr(stats, "gate_pairs"), dtype=np.float64)
        layer = min(self.sel.layer, len(pairs) - 1) if pairs.ndim == 3 and len(pairs) else -1
        if layer >= 0:
            self.dots.setData(pos=pairs[layer])
        self.readout.setText(self.entry_text(i, layer))

    def entry_text(self, i: int, layer: int) -> str:
        step, stats = self._history[i]
        if layer < 0:
            return self.tr("step {0}: no per-neuron data in this entry").format(step)
        v = {key: float(np.asarray(getattr(stats, key))[layer])
             for key in ("frac_neg", "frac_closed", "mlp_ratio", "attn_sink", "max_abs_h")}
        shown = getattr(self.sel.trace, "step", None)
        if step not in self._weights:
            traced = self.tr("no weights kept for this step: the views above show the latest "
                             "checkpoint")
        elif shown == step or shown is None:
            traced = self.tr("the text above is traced at this step")
        else:  # not (yet) re-traced, or the re-trace failed: say which step the views show
            traced = self.tr("the views above still show step {0}").format(shown)
        return self.tr("<b>step {0}, L{1}</b>: g &lt; 0 {2} %, closed {3} %, MLP ratio {4}, "
                       "first-token share {5}, max |h| {6} — {7}").format(
            step, layer, fmt_number(100 * v["frac_neg"], 1), fmt_number(100 * v["frac_closed"], 1),
            fmt_number(v["mlp_ratio"], 4), fmt_number(v["attn_sink"], 4),
            fmt_number(v["max_abs_h"], 3), traced)

    def csv_rows(self) -> tuple[list[str], list[list[object]]]:
        headers = ["step", "layer", "frac_neg", "frac_closed", "mlp_ratio", "attn_sink",
                   "max_abs_h"]
        rows: list[list[object]] = []
        for i, (step, stats) in enumerate(self._history):
            if self.problem(i):
                continue  # shown as "cannot be shown" in the view: no row either
            n = len(np.asarray(getattr(stats, "frac_neg")))
            for layer in range(n):
                rows.append([step, layer] + [float(np.asarray(getattr(stats, k))[layer])
                                             for k in headers[2:]])
        return headers, rows

    def cloud_rows(self) -> tuple[list[str], list[list[object]]]:
        """The cloud's dots as shown: (g, u) of every neuron of the shown layer and step."""
        headers = ["step", "layer", "neuron", "g", "u"]
        i = min(self.slider.value(), len(self._history) - 1)
        if i < 0 or self.problem(i):
            return headers, []
        step, stats = self._history[i]
        pairs = np.asarray(getattr(stats, "gate_pairs"), dtype=np.float64)
        if pairs.ndim != 3 or not len(pairs):
            return headers, []
        layer = min(self.sel.layer, len(pairs) - 1)
        return headers, [[step, layer, n, float(g), float(u)]
                         for n, (g, u) in enumerate(pairs[layer])]

    # -- private ------------------------------------------------------------------------------
    def _on_slider(self, _value: int) -> None:
        self.show_entry()
        step = self.current_step()
        if step is not None and step in self._weights and self.follow.isChecked():
            self._debounce.start()

    def _emit_step(self) -> None:
        step = self.current_step()
        if step is not None:
            self.step_requested.emit(step)
