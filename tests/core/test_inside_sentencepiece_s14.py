"""A SentencePiece-style tokenizer (Llama 2, Mistral, TinyLlama: "▁" marks a word's space, and
the decoder drops the space at the start of what it decodes) keeps its spaces in the token strip
and the text (re-walk s14: each token decoded alone read "cat", and "the cat sat on the mat"
became "thecatsatonthemat" in the strip and the export caption)."""

from __future__ import annotations

import pytest

pytest.importorskip("tokenizers")

from gatelab.core.inside.token_text import split_tokens  # noqa: E402

TEXT = "the cat sat on the mat"


def _sentencepiece_like():  # type: ignore[no-untyped-def]
    """A tiny BPE with Llama 2's fast-tokenizer pipeline: Metaspace ("▁") in, and out the
    same decoder chain (Replace "▁" → " ", ByteFallback, Fuse, Strip one leading space)."""
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE(unk_token="<unk>", byte_fallback=True))
    tok.normalizer = normalizers.Sequence([normalizers.Prepend("▁"),
                                           normalizers.Replace(" ", "▁")])
    tok.pre_tokenizer = pre_tokenizers.Split("▁", behavior="merged_with_next")
    tok.decoder = decoders.Sequence([decoders.Replace("▁", " "), decoders.ByteFallback(),
                                     decoders.Fuse(), decoders.Strip(" ", 1, 0)])
    trainer = trainers.BpeTrainer(vocab_size=120, special_tokens=["<unk>", "<s>", "</s>"])
    tok.train_from_iterator([TEXT, "a cat on a mat", "the mat sat"] * 20, trainer)
    return PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="<unk>", bos_token="<s>",
                                   eos_token="</s>")


def test_the_words_keep_their_spaces() -> None:
    tok = _sentencepiece_like()
    ids = tok(TEXT, add_special_tokens=False)["input_ids"]
    assert len(ids) >= 6
    alone = [tok.decode([i]) for i in ids]
    assert "".join(alone) != TEXT  # the decoder drops each piece's space: why context is needed
    out = split_tokens(lambda chunk: tok.decode(chunk), ids)
    assert out.text == TEXT == tok.decode(ids)
    assert out.chars[1].startswith(" ") and out.shown[1] == out.chars[1]
    assert [TEXT[a:b] for a, b in out.spans] == out.chars
