"""A CPU training step's blocks with fewer Python functions and graph nodes: the same maths as
``model.Block``'s textbook forward.

Why: on a small model every op costs a fixed few µs of dispatch, and every autograd node and
hand-written function (``kernels.py``) costs as much again each way. The textbook block runs
four hand-written functions and about fifteen autograd nodes per layer (views, transposes,
projections, residual adds). Here:

- ``swiglu_block_cpu``: a SwiGLU block, attention and MLP with both residual adds, as one
  autograd node whose backward is written out (``_SwiGLUBlock``);
- ``attention_input_cpu``: for the other FFNs, RMSNorm -> one matmul over the reordered q/k/v
  weights -> q and k rotated (RoPE as one complex multiply), v and the output gate; their MLP
  keeps its textbook path.

Measured A/B in one process, alternating steps at nanoGPT's CPU shape: the sublayer inputs
as functions ≈ 4 % of a step, the whole block as one node ≈ 3 % more (docs/BENCHMARKS.md).
``model.Block`` takes this path only where it computes the same: float32/64 on the CPU with
gradients on, no hooks on any of the block's modules, no dropout (a capture reads the same
tensors); the tests hold values and every gradient to the textbook path.
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F
from torch.autograd.function import once_differentiable

from gatelab.core.attention_lse import lse_for
from gatelab.core.kernels import qkv_gradient, rms_norm_backward, rms_norm_forward, rotate_split

_SILU_BACKWARD = torch.ops.aten.silu_backward.default
_SIGMOID_BACKWARD = torch.ops.aten.sigmoid_backward.default
# the CPU attention kernel that scaled_dot_product_attention runs, called directly both ways
_ATTENTION = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu.default
_ATTENTION_BACKWARD = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu_backward.default


class _AttentionInput(torch.autograd.Function):
    """x [B, T, d] -> q, k, v, gate of ``kernels.rotate_split`` through RMSNorm and the fused
    projection cat(q_proj, k_proj, v_proj)[rows] (rows: the pair layout, see ``rope.py``)."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, norm_weight: torch.Tensor, eps: float,
                rows: torch.Tensor, inverse: torch.Tensor, tables: tuple[torch.Tensor, ...],
                heads: tuple[int, int, int, int], *weights: torch.Tensor) -> tuple[torch.Tensor, ...]:
        cis, conj_q, conj_k = tables
        xn, r = rms_norm_forward(x, norm_weight, eps)  # [B, T, d], [B, T, 1]
        w = torch.cat(weights).index_select(0, rows)  # [(H + 2·KV + G)·hd, d]
        ctx.save_for_backward(x, r, norm_weight, xn, w, inverse, conj_q, conj_k)
        ctx.heads, ctx.sizes = heads, [t.shape[0] for t in weights]
        return rotate_split(F.linear(xn, w), cis, heads)

    @staticmethod
    def backward(ctx: Any, dq: torch.Tensor, dk: torch.Tensor, dv: torch.Tensor,
                 dgate: torch.Tensor) -> tuple[torch.Tensor | None, ...]:
        x, r, norm_weight, xn, w, inverse, conj_q, conj_k = ctx.saved_tensors
        dqkv = qkv_gradient(dq, dk, dv, dgate, (conj_q, conj_k), ctx.heads)  # [B, T, Σout]
        flat = dqkv.view(-1, dqkv.shape[-1])  # [B·T, Σout]
        dxn = torch.mm(flat, w).view(x.shape)  # [B, T, d]
        dw = torch.mm(flat.t(), xn.reshape(-1, x.shape[-1])).index_select(0, inverse)  # HF rows
        dx, dnorm = rms_norm_backward(dxn, x, r, norm_weight)
        return (dx, dnorm, None, None, None, None, None, *dw.split(ctx.sizes))


class _SwiGLUBlock(torch.autograd.Function):
    """A whole SwiGLU block, x [B, T, d] -> x + attention + MLP [B, T, d], as one autograd node:
    ``_AttentionInput``'s maths, causal attention (the CPU kernel behind SDPA, called forward
    and backward directly), o_proj with the residual add as one ``addmm``, then RMSNorm,
    h = silu(g)·u and down_proj with its residual add. Why: the block's ~15 autograd nodes
    (views, transposes, projections, adds) cost a fixed few µs each, both ways; as one node
    a CPU step was ≈ 3 % faster (measured A/B, docs/BENCHMARKS.md). Grouped-query heads
    share their key and value heads; the output gate multiplies by sigmoid(gate). A capture
    is handed what ``model.Block`` hands it (no gradient flows through what it reads)."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, eps: tuple[float, float],
                rope: tuple[torch.Tensor, ...],
                heads: tuple[int, int, int, int], capture: Any, layer: int,
                attn_w: torch.Tensor, mlp_w: torch.Tensor, *weights: torch.Tensor) -> torch.Tensor:
        rows, inverse, cis, conj_q, conj_k = rope
        wq, wk, wv, wo, wg, wu, wd = weights
        B, T, d = x.shape
        H, KV, G, hd = heads
        xn1, r1 = rms_norm_forward(x, attn_w, eps[0])  # [B, T, d], [B, T, 1]
        w = torch.cat((wq, wk, wv)).index_select(0, rows)  # [(H + 2·KV + G)·hd, d]
        q, k, v, gate = rotate_split(F.linear(xn1, w), cis, heads)  # [B, T, H|KV|G, hd]
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)  # [B, H|KV, T, hd]
        if capture is not None:
            capture.attention(layer, q, k)
        kr, vr = _share(k, H), _share(v, H)  # [B, H, T, hd]
        y, lse = _ATTENTION(q, kr, vr, 0.0, True)  # [B, H, T, hd], [B, H, T]
        if capture is not None and lse_for(capture, q):
            capture.attention_lse(layer, lse)
        yt = y.transpose(1, 2)  # [B, T, H, hd]
        s = torch.sigmoid(gate) if G else None  # the output gate's factor [B, T, H, hd]
        yo = (yt * s if G else yt).reshape(B * T, H * hd)  # [B·T, H·hd]
        x1 = torch.addmm(x.reshape(B * T, d), yo, wo.t())  # [B·T, d] = x + o_proj(y)
        xn2, r2 = rms_norm_forward(x1, mlp_w, eps[1])  # [B·T, d], [B·T, 1]
        g, u = F.linear(xn2, wg), F.linear(xn2, wu)  # [B·T, m] each
        a = F.silu(g)
        h = a * u  # [B·T, m]
        if capture is None:
            out = torch.addmm(x1, h, wd.t())  # [B·T, d] = x1 + down_proj(h)
        else:
            m = h.size(1)
            capture.ffn(layer, g.view(B, T, m), u.view(B, T, m), a.view(B, T, m), h.view(B, T, m))
            mlp = torch.mm(h, wd.t())  # [B·T, d]
            out = x1 + mlp
            capture.block(layer, mlp.view(B, T, d), out.view(B, T, d))
        ctx.save_for_backward(x, r1, xn1, w, q, kr, vr, y, lse, yt, s, yo, x1, r2, xn2, g, u, a, h,
                              attn_w, mlp_w, inverse, conj_q, conj_k, *weights)
        ctx.heads = heads
        return out.view(B, T, d)

    @staticmethod
    @once_differentiable  # intermediates are saved: a second derivative would be wrong, not slow
    def backward(ctx: Any, dout: torch.Tensor) -> tuple[torch.Tensor | None, ...]:
        (x, r1, xn1, w, q, kr, vr, y, lse, yt, s, yo, x1, r2, xn2, g, u, a, h,
         attn_w, mlp_w, inverse, conj_q, conj_k, wq, wk, wv, wo, wg, wu, wd) = ctx.saved_tensors
        B, T, d = x.shape
        H, KV, G, hd = ctx.heads
        do = dout.reshape(B * T, d)
        # MLP: down_proj, h = silu(g)·u, gate_proj and up_proj, RMSNorm; plus the residual
        dh = torch.mm(do, wd)  # [B·T, m]
        du = dh * a
        dg = _SILU_BACKWARD(dh.mul_(u), g)
        dxn2 = torch.mm(dg, wg).addmm_(du, wu)  # both branches, one sum [B·T, d]
        dx1, dmlp_w = rms_norm_backward(dxn2, x1, r2, mlp_w)
        dx1.add_(do)  # [B·T, d]
        # attention: o_proj, the output gate, the attention kernel, q/k/v and RoPE, RMSNorm
        dyo = torch.mm(dx1, wo).view(B, T, H, hd)
        dgate = _SIGMOID_BACKWARD(dyo * yt, s) if G else None  # [B, T, H, hd]
        dyt = dyo * s if G else dyo
        dq, dk, dv = _ATTENTION_BACKWARD(dyt.transpose(1, 2), q, kr, vr, y, lse, 0.0, True)
        dk, dv = _unshare(dk, KV), _unshare(dv, KV)  # [B, KV, T, hd]
        dqkv = qkv_gradient(dq.transpose(1, 2), dk.transpose(1, 2), dv.transpose(1, 2), dgate,
                            (conj_q, conj_k), ctx.heads).view(B * T, -1)  # [B·T, Σout]
        dx, dattn_w = rms_norm_backward(torch.mm(dqkv, w).view(B, T, d), x, r1, attn_w)
        dx.add_(dx1.view(B, T, d))
        dw = torch.mm(dqkv.t(), xn1.reshape(B * T, d)).index_select(0, inverse)  # HF rows
        grads = (*dw.split((wq.shape[0], wk.shape[0], wv.shape[0])), torch.mm(dx1.t(), yo),
                 torch.mm(dg.t(), xn2), torch.mm(du.t(), xn2), torch.mm(do.t(), h))
        return (dx, None, None, None, None, None, dattn_w, dmlp_w, *grads)


def _share(t: torch.Tensor, heads: int) -> torch.Tensor:
    """k or v [B, KV, T, hd] for all query heads [B, H, T, hd] (grouped-query heads share)."""
    return t if t.shape[1] == heads else t.repeat_interleave(heads // t.shape[1], dim=1)


def _unshare(t: torch.Tensor, kv: int) -> torch.Tensor:
    """``_share``'s gradient: [B, H, T, hd] summed over each key head's group -> [B, KV, T, hd]."""
    B, H, T, hd = t.shape
    return t if H == kv else t.view(B, kv, H // kv, T, hd).sum(2)


def attention_input_cpu(x: torch.Tensor, norm_weight: torch.Tensor, eps: float,
                        rows: torch.Tensor, inverse: torch.Tensor, tables: tuple[torch.Tensor, ...],
                        heads: tuple[int, int, int, int], q_weight: torch.Tensor,
                        k_weight: torch.Tensor, v_weight: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """q [B, T, H, hd], k [B, T, KV, hd] (rotated by cis [T, H + KV, hd/2]), v [B, T, KV, hd]
    and gate [B, T, G, hd] of RMSNorm(x) [B, T, d]; tables = (cis, conj_q, conj_k) of
    ``Attention.cis_tables``; heads = (H, KV, G, hd), G = 0 without an output gate;
    ``rows``/``inverse``: the permutation of the weights' stacked rows and its inverse
    (``Attention._fused_rows``)."""
    return _AttentionInput.apply(x, norm_weight, eps, rows, inverse, tables, heads,
                                 q_weight, k_weight, v_weight)


def swiglu_block_cpu(block: Any, x: torch.Tensor, table: torch.Tensor, capture: Any = None
                     ) -> torch.Tensor:
    """A SwiGLU ``model.Block`` x [B, T, d] -> [B, T, d] as one autograd node (``_SwiGLUBlock``);
    table = GPT's ``rope_pairs``."""
    attn, mlp = block.attn, block.mlp
    rope = (attn.fused_rows, attn.fused_inverse, *attn.cis_tables(table, x.shape[1]))
    return _SwiGLUBlock.apply(
        x, (block.attn_norm.eps, block.mlp_norm.eps), rope, attn._heads(), capture, block.layer,
        block.attn_norm.weight, block.mlp_norm.weight, attn.q_proj.weight, attn.k_proj.weight,
        attn.v_proj.weight, attn.o_proj.weight, mlp.gate_proj.weight, mlp.up_proj.weight,
        mlp.down_proj.weight)


def block_forward_cpu(block: Any, x: torch.Tensor, table: torch.Tensor, capture: Any = None
                      ) -> torch.Tensor:
    """``model.Block.forward`` for a CPU training step (where ``Block._fast_cpu`` allows it):
    a SwiGLU block as one node (``swiglu_block_cpu``); the other FFNs take the attention's
    input as one function and keep their textbook MLP. A capture is handed what ``forward``
    hands it. x [B, T, d] -> [B, T, d]; table = GPT's ``rope_pairs``."""
    if block.mlp.variant == "swiglu":
        return swiglu_block_cpu(block, x, table, capture)
    x = x + block.attn.attend(*block.attn.input_cpu(x, block.attn_norm, table), capture)
    m = block.mlp(block.mlp_norm(x), capture)
    x = x + m  # [B, T, d]
    if capture is not None:
        capture.block(block.layer, m, x)
    return x


__all__ = ["attention_input_cpu", "block_forward_cpu", "swiglu_block_cpu"]
