"""Activation functions with analytic derivatives, in numpy.

Every curve and every gate-plane map in gatelab comes from here, and the tests hold each one to
torch autograd in float64. Derivatives are written out by hand (no finite differences) so that
a readout like "∂h/∂g = −2.0826" is exact, not an approximation of an approximation.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from gatelab.core.activations_types import Array
from gatelab.core.messages import error
from gatelab.core.special import erf as _erf

_SQRT2 = math.sqrt(2.0)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)
_TANH_K = math.sqrt(2.0 / math.pi)
_TANH_C = 0.044715


def as_float(x: ArrayLike) -> Array:
    """float32 stays float32 (fast maps); everything else becomes float64."""
    arr = np.asarray(x)
    if arr.dtype == np.float32:
        return arr
    return np.asarray(arr, dtype=np.float64)


def sigmoid(x: Array) -> Array:
    """Overflow-free logistic: one exp of −|x|."""
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e)).astype(x.dtype, copy=False)


def _relu(z: Array) -> tuple[Array, Array]:
    """max(0, z) and its step; NaN stays NaN in both (as torch's relu keeps it: a NaN gate
    read as 0 would hide a broken input behind a closed gate)."""
    pos = z > 0
    nan = np.isnan(z)
    return (np.where(pos | nan, z, 0.0).astype(z.dtype),
            np.where(nan, np.nan, pos).astype(z.dtype))


def _gelu(z: Array) -> tuple[Array, Array]:
    cdf = 0.5 * (1.0 + _erf(z / _SQRT2))
    pdf = _INV_SQRT_2PI * np.exp(-0.5 * z * z)
    return z * cdf, cdf + z * pdf


def _gelu_tanh(z: Array) -> tuple[Array, Array]:
    inner = _TANH_K * (z + _TANH_C * z**3)
    t = np.tanh(inner)
    f = 0.5 * z * (1.0 + t)
    df = 0.5 * (1.0 + t) + 0.5 * z * (1.0 - t * t) * _TANH_K * (1.0 + 3.0 * _TANH_C * z * z)
    return f, df


def _swish(z: Array, beta: float = 1.0) -> tuple[Array, Array]:
    s = sigmoid(beta * z)
    return z * s, s + beta * z * s * (1.0 - s)


def _silu(z: Array) -> tuple[Array, Array]:
    return _swish(z, 1.0)


def _sigmoid(z: Array) -> tuple[Array, Array]:
    s = sigmoid(z)
    return s, s * (1.0 - s)


def _tanh(z: Array) -> tuple[Array, Array]:
    t = np.tanh(z)
    return t, 1.0 - t * t


def _identity(z: Array) -> tuple[Array, Array]:
    return z.copy(), np.ones_like(z)


def _softplus(z: Array) -> tuple[Array, Array]:
    return np.logaddexp(0.0, z), sigmoid(z)


def _mish(z: Array) -> tuple[Array, Array]:
    sp = np.logaddexp(0.0, z)
    t = np.tanh(sp)
    return z * t, t + z * (1.0 - t * t) * sigmoid(z)


@dataclass(frozen=True)
class Activation:
    name: str
    label: str  # short display label (a formula, not prose: not translated)
    fn: Callable[..., tuple[Array, Array]]
    params: dict[str, float] = field(default_factory=dict)  # name -> default
    kinks: tuple[float, ...] = ()  # points where the derivative is undefined


ACTIVATIONS: dict[str, Activation] = {
    a.name: a
    for a in (
        Activation("silu", "SiLU  z·σ(z)", _silu),
        Activation("relu", "ReLU  max(0, z)", _relu, kinks=(0.0,)),
        Activation("gelu", "GELU  z·Φ(z)", _gelu),
        Activation("gelu_tanh", "GELU (tanh approx.)", _gelu_tanh),
        Activation("swish", "Swish  z·σ(βz)", _swish, {"beta": 1.0}),
        Activation("sigmoid", "σ(z)", _sigmoid),
        Activation("tanh", "tanh(z)", _tanh),
        Activation("identity", "z", _identity),
        Activation("softplus", "softplus  log(1+eᶻ)", _softplus),
        Activation("mish", "Mish  z·tanh(softplus z)", _mish),
    )
}
NAMES: tuple[str, ...] = tuple(ACTIVATIONS)


def get(name: str) -> Activation:
    """Look an activation up by name; unknown names raise ``ValueError`` listing the valid ones."""
    try:
        return ACTIVATIONS[name]
    except (KeyError, TypeError):
        raise error("act.unknown", name=name, valid=", ".join(NAMES)) from None


def check_params(owner: str, accepted: dict[str, float], given: dict[str, Any]) -> dict[str, float]:
    """Merge ``given`` over the defaults, refusing unknown names and non-finite values."""
    unknown = sorted(set(given) - set(accepted))
    if unknown:
        valid = ", ".join(accepted) or "none"
        raise error("act.no_param", owner=owner, names=", ".join(unknown), valid=valid)
    merged = dict(accepted)
    for key, value in given.items():
        try:
            v = float(value)
        except (TypeError, ValueError):
            raise error("act.param_number", owner=owner, key=key, value=value) from None
        if not math.isfinite(v):
            raise error("act.param_finite", owner=owner, key=key, value=value)
        merged[key] = v
    return merged


def evaluate(name: str, z: ArrayLike, **params: float) -> tuple[Array, Array]:
    """Return ``(f(z), f'(z))`` for activation ``name`` on an array of any shape."""
    act = get(name)
    merged = check_params(name, act.params, params)
    return act.fn(as_float(z), **merged)


def silu_minimum(tol: float = 1e-15) -> tuple[float, float]:
    """(z*, SiLU(z*)) at SiLU's global minimum, by Newton on SiLU'(z) = 0 (z* ≈ −1.2785)."""
    z = -1.3
    for _ in range(50):
        s = 1.0 / (1.0 + math.exp(-z))
        d1 = s + z * s * (1.0 - s)
        d2 = s * (1.0 - s) * (2.0 + z * (1.0 - 2.0 * s))
        step = d1 / d2
        z -= step
        if abs(step) < tol:
            break
    return z, z / (1.0 + math.exp(-z))
