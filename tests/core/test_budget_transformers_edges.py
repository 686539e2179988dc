"""Config values transformers builds something other than the obvious from (probe s21).

Why: each of these was counted as if the value meant what it seems and called exact, while
transformers built a different model: GPT-2's ``add_cross_attention`` adds a block per layer,
a Mixtral with 0 experts has no MLP at all, a multimodal wrapper without ``text_config`` is
built from its default language model. Each is now either counted as transformers builds it
(held to its meta-device model) or refused in words that name the key and the family.
"""

from __future__ import annotations

from typing import Any

import pytest

from gatelab.core.budget import compare, count_from_hf_config, summarize
from tests.core.oracle import header, truth

pytest.importorskip("transformers")

IDS = {"pad_token_id": None, "bos_token_id": None, "eos_token_id": None}
GPT2 = {"model_type": "gpt2", "n_embd": 64, "n_head": 4, "n_layer": 3, "vocab_size": 256,
        "n_positions": 64, **IDS}


@pytest.mark.parametrize("extra", [{}, {"n_inner": 40}, {"tie_word_embeddings": False},
                                   {"n_embd": 48, "n_layer": 1}])
def test_gpt2_cross_attention_is_counted_as_transformers_builds(extra: dict[str, Any]) -> None:
    """Per layer: crossattention's c_attn [d, 2d], q_attn and c_proj [d, d], their biases, and
    ln_cross_attn: 4d² + 6d (d = 64, 3 layers: +50,304 over the plain GPT-2)."""
    cfg = dict(GPT2, add_cross_attention=True, **extra)
    got = count_from_hf_config(cfg)
    assert got.exact and got.total == truth(cfg).total
    d, layers = cfg["n_embd"], cfg["n_layer"]
    plain = count_from_hf_config(dict(GPT2, **extra))
    assert got.total - plain.total == layers * (4 * d * d + 6 * d)
    assert got.parts["norms"] - plain.parts["norms"] == layers * 2 * d
    assert [n.key for n in got.notes] == ["note.cross_attention"]


def test_the_gpt2_cross_attention_case_of_the_probe() -> None:
    assert count_from_hf_config(dict(GPT2, add_cross_attention=True)).total == 220_864


def test_a_gpt2_cross_attention_checkpoint_compares_equal_part_by_part() -> None:
    cfg = dict(GPT2, add_cross_attention=True)
    rows = compare(summarize(header(cfg)), count_from_hf_config(cfg))
    assert [(part, diff) for part, _, _, diff in rows if diff] == []


# -- zero experts ------------------------------------------------------------------------------
LLAMA = {"hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16,
         "num_hidden_layers": 3, "intermediate_size": 96, "vocab_size": 256, **IDS}
MLA = {"q_lora_rank": None, "kv_lora_rank": 16, "qk_rope_head_dim": 8, "qk_nope_head_dim": 8,
       "v_head_dim": 16, "n_group": 1, "topk_group": 1, "moe_intermediate_size": 16}
#: family → (its config with 0 experts, the key, how many of its 3 layers are routed)
ZERO_EXPERTS = {
    "mixtral": ({"num_local_experts": 0, "num_experts_per_tok": 0}, "num_local_experts", 3),
    "gpt_oss": ({"num_local_experts": 0, "num_experts_per_tok": 0}, "num_local_experts", 3),
    "qwen3_5_moe_text": ({"num_experts": 0, "moe_intermediate_size": 16,
                          "shared_expert_intermediate_size": 16}, "num_experts", 3),
    "llama4_text": ({"num_local_experts": 0, "intermediate_size_mlp": 80,
                     "interleave_moe_layer_step": 2}, "num_local_experts", 1),
    "glm4_moe": ({"n_routed_experts": 0, "first_k_dense_replace": 1, "n_group": 1,
                  "topk_group": 1, "moe_intermediate_size": 16}, "n_routed_experts", 2),
    "deepseek_v3": ({"n_routed_experts": 0, "first_k_dense_replace": 0, "head_dim": None, **MLA},
                    "n_routed_experts", 3),
    "deepseek_v2": ({"n_routed_experts": 0, "head_dim": None, **MLA}, "n_routed_experts", 3),
}


def _zero(family: str, **changes: Any) -> dict[str, Any]:
    extra = dict(ZERO_EXPERTS[family][0], **changes)
    return {k: v for k, v in dict(LLAMA, model_type=family, **extra).items() if v is not None}


@pytest.mark.parametrize("family", sorted(ZERO_EXPERTS))
def test_zero_experts_in_a_family_whose_routed_layers_are_always_moe_is_refused(
        family: str) -> None:
    """transformers builds such a layer with no experts (Mixtral: 70,080 parameters, no MLP at
    all, where the dense count said 125,376); no such model can route a token."""
    _, key, routed = ZERO_EXPERTS[family]
    cfg = _zero(family)
    assert truth(cfg).total != count_from_hf_config(dict(cfg, model_type="llama")).total
    with pytest.raises(ValueError) as info:
        count_from_hf_config(cfg)
    why = ("its every layer is a mixture of experts" if routed == 3
           else f"{routed} of its 3 layers are mixtures of experts")
    assert str(info.value) == f"config key '{key}' must be at least 1 for {family}: {why}"


@pytest.mark.parametrize(("family", "changes"), [
    ("qwen2_moe", {"num_experts": 0, "shared_expert_intermediate_size": 48}),
    ("qwen3_moe", {"num_experts": 0}), ("qwen3_next", {"num_experts": 0}),
    ("glm4_moe", {"first_k_dense_replace": 3}), ("deepseek_v3", {"first_k_dense_replace": 5}),
    ("llama4_text", {"moe_layers": []}),
])
def test_zero_experts_where_transformers_builds_dense_layers_are_counted(
        family: str, changes: dict[str, Any]) -> None:
    """Qwen's MoE layers need num_experts > 0, else they are dense; with every layer dense
    (first_k_dense_replace ≥ layers) a DeepSeek or GLM config with 0 experts is a dense model."""
    if family in ZERO_EXPERTS:
        cfg = _zero(family, **changes)
    else:
        cfg = dict(LLAMA, model_type=family, moe_intermediate_size=16, **changes)
    if family == "qwen3_next":
        cfg.pop("head_dim")
    got = count_from_hf_config(cfg)
    assert got.exact and (got.total, got.mlp) == (truth(cfg).total, truth(cfg).mlp)


# -- defaults and messages that named gatelab's own fields -------------------------------------
@pytest.mark.parametrize(("family", "width"), [("mixtral", 14_336), ("gpt_oss", 2_880)])
def test_experts_without_intermediate_size_get_transformers_default(family: str,
                                                                    width: int) -> None:
    """Was refused with "moe_intermediate must be ≥ 1, got 0", a name no config.json has."""
    cfg = {k: v for k, v in LLAMA.items() if k != "intermediate_size"}
    cfg.update(model_type=family, num_local_experts=2, num_experts_per_tok=1)
    got = count_from_hf_config(cfg)
    assert got.spec.moe_intermediate == width
    assert (got.total, got.active) == (truth(cfg, top_k=1).total, truth(cfg, top_k=1).active)


#: (config, the key the refusal must name): each once named a ModelSpec field instead
INTERNAL_NAMES = [
    (dict(LLAMA, model_type="qwen3_moe", num_experts=2, num_experts_per_tok=3,
          moe_intermediate_size=16), "'num_experts_per_tok' (3)"),
    (dict(LLAMA, model_type="gpt_oss", num_local_experts=2, num_experts_per_tok=3),
     "'num_experts_per_tok' (3)"),
    (dict(LLAMA, model_type="brandnew", num_experts=2, num_experts_per_tok=3),
     "'num_experts_per_tok' (3)"),
    (dict(LLAMA, model_type="mixtral", intermediate_size=0, num_local_experts=2),
     "intermediate_size is missing or 0"),
    ({k: v for k, v in LLAMA.items() if k != "intermediate_size"} | {
        "model_type": "brandnew", "num_experts": 2}, "moe_intermediate_size is missing or 0"),
]


def test_a_default_top_k_above_the_experts_says_it_is_the_default() -> None:
    """Qwen3-MoE's default is 8 experts per token; with 4 experts the refusal must not claim the
    config set num_experts_per_tok (it gave top_k, which Qwen3-MoE does not read)."""
    cfg = dict(LLAMA, model_type="qwen3_moe", num_experts=4, moe_intermediate_size=16, top_k=1)
    with pytest.raises(ValueError) as info:
        count_from_hf_config(cfg)
    assert str(info.value) == (
        "num_experts_per_tok is not set, and transformers' qwen3_moe default (8) exceeds the "
        "number of experts (4): add num_experts_per_tok to the config; qwen3_moe does not read "
        "top_k")


@pytest.mark.parametrize(("cfg", "named"), INTERNAL_NAMES)
def test_a_refusal_names_the_config_key_not_a_field_of_gatelab(cfg: dict[str, Any],
                                                               named: str) -> None:
    with pytest.raises(ValueError) as info:
        count_from_hf_config(cfg)
    text = str(info.value)
    assert named in text
    for field in ("moe_intermediate ", "experts_per_token ", "shared_intermediate",
                  "first_dense_layers", "n_kv_head"):
        assert not text.startswith(field), text


# -- multimodal wrappers whose language model is not in text_config ----------------------------
LIN = {"linear_num_key_heads": 2, "linear_num_value_heads": 4, "linear_key_head_dim": 8,
       "linear_value_head_dim": 8, "linear_conv_kernel_dim": 2}
FLAT = {"gemma3": {}, "qwen3_5": LIN, "qwen3_5_moe": dict(LIN, num_experts=2),
        "llama4": {"num_local_experts": 2, "num_experts_per_tok": 1}}


@pytest.mark.parametrize("family", sorted(FLAT))
@pytest.mark.parametrize("text_config", ["absent", None])
def test_a_wrapper_without_text_config_is_refused(family: str, text_config: object) -> None:
    """transformers builds the wrapper's default language model and ignores top-level sizes
    (2.6 B for gemma3); the count read the top-level keys and called 109,472 exact."""
    cfg = dict(LLAMA, model_type=family, **FLAT[family])
    if text_config is None:
        cfg["text_config"] = None
    with pytest.raises(ValueError) as info:
        count_from_hf_config(cfg)
    assert str(info.value) == (f"config.json: a {family} config keeps its language model in "
                               "text_config, which this file lacks (transformers would build "
                               "its default one)")


def test_transformers_ignores_a_gemma3_wrappers_top_level_sizes() -> None:
    flat = truth(dict(LLAMA, model_type="gemma3"))
    assert flat.total == truth({"model_type": "gemma3"}).total > 2_000_000_000
