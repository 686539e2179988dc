"""Characters that byte-level BPE splits over several tokens (walkthrough #5): each token used
to be decoded alone, so 你, − and 😀 read "�" on every piece, in the strip, in gatelab-inspect's
tokens and in the top-k contexts ("(���0.2785"). Now each piece shows its character and piece
number ("你(1/3)") and the contexts are the window's tokens decoded together."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import torch

pytest.importorskip("transformers")

from gatelab.core.inside.hf_source import HfModel  # noqa: E402
from gatelab.core.inside.token_text import context, span_text, split_tokens  # noqa: E402
from gatelab.core.inside.topk import top_k_contexts  # noqa: E402
from gatelab.inspect_cli import main  # noqa: E402
from tests.core.inside_helpers import save_hf_model, save_tokenizer  # noqa: E402

torch.set_num_threads(1)
BAD = "\ufffd"


@pytest.fixture(scope="module")
def tok(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from transformers import AutoTokenizer
    folder = tmp_path_factory.mktemp("s11_tok")
    save_tokenizer(folder)  # byte-level BPE trained on a few ASCII sentences
    t = AutoTokenizer.from_pretrained(str(folder))
    assert len(t("你", add_special_tokens=False)["input_ids"]) == 3  # 你 stays split in bytes
    return t


@pytest.fixture(scope="module")
def qwen(tmp_path_factory: pytest.TempPathFactory) -> HfModel:
    folder = save_hf_model(tmp_path_factory.mktemp("s11_qwen") / "qwen3", "qwen3")
    return HfModel(folder, device="cpu")


def _decode(t):  # type: ignore[no-untyped-def]
    return lambda ids: t.decode(ids, clean_up_tokenization_spaces=False)


def test_split_characters_show_their_pieces(tok) -> None:  # type: ignore[no-untyped-def]
    ids = tok("(−0.2785", add_special_tokens=False)["input_ids"]
    tt = split_tokens(_decode(tok), ids)
    assert tt.shown == ["(", "−(1/3)", "−(2/3)", "−(3/3)", "0", ".", "2", "7", "8", "5"]
    assert tt.text == "(−0.2785"
    assert tt.spans[:5] == [(0, 1), (1, 2), (1, 2), (1, 2), (2, 3)]  # each piece: the whole −
    ids = tok("a 😀b 你好", add_special_tokens=False)["input_ids"]
    tt = split_tokens(_decode(tok), ids)
    assert tt.shown == ["a", " ", "😀(1/4)", "😀(2/4)", "😀(3/4)", "😀(4/4)", "b", " ",
                        "你(1/3)", "你(2/3)", "你(3/3)", "好(1/3)", "好(2/3)", "好(3/3)"]
    assert tt.text == "a 😀b 你好" and not any(BAD in s for s in tt.shown)


def _bytes_decode(tokens: list[bytes], per_byte: bool):  # type: ignore[no-untyped-def]
    """A decoder over raw byte tokens: byte-level BPE's one "�" per cut character, or
    SentencePiece byte fallback's one per byte."""
    def decode(ids: list[int]) -> str:
        raw = b"".join(tokens[i] for i in ids)
        if per_byte:
            return re.sub("[\udc80-\udcff]", BAD, raw.decode("utf-8", "surrogateescape"))
        return raw.decode("utf-8", "replace")
    return decode


@pytest.mark.parametrize("per_byte", [False, True])
def test_tokens_that_end_one_character_and_start_the_next(per_byte: bool) -> None:
    text = "x你好吗y" * 3
    raw = text.encode()
    tokens = [raw[i:i + 2] for i in range(0, len(raw), 2)]  # every cut inside a character
    decode = _bytes_decode(tokens, per_byte)
    ids = list(range(len(tokens)))
    tt = split_tokens(decode, ids)
    assert tt.text == text
    assert tt.shown[:6] == ["x你(1/2)", "你(2/2)", "好(1/2)", "好(2/2)吗(1/2)", "吗(2/2)", "yx"]
    for i in ids:  # every context is real text, whatever window edge cuts a character
        ctx, pos, length, shown = context(decode, ids, i, 3, 2)
        assert BAD not in ctx and ctx in text
        assert shown == tt.shown[i]
    ctx, pos, length, shown = context(decode, ids, 12, 3, 2)
    assert (ctx, ctx[pos:pos + length], shown) == ("吗yx你好吗", "你", "你(2/2)")


def test_trace_tokens_and_span_text(qwen: HfModel) -> None:
    text = "The gate, 你 world (−0.2785)"
    trace = qwen.trace(text)
    assert not any(BAD in t for t in trace.tokens), trace.tokens
    i = trace.tokens.index("你(1/3)")
    assert trace.tokens[i:i + 3] == ["你(1/3)", "你(2/3)", "你(3/3)"]
    assert trace.text == text
    assert span_text(trace, i, i + 1) == "你"
    assert span_text(trace, i - 1, i + 4) == " 你 w"
    j = trace.tokens.index("−(2/3)")
    assert span_text(trace, j - 2, j + 7) == "(−0.278"
    assert span_text(trace, j, j + 1) == "−"  # a middle piece alone: its character


def test_top_k_contexts_read_as_the_text(qwen: HfModel) -> None:
    text = "ab (−0.2785) 你好 the gate, " * 40
    found = top_k_contexts(qwen, 0, 3, text, k=40)
    assert len(found) == 40
    for c in found:
        ctx, pos, n = c["context_text"], c["position_in_context"], c["length_in_context"]
        assert BAD not in ctx and BAD not in c["token"], c
        assert ctx in text, c
        piece = re.fullmatch(r"(.)\((\d)/(\d)\)", c["token"])
        if piece:  # a piece of a split character: the character is what is highlighted
            assert ctx[pos:pos + n] == piece.group(1)
        else:
            assert ctx[pos:pos + n] == c["token"]
    assert any("(−0.2785" in c["context_text"] for c in found)


def test_gatelab_inspect_tokens(qwen: HfModel, tmp_path: Path) -> None:
    out = tmp_path / "o.json"
    assert main([str(qwen.path), "--text", "(−0.2785) 你", "--device", "cpu",
                 "--json", str(out)]) == 0
    tokens = json.loads(out.read_text())["tokens"]
    assert tokens[:4] == ["(", "−(1/3)", "−(2/3)", "−(3/3)"]
    assert tokens[-3:] == ["你(1/3)", "你(2/3)", "你(3/3)"]
