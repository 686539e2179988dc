"""Gate math against torch autograd (float64) and the lessons' known values."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from gatelab.core import activations, gates

torch.set_num_threads(1)
RNG = np.random.default_rng(20261129)
N = 4000


def _torch_act(name: str, z: torch.Tensor, **p: float) -> torch.Tensor:
    return {
        "relu": lambda: F.relu(z),
        "gelu": lambda: F.gelu(z),
        "gelu_tanh": lambda: F.gelu(z, approximate="tanh"),
        "silu": lambda: F.silu(z),
        "swish": lambda: z * torch.sigmoid(p.get("beta", 1.0) * z),
        "sigmoid": lambda: torch.sigmoid(z),
        "tanh": lambda: torch.tanh(z),
        "identity": lambda: z * 1.0,
        "softplus": lambda: F.softplus(z),
        "mish": lambda: F.mish(z),
    }[name]()


def _torch_gate(variant: str, g: torch.Tensor, u: torch.Tensor, **p: float) -> torch.Tensor:
    if variant == "swiglu":
        return g * torch.sigmoid(p.get("beta", 1.0) * g) * u
    if variant == "geglu":
        return F.gelu(g) * u
    if variant == "geglu_tanh":
        return F.gelu(g, approximate="tanh") * u
    if variant == "reglu":
        return F.relu(g) * u
    if variant == "glu":
        return torch.sigmoid(g) * u
    if variant == "bilinear":
        return g * u
    if variant == "swiglu_clamped":
        limit, alpha = p.get("limit", 7.0), p.get("alpha", 1.702)
        gc = g.clamp(max=limit)
        uc = u.clamp(-limit, limit)
        return gc * torch.sigmoid(alpha * gc) * (uc + 1)
    if variant == "swiglu_softcap":
        b1, b2 = p.get("beta1", 4.0), p.get("beta2", 25.0)
        return b1 * torch.tanh(F.silu(g) / b1) * (b2 * torch.tanh(u / b2))
    raise AssertionError(variant)


def _away_from(x: np.ndarray, kinks: tuple[float, ...], margin: float = 1e-3) -> np.ndarray:
    for k in kinks:
        x = np.where(np.abs(x - k) < margin, x + 2 * margin, x)
    return x


@pytest.mark.parametrize("name", activations.NAMES)
def test_activation_matches_autograd(name: str) -> None:
    z = _away_from(RNG.uniform(-12, 12, N), activations.get(name).kinks)
    params = {"beta": 1.7} if name == "swish" else {}
    f, df = activations.evaluate(name, z, **params)
    zt = torch.tensor(z, dtype=torch.float64, requires_grad=True)
    ft = _torch_act(name, zt, **params)
    (dft,) = torch.autograd.grad(ft.sum(), zt)
    assert f.dtype == np.float64 and df.dtype == np.float64
    np.testing.assert_allclose(f, ft.detach().numpy(), rtol=0, atol=1e-10)
    np.testing.assert_allclose(df, dft.numpy(), rtol=0, atol=1e-10)


PARAMS = {"swiglu": {"beta": 1.3}, "swiglu_clamped": {"limit": 5.0, "alpha": 1.5},
          "swiglu_softcap": {"beta1": 3.0, "beta2": 20.0}}


@pytest.mark.parametrize("variant", gates.VARIANTS)
@pytest.mark.parametrize("custom", [False, True])
def test_gate_matches_autograd(variant: str, custom: bool) -> None:
    params = PARAMS.get(variant, {}) if custom else {}
    p = gates.resolve_params(variant, **params)
    kinks_g: tuple[float, ...] = (0.0,) if variant == "reglu" else ()
    kinks_u: tuple[float, ...] = ()
    if variant == "swiglu_clamped":
        kinks_g, kinks_u = (p["limit"],), (-p["limit"], p["limit"])
    g = _away_from(RNG.uniform(-12, 12, N), kinks_g)
    u = _away_from(RNG.uniform(-40, 40, N), kinks_u)
    h, dg, du = gates.evaluate(variant, g, u, **params)
    gt = torch.tensor(g, dtype=torch.float64, requires_grad=True)
    ut = torch.tensor(u, dtype=torch.float64, requires_grad=True)
    ht = _torch_gate(variant, gt, ut, **params)
    dgt, dut = torch.autograd.grad(ht.sum(), (gt, ut))
    assert h.dtype == dg.dtype == du.dtype == np.float64
    np.testing.assert_allclose(h, ht.detach().numpy(), rtol=1e-13, atol=1e-10)
    np.testing.assert_allclose(dg, dgt.numpy(), rtol=1e-13, atol=1e-10)
    np.testing.assert_allclose(du, dut.numpy(), rtol=1e-13, atol=1e-10)


def test_known_values_from_the_lessons() -> None:
    f, _ = activations.evaluate("silu", 2.0)
    assert round(float(f), 4) == 1.7616
    assert round(float(gates.evaluate("swiglu", 2.0, 0.5)[0]), 4) == 0.8808

    act, _ = gates.gate_branch("swiglu", 1.5)
    h, dg, du = gates.evaluate("swiglu", 1.5, -2.0)
    assert [round(float(x), 4) for x in (act, h, dg, du)] == [1.2264, -2.4527, -2.0826, 1.2264]

    act, _ = gates.gate_branch("swiglu", -3.0)
    h, _, _ = gates.evaluate("swiglu", -3.0, -2.0)
    assert round(float(act), 4) == -0.1423 and round(float(h), 4) == 0.2846

    u = np.array([-2.0, 0.5, 3.0])
    _, dg, _ = gates.evaluate("swiglu", np.zeros(3), u)
    np.testing.assert_array_equal(dg, 0.5 * u)
    _, dg, _ = gates.evaluate("reglu", np.array([-0.1, -3.0]), np.array([2.0, -5.0]))
    np.testing.assert_array_equal(dg, [0.0, 0.0])

    a, _ = gates.gate_branch("glu", np.linspace(-30, 30, 1001))
    assert np.all(a > 0) and np.all(a < 1)
    assert round(float(gates.evaluate("swiglu", 10.0, 10.0)[0]), 4) == 99.9955

    assert round(float(activations.evaluate("silu", -1.0)[0]), 3) == -0.269
    assert float(activations.evaluate("relu", -1.0)[0]) == 0.0


def test_silu_minimum() -> None:
    z, v = activations.silu_minimum()
    assert round(z, 4) == -1.2785 and round(v, 4) == -0.2785
    _, d = activations.evaluate("silu", z)
    assert abs(float(d)) < 1e-14


def test_clamped_and_softcap_bounds() -> None:
    g = np.linspace(-50, 50, 401)[:, None]
    u = np.linspace(-50, 50, 401)[None, :]
    h, dg, du = gates.evaluate("swiglu_softcap", g, u)
    assert h.shape == (401, 401) and np.all(np.abs(h) <= 100.0)
    h, dg, du = gates.evaluate("swiglu_clamped", g, u)
    limit = 7.0
    assert np.all(dg[g[:, 0] > limit, :] == 0) and np.all(du[:, u[0] > limit] == 0)
    assert np.max(np.abs(h)) <= limit * (limit + 1)


def test_broadcasting_and_dtypes() -> None:
    g = np.linspace(-1, 1, 5, dtype=np.float32)[:, None]
    u = np.linspace(-1, 1, 3, dtype=np.float32)[None, :]
    h, dg, du = gates.evaluate("geglu", g, u)
    assert h.shape == dg.shape == du.shape == (5, 3)
    assert h.dtype == np.float32
    h64, _, _ = gates.evaluate("geglu", [1, 2], [3, 4])
    assert h64.dtype == np.float64


def test_unknown_names_and_bad_params_list_valid_choices() -> None:
    with pytest.raises(ValueError, match="swiglu.*geglu"):
        gates.evaluate("swishglu", 1.0, 1.0)
    with pytest.raises(ValueError, match="silu"):
        activations.evaluate("selu", 1.0)
    with pytest.raises(ValueError, match="limit"):
        gates.evaluate("swiglu", 1.0, 1.0, limit=3.0)
    with pytest.raises(ValueError, match="finite"):
        gates.evaluate("swiglu_clamped", 1.0, 1.0, limit=float("nan"))
    with pytest.raises(ValueError, match="> 0"):
        gates.evaluate("swiglu_softcap", 1.0, 1.0, beta1=0.0)


def test_erf_matches_math_erf_to_machine_precision() -> None:
    import math

    from gatelab.core.special import erf

    x = np.concatenate([np.linspace(-30, 30, 60001), RNG.normal(0, 3, 20000), [0.0, -0.0, 0.46875, 4.0]])
    ref = np.array([math.erf(v) for v in x])
    np.testing.assert_allclose(erf(x), ref, rtol=0, atol=5e-16)
    assert erf(np.float32([0.5])).dtype == np.float32


@pytest.mark.parametrize("name", list(gates.VARIANTS))
def test_a_nan_gate_input_gives_nan_as_torch_does(name: str) -> None:
    """ReLU read NaN as closed (ReGLU h(NaN, 1) = 0; torch: NaN), hiding a broken input."""
    h = np.asarray(gates.evaluate(name, np.array([np.nan]), np.array([1.0]))[0])
    assert np.isnan(h).all()


@pytest.mark.parametrize("name", list(activations.NAMES))
def test_a_nan_activation_input_gives_nan(name: str) -> None:
    with np.errstate(invalid="ignore"):  # (numpy's logaddexp warns of the NaN it returns)
        value, slope = activations.evaluate(name, np.array([np.nan, 2.0]))
    assert np.isnan(value[0]) and np.isfinite(value[1])
    assert np.isnan(slope[0]) or (name == "identity" and slope[0] == 1.0)  # z' = 1 everywhere
