"""``fileio.read_tail``: the end of a regular file and where it starts; a FIFO is refused
without being opened for reading (it would block), as every other reader here does."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gatelab.core.fileio import FileReadError, read_tail


def test_the_tail_and_its_offset(tmp_path: Path) -> None:
    path = tmp_path / "metrics.jsonl"
    path.write_bytes(b"0123456789")
    assert read_tail(path, 4) == (b"6789", 6)
    assert read_tail(path, 100) == (b"0123456789", 0)
    path.write_bytes(b"")
    assert read_tail(path, 4) == (b"", 0)


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs are POSIX")
def test_a_fifo_or_a_folder_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(FileReadError):
        read_tail(fifo, 4)
    with pytest.raises(FileReadError):
        read_tail(tmp_path, 4)
