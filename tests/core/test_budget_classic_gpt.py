"""GPT-J, CodeGen, Falcon, GPT-BigCode, GPT-Neo, BLOOM and MPT counted exactly, without a gate.

Why: with transformers 5.25, a valid GPT-J or CodeGen config.json (``n_inner`` null: 4·d) was
refused ("lacks intermediate_size"), and the rest were counted as gated Llama-style estimates:
Falcon's tiny model (d 64, 4 heads, 2 layers, vocab 100) 125,504 against transformers' 92,800,
with a gate bar for a model that has none.
"""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path

import pytest

from gatelab.core.budget import (classify, compare, count_from_hf_config,
                                 read_safetensors_header, summarize)
from tests.core.oracle import build, header, truth
from tests.core.oracle_classic import CLASSIC_GPT

transformers = pytest.importorskip("transformers")

CONFIGS_PER_FAMILY = 20
IDS = {"pad_token_id": None, "bos_token_id": None, "eos_token_id": None}
#: The smallest config.json of each family: its sizes only, every other key left to
#: transformers' default (GPT-J and CodeGen: n_inner 4·d; Falcon: 7B's layout).
MINIMAL = {
    "gptj": {"n_embd": 64, "n_head": 4, "n_layer": 2, "rotary_dim": 4},
    "codegen": {"n_embd": 64, "n_head": 4, "n_layer": 2, "rotary_dim": 4},
    "falcon": {"hidden_size": 64, "num_attention_heads": 4, "num_hidden_layers": 2},
    "gpt_bigcode": {"n_embd": 64, "n_head": 4, "n_layer": 2, "n_positions": 32},
    "gpt_neo": {"hidden_size": 64, "num_heads": 4, "num_layers": 2,
                "attention_types": [[["global", "local"], 1]], "max_position_embeddings": 32},
    "bloom": {"hidden_size": 64, "n_head": 4, "n_layer": 2},
    "mpt": {"d_model": 64, "n_heads": 4, "n_layers": 2, "max_seq_len": 32},
}
#: transformers' sum(numel) of each MINIMAL model with vocab 100 (probe, transformers 5.25).
MINIMAL_NUMEL = {"gptj": 112_228, "codegen": 112_228, "falcon": 92_800, "gpt_bigcode": 96_064,
                 "gpt_neo": 108_160, "bloom": 106_624, "mpt": 105_024}


#: Where these families keep attention and the MLP (``oracle.truth`` knows Llama's names).
ATTENTION = re.compile(r"\.(attn|self_attention|crossattention)\.")
MLP = re.compile(r"\.(mlp|ffn)\.")


def _parts(cfg: dict) -> tuple[int, int, int]:
    """transformers' total, attention and MLP parameters of ``cfg``'s model."""
    sizes = {n: p.numel() for n, p in build(cfg).named_parameters()}
    return (sum(sizes.values()), sum(v for n, v in sizes.items() if ATTENTION.search(n)),
            sum(v for n, v in sizes.items() if MLP.search(n)))


def _minimal(family: str) -> dict:
    return dict(MINIMAL[family], model_type=family, vocab_size=100, **IDS)


@pytest.mark.parametrize(("family", "seed"), [(f, s) for f in CLASSIC_GPT
                                              for s in range(CONFIGS_PER_FAMILY)])
def test_random_config_matches_transformers(family: str, seed: int) -> None:
    cfg, _ = CLASSIC_GPT[family](random.Random(f"{family}-{seed}"))
    got = count_from_hf_config(cfg)
    assert got.exact and not got.spec.gated, got.notes
    assert {n.key for n in got.notes} <= {"note.cross_attention"}, got.notes
    assert (got.total, got.parts["attention"], got.mlp) == _parts(cfg), cfg


@pytest.mark.parametrize("family", sorted(MINIMAL))
def test_the_minimal_config_is_counted_exactly_without_a_gate(family: str) -> None:
    """Refused before (GPT-J, CodeGen: no intermediate_size) or a gated estimate."""
    cfg = _minimal(family)
    got = count_from_hf_config(cfg)
    assert got.exact and not got.notes and not got.spec.gated
    assert got.total == truth(cfg).total == MINIMAL_NUMEL[family]
    assert got.spec.intermediate == 4 * 64
    assert got.mlp_per_layer == 2 * 64 * 256 + (0 if family in ("mpt", "falcon") else 256 + 64)


def test_gptj_and_codegen_bias_their_lm_head_tied_or_not() -> None:
    for family in ("gptj", "codegen"):
        for tie in (False, True):
            cfg = dict(_minimal(family), tie_word_embeddings=tie)
            got = count_from_hf_config(cfg)
            assert got.parts["lm_head"] == (0 if tie else 100 * 64) + 100
            assert got.total == truth(cfg).total


@pytest.mark.parametrize(("extra", "qkv_rows", "norms"), [
    ({}, 64 + 2 * 16, 1),  # 7B: multi_query (one k/v head), one LayerNorm
    ({"multi_query": False}, 3 * 64, 1),
    ({"parallel_attn": False}, 64 + 2 * 16, 2),
    ({"new_decoder_architecture": True, "num_kv_heads": 2}, (4 + 2 * 2) * 16, 2),  # 40B
    ({"new_decoder_architecture": True, "num_kv_heads": 2, "num_ln_in_parallel_attn": 1},
     (4 + 2 * 2) * 16, 1),  # Falcon-11B's single norm
    ({"new_decoder_architecture": True}, 3 * 64, 2),  # num_kv_heads defaults to the heads
])
def test_falcon_layouts(extra: dict, qkv_rows: int, norms: int) -> None:
    cfg = dict(_minimal("falcon"), **extra)
    got = count_from_hf_config(cfg)
    assert got.attention_per_layer == qkv_rows * 64 + 64 * 64
    assert got.spec.norms_per_layer == norms
    assert got.total == truth(cfg).total


def test_falcon_bias_flag_biases_every_projection_but_not_lm_head() -> None:
    plain, biased = (count_from_hf_config(dict(_minimal("falcon"), bias=b)) for b in (False, True))
    assert biased.attention_per_layer - plain.attention_per_layer == (64 + 2 * 16) + 64
    assert biased.mlp_per_layer - plain.mlp_per_layer == 256 + 64
    assert biased.parts["lm_head"] == plain.parts["lm_head"] == 0  # tied, no bias
    assert biased.total == truth(dict(_minimal("falcon"), bias=True)).total


@pytest.mark.parametrize("alibi", [False, True])
def test_falcon_alibi_or_rotary_holds_no_weights(alibi: bool) -> None:
    cfg = dict(_minimal("falcon"), alibi=alibi)
    assert count_from_hf_config(cfg).total == truth(cfg).total == MINIMAL_NUMEL["falcon"]


def test_bloom_counts_its_word_embedding_layernorm_and_reads_n_embed() -> None:
    cfg = dict(_minimal("bloom"))
    cfg["n_embed"] = cfg.pop("hidden_size")
    got = count_from_hf_config(cfg)
    assert got.spec.hidden == 64 and got.spec.embed_norm
    assert got.parts["norms"] == (1 + 2 * 2 + 1) * 2 * 64
    assert got.total == truth(cfg).total


def test_gpt_bigcode_cross_attention_with_multi_query_is_refused_as_transformers_does() -> None:
    cfg = dict(_minimal("gpt_bigcode"), add_cross_attention=True)
    with pytest.raises(NotImplementedError):
        truth(cfg)
    with pytest.raises(ValueError, match="multi_query"):
        count_from_hf_config(cfg)


@pytest.mark.parametrize(("name", "group"), [
    ("transformer.h.0.mlp.fc_in.weight", "mlp.up"),
    ("transformer.h.0.mlp.fc_out.bias", "mlp.down"),
    ("transformer.h.0.self_attention.query_key_value.weight", "attention"),
    ("transformer.h.0.self_attention.dense.bias", "attention"),
    ("transformer.word_embeddings_layernorm.weight", "norms"),
    ("transformer.word_embeddings_layernorm.bias", "norms"),
])
def test_their_checkpoint_names_are_grouped(name: str, group: str) -> None:
    """GPT-J's and CodeGen's fc_in/fc_out were "other", Falcon's and BLOOM's self_attention
    "other", BLOOM's word-embedding LayerNorm "embeddings" (the saved-checkpoint test below
    checks every other name of these families)."""
    assert classify(name) == group


def test_gpt_neos_stored_causal_mask_is_a_buffer() -> None:
    """GPT-Neo's checkpoints store attn.attention.bias [1, 1, n, n] and masked_bias."""
    assert classify("transformer.h.0.attn.attention.bias", "BOOL", (1, 1, 32, 32)) == "buffers"
    assert classify("transformer.h.0.attn.attention.masked_bias", "F32", ()) == "buffers"


@pytest.mark.parametrize("family", sorted(MINIMAL))
def test_a_saved_tiny_checkpoint_compares_equal_part_by_part(family: str,
                                                             tmp_path: Path) -> None:
    """The files save_pretrained writes: config.json as to_diff_dict saves it (GPT-J's
    n_inner null, Falcon's derived num_key_value_heads), and the stored tensors."""
    cfg = _minimal(family)
    cfg.pop("model_type")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        config = transformers.AutoConfig.for_model(family, **cfg)
        transformers.AutoModelForCausalLM.from_config(config).save_pretrained(tmp_path)
    summary = summarize(read_safetensors_header(tmp_path / "model.safetensors"))
    count = count_from_hf_config(tmp_path / "config.json")
    assert count.exact and not count.notes, count.notes
    assert [(part, diff) for part, _, _, diff in compare(summary, count) if diff] == []
    assert summary.total == count.total == MINIMAL_NUMEL[family]
    assert summary.groups["other"] == 0 and summary.groups["mlp.gate"] == 0
    assert (summary.hidden, summary.intermediate, summary.vocab) == (64, 256, 100)


@pytest.mark.parametrize("family", sorted(CLASSIC_GPT))
def test_a_random_checkpoint_header_compares_equal_part_by_part(family: str) -> None:
    for seed in range(3):
        cfg, _ = CLASSIC_GPT[family](random.Random(f"{family}-header-{seed}"))
        rows = compare(summarize(header(cfg)), count_from_hf_config(cfg))
        assert [(part, diff) for part, _, _, diff in rows if diff] == [], cfg


@pytest.mark.parametrize(("cfg", "numel"), [
    ({"model_type": "gptj", "n_embd": 4096, "n_layer": 28, "n_head": 16, "rotary_dim": 64,
      "vocab_size": 50400, "n_positions": 2048}, 6_050_882_784),  # GPT-J-6B
    ({"model_type": "falcon", "hidden_size": 4544, "num_attention_heads": 71,
      "num_hidden_layers": 32, "vocab_size": 65024}, 6_921_720_704),  # Falcon-7B
    ({"model_type": "bloom", "n_embed": 1024, "n_head": 16, "n_layer": 24,
      "vocab_size": 250880}, 559_214_592),  # BLOOM-560m
    ({"model_type": "gpt_neo", "hidden_size": 768, "num_heads": 12, "num_layers": 12,
      "vocab_size": 50257, "attention_types": [[["global", "local"], 6]]}, 125_198_592),
], ids=["gpt-j-6b", "falcon-7b", "bloom-560m", "gpt-neo-125m"])
def test_real_sizes_match_transformers(cfg: dict, numel: int) -> None:
    """Real models' sizes, held to transformers' meta-device build (GPT-J-6B's card says
    6,053,381,344, 2,498,560 more than transformers' GPTJForCausalLM has)."""
    got = count_from_hf_config(cfg)
    assert got.exact and not got.spec.gated
    assert got.total == truth(cfg).total == numel


def test_the_forward_map_of_a_gptj_config_is_a_classic_mlp_of_4d() -> None:
    """The map read the budget's refusal before (GPT-J's n_inner null: "lacks
    intermediate_size")."""
    from gatelab.core.forward_map import sizes_from_hf_config

    cfg = dict(_minimal("gptj"), n_inner=None, activation_function="gelu_new")
    sizes = sizes_from_hf_config(cfg)
    assert (sizes.gated, sizes.d, sizes.m, sizes.variant) == (False, 64, 4 * 64, "gelu")
    assert (sizes.block, sizes.norm, sizes.tied_head) == ("parallel_shared", "layer", False)


@pytest.mark.parametrize(("family", "extra", "kv"), [
    ("falcon", {}, 1), ("falcon", {"activation": "relu"}, 1),
    ("falcon", {"new_decoder_architecture": True, "num_kv_heads": 2}, 2),
    ("bloom", {}, None), ("mpt", {}, None)])
def test_the_forward_map_draws_falcon_bloom_and_mpt_without_a_gate(family: str, extra: dict,
                                                                    kv: int | None) -> None:
    """Falcon was drawn as a gated (SwiGLU) layer; BLOOM and MPT name no activation in their
    config, and their classic MLP was labelled SiLU."""
    from gatelab.core.forward_map import sizes_from_hf_config

    sizes = sizes_from_hf_config(dict(_minimal(family), **extra))
    want = "relu" if extra.get("activation") == "relu" else "gelu"
    assert (sizes.gated, sizes.m, sizes.variant, sizes.n_kv_head) == (False, 256, want, kv)
    assert sizes.act == ("ReLU" if want == "relu" else "GELU")
