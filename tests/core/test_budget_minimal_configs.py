"""Hand-written, trimmed config.json files counted as transformers builds them (meta device).

Why: saved checkpoints carry every key, so the oracle tests never leave one out; a learner's
hand-written config does, and then transformers' family defaults decide (Qwen3: head_dim 128,
Mixtral: 8 experts…). And a key its family does not have (Mistral's ``attention_bias``, Qwen3's
``mlp_bias``, Qwen3-MoE's shared expert) builds nothing in transformers, so it must count nothing
here either, with a note that says it was ignored.
"""

from __future__ import annotations

from typing import Any

import pytest

from gatelab.core.budget import count_from_hf_config
from gatelab.core.budget.hfdefaults import ALIASES, FAMILY_DEFAULTS, readable
from tests.core.oracle import build, truth

transformers = pytest.importorskip("transformers")
torch = pytest.importorskip("torch")

SIZES = {"vocab_size": 100, "hidden_size": 48, "intermediate_size": 80, "num_hidden_layers": 4,
         "num_attention_heads": 4, "num_key_value_heads": 2}
IDS = {"pad_token_id": None, "bos_token_id": None, "eos_token_id": None}
ROUTER = {"n_group": 1, "topk_group": 1}  # transformers' DeepSeek/GLM router checks, not sizes
DECODERS = ("llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "gemma",
            "gemma2", "gemma3_text", "phi3", "gpt_oss", "qwen3_5_text", "qwen3_5_moe_text",
            "qwen3_next", "deepseek_v3", "llama4_text", "olmo2", "smollm3", "glm4_moe")
#: A value for each key the generic reader would apply to any family (see ``FAMILY_ONLY`` and
#: ``readable``).
FOREIGN = {"n_kv_heads": 1, "num_kv_heads": 1, "n_kv_head": 1, "d_kv": 20, "kv_channels": 20,
           "num_local_experts": 3, "num_experts": 3, "n_routed_experts": 3, "moe_num_experts": 3,
           "attention_bias": True, "mlp_bias": True, "moe_intermediate_size": 20,
           "shared_expert_intermediate_size": 36, "n_shared_experts": 2,
           "first_k_dense_replace": 2}


def minimal(family: str, **extra: Any) -> dict[str, Any]:
    cfg = dict(SIZES, model_type=family, **IDS, **extra)
    if family in ("deepseek_v3", "glm4_moe"):
        cfg.update(ROUTER)
    return cfg


def seq2seq_total(cfg: dict[str, Any]) -> int:
    return sum(p.numel() for p in build(cfg).parameters())


@pytest.mark.parametrize("family", DECODERS)
def test_minimal_config_counts_what_transformers_builds(family: str) -> None:
    cfg = minimal(family)
    want, got = truth(cfg), count_from_hf_config(cfg)
    assert (got.total, got.mlp) == (want.total, want.mlp)
    split = got.attention_split
    assert (split["full"], split["linear"]) == (want.attention_full, want.attention_linear)


@pytest.mark.parametrize("family", [f for f in DECODERS if f not in ("deepseek_v3", "llama",
                                                                     "phi3", "olmo2")])
def test_without_kv_heads_the_family_default_applies(family: str) -> None:
    """32 heads: every family's default KV-head count divides them (Mistral 8, Qwen2 32…)."""
    cfg = minimal(family, hidden_size=64, num_attention_heads=32)
    del cfg["num_key_value_heads"]
    assert count_from_hf_config(cfg).total == truth(cfg).total


@pytest.mark.parametrize(("family", "d_kv"), [("t5", None), ("mt5", None), ("t5", 16)])
def test_minimal_t5_counts_what_transformers_builds(family: str, d_kv: int | None) -> None:
    """T5's d_kv is 64 and d_ff 2048 by default (not hidden / heads, 4 · hidden); mT5 is gated."""
    cfg = {"model_type": family, "vocab_size": 100, "d_model": 48, "num_layers": 2,
           "num_heads": 4, **({"d_kv": d_kv} if d_kv else {})}
    assert count_from_hf_config(cfg).total == seq2seq_total(cfg)


def _ignored(count: Any) -> list[dict[str, Any]]:
    return [note.values for note in count.notes if note.key == "note.ignored_keys"]


@pytest.mark.parametrize(("family", "key", "value"), [
    ("mistral", "attention_bias", True), ("qwen3", "mlp_bias", True),
    ("qwen3_moe", "shared_expert_intermediate_size", 40), ("phi3", "attention_bias", True),
    ("mixtral", "first_k_dense_replace", 2), ("llama", "num_experts", 4),
    ("qwen2_moe", "num_local_experts", 3), ("deepseek_v3", "num_experts", 3),
    ("gemma", "d_kv", 20),
])
def test_a_key_the_family_lacks_counts_nothing(family: str, key: str, value: object) -> None:
    """The audit's cases (D5) and their kin: counted as transformers builds them, and noted."""
    extra = {"num_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 24} \
        if family == "qwen3_moe" else {}
    cfg = minimal(family, **extra, **{key: value})
    got = count_from_hf_config(cfg)
    assert got.total == truth(cfg).total
    assert _ignored(got) == [{"keys": key, "family": family}]


@pytest.mark.parametrize("family", DECODERS)
def test_every_key_a_family_lacks_is_dropped(family: str) -> None:
    """All of the generic reader's keys at once that the family's transformers config lacks."""
    foreign = {k: v for k, v in FOREIGN.items() if k not in FAMILY_DEFAULTS[family]}
    cfg = minimal(family, **foreign)
    got = count_from_hf_config(cfg)
    assert got.total == truth(cfg).total
    unread = [k for k in SIZES if k not in {n for s in ALIASES for n in readable(family, s)}]
    keys = unread + list(foreign)  # (Qwen3.5-MoE has no intermediate_size: every layer routed)
    assert _ignored(got) == ([{"keys": ", ".join(keys), "family": family}] if keys else [])


def test_keys_the_family_has_are_not_noted() -> None:
    cfg = minimal("llama", attention_bias=True, mlp_bias=True, head_dim=16)
    got = count_from_hf_config(cfg)
    assert got.total == truth(cfg).total and not _ignored(got)
    assert not _ignored(count_from_hf_config(minimal("mistral", attention_bias=False)))


@pytest.mark.parametrize("family", ["qwen2_moe", "qwen3_next", "qwen3_5_moe_text"])
def test_a_shared_expert_of_width_0_still_has_its_gate(family: str) -> None:
    """transformers builds the shared expert's [1, d] gate whatever the expert's width: a
    ``shared_expert_intermediate_size`` of 0 was counted d per layer short (review s12, F4)."""
    cfg = minimal(family, shared_expert_intermediate_size=0, moe_intermediate_size=20,
                  num_experts=4, num_experts_per_tok=2)
    want, got = truth(cfg), count_from_hf_config(cfg)
    assert (got.total, got.mlp) == (want.total, want.mlp)
    gated = count_from_hf_config(dict(cfg, shared_expert_intermediate_size=36))
    assert (gated.total, gated.mlp) == (truth(dict(cfg, shared_expert_intermediate_size=36)).total,
                                        truth(dict(cfg, shared_expert_intermediate_size=36)).mlp)
