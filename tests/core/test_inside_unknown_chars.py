"""What the unknown-character warning names: the characters the user typed that the model could
not represent (walkthrough s10 #3 named the substitute '<unk>' for a lowercase-only Llama).

Every model and tokenizer is built here and saved into tmp folders; nothing is downloaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import torch

from gatelab.core.inside.unknown_chars import hf_unknown_chars, run_unknown_chars

TEXT = "I flew from Paris to Tokyo last week"
LOWER = "abcdefghijklmnopqrstuvwxyz"


def save_lowercase_llama(folder: Path) -> Path:
    """A tiny random Llama whose BPE vocabulary has only lowercase letters and "▁" (so "I",
    "P" and "T" become <unk>), saved with save_pretrained like a downloaded model."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import AutoModelForCausalLM, LlamaConfig, PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.decoder = decoders.Metaspace()
    trainer = trainers.BpeTrainer(vocab_size=60, special_tokens=["<unk>", "<s>", "</s>"],
                                  initial_alphabet=list(LOWER + "▁"))
    tok.train_from_iterator(["the quick brown fox jumps over the lazy dog"] * 5, trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="<unk>", bos_token="<s>",
                                   eos_token="</s>")
    folder.mkdir(parents=True, exist_ok=True)
    fast.save_pretrained(folder)
    torch.manual_seed(0)
    config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=48, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=128)
    AutoModelForCausalLM.from_config(config).save_pretrained(folder, safe_serialization=True)
    return folder


@pytest.fixture(scope="module")
def lowercase_llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_lowercase_llama(tmp_path_factory.mktemp("lowercase") / "llama")


def test_an_hf_trace_names_the_characters_read_as_unk(lowercase_llama: Path) -> None:
    from gatelab.core.inside.hf_source import trace_hf

    trace = trace_hf(lowercase_llama, TEXT, device="cpu")
    assert [trace.tokens[i] for i in trace.unknown] == ["<unk>"] * 3  # the substitute, 3 times
    assert trace.unknown_as == "<unk>"
    assert trace.unknown_chars == ("I", "P", "T")  # what the user typed, each once
    twice = trace_hf(lowercase_llama, "Paris and Paris, Tokyo", device="cpu")
    assert twice.unknown_chars == ("P", ",", "T")  # the comma is no letter either
    clean = trace_hf(lowercase_llama, "paris", device="cpu")
    assert clean.unknown == () and clean.unknown_chars == ()


def _wrapped(vocab_model: Any, tokenizer: Any) -> Any:
    from transformers import AutoModelForCausalLM, LlamaConfig

    from gatelab.core.inside.hf_source import HfModel

    torch.manual_seed(0)
    config = LlamaConfig(vocab_size=max(tokenizer.get_vocab().values()) + 1, hidden_size=32,
                         intermediate_size=48, num_hidden_layers=1, num_attention_heads=4,
                         num_key_value_heads=2, max_position_embeddings=128)
    model = AutoModelForCausalLM.from_config(config, attn_implementation="eager")
    return HfModel.wrap(model, tokenizer, "", device="cpu")


def test_a_word_level_vocabulary_names_the_whole_word() -> None:
    # every letter of "zaps" is unknown alone to a word-level vocabulary: the word is the piece
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    vocab = {"[UNK]": 0, "the": 1, "gate": 2, "opens": 3, "on": 4, "tokens": 5}
    tok = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]")
    trace = _wrapped(None, fast).trace("the gate zaps on tokens quux zaps")
    assert trace.unknown == (2, 5, 6) and trace.unknown_chars == ("zaps", "quux")


def test_a_word_level_word_is_named_whole_though_a_letter_is_a_word() -> None:
    """Walkthrough s17 #2: "a" and "I" are words of this vocabulary, so the letters of "last"
    that are not words alone were named ('l', 's', 't') instead of "last"."""
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    words = ["[UNK]", "I", "a", "flew", "from", "Paris", "to", "Tokyo", "label", "="]
    tok = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]")
    trace = _wrapped(None, fast).trace(TEXT)
    assert [trace.tokens[i].strip() for i in trace.unknown] == ["[UNK]", "[UNK]"]
    assert trace.unknown_chars == ("last", "week")
    ids = fast(TEXT)["input_ids"]
    assert hf_unknown_chars(fast, TEXT, ids, 0) == ("last", "week")


def test_a_wordpiece_word_names_only_its_missing_letter() -> None:
    # WordPiece reads all of "Paris" as [UNK] when "P" is missing: only "P" is named
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    vocab = {"[UNK]": 0, **{c: i + 1 for i, c in enumerate(LOWER)},
             **{"##" + c: i + 27 for i, c in enumerate(LOWER)}}
    tok = Tokenizer(models.WordPiece(vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]")
    trace = _wrapped(None, fast).trace("from Paris to paris")
    assert [trace.tokens[i] for i in trace.unknown] == [" [UNK]"]  # (with its word's space)
    assert trace.unknown_chars == ("P",)


class _NoOffsets:
    """A slow tokenizer: no offsets mapping; knows only lowercase letters and the space."""

    def __call__(self, text: Any, add_special_tokens: bool = False,
                 return_offsets_mapping: bool = False) -> dict[str, Any]:
        if return_offsets_mapping:
            raise NotImplementedError("return_offset_mapping is not available")
        one = lambda s: [1 if c in LOWER + " " else 0 for c in s]  # noqa: E731
        return {"input_ids": [one(t) for t in text] if isinstance(text, list) else one(text)}


class _Panics(_NoOffsets):
    def __call__(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        raise BaseException("pyo3 panic")  # what a Rust tokenizer's panic looks like


def test_without_offsets_or_with_a_failing_tokenizer() -> None:
    ids = _NoOffsets()("Hi Joe")["input_ids"]
    assert hf_unknown_chars(_NoOffsets(), "Hi Joe", ids, 0) == ("H", "J")
    assert hf_unknown_chars(_NoOffsets(), "hi", [1, 1], 0) == ()  # nothing unknown: not asked
    assert hf_unknown_chars(_Panics(), "Hi Joe", ids, 0) == ()  # the caller names the tokens
    assert hf_unknown_chars(_NoOffsets(), "Hi Joe", ids, None) == ()  # no unk token at all


def test_a_run_names_its_characters_once() -> None:
    assert run_unknown_chars('a"b"€c€', (1, 3, 4, 6)) == ('"', "€")
    assert run_unknown_chars("abc", ()) == ()


def test_a_run_trace_carries_its_unknown_characters(tmp_path: Path) -> None:
    from gatelab.core.inside.run_source import trace_run
    from tests.core.inside_helpers import train_tiny_run

    run = tmp_path / "run"
    train_tiny_run(run, steps=2, checkpoint_interval=2, stats_interval=2, eval_interval=2)
    trace = trace_run(run, "a€d☃€")
    assert trace.unknown == (1, 3, 4) and trace.unknown_chars == ("€", "☃")
