"""A small decoder-only transformer whose FFN is any gated variant of the lessons (or classic).

nanoGPT-sized on purpose: short modules, a shape comment on every tensor line, and Hugging Face's
names (q_proj/k_proj/v_proj/o_proj, gate_proj/up_proj/down_proj) so what a learner sees here is
what they will meet in Llama or Qwen checkpoints. The FFN branches are written once in torch and
held to ``gates.evaluate`` by the tests, so the gate plane and the trainer show the same function.

Instrumentation never lives here: ``forward`` accepts an optional ``capture`` object (see
``gatelab.core.stats``) that is handed the intermediate tensors; with ``capture=None`` the model
is exactly a plain transformer.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

import torch
import torch.nn.functional as F
from torch import nn

from gatelab.core import gates, kernels, kernels_block
from gatelab.core.attention_lse import attention_with_lse, causal_lse  # noqa: F401 (re-exported)
from gatelab.core.attention_lse import lse_for as _lse_for
from gatelab.core.fast_paths import cpu_training as _cpu_training
from gatelab.core.fast_paths import one_matmul as _one_matmul
from gatelab.core.fast_paths import project as _project
from gatelab.core.fast_paths import watched_tree as _watched_tree
from gatelab.core.messages import error
# RoPE lives in its own file; re-exported here for existing imports
from gatelab.core.rope import (apply_rope, pair_rows, rope_cache, rope_pair_table,  # noqa: F401
                               rope_tables, rotate, rotate_pairs)
# sizing is torch-free and lives in trainconfig; re-exported here for existing imports
from gatelab.core.trainconfig import CLASSIC_VARIANTS, TrainConfig, intermediate_size, is_gated
from gatelab.core.trainconfig import matched_intermediate, model_spec  # noqa: F401


class Capture(Protocol):
    """What the model hands an instrumentation object (all tensors belong to one layer).

    A capture may also set ``wants_lse = True`` and define ``attention_lse(layer, lse)``: without
    dropout the attention then hands it lse [B, H, T], the log of each query's softmax
    denominator from the attention call itself (see ``attention_with_lse``), so any weight
    exp(q_t·k_j/√hd − lse_t) costs one exp; on the CPU always, elsewhere for one sequence only
    (``_lse_for``). Captures without the attribute are not asked."""

    def attention(self, layer: int, q: torch.Tensor, k: torch.Tensor) -> None: ...
    def ffn(self, layer: int, g: torch.Tensor, u: torch.Tensor | None, act: torch.Tensor,
            h: torch.Tensor) -> None: ...
    def block(self, layer: int, mlp_out: torch.Tensor, x_out: torch.Tensor) -> None: ...


# --- the FFN's branches, in torch -------------------------------------------------------------

def gate_branch(variant: str, g: torch.Tensor, params: dict[str, float]) -> torch.Tensor:
    """act(g): the gate branch of a gated variant, or the activation of a classic FFN."""
    if variant in ("swiglu",):
        beta = params.get("beta", 1.0)
        return F.silu(g) if beta == 1.0 else g * torch.sigmoid(beta * g)
    if variant in ("geglu", "gelu"):
        return F.gelu(g)
    if variant == "geglu_tanh":
        return F.gelu(g, approximate="tanh")
    if variant in ("reglu", "relu"):
        return F.relu(g)
    if variant == "glu":
        return torch.sigmoid(g)
    if variant == "bilinear":
        return g
    if variant == "swiglu_clamped":
        gc = g.clamp(max=params["limit"])
        return gc * torch.sigmoid(params["alpha"] * gc)
    if variant == "swiglu_softcap":
        b1 = params["beta1"]
        return b1 * torch.tanh(F.silu(g) / b1)
    raise error("model.variant", variant=variant)


def up_branch(variant: str, u: torch.Tensor, params: dict[str, float]) -> torch.Tensor:
    """B(u): the up branch (u itself except for the capped variants)."""
    if variant == "swiglu_clamped":
        lim = params["limit"]
        return u.clamp(-lim, lim) + 1.0
    if variant == "swiglu_softcap":
        b2 = params["beta2"]
        return b2 * torch.tanh(u / b2)
    return u


def ffn_h(variant: str, g: torch.Tensor, u: torch.Tensor | None,
          params: dict[str, float] | None = None) -> torch.Tensor:
    """h = act(g)·B(u) (gated) or act(g) (classic, u ignored); equals gates.evaluate's h."""
    p = gates.resolve_params(variant) if params is None and is_gated(variant) else (params or {})
    a = gate_branch(variant, g, p)
    return a if u is None else a * up_branch(variant, u, p)


# --- modules ----------------------------------------------------------------------------------

class RMSNorm(nn.Module):
    """x / rms(x) · weight: one fused op (``F.rms_norm``) on accelerators and in inference, a
    hand-written autograd function when training on the CPU (``kernels.rms_norm_cpu``; torch's
    CPU rms_norm is several unfused ops); statistics in float32 under bf16."""

    def __init__(self, dim: int, eps: float = 1e-6) -> None:
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # [..., d] -> [..., d]
        if x.dtype in (torch.float16, torch.bfloat16):  # float64 and float32 stay as they are
            return F.rms_norm(x.float(), self.weight.shape, self.weight.float(), self.eps).to(x.dtype)
        if x.device.type == "cpu" and torch.is_grad_enabled():
            return kernels.rms_norm_cpu(x, self.weight, self.eps)
        return F.rms_norm(x, self.weight.shape, self.weight, self.eps)


class Attention(nn.Module):
    """Causal self-attention with Hugging Face's three projections q_proj, k_proj, v_proj (their
    saved names, layouts and parameter counts), run as one matmul with RoPE as one complex
    multiply unless hooks watch them (see ``_one_matmul`` and ``_qkv_fused``)."""

    def __init__(self, cfg: TrainConfig, layer: int) -> None:
        super().__init__()
        self.layer, self.n_head, self.n_kv = layer, cfg.n_head, cfg.kv_heads
        self.hd = cfg.n_embd // cfg.n_head
        self.gated = cfg.attn_gate
        self.q_proj = nn.Linear(cfg.n_embd, self.n_head * self.hd * (2 if self.gated else 1), bias=False)
        self.k_proj = nn.Linear(cfg.n_embd, self.n_kv * self.hd, bias=False)
        self.v_proj = nn.Linear(cfg.n_embd, self.n_kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.n_head * self.hd, cfg.n_embd, bias=False)
        self.dropout = cfg.dropout
        self.resid_drop = nn.Dropout(cfg.dropout) if cfg.dropout > 0 else nn.Identity()
        self._cis_cache: tuple[tuple[Any, ...], tuple[torch.Tensor, ...]] | None = None
        rows = self._fused_rows()
        self.register_buffer("fused_rows", rows, persistent=False)
        self.register_buffer("fused_inverse", torch.argsort(rows), persistent=False)

    def _fused_rows(self) -> torch.Tensor:
        """Rows of cat(q_proj, k_proj, v_proj) weights in the order ``_qkv_fused`` reads them:
        query rows as pairs, key rows as pairs, value rows, then the output gate's rows."""
        H, KV, hd = self.n_head, self.n_kv, self.hd
        q_stride = 2 * hd if self.gated else hd  # q_proj's rows per head: query (then gate)
        nq = H * q_stride
        gate = [torch.arange(h * q_stride + hd, (h + 1) * q_stride) for h in range(H)] if self.gated else []
        return torch.cat([pair_rows(H, hd, q_stride), pair_rows(KV, hd, hd, start=nq),
                          torch.arange(nq + KV * hd, nq + 2 * KV * hd), *gate])

    def _qkv(self, x: torch.Tensor, rope: tuple[torch.Tensor, ...] | None
             ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor | None]:
        """x [B, T, d] -> q [B, T, H, hd], k and v [B, T, KV, hd] (q and k rotated), and the
        output gate [B, T, H, hd] or None."""
        B, T, _ = x.shape
        H, KV, hd = self.n_head, self.n_kv, self.hd
        if rope is not None and rope[0].dim() == 2:  # textbook [T, hd/2] tables, from outside GPT
            rope = (*rope_cache(rope[0], rope[1]), rope_pair_table(rope[0], rope[1]))
        if _one_matmul(x, self.q_proj, self.k_proj, self.v_proj, cpu=True):
            return self._qkv_fused(x, rope)
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)  # [B, T, nq], [B, T, KV·hd] ×2
        gate = None
        if self.gated:  # q_proj's output per head is (query half, gate half)
            q, gate = q.view(B, T, H, 2 * hd).chunk(2, dim=-1)  # [B, T, H, hd] each
        q, k, v = q.view(B, T, H, hd), k.view(B, T, KV, hd), v.view(B, T, KV, hd)
        if rope is None:
            return q, k, v, gate
        cos, sin = rope[0][:T].to(q.dtype), rope[1][:T].to(q.dtype)  # [T, 1, hd] each
        return rotate(q, cos, sin), rotate(k, cos, sin), v, gate

    def _qkv_fused(self, x: torch.Tensor, rope: tuple[torch.Tensor, ...] | None
                   ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor | None]:
        """``_qkv`` as one matmul: the three weights concatenated with their rows reordered
        (``_fused_rows``) so that the output is [q | k | v | gate] with q and k as RoPE pairs,
        rotated together by one complex multiply. q and k come out with each head's dimensions
        reordered (pairs instead of halves); attention only takes their dot products, which a
        shared reordering leaves unchanged, so the layer's output is the same."""
        B, T, _ = x.shape
        H, KV, hd = self.n_head, self.n_kv, self.hd
        w = kernels.rows_of_cat(self.fused_rows, self.fused_inverse, self.q_proj.weight,
                                self.k_proj.weight, self.v_proj.weight)  # [nq + 2·KV·hd, d]
        qkv = F.linear(x, w)  # [B, T, (H + 2·KV + gate heads)·hd]
        if rope is not None and _cpu_training(qkv):  # one gradient buffer backwards
            cis, *conj = self.cis_tables(rope[2], T)
            q, k, v, gate = kernels.split_rotate_cpu(qkv, cis, self._heads(), tuple(conj))
            return q, k, v, gate if self.gated else None
        qk, v, gate = qkv.split(((H + KV) * hd, KV * hd, H * hd if self.gated else 0), dim=-1)
        qk = qk.view(B, T, H + KV, hd)  # [B, T, H + KV, hd]
        if rope is not None:
            qk = rotate_pairs(qk, rope[2][:T])
        q, k = qk.split((H, KV), dim=2)  # [B, T, H, hd], [B, T, KV, hd]
        return q, k, v.view(B, T, KV, hd), gate.view(B, T, H, hd) if self.gated else None

    def _heads(self) -> tuple[int, int, int, int]:
        """(H, KV, output-gate heads, hd): the layout of the fused projection's output."""
        return self.n_head, self.n_kv, self.n_head if self.gated else 0, self.hd

    def cis_tables(self, table: torch.Tensor, T: int) -> tuple[torch.Tensor, ...]:
        """(cis [T, H + KV, hd/2]: ``rope_pair_table``'s first T rows as complex numbers for all
        H + KV heads, and its conjugates for q and k: ``kernels.conj_tables``) for GPT's
        ``rope_pairs`` table, kept for the last (table, length): a CPU training step
        made them in six ops per layer each way (≈ 1 % of a step, measured A/B). A table that
        is replaced (``.to()``, ``.double()``) or changed in place is read afresh."""
        key = (table.data_ptr(), table._version, table.dtype, table.device, T)
        if self._cis_cache is None or self._cis_cache[0] != key:
            cis = torch.view_as_complex(table[:T]).expand(T, self.n_head + self.n_kv, self.hd // 2)
            self._cis_cache = (key, (cis, *kernels.conj_tables(cis, self.n_head)))
        return self._cis_cache[1]

    def input_cpu(self, x: torch.Tensor, norm: RMSNorm, table: torch.Tensor
                  ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor | None]:
        """``_qkv(norm(x), rope)`` as one hand-written function (``kernels_block``): what
        ``Block`` runs in a CPU training step; table = GPT's ``rope_pairs``."""
        q, k, v, gate = kernels_block.attention_input_cpu(
            x, norm.weight, norm.eps, self.fused_rows, self.fused_inverse,
            self.cis_tables(table, x.shape[1]), self._heads(),
            self.q_proj.weight, self.k_proj.weight, self.v_proj.weight)
        return q, k, v, gate if self.gated else None

    def forward(self, x: torch.Tensor, rope: tuple[torch.Tensor, ...] | None,
                capture: Capture | None = None) -> torch.Tensor:
        """x [B, T, d] -> [B, T, d]; rope = (cos, sin) as [T, hd/2] tables, or what GPT.forward
        passes: ``rope_cache``'s [T, 1, hd] pair and ``rope_pair_table``; None for learned
        positions."""
        return self.attend(*self._qkv(x, rope), capture)

    def attend(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, gate: torch.Tensor | None,
               capture: Capture | None = None) -> torch.Tensor:
        """q [B, T, H, hd], k and v [B, T, KV, hd] (q and k rotated), gate [B, T, H, hd] or None
        -> the attention's output through o_proj, [B, T, d]."""
        B, T, H, hd = q.shape
        KV = k.shape[2]
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)  # [B, H|KV, T, hd]
        if capture is not None:
            capture.attention(self.layer, q, k)
        if KV != H:
            k = k.repeat_interleave(H // KV, dim=1)  # [B, H, T, hd]
            v = v.repeat_interleave(H // KV, dim=1)
        p = self.dropout if self.training else 0.0
        if capture is not None and p == 0.0 and _lse_for(capture, q):
            y, lse = attention_with_lse(q, k, v)  # [B, H, T, hd], [B, H, T]
            capture.attention_lse(self.layer, lse)  # type: ignore[attr-defined]
        else:
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p)  # [B, H, T, hd]
        y = y.transpose(1, 2)  # [B, T, H, hd]
        if gate is not None:
            y = y * torch.sigmoid(gate)  # per-head elementwise output gate
        return self.resid_drop(self.o_proj(y.reshape(B, T, H * hd)))  # [B, T, d]


class MLP(nn.Module):
    """Gated (gate_proj, up_proj, down_proj) or classic (up_proj, down_proj) FFN, d -> m -> d.
    On GPUs the gated one runs gate_proj and up_proj as one matmul (see ``_one_matmul``)."""

    def __init__(self, cfg: TrainConfig, layer: int, intermediate: int) -> None:
        super().__init__()
        self.layer, self.variant, self.gated = layer, cfg.variant, cfg.gated
        self.params = gates.resolve_params(cfg.variant) if self.gated else {}
        m = intermediate
        if self.gated:
            self.gate_proj = nn.Linear(cfg.n_embd, m, bias=False)
        self.up_proj = nn.Linear(cfg.n_embd, m, bias=False)
        self.down_proj = nn.Linear(m, cfg.n_embd, bias=False)
        self.drop = nn.Dropout(cfg.dropout) if cfg.dropout > 0 else nn.Identity()

    def forward(self, x: torch.Tensor, capture: Capture | None = None) -> torch.Tensor:
        """x [B, T, d] -> [B, T, d]."""
        if not self.gated:
            g, u = self.up_proj(x), None  # classic: g is the pre-activation [B, T, m]
        elif not _one_matmul(x, self.gate_proj, self.up_proj):
            g, u = self.gate_proj(x), self.up_proj(x)  # [B, T, m] each
        else:  # one matmul [B, T, 2m] = [g | u]
            g, u = _project(x, self.gate_proj, self.up_proj).chunk(2, dim=-1)  # [B, T, m] each
        if capture is None and self.variant == "swiglu":
            h = F.silu(g) * u  # the hot path, one fused-friendly line
        else:
            a = gate_branch(self.variant, g, self.params)  # [B, T, m]
            h = a if u is None else a * up_branch(self.variant, u, self.params)
            if capture is not None:
                capture.ffn(self.layer, g, u, a, h)
        return self.drop(self.down_proj(h))  # [B, T, d]


class Block(nn.Module):
    def __init__(self, cfg: TrainConfig, layer: int, intermediate: int) -> None:
        super().__init__()
        self.layer = layer
        self.attn_norm = RMSNorm(cfg.n_embd)
        self.attn = Attention(cfg, layer)
        self.mlp_norm = RMSNorm(cfg.n_embd)
        self.mlp = MLP(cfg, layer, intermediate)

    def forward(self, x: torch.Tensor, rope: tuple[torch.Tensor, ...] | None,
                capture: Capture | None = None) -> torch.Tensor:
        if self._fast_cpu(x, rope):
            # the same maths as below in fewer ops (a SwiGLU block as one autograd node)
            return kernels_block.block_forward_cpu(self, x, rope[2], capture)  # type: ignore[index]
        x = x + self.attn(self.attn_norm(x), rope, capture)  # [B, T, d]
        m = self.mlp(self.mlp_norm(x), capture)
        x = x + m
        if capture is not None:
            capture.block(self.layer, m, x)
        return x

    def _fast_cpu(self, x: torch.Tensor, rope: tuple[torch.Tensor, ...] | None) -> bool:
        """Whether ``kernels_block.block_forward_cpu`` computes what ``forward`` would: a float CPU training step
        with GPT's RoPE tables, no dropout, and no hook on any of the block's modules (with or
        without a capture)."""
        return (rope is not None and len(rope) == 3 and _cpu_training(x)
                and self.attn.dropout == 0 and isinstance(self.mlp.drop, nn.Identity)
                and not _watched_tree(self))


class GPT(nn.Module):
    def __init__(self, cfg: TrainConfig, vocab_size: int) -> None:
        super().__init__()
        self.cfg, self.vocab_size = cfg, vocab_size
        self.intermediate = intermediate_size(cfg)  # m
        self.tok_emb = nn.Embedding(vocab_size, cfg.n_embd)
        self.pos_emb = nn.Embedding(cfg.block_size, cfg.n_embd) if cfg.positions == "learned" else None
        self.drop = nn.Dropout(cfg.dropout) if cfg.dropout > 0 else nn.Identity()
        self.blocks = nn.ModuleList(Block(cfg, i, self.intermediate) for i in range(cfg.n_layer))
        self.norm = RMSNorm(cfg.n_embd)
        self.lm_head = nn.Linear(cfg.n_embd, vocab_size, bias=False)
        if cfg.tie_embeddings:
            self.lm_head.weight = self.tok_emb.weight
        if cfg.positions == "rope":
            cos, sin = rope_tables(cfg.block_size, cfg.n_embd // cfg.n_head)  # [T, hd/2] each
            self.register_buffer("rope_cos", cos, persistent=False)
            self.register_buffer("rope_sin", sin, persistent=False)
            cos_full, sin_signed = rope_cache(cos, sin)  # [T, 1, hd] each, for hooked projections
            self.register_buffer("rope_cos_full", cos_full, persistent=False)
            self.register_buffer("rope_sin_signed", sin_signed, persistent=False)
            heads = cfg.n_head + cfg.kv_heads  # q and k are rotated together
            self.register_buffer("rope_pairs", rope_pair_table(cos, sin, heads), persistent=False)
        self.apply(self._init)
        for name, p in self.named_parameters():  # GPT-2's scaled init of residual projections
            if name.endswith(("o_proj.weight", "down_proj.weight")):
                nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * cfg.n_layer))

    @staticmethod
    def _init(mod: nn.Module) -> None:
        if isinstance(mod, (nn.Linear, nn.Embedding)):
            nn.init.normal_(mod.weight, mean=0.0, std=0.02)

    def num_params(self) -> int:
        return sum(p.numel() for p in self.parameters())

    def trunk(self, idx: torch.Tensor, capture: Capture | None = None) -> torch.Tensor:
        """The residual stream after the last block, before the final norm: idx [B, T] -> [B, T, d].
        (What a trace needs: the per-layer tensors, not the logits.)"""
        T = idx.shape[1]
        x = self.tok_emb(idx)  # [B, T, d]
        rope = None
        if self.pos_emb is not None:
            x = x + self.pos_emb(torch.arange(T, device=idx.device))  # [T, d] broadcast
        else:
            rope = (self.rope_cos_full, self.rope_sin_signed, self.rope_pairs)
        x = self.drop(x)
        for block in self.blocks:
            x = block(x, rope, capture)
        return x

    def forward(self, idx: torch.Tensor, targets: torch.Tensor | None = None,
                capture: Capture | None = None) -> tuple[torch.Tensor, torch.Tensor | None]:
        B, T = idx.shape
        x = self.norm(self.trunk(idx, capture))  # [B, T, d]
        if targets is None:
            return self.lm_head(x[:, -1:, :]), None  # [B, 1, vocab]: generation needs the last only
        logits = self.lm_head(x)  # [B, T, vocab]
        loss = F.cross_entropy(logits.view(B * T, -1).float(), targets.reshape(B * T))
        return logits, loss

    def optimizer_groups(self, weight_decay: float) -> list[dict[str, Any]]:
        """Decay matrices and embeddings, not norm weights (nanoGPT's split)."""
        params = [p for p in self.parameters() if p.requires_grad]
        decay = [p for p in params if p.dim() >= 2]
        no_decay = [p for p in params if p.dim() < 2]
        return [{"params": decay, "weight_decay": weight_decay},
                {"params": no_decay, "weight_decay": 0.0}]

    @torch.no_grad()
    def generate(self, idx: torch.Tensor, new_tokens: int, temperature: float = 0.8,
                 top_k: int | None = None, generator: torch.Generator | None = None) -> torch.Tensor:
        """Append ``new_tokens`` sampled ids to idx [B, T] (window cut to the block size)."""
        for _ in range(new_tokens):
            cond = idx[:, -self.cfg.block_size:]
            logits, _ = self(cond)
            logits = logits[:, -1, :].float() / max(temperature, 1e-6)  # [B, vocab]
            if top_k is not None:
                kth = torch.topk(logits, min(top_k, logits.shape[-1])).values[:, -1:]
                logits = logits.masked_fill(logits < kth, float("-inf"))
            probs = F.softmax(logits, dim=-1)
            nxt = torch.multinomial(probs.cpu(), 1, generator=generator).to(idx.device)  # [B, 1]
            idx = torch.cat((idx, nxt), dim=1)
        return idx


__all__ = ["CLASSIC_VARIANTS", "GPT", "Capture", "RMSNorm", "ffn_h", "gate_branch", "up_branch",
           "intermediate_size", "matched_intermediate", "model_spec"]
