"""Corpus files the probe of s13 found mishandled (finding 8).

A 300 MB file of NUL bytes was read whole (about 600 MB at the peak) before it was refused as
binary; a UTF-16 text file was called "binary"; a UTF-8 BOM became a character of the corpus.
"""

from __future__ import annotations

import codecs
import os
import tracemalloc
from pathlib import Path

import pytest

from gatelab.core import data, fileio
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


def _says_size_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every stat says size 0 (a /proc file, or one still being written) while the bytes are
    there to read: the reader must trust what it reads, not the size it was told."""
    def zero(stat_of):  # type: ignore[no-untyped-def]
        def said(*args, **kwargs):  # type: ignore[no-untyped-def]
            st = stat_of(*args, **kwargs)
            return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid,
                                   st.st_gid, 0, st.st_atime, st.st_mtime, st.st_ctime))
        return said
    monkeypatch.setattr(os, "fstat", zero(os.fstat))
    monkeypatch.setattr(os, "stat", zero(os.stat))


@pytest.mark.parametrize("size", [fileio.HEAD_BYTES + 5, 5 * fileio.HEAD_BYTES // 2])
def test_a_file_larger_than_its_size_said_is_read_whole(tmp_path: Path, size: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    content = bytes(range(97, 123)) * (size // 26 + 1)
    path = tmp_path / "proc.txt"
    path.write_bytes(content[:size])
    _says_size_zero(monkeypatch)
    assert os.stat(path).st_size == 0
    assert load_corpus(str(path)).text.encode() == content[:size]


def test_the_byte_cap_counts_bytes_read_not_the_size_said(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(data, "MAX_FILE_BYTES", 3 * fileio.HEAD_BYTES)
    path = tmp_path / "grows.txt"
    path.write_bytes(b"a" * (4 * fileio.HEAD_BYTES))
    _says_size_zero(monkeypatch)
    exc = _refusal(path)
    assert exc.msg.key == "corpus.too_large"
    assert exc.msg.values["size"] == 3 * fileio.HEAD_BYTES + 1  # one byte past the cap


def test_the_shared_reader_checks_the_head_before_the_rest(tmp_path: Path) -> None:
    """``read_bytes_capped(check_head=…)`` shows the first MB (or a shorter file whole) and
    reads no further when the check refuses."""
    seen: list[int] = []
    path = tmp_path / "three_mb.bin"
    path.write_bytes(b"x" * (3 * fileio.HEAD_BYTES))
    assert fileio.read_bytes_capped(path, 4 * fileio.HEAD_BYTES,
                                    check_head=lambda h: seen.append(len(h))) == path.read_bytes()
    short = tmp_path / "short.bin"
    short.write_bytes(b"abc")
    assert fileio.read_bytes_capped(short, 10, check_head=lambda h: seen.append(len(h))) == b"abc"
    assert seen == [fileio.HEAD_BYTES, 3]
    with pytest.raises(fileio.FileReadError) as caught:  # over the cap within the head
        fileio.read_bytes_capped(path, 100, check_head=lambda h: seen.append(len(h)))
    assert caught.value.msg.key == "file.too_large" and seen[-1] == 101


@pytest.mark.parametrize(("codec", "encoding"), [
    ("utf-16-le", "UTF-16"), ("utf-16-be", "UTF-16"), ("utf-32-le", "UTF-32"),
    ("utf-32-be", "UTF-32")])
def test_wide_text_without_a_bom_is_named_too(tmp_path: Path, codec: str, encoding: str) -> None:
    """PowerShell's ``>`` writes UTF-16 without a BOM: it was called "binary" (s13 note)."""
    path = tmp_path / "notes.txt"
    path.write_bytes((TEXT + "naïve café, 门控\n").encode(codec))
    exc = _refusal(path)
    assert exc.msg.key == "corpus.wide_text" and exc.msg.values["encoding"] == encoding


@pytest.mark.parametrize("content", [
    bytes(range(256)) * 64,  # every byte value, NULs every 256 bytes
    b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + bytes(4000),  # a zip's header, then zeros
    b"\x7fELF\x02\x01\x01\x00" + b"\x00\x01" * 10 + b"\x03\x00" * 50,  # a header-ish mix
    b"ab\x00",  # too short to tell
])
def test_binary_is_still_binary(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "blob.bin"
    path.write_bytes(content)
    assert _refusal(path).msg.key == "corpus.binary"
