"""Causal attention together with its log-normaliser (lse), from which any attention weight is
one exp away: how the statistics and the inside-the-model views read each head's first-token
share without a second q·kᵀ and softmax (see ``attention_with_lse``).
"""

from __future__ import annotations

import torch
import torch.nn.functional as F


def attention_with_lse(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor
                       ) -> tuple[torch.Tensor, torch.Tensor]:
    """Causal attention y and its log-normaliser lse_t = log Σ_{j≤t} exp(q_t·k_j/√hd).

    Why: ``scaled_dot_product_attention`` returns no weights, yet with lse every weight is one exp
    away, w_tj = exp(q_t·k_j/√hd − lse_t); the inside-the-model views read each head's
    first-token share this way instead of a second q·kᵀ and softmax. On the CPU the fused kernel
    behind SDPA computes lse anyway and this asks it to return it (same output as SDPA); other
    devices recompute it from the scores (traced passes only, never a training step).
    q, k, v [B, H, T, hd] -> (y [B, H, T, hd], lse [B, H, T] float32); no dropout."""
    if q.device.type == "cpu":
        y, lse = torch._scaled_dot_product_flash_attention_for_cpu(q, k, v, 0.0, is_causal=True)
        return y, lse
    return F.scaled_dot_product_attention(q, k, v, is_causal=True), causal_lse(q, k)


def lse_for(capture: object, q: torch.Tensor) -> bool:
    """Whether to hand ``capture`` the attention's lse: where it costs nothing (the CPU kernel
    returns it), or for one sequence (a trace). Elsewhere ``causal_lse`` recomputes every
    query's scores, [B, H, T, T]: a stats step of a GPU batch would pay that for all B rows, so
    such captures recompute the weights of their few sampled rows themselves."""
    return getattr(capture, "wants_lse", False) and (q.device.type == "cpu" or q.shape[0] == 1)


def causal_lse(q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    """lse_t = log Σ_{j≤t} exp(q_t·k_j/√hd) from the scores: q, k [B, H, T, hd] -> [B, H, T]."""
    T = q.shape[-2]
    scores = (q @ k.transpose(-2, -1)).float() * q.shape[-1] ** -0.5  # [B, H, T, T]
    mask = torch.ones(T, T, dtype=torch.bool, device=q.device).triu_(1)  # key after query
    return scores.masked_fill_(mask, float("-inf")).logsumexp(dim=-1)  # [B, H, T]


__all__ = ["attention_with_lse", "causal_lse", "lse_for"]
