"""BERT counted exactly as BertModel (the encoder and its pooler), and its checkpoint grouped.

Why: BERT was counted as a Llama-style decoder (not verified): 27,808 for the probe's tiny model
against BertModel's 30,528, with a gate matrix it does not have and no token-type embeddings,
embedding LayerNorm or pooler. Task heads (masked-LM, next-sentence) differ by checkpoint, so
the count is of the base model and a note says so.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from gatelab.core.budget import (classify, compare, count_from_hf_config,
                                 read_safetensors_header, summarize)
from tests.core.oracle import truth

transformers = pytest.importorskip("transformers")

BERT = {"model_type": "bert", "vocab_size": 320, "hidden_size": 32, "intermediate_size": 48,
        "num_hidden_layers": 2, "num_attention_heads": 4, "max_position_embeddings": 128,
        "pad_token_id": None}


def test_the_probe_bert_is_counted_exactly_as_bert_model() -> None:
    got = count_from_hf_config(BERT)
    assert got.exact and not got.spec.gated
    assert [note.key for note in got.notes] == ["note.base_model_only"]
    assert got.total == truth(BERT).total == 30_528
    assert got.parts["embeddings"] == (320 + 128 + 2) * 32
    assert got.parts["norms"] == (1 + 2 * 2) * 2 * 32  # embeddings' LayerNorm, two a layer
    assert got.parts["lm_head"] == 32 * 32 + 32  # the pooler: BertModel's output head


def test_bert_base_gives_its_published_count() -> None:
    cfg = {"model_type": "bert", "vocab_size": 30522, "hidden_size": 768,
           "intermediate_size": 3072, "num_hidden_layers": 12, "num_attention_heads": 12}
    assert count_from_hf_config(cfg).total == 109_482_240


@pytest.mark.parametrize(("name", "group"), [
    ("bert.embeddings.word_embeddings.weight", "embeddings"),
    ("bert.embeddings.token_type_embeddings.weight", "embeddings"),
    ("bert.embeddings.LayerNorm.gamma", "norms"),
    ("bert.encoder.layer.3.attention.self.query.weight", "attention"),
    ("bert.encoder.layer.3.attention.output.dense.bias", "attention"),
    ("bert.encoder.layer.3.attention.output.LayerNorm.weight", "norms"),
    ("bert.encoder.layer.3.crossattention.output.LayerNorm.bias", "norms"),
    ("bert.encoder.layer.3.intermediate.dense.weight", "mlp.up"),
    ("bert.encoder.layer.3.output.dense.weight", "mlp.down"),
    ("bert.encoder.layer.3.output.LayerNorm.bias", "norms"),
    ("bert.pooler.dense.weight", "lm_head"),
    ("cls.predictions.transform.dense.weight", "other"),
    ("cls.predictions.transform.LayerNorm.weight", "other"),
    ("cls.predictions.bias", "other"),
])
def test_bert_checkpoint_names_are_grouped(name: str, group: str) -> None:
    assert classify(name) == group


def test_a_saved_tiny_bert_compares_equal_part_by_part(tmp_path: Path) -> None:
    cfg = {k: v for k, v in BERT.items() if k != "model_type"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        transformers.BertModel(transformers.BertConfig(**cfg)).save_pretrained(tmp_path)
    summary = summarize(read_safetensors_header(tmp_path / "model.safetensors"))
    count = count_from_hf_config(tmp_path / "config.json")
    assert [(part, diff) for part, _, _, diff in compare(summary, count) if diff] == []
    assert (summary.hidden, summary.intermediate, summary.vocab) == (32, 48, 320)


def test_a_hidden_size_the_heads_do_not_divide_is_refused() -> None:
    with pytest.raises(ValueError, match="30"):
        count_from_hf_config(dict(BERT, hidden_size=30))
