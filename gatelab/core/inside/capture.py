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


def sink_from_weights(w: torch.Tensor) -> np.ndarray:
    """Per-head mean attention weight on key 0 over queries t ≥ 1; w [..., H, T, T] (row = query)
    → [..., H]. A one-token text has no such query: NaN per head."""
    if w.shape[-2] < 2:
        return np.full(w.shape[:-2], np.nan, np.float32)
    return host(w[..., 1:, 0].float().mean(dim=-1))


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
        self.mlp_out: torch.Tensor | None = None  # [T, d]
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
    """Per-head sinks of every layer that kept its attention weights, in one reduction."""
    have = [p for p in parts if p.attn_w is not None]
    if not have:
        return
    if len({tuple(p.attn_w.shape) for p in have}) == 1:  # type: ignore[union-attr]
        sinks = sink_from_weights(torch.stack([p.attn_w for p in have]))  # type: ignore[misc]
    else:
        sinks = [sink_from_weights(p.attn_w) for p in have]  # type: ignore[arg-type]
    for p, s in zip(have, sinks):
        p.sink, p.attn_w = np.asarray(s).reshape(-1), None


def finish_all(parts: list[LayerParts], kinds: list[str]) -> list[LayerTrace]:
    """Every layer's LayerTrace; layers of equal shapes are copied to the host in one transfer
    per tensor kind (the per-layer copies were most of the tracing overhead)."""
    _weights_to_sinks(parts)
    shapes = {(None if p.g is None else tuple(p.g.shape), p.u is None) for p in parts}
    if len(shapes) != 1 or None in next(iter(shapes)) or any(
            p.h is None or p.mlp_out is None or p.x_out is None for p in parts):
        return [p.finish(kinds[i], i) for i, p in enumerate(parts)]
    L, m, d = len(parts), parts[0].g.shape[-1], parts[0].x_out.shape[-1]  # type: ignore[union-attr]

    def stacked(ts: list[Any], width: int) -> torch.Tensor:  # [L, T, width] from [(1,) T, width]
        return torch.stack(ts).reshape(L, -1, width)
    if parts[0].g.device.type == "cpu":  # type: ignore[union-attr]
        # zero-copy numpy views of the float32 tensors the pass produced (a stack would copy
        # 3 × L × T × m floats, most of the overhead on a 30-layer model)
        g = [host(p.g.reshape(-1, m)) for p in parts]  # type: ignore[union-attr]
        h = [host(p.h.reshape(-1, m)) for p in parts]  # type: ignore[union-attr]
        u = ([np.ones_like(x) for x in g] if parts[0].u is None
             else [host(p.u.reshape(-1, m)) for p in parts])  # type: ignore[union-attr]
    else:  # one device-to-host transfer per tensor kind
        g = list(host(stacked([p.g for p in parts], m)))
        h = list(host(stacked([p.h for p in parts], m)))
        u = ([np.ones_like(x) for x in g] if parts[0].u is None
             else list(host(stacked([p.u for p in parts], m))))
    both = torch.stack([p.mlp_out for p in parts] + [p.x_out for p in parts]).reshape(2 * L, -1, d)
    both = both.float()
    norms = host(torch.linalg.vector_norm(both, dim=-1))  # [2L, T]: MLP outputs, then layer outputs
    mlp, resid = norms[:L], norms[L:]
    peak = host(both[L:].abs().amax(dim=(1, 2)))
    return [LayerTrace(kind=kinds[i], g=g[i], u=u[i], h=h[i], mlp_norm=mlp[i],
                       resid_norm=resid[i], attn_sink=p.sink, attn_gate_mean=p.gate_mean,
                       max_abs_hidden=float(peak[i])) for i, p in enumerate(parts)]


__all__ = ["LayerParts", "finish_all", "gate_mean_from_q", "host", "sink_from_weights"]
