"""Pure computation behind the gate-plane panel: the maps, their outlines and what a point means.

The panel must stay a thin renderer, so everything it shows is computed here, without Qt:
the float32 maps of h, ∂h/∂g and ∂h/∂u on a pixel-centred grid, the symmetric colour levels,
the h = 0 contour and the "gate closed" band |act(g)| < ε as plain line/interval data, a
structured description of one (g, u) point (the UI turns it into translated sentences), and
the loader for the (g, u) pairs of a trained model's real neurons.

Every variant factors as h = A(g)·B(u) (see ``gates``). That is why the maps are computed by
broadcasting a g column against a u row (the activations run on 1-D arrays only) and why the
h = 0 set is exactly the vertical lines where A changes sign plus the horizontal lines where B
does: no marching squares, no approximation beyond locating a root between two samples.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from gatelab.core import gates
from gatelab.core.messages import error

MIN_RESOLUTION = 16
MAX_RESOLUTION = 1024
_ROOT_SAMPLES = 4097  # 1-D samples used to locate the zeros of A and B and the band edges


@dataclass(frozen=True)
class PlaneSpec:
    """What the maps show: variant, its parameters, the (g, u) window, resolution and ε."""

    variant: str = "swiglu"
    params: dict[str, float] = field(default_factory=dict)
    g_range: tuple[float, float] = (-6.0, 6.0)
    u_range: tuple[float, float] = (-6.0, 6.0)
    resolution: int = 256
    eps: float = 0.1

    def validate(self) -> PlaneSpec:
        """Raise ``ValueError`` naming the bad field; return self when valid."""
        gates.resolve_params(self.variant, **self.params)  # unknown variant / bad params
        for name, (lo, hi) in (("g range", self.g_range), ("u range", self.u_range)):
            if not (math.isfinite(lo) and math.isfinite(hi)):
                raise error("range.finite", name=name, lo=lo, hi=hi)
            if lo >= hi:
                raise error("range.order", name=name, lo=lo, hi=hi)
        if (not isinstance(self.resolution, int) or isinstance(self.resolution, bool)
                or not MIN_RESOLUTION <= self.resolution <= MAX_RESOLUTION):
            raise error("plane.resolution", lo=MIN_RESOLUTION, hi=MAX_RESOLUTION,
                        value=self.resolution)
        if not (math.isfinite(self.eps) and self.eps > 0):
            raise error("plane.eps", value=self.eps)
        return self


def pixel_centres(lo: float, hi: float, n: int, dtype: type = np.float32) -> np.ndarray:
    """The n pixel centres of [lo, hi] split into n equal cells: lo + (i + ½)·(hi − lo)/n."""
    step = (hi - lo) / n
    return (lo + (np.arange(n, dtype=np.float64) + 0.5) * step).astype(dtype)


@dataclass(frozen=True)
class PlaneMaps:
    """The three maps, indexed ``[i_g, i_u]`` (x = g, y = u), and their symmetric levels."""

    g: np.ndarray  # [n] pixel centres along g
    u: np.ndarray  # [n] pixel centres along u
    h: np.ndarray  # [n, n] float32, Fortran-ordered (a transposed view of a C array)
    dh_dg: np.ndarray
    dh_du: np.ndarray
    levels: dict[str, tuple[float, float]]  # "h", "dh_dg", "dh_du" -> (−L, L)


MAP_KEYS: tuple[str, ...] = ("h", "dh_dg", "dh_du")


def symmetric_level(a: np.ndarray) -> float:
    """max |a| (finite entries), never 0, so a diverging colour map is centred on 0."""
    if a.size == 0:
        return 1.0
    top = max(-float(a.min()), float(a.max()))  # two cheap reductions, no temporary
    if not math.isfinite(top):
        finite = a[np.isfinite(a)]
        top = float(np.max(np.abs(finite))) if finite.size else 0.0
    return top if top > 1e-12 else 1.0


def compute_maps(spec: PlaneSpec) -> PlaneMaps:
    """h, ∂h/∂g, ∂h/∂u of ``spec.variant`` on the pixel-centred grid, in float32."""
    n = spec.resolution
    g = pixel_centres(*spec.g_range, n)
    u = pixel_centres(*spec.u_range, n)
    # evaluated as [i_u, i_g] (C order) and handed out transposed, so maps index [i_g, i_u] while
    # the memory is already in the row-major layout an image wants: no copy when drawn
    h, dg, du = (m.T for m in gates.evaluate(spec.variant, g[None, :], u[:, None], **spec.params))
    maps = {"h": h, "dh_dg": dg, "dh_du": du}
    levels = {}
    for key, arr in maps.items():
        level = symmetric_level(arr)
        levels[key] = (-level, level)
    return PlaneMaps(g, u, h, dg, du, levels)


def _branches(spec: PlaneSpec, g: np.ndarray, u: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """act(g) and B(u), each branch alone (core's ``gate_branch`` and ``up_branch``)."""
    return (gates.gate_branch(spec.variant, g, **spec.params)[0],
            gates.up_branch(spec.variant, u, **spec.params)[0])


def _sign_changes(x: np.ndarray, y: np.ndarray) -> list[float]:
    """Where y changes sign along x (linear interpolation); a zero plateau contributes its edges."""
    s = np.sign(y)
    roots: list[float] = []
    idx = np.nonzero(s[:-1] != s[1:])[0]
    for i in idx:
        y0, y1 = float(y[i]), float(y[i + 1])
        if y0 == 0.0:  # leaving a zero (a plateau's edge counts: ReGLU's h = 0 half-plane)
            roots.append(float(x[i]))
        elif y1 == 0.0:
            roots.append(float(x[i + 1]))
        else:
            roots.append(float(x[i] - y0 * (x[i + 1] - x[i]) / (y1 - y0)))
    out: list[float] = []
    for r in roots:
        if not out or abs(r - out[-1]) > 1e-9:
            out.append(r)
    return out


def zero_lines(spec: PlaneSpec) -> tuple[list[float], list[float]]:
    """The h = 0 contour: g values of vertical lines (A = 0) and u values of horizontal ones (B = 0)."""
    zero_g, zero_u, _ = outlines(spec)
    return zero_g, zero_u


def closed_intervals(spec: PlaneSpec) -> list[tuple[float, float]]:
    """The g intervals (within the g range) where the gate is closed: |act(g)| < ε."""
    return outlines(spec)[2]


def outlines(spec: PlaneSpec) -> tuple[list[float], list[float], list[tuple[float, float]]]:
    """(zero_g, zero_u, closed) from one 1-D evaluation of each branch; vectorised."""
    g = np.linspace(*spec.g_range, _ROOT_SAMPLES)
    u = np.linspace(*spec.u_range, _ROOT_SAMPLES)
    a, b = _branches(spec, g, u)
    return _sign_changes(g, a), _sign_changes(u, b), _closed(g, a, spec.eps)


def _closed(g: np.ndarray, a: np.ndarray, eps: float) -> list[tuple[float, float]]:
    inside = (np.abs(a) < eps).astype(np.int8)
    steps = np.diff(inside)
    starts = [float(g[0])] if inside[0] else []
    ends: list[float] = []
    for i in np.nonzero(steps)[0]:  # a handful of crossings, not one per sample
        (starts if steps[i] > 0 else ends).append(_edge(g, a, int(i), eps))
    if inside[-1]:
        ends.append(float(g[-1]))
    return list(zip(starts, ends))


def _edge(g: np.ndarray, a: np.ndarray, i: int, eps: float) -> float:
    """Interpolated g in [g_i, g_{i+1}] where |a| crosses ε."""
    y0, y1 = abs(float(a[i])) - eps, abs(float(a[i + 1])) - eps
    if y1 == y0:
        return float(g[i])
    return float(g[i] - y0 * (g[i + 1] - g[i]) / (y1 - y0))


def nice_step(pixel: float) -> float:
    """The smallest 1, 2 or 5 × 10ᵏ that is at least 1.2 screen pixels (in data units).

    Clicked points are rounded to a multiple of it: a click is only ever ±½ pixel accurate, so
    this turns "1.4987" into the 1.5 the learner aimed at without moving the point visibly.
    """
    if not (math.isfinite(pixel) and pixel > 0):
        return 0.0
    target = 1.2 * pixel
    k = math.floor(math.log10(target))
    for base in (1.0, 2.0, 5.0, 10.0):
        step = base * 10.0**k
        if step >= target:
            return step
    return 10.0 ** (k + 1)


def snap(value: float, step: float) -> float:
    """``value`` rounded to the nearest multiple of ``step`` (unchanged when step is 0)."""
    if step <= 0:
        return float(value)
    return round(round(value / step) * step, 12)


# -- one point ------------------------------------------------------------------------------
GATE_CLOSED = "closed"  # |act(g)| < ε
GATE_NEGATIVE = "negative"  # act(g) ≤ −ε: h has the opposite sign of u
GATE_OPEN = "open"  # act(g) ≥ ε


@dataclass(frozen=True)
class PointReading:
    """Exact float64 values at one (g, u) and the facts the plain-language sentence is built from."""

    g: float
    u: float
    act: float
    dact: float
    h: float
    dh_dg: float
    dh_du: float
    gate: str  # GATE_CLOSED, GATE_NEGATIVE or GATE_OPEN
    sign_flipped: bool  # h ≠ 0 and sign(h) ≠ sign(B(u)): the gate flipped what it multiplies
    gate_grad_flows: bool  # ∂h/∂g ≠ 0: training can still move the gate
    up_zero: bool  # u's branch is 0, so h = 0 whatever the gate
    in_range: bool  # the point lies inside the map window
    up: float  # B(u), what act(g) multiplies: u itself, or cap(u), clamp(u, ±7) + 1
    up_transformed: bool  # B(u) is not u: the readout must show it, or act(g)·u ≠ h
    formulas: gates.BranchFormulas  # how the sentence names act(g), B(u) and ∂h/∂u


def read_point(spec: PlaneSpec, g: float, u: float) -> PointReading:
    """Exact values from ``gates.evaluate`` (never read off the image) plus their meaning."""
    g, u = float(g), float(u)
    if not (math.isfinite(g) and math.isfinite(u)):
        raise error("plane.gu", g=g, u=u)
    act, dact = (float(x) for x in gates.gate_branch(spec.variant, g, **spec.params))
    h, dh_dg, dh_du = (float(x) for x in gates.evaluate(spec.variant, g, u, **spec.params))
    b = float(gates.up_branch(spec.variant, u, **spec.params)[0])
    if abs(act) < spec.eps:
        gate = GATE_CLOSED
    elif act < 0:
        gate = GATE_NEGATIVE
    else:
        gate = GATE_OPEN
    in_range = (spec.g_range[0] <= g <= spec.g_range[1]) and (spec.u_range[0] <= u <= spec.u_range[1])
    return PointReading(
        g=g, u=u, act=act, dact=dact, h=h, dh_dg=dh_dg, dh_du=dh_du, gate=gate,
        sign_flipped=(h != 0.0 and b != 0.0 and math.copysign(1, h) != math.copysign(1, b)),
        gate_grad_flows=dh_dg != 0.0, up_zero=b == 0.0, in_range=in_range, up=b,
        up_transformed=gates.transforms_up(spec.variant),
        formulas=gates.formulas(spec.variant, **spec.params),
    )


# -- neurons of a trained run -------------------------------------------------------------
def run_variant(run_dir: str | Path) -> str:
    """The FFN variant a run folder's model was trained as (its config.json), or "" when that
    cannot be read: the gate plane only uses it for a note, never to refuse the neurons."""
    from gatelab.core.runs_read import read_config

    folder = Path(run_dir)
    try:
        return read_config(folder if folder.is_dir() else folder.parent).variant
    except Exception:  # a damaged or hostile config.json: no note, the neurons still show
        return ""


def load_gate_pairs(run_dir: str | Path) -> np.ndarray:
    """``stats.npz['gate_pairs']`` of a run folder: float64 array [n_layer, m, 2] of (g, u).

    Raises ``ValueError`` with a message a learner can act on for a missing folder or file,
    an unreadable archive, a missing key, a wrong shape or non-finite values.
    """
    from gatelab.core.runs_read import read_stats  # the run folders' one safe reader

    folder = Path(run_dir)
    path = folder / "stats.npz" if folder.is_dir() or folder.suffix != ".npz" else folder
    if not os.path.lexists(path):
        raise error("plane.no_stats", folder=folder)
    # only this array is read, whatever the size of the rest; RunError (a ValueError) names
    # the file and the reason
    pairs = read_stats(path, ("gate_pairs",)).get("gate_pairs")
    names = list(read_stats(path)) if pairs is None else []
    if pairs is None:
        raise (error("plane.no_pairs", path=path, found=", ".join(names)) if names
               else error("plane.no_pairs_none", path=path))
    if pairs.ndim != 3 or pairs.shape[2] != 2 or pairs.shape[0] < 1 or pairs.shape[1] < 1:
        raise error("plane.pairs_shape", path=path, shape=str(list(pairs.shape)))
    if not np.issubdtype(pairs.dtype, np.number):
        raise error("plane.pairs_dtype", path=path, dtype=str(pairs.dtype))
    pairs = pairs.astype(np.float64)
    if not np.all(np.isfinite(pairs)):
        raise error("plane.pairs_finite", path=path)
    return pairs


def run_gate_pairs(run_dir: str | Path, gone_ok: bool = False) -> tuple[np.ndarray, str] | None:
    """(``load_gate_pairs``, ``run_variant``) of a run folder: what the gate plane draws from it.
    ``gone_ok`` (the launch's reopening of the folder drawn last session): None when it has no
    stats.npz any more, since nothing was asked of the learner and no error is owed. Called off
    the GUI thread: even that existence check may hang on a stalled network folder."""
    if gone_ok and not os.path.isfile(os.path.join(run_dir, "stats.npz")):
        return None
    return load_gate_pairs(run_dir), run_variant(run_dir)
