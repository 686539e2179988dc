"""Pure computation behind the activation-curves panel: sampled curves, the z probe and its note.

Kept out of the UI so the readout numbers and the plain-language note are testable without Qt
and can never drift from ``activations.evaluate``. The note is returned as a structured
``ZNote`` (a kind plus the numbers it quotes); the panel turns it into a translated sentence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from gatelab.core import activations
from gatelab.core.messages import error

DEFAULT_SHOWN: tuple[str, ...] = ("silu", "relu", "gelu", "gelu_tanh", "sigmoid")
CURVE_SAMPLES = 1201


MAX_RANGE_WIDTH = 1e6  # wider z ranges show nothing but two flat lines


def validate_range(lo: float, hi: float) -> tuple[float, float]:
    """A z range: finite, lo < hi, not absurdly wide; raise ``ValueError`` otherwise."""
    lo, hi = float(lo), float(hi)
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise error("range.finite", name="z range", lo=lo, hi=hi)
    if lo >= hi:
        raise error("range.order", name="z range", lo=lo, hi=hi)
    if hi - lo > MAX_RANGE_WIDTH:
        raise error("range.wide")
    return lo, hi


def sample(name: str, lo: float, hi: float, n: int = CURVE_SAMPLES) -> tuple[np.ndarray, ...]:
    """(z, f(z), f'(z)) on n evenly spaced points of [lo, hi]; the kinks (ReLU's 0) included."""
    z = np.linspace(lo, hi, n)
    kinks = [k for k in activations.get(name).kinks if lo < k < hi]
    if kinks:
        z = np.union1d(z, np.array(kinks))
    f, df = activations.evaluate(name, z)
    return z, f, df


@dataclass(frozen=True)
class ProbeRow:
    """One row of the readout table: an activation's value and derivative at the probe z."""

    name: str
    value: float
    derivative: float


def probe(names: tuple[str, ...] | list[str], z: float) -> list[ProbeRow]:
    """Exact f(z) and f'(z) of each named activation, in the given order."""
    rows = []
    for name in names:
        f, df = activations.evaluate(name, float(z))
        rows.append(ProbeRow(name, float(f), float(df)))
    return rows


def silu_minus_relu(z: float) -> ProbeRow:
    """SiLU(z) − ReLU(z) and its derivative: what the smooth gate adds over the hard one."""
    s, ds = activations.evaluate("silu", float(z))
    r, dr = activations.evaluate("relu", float(z))
    return ProbeRow("silu-relu", float(s - r), float(ds - dr))


# -- the plain-language note -----------------------------------------------------------------
NOTE_FAR_NEGATIVE = "far_negative"  # z ≤ −5: both off (SiLU's leak is tiny)
NOTE_SILU_MINIMUM = "silu_minimum"  # within 0.05 of SiLU's minimum
NOTE_NEGATIVE = "negative"  # z < 0: ReLU is 0, SiLU leaks a negative value and has gradient
NOTE_ZERO = "zero"  # z = 0: ReLU's kink, SiLU's slope is ½
NOTE_POSITIVE = "positive"  # z > 0: ReLU passes z, SiLU a little less
# the kinds above compare SiLU with ReLU; with one of them hidden the note speaks of what is shown
NOTE_GAP = "gap"  # two or more curves: the widest gap between two of them at z
NOTE_ONE = "one"  # a single curve: its value and slope at z
NOTE_NONE = "none"  # no curve shown


@dataclass(frozen=True)
class ZNote:
    kind: str
    z: float
    silu: float
    dsilu: float
    relu: float
    z_min: float  # SiLU's minimum, for the note near it
    silu_min: float
    # NOTE_GAP: the two shown curves farthest apart at z (lower first); NOTE_ONE: the one curve
    rows: tuple[ProbeRow, ...] = ()


def describe_z(z: float, shown: tuple[str, ...] | list[str] | None = None) -> ZNote:
    """Which lesson applies at z, with the exact numbers the sentence quotes.

    ``shown``: the curves on the plot (None: all). The SiLU-vs-ReLU notes need both; without
    them the note is about the shown curves only (the GELU step hid SiLU and ReLU, and the note
    still spoke of them).
    """
    z = float(z)
    if not math.isfinite(z):
        raise error("value.finite_plain", name="z", value=z)
    s, ds = (float(x) for x in activations.evaluate("silu", z))
    r, _ = activations.evaluate("relu", z)
    z_min, s_min = activations.silu_minimum()
    rows: tuple[ProbeRow, ...] = ()
    if shown is not None and not {"silu", "relu"} <= set(shown):
        rows = tuple(probe(list(dict.fromkeys(shown)), z))
        if len(rows) >= 2:  # ordered by value, so the first and last are farthest apart
            rows = tuple(sorted(rows, key=lambda row: row.value))
            rows = (rows[0], rows[-1])
        kind = {0: NOTE_NONE, 1: NOTE_ONE}.get(len(rows), NOTE_GAP)
    elif z <= -5.0:
        kind = NOTE_FAR_NEGATIVE
    elif abs(z - z_min) < 0.05:
        kind = NOTE_SILU_MINIMUM
    elif z < 0:
        kind = NOTE_NEGATIVE
    elif z == 0:
        kind = NOTE_ZERO
    else:
        kind = NOTE_POSITIVE
    return ZNote(kind, z, s, ds, float(r), z_min, s_min, rows)
