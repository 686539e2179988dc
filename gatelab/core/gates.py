"""Gated-MLP variants as exact functions of one neuron's pre-activations (g, u).

Every variant factors as h = A(g)·B(u): A is the gate branch (an activation, possibly clamped
or soft-capped) and B the up branch (u itself, or clamped/soft-capped u). Writing each branch with
its own analytic derivative gives ∂h/∂g = A'(g)·B(u) and ∂h/∂u = A(g)·B'(u) exactly, which is what
the gate plane displays and what the trainer's FFN must agree with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

from gatelab.core import activations as acts
from gatelab.core.activations import Array, as_float, check_params, sigmoid
from gatelab.core.messages import error

Branch = Callable[[Array, dict[str, float]], tuple[Array, Array]]


def _act_branch(name: str) -> Branch:
    def branch(x: Array, p: dict[str, float]) -> tuple[Array, Array]:
        return acts.get(name).fn(x)

    return branch


def _identity_branch(x: Array, p: dict[str, float]) -> tuple[Array, Array]:
    return x, np.ones_like(x)


def _softcap(x: Array, beta: float) -> tuple[Array, Array]:
    """cap(x, β) = β·tanh(x/β) and its derivative 1 − tanh²(x/β)."""
    t = np.tanh(x / beta)
    return beta * t, 1.0 - t * t


def _clamped_gate(g: Array, p: dict[str, float]) -> tuple[Array, Array]:
    """gpt-oss gate: g clamped to ≤ limit, then g·σ(α·g); no gradient where clamped."""
    limit, alpha = p["limit"], p["alpha"]
    gc = np.minimum(g, limit)
    s = sigmoid(alpha * gc)
    a = gc * s
    da = (s + alpha * gc * s * (1.0 - s)) * (g <= limit)
    return a, da


def _clamped_up(u: Array, p: dict[str, float]) -> tuple[Array, Array]:
    """gpt-oss up branch: clamp(u, −limit, limit) + 1."""
    limit = p["limit"]
    inside = (u >= -limit) & (u <= limit)
    return np.clip(u, -limit, limit) + 1.0, inside.astype(u.dtype)


def _softcap_gate(g: Array, p: dict[str, float]) -> tuple[Array, Array]:
    s, ds = acts.get("silu").fn(g)
    c, dc = _softcap(s, p["beta1"])
    return c, dc * ds


def _softcap_up(u: Array, p: dict[str, float]) -> tuple[Array, Array]:
    return _softcap(u, p["beta2"])


def _swish_gate(g: Array, p: dict[str, float]) -> tuple[Array, Array]:
    return acts.get("swish").fn(g, beta=p["beta"])


@dataclass(frozen=True)
class GateVariant:
    name: str
    label: str  # a formula for display; not translated
    gate: Branch
    up: Branch = _identity_branch
    params: dict[str, float] = field(default_factory=dict)
    gate_activation: str | None = None  # the plain activation behind the gate, when there is one
    classic_partner: str | None = None  # activation of the 2-matrix FFN it is usually compared with


VARIANTS_BY_NAME: dict[str, GateVariant] = {
    v.name: v
    for v in (
        GateVariant("swiglu", "SwiGLU  h = SiLU(g)·u", _swish_gate, params={"beta": 1.0},
                    gate_activation="silu", classic_partner="silu"),
        GateVariant("geglu", "GEGLU  h = GELU(g)·u", _act_branch("gelu"),
                    gate_activation="gelu", classic_partner="gelu"),
        GateVariant("geglu_tanh", "GEGLU (tanh)  h = GELUₜ(g)·u", _act_branch("gelu_tanh"),
                    gate_activation="gelu_tanh", classic_partner="gelu_tanh"),
        GateVariant("reglu", "ReGLU  h = ReLU(g)·u", _act_branch("relu"),
                    gate_activation="relu", classic_partner="relu"),
        GateVariant("glu", "GLU  h = σ(g)·u", _act_branch("sigmoid"),
                    gate_activation="sigmoid", classic_partner="sigmoid"),
        GateVariant("bilinear", "Bilinear  h = g·u", _identity_branch,
                    gate_activation="identity", classic_partner="identity"),
        GateVariant("swiglu_clamped", "SwiGLU clamped (gpt-oss)  h = g·σ(αg)·(u+1)",
                    _clamped_gate, _clamped_up, params={"limit": 7.0, "alpha": 1.702}),
        GateVariant("swiglu_softcap", "SwiGLU soft-capped  h = cap(SiLU g, β₁)·cap(u, β₂)",
                    _softcap_gate, _softcap_up, params={"beta1": 4.0, "beta2": 25.0}),
    )
}
VARIANTS: tuple[str, ...] = tuple(VARIANTS_BY_NAME)

_POSITIVE_PARAMS = ("limit", "alpha", "beta1", "beta2")


def get(variant: str) -> GateVariant:
    """Look a variant up by name; unknown names raise ``ValueError`` listing the valid ones."""
    try:
        return VARIANTS_BY_NAME[variant]
    except (KeyError, TypeError):
        raise error("gate.unknown", variant=variant, valid=", ".join(VARIANTS)) from None


def resolve_params(variant: str, **params: float) -> dict[str, float]:
    """The variant's parameters with defaults filled in; rejects unknown or out-of-range values."""
    v = get(variant)
    merged = check_params(variant, v.params, params)
    for key in _POSITIVE_PARAMS:
        if key in merged and merged[key] <= 0:
            raise error("gate.param_positive", variant=variant, key=key, value=merged[key])
    return merged


def gate_branch(variant: str, g: ArrayLike, **params: float) -> tuple[Array, Array]:
    """``(act(g), d act/dg)``: the gate branch alone, as shown in readouts and 'gate closed' bands."""
    v = get(variant)
    return v.gate(as_float(g), resolve_params(variant, **params))


def evaluate(variant: str, g: ArrayLike, u: ArrayLike, **params: float) -> tuple[Array, Array, Array]:
    """Return ``(h, ∂h/∂g, ∂h/∂u)`` of ``variant`` at (g, u), broadcasting like numpy.

    float64 in gives float64 out (float32 in stays float32 for fast maps).
    """
    v = get(variant)
    p = resolve_params(variant, **params)
    g_arr, u_arr = as_float(g), as_float(u)
    if g_arr.dtype != u_arr.dtype:
        g_arr, u_arr = g_arr.astype(np.float64), u_arr.astype(np.float64)
    a, da = v.gate(g_arr, p)
    b, db = v.up(u_arr, p)
    return a * b, da * b, a * db
