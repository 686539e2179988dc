"""The fast paths of the model compute the textbook maths (values and gradients) and keep HF names."""

from __future__ import annotations

import pytest
import torch

from gatelab.core import kernels
from gatelab.core import model as model_module
from gatelab.core.model import GPT, RMSNorm, apply_rope, rope_cache, rope_tables, rotate
from gatelab.core.trainconfig import TrainConfig

TINY = dict(n_layer=2, n_head=4, n_embd=32, block_size=16)


def _textbook_rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    x1, x2 = x.chunk(2, dim=-1)  # [B, T, H, hd/2]
    c, s = cos[:, None, :], sin[:, None, :]
    return torch.cat((x1 * c - x2 * s, x1 * s + x2 * c), dim=-1)


def test_rotate_equals_textbook_rope_values_and_gradients() -> None:
    torch.manual_seed(0)
    cos, sin = (t.double() for t in rope_tables(16, 8))
    x = torch.randn(2, 16, 3, 8, dtype=torch.float64, requires_grad=True)
    torch.testing.assert_close(apply_rope(x, cos, sin), _textbook_rope(x, cos, sin))
    cos_full, sin_signed = rope_cache(cos, sin)
    assert cos_full.shape == sin_signed.shape == (16, 1, 8)
    dy = torch.randn(2, 16, 3, 8, dtype=torch.float64)
    (g_fast,) = torch.autograd.grad(rotate(x, cos_full, sin_signed), x, dy)
    (g_ref,) = torch.autograd.grad(_textbook_rope(x, cos, sin), x, dy)
    torch.testing.assert_close(g_fast, g_ref)
    assert torch.autograd.gradcheck(lambda t: rotate(t, cos_full, sin_signed), (x,))


def test_rmsnorm_equals_definition_values_and_gradients() -> None:
    torch.manual_seed(1)
    norm = RMSNorm(32).double()
    with torch.no_grad():
        norm.weight.copy_(1 + 0.3 * torch.randn(32, dtype=torch.float64))
    x = torch.randn(3, 5, 32, dtype=torch.float64, requires_grad=True)
    ref = x / torch.sqrt(x.pow(2).mean(-1, keepdim=True) + norm.eps) * norm.weight
    out = norm(x)
    torch.testing.assert_close(out, ref)
    dy = torch.randn_like(out)
    got = torch.autograd.grad(out, (x, norm.weight), dy)
    want = torch.autograd.grad(ref, (x, norm.weight), dy)
    for a, b in zip(got, want):
        torch.testing.assert_close(a, b)
    with torch.no_grad():  # the no-grad path (F.rms_norm) gives the same values
        torch.testing.assert_close(norm(x), ref.detach())
    xb = x.detach().bfloat16()
    assert norm.float()(xb).dtype == torch.bfloat16


def test_state_dict_keeps_hf_names_and_old_checkpoints_load() -> None:
    cfg = TrainConfig(**TINY).validate()
    torch.manual_seed(2)
    model = GPT(cfg, 20)
    keys = set(model.state_dict())
    for name in ("attn.q_proj", "attn.k_proj", "attn.v_proj", "attn.o_proj", "mlp.gate_proj",
                 "mlp.up_proj", "mlp.down_proj", "attn_norm", "mlp_norm"):
        assert f"blocks.1.{name}.weight" in keys
    assert not any("rope" in k for k in keys)  # caches are not saved
    clone = GPT(cfg, 20)
    clone.load_state_dict(model.state_dict())  # a checkpoint with the HF names loads (strict)
    x = torch.randint(0, 20, (2, 16))
    torch.testing.assert_close(clone(x, x)[1], model(x, x)[1])


def _concatenated(x: torch.Tensor, fused: kernels.FusedWeights) -> torch.Tensor:
    """_project's GPU/compiled branch: one matmul on the concatenated weights."""
    return torch.nn.functional.linear(x, torch.cat([lin.weight for lin in fused.linears]))


PATHS = {"one_by_one": {"_hooked": lambda *m: True},
         "views": {},
         "concatenated": {"_project": _concatenated, "_fuse_gate_up": lambda x: True}}


@pytest.mark.parametrize("extra", [{}, {"attn_gate": True, "n_kv_head": 2}, {"variant": "gelu"},
                                   {"variant": "geglu"}])
def test_fused_projections_equal_separate_modules(monkeypatch: pytest.MonkeyPatch, extra: dict) -> None:
    """The three ways to run q/k/v and gate/up (modules one by one, as before; one matmul on the
    parameters' shared storage, the CPU path; one matmul on their concatenation, the GPU path)
    give the same loss and the same gradients, parameter by parameter."""
    torch.manual_seed(3)
    model = GPT(TrainConfig(**TINY, **extra).validate(), 20).double()
    x = torch.randint(0, 20, (2, 16))
    results = []
    for patches in PATHS.values():
        with monkeypatch.context() as mp:
            for name, fn in patches.items():
                mp.setattr(model_module, name, fn)
            model.zero_grad(set_to_none=True)
            _, loss = model(x, x)
            loss.backward()
        results.append((loss.detach(), [p.grad.clone() for p in model.parameters()]))
    for loss, grads in results[1:]:
        torch.testing.assert_close(loss, results[0][0])
        for a, b in zip(grads, results[0][1]):
            torch.testing.assert_close(a, b)


def _steps(model: GPT, n: int, seed: int = 0) -> list[float]:
    """n AdamW steps (fused, clip 1.0, as the engine does) on fixed random batches; the losses."""
    opt = torch.optim.AdamW(model.optimizer_groups(0.1), lr=3e-3, betas=(0.9, 0.99), fused=True)
    gen = torch.Generator().manual_seed(seed)
    losses = []
    for _ in range(n):
        x = torch.randint(0, 20, (4, 16), generator=gen)
        _, loss = model(x, x.roll(1, dims=1))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
        losses.append(float(loss.detach()))
    return losses


def test_training_steps_equal_the_one_by_one_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three optimizer steps with fused projections (parameters as views of one weight, updated in
    place by fused AdamW) equal the old one-by-one model's losses and weights."""
    cfg = TrainConfig(**TINY).validate()
    torch.manual_seed(6)
    fused = GPT(cfg, 20)
    old = GPT(cfg, 20)
    old.load_state_dict(fused.state_dict())
    got = _steps(fused, 3)
    with monkeypatch.context() as mp:
        mp.setattr(model_module, "_hooked", lambda *m: True)
        want = _steps(old, 3)
    assert got == pytest.approx(want, rel=1e-5)
    for (name, a), b in zip(fused.state_dict().items(), old.state_dict().values()):
        torch.testing.assert_close(a, b, rtol=1e-4, atol=1e-6, msg=name)
    attn = fused.blocks[0].attn  # the optimizer updated the views: the fused weight sees it
    torch.testing.assert_close(attn.qkv.fused(), torch.cat(
        [attn.q_proj.weight, attn.k_proj.weight, attn.v_proj.weight]).detach(), rtol=0, atol=0)
    assert attn.q_proj.weight.data_ptr() == attn.qkv.fused().data_ptr()


def test_fused_weights_follow_moves_and_loads() -> None:
    """.double(), load_state_dict and a Parameter given new storage: the next pass re-aliases."""
    cfg = TrainConfig(**TINY).validate()
    torch.manual_seed(7)
    model = GPT(cfg, 20)
    x = torch.randint(0, 20, (2, 16))
    model(x, x)
    model.double()
    mlp = model.blocks[1].mlp
    assert mlp.gate_up.fused().dtype == torch.float64
    assert mlp.gate_proj.weight.data_ptr() == mlp.gate_up.fused().data_ptr()
    other = GPT(cfg, 20).double()
    model.load_state_dict(other.state_dict())
    torch.testing.assert_close(model(x, x)[1], other(x, x)[1], rtol=0, atol=0)
    with torch.no_grad():
        mlp.up_proj.weight.data = mlp.up_proj.weight.detach().clone() * 2  # new storage
    torch.testing.assert_close(mlp.gate_up.fused()[model.intermediate:], mlp.up_proj.weight.detach())


def test_state_is_saved_under_hf_names_with_the_old_values() -> None:
    cfg = TrainConfig(**TINY).validate()
    torch.manual_seed(8)
    model = GPT(cfg, 20)
    model(torch.zeros(1, 4, dtype=torch.long))  # the first pass aliases the projections
    state = model.state_dict()
    attn = model.blocks[0].attn
    assert state["blocks.0.attn.k_proj.weight"].shape == (cfg.n_embd, cfg.n_embd)
    torch.testing.assert_close(state["blocks.0.attn.k_proj.weight"], attn.k_proj.weight.detach())
    assert not any("qkv" in k or "gate_up" in k for k in state)


def test_hooks_on_hf_projections_still_fire_and_see_the_same_values() -> None:
    torch.manual_seed(4)
    cfg = TrainConfig(**TINY).validate()
    model = GPT(cfg, 20)
    x = torch.randint(0, 20, (2, 16))
    _, plain = model(x, x)
    seen: dict[str, torch.Tensor] = {}
    blk = model.blocks[0]
    handles = [getattr(blk.attn, n).register_forward_hook(
        lambda m, a, o, n=n: seen.__setitem__(n, o)) for n in ("q_proj", "k_proj", "v_proj")]
    handles += [getattr(blk.mlp, n).register_forward_hook(
        lambda m, a, o, n=n: seen.__setitem__(n, o)) for n in ("gate_proj", "up_proj")]
    _, hooked = model(x, x)
    for h in handles:
        h.remove()
    assert set(seen) == {"q_proj", "k_proj", "v_proj", "gate_proj", "up_proj"}
    assert seen["gate_proj"].shape == (2, 16, model.intermediate)
    torch.testing.assert_close(hooked, plain)  # the fused and the one-by-one paths agree


def test_gpu_rope_formula_equals_the_cpu_function(monkeypatch: pytest.MonkeyPatch) -> None:
    """rotate's non-CPU branch (the plain formula) run here on a tensor that claims another device."""
    torch.manual_seed(5)
    cos, sin = (t.double() for t in rope_tables(16, 8))
    cos_full, sin_signed = rope_cache(cos, sin)
    x = torch.randn(2, 16, 3, 8, dtype=torch.float64)

    class Elsewhere(torch.Tensor):  # a CPU tensor reporting another device type
        @property
        def device(self) -> torch.device:  # type: ignore[override]
            return torch.device("meta")

    cpu = rotate(x, cos_full, sin_signed)

    class NoCustom:
        @staticmethod
        def apply(*args: object) -> None:
            raise AssertionError("the CPU function was used for another device")

    monkeypatch.setattr(kernels, "_Rotate", NoCustom)
    plain = rotate(x.as_subclass(Elsewhere), cos_full, sin_signed).as_subclass(torch.Tensor)
    torch.testing.assert_close(plain, cpu)
    torch.testing.assert_close(plain, _textbook_rope(x, cos, sin))
