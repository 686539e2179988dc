"""Instrumentation: what the gates, the MLPs and the attention do while a model learns.

Why it is built this way: the lessons' claims (gates close, the MLP writes a small correction into
the residual stream, attention piles onto the first token) must be visible live without slowing
training down. So nothing here runs on ordinary steps. On a *stats step* the model is handed a
``BatchCapture`` that reduces the intermediate tensors in place into a few small device tensors
(no ``.item()``, no host sync), and a ``probe_pass`` over the fixed probe text records real (g, u)
pairs and per-neuron activations. Only ``materialise`` copies anything to the host, once.

Definitions (per layer, over every token of the first ``STATS_ROWS`` sequences of the captured
batch and every neuron; a subsample keeps stats steps cheap and still counts thousands of values):
- ``frac_neg``: fraction of pre-gates g < 0. For classic FFNs g is the pre-activation.
- ``frac_closed``: fraction with |act(g)| < gate_eps (act = the gate branch; classic: the activation).
- ``act_hist``: counts of act(g) over ``hist_edges`` (values outside go to the end bins), sum 1.
- ``mean_abs_h`` / ``max_abs_h``: mean and max |h| (h = act(g)·B(u); classic h = act(g)).
- ``mlp_ratio``: mean over tokens of ‖MLP output‖₂ / ‖residual stream after the block‖₂.
- ``attn_sink``: mean attention weight on key position 0, over heads and query positions t ≥ 1
  (weights recomputed as softmax(q·kᵀ/√hd) with the causal mask,
  because scaled_dot_product_attention does not return them).
- ``gate_pairs`` [n_layer, m, 2]: (g, u) of every neuron at ``probe_position`` of the probe text;
  classic FFNs report u = 1 (so h = act(g)·u still holds).
- ``neuron_acts`` [n_layer, probe_len, m]: h over the probe text.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch

from gatelab.core.trainconfig import PROBE_TEXT, LayerStats

STATS_ROWS = 4  # batch statistics use the first STATS_ROWS sequences (cheap, plenty of tokens)
SINK_ROWS = STATS_ROWS
_HIST_RANGES = {"glu": (0.0, 1.0), "bilinear": (-3.0, 3.0), "relu": (0.0, 4.0), "reglu": (0.0, 4.0)}
_COLS = ("n", "neg", "closed", "sum_abs_h", "max_abs_h", "ratio_sum", "tokens", "sink_sum",
         "sink_count")
_C = {name: i for i, name in enumerate(_COLS)}


def hist_edges(variant: str, bins: int) -> np.ndarray:
    """Fixed histogram edges for act(g) of ``variant`` (float64, bins + 1 values)."""
    lo, hi = _HIST_RANGES.get(variant, (-1.0, 3.0))
    return np.linspace(lo, hi, bins + 1)


def probe_ids(vocab: object, block_size: int) -> list[int]:
    """The probe text encoded with the corpus vocabulary (unknown characters → the vocab's
    unknown id, a space where there is one), cut to the block size."""
    return vocab.encode(PROBE_TEXT)[:block_size]  # type: ignore[attr-defined]


def probe_index(position: int, length: int) -> int:
    """probe_position as an index into a probe of ``length`` (negative counts from the end;
    out-of-range values are clamped)."""
    idx = position + length if position < 0 else position
    return min(max(idx, 0), length - 1)


class BatchCapture:
    """Per-layer reductions of one forward pass, accumulated in place on the model's device."""

    def __init__(self, n_layer: int, variant: str, gate_eps: float, bins: int,
                 device: torch.device | str) -> None:
        self.n_layer, self.variant, self.gate_eps, self.bins = n_layer, variant, gate_eps, bins
        self.edges = hist_edges(variant, bins)
        self.lo, self.hi = float(self.edges[0]), float(self.edges[-1])
        self.acc = torch.zeros(n_layer, len(_COLS), device=device)
        self.hist = torch.zeros(n_layer, bins, device=device)

    @torch.no_grad()
    def attention(self, layer: int, q: torch.Tensor, k: torch.Tensor) -> None:
        # q [B, H, T, hd], k [B, KV, T, hd]
        T = q.shape[2]
        if T < 2:
            return
        q, k = q[:SINK_ROWS].float(), k[:SINK_ROWS].float()
        if k.shape[1] != q.shape[1]:
            k = k.repeat_interleave(q.shape[1] // k.shape[1], dim=1)  # GQA: share KV heads
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(q.shape[-1])  # [R, H, T, T]
        mask = torch.ones(T, T, dtype=torch.bool, device=q.device).triu(1)
        w = scores.masked_fill(mask, float("-inf")).softmax(dim=-1)
        self.acc[layer, _C["sink_sum"]] += w[:, :, 1:, 0].mean()
        self.acc[layer, _C["sink_count"]] += 1.0

    @torch.no_grad()
    def ffn(self, layer: int, g: torch.Tensor, u: torch.Tensor | None, act: torch.Tensor,
            h: torch.Tensor) -> None:
        r = STATS_ROWS
        g, a, h = g[:r].detach().float(), act[:r].detach().float(), h[:r].detach().float()
        row = self.acc[layer]
        row[_C["n"]] += g.numel()
        row[_C["neg"]] += (g < 0).sum()
        row[_C["closed"]] += (a.abs() < self.gate_eps).sum()
        ah = h.abs()
        row[_C["sum_abs_h"]] += ah.sum()
        row[_C["max_abs_h"]] = torch.maximum(row[_C["max_abs_h"]], ah.max())
        idx = ((a - self.lo) * (self.bins / (self.hi - self.lo))).floor()
        idx = idx.clamp_(0, self.bins - 1).long().flatten()
        # index_add_, not bincount: bincount waits for the device to size its output
        self.hist[layer].index_add_(0, idx, torch.ones_like(idx, dtype=self.hist.dtype))

    @torch.no_grad()
    def block(self, layer: int, mlp_out: torch.Tensor, x_out: torch.Tensor) -> None:
        m, x = mlp_out[:STATS_ROWS].detach().float(), x_out[:STATS_ROWS].detach().float()
        ratio = m.norm(dim=-1) / x.norm(dim=-1).clamp_min(1e-12)  # [B, T]
        self.acc[layer, _C["ratio_sum"]] += ratio.sum()
        self.acc[layer, _C["tokens"]] += ratio.numel()

    def materialise(self, probe: tuple[np.ndarray, np.ndarray] | tuple[torch.Tensor, torch.Tensor]
                    | None = None) -> LayerStats:
        """Copy the reductions (and the probe's device tensors, if given) to the host in one
        transfer, as a ``LayerStats``."""
        parts = [self.acc, self.hist]
        if probe is not None and isinstance(probe[0], torch.Tensor):
            parts += [probe[0].float(), probe[1].float()]
        flat = torch.cat([t.reshape(-1) for t in parts]).cpu().numpy()  # the one transfer
        pieces, start = [], 0
        for t in parts:
            pieces.append(flat[start:start + t.numel()].reshape(t.shape))
            start += t.numel()
        acc, hist = pieces[0].astype(np.float64), pieces[1].astype(np.float64)
        if len(pieces) == 4:
            probe = (pieces[2], pieces[3])
        n = np.maximum(acc[:, _C["n"]], 1.0)
        tot = np.maximum(hist.sum(axis=1, keepdims=True), 1.0)
        if probe is None:
            gate_pairs = np.zeros((self.n_layer, 0, 2), np.float32)
            neuron_acts = np.zeros((self.n_layer, 0, 0), np.float32)
        else:
            gate_pairs, neuron_acts = probe
        sink_n = acc[:, _C["sink_count"]]
        return LayerStats(
            frac_neg=acc[:, _C["neg"]] / n,
            frac_closed=acc[:, _C["closed"]] / n,
            act_hist=hist / tot,
            hist_edges=self.edges.copy(),
            mean_abs_h=acc[:, _C["sum_abs_h"]] / n,
            max_abs_h=acc[:, _C["max_abs_h"]].copy(),
            mlp_ratio=acc[:, _C["ratio_sum"]] / np.maximum(acc[:, _C["tokens"]], 1.0),
            attn_sink=np.where(sink_n > 0, acc[:, _C["sink_sum"]] / np.maximum(sink_n, 1.0), np.nan),
            gate_pairs=gate_pairs,
            neuron_acts=neuron_acts,
        )


class ProbeCapture:
    """Keeps g, u and h of one sequence [1, P, m] per layer (for the probe text)."""

    def __init__(self, n_layer: int) -> None:
        self.g: list[torch.Tensor | None] = [None] * n_layer
        self.u: list[torch.Tensor | None] = [None] * n_layer
        self.h: list[torch.Tensor | None] = [None] * n_layer

    def attention(self, layer: int, q: torch.Tensor, k: torch.Tensor) -> None:
        pass

    def ffn(self, layer: int, g: torch.Tensor, u: torch.Tensor | None, act: torch.Tensor,
            h: torch.Tensor) -> None:
        self.g[layer] = g[0].detach().float()
        self.u[layer] = torch.ones_like(self.g[layer]) if u is None else u[0].detach().float()
        self.h[layer] = h[0].detach().float()

    def block(self, layer: int, mlp_out: torch.Tensor, x_out: torch.Tensor) -> None:
        pass


@torch.no_grad()
def probe_pass(model: torch.nn.Module, ids: list[int], position: int,
               device: torch.device | str, to_host: bool = True) -> Any:
    """(gate_pairs [L, m, 2], neuron_acts [L, P, m]) of ``model`` on the probe ids (eval mode):
    numpy arrays, or device tensors with to_host=False (``materialise`` copies them in its one
    transfer)."""
    was_training = model.training
    model.eval()
    cap = ProbeCapture(len(model.blocks))  # type: ignore[arg-type]
    x = torch.tensor([ids], dtype=torch.long, device=device)
    model(x, capture=cap)
    model.train(was_training)
    i = probe_index(position, len(ids))
    g, u, h = torch.stack(cap.g), torch.stack(cap.u), torch.stack(cap.h)  # [L, P, m]
    pairs = torch.stack((g[:, i, :], u[:, i, :]), dim=-1)  # [L, m, 2]
    if not to_host:
        return pairs, h
    return pairs.cpu().numpy().astype(np.float32), h.cpu().numpy().astype(np.float32)


@torch.no_grad()
def measure(model: torch.nn.Module, idx: torch.Tensor, ids: list[int], position: int,
            gate_eps: float, bins: int) -> LayerStats:
    """All statistics of ``model`` on batch ``idx`` [B, T] and probe ``ids`` in one call (eval mode)."""
    cfg = model.cfg  # type: ignore[attr-defined]
    device = idx.device
    cap = BatchCapture(cfg.n_layer, cfg.variant, gate_eps, bins, device)
    was_training = model.training
    model.eval()
    model(idx, idx, capture=cap)
    model.train(was_training)
    return cap.materialise(probe_pass(model, ids, position, device))
