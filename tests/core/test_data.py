"""Corpora: deterministic built-ins, clear errors for bad files, exact splits and batches."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import torch

from gatelab.core import data
from gatelab.core.data import BatchSampler, CorpusError, Vocab, load_corpus, split
from tests.blocking import raised_within


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
    assert a.text.startswith("# file: __future__.py\n")
    assert "standard library" in a.info.provenance and a.info.name == "python"
    assert a.text == load_corpus("python").text
    assert "def " in a.text and "import " in a.text


PINNED_PYTHON_SHA256 = "5af7af7aba6a186ac647a265dc03e6b52df5b85c969f971d25d34a788a04cde2"


def test_python_corpus_is_the_shipped_text_whatever_the_interpreter(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The "python" corpus used to be read from the host's stdlib, so it changed with the Python
    install; now it is the shipped file, byte for byte, even with no stdlib in sight."""
    import sysconfig

    empty = tmp_path / "no-stdlib"
    empty.mkdir()
    monkeypatch.setattr(sysconfig, "get_paths", lambda *a, **k: {"stdlib": str(empty)})
    c = load_corpus("python")
    assert hashlib.sha256(c.text.encode("utf-8")).hexdigest() == PINNED_PYTHON_SHA256
    assert data.PYTHON_CORPUS_SHA256 == PINNED_PYTHON_SHA256
    assert hashlib.sha256(data.PYTHON_CORPUS_FILE.read_bytes()).hexdigest() == PINNED_PYTHON_SHA256
    assert c.info.bytes == c.info.chars == 1_000_000
    assert c.info.vocab_size == 96  # printable ASCII, tab and newline
    assert c.info.source == str(data.PYTHON_CORPUS_FILE) and "3.11.7" in c.info.provenance
    assert "# file: contextlib.py\n" in c.text and "_sysconfigdata" not in c.text


def test_python_corpus_ships_its_licence_and_provenance() -> None:
    folder = data.PYTHON_CORPUS_FILE.parent
    licence = (folder / "LICENSE-PSF.txt").read_text(encoding="utf-8")
    assert "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2" in licence
    provenance = (folder / "PROVENANCE.md").read_text(encoding="utf-8")
    assert PINNED_PYTHON_SHA256 in provenance and "3.11.7" in provenance


def test_changed_or_missing_python_corpus_is_a_clear_error(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    changed = tmp_path / "python_stdlib.txt"
    changed.write_bytes(data.PYTHON_CORPUS_FILE.read_bytes()[:-1] + b"!")
    monkeypatch.setattr(data, "PYTHON_CORPUS_FILE", changed)
    with pytest.raises(CorpusError, match="has been changed"):
        load_corpus("python")
    monkeypatch.setattr(data, "PYTHON_CORPUS_FILE", tmp_path / "gone.txt")
    with pytest.raises(CorpusError, match="missing or unreadable"):
        load_corpus("python")
    monkeypatch.setattr(data, "PYTHON_CORPUS_FILE", tmp_path)  # a folder where the file belongs
    with pytest.raises(CorpusError, match="missing or unreadable"):
        load_corpus("python")


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
    (b"   \n\t ", "only whitespace .*, no text"),
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


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_and_device_corpus_never_block(tmp_path: Path) -> None:
    """Regression (issue 8): ``--corpus <fifo>`` blocked forever; /dev/zero read without end."""
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    exc = raised_within(lambda: load_corpus(str(fifo)))
    assert isinstance(exc, CorpusError) and "not a regular file" in str(exc)
    assert str(fifo) in str(exc)
    if Path("/dev/zero").exists():
        exc = raised_within(lambda: load_corpus("/dev/zero"))
        assert isinstance(exc, CorpusError) and "not a regular file" in str(exc)


def test_vocabulary_is_capped_with_a_clear_message(tmp_path: Path) -> None:
    p = tmp_path / "many.txt"
    p.write_text("".join(chr(0x10000 + i) for i in range(data.MAX_VOCAB + 1)), encoding="utf-8")
    with pytest.raises(CorpusError, match="65,536 distinct characters.*at most 65,535"):
        load_corpus(str(p))


@pytest.mark.parametrize(("text", "dtype"), [("abcab\n" * 50, torch.uint8),
                                             ("".join(chr(0x4E00 + i) for i in range(300)) * 2,
                                              torch.uint16)])
def test_ids_are_compact_and_match_the_vocabulary(tmp_path: Path, text: str,
                                                  dtype: torch.dtype) -> None:
    p = tmp_path / "c.txt"
    p.write_text(text, encoding="utf-8")
    c = load_corpus(str(p))
    train, val = split(c, 8)
    assert train.dtype == dtype and val.dtype == dtype
    assert torch.cat([train, val]).tolist() == c.vocab.encode(c.text)
    x, y = BatchSampler(train, 8, 3, seed=0).next()
    assert x.dtype == torch.long and torch.equal(x[:, 1:], y[:, :-1])
    assert data.encode_array("a?b", Vocab("ab ")).tolist() == Vocab("ab ").encode("a?b")


def test_large_corpus_memory_and_time(tmp_path: Path) -> None:
    """Regression (issue 8): 200 MB of one character took 29 s and 18× the file in memory.
    Here 20 MB, in a fresh interpreter: peak memory growth ≤ 3× the file."""
    size = 20_000_000
    p = tmp_path / "one.txt"
    p.write_bytes(b"a" * size)
    code = textwrap.dedent(f"""
        import resource, time
        import torch
        from gatelab.core import data
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        t = time.perf_counter()
        c = data.load_corpus({str(p)!r})
        train, val = data.split(c, 64)
        assert len(train) + len(val) == {size}
        print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(data.__file__).parents[2], timeout=120)
    assert out.returncode == 0, out.stderr
    seconds, grown_kb = out.stdout.split()
    assert int(grown_kb) * 1024 <= 3 * size
    assert float(seconds) < 20


def test_huge_file_is_refused_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "huge.txt"
    with open(p, "wb") as fh:
        fh.truncate(data.MAX_FILE_BYTES + 1)  # sparse: costs no disk
    called: list[object] = []
    monkeypatch.setattr(data, "read_bytes_capped", lambda *a, **k: called.append(a))
    with pytest.raises(CorpusError, match="too large .*limit 536,870,912"):
        load_corpus(str(p))
    assert not called
