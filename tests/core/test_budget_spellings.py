"""Which spellings of a size a family's config.json may use, held to transformers' config classes.

Why: the generic reader knows half a dozen spellings of each size (``dim``, ``n_embd``,
``num_layers``…), but transformers' ``LlamaConfig`` reads only ``hidden_size``: a Llama config
with ``dim: 64`` builds a 4096-wide model. So for a family whose config class gatelab knows, only
the spellings that class declares (a dataclass field or an ``attribute_map`` synonym) are read;
the others are dropped with a note, and a required size left missing is refused by the names the
family reads.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gatelab.core.budget import count_from_hf_config
from gatelab.core.budget.hfconfig import T5_DEFAULT_LAYERS
from gatelab.core.budget.hfdefaults import ALIASES, FAMILY_DEFAULTS, readable
from tests.core.oracle import truth

transformers = pytest.importorskip("transformers")

IDS = {"pad_token_id": None, "bos_token_id": None, "eos_token_id": None}
LLAMA = {"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4,
         "num_key_value_heads": 2, "num_hidden_layers": 3, "intermediate_size": 96,
         "vocab_size": 256, **IDS}
GPT2 = {"model_type": "gpt2", "n_embd": 64, "n_head": 4, "n_layer": 3, "vocab_size": 256,
        "n_positions": 64, **IDS}


def declared(family: str, size: str) -> set[str]:
    """The spellings of ``size`` that ``family``'s config class declares: fields and both sides
    of its ``attribute_map`` (Qwen3-MoE maps ``num_experts`` onto ``num_local_experts``). Every
    decoder reads ``head_dim`` through ``getattr`` whether or not its class declares it."""
    cls = transformers.CONFIG_MAPPING[family]
    synonyms = dict(getattr(cls, "attribute_map", {}))
    known = {f.name for f in dataclasses.fields(cls)} | set(synonyms) | set(synonyms.values())
    out = {name for name in ALIASES[size] if name in known}
    return out | {"head_dim"} if size == "head_dim" else out


@pytest.mark.parametrize("size", sorted(ALIASES))
@pytest.mark.parametrize("family", sorted(FAMILY_DEFAULTS))
def test_a_family_reads_exactly_the_spellings_its_config_class_declares(family: str,
                                                                        size: str) -> None:
    assert set(readable(family, size)) == declared(family, size)


def _without(cfg: dict[str, Any], key: str, **extra: Any) -> dict[str, Any]:
    return {k: v for k, v in cfg.items() if k != key} | extra


@pytest.mark.parametrize(("missing", "spelled"), [
    ("hidden_size", {"dim": 64}), ("hidden_size", {"n_embd": 64}),
    ("num_hidden_layers", {"num_layers": 3}), ("num_hidden_layers", {"n_layer": 3}),
    ("intermediate_size", {"ffn_dim": 96}), ("vocab_size", {"padded_vocab_size": 256}),
    ("num_attention_heads", {"n_heads": 4}),
])
def test_a_llama_size_by_a_spelling_llama_does_not_read_is_refused(missing: str,
                                                                   spelled: dict) -> None:
    """transformers builds its 4096-wide default for ``dim``; the count must not call 64 exact."""
    cfg = _without(LLAMA, missing, **spelled)
    with pytest.raises(ValueError) as info:
        count_from_hf_config(cfg)
    text = str(info.value)
    (dropped,) = spelled
    assert text.startswith(f"config.json lacks {missing} (")
    assert "also accepted" not in text
    assert "the only name transformers' llama config reads for it" in text
    assert f"llama does not read {dropped}" in text


def _ignored(count: Any) -> list[dict[str, Any]]:
    return [note.values for note in count.notes if note.key == "note.ignored_keys"]


@pytest.mark.parametrize(("cfg", "dropped"), [
    (dict(LLAMA, dim=32), "dim"), (dict(LLAMA, n_layer=1), "n_layer"),
    (dict(LLAMA, ffn_dim=8), "ffn_dim"), (dict(LLAMA, n_heads=2), "n_heads"),
    (dict(LLAMA, padded_vocab_size=512), "padded_vocab_size"),
    (dict(GPT2, intermediate_size=96), "intermediate_size"),
    (dict(GPT2, d_ff=96, n_inner=128), "d_ff"),
    (LLAMA | {"model_type": "qwen3_moe", "num_experts": 8, "moe_intermediate_size": 16,
              "top_k": 1}, "top_k"),
])
def test_a_spelling_the_family_does_not_read_counts_as_transformers_builds(
        cfg: dict[str, Any], dropped: str) -> None:
    """GPT-2's MLP width is ``n_inner`` only (4·d by default): ``intermediate_size`` 96 was
    counted 108,640 where transformers builds 170,560."""
    want = truth(cfg, top_k=8 if cfg["model_type"] == "qwen3_moe" else 0)
    got = count_from_hf_config(cfg)
    assert (got.total, got.mlp, got.active) == (want.total, want.mlp, want.active)
    assert got.exact
    assert _ignored(got) == [{"keys": dropped, "family": cfg["model_type"]}]


def test_the_gpt2_case_of_the_probe() -> None:
    assert count_from_hf_config(dict(GPT2, intermediate_size=96)).total == 170_560


@pytest.mark.parametrize("cfg", [
    _without(GPT2, "n_embd", hidden_size=64), _without(GPT2, "n_layer", num_hidden_layers=3),
    _without(GPT2, "n_head", num_attention_heads=4), dict(GPT2, n_inner=96),
    {"model_type": "t5", "hidden_size": 64, "d_kv": 16, "d_ff": 96, "num_hidden_layers": 2,
     "num_attention_heads": 4, "vocab_size": 256, **IDS},
    _without(LLAMA, "num_hidden_layers", num_layers=2) | {"model_type": "exaone"},
])
def test_a_spelling_the_family_declares_is_read(cfg: dict[str, Any]) -> None:
    got = count_from_hf_config(cfg)
    assert got.total == truth(cfg).total and not _ignored(got)


@pytest.mark.parametrize("family", sorted(T5_DEFAULT_LAYERS))
@pytest.mark.parametrize("layers", [{"num_hidden_layers": 2},
                                    {"num_hidden_layers": 2, "num_layers": 3},
                                    {"num_layers": 2}, {"num_layers": 2, "num_decoder_layers": 1}])
def test_t5_decoder_depth_follows_transformers(family: str, layers: dict[str, int]) -> None:
    """transformers copies ``num_layers`` (default 6, mT5 8) into the decoder's depth before
    it reads the synonym ``num_hidden_layers``: that config has a 2-layer encoder and a 6-layer
    decoder, and the count says so."""
    assert T5_DEFAULT_LAYERS[family] == transformers.CONFIG_MAPPING[family]().num_layers
    cfg = {"model_type": family, "d_model": 64, "d_kv": 16, "d_ff": 96, "num_heads": 4,
           "vocab_size": 256, **layers, **IDS}
    got = count_from_hf_config(cfg)
    assert got.total == truth(cfg).total
    decoder = transformers.CONFIG_MAPPING[family](**layers).num_decoder_layers
    assert got.spec.n_layer == decoder
    noted = [n.values["n"] for n in got.notes if n.key == "note.t5_decoder_depth"]
    assert noted == ([] if decoder == got.spec.encoder_layers
                     or "num_decoder_layers" in layers else [decoder])


def test_an_equal_duplicate_in_another_spelling_is_dropped_without_a_note() -> None:
    """gpt-oss's config.json repeats ``num_experts_per_tok`` as ``experts_per_token``."""
    cfg = dict(LLAMA, model_type="gpt_oss", num_local_experts=4, num_experts_per_tok=2,
               experts_per_token=2, head_dim=16)
    got = count_from_hf_config(cfg)
    assert got.total == truth(cfg, top_k=2).total and not _ignored(got)


def test_a_missing_size_names_every_spelling_the_family_reads() -> None:
    with pytest.raises(ValueError) as info:
        count_from_hf_config(_without(GPT2, "n_embd", dim=64))
    assert str(info.value) == ("config.json lacks hidden_size (transformers' gpt2 config also "
                               "reads it as n_embd; gpt2 does not read dim)")
    with pytest.raises(ValueError) as info:
        count_from_hf_config(_without(LLAMA, "vocab_size"))
    assert str(info.value) == ("config.json lacks vocab_size (the only name transformers' llama "
                               "config reads for it)")


def test_a_family_gatelab_has_no_table_for_still_reads_every_spelling() -> None:
    cfg = _without(LLAMA, "hidden_size", dim=64) | {"model_type": "brandnew"}
    assert count_from_hf_config(cfg).spec.hidden == 64
    with pytest.raises(ValueError, match="also accepted in its place: n_embd"):
        count_from_hf_config(_without(cfg, "dim"))
