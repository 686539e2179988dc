"""The layer, neuron and token pickers shared by every view, plus a line on what was traced.

They are one more view of the shared selection: they set it, and they follow it when a click
elsewhere (a dot, a bar, a token, a ranking row) picks something, without echoing back.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QSpinBox, QWidget

from gatelab.core.inside.types import dtype_label
from gatelab.ui.elide import ElidedParts
from gatelab.ui.inside_messages import layer_kind_text, model_info
from gatelab.ui.variant_names import variant_name
from gatelab.ui.inside_state import InsideSelection
from gatelab.ui.inside_text import StaticLabel, display_piece
from gatelab.ui.qt_cycles import detach


class SelectionBar(QWidget):
    """Layer ▾, neuron #, token # (with its text) and a summary of the trace."""

    def __init__(self, selection: InsideSelection, parent: QWidget | None = None,
                 dtype: Callable[[], str] = lambda: "") -> None:
        """``dtype``: the traced model's weight dtype ("bf16"; "" when it says none)."""
        super().__init__(parent)
        self.sel = selection
        self.dtype = detach(dtype, self)  # the panel's function: no cycle through it
        self.layer = QComboBox(self)
        self.layer.setObjectName("inside-layer")
        # filled per model ("L0 (linear_attention)" for Qwen3.5): the width follows the labels
        self.layer.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.neuron = QSpinBox(self)
        self.neuron.setObjectName("inside-neuron")
        self.neuron.setMinimumWidth(80)
        self.neuron_of = StaticLabel(1, self)  # repaints alone on a switch, no relayout
        self.neuron_of.setFixedWidth(80)
        self.neuron_of.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.token = QSpinBox(self)
        self.token.setObjectName("inside-token")
        self.token_text = StaticLabel(1, self)
        self.token_text.setFixedWidth(130)  # (150 cut the sizes line at 1024 px: s20)
        self.token_text.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.info = ElidedParts(self)  # the model's name first: a narrow window cuts the end
        self.info.setStyleSheet("color: #555;")
        self.layer_label, self.neuron_label, self.token_label = QLabel(self), QLabel(self), QLabel(self)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 0, 6, 0)
        for w in (self.layer_label, self.layer, self.neuron_label, self.neuron,
                  self.neuron_of, self.token_label, self.token, self.token_text):
            lay.addWidget(w)
        lay.addWidget(self.info, 1)
        self.layer.currentIndexChanged.connect(lambda i: i >= 0 and selection.set_layer(i))
        self.neuron.valueChanged.connect(selection.set_neuron)
        self.token.valueChanged.connect(selection.set_token)
        selection.trace_changed.connect(self._on_trace)
        selection.layer_changed.connect(self._on_layer)
        selection.neuron_changed.connect(lambda n: _quiet(self.neuron.setValue, self.neuron, n))
        selection.token_changed.connect(self._on_token)
        self.retranslate()

    def retranslate(self) -> None:
        self.layer.setToolTip(self.tr("Decoder layer (every view follows)"))
        self.neuron.setToolTip(self.tr("Intermediate neuron of the layer (gate_proj/up_proj row)"))
        self.token.setToolTip(self.tr("Token position in the text (or click a token)"))
        self.layer_label.setText(self.tr("Layer"))
        self.neuron_label.setText(self.tr("Neuron"))
        self.token_label.setText(self.tr("Token"))
        self._on_trace()

    def _on_trace(self) -> None:
        trace = self.sel.trace
        has = self.sel.has_trace()
        for w in (self.layer, self.neuron, self.token):
            w.setEnabled(has)
        self.layer.blockSignals(True)
        self.layer.clear()
        if has and trace is not None:
            for i, lt in enumerate(trace.layers):
                kind = "" if lt.kind == "full_attention" else " ({0})".format(
                    layer_kind_text(lt.kind))
                self.layer.addItem("L{0}{1}".format(i, kind))
            self.layer.setCurrentIndex(self.sel.layer)
        self.layer.blockSignals(False)
        _quiet(self.token.setRange, self.token, 0, max(self.sel.n_tokens() - 1, 0))
        self._on_layer(self.sel.layer)
        self._on_token(self.sel.token)
        self.info.set_lines(self.info_lines(), self.info_text())

    def info_text(self) -> str:
        """Model, step, layers, m, d, variant and tokens of the trace, with plurals right."""
        lines = self.info_lines()
        return self.tr("{0} · {1}").format(*lines) if lines else ""

    def info_lines(self) -> list[str]:
        """The summary as shown: the model (and step) over its sizes, two short lines that fit
        at 1280 px where the one long line lost its sizes to "…"; [] without a trace."""
        trace = self.sel.trace
        if not self.sel.has_trace() or trace is None:
            return []
        widths = sorted({lt.g.shape[1] for lt in trace.layers})
        step = "" if trace.step is None else self.tr(", step {0}").format(trace.step)
        n_layers, n_tokens = len(trace.layers), len(trace.tokens)
        layers = (self.tr("1 layer") if n_layers == 1
                  else self.tr("{0} layers").format(n_layers))
        tokens = (self.tr("1 token") if n_tokens == 1
                  else self.tr("{0} tokens").format(n_tokens))
        sizes = self.tr("{0} · m = {1} · d = {2} · {3} · {4}").format(
            layers, "/".join(map(str, widths)), trace.hidden_size, variant_name(trace.variant),
            tokens)
        dtype = self.dtype() if trace.source_kind == "hf" else ""
        return [trace.model_name + step, sizes + " · " + dtype if dtype else sizes]

    def _on_layer(self, layer: int) -> None:
        _quiet(self.layer.setCurrentIndex, self.layer, layer)
        m = self.sel.intermediate()
        _quiet(self.neuron.setRange, self.neuron, 0, max(m - 1, 0))
        _quiet(self.neuron.setValue, self.neuron, self.sel.neuron)
        self.neuron_of.setText(self.tr("of {0}").format(m) if m else "")

    def _on_token(self, token: int) -> None:
        _quiet(self.token.setValue, self.token, token)
        trace = self.sel.trace
        piece = trace.tokens[token] if trace is not None and token < len(trace.tokens) else ""
        self.token_text.setText("<b><tt>“{0}”</tt></b>".format(html.escape(display_piece(piece)))
                                if trace is not None else "")


def model_dtype(model: Any) -> str:
    """The dtype a loaded Hugging Face model was analysed in, as the source bar names it
    ("bf16", "float32"), from ``HfModel.info["dtype"]``; "" for a run or no model."""
    dtype = model_info(model).get("dtype")
    return dtype_label(dtype) if dtype else ""


def _quiet(setter, widget: QWidget, *args: object) -> None:  # noqa: ANN001
    """Call ``setter(*args)`` without the widget echoing the change back to the selection."""
    widget.blockSignals(True)
    try:
        setter(*args)
    finally:
        widget.blockSignals(False)
