"""What the gate plane's sentence and the activation note are built from (no Qt).

Why: at (10, 10) on "SwiGLU soft-capped" the sentence said "act(g) = 3.9464 scales u, so h =
37.4862" while 3.9464 × 10 = 39.46: the gate multiplies cap(u) = 25·tanh(10/25), which core
did not hand out. And the activation note spoke of SiLU and ReLU while only GELU and its tanh
form were drawn.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from gatelab.core import activations, curves, gates, model, plane
from gatelab.core.plane import PlaneSpec

torch.set_num_threads(1)
CUSTOM = {"swiglu_clamped": {"limit": 5.0, "alpha": 1.5},
          "swiglu_softcap": {"beta1": 3.0, "beta2": 20.0}}


@pytest.mark.parametrize("variant", gates.VARIANTS)
@pytest.mark.parametrize("custom", [False, True])
def test_up_branch_matches_torch_autograd(variant: str, custom: bool) -> None:
    params = CUSTOM.get(variant, {}) if custom else {}
    p = gates.resolve_params(variant, **params)
    u = np.random.default_rng(12).uniform(-40, 40, 2000)
    if variant == "swiglu_clamped":  # away from the clamp's kinks, where autograd picks a side
        u = u[np.abs(np.abs(u) - p["limit"]) > 1e-3]
    b, db = gates.up_branch(variant, u, **params)
    ut = torch.tensor(u, dtype=torch.float64, requires_grad=True)
    bt = model.up_branch(variant, ut, p)  # the trainer's own FFN
    (dbt,) = torch.autograd.grad(bt.sum(), ut)
    np.testing.assert_allclose(b, bt.detach().numpy(), rtol=1e-14, atol=1e-12)
    np.testing.assert_allclose(db, dbt.numpy(), rtol=1e-14, atol=1e-12)
    # and it is exactly what evaluate multiplies: h = act(g)·B(u), ∂h/∂u = act(g)·B′(u)
    g = np.linspace(-9, 9, u.size)
    a, _ = gates.gate_branch(variant, g, **params)
    h, _, du = gates.evaluate(variant, g, u, **params)
    np.testing.assert_array_equal(h, a * b)
    np.testing.assert_array_equal(du, a * db)
    assert gates.transforms_up(variant) == (variant in CUSTOM)


def test_softcap_far_corner_reads_cap_u() -> None:
    r = plane.read_point(PlaneSpec(variant="swiglu_softcap"), 10.0, 10.0)
    assert r.up == pytest.approx(25.0 * math.tanh(10.0 / 25.0), abs=1e-15)
    assert round(r.up, 4) == 9.4987 and round(r.act, 4) == 3.9464 and round(r.h, 4) == 37.4862
    assert r.act * r.up == pytest.approx(r.h, rel=1e-15)
    assert r.up_transformed and r.formulas == gates.BranchFormulas(
        "act(g)", "cap(u)", "act(g)·cap′(u)")


def test_gpt_oss_names_and_uses_both_clamps() -> None:
    r = plane.read_point(PlaneSpec(variant="swiglu_clamped"), 10.0, 10.0)
    assert r.up == 8.0  # clamp(10, ±7) + 1
    assert r.act == pytest.approx(7.0 / (1.0 + math.exp(-1.702 * 7.0)), abs=1e-15)  # g → 7
    assert r.act * r.up == pytest.approx(r.h, rel=1e-15)
    assert r.formulas == gates.BranchFormulas(
        "act(min(g, 7))", "clamp(u, ±7) + 1", "act(min(g, 7))·clamp′(u)")
    r = plane.read_point(PlaneSpec(variant="swiglu_clamped", params={"limit": 5.5}), 10.0, 10.0)
    assert r.up == 6.5 and r.formulas.gate == "act(min(g, 5.5))"
    assert r.formulas.up == "clamp(u, ±5.5) + 1"


def test_plain_variants_multiply_u_itself() -> None:
    for variant in ("swiglu", "geglu", "geglu_tanh", "reglu", "glu", "bilinear"):
        r = plane.read_point(PlaneSpec(variant=variant), 1.5, -2.0)
        assert r.up == -2.0 and not r.up_transformed
        assert r.formulas == gates.BranchFormulas("act(g)", "u", "act(g)")


def test_the_sign_flip_is_of_what_the_gate_multiplies() -> None:
    """gpt-oss at u = −0.5 multiplies clamp(u) + 1 = +0.5: a negative gate makes h < 0, the
    opposite sign of what it scales (the old test against u's sign said "not flipped")."""
    r = plane.read_point(PlaneSpec(variant="swiglu_clamped"), -3.0, -0.5)
    assert r.up == 0.5 and r.h < 0 and r.sign_flipped
    r = plane.read_point(PlaneSpec(), -3.0, -2.0)  # SwiGLU: unchanged
    assert r.sign_flipped and r.up == -2.0


def test_the_note_speaks_of_the_shown_curves_only() -> None:
    z = -2.699
    note = curves.describe_z(z, ["gelu", "gelu_tanh"])
    assert note.kind == curves.NOTE_GAP
    gelu, tanh = (float(activations.evaluate(n, z)[0]) for n in ("gelu", "gelu_tanh"))
    assert [r.name for r in note.rows] == ["gelu", "gelu_tanh"]  # lower value first
    assert (note.rows[0].value, note.rows[1].value) == (gelu, tanh)
    assert round(tanh - gelu, 5) == 0.00047
    note = curves.describe_z(2.0, ["sigmoid", "silu", "gelu"])  # the two farthest apart
    assert [r.name for r in note.rows] == ["sigmoid", "gelu"]
    note = curves.describe_z(-1.0, ["silu"])
    assert note.kind == curves.NOTE_ONE and note.rows[0].name == "silu"
    assert note.rows[0].derivative == float(activations.evaluate("silu", -1.0)[1])
    assert curves.describe_z(-1.0, []).kind == curves.NOTE_NONE
    # SiLU and ReLU both shown (or no list): the SiLU-vs-ReLU notes, as before
    assert curves.describe_z(-1.0, ["gelu", "relu", "silu"]).kind == curves.NOTE_NEGATIVE
    assert curves.describe_z(-1.0).kind == curves.NOTE_NEGATIVE
