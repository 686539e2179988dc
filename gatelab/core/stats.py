"""Instrumentation: what the gates, the MLPs and the attention do while a model learns.

Why it is built this way: the lessons' claims (gates close, the MLP writes a small correction into
the residual stream, attention piles onto the first token) must be visible live without slowing
training down. So nothing here runs on ordinary steps. On a *stats step* the model is handed a
``BatchCapture`` that keeps views of the intermediate tensors and reduces them for all layers at
once into a few small device tensors (no ``.item()``, no host sync), and a ``probe_pass`` over the fixed probe text records real (g, u)
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

import contextlib
import math
from collections.abc import Iterator
from typing import Any

import numpy as np
import torch

from gatelab.core.trainconfig import PROBE_TEXT, LayerStats

STATS_ROWS = 4  # batch statistics use the first STATS_ROWS sequences (cheap, plenty of tokens)
SINK_ROWS = STATS_ROWS
_HIST_RANGES = {"glu": (0.0, 1.0), "bilinear": (-3.0, 3.0), "relu": (0.0, 4.0), "reglu": (0.0, 4.0)}
_COLS = ("neg", "closed", "sum_abs_h", "max_abs_h", "ratio_sum", "sink_sum")  # BatchCapture's rows
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
    """Per-layer reductions of one forward pass, computed on the model's device at ``materialise``.

    Why this way: during the pass each hook only keeps views of what it is handed (the first
    ``STATS_ROWS`` sequences of g, act(g), h, the MLP's output and the residual stream, and the
    sink's q, key 0 and lse): no op at all, and the tensors are alive anyway until the backward
    has used them. ``materialise`` then stacks every layer's views and reduces them for all
    layers at once, ≈ 20 ops on [L, ...] instead of ≈ 35 per layer inside the training step
    (measured: the per-layer reductions cost ≈ 6 ms of a stats step at nanoGPT's CPU shape).
    Nothing is modified in place. The sink comes from the attention call's log-normaliser where
    the model hands it (``wants_lse``; no dropout), else from recomputed softmax weights."""

    wants_lse = True

    def __init__(self, n_layer: int, variant: str, gate_eps: float, bins: int,
                 device: torch.device | str) -> None:
        self.n_layer, self.variant, self.gate_eps, self.bins = n_layer, variant, gate_eps, bins
        self.edges = hist_edges(variant, bins)
        self.lo, self.hi = float(self.edges[0]), float(self.edges[-1])
        self.device = device
        self.n = [0.0] * n_layer  # values counted per layer (known from shapes: no device op)
        self.tokens = [0.0] * n_layer
        self.sink_count = [0.0] * n_layer
        self.ffn_parts: list[list[tuple[torch.Tensor, ...]]] = [[] for _ in range(n_layer)]  # (g, act, h)
        self.ratio_parts: list[list[tuple[torch.Tensor, ...]]] = [[] for _ in range(n_layer)]  # (mlp, x)
        self.sink_parts: list[list[tuple[torch.Tensor, ...]]] = [[] for _ in range(n_layer)]  # (q, k0, lse)
        self.sink_values: list[list[torch.Tensor]] = [[] for _ in range(n_layer)]  # from scores
        self._qk: dict[int, tuple[torch.Tensor, torch.Tensor]] = {}  # waiting for the layer's lse

    def attention(self, layer: int, q: torch.Tensor, k: torch.Tensor) -> None:
        # q [B, H, T, hd], k [B, KV, T, hd]; the sink waits for attention_lse (or block)
        if q.shape[2] >= 2:
            self._qk[layer] = (q[:SINK_ROWS].detach(), k[:SINK_ROWS].detach())

    def attention_lse(self, layer: int, lse: torch.Tensor) -> None:
        """The weight on key 0 will come from the attention call's lse [B, H, T]:
        exp(q_t·k_0/√hd − lse_t), for all layers at once (``sink_shares``)."""
        if layer not in self._qk:
            return
        q, k = self._qk.pop(layer)
        self.sink_parts[layer].append((q, k[:, :, :1], lse[:SINK_ROWS].detach()))
        self.sink_count[layer] += 1.0

    @torch.no_grad()
    def _sink_from_scores(self, layer: int) -> None:
        """The weight on key 0 recomputed as softmax(q·kᵀ/√hd) (no lse: training with dropout)."""
        q, k = self._qk.pop(layer)
        q, k = q.float(), _share_kv(k.float(), q.shape[-3])
        T = q.shape[2]
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(q.shape[-1])  # [R, H, T, T]
        mask = torch.ones(T, T, dtype=torch.bool, device=q.device).triu(1)
        w = scores.masked_fill(mask, float("-inf")).softmax(dim=-1)
        self.sink_values[layer].append(w[:, :, 1:, 0].mean())
        self.sink_count[layer] += 1.0

    def ffn(self, layer: int, g: torch.Tensor, u: torch.Tensor | None, act: torch.Tensor,
            h: torch.Tensor) -> None:
        r = STATS_ROWS
        g = g[:r].detach()
        self.n[layer] += g.numel()
        self.ffn_parts[layer].append((g, act[:r].detach(), h[:r].detach()))

    def block(self, layer: int, mlp_out: torch.Tensor, x_out: torch.Tensor) -> None:
        if layer in self._qk:  # the attention gave no lse
            self._sink_from_scores(layer)
        m = mlp_out[:STATS_ROWS].detach()
        self.ratio_parts[layer].append((m, x_out[:STATS_ROWS].detach()))
        self.tokens[layer] += m[..., 0].numel()

    @torch.no_grad()
    def _layer_rows(self) -> tuple[torch.Tensor, torch.Tensor]:
        """[L, 6] = (neg, closed, Σ|h|, max|h|, Σ ratio, Σ sink) and [L, bins], on the device."""
        ffn = _per_layer(self.ffn_parts, self._ffn_rows, 4 + self.bins, self.device,
                         _sum_but_max_at(3))  # [L, 4 + bins]
        ratio = _per_layer(self.ratio_parts, _ratio_sums, 1, self.device)  # [L, 1]
        sink = _per_layer(self.sink_parts, _sink_sums, 1, self.device)  # [L, 1]
        for layer, values in enumerate(self.sink_values):  # recomputed from scores (dropout)
            if values:
                sink[layer] += torch.stack(values).sum().to(sink.dtype)
        return torch.cat((ffn[:, :4], ratio, sink), dim=1), ffn[:, 4:]

    def _ffn_rows(self, g: torch.Tensor, a: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
        """[L', 4 + bins] = (neg, closed, Σ|h|, max|h|, histogram) of g, act, h [L', ...]."""
        g, a, h = (t.reshape(t.shape[0], -1) for t in (g, a, h))  # [L', N]
        h_abs = h.abs()
        idx = a.sub(self.lo).mul_(self.bins / (self.hi - self.lo)).clamp_(0, self.bins - 1)
        idx = idx.long()  # bin floor((a − lo)·bins / (hi − lo)); truncation is floor: idx ≥ 0
        ones = torch.ones((), device=idx.device).expand(idx.shape)
        # scatter_add_, not bincount: bincount waits for the device to size its output
        hist = torch.zeros(g.shape[0], self.bins, device=idx.device).scatter_add_(1, idx, ones)
        counts = torch.stack((_count_negative(g), _count_negative(a.abs().sub_(self.gate_eps)),
                              h_abs.sum(1), h_abs.amax(1)), dim=1)
        return torch.cat((counts, hist), dim=1)

    def materialise(self, probe: tuple[np.ndarray, np.ndarray] | tuple[torch.Tensor, torch.Tensor]
                    | None = None) -> LayerStats:
        """Copy the reductions (and the probe's device tensors, if given) to the host in one
        transfer, as a ``LayerStats``."""
        acc_t, hist_t = self._layer_rows()
        parts = [acc_t, hist_t]
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
        n = np.maximum(np.array(self.n), 1.0)
        tot = np.maximum(hist.sum(axis=1, keepdims=True), 1.0)
        if probe is None:
            gate_pairs = np.zeros((self.n_layer, 0, 2), np.float32)
            neuron_acts = np.zeros((self.n_layer, 0, 0), np.float32)
        else:
            gate_pairs, neuron_acts = probe
        sink_n = np.array(self.sink_count)
        return LayerStats(
            frac_neg=acc[:, _C["neg"]] / n,
            frac_closed=acc[:, _C["closed"]] / n,
            act_hist=hist / tot,
            hist_edges=self.edges.copy(),
            mean_abs_h=acc[:, _C["sum_abs_h"]] / n,
            max_abs_h=acc[:, _C["max_abs_h"]].copy(),
            mlp_ratio=acc[:, _C["ratio_sum"]] / np.maximum(np.array(self.tokens), 1.0),
            attn_sink=np.where(sink_n > 0, acc[:, _C["sink_sum"]] / np.maximum(sink_n, 1.0), np.nan),
            gate_pairs=gate_pairs,
            neuron_acts=neuron_acts,
        )


def _count_negative(x: torch.Tensor) -> torch.Tensor:
    """How many elements of each row of x [L, N] (or of a 1-d x) are < 0, as floats:
    −Σ min(sign(x), 0), exact for finite x (a comparison's bool tensor summed costs ~5× these
    three float ops on the CPU)."""
    return torch.sign(x).clamp_(max=0).sum(-1).neg_()


def _per_layer(parts: list[list[tuple[torch.Tensor, ...]]], fn: Any, width: int,
               device: torch.device | str, combine: Any = None) -> torch.Tensor:
    """[L, width]: ``fn`` of each layer's captured tensors, stacked with a leading layer
    dimension [L', ...] in float32. One call for all layers when each has one part of one shape
    (a training step); else one call per part, the rows summed (or merged by ``combine``)."""
    if all(len(p) == 1 for p in parts):
        n = len(parts[0][0])
        if all(len({p[0][i].shape for p in parts}) == 1 for i in range(n)):
            return fn(*(torch.stack([p[0][i] for p in parts]).float() for i in range(n)))
    rows = []
    for layer_parts in parts:
        got = [fn(*(t.float()[None] for t in part)) for part in layer_parts]
        if not got:
            rows.append(torch.zeros(1, width, device=device))
        else:
            stacked = torch.cat(got)  # [calls, width]
            rows.append(combine(stacked) if combine is not None else stacked.sum(0, keepdim=True))
    return torch.cat(rows)


def _sum_but_max_at(col: int) -> Any:
    """Rows of several calls merged: summed, except column ``col``, their max."""
    def merge(rows: torch.Tensor) -> torch.Tensor:
        out = rows.sum(0, keepdim=True)
        out[0, col] = rows[:, col].amax()
        return out
    return merge


def _ratio_sums(m: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """[L', 1]: Σ over tokens of ‖MLP output‖₂ / ‖residual stream after the block‖₂;
    m, x [L', R, T, d]."""
    ratio = m.norm(dim=-1) / x.norm(dim=-1).clamp_min(1e-12)  # [L', R, T]
    return ratio.reshape(ratio.shape[0], -1).sum(1, keepdim=True)


def _sink_sums(q: torch.Tensor, k0: torch.Tensor, lse: torch.Tensor) -> torch.Tensor:
    """[L', 1]: the mean weight on key 0 over rows, heads and queries t ≥ 1 (``sink_shares``);
    q [L', R, H, T, hd], k0 [L', R, KV, 1, hd], lse [L', R, H, T]."""
    shares = sink_shares(q, k0, lse)  # [L', R, H]
    return shares.reshape(shares.shape[0], -1).mean(1, keepdim=True)


def sink_shares(q: torch.Tensor, k0: torch.Tensor, lse: torch.Tensor) -> torch.Tensor:
    """Each head's first-token share from the attention call's log-normaliser: the mean over
    queries t ≥ 1 of w_t0 = exp(q_t·k_0/√hd − lse_t) (one column, not the whole softmax).
    q [..., H, T, hd], k0 [..., KV, 1, hd] (key 0), lse [..., H, T] → [..., H] float32."""
    k0 = _share_kv(k0.float(), q.shape[-3])  # [..., H, 1, hd]
    s = torch.matmul(q.float(), k0.transpose(-2, -1)).squeeze_(-1)  # [..., H, T] = q_t·k_0
    return s.mul_(q.shape[-1] ** -0.5).sub_(lse).exp_()[..., 1:].mean(dim=-1)


def _share_kv(k: torch.Tensor, heads: int) -> torch.Tensor:
    """k [..., KV, T, hd] repeated to [..., heads, T, hd] (grouped-query heads share a key head)."""
    return k if k.shape[-3] == heads else k.repeat_interleave(heads // k.shape[-3], dim=-3)


@contextlib.contextmanager
def eval_mode(model: torch.nn.Module) -> Iterator[None]:
    """The model in eval mode for a pass, then back. Skipped for a model without dropout, where
    both modes compute the same: train()/eval() walk every module (≈ 0.5 ms per pair here)."""
    cfg = getattr(model, "cfg", None)
    if not model.training or (cfg is not None and cfg.dropout == 0):
        yield
        return
    model.eval()
    try:
        yield
    finally:
        model.train()


class ProbeCapture:
    """Keeps g, u and h of one sequence [P, m] per layer (for the probe text), as views of the
    tensors the pass made (no copy until ``probe_pass`` picks what it needs)."""

    def __init__(self, n_layer: int) -> None:
        self.g: list[torch.Tensor | None] = [None] * n_layer
        self.u: list[torch.Tensor | None] = [None] * n_layer  # None for a classic FFN
        self.h: list[torch.Tensor | None] = [None] * n_layer

    def attention(self, layer: int, q: torch.Tensor, k: torch.Tensor) -> None:
        pass

    def ffn(self, layer: int, g: torch.Tensor, u: torch.Tensor | None, act: torch.Tensor,
            h: torch.Tensor) -> None:
        self.g[layer], self.h[layer] = g[0], h[0]
        self.u[layer] = None if u is None else u[0]

    def block(self, layer: int, mlp_out: torch.Tensor, x_out: torch.Tensor) -> None:
        pass


@torch.no_grad()
def probe_pass(model: torch.nn.Module, ids: list[int], position: int,
               device: torch.device | str, to_host: bool = True) -> Any:
    """(gate_pairs [L, m, 2], neuron_acts [L, P, m]) of ``model`` on the probe ids (eval mode):
    numpy arrays, or device tensors with to_host=False (``materialise`` copies them in its one
    transfer). The pass stops at the residual stream (``GPT.trunk``): no logits are needed."""
    cap = ProbeCapture(len(model.blocks))  # type: ignore[arg-type]
    x = torch.tensor([ids], dtype=torch.long, device=device)
    with eval_mode(model):
        model.trunk(x, capture=cap)  # type: ignore[operator]
    i = probe_index(position, len(ids))
    g = torch.stack([t[i] for t in cap.g]).float()  # type: ignore[index]  # [L, m] at the probe position
    u = (torch.ones_like(g) if cap.u[0] is None
         else torch.stack([t[i] for t in cap.u]).float())  # type: ignore[index]
    pairs = torch.stack((g, u), dim=-1)  # [L, m, 2]
    h = torch.stack(cap.h).float()  # type: ignore[arg-type]  # [L, P, m]
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
    with eval_mode(model):
        model(idx, idx, capture=cap)
    return cap.materialise(probe_pass(model, ids, position, device))
