"""Collectors shared by both sources: turn a layer's tensors into one ``LayerTrace``.

Why shared: a gatelab model hands its tensors to a ``Capture`` object, a Hugging Face model gives
them to forward hooks, but the reductions (per-head first-token share, output-gate mean, norms)
must be the same numbers in both cases, or the views would compare unlike things.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch

from gatelab.core.inside.types import LayerTrace


def host(t: torch.Tensor) -> np.ndarray:
    """float32 numpy array of a tensor (any dtype, any device); a zero-copy view for a float32
    CPU tensor, so the array shares memory with the tensor the pass produced."""
    if t.dtype == torch.float32 and t.device.type == "cpu" and not t.requires_grad:
        return t.numpy()  # the common case, without four no-op conversions
    return t.detach().float().cpu().numpy().astype(np.float32, copy=False)


def cpu_view(t: torch.Tensor) -> np.ndarray:
    """``host`` without its checks, for a pass already known to give CPU float32 tensors."""
    return t.numpy()


def viewer(t: torch.Tensor) -> Any:
    """``cpu_view`` when ``t`` (and so every tensor of its pass) is a CPU float32 tensor, else
    ``host``. Why: after a pass every call runs cold, and host's checks cost 2–3 µs a tensor."""
    return cpu_view if t.device.type == "cpu" and t.dtype == torch.float32 else host


def row_norms(xs: list[np.ndarray]) -> np.ndarray:
    """‖x_t‖ of every row of each x [T, d] -> [len(xs), T] float32, without stacking the xs
    (a stack of a 30-layer model's outputs copies megabytes)."""
    sq = np.empty((len(xs), xs[0].shape[0]), np.float32)
    for i, x in enumerate(xs):
        np.einsum("td,td->t", x, x, out=sq[i])
    return np.sqrt(sq, out=sq)


def peak_abs(x: np.ndarray) -> float:
    """max |x| over all entries (two reductions, no |x| copy)."""
    return float(max(x.max(), -x.min()))


def sinks_from_lse(qs: list[np.ndarray], k0s: list[np.ndarray], lses: list[np.ndarray]) -> np.ndarray:
    """Per-layer, per-head first-token shares from the attention call's log-normaliser:
    ``stats.sink_shares`` in numpy (a test holds the two equal), the mean over queries t ≥ 1
    of exp(q_t·k_0/√hd − lse_t). Per layer q [H, T, hd], k0 [KV, hd] (key 0), lse [H, T]
    -> [L, H]; NaN for a one-token text, which has no such query."""
    H, T, hd = qs[0].shape
    if T < 2:
        return np.full((len(qs), H), np.nan, np.float32)
    s = np.empty((len(qs), H, T - 1), np.float32)  # q_t·k_0 for t ≥ 1
    for i, (q, k0) in enumerate(zip(qs, k0s)):
        if k0.shape[0] != H:  # grouped-query heads share a key head
            k0 = np.repeat(k0, H // k0.shape[0], axis=0)
        np.einsum("htd,hd->ht", q[:, 1:], k0, out=s[i])
    s *= hd ** -0.5
    s -= np.stack(lses)[:, :, 1:]
    return np.exp(s, out=s).sum(axis=2) / (T - 1)


def gate_mean_from_q(q_out: torch.Tensor, head_dim: int) -> float:
    """Mean σ(gate) of an attention output gate packed into q_proj's output as
    [..., heads, 2·head_dim] (query half, gate half): gatelab's layout and Qwen3.5's."""
    x = q_out.reshape(*q_out.shape[:-1], -1, 2 * head_dim)
    gate = x[..., head_dim:]
    return float(torch.sigmoid(gate.float()).mean())


class LayerParts:
    """Mutable per-layer slots filled during one forward pass of a single sequence."""

    def __init__(self) -> None:
        # tensors are kept as the model produced them ([T, m] or [1, T, m]); reshaped once at the
        # end, so a hook costs no tensor operation while the pass runs
        self.g: torch.Tensor | None = None       # [T, m]
        self.u: torch.Tensor | None = None       # [T, m]
        self.h: torch.Tensor | None = None       # [T, m]
        self.mlp_out: torch.Tensor | None = None  # [T, d]: what the MLP adds to the residual
        self.mlp_raw: torch.Tensor | None = None  # [T, d]: an HF MLP's output until its post-norm ran
        self.x_out: torch.Tensor | None = None    # [T, d]
        self.sink: np.ndarray | None = None       # [H]
        self.attn_w: torch.Tensor | None = None   # [1, H, T, T] softmax weights (HF eager), reduced at the end
        self.gate_mean: float | None = None

    def finish(self, kind: str, layer: int) -> LayerTrace:
        """The LayerTrace of these slots; a missing tensor means the hooks did not fire."""
        if self.g is None or self.h is None or self.mlp_out is None or self.x_out is None:
            from gatelab.core.inside.errors import InsideError
            from gatelab.core.messages import Msg
            raise InsideError(Msg("inside.no_mlp_tensors", {"layer": layer}))
        m, d = self.g.shape[-1], self.x_out.shape[-1]
        g = host(self.g.reshape(-1, m))
        u = np.ones_like(g) if self.u is None else host(self.u.reshape(-1, m))
        x = self.x_out.reshape(-1, d).float()
        return LayerTrace(
            kind=kind, g=g, u=u, h=host(self.h.reshape(-1, m)),
            mlp_norm=host(self.mlp_out.reshape(-1, d).float().norm(dim=-1)),
            resid_norm=host(x.norm(dim=-1)),
            attn_sink=self.sink, attn_gate_mean=self.gate_mean,
            max_abs_hidden=float(x.abs().max()))


def _weights_to_sinks(parts: list[LayerParts]) -> None:
    """Per-head sinks of every layer that kept its attention weights, in one reduction of the
    key-0 columns (sliced first: stacking the whole [H, T, T] weights of 30 layers copied
    megabytes)."""
    have = [p for p in parts if p.attn_w is not None]
    if not have:
        return
    cols = [p.attn_w[..., 0] for p in have]  # type: ignore[index]  # [1, H, T]: weight on key 0
    if len({tuple(c.shape) for c in cols}) == 1:
        sinks = _column_means(torch.stack(cols))
    else:
        sinks = [_column_means(c) for c in cols]
    for p, s in zip(have, sinks):
        p.sink, p.attn_w = np.asarray(s).reshape(-1), None


def _column_means(c: torch.Tensor) -> np.ndarray:
    """The mean over queries t ≥ 1 of key-0 weights c [..., H, T] -> [..., H]; NaN for T < 2."""
    if c.shape[-1] < 2:
        return np.full(c.shape[:-1], np.nan, np.float32)
    return host(c[..., 1:].float().mean(dim=-1))


def finish_all(parts: list[LayerParts], kinds: list[str]) -> list[LayerTrace]:
    """Every layer's LayerTrace. On the CPU (float32) the arrays are zero-copy views and the
    norms and peaks numpy reductions of them; elsewhere layers of equal shapes are copied to the
    host in one transfer per tensor kind (the per-layer copies were most of the overhead)."""
    _weights_to_sinks(parts)
    shapes = {(None if p.g is None else tuple(p.g.shape), p.u is None) for p in parts}
    if len(shapes) != 1 or None in next(iter(shapes)) or any(
            p.h is None or p.mlp_out is None or p.x_out is None for p in parts):
        return [p.finish(kinds[i], i) for i, p in enumerate(parts)]
    L, m, d = len(parts), parts[0].g.shape[-1], parts[0].x_out.shape[-1]  # type: ignore[union-attr]
    view = viewer(parts[0].x_out)  # type: ignore[arg-type]
    if view is cpu_view and parts[0].g.dtype == torch.float32:  # type: ignore[union-attr]
        g = [view(p.g.reshape(-1, m)) for p in parts]  # type: ignore[union-attr]
        h = [view(p.h.reshape(-1, m)) for p in parts]  # type: ignore[union-attr]
        u = ([np.ones_like(x) for x in g] if parts[0].u is None
             else [view(p.u.reshape(-1, m)) for p in parts])  # type: ignore[union-attr]
        xs = [view(p.x_out.reshape(-1, d)) for p in parts]  # type: ignore[union-attr]
        norms = row_norms([view(p.mlp_out.reshape(-1, d)) for p in parts] + xs)  # type: ignore[union-attr]
        peak = [peak_abs(x) for x in xs]
    else:  # one device-to-host transfer per tensor kind
        def stacked(ts: list[Any], width: int) -> torch.Tensor:  # [L, T, width] from [(1,) T, width]
            return torch.stack(ts).reshape(len(ts), -1, width)
        g = list(host(stacked([p.g for p in parts], m)))
        h = list(host(stacked([p.h for p in parts], m)))
        u = ([np.ones_like(x) for x in g] if parts[0].u is None
             else list(host(stacked([p.u for p in parts], m))))
        both = stacked([p.mlp_out for p in parts] + [p.x_out for p in parts], d).float()
        norms = host(torch.linalg.vector_norm(both, dim=-1))  # [2L, T]: MLP outputs, then layer outputs
        peak = host(both[L:].abs().amax(dim=(1, 2))).tolist()
    return [LayerTrace(kind=kinds[i], g=g[i], u=u[i], h=h[i], mlp_norm=norms[i],
                       resid_norm=norms[L + i], attn_sink=p.sink, attn_gate_mean=p.gate_mean,
                       max_abs_hidden=float(peak[i])) for i, p in enumerate(parts)]


__all__ = ["LayerParts", "cpu_view", "finish_all", "gate_mean_from_q", "host", "peak_abs", "row_norms",
           "sinks_from_lse", "viewer"]
