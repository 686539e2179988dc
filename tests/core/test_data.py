"""Corpora: deterministic built-ins, clear errors for bad files, exact splits and batches."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from gatelab.core import data
from gatelab.core.data import BatchSampler, CorpusError, Vocab, load_corpus, split


def test_generated_corpus_is_deterministic_and_described() -> None:
    a, b = load_corpus("generated"), load_corpus("generated")
    assert a.text == b.text
    assert a.info.chars == len(a.text) == data.GENERATED_CORPUS_CHARS
    assert a.info.vocab_size == len(a.vocab) == len(set(a.text))
    assert a.info.name == "generated" and "seed 1234" in a.info.provenance
    # the probe text's characters are all in it, so the probe is encoded faithfully
    from gatelab.core.trainconfig import PROBE_TEXT
    assert set(PROBE_TEXT) <= set(a.vocab.chars)


def test_python_corpus_is_stdlib_about_one_megabyte_and_stable() -> None:
    a = load_corpus("python")
    assert a.info.chars == data.PYTHON_CORPUS_CHARS
    assert a.text.startswith("# file: ")
    assert "standard library" in a.info.provenance and a.info.name == "python"
    assert a.text == load_corpus("python").text
    assert "def " in a.text and "import " in a.text


def test_text_file_corpus(tmp_path: Path) -> None:
    p = tmp_path / "t.txt"
    p.write_text("héllo wörld\n" * 20, encoding="utf-8")
    c = load_corpus(str(p))
    assert c.info.chars == 240 and c.info.bytes == 280
    assert c.vocab.chars == "".join(sorted(set("héllo wörld\n")))
    assert c.info.name == "t.txt" and str(p.resolve()) in c.info.provenance


@pytest.mark.parametrize("content, message", [
    (None, "not found"),
    (b"", "empty"),
    (b"   \n\t ", "empty"),
    (b"abc\x00def" * 50, "binary"),
    (b"caf\xe9 au lait" * 30, "not valid UTF-8"),
])
def test_bad_corpus_files(tmp_path: Path, content: bytes | None, message: str) -> None:
    p = tmp_path / "c.txt"
    if content is not None:
        p.write_bytes(content)
    with pytest.raises(CorpusError, match=message) as info:
        load_corpus(str(p))
    assert isinstance(info.value, ValueError) and "c.txt" in str(info.value)


def test_folder_and_blank_spec(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="folder"):
        load_corpus(str(tmp_path))
    with pytest.raises(CorpusError, match="no corpus"):
        load_corpus("  ")


def test_too_short_for_two_blocks(tmp_path: Path) -> None:
    p = tmp_path / "short.txt"
    p.write_text("x" * 100)
    c = load_corpus(str(p))
    with pytest.raises(CorpusError, match="too short: 100 characters.*block size 64 needs at least 130"):
        split(c, 64)
    train, val = split(c, 49)  # 2·(49+1) = 100 fits exactly
    assert len(train) == 50 and len(val) == 50


def test_split_is_90_10_in_order() -> None:
    c = load_corpus("generated")
    train, val = split(c, 32)
    assert len(train) == 54_000 and len(val) == 6_000
    assert c.vocab.decode(train[:20]) == c.text[:20]
    assert c.vocab.decode(val[-20:]) == c.text[-20:]


def test_vocab_unknown_characters_map_to_space() -> None:
    v = Vocab("ab c")
    assert v.decode(v.encode("a bc")) == "a bc"
    assert v.decode(v.encode("aZb")) == "a b"
    assert Vocab("xyz").encode("?") == [0]


def test_batches_are_contiguous_shifted_and_reproducible() -> None:
    ids = torch.arange(1000)
    s1, s2 = BatchSampler(ids, 8, 5, seed=3), BatchSampler(ids, 8, 5, seed=3)
    x, y = s1.next()
    assert x.shape == (5, 8) and y.shape == (5, 8)
    assert torch.equal(y, x + 1)  # targets are the next characters
    assert torch.equal(x[:, 1:], x[:, :-1] + 1)  # contiguous windows
    assert int(x.max()) <= 998
    assert torch.equal(x, s2.next()[0])
    state = s1.get_state()
    nxt = s1.next()[0]
    s2.set_state(state)
    assert torch.equal(nxt, s2.next()[0])
    assert not torch.equal(BatchSampler(ids, 8, 5, seed=4).next()[0], x)
