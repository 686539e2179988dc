"""A save killed at its fsync or rename left its temp file beside the user's file for good
(kill probe s21 D7: eight ``.good.gatelab.<random>.<pid>.tmp`` beside one state file, three
beside an exported PNG). The next save of that file removes the leftovers of writers that are
gone, and nothing else."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from gatelab.core.safe_write import atomic_write_bytes


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_the_next_save_removes_a_dead_writers_temp_files_of_that_file_only(tmp_path: Path) -> None:
    dead = _dead_pid()
    target = tmp_path / "good.gatelab"
    target.write_bytes(b"old")
    leftovers = [tmp_path / f".good.gatelab.ab{i}_x.{dead}.tmp" for i in range(3)]
    kept = [tmp_path / f".good.gatelab.zz9.{os.getppid()}.tmp",  # a writer that still runs
            tmp_path / f".other.png.ab1.{dead}.tmp",  # another file's
            tmp_path / ".notes.tmp",  # the user's own
            tmp_path / "good.gatelab.bak"]
    for path in leftovers + kept:
        path.write_bytes(b"x" * 10)
    atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [target.name] + [p.name for p in kept])
