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
    # what each branch does to its input, as formulas for the plain-language readout ({limit}
    # etc. are filled in from the parameters); up_slope names B′(u) when B is not u itself
    gate_formula: str = "act(g)"
    up_formula: str = "u"
    up_slope: str = ""


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
                    _clamped_gate, _clamped_up, params={"limit": 7.0, "alpha": 1.702},
                    gate_formula="act(min(g, {limit}))", up_formula="clamp(u, ±{limit}) + 1",
                    up_slope="clamp′(u)"),
        GateVariant("swiglu_softcap", "SwiGLU soft-capped  h = cap(SiLU g, β₁)·cap(u, β₂)",
                    _softcap_gate, _softcap_up, params={"beta1": 4.0, "beta2": 25.0},
                    up_formula="cap(u)", up_slope="cap′(u)"),
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


def up_branch(variant: str, u: ArrayLike, **params: float) -> tuple[Array, Array]:
    """``(B(u), dB/du)``: the up branch alone, what act(g) actually multiplies.

    Why: for the capped variants B(u) ≠ u (25·tanh(10/25) = 9.4988 at u = 10), so "act(g) scales
    u" only adds up when the readout shows B(u) itself.
    """
    v = get(variant)
    return v.up(as_float(u), resolve_params(variant, **params))


def transforms_up(variant: str) -> bool:
    """Whether the variant's up branch B(u) is something other than u itself."""
    return get(variant).up is not _identity_branch


@dataclass(frozen=True)
class BranchFormulas:
    """How the readout names each branch: ``gate`` (act(g), or its clamped form), ``up`` (u,
    cap(u), …) and ``du`` (what ∂h/∂u equals: act(g), or act(g)·cap′(u) when B is not u)."""

    gate: str
    up: str
    du: str


def formulas(variant: str, **params: float) -> BranchFormulas:
    """The variant's branch formulas with its parameters filled in ("act(min(g, 7))")."""
    v = get(variant)
    p = {k: f"{x:g}" for k, x in resolve_params(variant, **params).items()}
    gate, up = v.gate_formula.format(**p), v.up_formula.format(**p)
    return BranchFormulas(gate, up, f"{gate}·{v.up_slope}" if v.up_slope else gate)


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
