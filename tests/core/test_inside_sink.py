"""The attention sink of a traced gatelab run, read from the attention call's own log-normaliser
(``model.attention_with_lse``), equals the softmax weights that the old recomputation used, and
reading it leaves every other traced value unchanged."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from gatelab.core.engine import load_trained
from gatelab.core.inside.run_source import traced_layers
from gatelab.core.model import attention_with_lse, causal_lse
from tests.core.inside_helpers import train_tiny_run

torch.set_num_threads(1)
TEXT = "def gate(x):\n    return up(x)"


def _softmax_weights(q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    """[..., T, T] causal softmax(q·kᵀ/√hd): the weights SDPA does not return."""
    T, hd = q.shape[-2], q.shape[-1]
    s = (q @ k.transpose(-2, -1)) / hd ** 0.5
    return s.masked_fill(torch.ones(T, T, dtype=torch.bool).triu(1), float("-inf")).softmax(-1)


def test_attention_with_lse_is_sdpa_and_gives_every_weight() -> None:
    torch.manual_seed(0)
    q, k, v = (torch.randn(2, 3, 17, 8) for _ in range(3))
    y, lse = attention_with_lse(q, k, v)
    torch.testing.assert_close(y, F.scaled_dot_product_attention(q, k, v, is_causal=True),
                               atol=1e-6, rtol=0)
    torch.testing.assert_close(lse, causal_lse(q, k), atol=1e-5, rtol=0)  # the non-CPU branch
    w = _softmax_weights(q, k)
    w0 = torch.exp((q @ k[:, :, :1].transpose(-2, -1)).squeeze(-1) / 8 ** 0.5 - lse)
    torch.testing.assert_close(w0, w[..., 0], atol=1e-6, rtol=0)


class _OldCapture:
    """What a capture without ``wants_lse`` receives: the plain SDPA pass's q and k (the sink
    used to be recomputed from them) and its MLP and layer tensors."""

    def __init__(self) -> None:
        self.q: list[torch.Tensor] = []
        self.k: list[torch.Tensor] = []
        self.ffn_t: list[tuple[torch.Tensor, torch.Tensor | None, torch.Tensor]] = []
        self.blocks: list[tuple[torch.Tensor, torch.Tensor]] = []

    def attention(self, layer: int, q: torch.Tensor, k: torch.Tensor) -> None:
        self.q.append(q[0])
        self.k.append(k[0])

    def ffn(self, layer: int, g: torch.Tensor, u: torch.Tensor | None, act: torch.Tensor,
            h: torch.Tensor) -> None:
        self.ffn_t.append((g[0], u[0] if u is not None else None, h[0]))

    def block(self, layer: int, mlp_out: torch.Tensor, x_out: torch.Tensor) -> None:
        self.blocks.append((mlp_out[0], x_out[0]))


@pytest.mark.parametrize("changes", [{"attn_gate": True}, {"n_head": 4, "n_kv_head": 2}])
def test_trace_sink_equals_softmax_weights_and_other_values_stay(tmp_path: Path,
                                                                  changes: dict) -> None:
    train_tiny_run(tmp_path / "run", **changes)
    model, vocab, cfg = load_trained(tmp_path / "run")
    model.eval()
    ids = vocab.encode(TEXT)
    old = _OldCapture()
    with torch.no_grad():
        model(torch.tensor([ids]), capture=old)
    layers = traced_layers(model, cfg, ids)
    assert len(layers) == cfg.n_layer == len(old.q)
    for lt, q, k, (g, u, h), (m, x) in zip(layers, old.q, old.k, old.ffn_t, old.blocks):
        k = k.repeat_interleave(q.shape[0] // k.shape[0], dim=0)  # grouped-query heads
        expected = _softmax_weights(q, k)[:, 1:, 0].mean(-1)  # [H]: mean over queries t ≥ 1
        assert lt.attn_sink.shape == (cfg.n_head,)
        np.testing.assert_allclose(lt.attn_sink, expected.numpy(), atol=1e-6, rtol=0)
        # the pass that reads lse computes the same layer values as the plain SDPA pass
        np.testing.assert_allclose(lt.g, g.numpy(), atol=1e-6, rtol=0)
        np.testing.assert_allclose(lt.u, u.numpy(), atol=1e-6, rtol=0)
        np.testing.assert_allclose(lt.h, h.numpy(), atol=1e-6, rtol=0)
        np.testing.assert_allclose(lt.mlp_norm, m.norm(dim=-1).numpy(), atol=1e-6, rtol=1e-6)
        np.testing.assert_allclose(lt.resid_norm, x.norm(dim=-1).numpy(), atol=1e-6, rtol=1e-6)
        assert lt.max_abs_hidden == pytest.approx(float(x.abs().max()), abs=1e-6)


def test_one_token_has_no_sink(tmp_path: Path) -> None:
    train_tiny_run(tmp_path / "run", steps=2)
    model, vocab, cfg = load_trained(tmp_path / "run")
    layers = traced_layers(model, cfg, vocab.encode("d"))
    assert all(np.isnan(lt.attn_sink).all() and lt.attn_sink.shape == (cfg.n_head,) for lt in layers)


@pytest.mark.parametrize("kv", [4, 2])
def test_trace_sinks_in_numpy_equal_stats_sink_shares(kv: int) -> None:
    """The trace reduces in numpy (``run_source._sinks``); the training stats use
    ``stats.sink_shares`` in torch. Both must give the same share for every layer and head."""
    from gatelab.core.inside.capture import sinks_from_lse as _sinks
    from gatelab.core.stats import sink_shares
    torch.manual_seed(1)
    L, H, T, hd = 3, 4, 11, 8
    q, k = torch.randn(L, H, T, hd), torch.randn(L, kv, T, hd)
    lse = causal_lse(q, k.repeat_interleave(H // kv, dim=1))  # [L, H, T]
    expected = sink_shares(q, k[:, :, :1], lse)  # [L, H]
    got = _sinks(list(q.numpy()), list(k[:, :, 0].numpy()), list(lse.numpy()))
    np.testing.assert_allclose(got, expected.numpy(), rtol=1e-5, atol=1e-7)
    assert got.shape == (L, H) and got.dtype == np.float32
