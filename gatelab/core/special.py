"""The error function in plain numpy (W. J. Cody's rational approximations, ~1e-16 accurate).

numpy has no erf, and importing scipy.special for it cost ~0.35 s of app start-up: more than a
third of the time to import Qt and pyqtgraph together. Exact GELU needs only this one function.
"""

from __future__ import annotations

import math

import numpy as np

from gatelab.core.activations_types import Array

_A = (3.16112374387056560e00, 1.13864154151050156e02, 3.77485237685302021e02,
      3.20937758913846947e03, 1.85777706184603153e-1)
_B = (2.36012909523441209e01, 2.44024637934444173e02, 1.28261652607737228e03,
      2.84423683343917062e03)
_C = (5.64188496988670089e-1, 8.88314979438837594e00, 6.61191906371416295e01,
      2.98635138197400131e02, 8.81952221241769090e02, 1.71204761263407058e03,
      2.05107837782607147e03, 1.23033935479799725e03, 2.15311535474403846e-8)
_D = (1.57449261107098347e01, 1.17693950891312499e02, 5.37181101862009858e02,
      1.62138957456669019e03, 3.29079923573345963e03, 4.36261909014324716e03,
      3.43936767414372164e03, 1.23033935480374942e03)
_P = (3.05326634961232344e-1, 3.60344899949804439e-1, 1.25781726111229246e-1,
      1.60837851487422766e-2, 6.58749161529837803e-4, 1.63153871373020978e-2)
_Q = (2.56852019228982242e00, 1.87295284992346725e00, 5.27905102951428412e-1,
      6.05183413124413191e-2, 2.33520497626869185e-3)
_INV_SQRT_PI = 1.0 / math.sqrt(math.pi)


def _scaled_exp(y: Array) -> Array:
    """exp(−y²) computed in two parts (Cody) to keep full relative precision."""
    t = np.trunc(y * 16.0) / 16.0
    return np.exp(-t * t) * np.exp(-(y - t) * (y + t))


def erf(x: Array) -> Array:
    """erf(x) elementwise; float64 computation, result in x's float dtype."""
    x64 = np.asarray(x, dtype=np.float64)
    y = np.abs(x64)
    out = np.empty_like(x64)

    small = y <= 0.46875
    xs = x64[small]
    ysq = xs * xs
    num, den = _A[4] * ysq, ysq
    for a, b in zip(_A[:3], _B[:3]):
        num, den = (num + a) * ysq, (den + b) * ysq
    out[small] = xs * (num + _A[3]) / (den + _B[3])

    mid = ~small & (y <= 4.0)
    ym = y[mid]
    num, den = _C[8] * ym, ym
    for c, d in zip(_C[:7], _D[:7]):
        num, den = (num + c) * ym, (den + d) * ym
    erfc_mid = _scaled_exp(ym) * (num + _C[7]) / (den + _D[7])
    out[mid] = np.sign(x64[mid]) * (1.0 - erfc_mid)

    big = y > 4.0
    yb = np.minimum(y[big], 27.0)  # erfc underflows to 0 beyond ~26.5
    inv = 1.0 / (yb * yb)
    num, den = _P[5] * inv, inv
    for p, q in zip(_P[:4], _Q[:4]):
        num, den = (num + p) * inv, (den + q) * inv
    r = (_INV_SQRT_PI - inv * (num + _P[4]) / (den + _Q[4])) / yb
    out[big] = np.sign(x64[big]) * (1.0 - _scaled_exp(yb) * r)

    dtype = x.dtype if isinstance(x, np.ndarray) and x.dtype == np.float32 else np.float64
    return out.astype(dtype, copy=False)
