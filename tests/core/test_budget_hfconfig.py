"""The config.json reader: aliases, family defaults, nested text_config, MoE layer layouts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gatelab.core.budget import count_from_hf_config, ffn_params, load_hf_config, spec_from_hf_config

GPT2 = {"model_type": "gpt2", "n_embd": 768, "n_layer": 12, "n_head": 12, "n_inner": None,
        "n_positions": 1024, "vocab_size": 50257}


def test_gpt2_aliases_and_n_inner_default() -> None:
    spec = spec_from_hf_config(GPT2)
    assert (spec.hidden, spec.intermediate, spec.n_layer, spec.n_head) == (768, 3072, 12, 12)
    assert not spec.gated and spec.mlp_bias and spec.norm == "layer" and spec.tie_embeddings
    assert spec.max_positions == 1024
    assert count_from_hf_config(GPT2).total == 124_439_808
    c = count_from_hf_config(GPT2)
    assert c.mlp_per_layer == ffn_params(768, 3072, gated=False, bias=True)


def test_t5_aliases() -> None:
    cfg = {"model_type": "t5", "d_model": 512, "d_ff": 1024, "num_layers": 8, "num_heads": 6,
           "d_kv": 64, "vocab_size": 32128, "feed_forward_proj": "gated-gelu",
           "tie_word_embeddings": False}
    spec = spec_from_hf_config(cfg)
    assert (spec.hidden, spec.intermediate, spec.encoder_layers, spec.n_layer) == (512, 1024, 8, 8)
    assert spec.head_size == 64 and spec.gated
    relu = spec_from_hf_config(dict(cfg, feed_forward_proj="relu", num_decoder_layers=4))
    assert not relu.gated and relu.n_layer == 4


def test_expert_count_aliases() -> None:
    base = {"model_type": "mixtral", "hidden_size": 64, "intermediate_size": 128,
            "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 4,
            "vocab_size": 100, "num_experts_per_tok": 2}
    for key in ("num_local_experts", "num_experts", "n_routed_experts"):
        spec = spec_from_hf_config(dict(base, **{key: 8}))
        assert spec.n_experts == 8 and spec.moe_intermediate == 128


def test_nested_text_config() -> None:
    inner = {"model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008,
             "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000}
    cfg = {"model_type": "llava", "text_config": inner, "vision_config": {"hidden_size": 1024},
           "tie_word_embeddings": False}
    c = count_from_hf_config(cfg)
    assert c.total == 6_738_415_616
    assert any("text_config" in n for n in c.notes)


def test_unknown_family_is_counted_but_flagged() -> None:
    cfg = {"model_type": "brandnew", "hidden_size": 64, "intermediate_size": 128,
           "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100}
    c = count_from_hf_config(cfg)
    assert not c.exact and any("brandnew" in n for n in c.notes)


def test_deepseek_v2_routes_every_layer_from_first_k_dense_replace_on() -> None:
    """transformers 5's DeepseekV2 has no moe_layer_freq: layer i is routed iff i ≥ k (the
    count followed the remote code's freq once; see test_budget_deepseek_v2)."""
    cfg = {"model_type": "deepseek_v2", "hidden_size": 64, "intermediate_size": 256,
           "moe_intermediate_size": 32, "num_hidden_layers": 10, "num_attention_heads": 4,
           "vocab_size": 100, "n_routed_experts": 8, "n_shared_experts": 2,
           "num_experts_per_tok": 2, "first_k_dense_replace": 3, "moe_layer_freq": 2,
           "kv_lora_rank": 16, "q_lora_rank": 24, "qk_rope_head_dim": 8, "qk_nope_head_dim": 8,
           "v_head_dim": 8}
    c = count_from_hf_config(cfg)
    assert [(g.kind, g.count) for g in c.layers] == [("dense", 3), ("moe", 7)]
    shared = ffn_params(64, 64, True)
    assert c.mlp_per_layer == 8 * ffn_params(64, 32, True) + shared + 8 * 64
    assert c.exact


def test_qwen_moe_sparse_step_and_mlp_only_layers() -> None:
    cfg = {"model_type": "qwen2_moe", "hidden_size": 64, "intermediate_size": 256,
           "moe_intermediate_size": 32, "shared_expert_intermediate_size": 128,
           "num_hidden_layers": 8, "num_attention_heads": 4, "num_key_value_heads": 4,
           "vocab_size": 100, "num_experts": 4, "num_experts_per_tok": 2, "decoder_sparse_step": 2,
           "mlp_only_layers": [1, 2]}
    c = count_from_hf_config(cfg)
    # sparse: (i+1) % 2 == 0 → 1, 3, 5, 7; minus mlp_only 1 → 3 routed layers
    assert [(g.kind, g.count) for g in c.layers] == [("dense", 5), ("moe", 3)]
    assert c.mlp_detail["shared"] == 3 * (ffn_params(64, 128, True) + 64)


def test_minimind_rule_default() -> None:
    cfg = {"model_type": "minimind", "hidden_size": 768, "num_hidden_layers": 16,
           "num_attention_heads": 8, "num_key_value_heads": 2, "vocab_size": 6400}
    assert spec_from_hf_config(cfg).intermediate == 2432


def test_integral_floats_accepted() -> None:
    cfg = dict(GPT2, n_embd=768.0)
    assert count_from_hf_config(cfg).total == 124_439_808


@pytest.mark.parametrize("bad", [
    {"model_type": "llama"},
    dict(GPT2, n_embd=-1),
    dict(GPT2, n_embd=7.5),
    dict(GPT2, n_embd="768"),
    dict(GPT2, n_head=True),
    dict(GPT2, n_embd=10**40),
    dict(GPT2, tie_word_embeddings="yes"),
    {"model_type": 5, "hidden_size": 8},
    {"text_config": [1, 2]},
    {"model_type": "qwen3_next", "hidden_size": 64, "intermediate_size": 128,
     "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100,
     "layer_types": ["linear_attention", "full_attention", "full_attention"]},
    [1, 2, 3],
])
def test_bad_configs_raise_value_error(bad: object) -> None:
    with pytest.raises(ValueError):
        count_from_hf_config(bad)  # type: ignore[arg-type]


def test_load_from_file_and_file_errors(tmp_path: Path) -> None:
    good = tmp_path / "config.json"
    good.write_text(json.dumps(GPT2))
    assert count_from_hf_config(good).total == 124_439_808
    assert count_from_hf_config(str(good)).total == 124_439_808
    for content, message in ((b"{", "not valid JSON"), (b"\xff\xfe\x00", "not UTF-8"),
                             (b"[]", "JSON object"), (b"[" * 50000, "nested too deeply")):
        bad = tmp_path / "bad.json"
        bad.write_bytes(content)
        with pytest.raises(ValueError, match=message):
            load_hf_config(bad)
    with pytest.raises(ValueError, match="cannot read"):
        count_from_hf_config(tmp_path / "missing.json")


def test_qwen2_biases_follow_transformers_not_attention_bias() -> None:
    """Regression (found by the oracle): Qwen2's o_proj never has a bias, q/k/v always do."""
    base = {"model_type": "qwen2", "hidden_size": 8, "intermediate_size": 16,
            "num_hidden_layers": 4, "num_attention_heads": 2, "num_key_value_heads": 2,
            "vocab_size": 50}
    plain = count_from_hf_config(base)
    assert count_from_hf_config(dict(base, attention_bias=True)).total == plain.total
    moe = dict(base, model_type="qwen2_moe", num_experts=2, num_experts_per_tok=2,
               moe_intermediate_size=4)
    assert (count_from_hf_config(moe).total - count_from_hf_config(dict(moe, qkv_bias=False)).total
            == 4 * (8 + 2 * 8))
