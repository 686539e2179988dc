"""Seeded random small configs of the GPT-2 descendants and the other classic-MLP families the
budget counts exactly since s25: GPT-J, CodeGen, Falcon, GPT-BigCode, GPT-Neo, BLOOM, MPT.

Why a module of its own: ``oracle.py`` holds the earlier families' generators and is near its
size limit. Every config key that changes a tensor of the family varies here, and each key is
sometimes left out, so transformers' default for it is exercised too.
"""

from __future__ import annotations

import random
from typing import Any

from tests.core.oracle import _classic


def _maybe(r: random.Random, cfg: dict[str, Any], key: str, value: Any, p: float = 0.6) -> None:
    """Give ``key`` its ``value`` with probability ``p``, else leave it to the default."""
    if r.random() < p:
        cfg[key] = value


def _gpt2_sizes(r: random.Random, family: str) -> dict[str, Any]:
    """GPT-2's spellings (n_embd, n_head, n_layer), as GPT-J, CodeGen and BigCode save them."""
    base = _classic(r, family)
    cfg = {"model_type": family, "n_embd": base.pop("hidden_size"),
           "n_head": base.pop("num_attention_heads"), "n_layer": base.pop("num_hidden_layers")}
    cfg.update({k: v for k, v in base.items() if k != "model_type"})
    _maybe(r, cfg, "n_inner", r.randint(8, 96))
    return cfg


def gptj(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = _gpt2_sizes(r, "gptj")
    head = cfg["n_embd"] // cfg["n_head"]
    _maybe(r, cfg, "rotary_dim", r.choice([d for d in (2, 4, 8) if d <= head] or [None]))
    _maybe(r, cfg, "n_positions", r.randint(8, 64))
    return cfg, 0


def codegen(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg, _ = gptj(r)
    return dict(cfg, model_type="codegen"), 0


def falcon(r: random.Random) -> tuple[dict[str, Any], int]:
    """Both layouts: 7B's (multi_query, one shared LayerNorm) and 40B's (num_kv_heads groups,
    ln_attn and ln_mlp), sequential or parallel, biased or not, ALiBi or rotary."""
    cfg = _classic(r, "falcon")
    heads = cfg["num_attention_heads"]
    for key in ("new_decoder_architecture", "multi_query", "parallel_attn", "bias", "alibi"):
        _maybe(r, cfg, key, r.random() < 0.5)
    _maybe(r, cfg, "num_kv_heads", r.choice([k for k in (1, 2, 3, 4) if heads % k == 0]))
    _maybe(r, cfg, "num_ln_in_parallel_attn", r.choice([1, 2]), p=0.4)
    _maybe(r, cfg, "ffn_hidden_size", r.randint(8, 96))
    return cfg, 0


def gpt_bigcode(r: random.Random) -> tuple[dict[str, Any], int]:
    """StarCoder 1's layout; a third of the configs without multi_query, half of those a
    decoder that cross-attends (transformers refuses cross-attention with multi_query)."""
    cfg = _gpt2_sizes(r, "gpt_bigcode")
    cfg["n_positions"] = r.randint(8, 64)
    if r.random() < 0.35:
        cfg["multi_query"] = False
        _maybe(r, cfg, "add_cross_attention", True, p=0.5)
    else:
        _maybe(r, cfg, "multi_query", True, p=0.5)
    return cfg, 0


def gpt_neo(r: random.Random) -> tuple[dict[str, Any], int]:
    """Local and global layers in any order (they hold the same tensors)."""
    cfg = _classic(r, "gpt_neo")
    n = cfg.pop("num_hidden_layers")
    cfg.update(num_heads=cfg.pop("num_attention_heads"), num_layers=n,
               attention_types=[[[r.choice(["global", "local"])], 1] for _ in range(n)],
               max_position_embeddings=r.randint(8, 64))
    _maybe(r, cfg, "intermediate_size", r.randint(8, 96))
    return cfg, 0


def bloom(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = _classic(r, "bloom")
    _maybe(r, cfg, "apply_residual_connection_post_layernorm", r.random() < 0.5)
    if r.random() < 0.5:  # BLOOM's own config.json spelling
        cfg["n_embed"] = cfg.pop("hidden_size")
    return cfg, 0


def mpt(r: random.Random) -> tuple[dict[str, Any], int]:
    """Keys transformers' MPT does not read (no_bias, expansion_ratio, learned_pos_emb) vary
    too: they must change nothing."""
    cfg = _classic(r, "mpt")
    cfg.update(d_model=cfg.pop("hidden_size"), n_heads=cfg.pop("num_attention_heads"),
               n_layers=cfg.pop("num_hidden_layers"), max_seq_len=r.randint(8, 64))
    _maybe(r, cfg, "no_bias", r.random() < 0.5)
    _maybe(r, cfg, "expansion_ratio", r.choice([2, 4, 6]))
    _maybe(r, cfg, "learned_pos_emb", r.random() < 0.5)
    return cfg, 0


CLASSIC_GPT = {g.__name__: g for g in (gptj, codegen, falcon, gpt_bigcode, gpt_neo, bloom, mpt)}
