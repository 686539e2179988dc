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


@pytest.mark.parametrize("extra", [{}, {"attn_gate": True, "n_kv_head": 2}, {"variant": "gelu"},
                                   {"variant": "geglu"}])
def test_one_matmul_projections_equal_separate_modules(monkeypatch: pytest.MonkeyPatch,
                                                       extra: dict) -> None:
    """The GPU path (one matmul on concatenated q/k/v and gate/up weights, q and k rotated as one
    tensor) forced on the CPU: same loss and same gradients as the modules one by one."""
    torch.manual_seed(3)
    model = GPT(TrainConfig(**TINY, **extra).validate(), 20).double()
    x = torch.randint(0, 20, (2, 16))
    results = []
    for fused in (False, True):
        with monkeypatch.context() as mp:
            mp.setattr(model_module, "_one_matmul", lambda *a, fused=fused, **k: fused)
            model.zero_grad(set_to_none=True)
            _, loss = model(x, x)
            loss.backward()
        results.append((loss.detach(), [p.grad.clone() for p in model.parameters()]))
    torch.testing.assert_close(results[1][0], results[0][0])
    for a, b in zip(results[1][1], results[0][1]):
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
    """Three optimizer steps with one-matmul projections equal the one-by-one model's losses and
    weights (the step a GPU takes, held to the CPU's)."""
    cfg = TrainConfig(**TINY).validate()
    torch.manual_seed(6)
    fused = GPT(cfg, 20)
    plain = GPT(cfg, 20)
    plain.load_state_dict(fused.state_dict())
    with monkeypatch.context() as mp:
        mp.setattr(model_module, "_one_matmul", lambda *a, **k: True)
        got = _steps(fused, 3)
    want = _steps(plain, 3)
    assert got == pytest.approx(want, rel=1e-5)
    for (name, a), b in zip(fused.state_dict().items(), plain.state_dict().values()):
        torch.testing.assert_close(a, b, rtol=1e-4, atol=1e-6, msg=name)


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


def test_rotate_pairs_is_the_textbook_rope_on_reordered_rows() -> None:
    """The fused path's RoPE: one complex multiply on (x1_i, x2_i) pairs equals the textbook
    rotation of the halves, reordered by pair_rows (values and gradients)."""
    from gatelab.core.model import pair_rows, rope_pair_table, rotate_pairs
    torch.manual_seed(8)
    cos, sin = (t.double() for t in rope_tables(16, 8))
    x = torch.randn(2, 16, 3, 8, dtype=torch.float64, requires_grad=True)
    order = pair_rows(1, 8, 8)  # [0, 4, 1, 5, 2, 6, 3, 7]
    assert order.tolist() == [0, 4, 1, 5, 2, 6, 3, 7]
    got = rotate_pairs(x[..., order], rope_pair_table(cos, sin))
    want = _textbook_rope(x, cos, sin)[..., order]
    torch.testing.assert_close(got, want)
    dy = torch.randn_like(got)
    torch.testing.assert_close(torch.autograd.grad(got, x, dy)[0], torch.autograd.grad(want, x, dy)[0])
    xb = x.detach().bfloat16()  # no complex bf16: computed in float32, returned as bf16
    out = rotate_pairs(xb, rope_pair_table(cos, sin).float())
    assert out.dtype == torch.bfloat16


def test_cpu_training_uses_the_fused_projection_unless_hooked() -> None:
    """On the CPU the default path is one matmul over q/k/v (the speed work of issue 12); hooks
    switch to the modules one by one, with the same output."""
    cfg = TrainConfig(**TINY).validate()
    attn = GPT(cfg, 20).blocks[0].attn
    x = torch.randn(2, 16, 32)
    assert model_module._one_matmul(x, attn.q_proj, attn.k_proj, attn.v_proj, cpu=True)
    assert not model_module._one_matmul(x, attn.q_proj, attn.k_proj, attn.v_proj)  # MLP: CPU separate
    handle = attn.k_proj.register_forward_hook(lambda *a: None)
    assert not model_module._one_matmul(x, attn.q_proj, attn.k_proj, attn.v_proj, cpu=True)
    handle.remove()


def test_rotate_pairs_real_formula_under_a_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    """torch.compile's inductor has no complex kernels, so a compiled model takes the real
    formula: the same values as the complex multiply."""
    from gatelab.core.model import rope_pair_table, rotate_pairs
    torch.manual_seed(9)
    cos, sin = rope_tables(16, 8)
    x = torch.randn(2, 16, 3, 8)
    eager = rotate_pairs(x, rope_pair_table(cos, sin))
    monkeypatch.setattr(torch.compiler, "is_compiling", lambda: True)
    torch.testing.assert_close(rotate_pairs(x, rope_pair_table(cos, sin)), eager)


def test_rotate_pairs_real_formula_on_other_devices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the CPU multiplies complex numbers (MPS lacks some complex ops): a tensor on another
    device gets the real pairs, with the CPU's values."""
    from gatelab.core.model import rope_pair_table, rotate_pairs
    torch.manual_seed(10)
    cos, sin = rope_tables(16, 8)
    x = torch.randn(2, 16, 3, 8)

    class Elsewhere(torch.Tensor):  # a CPU tensor reporting another device type
        @property
        def device(self) -> torch.device:  # type: ignore[override]
            return torch.device("meta")

    table = rope_pair_table(cos, sin)
    cpu = rotate_pairs(x, table)

    def no_complex(*_a: object) -> None:
        raise AssertionError("complex numbers used off the CPU")
    monkeypatch.setattr(torch, "view_as_complex", no_complex)
    real = rotate_pairs(x.as_subclass(Elsewhere), table).as_subclass(torch.Tensor)
    torch.testing.assert_close(real, cpu)


def test_rmsnorm_cached_constants_stay_untouched_across_shapes_and_dtypes() -> None:
    """The CPU RMSNorm reuses its eps tensor and zero mean between calls: they must never be
    written to, and each shape/dtype gets its own (a float64 call after a float32 one, a new
    batch shape, a different eps all give the definition's values and gradients)."""
    torch.manual_seed(11)
    for shape, dtype, eps in (((3, 5, 16), torch.float32, 1e-6), ((3, 5, 16), torch.float64, 1e-6),
                              ((2, 7, 16), torch.float64, 1e-5), ((3, 5, 16), torch.float64, 1e-6)):
        x = torch.randn(*shape, dtype=dtype, requires_grad=True)
        w = (1 + 0.3 * torch.randn(16, dtype=dtype)).requires_grad_(True)
        out = kernels.rms_norm_cpu(x, w, eps)
        ref = x / torch.sqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w
        dy = torch.randn_like(out)
        got, want = torch.autograd.grad(out, (x, w), dy), torch.autograd.grad(ref, (x, w), dy)
        torch.testing.assert_close(out, ref)
        for a, b in zip(got, want):
            torch.testing.assert_close(a, b)
        zero = kernels._zeros_like(torch.empty(*shape[:-1], 1, dtype=dtype))
        assert zero.dtype == dtype and not zero.any()
        assert kernels._constant(eps, x).item() == pytest.approx(eps)


def test_gpt_rope_table_is_copied_out_to_every_rotated_head() -> None:
    """GPT keeps the pair table for all q and k heads (H + KV), the layout the complex
    multiply runs fastest on; the rotation equals the one-head table broadcast."""
    from gatelab.core.model import rope_pair_table, rotate_pairs
    cfg = TrainConfig(**TINY, n_kv_head=2).validate()  # grouped-query: 4 + 2 rotated heads
    gpt = GPT(cfg, 20)
    heads = cfg.n_head + cfg.kv_heads
    assert heads == 6 and gpt.rope_pairs.shape == (16, heads, 4, 2) and gpt.rope_pairs.is_contiguous()
    cos, sin = rope_tables(16, 8)
    x = torch.randn(2, 16, heads, 8)
    torch.testing.assert_close(rotate_pairs(x, gpt.rope_pairs), rotate_pairs(x, rope_pair_table(cos, sin)))
