"""What transformers assumes for a key config.json leaves out, and which keys a family has at all.

Why a table and not transformers itself: the budget must work without transformers installed.
``tests/core/test_budget_hf_defaults.py`` holds every entry to the defaults of transformers' own
config classes (their dataclass fields, ``attribute_map`` synonyms included), so a family can
neither miss a default (a hand-written Qwen3 config without ``head_dim`` gets 128, as
transformers builds it) nor keep a key its transformers model ignores (Mistral has no
``attention_bias``, Qwen3 no ``mlp_bias``, Qwen3-MoE no shared expert): such keys are dropped and
named in a note, as transformers silently drops them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gatelab.core.messages import Msg

#: The spellings of each size the generic reader accepts (first: transformers' usual name).
ALIASES: dict[str, tuple[str, ...]] = {
    "hidden": ("hidden_size", "n_embd", "d_model", "dim", "model_dim"),
    "intermediate": ("intermediate_size", "n_inner", "d_ff", "ffn_dim", "ffn_hidden_size"),
    "n_layer": ("num_hidden_layers", "n_layer", "num_layers", "n_layers"),
    "n_head": ("num_attention_heads", "n_head", "num_heads", "n_heads"),
    "n_kv_head": ("num_key_value_heads", "n_kv_heads", "num_kv_heads", "n_kv_head"),
    "head_dim": ("head_dim", "d_kv", "kv_channels"),
    "vocab": ("vocab_size", "n_vocab", "padded_vocab_size"),
    "n_experts": ("num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"),
    "experts_per_token": ("num_experts_per_tok", "experts_per_token", "num_selected_experts",
                          "moe_topk", "top_k"),
}
#: Names of one setting: a default is not filled in when any of them is given.
_SYNONYMS: tuple[tuple[str, ...], ...] = (*ALIASES.values(), ("n_positions",
                                                              "max_position_embeddings"))

#: Keys the generic reader would apply to any family; for a family in ``FAMILY_DEFAULTS`` that
#: lacks one, the key is dropped (the spellings of a size are dropped by ``readable``).
FAMILY_ONLY: tuple[str, ...] = (
    "attention_bias", "mlp_bias", "moe_intermediate_size", "shared_expert_intermediate_size",
    "n_shared_experts", "first_k_dense_replace", "moe_layer_freq",
)
#: A dropped key's value that changes nothing, so it is dropped without a note (DeepSeek-V2's
#: config.json says moe_layer_freq 1; transformers' DeepSeek-V2 has no such setting).
_NEUTRAL: dict[str, Any] = {"moe_layer_freq": 1}

_F = False
_GATED_DELTANET = {"head_dim": 256, "linear_num_key_heads": 16, "linear_num_value_heads": 32,
                   "linear_key_head_dim": 128, "linear_value_head_dim": 128,
                   "linear_conv_kernel_dim": 4, "tie_word_embeddings": _F, "attention_bias": _F}
_QWEN_MOE = {"decoder_sparse_step": 1, "mlp_only_layers": None}
_DEEPSEEK_MLA = {"q_lora_rank": 1536, "kv_lora_rank": 512, "qk_rope_head_dim": 64,
                 "qk_nope_head_dim": 128, "v_head_dim": 128, "tie_word_embeddings": _F,
                 "attention_bias": _F}

#: Per family, every key the reader consumes that transformers' config class has, with the value
#: transformers uses when config.json leaves it out; ``None``: the family has the key, but its
#: value is derived (``head_dim`` = hidden / heads, KV heads = heads) or it only names another key.
#: DeepSeek's ``num_key_value_heads`` (128) is left derived: multi-head latent attention never uses
#: it, and 128 would not divide a small config's heads. A size has a default only where it is the
#: experts' width (Mixtral, gpt-oss, Llama 4) or a dense width beside them (Qwen3-Next).
FAMILY_DEFAULTS: dict[str, dict[str, Any]] = {
    "llama": {"num_key_value_heads": None, "head_dim": None, "tie_word_embeddings": _F,
              "attention_bias": _F, "mlp_bias": _F},
    "mistral": {"num_key_value_heads": 8, "head_dim": None, "tie_word_embeddings": _F},
    "mixtral": {"num_key_value_heads": 8, "head_dim": None, "tie_word_embeddings": _F,
                "num_local_experts": 8, "num_experts": None, "num_experts_per_tok": 2,
                "intermediate_size": 14336},
    "qwen2": {"num_key_value_heads": 32, "tie_word_embeddings": _F},
    "qwen2_moe": dict(_QWEN_MOE, num_key_value_heads=16, tie_word_embeddings=_F, qkv_bias=True,
                      num_experts=60, num_experts_per_tok=4, moe_intermediate_size=1408,
                      shared_expert_intermediate_size=5632),
    "qwen3": {"num_key_value_heads": 32, "head_dim": 128, "tie_word_embeddings": _F,
              "attention_bias": _F},
    "qwen3_moe": dict(_QWEN_MOE, num_key_value_heads=4, tie_word_embeddings=_F, attention_bias=_F,
                      num_experts=128, num_local_experts=None, num_experts_per_tok=8,
                      moe_intermediate_size=768),
    "gemma": {"num_key_value_heads": 16, "head_dim": 256, "tie_word_embeddings": True,
              "attention_bias": _F},
    "gemma2": {"num_key_value_heads": 4, "head_dim": 256, "tie_word_embeddings": True,
               "attention_bias": _F},
    "gemma3_text": {"num_key_value_heads": 4, "head_dim": 256, "tie_word_embeddings": True,
                    "attention_bias": _F},
    "phi3": {"num_key_value_heads": None, "tie_word_embeddings": _F},
    "gpt_oss": {"num_key_value_heads": 8, "head_dim": 64, "tie_word_embeddings": _F,
                "attention_bias": True, "num_local_experts": 128, "num_experts": None,
                "num_experts_per_tok": 4, "intermediate_size": 2880},
    "qwen3_5_text": dict(_GATED_DELTANET, num_key_value_heads=4),
    "qwen3_5_moe_text": dict(_GATED_DELTANET, num_key_value_heads=2, num_experts=256,
                             num_experts_per_tok=8, moe_intermediate_size=512,
                             shared_expert_intermediate_size=512),
    "qwen3_next": dict(_GATED_DELTANET, **_QWEN_MOE, num_key_value_heads=2, num_experts=512,
                       num_experts_per_tok=10, moe_intermediate_size=512,
                       shared_expert_intermediate_size=512, intermediate_size=5632),
    "deepseek_v3": dict(_DEEPSEEK_MLA, num_key_value_heads=None, n_routed_experts=256,
                        num_local_experts=None, num_experts_per_tok=8, n_shared_experts=1,
                        moe_intermediate_size=2048, first_k_dense_replace=3,
                        num_nextn_predict_layers=1),
    "deepseek_v2": dict(_DEEPSEEK_MLA, num_key_value_heads=None, head_dim=None, mlp_bias=_F,
                        n_routed_experts=64, num_experts=None, num_experts_per_tok=None,
                        moe_intermediate_size=1407, n_shared_experts=2, first_k_dense_replace=0,
                        topk_method="greedy"),
    "llama4_text": {"num_key_value_heads": 8, "head_dim": 128, "tie_word_embeddings": _F,
                    "attention_bias": _F, "use_qk_norm": True, "num_local_experts": 16,
                    "num_experts_per_tok": 1, "intermediate_size": 8192,
                    "intermediate_size_mlp": 16384, "interleave_moe_layer_step": 1},
    "smollm3": {"num_key_value_heads": 4, "tie_word_embeddings": True, "attention_bias": _F,
                "mlp_bias": _F},
    "olmo2": {"num_key_value_heads": None, "tie_word_embeddings": _F, "attention_bias": _F},
    "glm4_moe": {"num_key_value_heads": 8, "tie_word_embeddings": _F, "attention_bias": _F,
                 "use_qk_norm": _F, "n_routed_experts": 128, "num_local_experts": None,
                 "num_experts_per_tok": 8, "moe_intermediate_size": 1408, "n_shared_experts": 1,
                 "first_k_dense_replace": 1, "num_nextn_predict_layers": 1},
    "glm4": {"num_key_value_heads": 2, "head_dim": 128, "tie_word_embeddings": _F,
             "attention_bias": True},
    "ministral3": {"num_key_value_heads": 8, "head_dim": 128, "tie_word_embeddings": _F},
    "granite": {"num_key_value_heads": None, "tie_word_embeddings": _F, "attention_bias": _F,
                "mlp_bias": _F},
    "exaone": {"num_key_value_heads": 8, "head_dim": None, "tie_word_embeddings": _F,
               "attention_bias": _F, "mlp_bias": _F},
    "vaultgemma": {"num_key_value_heads": 4, "head_dim": 256, "tie_word_embeddings": True,
                   "attention_bias": _F},
    "ernie4_5": {"num_key_value_heads": 2, "head_dim": 128, "tie_word_embeddings": True,
                 "use_bias": _F},
    "gpt2": {"tie_word_embeddings": True, "n_inner": None, "n_positions": 1024,
             "add_cross_attention": _F},
    "gpt_neox": {"tie_word_embeddings": _F, "attention_bias": True},
    "opt": {"tie_word_embeddings": True, "enable_bias": True, "do_layer_norm_before": True,
            "_remove_final_layer_norm": _F, "layer_norm_elementwise_affine": True,
            "word_embed_proj_dim": None, "max_position_embeddings": 2048},
    "phi": {"num_key_value_heads": None, "tie_word_embeddings": _F, "qk_layernorm": _F},
    "bert": {"tie_word_embeddings": True, "add_cross_attention": _F, "type_vocab_size": 2,
             "max_position_embeddings": 512},
    "gptj": {"tie_word_embeddings": _F, "n_inner": None, "n_positions": 2048},
    "codegen": {"tie_word_embeddings": _F, "n_inner": None, "n_positions": 2048},
    "falcon": {"tie_word_embeddings": True, "num_kv_heads": None, "new_decoder_architecture": _F,
               "multi_query": True, "parallel_attn": True, "bias": _F,
               "num_ln_in_parallel_attn": None},
    "gpt_bigcode": {"tie_word_embeddings": True, "n_inner": None, "n_positions": 1024,
                    "add_cross_attention": _F, "multi_query": True},
    "gpt_neo": {"tie_word_embeddings": True, "max_position_embeddings": 2048},
    "bloom": {"tie_word_embeddings": True},
    "mpt": {"tie_word_embeddings": True},
    "t5": {"head_dim": None, "d_kv": 64, "d_ff": 2048, "num_decoder_layers": None,
           "feed_forward_proj": "relu", "relative_attention_num_buckets": 32,
           "tie_word_embeddings": True},
    "mt5": {"head_dim": None, "d_kv": 64, "d_ff": 1024, "num_decoder_layers": None,
            "feed_forward_proj": "gated-gelu", "relative_attention_num_buckets": 32,
            "tie_word_embeddings": True},
}

_T5_SPELLINGS = {"hidden": ("hidden_size", "d_model"), "intermediate": ("d_ff",),
                 "n_layer": ("num_hidden_layers", "num_layers"),
                 "n_head": ("num_attention_heads", "num_heads")}
#: The spellings of a size a family's config class declares, where they differ from what
#: ``readable`` assumes (for the five sizes, the reader's first spelling alone); held to
#: transformers' config classes by ``tests/core/test_budget_spellings.py``.
_GPT2_SPELLINGS = {"hidden": ("hidden_size", "n_embd"), "intermediate": ("n_inner",),
                   "n_layer": ("num_hidden_layers", "n_layer"),
                   "n_head": ("num_attention_heads", "n_head")}
SPELLINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "gpt2": _GPT2_SPELLINGS, "gptj": _GPT2_SPELLINGS, "codegen": _GPT2_SPELLINGS,
    "gpt_bigcode": _GPT2_SPELLINGS, "falcon": {"intermediate": ("ffn_hidden_size",)},
    "gpt_neo": {"n_layer": ("num_hidden_layers", "num_layers"),
                "n_head": ("num_attention_heads", "num_heads")},
    "bloom": {"n_layer": ("num_hidden_layers", "n_layer"),
              "n_head": ("num_attention_heads", "n_head"), "intermediate": ()},  # always 4·d
    "mpt": {"hidden": ("hidden_size", "d_model"), "n_layer": ("num_hidden_layers", "n_layers"),
            "n_head": ("num_attention_heads", "n_heads"), "intermediate": ()},  # always 4·d
    "t5": _T5_SPELLINGS, "mt5": _T5_SPELLINGS, "opt": {"intermediate": ("ffn_dim",)},
    "exaone": {"n_layer": ("num_hidden_layers", "num_layers")},
    "qwen3_5_moe_text": {"intermediate": ()},  # every layer is routed: no dense width at all
}
#: Sizes whose spellings a family reads are the keys of its ``FAMILY_DEFAULTS`` entry.
_TABLE_SIZES: tuple[str, ...] = ("n_kv_head", "head_dim", "n_experts", "experts_per_token")

#: Spellings that win over their synonyms when config.json gives both with different values:
#: transformers sets an ``attribute_map`` synonym after the field it names (Mixtral's and
#: gpt-oss's ``num_experts`` overrides ``num_local_experts``, EXAONE's ``num_layers``
#: ``num_hidden_layers``); elsewhere the reader's first
#: spelling is transformers' choice already (held pair by pair by a test).
WINNING_SPELLINGS: dict[str, tuple[str, ...]] = {
    "mixtral": ("num_experts",), "gpt_oss": ("num_experts",), "exaone": ("num_layers",),
}


#: Keys a family's config class derives from others and writes into config.json, and sets again
#: from those others when it reads the file back (Falcon's and GPT-BigCode's
#: ``num_key_value_heads``, from ``multi_query`` and ``num_kv_heads``): dropped without a note.
DERIVED_KEYS: dict[str, tuple[str, ...]] = {
    "falcon": ("num_key_value_heads",), "gpt_bigcode": ("num_key_value_heads",),
}


def _synonyms(key: str) -> tuple[str, ...]:
    return next((names for names in _SYNONYMS if key in names), (key,))


def _matters(value: Any) -> bool:
    """A dropped key is worth a note only when the reader would have acted on its value."""
    return value is not None and value is not False and value != 0 and value != []


def readable(family: str, size: str) -> tuple[str, ...]:
    """The spellings of ``size`` (an ``ALIASES`` entry) that ``family``'s transformers config
    reads, in the reader's order: Llama reads ``hidden_size`` and never ``dim`` or ``n_embd``.

    A family without a table (unknown, MiniMind) reads them all. Every decoder reads
    ``head_dim`` (its attention asks ``getattr(config, "head_dim", d // heads)``)."""
    table = FAMILY_DEFAULTS.get(family)
    if table is None:
        return ALIASES[size]
    listed = SPELLINGS.get(family, {}).get(size)
    if listed is not None:
        return listed
    if size not in _TABLE_SIZES:
        return ALIASES[size][:1]
    names = tuple(name for name in ALIASES[size] if name in table)
    return ("head_dim",) + names if size == "head_dim" and "head_dim" not in names else names


def _drop_unread(family: str, out: dict[str, Any]) -> list[str]:
    """Remove from ``out`` every spelling ``family`` does not read; return those worth a note:
    the ones whose value would have counted (an equal copy of the value read goes quietly)."""
    dropped = []
    for size, names in ALIASES.items():
        keep = readable(family, size)
        read = next((out[name] for name in keep if out.get(name) is not None), None)
        for name in names:
            if name not in keep and name in out:
                value = out.pop(name)
                if _matters(value) and value != read:
                    dropped.append(name)
    return dropped


def with_defaults(family: str, cfg: Mapping[str, Any]) -> tuple[dict[str, Any], list[Msg]]:
    """``cfg`` as transformers reads it for ``family``: spellings and keys the family lacks
    dropped (with a note naming them), its defaults filled in where neither the key nor a
    synonym is given."""
    out = dict(cfg)
    table = FAMILY_DEFAULTS.get(family)
    if table is None:  # unknown family (or MiniMind): read every key, as before
        return out, []
    for key in DERIVED_KEYS.get(family, ()):
        out.pop(key, None)
    dropped = _drop_unread(family, out)
    for key in FAMILY_ONLY:
        if key in out and key not in table and _matters(value := out.pop(key)) \
                and value != _NEUTRAL.get(key):
            dropped.append(key)
    for key in WINNING_SPELLINGS.get(family, ()):
        if out.get(key) is not None:
            for other in _synonyms(key):
                if other != key:
                    out.pop(other, None)
    for key, value in table.items():
        if value is None or key in out:
            continue
        if not any(out.get(name) is not None for name in _synonyms(key)):
            out[key] = value
    notes = [Msg("note.ignored_keys", {"keys": ", ".join(dropped), "family": family})]
    return out, notes if dropped else []
