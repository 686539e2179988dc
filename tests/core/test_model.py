"""The trainer's model: exact parameter counts, FFN = gate math, attention = the textbook formula."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from gatelab.core import activations, gates
from gatelab.core.budget import count_model
from gatelab.core.model import GPT, apply_rope, ffn_h, intermediate_size, matched_intermediate, model_spec
from gatelab.core.trainconfig import CLASSIC_VARIANTS, FFN_VARIANTS, TrainConfig

torch.set_num_threads(1)
TINY = dict(n_layer=2, n_head=4, n_embd=32, block_size=16)


@pytest.mark.parametrize("extra", [
    {}, {"variant": "gelu"}, {"variant": "relu", "intermediate": 100},
    {"n_kv_head": 2}, {"n_kv_head": 1, "attn_gate": True}, {"attn_gate": True},
    {"positions": "learned"}, {"tie_embeddings": False}, {"variant": "swiglu_clamped", "multiple_of": 64},
    {"positions": "learned", "tie_embeddings": False, "n_kv_head": 2, "variant": "geglu"},
])
def test_param_count_equals_budget(extra: dict) -> None:
    cfg = TrainConfig(**{**TINY, **extra}).validate()
    model = GPT(cfg, vocab_size=57)
    assert model.num_params() == count_model(model_spec(cfg, 57)).total


def test_intermediate_rule_and_matching() -> None:
    assert intermediate_size(TrainConfig(n_embd=256, variant="swiglu")) == 688
    assert intermediate_size(TrainConfig(n_embd=256, variant="gelu")) == 1024
    assert intermediate_size(TrainConfig(n_embd=256, intermediate=500)) == 500
    assert matched_intermediate("swiglu", "gelu", 1024, 16) == 688  # 528,384 vs 524,288 parameters
    assert matched_intermediate("swiglu", "gelu", 512, 8) == 344
    assert matched_intermediate("geglu", "swiglu", 688, 16) == 688
    cfg = TrainConfig(n_embd=256, n_head=4, variant="swiglu", intermediate=688)
    mlp = GPT(cfg.replace(n_layer=1), 10).blocks[0].mlp
    assert sum(p.numel() for p in mlp.parameters()) == 528_384


@pytest.mark.parametrize("variant", gates.VARIANTS)
def test_gated_ffn_equals_gate_math(variant: str) -> None:
    rng = np.random.default_rng(0)
    g = np.concatenate([rng.normal(0, 3, 400), [-9.0, -7.0, 0.0, 7.0, 9.5, 30.0]])
    u = np.concatenate([rng.normal(0, 3, 400), [8.0, -8.0, 0.0, 40.0, -30.0, 2.0]])
    h_ref, dg_ref, du_ref = gates.evaluate(variant, g, u)
    gt = torch.tensor(g, dtype=torch.float64, requires_grad=True)
    ut = torch.tensor(u, dtype=torch.float64, requires_grad=True)
    h = ffn_h(variant, gt, ut)
    np.testing.assert_allclose(h.detach().numpy(), h_ref, rtol=1e-12, atol=1e-12)
    h.sum().backward()
    np.testing.assert_allclose(gt.grad.numpy(), dg_ref, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(ut.grad.numpy(), du_ref, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("variant", CLASSIC_VARIANTS)
def test_classic_ffn_equals_activation(variant: str) -> None:
    z = np.linspace(-6, 6, 301)
    ref, _ = activations.evaluate(variant, z)
    out = ffn_h(variant, torch.tensor(z, dtype=torch.float64), None)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("variant", FFN_VARIANTS)
def test_mlp_module_matches_numpy(variant: str) -> None:
    torch.manual_seed(1)
    cfg = TrainConfig(**TINY, variant=variant).validate()
    mlp = GPT(cfg, 20).double().blocks[0].mlp
    x = torch.randn(3, 5, 32, dtype=torch.float64)
    with torch.no_grad():
        out = mlp(x).numpy()
    xn = x.numpy()
    if cfg.gated:
        g, u = xn @ mlp.gate_proj.weight.detach().numpy().T, xn @ mlp.up_proj.weight.detach().numpy().T
        h = gates.evaluate(variant, g, u)[0]
    else:
        h = activations.evaluate(variant, xn @ mlp.up_proj.weight.detach().numpy().T)[0]
    np.testing.assert_allclose(out, h @ mlp.down_proj.weight.detach().numpy().T, rtol=1e-10, atol=1e-12)


def _manual_attention(attn: torch.nn.Module, x: torch.Tensor, cfg: TrainConfig) -> torch.Tensor:
    B, T, d = x.shape
    H, KV, hd = cfg.n_head, cfg.kv_heads, d // cfg.n_head
    q = x @ attn.q_proj.weight.T
    gate = None
    if cfg.attn_gate:
        q4 = q.view(B, T, H, 2 * hd)
        q, gate = q4[..., :hd], q4[..., hd:]
    q = q.reshape(B, T, H, hd)
    k = (x @ attn.k_proj.weight.T).view(B, T, KV, hd)
    v = (x @ attn.v_proj.weight.T).view(B, T, KV, hd)
    out = torch.zeros(B, T, H, hd, dtype=x.dtype)
    for h in range(H):
        kh, vh = k[:, :, h * KV // H], v[:, :, h * KV // H]  # head h uses KV group h // (H/KV)
        s = q[:, :, h] @ kh.transpose(1, 2) / math.sqrt(hd)  # [B, T, T]
        s = s.masked_fill(torch.ones(T, T, dtype=torch.bool).triu(1), float("-inf"))
        out[:, :, h] = s.softmax(-1) @ vh
    if gate is not None:
        out = out * torch.sigmoid(gate)
    return out.reshape(B, T, d) @ attn.o_proj.weight.T


@pytest.mark.parametrize("extra", [{}, {"n_kv_head": 2}, {"n_kv_head": 1, "attn_gate": True}])
def test_attention_matches_textbook(extra: dict) -> None:
    torch.manual_seed(2)
    cfg = TrainConfig(**TINY, positions="learned", **extra).validate()
    attn = GPT(cfg, 20).double().blocks[0].attn
    x = torch.randn(2, 7, 32, dtype=torch.float64)
    with torch.no_grad():
        torch.testing.assert_close(attn(x, None), _manual_attention(attn, x, cfg), rtol=1e-10, atol=1e-12)


def test_causal_and_rope_relative() -> None:
    torch.manual_seed(3)
    cfg = TrainConfig(**TINY).validate()
    model = GPT(cfg, 20).eval()
    a = torch.randint(0, 20, (1, 16))
    b = a.clone()
    b[0, 10:] = (b[0, 10:] + 1) % 20
    la, _ = model(a, a)
    lb, _ = model(b, b)
    torch.testing.assert_close(la[0, :10], lb[0, :10])  # the future does not leak into the past
    assert not torch.allclose(la[0, 10:], lb[0, 10:])
    # rotary: q·k depends on positions only through their difference
    cos, sin = model.rope_cos.double(), model.rope_sin.double()
    q, k = torch.randn(1, 16, 1, 8, dtype=torch.float64), torch.randn(1, 16, 1, 8, dtype=torch.float64)
    q[:] = q[:, :1]
    k[:] = k[:, :1]
    qr, kr = apply_rope(q, cos[:, :4], sin[:, :4]), apply_rope(k, cos[:, :4], sin[:, :4])
    dots = (qr[0, :, 0] @ kr[0, :, 0].T).numpy()
    assert dots[5, 2] == pytest.approx(dots[9, 6], rel=1e-6)
    assert dots[3, 3] == pytest.approx(dots[12, 12], rel=1e-6)


def test_tied_head_shares_weights_and_untied_does_not() -> None:
    tied = GPT(TrainConfig(**TINY), 20)
    untied = GPT(TrainConfig(**TINY, tie_embeddings=False), 20)
    assert tied.lm_head.weight is tied.tok_emb.weight
    assert untied.lm_head.weight is not untied.tok_emb.weight
    assert untied.num_params() - tied.num_params() == 20 * 32


def test_initial_loss_near_uniform() -> None:
    torch.manual_seed(4)
    model = GPT(TrainConfig(**TINY, tie_embeddings=False), 40)
    x = torch.randint(0, 40, (4, 16))
    y = torch.randint(0, 40, (4, 16))
    _, loss = model(x, y)
    assert abs(loss.item() - math.log(40)) < 0.1
    logits, none = model(x)
    assert none is None and logits.shape == (4, 1, 40)
    assert F.softmax(logits, -1).sum(-1).allclose(torch.ones(4, 1))
