"""Rotary position embeddings (RoPE): each head's query and key dimensions are rotated in pairs
by an angle that grows with the position, so q·k depends on how far apart two tokens are.

Two layouts of the same maths. The *half* layout (Hugging Face's, what gatelab saves) pairs
dimension i with i + hd/2; ``rotate`` works on it. The *pair* layout puts each pair side by
side, so that a pair is one complex number and the rotation one complex multiply
(``rotate_pairs``); the model's fused projection reads its weights in that order (``pair_rows``).
"""

from __future__ import annotations

import torch

from gatelab.core import kernels


def rope_tables(block_size: int, head_dim: int, base: float = 10000.0) -> tuple[torch.Tensor, torch.Tensor]:
    """cos and sin of each position's angles, [T, hd/2] each (the textbook tables)."""
    inv = 1.0 / base ** (torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim)  # [hd/2]
    ang = torch.outer(torch.arange(block_size, dtype=torch.float32), inv)  # [T, hd/2]
    return ang.cos(), ang.sin()


def rope_cache(cos: torch.Tensor, sin: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """The tables laid out for ``rotate``: cos as [T, 1, hd] and sin as [T, 1, hd] with the sign of
    the first half folded in, so one rotation is roll + 2 multiplies + 1 add."""
    cos_full = torch.cat((cos, cos), dim=-1)[:, None, :]  # [T, 1, hd]
    sin_signed = torch.cat((-sin, sin), dim=-1)[:, None, :]  # [T, 1, hd]
    return cos_full, sin_signed


def rotate(x: torch.Tensor, cos_full: torch.Tensor, sin_signed: torch.Tensor) -> torch.Tensor:
    """RoPE on x [B, T, H, hd] with cached [T, 1, hd] tables: (x1, x2) → (x1·c − x2·s, x2·c + x1·s).
    On the CPU a hand-written version (``kernels.rotate_cpu``, half by half, inverse rotation as
    its backward); elsewhere the plain formula, which a GPU compiler fuses into one kernel."""
    if x.device.type == "cpu":
        return kernels.rotate_cpu(x, cos_full, sin_signed)
    return x * cos_full + x.roll(x.shape[-1] // 2, dims=-1) * sin_signed  # roll: (x2, x1)


def apply_rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """Rotate halves of x [B, T, H, hd] by position; cos/sin [T, hd/2] (the textbook tables)."""
    cos_full, sin_signed = rope_cache(cos.to(x.dtype), sin.to(x.dtype))
    return rotate(x, cos_full, sin_signed)


def rope_pair_table(cos: torch.Tensor, sin: torch.Tensor, heads: int = 1) -> torch.Tensor:
    """The textbook tables as (c, s) pairs for ``rotate_pairs``: [T, hd/2] each -> [T, heads,
    hd/2, 2] (real, so that a dtype cast of the model keeps it; it is read as complex numbers
    c + i·s). ``heads`` > 1 repeats it for that many heads (what ``rotate_pairs`` multiplies
    fastest, see there)."""
    return torch.stack((cos, sin), dim=-1)[:, None].expand(-1, heads, -1, -1).contiguous()


def rotate_pairs(x: torch.Tensor, table: torch.Tensor) -> torch.Tensor:
    """RoPE on x [B, T, N, hd] laid out as pairs (x1_i, x2_i) side by side at (2i, 2i + 1): each
    pair is the complex number x1_i + i·x2_i, and the rotation is one complex multiply by
    c + i·s from ``rope_pair_table`` [T, 1 or N, hd/2, 2]: (x1·c − x2·s) + i·(x1·s + x2·c), the
    textbook formula. One op each way on the CPU (its gradient multiplies by the conjugate),
    where the half layout takes four; bf16 and float16 go through float32 there (no complex
    type for them). Other devices and compiled models get the same pairs in real arithmetic."""
    full = (torch.float32, torch.float64)
    # complex only on the CPU, where it was measured faster; a GPU runs the real pairs (fused by
    # a compiler; MPS lacks complex ops in some versions) and inductor has no complex kernels
    if x.device.type != "cpu" or torch.compiler.is_compiling():
        x1, x2 = x.unflatten(-1, (-1, 2)).unbind(-1)  # [B, T, N, hd/2] each
        c, s = table.to(x.dtype).unbind(-1)  # [T, 1, hd/2] each
        return torch.stack((x1 * c - x2 * s, x1 * s + x2 * c), dim=-1).flatten(-2)
    cis = torch.view_as_complex(table if table.dtype in full else table.float())  # [T, 1, hd/2]
    if cis.shape[1] != x.shape[2]:  # GPT keeps its table copied out to all N heads already
        # broadcast over N, each inner loop of the multiply is only hd/2 numbers long, and
        # fwd+bwd took ~1.3x as long (measured, 1 and 2 threads)
        cis = cis.expand(x.shape[1], x.shape[2], -1).contiguous()  # [T, N, hd/2]
    if x.dtype in full:
        return torch.view_as_real(torch.view_as_complex(x.view(*x.shape[:-1], -1, 2)) * cis).view(x.shape)
    xc = torch.view_as_complex(x.float().view(*x.shape[:-1], -1, 2))  # [B, T, N, hd/2]
    return torch.view_as_real(xc * cis).view(x.shape).to(x.dtype)  # [B, T, N, hd]


def pair_rows(n_heads: int, head_dim: int, stride: int, start: int = 0) -> torch.Tensor:
    """Row indices that lay each head's rows (half layout: x1 then x2) out as pairs (x1_i, x2_i):
    head h's rows start at start + h·stride. Attention only takes dot products of q and k, and
    a shared reordering of both leaves every dot product, hence the output, unchanged."""
    half = head_dim // 2
    pairs = torch.stack((torch.arange(half), torch.arange(half) + half), dim=1).flatten()  # [hd]
    return torch.cat([start + h * stride + pairs for h in range(n_heads)])


__all__ = ["apply_rope", "pair_rows", "rope_cache", "rope_pair_table", "rope_tables", "rotate",
           "rotate_pairs"]
