"""Whole-model counts: presets against the sums of their real checkpoints' tensor elements."""

from __future__ import annotations

import pytest

from gatelab.core.budget import (
    ModelSpec,
    count_from_hf_config,
    count_model,
    ffn_params,
    load_presets,
)

# Sums of the real checkpoints' tensor element counts (tied embeddings stored once).
CHECKPOINT_TOTALS = {
    "Llama-2-7B": 6_738_415_616,
    "GPT-2 small": 124_439_808,
    "Mistral-7B": 7_241_732_096,
    "Llama-3-8B": 8_030_261_248,
    "Qwen2.5-0.5B": 494_032_768,
    "Mixtral-8x7B": 46_702_792_704,
    "Qwen3-0.6B": 596_049_920,
    "Gemma-2-2B": 2_614_341_888,
    "Phi-3-mini": 3_821_079_552,
}

REQUIRED = {"Llama-2-7B", "Llama-3-8B", "Llama-3.1-70B", "Mistral-7B", "Mixtral-8x7B",
            "Qwen2.5-0.5B", "Qwen2.5-7B", "Qwen3-0.6B", "Qwen3-8B", "Qwen3-30B-A3B", "Gemma-2-2B",
            "Phi-3-mini", "DeepSeek-V3", "gpt-oss-20b", "GPT-2 small", "T5 v1.1 base", "MiniMind2"}


@pytest.fixture(scope="module")
def presets() -> dict[str, object]:
    return {p.name: p for p in load_presets()}


def test_all_required_presets_exist_and_name_their_source(presets: dict) -> None:
    assert REQUIRED <= set(presets)
    for p in presets.values():
        assert "config" in p.source or "Config" in p.source, p.source


@pytest.mark.parametrize("name", sorted(CHECKPOINT_TOTALS))
def test_preset_total_equals_checkpoint(presets: dict, name: str) -> None:
    count = presets[name].count()
    assert count.total == CHECKPOINT_TOTALS[name]
    assert presets[name].checkpoint_total == CHECKPOINT_TOTALS[name]
    assert count.exact
    assert sum(count.parts.values()) == count.total


def test_every_checkpoint_total_in_the_data_matches(presets: dict) -> None:
    for p in presets.values():
        if p.checkpoint_total is not None:
            assert p.count().total == p.checkpoint_total, p.name


def test_llama2_breakdown(presets: dict) -> None:
    c = presets["Llama-2-7B"].count()
    assert c.mlp_per_layer == 135_266_304
    assert c.attention_per_layer == 67_108_864
    assert c.parts == {"embeddings": 131_072_000, "attention": 32 * 67_108_864,
                       "mlp": 32 * 135_266_304, "norms": 65 * 4096, "lm_head": 131_072_000}
    assert c.active == c.total
    assert c.mlp_flops_per_token == 2 * 32 * 135_266_304
    assert c.mlp_share == pytest.approx(4_328_521_728 / 6_738_415_616)


def test_moe_totals_and_active(presets: dict) -> None:
    mix = presets["Mixtral-8x7B"].count()
    expert = ffn_params(4096, 14336, gated=True)
    assert mix.mlp_per_layer == 8 * expert + 8 * 4096
    assert mix.ffn_per_mlp == expert
    assert mix.active == mix.total - 32 * 6 * expert == 12_879_925_248
    qwen = presets["Qwen3-30B-A3B"].count()
    assert qwen.total == 30_532_122_624
    assert qwen.active == 3_353_032_704
    assert qwen.layers[0].kind == "moe" and qwen.layers[0].count == 48


def test_deepseek_v3_is_exact_with_mla_and_mtp_beside_the_total(presets: dict) -> None:
    c = presets["DeepSeek-V3"].count()
    assert c.exact
    expert = ffn_params(7168, 2048, gated=True)
    moe_layer = 256 * expert + expert + 256 * 7168 + 256  # routed, shared, router, bias
    assert c.mlp_per_layer == moe_layer
    assert c.parts["mlp"] == 3 * ffn_params(7168, 18432, gated=True) + 58 * moe_layer
    assert [(g.kind, g.count) for g in c.layers] == [("dense", 3), ("moe", 58)]
    assert c.active_parts["mlp"] == 3 * ffn_params(7168, 18432, True) + 58 * (
        9 * expert + 256 * 7168 + 256)
    # MLA: q_a [1536, d] + q_a_norm + q_b [128·192, 1536], kv_a [576, d] + kv_a_norm
    # + kv_b [128·256, 512], o [d, 128·128]
    mla = (7168 * 1536 + 1536 + 1536 * 128 * 192 + 7168 * 576 + 512 + 512 * 128 * 256
           + 128 * 128 * 7168)
    assert c.attention_per_layer == mla
    # the MTP layer: embed + head copies, 3 norms, eh_proj, one routed decoder layer
    assert c.mtp == 2 * 129280 * 7168 + 3 * 7168 + 2 * 7168**2 + mla + moe_layer + 2 * 7168
    assert c.total == 671_026_419_200  # transformers' meta model gives the same (oracle test)
    # the model card's "671B main model + 14B MTP = 685B" counts FP8 scale tensors too
    assert c.total + c.mtp == 684_489_845_504


def test_gpt_oss_counts_expert_biases_and_sinks(presets: dict) -> None:
    c = presets["gpt-oss-20b"].count()
    expert = 3 * 2880 * 2880 + 2 * 2880 + 2880
    assert c.mlp_per_layer == 32 * expert + 32 * 2880 + 32
    attn = 2880 * 4096 * 2 + 2 * 2880 * 512 + 4096 + 2 * 512 + 2880 + 64
    assert c.attention_per_layer == attn
    assert c.total == 20_914_757_184


def test_t5_encoder_decoder(presets: dict) -> None:
    c = presets["T5 v1.1 base"].count()
    ffn = ffn_params(768, 2048, gated=True)
    assert c.parts["mlp"] == 24 * ffn
    assert c.parts["attention"] == 12 * 4 * 768**2 + 12 * 8 * 768**2 + 2 * 32 * 12
    assert c.parts["norms"] == (12 * 2 + 1 + 12 * 3 + 1) * 768
    assert c.total == 247_577_856


def test_toy_trainer_model_matches_its_docstring_recipe() -> None:
    d, m, layers, heads, kv, vocab, block = 128, 352, 4, 4, 2, 65, 64
    spec = ModelSpec(hidden=d, intermediate=m, n_layer=layers, n_head=heads, n_kv_head=kv,
                     head_dim=d // heads, vocab=vocab, gated=True, attn_out_gate=True,
                     tie_embeddings=False, max_positions=block)
    hd = d // heads
    per_layer = (2 * d + (2 * heads * hd) * d + 2 * kv * hd * d + d * heads * hd + 3 * d * m)
    expected = vocab * d + block * d + layers * per_layer + d + vocab * d
    assert count_model(spec).total == expected
    tied = count_model(spec.replace(tie_embeddings=True, max_positions=0, attn_out_gate=False,
                                    gated=False, n_kv_head=None))
    per_layer = 2 * d + 4 * d * d + 2 * d * m
    assert tied.total == vocab * d + layers * per_layer + d


def test_huge_sizes_are_exact_python_ints() -> None:
    spec = ModelSpec(hidden=10**12, intermediate=4 * 10**12, n_layer=1000, n_head=8, vocab=10**6,
                     gated=False)
    c = count_model(spec)
    assert type(c.total) is int
    assert c.parts["mlp"] == 1000 * 8 * 10**24
    assert c.total == 10**6 * 10**12 * 2 + 1000 * (4 * 10**24 + 8 * 10**24 + 2 * 10**12) + 10**12


@pytest.mark.parametrize("changes", [
    {"hidden": 0}, {"hidden": -5}, {"hidden": 2.5}, {"n_kv_head": 3}, {"norm": "batch"},
    {"n_experts": 4, "moe_intermediate": 0}, {"n_experts": 4, "moe_intermediate": 8,
                                              "experts_per_token": 5},
    {"gated": "yes"}, {"intermediate": 0}, {"first_dense_layers": 3, "n_experts": 2,
                                            "experts_per_token": 1, "moe_intermediate": 4},
])
def test_validate_rejects(changes: dict) -> None:
    spec = ModelSpec(hidden=64, intermediate=128, n_layer=2, n_head=4, vocab=100)
    with pytest.raises(ValueError):
        count_model(spec.replace(**changes))


def test_qwen35_mlp_in_h2_units() -> None:
    assert ffn_params(1024, 3584, gated=True) * 24 == 264_241_152
    spec = ModelSpec(hidden=1024, intermediate=3584, n_layer=24, n_head=8, vocab=1000)
    assert count_model(spec).parts["mlp"] == 264_241_152


def test_count_from_hf_config_on_preset_dict(presets: dict) -> None:
    cfg = dict(presets["Llama-2-7B"].config)
    assert count_from_hf_config(cfg).total == 6_738_415_616
