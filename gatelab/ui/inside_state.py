"""The one shared selection of the "Inside the model" tab: which layer, neuron, token and span.

Why one object: the learner picks a layer, a neuron or a token once and every view follows, and
any view may also pick (a click on a dot, a bar, a token or a ranking row). Views never talk to
each other; they only call ``set_*`` here and redraw on the signals. Setting a value that is
already current emits nothing, so two views that both follow and pick cannot loop.

The trace is computed once per text (in a worker); switching only re-indexes its arrays, and the
per-trace analysis the views share (mean over all tokens, per-layer selectivity) is cached here
so it is computed once, not once per view per switch.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtCore import QObject, Signal

from gatelab.core.inside.types import LayerTrace, Trace


class InsideSelection(QObject):
    """The current trace plus (layer, neuron, token, span), always kept inside the trace."""

    trace_changed = Signal()
    layer_changed = Signal(int)
    neuron_changed = Signal(int)
    token_changed = Signal(int)
    span_changed = Signal(int, int)  # [start, stop) token range; (0, 0) = no span
    explore_requested = Signal()  # "open this neuron in the neuron explorer"
    eps_changed = Signal(float)  # the ε of "closed gate" (|act(g)| < ε)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.trace: Trace | None = None
        self.layer = 0
        self.neuron = 0
        self.token = 0
        self.span: tuple[int, int] = (0, 0)
        self.eps: float | None = None  # None: the trace's own gate_eps
        self._cache: dict[Any, Any] = {}

    # -- the trace ----------------------------------------------------------------------------
    def set_trace(self, trace: Trace | None, token: int | None = None) -> None:
        """Show a new trace; the selection is kept where it still fits (token: the last). The
        selected span stays when the tokens are the same (the step slider re-traces one text
        through another checkpoint: how that span's ranking changes is the point)."""
        same_text = (self.trace is not None and trace is not None
                     and list(self.trace.tokens) == list(trace.tokens))
        span = self.span if same_text else (0, 0)
        self.trace = trace
        self._cache.clear()
        if trace is not None and trace.layers:
            self.layer = min(self.layer, len(trace.layers) - 1)
            self.neuron = min(self.neuron, self.intermediate(self.layer) - 1)
            last = len(trace.tokens) - 1
            self.token = last if token is None else max(0, min(token, last))
        else:
            self.layer = self.neuron = self.token = 0
        self.span = span
        self.trace_changed.emit()

    def has_trace(self) -> bool:
        return self.trace is not None and bool(self.trace.layers) and bool(self.trace.tokens)

    def n_layers(self) -> int:
        return len(self.trace.layers) if self.trace is not None else 0

    def n_tokens(self) -> int:
        return len(self.trace.tokens) if self.trace is not None else 0

    def intermediate(self, layer: int | None = None) -> int:
        """m, the intermediate size of ``layer`` (the current one by default)."""
        if not self.has_trace():
            return 0
        lt = self.trace.layers[self.layer if layer is None else layer]  # type: ignore[union-attr]
        return int(lt.g.shape[1])

    def layer_trace(self, layer: int | None = None) -> LayerTrace | None:
        if not self.has_trace():
            return None
        return self.trace.layers[self.layer if layer is None else layer]  # type: ignore[union-attr]

    # -- picking ------------------------------------------------------------------------------
    def set_layer(self, layer: int) -> None:
        if not self.has_trace():
            return
        layer = max(0, min(int(layer), self.n_layers() - 1))
        if layer == self.layer:
            return
        self.layer = layer
        neuron = min(self.neuron, self.intermediate(layer) - 1)
        self.layer_changed.emit(layer)
        if neuron != self.neuron:
            self.neuron = neuron
            self.neuron_changed.emit(neuron)

    def set_neuron(self, neuron: int, layer: int | None = None) -> None:
        """Pick a neuron (of ``layer`` when given: the layer switches first)."""
        if not self.has_trace():
            return
        if layer is not None:
            self.set_layer(layer)
        neuron = max(0, min(int(neuron), self.intermediate() - 1))
        if neuron != self.neuron:
            self.neuron = neuron
            self.neuron_changed.emit(neuron)

    def set_token(self, token: int) -> None:
        if not self.has_trace():
            return
        token = max(0, min(int(token), self.n_tokens() - 1))
        if token != self.token:
            self.token = token
            self.token_changed.emit(token)

    def set_span(self, start: int, stop: int) -> None:
        """Select tokens [start, stop); an empty or full-text span clears it (nothing to compare)."""
        n = self.n_tokens()
        start, stop = max(0, min(start, stop)), min(n, max(start, stop))
        span = (start, stop) if 0 < stop - start < n else (0, 0)
        if span != self.span:
            self.span = span
            self.span_changed.emit(*span)

    def effective_eps(self) -> float:
        """The ε in use: the learner's, else the trace's (0.1 without a trace)."""
        if self.eps is not None:
            return self.eps
        return float(self.trace.gate_eps) if self.trace is not None else 0.1

    def set_eps(self, eps: float | None) -> None:
        """Set ε of "closed" (None: back to the trace's own); the shares are recomputed."""
        eps = None if eps is None else float(eps)
        if eps is not None and not (eps > 0 and eps < float("inf")):
            return
        if eps == self.eps:
            return
        self.eps = eps
        self.eps_changed.emit(self.effective_eps())

    def explore(self, layer: int, neuron: int) -> None:
        self.set_neuron(neuron, layer)
        self.explore_requested.emit()

    # -- shared, cached analysis (core.inside.analysis does the maths) -----------------------
    def cached(self, key: Any, compute: Any) -> Any:
        """``compute()`` once per trace for ``key``; views share the result."""
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def token_summary(self, token: int | None = None) -> list[dict]:
        from gatelab.core.inside import analysis

        t = self.token if token is None else token
        eps = self.effective_eps()
        return self.cached(("summary", t, eps),
                           lambda: analysis.layer_summary(self.trace, t, eps=eps))

    def mean_summary(self) -> list[dict]:
        from gatelab.core.inside import analysis

        eps = self.effective_eps()
        return self.cached(("mean", eps), lambda: analysis.mean_summary(self.trace, eps=eps))

    def selectivity(self, layer: int | None = None) -> np.ndarray:
        from gatelab.core.inside import analysis

        i = self.layer if layer is None else layer
        return self.cached(("selectivity", i), lambda: np.asarray(analysis.selectivity(self.trace, i)))
