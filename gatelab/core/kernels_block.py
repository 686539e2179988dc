"""A CPU training step's sublayer inputs as single autograd functions: the same maths as
``model.Block``'s textbook forward, with fewer Python functions and graph nodes per layer.

Why: on a small model every op costs a fixed few µs of dispatch, and every hand-written
autograd function (``kernels.py``) costs a Python call each way. A block's textbook path runs
four of them per layer (two RMSNorms, the fused q/k/v weight, the q/k/v split with RoPE) plus
autograd's own nodes for the projections and the SwiGLU product. Here each sublayer's input is
one function:

- ``attention_input_cpu``: RMSNorm -> one matmul over the reordered q/k/v weights -> q and k
  rotated (RoPE as one complex multiply), v and the output gate;
- ``swiglu_input_cpu``: RMSNorm -> gate_proj and up_proj -> h = silu(g)·u, whose backward sums
  the two input gradients in one ``addmm_`` instead of an extra pass.

Measured A/B in one process, alternating steps: ≈ 4 % of a CPU training step at nanoGPT's CPU
shape (docs/BENCHMARKS.md). ``model.Block`` takes this path only where it computes the same:
float32/64 on the CPU with gradients on, no hooks on any of the block's modules, no dropout
(a capture reads the same tensors); the tests hold values and every gradient to the textbook path bit for bit.
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from gatelab.core.kernels import qkv_gradient, rms_norm_backward, rms_norm_forward, rotate_split

_SILU_BACKWARD = torch.ops.aten.silu_backward.default


class _AttentionInput(torch.autograd.Function):
    """x [B, T, d] -> q, k, v, gate of ``kernels.rotate_split`` through RMSNorm and the fused
    projection cat(q_proj, k_proj, v_proj)[rows] (rows: the pair layout, see ``rope.py``)."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, norm_weight: torch.Tensor, eps: float,
                rows: torch.Tensor, inverse: torch.Tensor, cis: torch.Tensor,
                heads: tuple[int, int, int, int], *weights: torch.Tensor) -> tuple[torch.Tensor, ...]:
        xn, r = rms_norm_forward(x, norm_weight, eps)  # [B, T, d], [B, T, 1]
        w = torch.cat(weights).index_select(0, rows)  # [(H + 2·KV + G)·hd, d]
        ctx.save_for_backward(x, r, norm_weight, xn, w, inverse, cis)
        ctx.heads, ctx.sizes = heads, [t.shape[0] for t in weights]
        return rotate_split(F.linear(xn, w), cis, heads)

    @staticmethod
    def backward(ctx: Any, dq: torch.Tensor, dk: torch.Tensor, dv: torch.Tensor,
                 dgate: torch.Tensor) -> tuple[torch.Tensor | None, ...]:
        x, r, norm_weight, xn, w, inverse, cis = ctx.saved_tensors
        dqkv = qkv_gradient(dq, dk, dv, dgate, cis, ctx.heads)  # [B, T, Σout]
        flat = dqkv.view(-1, dqkv.shape[-1])  # [B·T, Σout]
        dxn = torch.mm(flat, w).view(x.shape)  # [B, T, d]
        dw = torch.mm(flat.t(), xn.reshape(-1, x.shape[-1])).index_select(0, inverse)  # HF rows
        dx, dnorm = rms_norm_backward(dxn, x, r, norm_weight)
        return (dx, dnorm, None, None, None, None, None, *dw.split(ctx.sizes))


class _SwiGLUInput(torch.autograd.Function):
    """x [B, T, d] -> h = silu(xn·Wgᵀ)·(xn·Wuᵀ) [B, T, m], xn = RMSNorm(x); with ``parts``
    also g, u and silu(g) (no gradient flows back through them: what a capture reads)."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, norm_weight: torch.Tensor, eps: float,
                gate_weight: torch.Tensor, up_weight: torch.Tensor, parts: bool
                ) -> torch.Tensor | tuple[torch.Tensor, ...]:
        xn, r = rms_norm_forward(x, norm_weight, eps)  # [B, T, d], [B, T, 1]
        g, u = F.linear(xn, gate_weight), F.linear(xn, up_weight)  # [B, T, m] each
        a = F.silu(g)
        ctx.save_for_backward(x, r, norm_weight, xn, g, u, a, gate_weight, up_weight)
        if not parts:
            return a * u  # [B, T, m]
        ctx.mark_non_differentiable(g, u, a)
        ctx.set_materialize_grads(False)  # their gradients stay None, not zeros
        return a * u, g, u, a

    @staticmethod
    def backward(ctx: Any, dh: torch.Tensor, *_: Any) -> tuple[torch.Tensor | None, ...]:
        x, r, norm_weight, xn, g, u, a, gate_weight, up_weight = ctx.saved_tensors
        m, d = g.shape[-1], x.shape[-1]
        du = (dh * a).view(-1, m)  # [B·T, m]
        dg = _SILU_BACKWARD(dh * u, g).view(-1, m)  # [B·T, m]
        dxn = torch.mm(dg, gate_weight).addmm_(du, up_weight).view(x.shape)  # both branches, one sum
        xn2 = xn.reshape(-1, d)
        dx, dnorm = rms_norm_backward(dxn, x, r, norm_weight)
        return dx, dnorm, None, torch.mm(dg.t(), xn2), torch.mm(du.t(), xn2), None


def attention_input_cpu(x: torch.Tensor, norm_weight: torch.Tensor, eps: float,
                        rows: torch.Tensor, inverse: torch.Tensor, cis: torch.Tensor,
                        heads: tuple[int, int, int, int], q_weight: torch.Tensor,
                        k_weight: torch.Tensor, v_weight: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """q [B, T, H, hd], k [B, T, KV, hd] (rotated by ``cis`` [T, H + KV, hd/2]), v [B, T, KV, hd]
    and gate [B, T, G, hd] of RMSNorm(x) [B, T, d]; heads = (H, KV, G, hd), G = 0 without an
    output gate; ``rows``/``inverse``: the permutation of the weights' stacked rows and its
    inverse (``Attention._fused_rows``)."""
    return _AttentionInput.apply(x, norm_weight, eps, rows, inverse, cis, heads,
                                 q_weight, k_weight, v_weight)


def swiglu_input_cpu(x: torch.Tensor, norm_weight: torch.Tensor, eps: float,
                     gate_weight: torch.Tensor, up_weight: torch.Tensor, parts: bool = False
                     ) -> torch.Tensor | tuple[torch.Tensor, ...]:
    """h = silu(g)·u [B, T, m] of RMSNorm(x) [B, T, d] (what down_proj reads); with ``parts``
    the tuple (h, g, u, silu(g)) for a capture."""
    return _SwiGLUInput.apply(x, norm_weight, eps, gate_weight, up_weight, parts)


def block_forward_cpu(block: Any, x: torch.Tensor, table: torch.Tensor, capture: Any = None
                      ) -> torch.Tensor:
    """``model.Block.forward`` for a CPU training step (where ``Block._fast_cpu`` allows it):
    each sublayer's norm and input projections as one function above; attention itself, o_proj
    and down_proj are the block's own; a capture is handed what ``forward`` hands it.
    x [B, T, d] -> [B, T, d]; table = GPT's ``rope_pairs``."""
    x = x + block.attn.attend(*block.attn.input_cpu(x, block.attn_norm, table), capture)
    mlp, norm = block.mlp, block.mlp_norm
    if mlp.variant != "swiglu":  # the other FFNs keep their textbook path
        m = mlp(norm(x), capture)
    elif capture is None:
        m = mlp.down_proj(swiglu_input_cpu(x, norm.weight, norm.eps, mlp.gate_proj.weight,
                                           mlp.up_proj.weight))
    else:
        h, g, u, a = swiglu_input_cpu(x, norm.weight, norm.eps, mlp.gate_proj.weight,
                                      mlp.up_proj.weight, parts=True)
        capture.ffn(block.layer, g, u, a, h)
        m = mlp.down_proj(h)
    x = x + m  # [B, T, d]
    if capture is not None:
        capture.block(block.layer, m, x)
    return x


__all__ = ["attention_input_cpu", "block_forward_cpu", "swiglu_input_cpu"]
