"""The CPU training kernels that replace autograd compositions (``kernels.split_rotate_cpu``) and
the engine's clipped optimizer step compute what they replace: values, gradients, updates."""

from __future__ import annotations

import pytest
import torch

from gatelab.core import engine, kernels
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


@pytest.mark.parametrize("extra", [{}, {"attn_gate": True}, {"n_kv_head": 2}])
def test_cpu_training_step_with_the_kernel_equals_the_plain_split(
        monkeypatch: pytest.MonkeyPatch, extra: dict) -> None:
    """A whole model's loss and every parameter's gradient are bit for bit those of the split
    and rotate_pairs path (float64), and the kernel is what a CPU training step runs."""
    cfg = TrainConfig(**TINY, **extra).validate()
    torch.manual_seed(3)
    model = GPT(cfg, 20).double()
    x = torch.randint(0, 20, (3, 16))
    calls = []
    real = kernels.split_rotate_cpu
    monkeypatch.setattr(kernels, "split_rotate_cpu", lambda *a: calls.append(1) or real(*a))
    results = []
    for fast in (True, False):
        with monkeypatch.context() as mp:
            if not fast:
                mp.setattr(model_module, "_cpu_training", lambda t: False)
            model.zero_grad(set_to_none=True)
            _, loss = model(x, x.roll(1, dims=1))
            loss.backward()
        results.append((loss.detach(), [p.grad.clone() for p in model.parameters()]))
    assert len(calls) == cfg.n_layer  # one call per layer, all in the fast pass
    assert torch.equal(results[0][0], results[1][0])
    for a, b in zip(results[0][1], results[1][1]):
        assert torch.equal(a, b)


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
    engine.clipped_step(a, opt_a, 1.0)
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
    engine.clipped_step(a, opt, 0.0)  # max_norm 0: the gradients are used as they are
    for p, g in zip(a.parameters(), grads):
        assert torch.equal(p.grad, g)

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("step failed")
    monkeypatch.setattr(opt, "step", boom)
    with pytest.raises(RuntimeError, match="step failed"):
        engine.clipped_step(a, opt, 1.0)
    assert not hasattr(opt, "grad_scale")  # a later step is not scaled by a stale factor
