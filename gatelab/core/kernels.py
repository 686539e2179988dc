"""The hand-written CPU kernels behind ``model.py``'s modules: same maths, fewer full-size passes.

Why a separate file: ``model.py`` is what a learner reads (shapes, Hugging Face names, the
formulas once). What lives here only makes a CPU training step cheaper, each measured A/B against
the plain autograd version in one process (see docs/BENCHMARKS.md, "CPU step against nanoGPT"):

- ``FusedWeights``: several HF-named projections of one input (q/k/v) whose Parameters
  are row blocks (views) of one [Σout, d] tensor, so they run as one matmul with no per-step
  concatenation, while the state dict, the optimizer and forward hooks still see
  ``q_proj.weight``, ``k_proj.weight``, … exactly as before (old checkpoints load unchanged).
- ``rms_norm_cpu`` and ``rotate_cpu``: RMSNorm and RoPE with hand-written backward passes.
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F
from torch import nn


# --- several projections of one input as one matmul ---------------------------------------------

class _FusedLinear(torch.autograd.Function):
    """y = x·Wᵀ where W's row blocks ARE the given parameters (views of W): one matmul each way,
    and the weight gradient, one [Σout, d] product, comes back split into the parameters' rows."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, w: torch.Tensor, *parts: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x, w)
        ctx.rows = [p.shape[0] for p in parts]
        return F.linear(x, w)  # [..., Σout]

    @staticmethod
    def backward(ctx: Any, dy: torch.Tensor) -> tuple[torch.Tensor | None, ...]:
        x, w = ctx.saved_tensors
        dx = dy @ w if ctx.needs_input_grad[0] else None  # [..., d]
        dw = dy.reshape(-1, dy.shape[-1]).t() @ x.reshape(-1, x.shape[-1])  # [Σout, d]
        return (dx, None, *dw.split(ctx.rows))


class FusedWeights:
    """The weights of ``linears`` (bias-free nn.Linear of the same input) as one [Σout, d] tensor.

    Each Linear keeps its own Parameter (its name in the state dict, its optimizer state), but
    the Parameter's data is made a view of one shared tensor, so ``linear(x)`` is one matmul on
    it with nothing copied per step. Anything that gives a Parameter new storage (``.to()``,
    ``.float()``, a load with assign=True) is noticed by comparing data pointers, and the views
    are rebuilt once from the current values."""

    def __init__(self, *linears: nn.Linear) -> None:
        self.linears = linears
        self.weight: torch.Tensor | None = None
        self.ptrs: tuple[int, ...] = ()

    def fused(self) -> torch.Tensor:
        """The [Σout, d] weight, re-aliased if a parameter moved since the last call."""
        ws = [lin.weight for lin in self.linears]
        if self.weight is None or tuple(w.data_ptr() for w in ws) != self.ptrs:
            joined = torch.cat([w.detach() for w in ws])  # [Σout, d]
            start = 0
            for w in ws:  # the Parameter objects stay (optimizer, hooks); their data is a view
                w.data = joined[start:start + w.shape[0]]
                start += w.shape[0]
            self.weight, self.ptrs = joined, tuple(w.data_ptr() for w in ws)
        return self.weight

    def __call__(self, x: torch.Tensor) -> torch.Tensor:
        """x [..., d] -> [..., Σout]: the projections' outputs side by side."""
        w = self.fused()
        if torch.is_grad_enabled() and any(lin.weight.requires_grad for lin in self.linears):
            return _FusedLinear.apply(x, w, *(lin.weight for lin in self.linears))
        return F.linear(x, w)


# --- RMSNorm ----------------------------------------------------------------------------------

class _RMSNormCPU(torch.autograd.Function):
    """RMSNorm with a hand-written backward: on CPU ``F.rms_norm`` is not fused (torch 2.13) and
    its autograd graph costs ~1.5× these few ops (measured); the maths is the same."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
        d = x.shape[-1]
        sq = torch.linalg.vector_norm(x, dim=-1, keepdim=True).square_()  # [..., 1] = Σx²
        r = sq.div_(d).add_(eps).rsqrt_()  # [..., 1] = 1 / rms(x)
        xhat = x * r  # [..., d]
        ctx.save_for_backward(xhat, r, weight)
        return xhat * weight

    @staticmethod
    def backward(ctx: Any, dy: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, None]:
        xhat, r, weight = ctx.saved_tensors
        d = xhat.shape[-1]
        dw = (dy * xhat).reshape(-1, d).sum(0)  # [d]
        g = dy * weight  # [..., d]
        dot = torch.linalg.vecdot(g, xhat).unsqueeze_(-1).div_(-d)  # [..., 1] = −mean(g·xhat)
        return torch.addcmul(g, xhat, dot).mul_(r), dw, None  # r·(g − xhat·mean(g·xhat))


def rms_norm_cpu(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """x / rms(x) · weight with the hand-written backward (CPU training)."""
    return _RMSNormCPU.apply(x, weight, eps)


# --- RoPE -------------------------------------------------------------------------------------

def _rotate_into(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """(x1·c − x2·s, x2·c + x1·s) written half by half into one new tensor: no roll, no cat."""
    half = x.shape[-1] // 2
    x1, x2, c, s = x[..., :half], x[..., half:], cos[..., :half], sin[..., half:]  # s = +sin
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    torch.mul(x1, c, out=out[..., :half]).addcmul_(x2, s, value=-1.0)
    torch.mul(x2, c, out=out[..., half:]).addcmul_(x1, s)
    return out


class _Rotate(torch.autograd.Function):
    """RoPE with a hand-written backward: the rotation is orthogonal, so the gradient is the
    inverse rotation (the same ops with −sin); 4 half-size ops each way, no intermediates saved
    but the tables."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, cos_full: torch.Tensor, sin_signed: torch.Tensor
                ) -> torch.Tensor:
        ctx.save_for_backward(cos_full, sin_signed)
        return _rotate_into(x, cos_full, sin_signed)

    @staticmethod
    def backward(ctx: Any, dy: torch.Tensor) -> tuple[torch.Tensor, None, None]:
        cos_full, sin_signed = ctx.saved_tensors
        return _rotate_into(dy, cos_full, -sin_signed), None, None


def rotate_cpu(x: torch.Tensor, cos_full: torch.Tensor, sin_signed: torch.Tensor) -> torch.Tensor:
    """RoPE on x [B, T, H, hd] (any strides) with [T, 1, hd] tables -> a new contiguous tensor."""
    return _Rotate.apply(x, cos_full, sin_signed)


__all__ = ["FusedWeights", "rms_norm_cpu", "rotate_cpu"]
