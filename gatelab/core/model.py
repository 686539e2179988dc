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

from gatelab.core import gates
from gatelab.core.messages import error
# sizing is torch-free and lives in trainconfig; re-exported here for existing imports
from gatelab.core.trainconfig import CLASSIC_VARIANTS, TrainConfig, intermediate_size, is_gated
from gatelab.core.trainconfig import matched_intermediate, model_spec  # noqa: F401
from gatelab.core.trainconfig import matched_intermediate as matched_width  # deprecated name


class Capture(Protocol):
    """What the model hands an instrumentation object (all tensors belong to one layer)."""

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


class RMSNorm(nn.Module):
    """x / rms(x) · weight: one fused op (``F.rms_norm``) on accelerators, a hand-written
    autograd function on the CPU; statistics in float32 under bf16."""

    def __init__(self, dim: int, eps: float = 1e-6) -> None:
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # [..., d] -> [..., d]
        if x.dtype in (torch.float16, torch.bfloat16):  # float64 and float32 stay as they are
            return F.rms_norm(x.float(), self.weight.shape, self.weight.float(), self.eps).to(x.dtype)
        if x.device.type == "cpu" and torch.is_grad_enabled():
            return _RMSNormCPU.apply(x, self.weight, self.eps)
        return F.rms_norm(x, self.weight.shape, self.weight, self.eps)


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


def _rotate_into(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """(x1·c − x2·s, x2·c + x1·s) written half by half into one new tensor: no roll, no cat."""
    half = x.shape[-1] // 2
    x1, x2, c, s = x[..., :half], x[..., half:], cos[..., :half], sin[..., half:]  # s = +sin
    out = torch.empty_like(x, memory_format=torch.contiguous_format)
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


def rotate(x: torch.Tensor, cos_full: torch.Tensor, sin_signed: torch.Tensor) -> torch.Tensor:
    """RoPE on x [B, T, H, hd] with cached [T, 1, hd] tables: (x1, x2) → (x1·c − x2·s, x2·c + x1·s).
    The hand-written version on the CPU; elsewhere the plain formula, which a GPU compiler fuses
    into one kernel (and which torch.compile traces without custom-function machinery)."""
    if x.device.type == "cpu":
        return _Rotate.apply(x, cos_full, sin_signed)
    return x * cos_full + x.roll(x.shape[-1] // 2, dims=-1) * sin_signed  # roll: (x2, x1)


def apply_rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """Rotate halves of x [B, T, H, hd] by position; cos/sin [T, hd/2] (the textbook tables)."""
    cos_full, sin_signed = rope_cache(cos.to(x.dtype), sin.to(x.dtype))
    return rotate(x, cos_full, sin_signed)


def _one_by_one(x: torch.Tensor, *mods: nn.Module) -> bool:
    """Whether to run these projections as separate modules rather than as one matmul on their
    concatenated weights. Separate on the CPU, where the concatenation and the split's backward
    cost more than the saved matmul calls (measured: fused 1.05–1.08× slower per step on the
    nanoGPT CPU shape); fused on GPUs, where each call is a kernel launch. Always separate when
    forward hooks watch them (the inside-the-model views, a learner's own hooks), so every
    hook fires."""
    from torch.nn.modules import module as mm
    return x.device.type == "cpu" or bool(mm._global_forward_hooks or mm._global_forward_pre_hooks) \
        or any(m._forward_hooks or m._forward_pre_hooks for m in mods)


class Attention(nn.Module):
    """Causal self-attention. q/k/v keep Hugging Face's three projections (their saved names and
    parameter counts); on a GPU they run as one matmul on their concatenated weights (same maths,
    one call; see ``_one_by_one``)."""

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

    def forward(self, x: torch.Tensor, rope: tuple[torch.Tensor, torch.Tensor] | None,
                capture: Capture | None = None) -> torch.Tensor:
        """x [B, T, d] -> [B, T, d]; rope = (cos, sin) as [T, hd/2] tables or ``rope_cache``'s
        [T, 1, hd] (what GPT.forward passes), None for learned positions."""
        B, T, _ = x.shape
        H, KV, hd = self.n_head, self.n_kv, self.hd
        if _one_by_one(x, self.q_proj, self.k_proj, self.v_proj):
            q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        else:  # one matmul: [B, T, Hq·hd], [B, T, KV·hd], [B, T, KV·hd]
            w = torch.cat((self.q_proj.weight, self.k_proj.weight, self.v_proj.weight))
            q, k, v = F.linear(x, w).split((self.q_proj.out_features, KV * hd, KV * hd), dim=-1)
        if self.gated:
            q, gate = q.view(B, T, H, 2 * hd).chunk(2, dim=-1)  # [B, T, H, hd] each
        else:
            q, gate = q.view(B, T, H, hd), None
        k = k.view(B, T, KV, hd)  # [B, T, KV, hd]
        v = v.view(B, T, KV, hd)
        if rope is not None:
            cos, sin = rope
            if cos.dim() == 2:  # the textbook [T, hd/2] tables, from a caller outside GPT.forward
                cos, sin = rope_cache(cos, sin)
            cos, sin = cos[:T].to(q.dtype), sin[:T].to(q.dtype)  # [T, 1, hd] each
            q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)  # [B, H|KV, T, hd]
        if capture is not None:
            capture.attention(self.layer, q, k)
        if KV != H:
            k = k.repeat_interleave(H // KV, dim=1)  # [B, H, T, hd]
            v = v.repeat_interleave(H // KV, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True,
                                           dropout_p=self.dropout if self.training else 0.0)
        y = y.transpose(1, 2)  # [B, T, H, hd]
        if gate is not None:
            y = y * torch.sigmoid(gate)  # per-head elementwise output gate
        return self.resid_drop(self.o_proj(y.reshape(B, T, H * hd)))  # [B, T, d]


class MLP(nn.Module):
    """Gated (gate_proj, up_proj, down_proj) or classic (up_proj, down_proj) FFN. On a GPU the
    gated one runs gate_proj and up_proj as one matmul on their concatenated weights (same maths)."""

    def __init__(self, cfg: TrainConfig, layer: int, width: int) -> None:
        super().__init__()
        self.layer, self.variant, self.gated = layer, cfg.variant, cfg.gated
        self.params = gates.resolve_params(cfg.variant) if self.gated else {}
        if self.gated:
            self.gate_proj = nn.Linear(cfg.n_embd, width, bias=False)
        self.up_proj = nn.Linear(cfg.n_embd, width, bias=False)
        self.down_proj = nn.Linear(width, cfg.n_embd, bias=False)
        self.drop = nn.Dropout(cfg.dropout) if cfg.dropout > 0 else nn.Identity()

    def forward(self, x: torch.Tensor, capture: Capture | None = None) -> torch.Tensor:
        if self.gated and _one_by_one(x, self.gate_proj, self.up_proj):
            g, u = self.gate_proj(x), self.up_proj(x)  # [B, T, m] each
        elif self.gated:  # one matmul on the concatenated [2m, d] weights
            g, u = F.linear(x, torch.cat((self.gate_proj.weight, self.up_proj.weight))).chunk(2, dim=-1)
        else:
            g, u = self.up_proj(x), None  # classic: g is the pre-activation
        if capture is None and self.variant == "swiglu":
            h = F.silu(g) * u  # the hot path, one fused-friendly line
        else:
            a = gate_branch(self.variant, g, self.params)  # [B, T, m]
            h = a if u is None else a * up_branch(self.variant, u, self.params)
            if capture is not None:
                capture.ffn(self.layer, g, u, a, h)
        return self.drop(self.down_proj(h))  # [B, T, d]


class Block(nn.Module):
    def __init__(self, cfg: TrainConfig, layer: int, width: int) -> None:
        super().__init__()
        self.layer = layer
        self.attn_norm = RMSNorm(cfg.n_embd)
        self.attn = Attention(cfg, layer)
        self.mlp_norm = RMSNorm(cfg.n_embd)
        self.mlp = MLP(cfg, layer, width)

    def forward(self, x: torch.Tensor, rope: tuple[torch.Tensor, torch.Tensor] | None,
                capture: Capture | None = None) -> torch.Tensor:
        x = x + self.attn(self.attn_norm(x), rope, capture)  # [B, T, d]
        m = self.mlp(self.mlp_norm(x), capture)
        x = x + m
        if capture is not None:
            capture.block(self.layer, m, x)
        return x


class GPT(nn.Module):
    def __init__(self, cfg: TrainConfig, vocab_size: int) -> None:
        super().__init__()
        self.cfg, self.vocab_size = cfg, vocab_size
        self.width = intermediate_size(cfg)
        self.tok_emb = nn.Embedding(vocab_size, cfg.n_embd)
        self.pos_emb = nn.Embedding(cfg.block_size, cfg.n_embd) if cfg.positions == "learned" else None
        self.drop = nn.Dropout(cfg.dropout) if cfg.dropout > 0 else nn.Identity()
        self.blocks = nn.ModuleList(Block(cfg, i, self.width) for i in range(cfg.n_layer))
        self.norm = RMSNorm(cfg.n_embd)
        self.lm_head = nn.Linear(cfg.n_embd, vocab_size, bias=False)
        if cfg.tie_embeddings:
            self.lm_head.weight = self.tok_emb.weight
        if cfg.positions == "rope":
            cos, sin = rope_tables(cfg.block_size, cfg.n_embd // cfg.n_head)  # [T, hd/2] each
            self.register_buffer("rope_cos", cos, persistent=False)
            self.register_buffer("rope_sin", sin, persistent=False)
            cos_full, sin_signed = rope_cache(cos, sin)  # [T, 1, hd] each, what forward uses
            self.register_buffer("rope_cos_full", cos_full, persistent=False)
            self.register_buffer("rope_sin_signed", sin_signed, persistent=False)
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

    def forward(self, idx: torch.Tensor, targets: torch.Tensor | None = None,
                capture: Capture | None = None) -> tuple[torch.Tensor, torch.Tensor | None]:
        B, T = idx.shape
        x = self.tok_emb(idx)  # [B, T, d]
        rope = None
        if self.pos_emb is not None:
            x = x + self.pos_emb(torch.arange(T, device=idx.device))  # [T, d] broadcast
        else:
            rope = (self.rope_cos_full, self.rope_sin_signed)
        x = self.drop(x)
        for block in self.blocks:
            x = block(x, rope, capture)
        x = self.norm(x)
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
           "intermediate_size", "matched_width", "model_spec"]
