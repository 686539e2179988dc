"""GPT-NeoX, OPT and Phi (classic two-matrix MLP decoders) counted exactly, and their
checkpoints compared part by part.

Why: these three were counted as Llama-style decoders (not verified): a gate matrix they do not
have, no biases, RMS norms, and OPT's learned positions and Phi's lm_head bias left out. The
probe's tiny models (d 32, m 48, 2 layers) gave 36,192 / 27,808 / 36,000 against transformers'
35,552 / 29,472 / 33,632, and the budget panel drew a gate bar for them.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from gatelab.core.budget import (classify, compare, count_from_hf_config,
                                 read_safetensors_header, summarize)
from tests.core.oracle import header, truth

transformers = pytest.importorskip("transformers")

IDS = {"pad_token_id": None, "bos_token_id": None, "eos_token_id": None}
TINY = {"vocab_size": 320, "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4,
        **IDS}
#: The probe's configs (transformers 5.25), with transformers' sum(numel) for each.
PROBE = {
    "gpt_neox": (dict(TINY, model_type="gpt_neox", intermediate_size=48), 35_552),
    "opt": (dict(TINY, model_type="opt", ffn_dim=48, max_position_embeddings=128), 29_472),
    "phi": (dict(TINY, model_type="phi", intermediate_size=48, num_key_value_heads=2), 33_632),
}


@pytest.mark.parametrize("family", sorted(PROBE))
def test_the_probe_models_are_counted_exactly_without_a_gate(family: str) -> None:
    cfg, numel = PROBE[family]
    got = count_from_hf_config(cfg)
    assert got.exact and not got.notes
    assert got.total == truth(cfg).total == numel
    assert not got.spec.gated
    assert got.mlp_per_layer == 2 * 32 * 48 + 48 + 32  # up and down, both biased


def test_phi_counts_its_lm_head_bias_tied_or_not() -> None:
    cfg, _ = PROBE["phi"]
    for tie in (False, True):
        got = count_from_hf_config(dict(cfg, tie_word_embeddings=tie))
        assert got.parts["lm_head"] == (0 if tie else 320 * 32) + 320
        assert got.total == truth(dict(cfg, tie_word_embeddings=tie)).total


def test_opt_counts_its_offset_positions_and_its_projections() -> None:
    """OPT-350m's layout: word embeddings of width 16 projected in and out of d = 32, post-LN
    (no final layer norm), and a position table two rows longer than max_position_embeddings."""
    cfg = dict(PROBE["opt"][0], word_embed_proj_dim=16, do_layer_norm_before=False)
    got = count_from_hf_config(cfg)
    assert got.parts["embeddings"] == 320 * 16 + 130 * 32 + 2 * 16 * 32
    assert got.parts["lm_head"] == 0  # tied by default, to the 16-wide embedding
    assert got.parts["norms"] == 2 * 2 * 2 * 32
    assert got.spec.norm_place == "post"
    assert got.total == truth(cfg).total


def test_opt_norms_without_weights_count_nothing() -> None:
    cfg = dict(PROBE["opt"][0], layer_norm_elementwise_affine=False)
    got = count_from_hf_config(cfg)
    assert got.parts["norms"] == 0 and got.total == truth(cfg).total


@pytest.mark.parametrize("family", sorted(PROBE))
def test_a_hidden_size_the_heads_do_not_divide_is_refused(family: str) -> None:
    """transformers refuses to build GPT-NeoX or OPT with d % heads != 0; Phi builds it."""
    cfg = dict(PROBE[family][0], hidden_size=30, num_key_value_heads=1) if family == "phi" \
        else dict(PROBE[family][0], hidden_size=30)
    if family == "phi":
        assert count_from_hf_config(cfg).total == truth(cfg).total
        return
    with pytest.raises(ValueError, match="30"):
        count_from_hf_config(cfg)


@pytest.mark.parametrize(("name", "group"), [
    ("gpt_neox.embed_in.weight", "embeddings"),
    ("gpt_neox.layers.0.attention.query_key_value.weight", "attention"),
    ("gpt_neox.layers.0.attention.dense.bias", "attention"),
    ("gpt_neox.layers.0.mlp.dense_h_to_4h.weight", "mlp.up"),
    ("gpt_neox.layers.0.mlp.dense_4h_to_h.bias", "mlp.down"),
    ("gpt_neox.layers.0.input_layernorm.weight", "norms"),
    ("gpt_neox.final_layer_norm.bias", "norms"),
    ("embed_out.weight", "lm_head"),
    ("model.decoder.embed_positions.weight", "embeddings"),
    ("model.decoder.project_in.weight", "embeddings"),
    ("model.decoder.project_out.weight", "embeddings"),
    ("model.decoder.layers.1.self_attn.k_proj.bias", "attention"),
    ("model.decoder.layers.1.fc1.weight", "mlp.up"),
    ("model.decoder.layers.1.fc2.bias", "mlp.down"),
    ("model.decoder.layers.1.final_layer_norm.weight", "norms"),
    ("model.layers.0.self_attn.dense.weight", "attention"),
    ("model.layers.0.self_attn.q_layernorm.bias", "attention"),
    ("model.layers.0.mlp.fc1.bias", "mlp.up"),
    ("model.final_layernorm.weight", "norms"),
    ("lm_head.bias", "lm_head"),
])
def test_the_checkpoint_names_of_the_three_families_are_grouped(name: str, group: str) -> None:
    assert classify(name) == group


@pytest.mark.parametrize("cfg", [
    dict(PROBE["opt"][0], word_embed_proj_dim=16),
    dict(PROBE["opt"][0], enable_bias=False, tie_word_embeddings=False),
    dict(PROBE["phi"][0], qk_layernorm=True, tie_word_embeddings=True),
    dict(PROBE["gpt_neox"][0], attention_bias=False, tie_word_embeddings=True),
], ids=["opt-proj", "opt-nobias", "phi-qkln-tied", "neox-nobias-tied"])
def test_a_checkpoint_header_compares_equal_part_by_part(cfg: dict) -> None:
    rows = compare(summarize(header(cfg)), count_from_hf_config(cfg))
    assert [(part, diff) for part, _, _, diff in rows if diff] == []


@pytest.mark.parametrize("family", sorted(PROBE))
def test_a_saved_tiny_checkpoint_compares_equal_part_by_part(family: str,
                                                             tmp_path: Path) -> None:
    """The real files save_pretrained writes (a tied lm_head is not stored)."""
    cfg = dict(PROBE[family][0])
    family_name = cfg.pop("model_type")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        config = transformers.AutoConfig.for_model(family_name, **cfg)
        transformers.AutoModelForCausalLM.from_config(config).save_pretrained(tmp_path)
    summary = summarize(read_safetensors_header(tmp_path / "model.safetensors"))
    count = count_from_hf_config(tmp_path / "config.json")
    rows = compare(summary, count)
    assert [(part, diff) for part, _, _, diff in rows if diff] == []
    assert summary.total == count.total == PROBE[family][1]
    assert summary.groups["mlp.gate"] == 0 and summary.groups["mlp.up"] > 0
    assert (summary.hidden, summary.intermediate, summary.vocab) == (32, 48, 320)


def test_the_widths_read_off_opts_tensors_are_d_not_the_word_embeddings() -> None:
    """OPT-350m's embed_tokens is [vocab, 512] but d is 1024 (project_in [1024, 512])."""
    summary = summarize(header(dict(PROBE["opt"][0], word_embed_proj_dim=16)))
    assert (summary.hidden, summary.intermediate, summary.vocab) == (32, 48, 320)


@pytest.mark.parametrize(("cfg", "published"), [
    ({"model_type": "gpt_neox", "hidden_size": 768, "num_hidden_layers": 12,
      "num_attention_heads": 12, "intermediate_size": 3072, "vocab_size": 50304,
      "tie_word_embeddings": False}, 162_322_944),  # Pythia-160m
    ({"model_type": "opt", "hidden_size": 768, "num_hidden_layers": 12,
      "num_attention_heads": 12, "ffn_dim": 3072, "vocab_size": 50272,
      "max_position_embeddings": 2048}, 125_239_296),  # OPT-125m
    ({"model_type": "phi", "hidden_size": 2560, "num_hidden_layers": 32,
      "num_attention_heads": 32, "intermediate_size": 10240, "vocab_size": 51200},
     2_779_683_840),  # phi-2
], ids=["pythia-160m", "opt-125m", "phi-2"])
def test_real_sizes_give_the_published_counts(cfg: dict, published: int) -> None:
    """The counts these models' cards and checkpoints give (sum of the stored tensors)."""
    got = count_from_hf_config(cfg)
    assert got.exact and got.total == published


@pytest.mark.parametrize(("family", "act", "variant"), [
    ("gpt_neox", {"hidden_act": "gelu"}, "gelu"), ("opt", {"activation_function": "relu"}, "relu"),
    ("phi", {"hidden_act": "gelu_new"}, "gelu")])
def test_the_forward_map_draws_them_without_a_gate(family: str, act: dict, variant: str) -> None:
    """The map read the Llama-style estimate: GeGLU, ReGLU and GeGLU-tanh, gates they lack."""
    from gatelab.core.forward_map import sizes_from_hf_config

    sizes = sizes_from_hf_config(dict(PROBE[family][0], **act))
    assert (sizes.gated, sizes.variant) == (False, variant)
