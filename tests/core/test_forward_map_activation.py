"""The forward map names a config's MLP activation the way transformers' modelling code reads it:
``hidden_activation`` where the family's config class declares it (a stray ``hidden_act`` is
ignored there), else ``hidden_act``; Gemma 1's legacy "gelu" is the tanh approximation."""

from __future__ import annotations

from typing import Any

import pytest

from gatelab.core import forward_map as fm

transformers = pytest.importorskip("transformers")
CONFIG_MAPPING = transformers.CONFIG_MAPPING


def _declared_default(cls: Any) -> str | None:
    """The ``hidden_activation`` default of config class ``cls`` or of its text sub-config."""
    for c in (cls, (getattr(cls, "sub_configs", None) or {}).get("text_config")):
        if c is not None and hasattr(c, "hidden_activation"):
            return c.hidden_activation
    return None


def test_the_table_of_families_reading_hidden_activation_is_transformers_own() -> None:
    declared = {}
    for model_type in CONFIG_MAPPING.keys():
        try:
            cls = CONFIG_MAPPING[model_type]
        except Exception:  # a family whose extra dependency is missing
            continue
        default = _declared_default(cls)
        if default is not None:
            declared[model_type] = default
    assert declared == fm.HIDDEN_ACTIVATION_TYPES


def _small(model_type: str, **keys: Any) -> dict[str, Any]:
    return {"model_type": model_type, "vocab_size": 64, "hidden_size": 32,
            "intermediate_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
            "num_key_value_heads": 2, "head_dim": 8, **keys}


@pytest.mark.parametrize("config, variant", [
    (_small("gemma2", hidden_act="silu"), "geglu_tanh"),  # stray hidden_act: class default
    (_small("gemma2", hidden_act="silu", hidden_activation="gelu"), "geglu"),
    (_small("gemma3_text", hidden_activation="relu", hidden_act="gelu"), "reglu"),
    (_small("llama", hidden_act="silu", hidden_activation="gelu"), "swiglu"),
    (_small("gemma", hidden_act="gelu"), "geglu_tanh"),  # Gemma 1's legacy value
    (_small("gemma", hidden_act="gelu_pytorch_tanh"), "geglu_tanh"),
    (_small("qwen3", hidden_act="gelu"), "geglu"),
])
def test_the_variant_is_the_one_transformers_builds(config: dict, variant: str) -> None:
    from gatelab.core.inside.hf_layers import config_activation
    from gatelab.core.inside.hf_source import ACT_TO_VARIANT

    assert fm.sizes_from_hf_config(config).variant == variant
    built = CONFIG_MAPPING[config["model_type"]](**config)
    assert ACT_TO_VARIANT[config_activation(built)[1]] == variant


def test_a_composite_config_reads_its_text_config_by_the_outer_model_type() -> None:
    text = {k: v for k, v in _small("x", hidden_act="silu").items() if k != "model_type"}
    config = {"model_type": "gemma3", "text_config": text}
    assert fm._hidden_act(config) == "gelu_pytorch_tanh"  # the declared key is absent: default
    config["text_config"] = {**text, "hidden_activation": "gelu"}
    assert fm._hidden_act(config) == "gelu"


def test_the_family_defaults_are_transformers_own() -> None:
    """``FAMILY_ACT``: the activation a config.json may leave out (transformers writes only what
    differs from its config class's defaults)."""
    for model_type, act in fm.FAMILY_ACT.items():
        default = CONFIG_MAPPING[model_type]().to_dict()
        found = next(default[k] for k in ("hidden_act", "activation_function", "activation")
                     if isinstance(default.get(k), str))
        assert found == act, model_type
    assert fm.FIXED_ACTIVATION["bloom"] == "gelu_new"  # (BloomGelu: next test)


def test_blooms_coded_gelu_is_the_tanh_approximation() -> None:
    import torch
    from transformers.activations import ACT2FN
    from transformers.models.bloom import modeling_bloom

    x = torch.linspace(-4, 4, 101)
    torch.testing.assert_close(modeling_bloom.bloom_gelu_forward(x), ACT2FN["gelu_new"](x),
                               atol=1e-6, rtol=0)


@pytest.mark.parametrize(("config", "variant", "act"), [
    ({"model_type": "bert", "hidden_size": 64, "intermediate_size": 256, "num_hidden_layers": 2,
      "num_attention_heads": 4, "vocab_size": 100}, "gelu", "GELU"),
    ({"model_type": "opt", "hidden_size": 64, "ffn_dim": 256, "num_hidden_layers": 2,
      "num_attention_heads": 4, "vocab_size": 100}, "relu", "ReLU"),
    ({"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4, "vocab_size": 100},
     "gelu", "GELU"),
    ({"model_type": "gpt_neox", "hidden_size": 64, "intermediate_size": 256,
      "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100}, "gelu", "GELU"),
    ({"model_type": "llama", "hidden_size": 64, "intermediate_size": 256,
      "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100}, "", "SiLU"),
])  # (Llama's: no variant named, drawn as the gated default, SwiGLU with SiLU)
def test_a_config_without_its_activation_key_shows_the_familys(config: dict, variant: str,
                                                               act: str) -> None:
    """A config.json saved by transformers leaves a default activation out: the map drew
    BERT's, GPT-2's and OPT's classic MLPs as "MLP (MLP)" with a SiLU box."""
    sizes = fm.sizes_from_hf_config(config, "tiny")
    assert (sizes.variant, sizes.act) == (variant, act)
    if variant:  # a key that says otherwise still wins
        other = "relu" if variant == "gelu" else "gelu"
        key = "activation_function" if config["model_type"] in ("gpt2", "opt") else "hidden_act"
        assert fm.sizes_from_hf_config({**config, key: other}, "tiny").variant == other
