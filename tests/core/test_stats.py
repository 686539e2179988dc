"""Instrumentation equals a direct computation from plain forward hooks, and lies in its ranges."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from gatelab.core import gates, stats
from gatelab.core.data import Vocab
from gatelab.core.model import GPT, apply_rope
from gatelab.core.stats import hist_edges, measure, probe_ids, probe_index
from gatelab.core.trainconfig import PROBE_TEXT, TrainConfig
from gatelab.core.engine import train_steps

torch.set_num_threads(1)


@torch.no_grad()
def _direct(model: GPT, idx: torch.Tensor, cfg: TrainConfig) -> dict[str, np.ndarray]:
    """Every statistic recomputed from forward hooks and textbook formulas (float64, numpy)."""
    seen: dict[tuple[int, str], torch.Tensor] = {}
    hooks = []
    for i, blk in enumerate(model.blocks):
        if cfg.gated:
            hooks.append(blk.mlp.gate_proj.register_forward_hook(
                lambda m, a, o, i=i: seen.__setitem__((i, "g"), o)))
            hooks.append(blk.mlp.up_proj.register_forward_hook(
                lambda m, a, o, i=i: seen.__setitem__((i, "u"), o)))
        else:
            hooks.append(blk.mlp.up_proj.register_forward_hook(
                lambda m, a, o, i=i: seen.__setitem__((i, "g"), o)))
        hooks.append(blk.mlp.register_forward_hook(lambda m, a, o, i=i: seen.__setitem__((i, "m"), o)))
        hooks.append(blk.register_forward_hook(lambda m, a, o, i=i: seen.__setitem__((i, "x"), o)))
        hooks.append(blk.attn.register_forward_pre_hook(
            lambda m, a, i=i: seen.__setitem__((i, "a_in"), a[0])))
    model(idx, idx)
    for h in hooks:
        h.remove()
    seen = {k: v[: stats.STATS_ROWS] for k, v in seen.items()}  # statistics use the first rows
    L, bins = cfg.n_layer, cfg.hist_bins
    edges = hist_edges(cfg.variant, bins)
    out = {k: np.zeros(L) for k in ("frac_neg", "frac_closed", "mean_abs_h", "max_abs_h",
                                    "mlp_ratio", "attn_sink")}
    out["act_hist"] = np.zeros((L, bins))
    for i in range(L):
        g = seen[(i, "g")].double().numpy()
        if cfg.gated:
            u = seen[(i, "u")].double().numpy()
            act = gates.gate_branch(cfg.variant, g)[0]
            h = gates.evaluate(cfg.variant, g, u)[0]
        else:
            from gatelab.core import activations
            act = h = activations.evaluate(cfg.variant, g)[0]
        out["frac_neg"][i] = (g < 0).mean()
        out["frac_closed"][i] = (np.abs(act) < cfg.gate_eps).mean()
        out["mean_abs_h"][i] = np.abs(h).mean()
        out["max_abs_h"][i] = np.abs(h).max()
        counts, _ = np.histogram(np.clip(act, edges[0], edges[-1] - 1e-9), bins=edges)
        out["act_hist"][i] = counts / counts.sum()
        m, x = seen[(i, "m")].double().numpy(), seen[(i, "x")].double().numpy()
        out["mlp_ratio"][i] = (np.linalg.norm(m, axis=-1) / np.linalg.norm(x, axis=-1)).mean()
        # attention weights from the attention input, per head, causal softmax
        attn, a_in = model.blocks[i].attn, seen[(i, "a_in")].double()
        B, T, d = a_in.shape
        H, KV, hd = cfg.n_head, cfg.kv_heads, d // cfg.n_head
        qf = a_in @ attn.q_proj.weight.double().T
        q = qf.view(B, T, H, 2 * hd)[..., :hd] if cfg.attn_gate else qf.view(B, T, H, hd)
        k = (a_in @ attn.k_proj.weight.double().T).view(B, T, KV, hd)
        q = apply_rope(q, model.rope_cos[:T].double(), model.rope_sin[:T].double())
        k = apply_rope(k, model.rope_cos[:T].double(), model.rope_sin[:T].double())
        shares = []
        for b in range(B):
            for hh in range(H):
                s = (q[b, :, hh] @ k[b, :, hh * KV // H].T / math.sqrt(hd)).numpy()
                s[np.triu_indices(T, 1)] = -np.inf
                w = np.exp(s - s.max(-1, keepdims=True))
                w /= w.sum(-1, keepdims=True)
                shares.append(w[1:, 0].mean())
        out["attn_sink"][i] = np.mean(shares)
    return out


@pytest.mark.parametrize("variant, extra", [
    ("swiglu", {}), ("gelu", {}), ("swiglu_clamped", {"n_kv_head": 1, "attn_gate": True}),
    ("glu", {}),
])
def test_stats_equal_direct_computation(variant: str, extra: dict) -> None:
    torch.manual_seed(0)
    cfg = TrainConfig(variant=variant, n_layer=2, n_head=2, n_embd=16, block_size=12,
                      hist_bins=9, **extra).validate()
    model = GPT(cfg, 30)
    with torch.no_grad():  # larger weights so the gates spread over the histogram
        for blk in model.blocks:
            for p in blk.mlp.parameters():
                p.mul_(40)
    idx = torch.tensor([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
                        [0, 0, 0, 0, 29, 29, 29, 29, 5, 5, 5, 5],
                        [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8],
                        [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7],
                        [2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5]])  # the 5th is beyond STATS_ROWS
    got = measure(model, idx, [1, 2, 3, 4, 5], -1, cfg.gate_eps, cfg.hist_bins)
    want = _direct(model, idx, cfg)
    for key, value in want.items():
        np.testing.assert_allclose(getattr(got, key), value, rtol=2e-5, atol=1e-6, err_msg=key)
    assert 0.02 < got.frac_closed.min() and got.frac_closed.max() < 0.98  # a non-trivial case


def test_probe_pairs_and_neuron_acts_are_the_probe_forward() -> None:
    torch.manual_seed(1)
    cfg = TrainConfig(n_layer=2, n_head=2, n_embd=16, block_size=64).validate()
    model = GPT(cfg, 30)
    ids = [3, 1, 4, 1, 5, 9, 2, 6]
    pairs, acts = stats.probe_pass(model, ids, 5, "cpu")
    m = model.intermediate
    assert pairs.shape == (2, m, 2) and acts.shape == (2, 8, m) and pairs.dtype == np.float32
    x = torch.tensor([ids])
    with torch.no_grad():
        h = model.tok_emb(x)
        for i, blk in enumerate(model.blocks):
            hn = blk.attn_norm(h)
            h = h + blk.attn(hn, (model.rope_cos, model.rope_sin))
            xn = blk.mlp_norm(h)
            g, u = blk.mlp.gate_proj(xn)[0], blk.mlp.up_proj(xn)[0]
            np.testing.assert_allclose(pairs[i, :, 0], g[5].numpy(), rtol=1e-5, atol=1e-6)
            np.testing.assert_allclose(pairs[i, :, 1], u[5].numpy(), rtol=1e-5, atol=1e-6)
            np.testing.assert_allclose(acts[i], gates.evaluate("swiglu", g.double().numpy(),
                                                               u.double().numpy())[0], rtol=1e-4, atol=1e-6)
            h = blk(h - blk.attn(hn, (model.rope_cos, model.rope_sin)), (model.rope_cos, model.rope_sin))


def test_classic_probe_reports_u_equal_one() -> None:
    torch.manual_seed(2)
    cfg = TrainConfig(variant="relu", n_layer=1, n_head=2, n_embd=16).validate()
    pairs, acts = stats.probe_pass(GPT(cfg, 30), [1, 2, 3], -1, "cpu")
    assert pairs.shape == (1, 64, 2) and np.all(pairs[..., 1] == 1.0)
    np.testing.assert_allclose(acts[0, -1], np.maximum(pairs[0, :, 0], 0.0), atol=1e-6)


def test_probe_text_encoding_and_position() -> None:
    v = Vocab("abcdefghijklmnopqrstuvwxyz ()")
    ids = probe_ids(v, 20)
    assert len(ids) == 20 and v.decode(ids) == PROBE_TEXT[:20].replace("\n", " ").replace(":", " ")
    assert probe_index(-1, 10) == 9 and probe_index(3, 10) == 3
    assert probe_index(99, 10) == 9 and probe_index(-99, 10) == 0


def test_stats_in_range_during_training() -> None:
    cfg = TrainConfig(n_layer=2, n_head=2, n_embd=32, block_size=32, batch_size=8, steps=20,
                      stats_interval=10, eval_interval=20, eval_iters=2, threads=1, sample_chars=0,
                      variant="swiglu_softcap")
    snaps = [s for s in train_steps(cfg) if s.stats is not None]
    assert [s.step for s in snaps] == [10, 20]
    st = snaps[-1].stats
    m = 96  # rule_8_3(32, 16)
    for key in ("frac_neg", "frac_closed", "mlp_ratio", "attn_sink"):
        arr = getattr(st, key)
        assert arr.shape == (2,) and np.all((arr >= 0) & (arr <= 1)), key
    assert np.all(st.max_abs_h <= 4.0 * 25.0) and np.all(st.mean_abs_h <= st.max_abs_h)
    assert st.act_hist.shape == (2, cfg.hist_bins) and np.allclose(st.act_hist.sum(1), 1.0)
    assert st.hist_edges.shape == (cfg.hist_bins + 1,)
    assert st.gate_pairs.shape == (2, m, 2) and st.neuron_acts.shape == (2, min(32, len(PROBE_TEXT)), m)
    row = snaps[-1].metrics_row()
    assert len(row["frac_closed"]) == 2 and "val_loss" in row


@pytest.mark.parametrize("heads, kv", [(4, 4), (4, 2)])
def test_sink_from_lse_equals_sink_from_softmax_weights(heads: int, kv: int) -> None:
    """A stats step reads the sink from the attention call's lse; with dropout (no lse) it
    recomputes softmax weights. Both give the mean weight on key 0 over queries t ≥ 1."""
    from gatelab.core.model import attention_with_lse
    torch.manual_seed(7)
    q = torch.randn(6, heads, 10, 8)
    k, v = torch.randn(6, kv, 10, 8), torch.randn(6, kv, 10, 8)
    _, lse = attention_with_lse(q, k.repeat_interleave(heads // kv, 1), v.repeat_interleave(heads // kv, 1))
    with_lse = stats.BatchCapture(1, "swiglu", 0.1, 8, "cpu")
    with_lse.attention(0, q, k)
    with_lse.attention_lse(0, lse)
    from_scores = stats.BatchCapture(1, "swiglu", 0.1, 8, "cpu")
    from_scores.attention(0, q, k)
    from_scores.block(0, torch.ones(6, 10, 4), torch.ones(6, 10, 4))  # no lse came: scores
    kk = k.repeat_interleave(heads // kv, 1)[:stats.SINK_ROWS]
    w = ((q[:stats.SINK_ROWS] @ kk.transpose(-2, -1)) / 8 ** 0.5).masked_fill(
        torch.ones(10, 10, dtype=torch.bool).triu(1), float("-inf")).softmax(-1)
    want = float(w[:, :, 1:, 0].mean())
    for cap in (with_lse, from_scores):
        assert float(cap._layer_rows()[0][0, 5]) == pytest.approx(want, rel=1e-5)
        assert cap.sink_count == [1.0]


def test_count_negative_is_exact_with_zeros() -> None:
    x = torch.tensor([-2.0, -0.0, 0.0, 1e-30, -1e-30, 3.0, -5.0])
    assert float(stats._count_negative(x)) == 3.0  # −0.0 is not below zero
    assert float(stats._count_negative(torch.tensor([0.1, 0.3]).abs().sub_(0.3))) == 1.0  # strict <


def test_eval_mode_only_switches_a_model_with_dropout() -> None:
    calls: list[str] = []
    for dropout in (0.0, 0.2):
        model = GPT(TrainConfig(n_layer=1, n_head=2, n_embd=16, dropout=dropout).validate(), 30)
        model.train()
        model.eval = lambda m=model: (calls.append("eval"), torch.nn.Module.eval(m))[1]  # type: ignore[method-assign]
        with stats.eval_mode(model):
            inside = model.training
        assert model.training
        assert inside is (dropout == 0.0)
    assert calls == ["eval"]


def test_lse_is_asked_for_only_where_it_is_free_or_for_one_sequence() -> None:
    """A GPU stats step must not recompute [B, H, T, T] scores for its whole batch to hand lse
    to a capture that samples SINK_ROWS rows (it recomputes their weights itself)."""
    from gatelab.core.model import _lse_for

    class Elsewhere(torch.Tensor):  # a CPU tensor reporting another device type
        @property
        def device(self) -> torch.device:  # type: ignore[override]
            return torch.device("meta")

    cap = stats.BatchCapture(1, "swiglu", 0.1, 8, "cpu")
    batch, one = torch.zeros(12, 4, 8, 2), torch.zeros(1, 4, 8, 2)
    assert _lse_for(cap, batch) and _lse_for(cap, one)  # the CPU kernel returns it anyway
    assert not _lse_for(cap, batch.as_subclass(Elsewhere))
    assert _lse_for(cap, one.as_subclass(Elsewhere))  # a trace of one text
    assert not _lse_for(stats.ProbeCapture(1), one)  # it did not ask


@pytest.mark.parametrize("rows_b", [5, 3])
def test_capture_pools_several_passes(rows_b: int) -> None:
    """A capture handed two passes (same shapes, or a smaller batch) reports the statistics of
    all their values pooled: the counted fractions, the histogram and the ratio weighted by
    values and tokens, the max over both, the sink as the mean of the two passes' means."""
    torch.manual_seed(1)
    cfg = TrainConfig(n_layer=2, n_head=2, n_embd=16, block_size=12, hist_bins=9).validate()
    model = GPT(cfg, 30)
    a, b = torch.randint(0, 30, (5, 12)), torch.randint(0, 30, (rows_b, 12))

    def captured(*batches: torch.Tensor) -> tuple[stats.BatchCapture, object]:
        cap = stats.BatchCapture(cfg.n_layer, cfg.variant, cfg.gate_eps, cfg.hist_bins, "cpu")
        with torch.no_grad():
            for idx in batches:
                model(idx, idx, capture=cap)
        return cap, cap.materialise()

    (ca, sa), (cb, sb), (_, both) = captured(a), captured(b), captured(a, b)
    na, nb = np.array(ca.n), np.array(cb.n)
    ta, tb = np.array(ca.tokens), np.array(cb.tokens)
    for key in ("frac_neg", "frac_closed", "mean_abs_h"):
        want = (getattr(sa, key) * na + getattr(sb, key) * nb) / (na + nb)
        np.testing.assert_allclose(getattr(both, key), want, rtol=1e-5, err_msg=key)
    np.testing.assert_allclose(both.act_hist, (sa.act_hist * na[:, None] + sb.act_hist * nb[:, None])
                               / (na + nb)[:, None], rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(both.max_abs_h, np.maximum(sa.max_abs_h, sb.max_abs_h), rtol=1e-6)
    np.testing.assert_allclose(both.mlp_ratio, (sa.mlp_ratio * ta + sb.mlp_ratio * tb) / (ta + tb),
                               rtol=1e-5)
    np.testing.assert_allclose(both.attn_sink, (sa.attn_sink + sb.attn_sink) / 2, rtol=1e-5)
