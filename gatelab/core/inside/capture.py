"""Collectors shared by both sources: turn a layer's tensors into one ``LayerTrace``.

Why shared: a gatelab model hands its tensors to a ``Capture`` object, a Hugging Face model gives
them to forward hooks, but the reductions (per-head first-token share, output-gate mean, norms)
must be the same numbers in both cases, or the views would compare unlike things.
"""

from __future__ import annotations

import math

import numpy as np
import torch

from gatelab.core.inside.types import LayerTrace


def host(t: torch.Tensor) -> np.ndarray:
    """float32 numpy copy of a tensor (any dtype, any device)."""
    return t.detach().float().cpu().numpy().astype(np.float32, copy=False)


def sink_from_weights(w: torch.Tensor) -> np.ndarray:
    """Per-head mean attention weight on key 0 over queries t ≥ 1; w [H, T, T] (row = query).
    A one-token text has no such query: NaN per head."""
    if w.shape[-2] < 2:
        return np.full(w.shape[0], np.nan, np.float32)
    return host(w[:, 1:, 0].float().mean(dim=-1))


def sink_from_qk(q: torch.Tensor, k: torch.Tensor) -> np.ndarray:
    """Per-head sink share recomputed as softmax(q·kᵀ/√hd) with the causal mask (as stats.py
    does, because scaled_dot_product_attention does not return weights); q [H, T, hd],
    k [KV, T, hd] (grouped-query heads share a KV head)."""
    q, k = q.float(), k.float()
    if k.shape[0] != q.shape[0]:
        k = k.repeat_interleave(q.shape[0] // k.shape[0], dim=0)
    T = q.shape[1]
    scores = (q @ k.transpose(-2, -1)) / math.sqrt(q.shape[-1])  # [H, T, T]
    mask = torch.ones(T, T, dtype=torch.bool, device=q.device).triu(1)
    return sink_from_weights(scores.masked_fill(mask, float("-inf")).softmax(dim=-1))


def gate_mean_from_q(q_out: torch.Tensor, head_dim: int) -> float:
    """Mean σ(gate) of an attention output gate packed into q_proj's output as
    [..., heads, 2·head_dim] (query half, gate half): gatelab's layout and Qwen3.5's."""
    x = q_out.reshape(*q_out.shape[:-1], -1, 2 * head_dim)
    gate = x[..., head_dim:]
    return float(torch.sigmoid(gate.float()).mean())


class LayerParts:
    """Mutable per-layer slots filled during one forward pass of a single sequence."""

    def __init__(self) -> None:
        self.g: torch.Tensor | None = None       # [T, m]
        self.u: torch.Tensor | None = None       # [T, m]
        self.h: torch.Tensor | None = None       # [T, m]
        self.mlp_out: torch.Tensor | None = None  # [T, d]
        self.x_out: torch.Tensor | None = None    # [T, d]
        self.sink: np.ndarray | None = None       # [H]
        self.gate_mean: float | None = None

    def finish(self, kind: str, layer: int) -> LayerTrace:
        """The LayerTrace of these slots; a missing tensor means the hooks did not fire."""
        if self.g is None or self.h is None or self.mlp_out is None or self.x_out is None:
            from gatelab.core.inside.errors import InsideError
            raise InsideError(f"layer {layer}: the model did not expose its MLP tensors "
                              f"(gate_proj, up_proj, the MLP output and the layer output)")
        g = host(self.g)
        u = np.ones_like(g) if self.u is None else host(self.u)
        x = self.x_out.float()
        return LayerTrace(
            kind=kind, g=g, u=u, h=host(self.h),
            mlp_norm=host(self.mlp_out.float().norm(dim=-1)),
            resid_norm=host(x.norm(dim=-1)),
            attn_sink=self.sink, attn_gate_mean=self.gate_mean,
            max_abs_hidden=float(x.abs().max()))


__all__ = ["LayerParts", "gate_mean_from_q", "host", "sink_from_qk", "sink_from_weights"]
