"""Synthetic traces for the inside-the-model UI tests: known arrays, no model needed.

h is computed from (g, u) with ``gates.evaluate`` so the trace is self-consistent, and a neuron
can be planted to fire strongly on a span of tokens (the span-ranking test looks for it).
"""

from __future__ import annotations

import numpy as np

from gatelab.core import gates
from gatelab.core.inside.types import LayerTrace, Trace

TEXT = "I flew from Paris to Tokyo last week"


def make_trace(text: str = TEXT, n_layer: int = 3, m: int = 24, heads: int = 4, seed: int = 0,
               variant: str = "swiglu", plant: tuple[int, int, int, int] | None = None,
               linear_layers: tuple[int, ...] = (), step: int | None = None) -> Trace:
    """A Trace over ``text`` (one token per character); ``plant=(layer, neuron, start, stop)``
    makes that neuron fire (g = 4, u = 3) on tokens [start, stop) and stay shut elsewhere."""
    rng = np.random.default_rng(seed)
    T = len(text)
    layers = []
    for layer in range(n_layer):
        g = rng.normal(0.0, 1.0 + 0.3 * layer, (T, m)).astype(np.float32)
        u = rng.normal(0.0, 1.0, (T, m)).astype(np.float32)
        if plant is not None and plant[0] == layer:
            _, n, a, b = plant
            g[:, n], u[:, n] = -3.0, 0.1
            g[a:b, n], u[a:b, n] = 4.0, 3.0
        h = gates.evaluate(variant, g, u)[0].astype(np.float32)
        mlp = rng.uniform(0.1, 2.0, T).astype(np.float32)
        resid = rng.uniform(3.0, 6.0, T).astype(np.float32) * (1 + layer)
        sink = None if layer in linear_layers else rng.uniform(0.05, 0.9, heads).astype(np.float32)
        kind = "linear_attention" if layer in linear_layers else "full_attention"
        layers.append(LayerTrace(kind=kind, g=g, u=u, h=h, mlp_norm=mlp, resid_norm=resid,
                                 attn_sink=sink, attn_gate_mean=0.116 if layer == 0 else None,
                                 max_abs_hidden=float(10 * (layer + 1))))
    return Trace(source="synthetic", source_kind="run", tokens=list(text), variant=variant,
                 gate_eps=0.1, layers=layers, model_name="synthetic", hidden_size=16, step=step)


def isolated_dot(view) -> int:  # noqa: ANN001 (a GatesView)
    """A neuron whose dot is inside the window and far (in pixels) from every other dot, so a
    click on it can only mean that neuron."""
    pts = np.array([[view.dot_viewport_point(i).x(), view.dot_viewport_point(i).y()]
                    for i in range(len(view._pos))])
    inside = (view._pos == view._gu).all(axis=1)
    d = np.hypot(*(pts[:, None, :] - pts[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(d, np.inf)
    score = np.where(inside, d.min(axis=1), -1)
    i = int(np.argmax(score))
    assert score[i] > 12, "no isolated dot to click"
    return i


def analyse_hf_folder(qtbot, panel, folder) -> str:  # noqa: ANN001
    """Analyse "ab ba" with the Hugging Face model in ``folder`` by the panel's own button;
    the source's line after the trace (its notes)."""
    from PySide6.QtCore import Qt

    panel.source.set_kind("hf")
    panel.source.hf_path.setText(str(folder))
    panel.source.text.setText("ab ba")
    qtbot.mouseClick(panel.source.analyse, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)
    assert panel.sel.trace is not None, panel.source.message_text()
    return panel.source.message_text()
