"""gatelab.core.plane: the gate-plane maps, outlines, point readings and neuron loader (no Qt)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from gatelab.core import gates, plane
from gatelab.core.plane import PlaneSpec


def test_spec_validation_messages() -> None:
    PlaneSpec().validate()
    with pytest.raises(ValueError, match="g range: minimum"):
        PlaneSpec(g_range=(1.0, 1.0)).validate()
    with pytest.raises(ValueError, match="u range must be finite"):
        PlaneSpec(u_range=(-1.0, math.nan)).validate()
    with pytest.raises(ValueError, match="resolution"):
        PlaneSpec(resolution=5000).validate()
    with pytest.raises(ValueError, match="resolution"):
        PlaneSpec(resolution=True).validate()  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ε"):
        PlaneSpec(eps=0.0).validate()
    with pytest.raises(ValueError, match="valid names"):
        PlaneSpec(variant="nope").validate()
    with pytest.raises(ValueError, match="limit must be > 0"):
        PlaneSpec(variant="swiglu_clamped", params={"limit": -1.0}).validate()


def test_pixel_centres() -> None:
    c = plane.pixel_centres(-6.0, 6.0, 4)
    assert c.dtype == np.float32
    np.testing.assert_allclose(c, [-4.5, -1.5, 1.5, 4.5])


@pytest.mark.parametrize("variant", gates.VARIANTS)
def test_maps_equal_gates_evaluate(variant: str) -> None:
    spec = PlaneSpec(variant=variant, resolution=64, g_range=(-5, 7), u_range=(-8, 3)).validate()
    maps = plane.compute_maps(spec)
    assert maps.h.shape == (64, 64) and maps.h.dtype == np.float32
    for i, j in ((0, 0), (10, 50), (63, 17), (40, 40)):
        g, u = float(maps.g[i]), float(maps.u[j])
        h, dg, du = gates.evaluate(variant, np.float64(g), np.float64(u))
        assert maps.h[i, j] == pytest.approx(float(h), rel=1e-5, abs=1e-5)
        assert maps.dh_dg[i, j] == pytest.approx(float(dg), rel=1e-5, abs=1e-5)
        assert maps.dh_du[i, j] == pytest.approx(float(du), rel=1e-5, abs=1e-5)
    for key in plane.MAP_KEYS:
        lo, hi = maps.levels[key]
        assert lo == -hi and hi == pytest.approx(float(np.max(np.abs(getattr(maps, key)))))


def test_symmetric_level_never_zero_and_ignores_nan() -> None:
    assert plane.symmetric_level(np.zeros((3, 3), np.float32)) == 1.0
    assert plane.symmetric_level(np.array([np.nan, -2.0, 1.0])) == 2.0


def test_zero_lines_per_variant() -> None:
    g0, u0 = plane.zero_lines(PlaneSpec())
    assert g0 == pytest.approx([0.0], abs=1e-9) and u0 == pytest.approx([0.0], abs=1e-9)
    g0, u0 = plane.zero_lines(PlaneSpec(variant="glu"))  # σ(g) is never 0
    assert g0 == [] and u0 == pytest.approx([0.0], abs=1e-9)
    g0, u0 = plane.zero_lines(PlaneSpec(variant="reglu"))  # edge of the h = 0 half-plane
    assert g0 == pytest.approx([0.0], abs=1e-9)
    g0, u0 = plane.zero_lines(PlaneSpec(variant="swiglu_clamped"))  # up branch is u + 1
    assert u0 == pytest.approx([-1.0], abs=1e-9)
    g0, _ = plane.zero_lines(PlaneSpec(g_range=(1.0, 5.0)))
    assert g0 == []


def test_closed_intervals_match_definition() -> None:
    spec = PlaneSpec(eps=0.1)
    intervals = plane.closed_intervals(spec)
    assert len(intervals) == 2 and intervals[0][0] == -6.0
    for lo, hi in intervals:  # |silu| = ε exactly at inner edges
        for edge in (lo, hi):
            if edge > -6.0:
                a, _ = gates.gate_branch("swiglu", edge)
                assert abs(float(a)) == pytest.approx(0.1, abs=1e-4)
    assert plane.closed_intervals(PlaneSpec(variant="reglu")) == [
        (-6.0, pytest.approx(0.1, abs=1e-3))]
    assert plane.closed_intervals(PlaneSpec(variant="bilinear", eps=0.5)) == [
        (pytest.approx(-0.5, abs=1e-3), pytest.approx(0.5, abs=1e-3))]


def test_read_point_known_values() -> None:
    spec = PlaneSpec()
    r = plane.read_point(spec, 1.5, -2.0)
    assert (round(r.act, 4), round(r.h, 4), round(r.dh_dg, 4), round(r.dh_du, 4)) == (
        1.2264, -2.4527, -2.0826, 1.2264)
    assert r.gate == plane.GATE_OPEN and not r.sign_flipped and r.in_range
    r = plane.read_point(spec, -3.0, -2.0)
    assert round(r.act, 4) == -0.1423 and round(r.h, 4) == 0.2846
    assert r.gate == plane.GATE_NEGATIVE and r.sign_flipped
    assert round(plane.read_point(spec, 2.0, 0.5).h, 4) == 0.8808
    r = plane.read_point(spec, 0.0, 1.0)
    assert r.dh_dg == 0.5 and r.gate == plane.GATE_CLOSED and r.gate_grad_flows
    r = plane.read_point(PlaneSpec(variant="reglu"), -1.0, 3.0)
    assert r.dh_dg == 0.0 and not r.gate_grad_flows and r.gate == plane.GATE_CLOSED
    r = plane.read_point(spec, 10.0, 10.0)
    assert round(r.h, 4) == 99.9955 and not r.in_range
    assert plane.read_point(PlaneSpec(variant="swiglu_clamped"), 1.0, -1.0).up_zero
    with pytest.raises(ValueError):
        plane.read_point(spec, math.inf, 0.0)


def test_glu_gate_in_unit_interval() -> None:
    g = np.linspace(-30, 30, 2001)
    a, _ = gates.gate_branch("glu", g)
    assert np.all((a > 0) & (a < 1)) or np.all((a >= 0) & (a <= 1))
    a, _ = gates.gate_branch("glu", np.linspace(-15, 15, 301))
    assert np.all((a > 0) & (a < 1))


def test_load_gate_pairs(tmp_path: Path) -> None:
    pairs = np.random.default_rng(0).normal(size=(3, 7, 2)).astype(np.float32)
    np.savez(tmp_path / "stats.npz", gate_pairs=pairs, other=np.zeros(2))
    out = plane.load_gate_pairs(tmp_path)
    assert out.shape == (3, 7, 2) and out.dtype == np.float64
    np.testing.assert_array_equal(out, pairs.astype(np.float64))
    assert plane.load_gate_pairs(tmp_path / "stats.npz").shape == (3, 7, 2)


@pytest.mark.parametrize(("content", "message"), [
    (None, "no stats.npz"),
    ({"other": np.zeros(3)}, "has no 'gate_pairs'"),
    ({"gate_pairs": np.zeros((4, 2))}, "shape"),
    ({"gate_pairs": np.full((1, 2, 2), np.nan)}, "non-finite"),
    ({"gate_pairs": np.array([[["a", "b"]]])}, "numbers"),
    (b"not a zip", "could not read"),
])
def test_load_gate_pairs_errors(tmp_path: Path, content: object, message: str) -> None:
    if isinstance(content, dict):
        np.savez(tmp_path / "stats.npz", **content)
    elif isinstance(content, bytes):
        (tmp_path / "stats.npz").write_bytes(content)
    with pytest.raises(ValueError, match=message):
        plane.load_gate_pairs(tmp_path)


@pytest.mark.parametrize(("pixel", "step"), [(0.036, 0.05), (0.01, 0.02), (0.4, 0.5),
                                             (0.9, 2.0), (3.0, 5.0), (0.0, 0.0)])
def test_nice_step(pixel: float, step: float) -> None:
    assert plane.nice_step(pixel) == pytest.approx(step)


def test_snap() -> None:
    assert plane.snap(1.4871, 0.05) == 1.5
    assert plane.snap(-2.012, 0.05) == -2.0
    assert plane.snap(0.123, 0.0) == 0.123
