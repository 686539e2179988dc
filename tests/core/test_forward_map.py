"""core.forward_map: the sizes the forward-pass map draws, from every dialect the app speaks."""

from __future__ import annotations

import dataclasses

import pytest

from gatelab.core import forward_map as fm
from gatelab.core.budget import load_presets
from gatelab.core.budget.rules import MAX_DIM
from gatelab.core.forward_map import ForwardSizes
from gatelab.core.trainconfig import TrainConfig

GOOD = ForwardSizes(vocab=248320, d=1024, m=3584, n_layer=24, n_head=8, gated=True,
                    variant="swiglu", source="Qwen3.5-0.8B", origin="budget")


def _preset(name: str) -> dict:
    return next(p for p in load_presets() if p.name == name).config


def test_valid_sizes_validate_and_round_trip_through_a_dict() -> None:
    assert GOOD.validate() is GOOD
    assert ForwardSizes.from_dict(GOOD.to_dict()) == GOOD
    unknown = ForwardSizes(None, 16, 24, 3, None, True, "", "trace")
    assert unknown.validate().act == "SiLU" and unknown.family == "SwiGLU"


@pytest.mark.parametrize("change", [
    {"d": 0}, {"d": True}, {"d": 1.5}, {"m": -3}, {"n_layer": "4"}, {"d": MAX_DIM + 1},
    {"vocab": 0}, {"n_head": 0}, {"n_experts": -1}, {"gated": 1}, {"variant": "swigloo"},
    {"variant": "gelu"},  # a classic variant with gated=True
    {"variant": 3}, {"source": "x" * 201}, {"source": None}, {"origin": "elsewhere"},
])
def test_bad_sizes_raise_value_error(change: dict) -> None:
    with pytest.raises(ValueError):
        dataclasses.replace(GOOD, **change).validate()


def test_from_dict_infers_gated_and_rejects_missing_or_bad_values() -> None:
    sizes = ForwardSizes.from_dict({"d": 128, "m": 512, "n_layer": 4, "variant": "gelu"})
    assert (sizes.gated, sizes.act, sizes.family, sizes.vocab) == (False, "GELU", "GELU", None)
    odd = ForwardSizes.from_dict({"d": 16, "m": 24, "n_layer": 3, "variant": "mystery"})
    assert odd.variant == "" and odd.gated  # drawn generically, sizes kept
    with pytest.raises(ValueError, match="lack 'm'"):
        ForwardSizes.from_dict({"d": 16, "n_layer": 3})
    with pytest.raises(ValueError):
        ForwardSizes.from_dict({"d": float("nan"), "m": 24, "n_layer": 3})
    with pytest.raises(ValueError):
        ForwardSizes.from_dict([("d", 16)])  # type: ignore[arg-type]


def test_qwen35_preset_gives_the_lessons_sizes() -> None:
    sizes = fm.sizes_from_hf_config(_preset("Qwen3.5-0.8B"), "Qwen3.5-0.8B", "budget")
    assert (sizes.vocab, sizes.d, sizes.m, sizes.n_layer, sizes.n_head) == (
        248320, 1024, 3584, 24, 8)
    assert (sizes.gated, sizes.variant, sizes.act, sizes.n_experts) == (True, "swiglu", "SiLU", 0)
    assert fm.mlp_widths_text(sizes) == "1024 → 3584 → 1024"


@pytest.mark.parametrize("name, expected", [
    ("GPT-2 small", (768, 3072, 12, False, "gelu", 0)),
    ("T5 v1.1 base", (768, 2048, 12, True, "geglu", 0)),
    ("Gemma-2-2B", (2304, 9216, 26, True, "geglu_tanh", 0)),
    ("Mixtral-8x7B", (4096, 14336, 32, True, "swiglu", 8)),
    ("DeepSeek-V3", (7168, 2048, 61, True, "swiglu", 256)),  # 3 dense layers, 58 routed
    ("gpt-oss-20b", (2880, 2880, 24, True, "swiglu_clamped", 32)),
])
def test_families_read_by_the_budget_reader(name: str, expected: tuple) -> None:
    s = fm.sizes_from_hf_config(_preset(name), name)
    assert (s.d, s.m, s.n_layer, s.gated, s.variant, s.n_experts) == expected
    assert s.source == name and s.origin == "config"


def test_hf_config_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        fm.sizes_from_hf_config({"model_type": "llama", "hidden_size": 64})  # no layers
    with pytest.raises(ValueError):
        fm.sizes_from_hf_config({"model_type": "llama", "hidden_size": "wide",
                                 "num_hidden_layers": 2, "num_attention_heads": 2,
                                 "intermediate_size": 8, "vocab_size": 10})
    with pytest.raises(ValueError):
        fm.sizes_from_hf_config([1, 2, 3])  # type: ignore[arg-type]


@pytest.mark.parametrize("cfg", [
    TrainConfig(), TrainConfig(variant="gelu"), TrainConfig(variant="reglu", n_embd=96,
                                                             multiple_of=64),
    TrainConfig(intermediate=200), TrainConfig(n_embd=256, n_layer=2, n_head=8),
])
def test_train_config_widths_match_the_model_the_trainer_builds(cfg: TrainConfig) -> None:
    from gatelab.core.model import intermediate_size

    sizes = fm.sizes_from_train_config(cfg, vocab=96, source="form")
    assert sizes.m == intermediate_size(cfg)
    assert (sizes.d, sizes.n_layer, sizes.n_head, sizes.vocab) == (
        cfg.n_embd, cfg.n_layer, cfg.n_head, 96)
    assert (sizes.gated, sizes.variant, sizes.origin) == (cfg.gated, cfg.variant, "trainer")


def test_train_config_from_a_run_dict_and_bad_configs() -> None:
    sizes = fm.sizes_from_train_config({"n_embd": 64, "n_layer": 2, "n_head": 4,
                                        "variant": "swiglu", "future_key": 1})
    assert (sizes.d, sizes.m, sizes.vocab) == (64, 176, None)  # 8·64/3 = 170.7 → 176
    with pytest.raises(ValueError):
        fm.sizes_from_train_config({"n_embd": 65, "n_head": 4})  # width not divisible
    with pytest.raises(ValueError):
        fm.sizes_from_train_config("config.json")  # type: ignore[arg-type]


def test_moe_spec_shows_one_expert_when_most_layers_are_routed() -> None:
    from gatelab.core.budget import ModelSpec

    spec = ModelSpec(hidden=64, intermediate=256, n_layer=4, n_head=4, vocab=100, n_experts=8,
                     experts_per_token=2, moe_intermediate=32, first_dense_layers=1)
    assert (fm.sizes_from_spec(spec).m, fm.sizes_from_spec(spec).n_experts) == (32, 8)
    mostly_dense = spec.replace(first_dense_layers=3)
    assert (fm.sizes_from_spec(mostly_dense).m, fm.sizes_from_spec(mostly_dense).n_experts) == (
        256, 0)


def test_size_texts_use_symbols_without_sizes_and_numbers_with() -> None:
    generic = fm.size_texts(None)
    assert generic["gate_proj"] == "d → m" and generic["down_proj"] == "m → d"
    assert generic["embedding"] == "V × d" and generic["lm_head"] == "d → V"
    real = fm.size_texts(GOOD)
    assert real["gate_proj"] == "1024 → 3584" and real["down_proj"] == "3584 → 1024"
    assert real["embedding"] == "248,320 × 1024" and real["tokens"] == "V = 248,320"
    no_vocab = fm.size_texts(dataclasses.replace(GOOD, vocab=None))
    assert no_vocab["lm_head"] == "1024 → V"
    assert fm.mlp_widths_text(None) == "d → m → d"
    assert [fm.dim_text(n) for n in (3584, 10_000, 248320)] == ["3584", "10,000", "248,320"]


def test_every_box_has_a_tab_and_the_activation_table_matches_the_inside_tab() -> None:
    from gatelab.core.inside.hf_source import ACT_TO_VARIANT

    assert set(fm.BOX_TABS) == set(fm.BOX_KEYS) and len(fm.BOX_KEYS) == 18
    assert fm.GATED_ONLY <= set(fm.BOX_KEYS)
    assert fm.ACT_TO_VARIANT == ACT_TO_VARIANT
    assert (fm.BOX_TABS["mlp"], fm.BOX_TABS["act"], fm.BOX_TABS["mlp_add"],
            fm.BOX_TABS["sample"], fm.BOX_TABS["embedding"], fm.BOX_TABS["lm_head"]) == (
        "gate-plane", "activations", "inside", "trainer", "budget", "budget")


def test_hybrid_layers_and_the_heads_width_come_from_the_budget_reader() -> None:
    """Qwen3.5-0.8B was drawn as 24 plain attention layers of 1024 → 1024: 18 of its 24 layers
    are Gated DeltaNet, and its 8 heads are 256 wide (2048)."""
    from gatelab.core.budget import load_presets
    from gatelab.core.forward_map import ForwardSizes, size_texts, sizes_from_hf_config
    presets = {p.key: p for p in load_presets()}
    qwen = sizes_from_hf_config(presets["qwen3.5-0.8b"].config, "Qwen3.5-0.8B")
    assert (qwen.n_layer, qwen.n_linear, qwen.n_head, qwen.attn_width) == (24, 18, 8, 2048)
    assert size_texts(qwen)["attention"] == "1024 → 2048 → 1024"
    llama = sizes_from_hf_config(presets["llama-2-7b"].config)
    assert (llama.n_linear, llama.attn_width) == (0, None)
    assert size_texts(llama)["attention"] == "4096 → 4096"
    again = ForwardSizes.from_dict(qwen.to_dict())
    assert again == qwen
    with pytest.raises(ValueError, match="19 linear-attention layers cannot be among 18 layers"):
        ForwardSizes.from_dict({**qwen.to_dict(), "n_layer": 18, "n_linear": 19})
    with pytest.raises(ValueError, match="n_linear"):
        ForwardSizes.from_dict({**qwen.to_dict(), "n_linear": -1})
