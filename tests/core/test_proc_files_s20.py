"""Re-walk s20 D: /proc/kmsg (a regular file, readable by root) waits for the next kernel
message. Chosen as the corpus, its read hung the reading thread for good, Start and Stop stuck
behind it and Quit froze the window. Files are now read without blocking: such a file ends.

/proc/kmsg gives whatever kernel message is pending when it is read (two full runs saw one), so
the tests on it hold what holds either way (it returns, and refuses in words what it refuses);
the exact outcome of a file with nothing more to give is pinned by a stand-in that says so."""

from __future__ import annotations

import io
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
    # refused in words at once, or (a kernel message was pending) that message loaded or
    # refused in words: never a hang (the timeout) and never a traceback
    assert done.stdout in ("corpus file is empty: /proc/kmsg\n", "") or (
        done.stdout.count("\n") == 1 and "/proc/kmsg" in done.stdout), done.stdout


class WaitingFile(io.RawIOBase):
    """A file like /proc/kmsg with ``data`` pending: read at once, then None (a non-blocking
    read with nothing more to give), where a blocking read would wait for good."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    def readable(self) -> bool:
        return True

    def readinto(self, b: memoryview) -> int | None:  # type: ignore[override]
        if not self._data:
            return None
        n = min(len(b), len(self._data))
        b[:n], self._data = self._data[:n], self._data[n:]
        return n


def test_a_read_ends_where_a_waiting_file_has_nothing_more() -> None:
    from gatelab.core import fileio
    for pending in (b"", b"<6>[ 12.5] usb 1-1: new device\n"):  # nothing or one message pending
        got = fileio._fill(WaitingFile(pending), bytearray(4), 0, 1 << 20, Path("/w"), None)
        assert bytes(got) == pending
        head = fileio._fill(WaitingFile(pending), bytearray(8), 0, 8, Path("/w"), None,
                            stop_at_size=True)
        assert bytes(head) == pending[:8]


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
    first, refusal = done.stdout.splitlines()[0], done.stdout.splitlines()[-1]
    # nothing pending: every reader gives nothing; a kernel message pending: some reader gives
    # it (and never metrics: kernel lines are no JSON rows); read_stats refuses either way
    assert first == "(b'', 0) b'' [] ''" or " [] " in first, done.stdout
    assert refusal == ("could not read /proc/kmsg: it is truncated or damaged (not a complete "
                       ".npz archive)"), done.stdout
