"""``hfdefaults.FAMILY_DEFAULTS`` held to transformers' own config classes, key by key.

Why: the table promises what transformers uses when config.json leaves a key out, and which keys
a family has at all (the others are dropped). Both are read here off each family's config class
(its dataclass fields, ``attribute_map`` synonyms and the values an instance built with no
arguments holds), so a default transformers has and the table lacks fails by name.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gatelab.core.budget import count_from_hf_config
from gatelab.core.budget.hfconfig import EXACT_FAMILIES
from gatelab.core.budget.hfread import lookup as _lookup
from gatelab.core.budget.hfdefaults import ALIASES, FAMILY_DEFAULTS, with_defaults

transformers = pytest.importorskip("transformers")

#: Every optional key the reader consumes (the five sizes are required and have no default).
CONSUMED: tuple[str, ...] = (
    *ALIASES["n_kv_head"], *ALIASES["head_dim"], *ALIASES["n_experts"],
    *ALIASES["experts_per_token"], "tie_word_embeddings", "attention_bias", "qkv_bias",
    "mlp_bias", "use_qk_norm", "moe_intermediate_size", "shared_expert_intermediate_size",
    "n_shared_experts", "decoder_sparse_step", "mlp_only_layers", "first_k_dense_replace",
    "moe_layer_freq", "topk_method", "q_lora_rank", "kv_lora_rank", "qk_rope_head_dim",
    "qk_nope_head_dim", "v_head_dim", "num_nextn_predict_layers", "mtp_num_hidden_layers",
    "intermediate_size_mlp", "interleave_moe_layer_step", "linear_num_key_heads",
    "linear_num_value_heads", "linear_key_head_dim", "linear_value_head_dim",
    "linear_conv_kernel_dim", "n_inner", "n_positions", "d_ff", "num_decoder_layers",
    "feed_forward_proj", "relative_attention_num_buckets", "use_moe", "use_bias",
    "add_cross_attention", "enable_bias", "word_embed_proj_dim", "do_layer_norm_before",
    "layer_norm_elementwise_affine", "_remove_final_layer_norm", "qk_layernorm",
    "new_decoder_architecture", "multi_query", "parallel_attn", "bias", "num_ln_in_parallel_attn",
)
#: Where the table deliberately leaves transformers' constant to the reader, and why.
LEFT_DERIVED = {("deepseek_v3", "num_key_value_heads"): "MLA never uses it; 128 would not divide"}
WRAPPERS = {"gemma3", "qwen3_5", "qwen3_5_moe", "llama4"}


def hf_defaults(family: str) -> tuple[dict[str, Any], Any]:
    """The consumed keys ``family``'s config class has → its default (``None``: derived in
    ``__post_init__`` or a mere synonym), and an instance built with no arguments."""
    cls = transformers.CONFIG_MAPPING[family]
    instance = cls()
    fields = {f.name: f.default for f in dataclasses.fields(cls)}
    synonyms = dict(getattr(cls, "attribute_map", {}))
    out: dict[str, Any] = {}
    for key in CONSUMED:
        linked = [key, synonyms.get(key)] + [a for a, t in synonyms.items() if t == key]
        declared = [name for name in linked if name in fields]
        if not declared and key not in synonyms and key not in synonyms.values():
            continue
        constant = bool(declared) and fields[declared[0]] is not None
        out[key] = getattr(instance, key) if constant else None
    return out, instance


def _group(key: str) -> tuple[str, ...]:
    return next((names for names in ALIASES.values() if key in names), (key,))


def test_every_family_read_exactly_has_a_table() -> None:
    assert set(EXACT_FAMILIES) - WRAPPERS - {"minimind"} <= set(FAMILY_DEFAULTS)


@pytest.mark.parametrize("family", sorted(FAMILY_DEFAULTS))
def test_table_holds_every_default_transformers_has(family: str) -> None:
    want, instance = hf_defaults(family)
    table = FAMILY_DEFAULTS[family]
    assert set(want) - set(table) == set(), "keys transformers has and the table lacks"
    for key, value in table.items():
        if (family, key) in LEFT_DERIVED:
            assert value is None
        elif key not in want:  # a size the table defaults (Qwen3-Next, Llama 4) or T5's tie
            assert getattr(instance, key) == value, key
        elif value is None:  # derived, or a synonym of a key the table gives
            assert want[key] is None or any(table.get(k) == want[key] for k in _group(key)), key
        else:
            assert value == want[key], key


@pytest.mark.parametrize(("family", "key", "value"), [
    ("qwen3", "head_dim", 128), ("gpt_oss", "head_dim", 64), ("mixtral", "num_local_experts", 8),
    ("qwen2_moe", "shared_expert_intermediate_size", 5632), ("qwen3_moe", "num_experts", 128),
    ("t5", "d_kv", 64), ("mt5", "feed_forward_proj", "gated-gelu"), ("mistral",
                                                                       "num_key_value_heads", 8),
])
def test_audit_examples(family: str, key: str, value: object) -> None:
    """The defaults the audit (D4) found missing, pinned."""
    assert FAMILY_DEFAULTS[family][key] == value


def test_a_default_kv_count_that_does_not_divide_is_refused_by_name() -> None:
    cfg = {"model_type": "qwen3", "vocab_size": 100, "hidden_size": 48, "intermediate_size": 80,
           "num_hidden_layers": 2, "num_attention_heads": 4}
    with pytest.raises(ValueError, match="num_key_value_heads") as info:
        count_from_hf_config(cfg)
    assert "32" in str(info.value) and "\n" not in str(info.value)
    assert count_from_hf_config(dict(cfg, num_key_value_heads=2)).total > 0


def _spelling_pairs() -> list[tuple[str, str, str, str]]:
    """(family, size, a, b): two spellings of one size that ``family``'s config class accepts
    (a field or an ``attribute_map`` synonym)."""
    pairs = []
    for family in sorted(FAMILY_DEFAULTS):
        cls = transformers.CONFIG_MAPPING[family]
        known = {f.name for f in dataclasses.fields(cls)} | set(getattr(cls, "attribute_map", {}))
        for size, names in ALIASES.items():
            spelled = [n for n in names if n in known]
            pairs += [(family, size, a, b) for i, a in enumerate(spelled) for b in spelled[i + 1:]]
    return pairs


def _build(family: str, size: str, kwargs: dict[str, int]) -> Any:
    """``family``'s config from ``kwargs``; GPT-Neo's ``attention_types`` must list as many
    layers as the spelling that wins gives, so the one of the two counts that builds is used."""
    cls = transformers.CONFIG_MAPPING[family]
    if (family, size) != ("gpt_neo", "n_layer"):
        return cls(**kwargs)
    for n in kwargs.values():
        try:
            return cls(**kwargs, attention_types=[[["global"], n]])
        except ValueError:
            continue
    raise AssertionError("no layer count builds")


@pytest.mark.parametrize(("family", "size", "a", "b"), _spelling_pairs())
def test_two_spellings_given_differently_read_as_transformers_reads_them(
        family: str, size: str, a: str, b: str) -> None:
    """Mixtral's ``num_experts`` overrides ``num_local_experts`` (the reader took the first)."""
    built = _build(family, size, {a: 4, b: 6})
    cfg, _ = with_defaults(family, {a: 4, b: 6})
    assert _lookup(cfg, size)[1] == getattr(built, a) == getattr(built, b)


def test_a_mixtral_config_naming_both_expert_counts_is_counted_with_num_experts() -> None:
    cfg = {"model_type": "mixtral", "vocab_size": 100, "hidden_size": 32, "intermediate_size": 48,
           "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2}
    both = count_from_hf_config(dict(cfg, num_local_experts=4, num_experts=6)).total
    assert both == count_from_hf_config(dict(cfg, num_experts=6)).total
    assert both != count_from_hf_config(dict(cfg, num_local_experts=4)).total
