"""The one safe reader: regular files only, hard byte cap, never blocks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gatelab.core.fileio import FileReadError, read_bytes_capped, read_head, read_text_capped


def test_reads_a_regular_file(tmp_path: Path) -> None:
    p = tmp_path / "a.txt"
    p.write_bytes(b"hello")
    assert read_bytes_capped(p, 5) == b"hello"
    assert read_head(p, 2) == b"he"
    assert read_text_capped(p, 10) == "hello"


def test_cap_is_on_bytes_read(tmp_path: Path) -> None:
    p = tmp_path / "a.txt"
    p.write_bytes(b"x" * 11)
    with pytest.raises(FileReadError, match="limit"):
        read_bytes_capped(p, 10)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(FileReadError, match="not a regular file"):
        read_bytes_capped(fifo, 100)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused() -> None:
    with pytest.raises(FileReadError, match="not a regular file"):
        read_bytes_capped("/dev/zero", 100)


def test_folder_and_missing(tmp_path: Path) -> None:
    with pytest.raises(FileReadError, match="folder"):
        read_bytes_capped(tmp_path, 100)
    with pytest.raises(FileReadError, match="no such file"):
        read_bytes_capped(tmp_path / "nope", 100)


def test_bad_utf8(tmp_path: Path) -> None:
    p = tmp_path / "b.txt"
    p.write_bytes(b"\xff\xfe")
    with pytest.raises(FileReadError, match="UTF-8"):
        read_text_capped(p, 10)


def test_a_capped_read_holds_the_file_once(tmp_path: Path) -> None:
    """One buffer sized from the file, not chunks joined into a second copy (≈ 2× the file)."""
    import tracemalloc

    p = tmp_path / "eight_mb.bin"
    p.write_bytes(b"z" * (8 << 20))
    tracemalloc.start()
    try:
        raw = read_bytes_capped(p, 16 << 20)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(raw) == 8 << 20 and raw[:1] == b"z"
    assert peak < (8 << 20) * 1.2
