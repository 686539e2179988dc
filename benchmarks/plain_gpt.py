"""nanoGPT's architecture and training step in plain PyTorch: the reference gatelab is timed against.

Why it exists: "as fast as nanoGPT" needs a yardstick run in the same process, on the same
threads, with the same batch. This is nanoGPT's model.py reduced to what its CPU and GPU recipes
use (no bias, tied embeddings, LayerNorm, learned positions, GELU MLP 4×, causal SDPA) and its
train.py step (AdamW, betas (0.9, 0.99), weight decay 0.1 on matrices, grad clip 1.0).
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn


class Block(nn.Module):
    def __init__(self, d: int, n_head: int) -> None:
        super().__init__()
        self.n_head = n_head
        self.ln_1 = nn.LayerNorm(d, bias=False)
        self.c_attn = nn.Linear(d, 3 * d, bias=False)
        self.attn_proj = nn.Linear(d, d, bias=False)
        self.ln_2 = nn.LayerNorm(d, bias=False)
        self.c_fc = nn.Linear(d, 4 * d, bias=False)
        self.mlp_proj = nn.Linear(4 * d, d, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, C = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(C, dim=2)
        q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.attn_proj(y.transpose(1, 2).contiguous().view(B, T, C))
        return x + self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x))))


class PlainGPT(nn.Module):
    def __init__(self, vocab: int, block_size: int, n_layer: int, n_head: int, d: int) -> None:
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(block_size, d)
        self.h = nn.ModuleList(Block(d, n_head) for _ in range(n_layer))
        self.ln_f = nn.LayerNorm(d, bias=False)
        self.lm_head = nn.Linear(d, vocab, bias=False)
        self.wte.weight = self.lm_head.weight
        for name, p in self.named_parameters():
            if p.dim() == 2:
                std = 0.02 / math.sqrt(2 * n_layer) if name.endswith("proj.weight") else 0.02
                nn.init.normal_(p, mean=0.0, std=std)

    def forward(self, idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        x = self.wte(idx) + self.wpe(torch.arange(idx.shape[1], device=idx.device))
        for block in self.h:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1))


def make_plain(vocab: int, block_size: int, n_layer: int, n_head: int, d: int, lr: float,
               device: torch.device) -> tuple[PlainGPT, torch.optim.AdamW]:
    model = PlainGPT(vocab, block_size, n_layer, n_head, d).to(device)
    params = [p for p in model.parameters()]
    groups = [{"params": [p for p in params if p.dim() >= 2], "weight_decay": 0.1},
              {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0}]
    fused = {"fused": True} if device.type == "cuda" else {}
    return model, torch.optim.AdamW(groups, lr=lr, betas=(0.9, 0.99), **fused)


def plain_step(model: PlainGPT, opt: torch.optim.AdamW, x: torch.Tensor, y: torch.Tensor,
               lr: float) -> torch.Tensor:
    """One nanoGPT training step; returns the loss tensor (no host sync)."""
    for group in opt.param_groups:
        group["lr"] = lr
    with torch.autocast("cuda", dtype=torch.bfloat16, enabled=x.device.type == "cuda"):
        loss = model(x, y)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    opt.zero_grad(set_to_none=True)
    return loss.detach()
