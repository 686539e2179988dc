"""The new families without transformers: the lessons' figures, layer mixes, presets, bad input.

The exactness of every formula is held to transformers in ``test_budget_oracle.py``; these tests
pin the numbers the lessons and the Budget tab show, and the one-``ValueError`` contract.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gatelab.core.budget import count_from_hf_config, ffn_params, load_presets
from gatelab.core.budget.model import SPLIT_PARTS


@pytest.fixture(scope="module")
def presets() -> dict:
    return {p.name: p for p in load_presets()}


def _qwen35(**changes: object) -> dict:
    text = {"model_type": "qwen3_5_text", "hidden_size": 64, "intermediate_size": 96,
            "num_hidden_layers": 4, "num_attention_heads": 4, "num_key_value_heads": 2,
            "head_dim": 16, "vocab_size": 100, "linear_num_key_heads": 2,
            "linear_num_value_heads": 4, "linear_key_head_dim": 8, "linear_value_head_dim": 12,
            "linear_conv_kernel_dim": 3}
    text.update(changes)
    return text


def test_lesson_figures_for_qwen35_08b(presets: dict) -> None:
    c = presets["Qwen3.5-0.8B"].count()
    assert c.exact
    assert c.mlp == 3 * 1024 * 3584 * 24 == 264_241_152
    assert c.parts["embeddings"] == 248_320 * 1024 == 254_279_680  # tied: no separate lm_head
    assert c.parts["lm_head"] == 0
    assert c.total == 752_393_024
    assert 0.33 < c.mlp_share < 0.36  # "about a third"
    assert c.mixer_layers == {"full": 6, "linear": 18}
    assert [(g.kind, g.count) for g in c.layers] == [("dense", 24)]  # one MLP for every layer
    assert c.same_mlp_in_every_layer
    # Gated DeltaNet: qkv [2·2048 + 2048, d], z [2048, d], a, b [16, d], conv [6144, 1, 4],
    # dt_bias, A_log [16], norm [128], out [d, 2048]
    gdn = (1024 * 6144 + 1024 * 2048 + 2 * 1024 * 16 + 6144 * 4 + 2 * 16 + 128
           + 2048 * 1024)
    assert c.linear_attention_per_layer == gdn
    # gated full attention: q (with its output gate) [2·8·256, d], k, v [2·256, d], o, q/k norms
    full = 1024 * 4096 + 2 * 1024 * 512 + 2048 * 1024 + 2 * 256
    assert c.attention_per_layer == full
    assert c.attention_split == {"full": 6 * full, "linear": 18 * gdn}
    assert list(c.split_parts) == list(SPLIT_PARTS)
    assert sum(c.split_parts.values()) == c.total


@pytest.mark.parametrize(("name", "total", "active"), [
    ("Qwen3.5-27B", 26_895_998_464, 26_895_998_464),
    ("Qwen3.5-35B-A3B", 34_660_610_688, 3_454_988_928),
    ("Llama-4-Scout-17B-16E", 107_769_861_120, 17_172_894_720),
    ("DeepSeek-V3", 671_026_419_200, 37_552_297_472),
])
def test_new_presets_are_pinned(presets: dict, name: str, total: int, active: int) -> None:
    c = presets[name].count()
    assert (c.total, c.active, c.exact) == (total, active, True)


def test_llama4_scout_layout(presets: dict) -> None:
    c = presets["Llama-4-Scout-17B-16E"].count()
    expert = ffn_params(5120, 8192, gated=True)
    assert [(g.kind, g.count) for g in c.layers] == [("moe", 48)]
    assert c.mlp_per_layer == 16 * expert + expert + 16 * 5120  # routed, shared, router
    assert any("vision tower" in note for note in c.notes)


def test_interleaved_llama4_has_dense_layers_of_the_mlp_width() -> None:
    cfg = {"model_type": "llama4_text", "hidden_size": 32, "intermediate_size": 16,
           "intermediate_size_mlp": 48, "num_hidden_layers": 4, "num_attention_heads": 4,
           "num_key_value_heads": 2, "head_dim": 8, "vocab_size": 50, "num_local_experts": 4,
           "num_experts_per_tok": 1, "interleave_moe_layer_step": 2}
    c = count_from_hf_config(cfg)
    assert [(g.kind, g.count) for g in c.layers] == [("dense", 2), ("moe", 2)]
    assert c.layers[0].mlp == ffn_params(32, 48, gated=True)


def test_interval_gives_the_layer_mix_without_layer_types() -> None:
    c = count_from_hf_config(_qwen35(num_hidden_layers=8, full_attention_interval=4))
    assert c.mixer_layers == {"full": 2, "linear": 6}


def test_multimodal_wrapper_counts_the_language_model_and_names_the_towers() -> None:
    wrapped = {"model_type": "qwen3_5", "text_config": _qwen35(), "vision_config": {"depth": 1}}
    flat = count_from_hf_config(_qwen35())
    c = count_from_hf_config(wrapped)
    assert c.total == flat.total and c.exact
    assert any("vision tower" in n and "projector" in n for n in c.notes)


@pytest.mark.parametrize(("changes", "message"), [
    ({"layer_types": ["linear_attention"] * 3}, "layer_types lists 3 layers"),
    ({"layer_types": ["linear_attention"] * 5}, "layer_types lists 5 layers"),
    ({"layer_types": ["linear_attention", "mamba", "full_attention", "full_attention"]},
     "'mamba'"),
    ({"layer_types": "linear_attention"}, "list of strings"),
    ({"layer_types": [1, 2, 3, 4]}, "list of strings"),
    ({"linear_num_key_heads": 3, "linear_num_value_heads": 4}, "multiple of linear key heads"),
    ({"linear_num_value_heads": 0}, "linear_num_value_heads"),
    ({"linear_num_value_heads": 10**20}, "linear_num_value_heads"),
    ({"linear_key_head_dim": 7.5}, "linear_key_head_dim"),
    ({"full_attention_interval": 0}, "full_attention_interval"),
    ({"hidden_size": 10**40}, "absurdly large"),
])
def test_bad_hybrid_configs_give_one_clear_value_error(changes: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        count_from_hf_config(_qwen35(**changes))


def test_linear_layers_in_a_family_without_them_are_refused() -> None:
    cfg = {"model_type": "llama", "hidden_size": 32, "intermediate_size": 64,
           "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 50,
           "layer_types": ["linear_attention", "full_attention"]}
    with pytest.raises(ValueError, match="no linear-attention layers"):
        count_from_hf_config(cfg)


def test_deepseek_v3_without_latent_ranks_is_refused() -> None:
    cfg = {"model_type": "deepseek_v3", "hidden_size": 32, "intermediate_size": 64,
           "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 50,
           "kv_lora_rank": None}
    with pytest.raises(ValueError, match="kv_lora_rank"):
        count_from_hf_config(cfg)


def test_unknown_family_with_linear_layers_is_counted_but_not_exact() -> None:
    cfg = dict(_qwen35(), model_type="brandnew_hybrid",
               layer_types=["linear_attention"] * 3 + ["full_attention"])
    c = count_from_hf_config(cfg)
    assert not c.exact and c.mixer_layers == {"full": 1, "linear": 3}


_HYBRID_KEYS = ["layer_types", "linear_num_key_heads", "linear_num_value_heads",
                "linear_key_head_dim", "linear_value_head_dim", "linear_conv_kernel_dim",
                "full_attention_interval", "num_hidden_layers", "num_experts",
                "num_experts_per_tok", "moe_intermediate_size", "shared_expert_intermediate_size",
                "decoder_sparse_step", "mlp_only_layers", "model_type", "head_dim",
                "moe_layers", "interleave_moe_layer_step", "intermediate_size_mlp"]


@settings(max_examples=200, deadline=2000)
@given(st.dictionaries(
    st.sampled_from(_HYBRID_KEYS),
    st.one_of(st.integers(-5, 40), st.none(), st.booleans(), st.floats(), st.text(max_size=5),
              st.lists(st.one_of(st.integers(-2, 8), st.sampled_from(
                  ["linear_attention", "full_attention", "chunked_attention", "rwkv"])),
                  max_size=6),
              st.sampled_from(["qwen3_5_text", "qwen3_5_moe_text", "qwen3_next", "llama4_text",
                               "qwen3_5", "llama4"])),
    max_size=4))
def test_perturbed_hybrid_configs_only_raise_value_error(changes: dict) -> None:
    try:
        c = count_from_hf_config(_qwen35(**changes))
    except ValueError:
        return
    assert c.total == sum(c.split_parts.values()) >= c.active > 0
    assert sum(c.mixer_layers.values()) == c.spec.n_layer


def test_counting_any_preset_takes_under_5_ms() -> None:
    """Integer arithmetic only: best of 5 per preset, far below the 5 ms budget even under load."""
    import time

    for preset in load_presets():
        best = float("inf")
        for _ in range(5):
            t0 = time.perf_counter()
            preset.count()
            best = min(best, time.perf_counter() - t0)
        assert best < 0.005, (preset.name, best)


def test_absurd_but_valid_hybrid_sizes_count_instantly_and_exactly() -> None:
    """A layer stack is never walked layer by layer (regression: the interval rule was)."""
    import time

    t0 = time.perf_counter()
    c = count_from_hf_config(_qwen35(num_hidden_layers=10**15, full_attention_interval=4))
    assert time.perf_counter() - t0 < 0.05
    assert c.mixer_layers == {"full": 10**15 // 4, "linear": 10**15 - 10**15 // 4}
    assert c.mlp == 10**15 * ffn_params(64, 96, gated=True)
