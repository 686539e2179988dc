"""Re-walk s20 D: /proc/kmsg (a regular file, readable by root) waits for the next kernel
message. Chosen as the corpus, its read hung the reading thread for good, Start and Stop stuck
behind it and Quit froze the window. Files are now read without blocking: such a file ends."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KMSG = "/proc/kmsg"


@pytest.mark.skipif(not os.access(KMSG, os.R_OK), reason="needs a readable /proc/kmsg (root)")
def test_a_waiting_proc_file_ends_instead_of_hanging() -> None:
    code = ("from gatelab.core.data import load_corpus\n"
            "try:\n    load_corpus('/proc/kmsg')\nexcept ValueError as exc:\n    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "corpus file is empty: /proc/kmsg\n"  # refused in words, at once


def test_an_ordinary_proc_file_is_still_read_whole() -> None:
    from gatelab.core.fileio import read_bytes_capped
    if not os.access("/proc/self/status", os.R_OK):
        pytest.skip("no /proc here")
    text = bytes(read_bytes_capped("/proc/self/status", 1 << 20)).decode()
    assert "Pid:" in text and text.endswith("\n")


def test_a_regular_file_reads_the_same(tmp_path: Path) -> None:
    from gatelab.core.fileio import read_bytes_capped
    data = os.urandom(3 * 1024 * 1024 + 17)
    (tmp_path / "f.bin").write_bytes(data)
    assert bytes(read_bytes_capped(tmp_path / "f.bin", 4 * 1024 * 1024)) == data


@pytest.mark.skipif(not os.access(KMSG, os.R_OK), reason="needs a readable /proc/kmsg (root)")
def test_every_reader_of_run_files_returns_at_once() -> None:
    """A run folder whose files are links to /proc/kmsg: each reader ends, none hangs."""
    code = ("from pathlib import Path\n"
            "from gatelab.core.fileio import read_head, read_tail\n"
            "from gatelab.core.runs_read import read_metrics, read_samples_tail, read_stats\n"
            "p = Path('/proc/kmsg')\n"
            "print(read_tail(p, 100), read_head(p, 100), read_metrics(p), repr(read_samples_tail(p)))\n"
            "try:\n    read_stats(p)\nexcept ValueError as exc:\n    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ("(b'', 0) b'' [] ''\ncould not read /proc/kmsg: it is truncated or "
                           "damaged (not a complete .npz archive)\n")
