"""The CPU training kernels that replace autograd compositions (``kernels.split_rotate_cpu``) and
the engine's clipped optimizer step compute what they replace: values, gradients, updates."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from gatelab.core import engine, kernels, kernels_block, stats
from gatelab.core import model as model_module
from gatelab.core.model import GPT, rope_pair_table, rope_tables, rotate_pairs
from gatelab.core.trainconfig import TrainConfig

TINY = dict(n_layer=2, n_head=4, n_embd=32, block_size=16)


def _split_rotate_by_autograd(qkv: torch.Tensor, table: torch.Tensor, heads: tuple[int, ...]
                              ) -> tuple[torch.Tensor, ...]:
    """What the kernel replaces: split, then rope.rotate_pairs on q and k (autograd's graph)."""
    H, KV, G, hd = heads
    B, T, _ = qkv.shape
    qk, v, gate = qkv.split(((H + KV) * hd, KV * hd, G * hd), dim=-1)
    q, k = rotate_pairs(qk.reshape(B, T, H + KV, hd), table).split((H, KV), dim=2)
    return q, k, v.reshape(B, T, KV, hd), gate.reshape(B, T, G, hd)


@pytest.mark.parametrize("heads", [(4, 4, 0, 8), (4, 2, 0, 8), (2, 1, 2, 6)])
def test_split_rotate_values_and_gradients_equal_autograd(heads: tuple[int, int, int, int]) -> None:
    """Multi-head, grouped-query and gated layouts: the same four tensors and the same gradient
    of qkv for any upstream gradients (gradcheck: the hand-written backward is the Jacobian)."""
    H, KV, G, hd = heads
    torch.manual_seed(sum(heads))
    B, T = 3, 5
    cos, sin = (t.double() for t in rope_tables(T, hd))
    table = rope_pair_table(cos, sin, H + KV)  # [T, H + KV, hd/2, 2]
    cis = torch.view_as_complex(table)
    qkv = torch.randn(B, T, (H + 2 * KV + G) * hd, dtype=torch.float64, requires_grad=True)
    got = kernels.split_rotate_cpu(qkv, cis, heads)
    want = _split_rotate_by_autograd(qkv, table, heads)
    ups = [torch.randn_like(w) for w in want]
    for g, w in zip(got, want):
        torch.testing.assert_close(g, w)
    (dg,) = torch.autograd.grad(got, qkv, ups)
    (dw,) = torch.autograd.grad(want, qkv, ups)
    torch.testing.assert_close(dg, dw)
    assert torch.autograd.gradcheck(lambda t: kernels.split_rotate_cpu(t, cis, heads), (qkv,))


def _loss_and_grads(model: GPT, x: torch.Tensor) -> tuple[torch.Tensor, list[torch.Tensor]]:
    model.zero_grad(set_to_none=True)
    _, loss = model(x, x.roll(1, dims=1))
    loss.backward()
    return loss.detach(), [p.grad.clone() for p in model.parameters()]


def _count(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a: calls.append(1) or real(*a))
    return calls


@pytest.mark.parametrize("extra", [{}, {"attn_gate": True}, {"n_kv_head": 2},
                                   {"n_kv_head": 2, "attn_gate": True},
                                   {"variant": "geglu"}, {"variant": "gelu"}])
def test_cpu_training_paths_equal_the_textbook_block(monkeypatch: pytest.MonkeyPatch,
                                                     extra: dict) -> None:
    """A whole model's loss and every parameter's gradient are those of the textbook block
    (float64, to rounding) on each CPU training path: the fused block (kernels_block, what a
    step runs: a SwiGLU block as one node, the other FFNs' attention input as one function),
    the split-and-rotate kernel alone (a step with dropout), and neither; each path really
    runs its kernels (counted)."""
    cfg = TrainConfig(**TINY, **extra).validate()
    torch.manual_seed(3)
    model = GPT(cfg, 20).double()
    x = torch.randint(0, 20, (3, 16))
    whole = _count(monkeypatch, kernels_block, "swiglu_block_cpu")
    attn_in = _count(monkeypatch, kernels_block, "attention_input_cpu")
    split = _count(monkeypatch, kernels, "split_rotate_cpu")
    L, swiglu = cfg.n_layer, cfg.variant == "swiglu"
    fast = _loss_and_grads(model, x)
    assert (len(whole), len(attn_in), len(split)) == ((L, 0, 0) if swiglu else (0, L, 0))
    with monkeypatch.context() as mp:
        mp.setattr(model_module.Block, "_fast_cpu", lambda *a: False)
        split_only = _loss_and_grads(model, x)
    assert len(split) == L
    with monkeypatch.context() as mp:
        mp.setattr(model_module, "_cpu_training", lambda t: False)
        textbook = _loss_and_grads(model, x)
    assert (len(whole) + len(attn_in), len(split)) == (L, L)
    for got in (fast, split_only):
        torch.testing.assert_close(got[0], textbook[0], rtol=1e-12, atol=1e-14)
        for (name, _), a, b in zip(model.named_parameters(), got[1], textbook[1]):
            torch.testing.assert_close(a, b, rtol=1e-10, atol=1e-13, msg=name)


@pytest.mark.parametrize("variant, extra", [("swiglu", {}), ("swiglu", {"n_kv_head": 2, "attn_gate": True}),
                                            ("reglu", {})])
def test_stats_step_on_the_fused_block_reads_what_the_textbook_block_hands(
        monkeypatch: pytest.MonkeyPatch, variant: str, extra: dict) -> None:
    """A stats step (a BatchCapture) also takes the fused block: every statistic and every
    gradient is the textbook block's (float64)."""
    cfg = TrainConfig(**TINY, variant=variant, **extra).validate()
    torch.manual_seed(4)
    model = GPT(cfg, 20).double()
    x = torch.randint(0, 20, (5, 16))
    fused = [_count(monkeypatch, kernels_block, name)
             for name in ("swiglu_block_cpu", "attention_input_cpu")]
    got = []
    for fast in (True, False):
        with monkeypatch.context() as mp:
            if not fast:
                mp.setattr(model_module, "_cpu_training", lambda t: False)
            cap = stats.BatchCapture(cfg.n_layer, cfg.variant, cfg.gate_eps, cfg.hist_bins, "cpu")
            model.zero_grad(set_to_none=True)
            _, loss = model(x, x.roll(1, dims=1), capture=cap)
            loss.backward()
            got.append((cap.materialise(), [p.grad.clone() for p in model.parameters()]))
    assert sum(map(len, fused)) == cfg.n_layer  # the fast pass ran the kernels, the other did not
    (fast_stats, fast_grads), (book_stats, book_grads) = got
    for name in ("frac_neg", "frac_closed", "act_hist", "mean_abs_h", "max_abs_h", "mlp_ratio",
                 "attn_sink"):
        np.testing.assert_allclose(getattr(fast_stats, name), getattr(book_stats, name),
                                   rtol=1e-9, atol=1e-12, err_msg=name)
    assert np.all(fast_stats.attn_sink > 0) and np.all(fast_stats.mlp_ratio > 0)
    for a, b in zip(fast_grads, book_grads):
        torch.testing.assert_close(a, b, rtol=1e-10, atol=1e-13)


@pytest.mark.parametrize("variant", ["swiglu", "geglu"])
def test_fused_block_gradcheck(variant: str) -> None:
    """The hand-written backward of the fused block is the Jacobian (gradcheck, float64, with
    grouped-query heads and the output gate): the whole SwiGLU block, and the attention input
    of the other FFNs."""
    torch.manual_seed(8)
    cfg = TrainConfig(n_layer=1, n_head=2, n_kv_head=1, n_embd=8, block_size=4, attn_gate=True,
                      intermediate=12, variant=variant).validate()
    model = GPT(cfg, 5).double()
    block, table = model.blocks[0], model.rope_pairs
    x = torch.randn(2, 4, 8, dtype=torch.float64, requires_grad=True)
    assert block._fast_cpu(x, (None, None, table))
    weights = [p for p in block.parameters()]
    assert torch.autograd.gradcheck(lambda t, *w: kernels_block.block_forward_cpu(block, t, table),
                                   (x, *weights))


def test_fused_block_steps_aside_for_hooks_capture_dropout_and_learned_positions() -> None:
    """Where the fast path would skip something a user or the app relies on, the block takes
    the textbook path: hooks on any of its modules (forward and backward), a capture, dropout,
    learned positions, inference, a dtype without the kernels."""
    cfg = TrainConfig(**TINY).validate()
    model = GPT(cfg, 20)
    block = model.blocks[0]
    x = torch.randn(2, 16, 32)
    rope = (model.rope_cos_full, model.rope_sin_signed, model.rope_pairs)
    assert block._fast_cpu(x, rope)
    for module in (block.attn_norm, block.attn, block.mlp.up_proj, block.mlp.down_proj):
        handle = module.register_forward_hook(lambda *a: None)
        assert not block._fast_cpu(x, rope)
        handle.remove()
    handle = block.mlp_norm.register_full_backward_hook(lambda *a: None)
    assert not block._fast_cpu(x, rope)
    handle.remove()
    handle = torch.nn.modules.module.register_module_forward_hook(lambda *a: None)
    assert not block._fast_cpu(x, rope)
    handle.remove()
    assert block._fast_cpu(x, rope)
    assert not block._fast_cpu(x, None)  # learned positions
    assert not block._fast_cpu(x.bfloat16(), rope)
    with torch.no_grad():
        assert not block._fast_cpu(x, rope)
    dropped = GPT(TrainConfig(**TINY, dropout=0.1).validate(), 20)
    assert not dropped.blocks[0]._fast_cpu(x, rope)


def test_hooked_projection_fires_in_a_training_step_with_the_same_loss() -> None:
    """A learner's forward hook on up_proj sees every training step's call, and the loss and
    gradients are those of the unhooked (fast) step."""
    torch.manual_seed(2)
    model = GPT(TrainConfig(**TINY).validate(), 20).double()
    x = torch.randint(0, 20, (2, 16))
    fast = _loss_and_grads(model, x)
    seen: list[tuple[int, ...]] = []
    model.blocks[1].mlp.up_proj.register_forward_hook(lambda m, i, o: seen.append(tuple(o.shape)))
    hooked = _loss_and_grads(model, x)
    assert seen == [(2, 16, model.intermediate)]
    torch.testing.assert_close(hooked[0], fast[0], rtol=1e-12, atol=1e-14)
    for a, b in zip(hooked[1], fast[1]):
        torch.testing.assert_close(a, b, rtol=1e-10, atol=1e-13)


def test_cpu_training_gate_is_off_for_inference_low_precision_and_other_devices() -> None:
    x = torch.zeros(2, 3)
    assert model_module._cpu_training(x)
    assert model_module._cpu_training(x.double())
    assert not model_module._cpu_training(x.bfloat16())
    with torch.no_grad():
        assert not model_module._cpu_training(x)


def _model_and_grads(scale: float) -> tuple[GPT, torch.Tensor]:
    torch.manual_seed(5)
    model = GPT(TrainConfig(**TINY).validate(), 20)
    x = torch.randint(0, 20, (2, 16))
    _, loss = model(x, x)
    (loss * scale).backward()
    return model, loss


def _opt(model: GPT, fused: bool) -> torch.optim.AdamW:
    return torch.optim.AdamW(model.optimizer_groups(0.1), lr=1e-2, betas=(0.9, 0.99), fused=fused)


@pytest.mark.parametrize("fused", [True, False])
@pytest.mark.parametrize("scale", [1e3, 1e-4])
def test_clipped_step_is_clip_grad_norm_then_step(fused: bool, scale: float) -> None:
    """Large gradients (clipped) and small ones (left alone) update every weight as
    clip_grad_norm_ then step() does, for the fused AdamW the engine uses and a plain one."""
    a, _ = _model_and_grads(scale)
    b, _ = _model_and_grads(scale)
    norm_before = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in a.parameters()]))
    assert (norm_before > 1.0) == (scale > 1)  # the two cases are what they claim to be
    opt_a, opt_b = _opt(a, fused), _opt(b, fused)
    engine.clipped_step(opt_a, 1.0)
    torch.nn.utils.clip_grad_norm_(b.parameters(), 1.0)
    opt_b.step()
    assert not hasattr(opt_a, "grad_scale")  # the factor is not left on the optimizer
    for (name, pa), pb in zip(a.named_parameters(), b.parameters()):
        torch.testing.assert_close(pa, pb, rtol=1e-6, atol=1e-7, msg=name)
        torch.testing.assert_close(pa.grad, pb.grad, rtol=1e-6, atol=1e-9, msg=name)
    norm_after = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in a.parameters()]))
    assert float(norm_after) == pytest.approx(min(float(norm_before), 1.0), rel=1e-5)


def test_clipped_step_without_clipping_and_after_a_failing_step(monkeypatch: pytest.MonkeyPatch) -> None:
    a, _ = _model_and_grads(1e3)
    grads = [p.grad.clone() for p in a.parameters()]
    opt = _opt(a, True)
    engine.clipped_step(opt, 0.0)  # max_norm 0: the gradients are used as they are
    for p, g in zip(a.parameters(), grads):
        assert torch.equal(p.grad, g)

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("step failed")
    monkeypatch.setattr(opt, "step", boom)
    with pytest.raises(RuntimeError, match="step failed"):
        engine.clipped_step(opt, 1.0)
    assert not hasattr(opt, "grad_scale")  # a later step is not scaled by a stale factor


def test_rope_tables_kept_per_length_follow_the_model() -> None:
    """The complex RoPE tables an attention layer keeps are those of its model's current table
    and length: after steps at another length, and after ``.double()``, the fast step's
    gradients are still the textbook block's."""
    torch.manual_seed(9)
    model = GPT(TrainConfig(**TINY).validate(), 20)
    for T in (16, 7, 16):  # fills and refills the layers' tables
        _loss_and_grads(model, torch.randint(0, 20, (2, T)))
    attn = model.blocks[0].attn
    cis, conj_q, conj_k = attn.cis_tables(model.rope_pairs, 16)
    assert cis.dtype == torch.complex64 and torch.equal(conj_q, cis[:, :4].conj())
    model = model.double()
    x = torch.randint(0, 20, (2, 11))
    fast = _loss_and_grads(model, x)
    assert attn.cis_tables(model.rope_pairs, 11)[0].dtype == torch.complex128
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(model_module, "_cpu_training", lambda t: False)
        book = _loss_and_grads(model, x)
    torch.testing.assert_close(fast[0], book[0], rtol=1e-12, atol=1e-14)
    for a, b in zip(fast[1], book[1]):
        torch.testing.assert_close(a, b, rtol=1e-10, atol=1e-13)


def test_fused_block_takes_a_strided_input_and_refuses_second_derivatives(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A non-contiguous residual stream gives the textbook block's output and gradient; a
    second derivative through the hand-written backward is refused, not silently wrong."""
    torch.manual_seed(10)
    model = GPT(TrainConfig(**TINY).validate(), 20).double()
    block = model.blocks[0]
    rope = (model.rope_cos_full, model.rope_sin_signed, model.rope_pairs)
    base = torch.randn(16, 2, 32, dtype=torch.float64)
    got = []
    for fast in (True, False):
        x = base.clone().transpose(0, 1).requires_grad_()  # [2, 16, 32], not contiguous
        with monkeypatch.context() as mp:
            if not fast:
                mp.setattr(model_module, "_cpu_training", lambda t: False)
            out = block(x, rope)
            (dx,) = torch.autograd.grad(out.square().sum(), x)
        got.append((out.detach(), dx))
    torch.testing.assert_close(got[0][0], got[1][0], rtol=1e-12, atol=1e-13)
    torch.testing.assert_close(got[0][1], got[1][1], rtol=1e-10, atol=1e-12)
    x = base.transpose(0, 1).requires_grad_()
    (dx,) = torch.autograd.grad(block(x, rope).square().sum(), x, create_graph=True)
    with pytest.raises(RuntimeError):
        dx.sum().backward()
