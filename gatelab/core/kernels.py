"""The hand-written CPU kernels behind ``model.py``'s modules: same maths, fewer full-size passes.

Why a separate file: ``model.py`` is what a learner reads (shapes, Hugging Face names, the
formulas once). What lives here only makes a CPU training step cheaper, each measured A/B against
the plain autograd version in one process (see docs/BENCHMARKS.md, "CPU step against nanoGPT"):

- ``rms_norm_cpu`` and ``rotate_cpu``: RMSNorm and RoPE with hand-written backward passes.
- ``rows_of_cat``: the fused q/k/v weight (rows reordered) with a gather as its backward.
- ``split_rotate_cpu``: the fused projection's output split into q, k, v (and gate) with q and k
  rotated, whose backward writes every gradient into one buffer (no concatenations).
"""

from __future__ import annotations

from typing import Any

import torch


# --- RMSNorm ----------------------------------------------------------------------------------

class _RMSNormCPU(torch.autograd.Function):
    """RMSNorm with a hand-written backward: on CPU ``F.rms_norm`` is not fused (torch 2.13) and
    its autograd graph costs ~1.5× these few ops (measured); the maths is the same.

    The backward is LayerNorm's fused CPU kernel given a zero mean, plus the one term that
    differs. With mean 0 that kernel computes dx_LN = r·g − (r³/d)·Σ(g·x)·x − (r/d)·Σg, where
    g = dy·w and Σ runs over the row; RMSNorm's dx = r·(g − x̂·mean(g·x̂)) is the same without
    the last term, so dx = dx_LN + (r/d)·Σg, and Σg per row is one matrix-vector product.
    dw = Σ_rows dy·x̂ is LayerNorm's too. (One kernel and a gemv instead of seven full passes.)"""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
        y, r = rms_norm_forward(x, weight, eps)
        ctx.save_for_backward(x, r, weight)
        return y

    @staticmethod
    def backward(ctx: Any, dy: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, None]:
        x, r, weight = ctx.saved_tensors
        return (*rms_norm_backward(dy, x, r, weight), None)


def rms_norm_forward(x: torch.Tensor, weight: torch.Tensor, eps: float
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    """(x·r·weight [..., d], r [..., 1]) with r = 1 / rms(x): ``_RMSNormCPU``'s forward, shared
    with the fused sublayer inputs of ``kernels_block``."""
    d = x.shape[-1]
    norm = torch.linalg.vector_norm(x, dim=-1, keepdim=True)  # [..., 1] = √Σx²
    # 1 / rms(x) = (eps + Σx²/d)^−½ in two small ops (four in-place ones cost twice as much)
    r = torch.addcmul(_constant(eps, x), norm, norm, value=1.0 / d).rsqrt_()
    return torch.mul(x, r).mul_(weight), r  # [..., d], [..., 1]


def rms_norm_backward(dy: torch.Tensor, x: torch.Tensor, r: torch.Tensor, weight: torch.Tensor
                      ) -> tuple[torch.Tensor, torch.Tensor]:
    """(dx, dweight) of RMSNorm for the upstream gradient dy (see ``_RMSNormCPU``)."""
    d = x.shape[-1]
    dx, dw, _ = _LAYER_NORM_BACKWARD(dy, x, [d], _zeros_like(r), r, weight, None,
                                     [True, True, False])
    sum_g = torch.mv(dy.reshape(-1, d), weight).view(r.shape)  # [..., 1] = Σ_j dy_j·w_j
    # (r/d)·Σg as a [..., 1] column first: an addcmul_ of two broadcast columns into dx is
    # not vectorised on the CPU (≈ 4× this add)
    return dx.add_(sum_g.mul_(r).mul_(1.0 / d)), dw


_LAYER_NORM_BACKWARD = torch.ops.aten.native_layer_norm_backward.default

# Read-only tensors the kernels would otherwise create on every call (each op costs ≈ 5 µs of
# dispatch, a few % of a small model's norm): eps as a 0-d tensor, the zero mean per shape.
_CACHE: dict[tuple[Any, ...], torch.Tensor] = {}
_CACHE_MAX = 64  # training meets a few shapes; a shape-changing caller only refills it


def _cached(key: tuple[Any, ...], make: Any) -> torch.Tensor:
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        hit = _CACHE[key] = make()
    return hit


def _constant(value: float, like: torch.Tensor) -> torch.Tensor:
    """``value`` as a 0-d tensor of like's dtype and device (never written to)."""
    return _cached(("c", value, like.dtype, like.device),
                   lambda: torch.tensor(value, dtype=like.dtype, device=like.device))


def _zeros_like(like: torch.Tensor) -> torch.Tensor:
    """zeros of like's shape, dtype and device (never written to: LayerNorm reads its mean)."""
    return _cached(("z", tuple(like.shape), like.dtype, like.device), lambda: torch.zeros_like(like))


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


# --- fused projections --------------------------------------------------------------------------

class _RowsOfCat(torch.autograd.Function):
    """cat(weights)[rows] for a permutation ``rows``: its gradient is a gather by the inverse
    permutation, where autograd's index backward scatters with accumulation (a serial CPU loop
    that cost ≈ 3 % of a training step, measured)."""

    @staticmethod
    def forward(ctx: Any, rows: torch.Tensor, inverse: torch.Tensor, *weights: torch.Tensor
                ) -> torch.Tensor:
        ctx.save_for_backward(inverse)
        ctx.sizes = [w.shape[0] for w in weights]
        return torch.cat(weights).index_select(0, rows)

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> tuple[torch.Tensor | None, ...]:
        (inverse,) = ctx.saved_tensors
        return (None, None, *grad.index_select(0, inverse).split(ctx.sizes))


def rows_of_cat(rows: torch.Tensor, inverse: torch.Tensor, *weights: torch.Tensor) -> torch.Tensor:
    """torch.cat(weights)[rows], rows a permutation of all rows and ``inverse`` its inverse."""
    return _RowsOfCat.apply(rows, inverse, *weights)


# --- q/k/v out of one projection ------------------------------------------------------------------

class _SplitRotate(torch.autograd.Function):
    """qkv [B, T, (H + KV)·hd | KV·hd | G·hd] -> q, k rotated (pair layout, see ``rope.py``), v
    and the gate as views. Autograd would give this four ops and, backwards, two concatenations
    (q with k, then with v and the gate) plus the rotation's own output: ≈ 3 % of a CPU step
    (measured). Here the backward allocates the input's gradient once and writes each piece into
    its slice: dq and dk rotated back (times the conjugate), dv and the gate copied."""

    @staticmethod
    def forward(ctx: Any, qkv: torch.Tensor, cis: torch.Tensor, conj_q: torch.Tensor,
                conj_k: torch.Tensor, heads: tuple[int, int, int, int]) -> tuple[torch.Tensor, ...]:
        ctx.save_for_backward(conj_q, conj_k)
        ctx.heads = heads
        return rotate_split(qkv, cis, heads)

    @staticmethod
    def backward(ctx: Any, dq: torch.Tensor, dk: torch.Tensor, dv: torch.Tensor,
                 dgate: torch.Tensor) -> tuple[torch.Tensor | None, ...]:
        return qkv_gradient(dq, dk, dv, dgate, ctx.saved_tensors, ctx.heads), None, None, None, None


def rotate_split(qkv: torch.Tensor, cis: torch.Tensor, heads: tuple[int, int, int, int]
                 ) -> tuple[torch.Tensor, ...]:
    """``split_rotate_cpu``'s forward (no autograd): q and k rotated into one new tensor, v and
    the gate views of qkv."""
    H, KV, G, hd = heads
    B, T, _ = qkv.shape
    nqk = (H + KV) * hd
    qk = torch.view_as_complex(qkv[..., :nqk].view(B, T, H + KV, hd // 2, 2))
    rotated = torch.view_as_real(qk * cis).view(B, T, H + KV, hd)  # [B, T, H + KV, hd]
    q, k = rotated.split((H, KV), dim=2)
    v = qkv[..., nqk:nqk + KV * hd].view(B, T, KV, hd)
    gate = qkv[..., nqk + KV * hd:].view(B, T, G, hd)
    return q, k, v, gate


def qkv_gradient(dq: torch.Tensor, dk: torch.Tensor, dv: torch.Tensor, dgate: torch.Tensor | None,
                 conj: tuple[torch.Tensor, ...], heads: tuple[int, int, int, int]) -> torch.Tensor:
    """The gradient of ``rotate_split``'s input qkv, written piece by piece into one buffer;
    ``conj`` = ``conj_tables(cis, H)`` (a model keeps them per length: ``Attention.cis_tables``)."""
    H, KV, G, hd = heads
    B, T = dq.shape[:2]
    nq, nk = H * hd, KV * hd
    conj_q, conj_k = conj
    dqkv = torch.empty(B, T, nq + 2 * nk + G * hd, dtype=dq.dtype, device=dq.device)
    for grad, lo, n, part in ((dq, 0, H, conj_q), (dk, nq, KV, conj_k)):
        out = torch.view_as_complex(dqkv[..., lo:lo + n * hd].view(B, T, n, hd // 2, 2))
        torch.mul(_as_complex(grad), part, out=out)  # times the conjugate: the inverse rotation
    dqkv[..., nq + nk:nq + 2 * nk].view(B, T, KV, hd).copy_(dv)
    if G:
        dqkv[..., nq + 2 * nk:].view(B, T, G, hd).copy_(dgate)
    return dqkv


def conj_tables(cis: torch.Tensor, heads: int) -> tuple[torch.Tensor, torch.Tensor]:
    """The conjugates of ``cis`` [T, H + KV, hd/2] for the query heads and the key heads, each
    contiguous: the lazy ``conj()`` view or a strided slice make the gradient's multiply 1.4×
    slower (measured)."""
    return torch.conj_physical(cis[:, :heads]), torch.conj_physical(cis[:, heads:])


def _as_complex(x: torch.Tensor) -> torch.Tensor:
    """x [..., hd] (last dimension contiguous) as [..., hd/2] complex pairs; a copy only where a
    stride forbids the view."""
    if x.stride(-1) != 1 or any(s % 2 for s in x.stride()[:-1]):
        x = x.contiguous()
    return torch.view_as_complex(x.unflatten(-1, (-1, 2)))


def split_rotate_cpu(qkv: torch.Tensor, cis: torch.Tensor, heads: tuple[int, int, int, int],
                     conj: tuple[torch.Tensor, ...] | None = None) -> tuple[torch.Tensor, ...]:
    """q [B, T, H, hd], k [B, T, KV, hd] (rotated by ``cis`` [T, H + KV, hd/2] complex), v
    [B, T, KV, hd] and gate [B, T, G, hd] out of qkv [B, T, (H + 2·KV + G)·hd], with one
    gradient buffer backwards; heads = (H, KV, G, hd), G = 0 without an output gate; ``conj``:
    ``conj_tables(cis, H)`` where the caller keeps them (made here otherwise)."""
    conj_q, conj_k = conj if conj is not None else conj_tables(cis, heads[0])
    return _SplitRotate.apply(qkv, cis, conj_q, conj_k, heads)


__all__ = ["conj_tables", "qkv_gradient", "rms_norm_backward", "rms_norm_cpu", "rms_norm_forward", "rotate_cpu",
           "rotate_split", "rows_of_cat", "split_rotate_cpu"]
