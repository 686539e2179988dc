"""Numbers the "Inside the model" views and ``gatelab-inspect`` show, computed from a ``Trace``.

Why from the Trace only (no torch): the forward pass runs once per text; switching layer, neuron
or token only re-indexes these arrays, which keeps every redraw far under the 50 ms budget.

Definitions (one layer ℓ, one token t; m = intermediate neurons of the layer):
- ``frac_neg``: share of the m neurons with g < 0 at t.
- ``frac_closed``: share with |act(g)| < eps (act = the gate branch of ``trace.variant`` from
  ``gatelab.core.gates``; classic FFNs: their activation; a Hugging Face model's variant is that
  of the module its MLP calls, ``mlp.act_fn``: GELU-tanh for Gemma); eps defaults to
  ``trace.gate_eps``.
- ``mlp_ratio``: ‖what the MLP adds to the residual stream‖ / ‖hidden state after the layer's
  residual add‖ at t. The added tensor is: the MLP's output for gatelab runs and pre-norm HF
  families (Llama, Qwen, Mistral, Gemma 1, ...); post_feedforward_layernorm(MLP output) for
  Gemma 2/3/3n/4, OLMo 2/3 and EXAONE 4; post_mlp_layernorm(MLP output) for GLM-4; that times
  residual_multiplier for Granite (times residual_scale for MiniCPM3, 1/√k for Beam's
  depth-scaled add at layer ℓ, k = 2ℓ + 3, and layer_scalar for Gemma 4, which scales the whole
  layer output); see ``hf_layers.mlp_write``.
- ``resid_norm``: that hidden-state norm.
- ``attn_sink``: mean attention weight on key 0 over heads and queries ≥ 1 (a text-level number,
  the same for every t); None for linear-attention layers.
- ``max_abs_h``: max |h| over the layer's neurons at t.

Neuron scores use a *robust spread* s_n = std_t(h_n) + median over the layer's neurons of
std_t(h); the added median keeps a nearly silent neuron with a tiny spread from topping a list.
- ``selectivity``: (max_t h_n − mean_t h_n) / s_n — high for a neuron that fires strongly on a few
  tokens and little elsewhere.
- ``span_ranking``: (mean of h_n inside [start, stop) − mean outside) / s_n — how much more the
  neuron fires on the selected span than on the rest of the text.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gatelab.core import activations, gates
from gatelab.core.inside.errors import InsideError
from gatelab.core.messages import Msg
from gatelab.core.inside.topk import top_k_contexts
from gatelab.core.inside.types import LayerTrace, Trace

SUMMARY_KEYS = ("frac_neg", "frac_closed", "mlp_ratio", "resid_norm", "attn_sink", "max_abs_h")


def act_of(variant: str, g: np.ndarray) -> np.ndarray:
    """act(g) of the gate branch of ``variant`` (classic variants: their activation)."""
    g = np.asarray(g)
    if variant in gates.VARIANTS:
        return gates.gate_branch(variant, g)[0]
    try:
        return activations.evaluate(variant, g)[0]
    except ValueError:
        raise InsideError(Msg("inside.variant_unknown", {"variant": variant})) from None


def _token(trace: Trace, token: int | None) -> int:
    T = len(trace.tokens)
    if T == 0:
        raise InsideError(Msg("inside.trace_empty"))
    t = T - 1 if token is None else int(token)
    if t < 0:
        t += T
    if not 0 <= t < T:
        raise InsideError(Msg("inside.token_range", {"token": token, "n": T, "last": T - 1}))
    return t


def _layer(trace: Trace, layer: int) -> LayerTrace:
    if not 0 <= layer < len(trace.layers):
        raise InsideError(Msg("inside.layer_range_n", {"layer": layer, "n": len(trace.layers),
                                                      "last": len(trace.layers) - 1}))
    return trace.layers[layer]


def _sink(lt: LayerTrace) -> float | None:
    if lt.attn_sink is None:
        return None
    v = float(np.nanmean(lt.attn_sink)) if np.isfinite(lt.attn_sink).any() else float("nan")
    return v if np.isfinite(v) else None


def _shares(variant: str, g: np.ndarray, eps: float) -> tuple[float, float]:
    """(frac_neg, frac_closed) of the pre-gates ``g`` (any shape); NaN for both when any g is NaN
    or infinite: "0 % negative" would pass a broken model's numbers off as real ones."""
    if not np.isfinite(g).all():
        return float("nan"), float("nan")
    # eps as float64: compared as float32, an eps of 1e308 overflows (with a warning)
    closed = np.abs(act_of(variant, g)) < np.float64(eps)
    return float(np.mean(g < 0)), float(np.mean(closed))


def _ratio(lt: LayerTrace) -> np.ndarray:
    return lt.mlp_norm / np.maximum(lt.resid_norm, 1e-12)


def layer_summary(trace: Trace, token: int | None = None,
                  eps: float | None = None) -> list[dict[str, Any]]:
    """One dict per layer with exactly ``SUMMARY_KEYS`` at ``token`` (default: the last)."""
    t = _token(trace, token)
    eps = trace.gate_eps if eps is None else float(eps)
    out = []
    for lt in trace.layers:
        neg, closed = _shares(trace.variant, lt.g[t], eps)
        out.append({
            "frac_neg": neg,
            "frac_closed": closed,
            "mlp_ratio": float(_ratio(lt)[t]),
            "resid_norm": float(lt.resid_norm[t]),
            "attn_sink": _sink(lt),
            "max_abs_h": float(np.max(np.abs(lt.h[t]))),
        })
    return out


def mean_summary(trace: Trace, eps: float | None = None) -> list[dict[str, Any]]:
    """``layer_summary`` averaged over every token (each key is the mean of its per-token value;
    attn_sink is already a whole-text number)."""
    eps = trace.gate_eps if eps is None else float(eps)
    if not trace.tokens:
        raise InsideError(Msg("inside.trace_empty"))
    out = []
    for lt in trace.layers:
        neg, closed = _shares(trace.variant, lt.g, eps)
        out.append({
            "frac_neg": neg,
            "frac_closed": closed,
            "mlp_ratio": float(np.mean(_ratio(lt))),
            "resid_norm": float(np.mean(lt.resid_norm)),
            "attn_sink": _sink(lt),
            "max_abs_h": float(np.mean(np.max(np.abs(lt.h), axis=1))),
        })
    return out


def _spread(h: np.ndarray) -> np.ndarray:
    sd = h.std(axis=0)  # [m]
    return sd + float(np.median(sd)) + 1e-12


def selectivity(trace: Trace, layer: int) -> np.ndarray:
    """Selectivity score [m] of every neuron of ``layer`` (see module docstring); rank with
    ``np.argsort(-score)``."""
    h = _layer(trace, layer).h.astype(np.float64)
    return ((h.max(axis=0) - h.mean(axis=0)) / _spread(h)).astype(np.float32)


def span_ranking(trace: Trace, layer: int, start: int, stop: int,
                 k: int = 20) -> list[tuple[int, float]]:
    """The ``k`` neurons of ``layer`` that fire most on tokens [start, stop) relative to the rest:
    ``[(neuron, score), ...]`` best first (score in the module docstring)."""
    h = _layer(trace, layer).h.astype(np.float64)
    T = h.shape[0]
    start, stop = max(0, int(start)), min(T, int(stop))
    if start >= stop:
        raise InsideError(Msg("inside.span_empty", {"start": start, "stop": stop}))
    inside = np.zeros(T, bool)
    inside[start:stop] = True
    rest = h[~inside].mean(axis=0) if (~inside).any() else np.zeros(h.shape[1])
    score = (h[inside].mean(axis=0) - rest) / _spread(h)
    order = np.argsort(-score, kind="stable")[:max(0, int(k))]
    return [(int(i), float(score[i])) for i in order]


__all__ = ["SUMMARY_KEYS", "act_of", "layer_summary", "mean_summary", "selectivity",
           "span_ranking", "top_k_contexts"]

from gatelab.core.inside.run_source import validation_text  # noqa: E402  (re-exported)

__all__ += ["validation_text"]
