"""gatelab.core.curves: sampled curves, the z probe and its plain-language note (no Qt)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from gatelab.core import activations, curves


def test_probe_known_values() -> None:
    rows = {r.name: r for r in curves.probe(["silu", "relu", "sigmoid"], 2.0)}
    assert round(rows["silu"].value, 4) == 1.7616
    assert rows["relu"].value == 2.0 and rows["relu"].derivative == 1.0
    rows = {r.name: r for r in curves.probe(["silu", "relu"], -1.0)}
    assert round(rows["silu"].value, 3) == -0.269 and rows["relu"].value == 0.0


def test_silu_minus_relu() -> None:
    d = curves.silu_minus_relu(-1.0)
    assert d.value == pytest.approx(-0.2689414213699951, abs=1e-15)
    assert d.derivative == pytest.approx(0.07232948812851325, abs=1e-15)
    d = curves.silu_minus_relu(3.0)
    assert d.value == pytest.approx(3.0 / (1.0 + math.exp(-3.0)) - 3.0, abs=1e-14)


def test_sample_includes_kink_and_matches_evaluate() -> None:
    z, f, df = curves.sample("relu", -1.0, 1.3, n=10)
    assert 0.0 in z
    np.testing.assert_array_equal(f, np.maximum(z, 0.0))
    z, f, df = curves.sample("gelu", -6, 6)
    ref, dref = activations.evaluate("gelu", z)
    np.testing.assert_array_equal(f, ref)
    np.testing.assert_array_equal(df, dref)


@pytest.mark.parametrize(("lo", "hi"), [(1.0, 1.0), (2.0, -2.0), (math.nan, 1.0), (0.0, math.inf)])
def test_validate_range_rejects(lo: float, hi: float) -> None:
    with pytest.raises(ValueError):
        curves.validate_range(lo, hi)


@pytest.mark.parametrize(("z", "kind"), [
    (-6.0, curves.NOTE_FAR_NEGATIVE), (-1.28, curves.NOTE_SILU_MINIMUM),
    (-1.0, curves.NOTE_NEGATIVE), (0.0, curves.NOTE_ZERO), (2.0, curves.NOTE_POSITIVE),
])
def test_describe_z_kinds(z: float, kind: str) -> None:
    note = curves.describe_z(z)
    assert note.kind == kind
    assert note.z_min == pytest.approx(-1.2785, abs=1e-4)
    assert note.silu_min == pytest.approx(-0.2785, abs=1e-4)


def test_describe_z_numbers() -> None:
    note = curves.describe_z(-1.0)
    assert round(note.silu, 3) == -0.269 and note.relu == 0.0 and round(note.dsilu, 3) == 0.072
    with pytest.raises(ValueError):
        curves.describe_z(math.nan)
