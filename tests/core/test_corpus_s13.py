"""Corpus files the probe of s13 found mishandled (finding 8).

A 300 MB file of NUL bytes was read whole (about 600 MB at the peak) before it was refused as
binary; a UTF-16 text file was called "binary"; a UTF-8 BOM became a character of the corpus.
"""

from __future__ import annotations

import codecs
import io
import os
import tracemalloc
from pathlib import Path

import pytest

from gatelab.core import data
from gatelab.core.data import CorpusError, load_corpus

TEXT = "def gate(x):\n    return silu(x) * x\n" * 40


def _refusal(path: Path) -> CorpusError:
    with pytest.raises(CorpusError) as caught:
        load_corpus(str(path))
    return caught.value


def test_a_300_mb_file_of_nul_bytes_is_refused_from_its_first_mb(tmp_path: Path) -> None:
    big = tmp_path / "zeros.bin"
    with open(big, "wb") as fh:
        fh.truncate(300 * 1024 * 1024)  # sparse: no disk, but 300 MB to read
    tracemalloc.start()
    try:
        exc = _refusal(big)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert exc.msg.key == "corpus.binary"
    assert str(exc) == f"corpus file looks binary (it contains NUL bytes), not text: {big}"
    assert peak < 4 * 1024 * 1024  # the first MB and change, not the 300 MB (≈ 600 MB before)


@pytest.mark.parametrize(("bom", "codec", "encoding"), [
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"),  # begins with UTF-16 LE's BOM
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
])
def test_utf16_and_utf32_text_is_named_as_such(tmp_path: Path, bom: bytes, codec: str,
                                               encoding: str) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(bom + TEXT.encode(codec))
    exc = _refusal(path)
    assert exc.msg.key == "corpus.wide_text" and exc.msg.values["encoding"] == encoding
    assert str(exc) == (f"corpus file is {encoding} text; gatelab reads UTF-8 only, so save it "
                        f"as UTF-8: {path}")


def test_a_utf8_bom_is_dropped_not_learnt(tmp_path: Path) -> None:
    path = tmp_path / "notepad.txt"
    path.write_bytes(codecs.BOM_UTF8 + TEXT.encode("utf-8"))
    corpus = load_corpus(str(path))
    assert corpus.text == TEXT  # before: "\ufeff" + TEXT, a character in the vocabulary
    assert "\ufeff" not in corpus.vocab.chars
    assert corpus.info.chars == len(TEXT) and corpus.info.bytes == len(TEXT)


def test_after_a_bom_offsets_still_count_from_the_files_first_byte(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(codecs.BOM_UTF8 + b"ab\xffcd")
    exc = _refusal(path)
    assert exc.msg.key == "corpus.not_utf8" and exc.msg.values["offset"] == 5


@pytest.mark.parametrize(("content", "key"), [
    (codecs.BOM_UTF8, "corpus.empty"),  # the mark alone: no text
    (b"", "corpus.empty"),
    (codecs.BOM_UTF8 + b" \n\t\n", "corpus.blank"),
    (b"text\x00more", "corpus.binary"),
])
def test_empty_blank_and_binary_still_refused(tmp_path: Path, content: bytes, key: str) -> None:
    path = tmp_path / "c.txt"
    path.write_bytes(content)
    assert _refusal(path).msg.key == key


def test_a_file_larger_than_the_first_mb_is_read_exactly(tmp_path: Path) -> None:
    text = ("αβγ gate(x) * up(x)\n" * 200_000)[:3_000_001]  # 3 M characters, multi-byte
    path = tmp_path / "big.txt"
    path.write_bytes(text.encode("utf-8"))
    corpus = load_corpus(str(path))
    assert corpus.text == text and corpus.info.bytes == len(text.encode("utf-8"))


def test_a_fifo_is_still_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    exc = _refusal(fifo)
    assert exc.msg.key == "corpus.cannot_use" and "is not a regular file" in str(exc)


class _Unsized(io.RawIOBase):
    """A file whose descriptor says size 0 (a /proc file, or one still being written) while
    ``content`` can be read from it."""

    def __init__(self, content: bytes, fd: int) -> None:
        self._data, self._fd = io.BytesIO(content), fd

    def readable(self) -> bool:
        return True

    def readinto(self, b: memoryview) -> int:  # type: ignore[override]
        return self._data.readinto(b)

    def fileno(self) -> int:
        return self._fd


@pytest.mark.parametrize("size", [data.HEAD_BYTES + 5, 5 * data.HEAD_BYTES // 2])
def test_a_file_larger_than_its_size_said_is_read_whole(tmp_path: Path, size: int) -> None:
    content = bytes(range(97, 123)) * (size // 26 + 1)
    empty = tmp_path / "empty"
    empty.touch()
    with open(empty, "rb") as fh:
        f = _Unsized(content[:size], fh.fileno())
        head = bytearray(f.read(data.HEAD_BYTES))
        assert bytes(data._read_rest(f, head, empty)) == content[:size]


def test_the_byte_cap_counts_bytes_read_not_the_size_said(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(data, "MAX_FILE_BYTES", 3 * data.HEAD_BYTES)
    empty = tmp_path / "grows.txt"
    empty.touch()
    with open(empty, "rb") as fh:
        f = _Unsized(b"a" * (4 * data.HEAD_BYTES), fh.fileno())
        head = bytearray(f.read(data.HEAD_BYTES))
        with pytest.raises(CorpusError) as caught:
            data._read_rest(f, head, empty)
    assert caught.value.msg.key == "corpus.too_large"
    assert caught.value.msg.values["size"] == 3 * data.HEAD_BYTES + 1  # one byte past the cap
