"""core.run_samples: a sample added to a run's samples.txt after the run ended (the GUI's stop
sample), once per step, never into a run being trained, never blocking on a FIFO."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from gatelab.core.run_samples import append_sample, has_sample_at, run_step, sample_block
from gatelab.core.run_writer import RunWriteError
from gatelab.core.runs_read import read_samples_tail


def _run(tmp_path: Path, status: str = "stopped", steps: int = 163, **extra: object) -> Path:
    run = tmp_path / "run-a"
    run.mkdir()
    (run / "run.json").write_text(json.dumps({"status": status, "steps": steps, **extra}))
    return run


def test_appends_a_block_like_the_writer_and_only_once_per_step(tmp_path: Path) -> None:
    run = _run(tmp_path)
    (run / "samples.txt").write_text("--- sample at step 100 ---\nold\n")
    assert run_step(run) == 163
    assert append_sample(run, 163, "\nhello")
    assert not append_sample(run, 163, "\nagain")  # that step is kept already
    assert (run / "samples.txt").read_text() == (
        "--- sample at step 100 ---\nold\n--- sample at step 163 ---\n\nhello\n")
    assert has_sample_at(run, 163) and not has_sample_at(run, 164)
    assert sample_block(5, "é") == "--- sample at step 5 ---\né\n".encode()
    assert "step 163" in read_samples_tail(run / "samples.txt")


def test_a_run_being_trained_is_left_alone(tmp_path: Path) -> None:
    run = _run(tmp_path, status="running", pid=os.getpid(), host=os.uname().nodename,
               heartbeat=time.time(), updated=time.time(), steps_total=300)
    assert not append_sample(run, 163, "\nhello")
    assert not (run / "samples.txt").exists()


@pytest.mark.skipif(os.name != "posix", reason="folder locks are flock's")
def test_a_folder_another_writer_has_locked_is_left_alone(tmp_path: Path) -> None:
    """A resume takes the folder's lock seconds before its run.json says "running": a replay's
    sample in that window would land in the resumed run's history (the run.json check alone
    let it through)."""
    from gatelab.core.run_lock import try_lock

    run = _run(tmp_path)  # run.json still says "stopped"
    lock = try_lock(run)
    assert lock is not None and lock.held
    try:
        assert not append_sample(run, 163, "\nhello")
        assert not (run / "samples.txt").exists()
        assert append_sample(run, 163, "\nmine", claimed=True)  # the holder itself may write
    finally:
        lock.release()
    assert "mine" in (run / "samples.txt").read_text()
    assert not append_sample(run, 163, "\nagain")  # that step is kept already
    assert append_sample(run, 170, "\nlater")  # unlocked again: written, and the lock let go
    lock = try_lock(run)
    assert lock is not None and lock.held
    lock.release()


def test_unknown_step_missing_folder_and_empty_text(tmp_path: Path) -> None:
    assert run_step(tmp_path) is None  # no run.json
    (tmp_path / "run.json").write_text(json.dumps({"status": "stopped", "steps": "x"}))
    assert run_step(tmp_path) is None
    with pytest.raises(RunWriteError):
        append_sample(tmp_path / "gone", 1, "x")
    run = _run(tmp_path)
    assert not append_sample(run, 163, "")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_the_way_is_refused_not_waited_on(tmp_path: Path) -> None:
    run = _run(tmp_path)
    os.mkfifo(run / "samples.txt")
    with pytest.raises(RunWriteError, match="not a regular file"):
        append_sample(run, 163, "\nhello")
