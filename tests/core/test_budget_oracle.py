"""gatelab's counts held to transformers' own models, built on the meta device (no weights).

For every family: seeded random small configs (layers, heads, KV heads, head_dim, widths,
experts, top-k, shared experts, dense-layer schedules, tied or untied, biases, layer mixes) must
give gatelab total == sum(numel), MLP == the numel of the MLP tensors, the full/linear attention
split == the numel of self_attn / linear_attn, and active per token == routed experts × k / n +
everything else, all computed from the same meta model.
"""

from __future__ import annotations

import random

import pytest

from gatelab.core.budget import count_from_hf_config, load_presets
from tests.core.oracle import EARLIER, GENERATORS, truth

CONFIGS_PER_FAMILY = 20


def _cases() -> list[tuple[str, int]]:
    return [(name, seed) for name in GENERATORS for seed in range(CONFIGS_PER_FAMILY)]


@pytest.mark.parametrize(("family", "seed"), _cases())
def test_random_config_matches_transformers(family: str, seed: int) -> None:
    cfg, top_k = GENERATORS[family](random.Random(f"{family}-{seed}"))
    want = truth(cfg, top_k)
    got = count_from_hf_config(cfg)
    assert got.exact, got.notes
    assert got.total == want.total, cfg
    assert got.mlp == want.mlp, cfg
    split = got.attention_split
    assert (split["full"], split["linear"]) == (want.attention_full, want.attention_linear), cfg
    assert got.active == want.active, cfg


def _preset_config(config: dict) -> tuple[dict, int]:
    """A preset's config as transformers builds it (its language model; pads/ids dropped)."""
    cfg = dict(config)
    text = cfg.get("text_config")
    if isinstance(text, dict):  # wrappers: the language model is what is counted
        top = cfg["model_type"]
        cfg = dict(text, model_type=text.get("model_type", top + "_text"))
        cfg.setdefault("tie_word_embeddings", config.get("tie_word_embeddings", False))
    cfg.update(pad_token_id=None, bos_token_id=None, eos_token_id=None)
    top_k = cfg.get("num_experts_per_tok", 0)
    return cfg, top_k


_ORACLE_FAMILIES = {"qwen3_5_text", "qwen3_5_moe_text", "qwen3_5", "qwen3_5_moe", "deepseek_v3",
                    "llama4", "llama4_text", "qwen3", "qwen3_moe", "llama", "mistral",
                    "mixtral", "qwen2", "gemma2", "phi3", "gpt_oss", "gpt2"}


def test_every_preset_but_two_is_held_to_transformers() -> None:
    """MiniMind is no transformers architecture; transformers 5 forces T5's lm_head tied
    (``T5Config`` sets tie_word_embeddings = True), while the v1.1 checkpoint stores its own."""
    missing = {p.key for p in load_presets() if p.config.get("model_type") not in _ORACLE_FAMILIES}
    assert missing == {"minimind", "t5-v1_1-base"}


@pytest.mark.parametrize("preset", [p for p in load_presets()
                                    if p.config.get("model_type") in _ORACLE_FAMILIES],
                         ids=lambda p: p.key)
def test_preset_total_matches_transformers(preset) -> None:  # noqa: ANN001
    cfg, top_k = _preset_config(dict(preset.config))
    want = truth(cfg, top_k)
    got = preset.count()
    assert got.exact
    assert (got.total, got.mlp, got.active) == (want.total, want.mlp, want.active)


@pytest.mark.parametrize("family", ["qwen3_5", "qwen3_5_moe", "llama4", "gemma3"])
@pytest.mark.parametrize("top", [None, False, True])
@pytest.mark.parametrize("text", [None, False, True])
def test_wrapper_tie_flags_match_transformers(family: str, top: bool | None,
                                              text: bool | None) -> None:
    """Which flag ties a multimodal wrapper's lm_head differs by family (regression)."""
    cfg, top_k = GENERATORS[family](random.Random(7))
    cfg.pop("tie_word_embeddings", None)
    cfg["text_config"].pop("tie_word_embeddings", None)
    if top is not None:
        cfg["tie_word_embeddings"] = top
    if text is not None:
        cfg["text_config"]["tie_word_embeddings"] = text
    assert count_from_hf_config(cfg).total == truth(cfg, top_k).total


@pytest.mark.parametrize(("family", "seed"),
                         [(name, seed) for name in EARLIER for seed in range(8)])
def test_earlier_families_stay_exact(family: str, seed: int) -> None:
    cfg, top_k = EARLIER[family](random.Random(f"{family}-{seed}"))
    want = truth(cfg, top_k)
    got = count_from_hf_config(cfg)
    assert got.exact
    assert (got.total, got.mlp, got.active) == (want.total, want.mlp, want.active), cfg
