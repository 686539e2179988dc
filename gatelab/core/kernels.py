"""The hand-written CPU kernels behind ``model.py``'s modules: same maths, fewer full-size passes.

Why a separate file: ``model.py`` is what a learner reads (shapes, Hugging Face names, the
formulas once). What lives here only makes a CPU training step cheaper, each measured A/B against
the plain autograd version in one process (see docs/BENCHMARKS.md, "CPU step against nanoGPT"):

- ``rms_norm_cpu`` and ``rotate_cpu``: RMSNorm and RoPE with hand-written backward passes.
"""

from __future__ import annotations

from typing import Any

import torch


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


__all__ = ["rms_norm_cpu", "rotate_cpu"]
