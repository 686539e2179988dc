"""Probe s14 (F3, F6, F7): the runs list and the CLIs on runs another process holds.

F3: a run whose folder another process has locked (a resume starting, or stopped with
``kill -STOP`` before it rewrote run.json) was listed "stopped", so Resume and Delete looked
allowed; it is "running" now, and "stopped" again once the lock is gone.
F6: a symbolic link in runs/ back to runs/ listed every run twice.
F7: ``gatelab-experiment --continue`` of an experiment another process trains names the pid;
``gatelab-train`` says how to continue a run that failed after its checkpoint.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gatelab.cli import train_main
from gatelab.cli_experiment import experiment_main
from gatelab.core import run_liveness, run_writer
from gatelab.core.experiment_continue import continue_plan
from gatelab.core.messages import GatelabError, Msg
from gatelab.core.run_lock import claim_experiment, lock_holder
from gatelab.core.runs import list_runs, read_json, run_info
from gatelab.core.safe_write import RunWriteError
from gatelab.paths import runs_dir
from tests.core.test_runs_s9_delete import make_run

LINUX_LOCKS = os.path.exists("/proc/locks")
HOLD = ("import fcntl, os, sys, time\n"
        "fd = os.open(sys.argv[1], os.O_RDONLY)\n"
        "fcntl.flock(fd, fcntl.LOCK_EX)\n"
        "print('held', flush=True)\n"
        "time.sleep(60)\n")


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[object]:
    """Lock a folder from another process (what a ``gatelab-train --resume`` holds while it
    starts); yields a function that takes the folder and returns the process."""
    procs: list[subprocess.Popen[str]] = []

    def hold(folder: Path) -> subprocess.Popen[str]:
        proc = subprocess.Popen([sys.executable, "-c", HOLD, str(folder)],
                                stdout=subprocess.PIPE, text=True)
        procs.append(proc)
        assert proc.stdout is not None and proc.stdout.readline() == "held\n"
        return proc

    yield hold
    for proc in procs:
        proc.kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


# -- F3 ------------------------------------------------------------------------------------------
def test_a_stopped_run_another_process_has_locked_lists_as_running(
        tmp_path: Path, holder) -> None:  # noqa: ANN001
    held = make_run(tmp_path / "held", status="stopped", steps=3)
    make_run(tmp_path / "free", status="stopped", steps=3)
    proc = holder(held)
    assert {r.name: r.status for r in list_runs(tmp_path)} == {"held": "running",
                                                               "free": "stopped"}
    info = run_info(held)
    assert (info.status, info.error, info.steps_text()) == ("running", "", "3/6")
    assert read_json(held / "run.json")["status"] == "stopped"  # nothing written
    proc.kill()
    proc.wait()  # (its pipe is closed by the fixture)
    assert run_info(held).status == "stopped"  # the lock went with its process


def test_a_broken_or_finished_run_keeps_its_word_unless_locked(tmp_path: Path, holder) -> None:  # noqa: ANN001
    broken = make_run(tmp_path / "broken")
    (broken / "run.json").write_text(json.dumps({"status": 7}))
    done = make_run(tmp_path / "done")
    holder(broken)
    holder(done)  # a resume asked for more steps: it trains again
    assert {r.name: r.status for r in list_runs(tmp_path)} == {"broken": "broken",
                                                               "done": "running"}


# -- F6 ------------------------------------------------------------------------------------------
def test_a_link_back_to_the_runs_folder_lists_each_run_once(tmp_path: Path) -> None:
    root = tmp_path / "runs"
    make_run(root / "run-a")
    make_run(root / "exp-1" / "swiglu-seed0")
    elsewhere = make_run(tmp_path / "kept" / "exp-2" / "gelu-seed0").parent
    (root / "dotlink").symlink_to(".", target_is_directory=True)  # the probe's link
    (root / "explink").symlink_to(root / "exp-1", target_is_directory=True)
    (root / "exp-far").symlink_to(elsewhere, target_is_directory=True)  # the user's own
    paths = sorted(str(r.path.relative_to(root)) for r in list_runs(root))
    assert paths == ["exp-1/swiglu-seed0", "exp-far/gelu-seed0", "run-a"]


# -- F7: experiments -------------------------------------------------------------------------------
def _experiment(folder: Path, **data: object) -> Path:
    folder.mkdir(parents=True)
    (folder / "experiment.json").write_text(json.dumps({"status": "stopped", **data}))
    return folder


@pytest.mark.skipif(not LINUX_LOCKS, reason="the lock's holder is read from /proc/locks")
def test_a_continue_of_a_locked_experiment_names_the_process(tmp_path: Path, holder) -> None:  # noqa: ANN001
    folder = _experiment(tmp_path / "exp-1")
    proc = holder(folder)
    assert lock_holder(folder) == proc.pid
    with pytest.raises(GatelabError) as info:
        claim_experiment(folder)
    host = run_liveness.host_name()
    assert str(info.value) == (f"{folder} is still being trained by process {proc.pid} on "
                               f"{host}; stop that run first")


def test_an_experiment_trained_by_a_live_process_names_it(
        tmp_path: Path, holder, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: ANN001
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        host = run_liveness.host_name()
        folder = _experiment(tmp_path / "exp-2", status="running", pid=sleeper.pid, host=host,
                             pid_start=run_liveness.process_start(sleeper.pid) or "")
        with pytest.raises(GatelabError) as info:
            continue_plan(folder)
        why = f"{folder} is still being trained by process {sleeper.pid} on {host}"
        assert str(info.value) == why + "; stop that run first"
        assert experiment_main(["--continue", str(folder)]) == 2
        assert why in capsys.readouterr().err
    finally:
        sleeper.kill()
        sleeper.wait()


def test_this_process_is_named_by_no_pid(tmp_path: Path) -> None:
    folder = _experiment(tmp_path / "exp-3")
    lock = claim_experiment(folder)  # another thread's continue, in this process
    try:
        with pytest.raises(GatelabError) as info:
            claim_experiment(folder)
    finally:
        lock.release()
    assert info.value.msg == Msg("experiment.busy", {"path": folder})
    assert str(info.value) == f"{folder}: the experiment is still being trained by a running process"


# -- F7: gatelab-train after a failed checkpoint --------------------------------------------------
TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "8", "--eval-interval", "100", "--threads", "1", "--quiet", "--no-stats"]


def _full_disk_at_second_checkpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    real, calls = run_writer.RunWriter.checkpoint, []

    def checkpoint(self, state, stats):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) >= 2:
            path = self.path / "ckpt.pt"
            raise RunWriteError(Msg("run.cannot_write", {
                "path": path, "reason": os.strerror(errno.ENOSPC)}), os.strerror(errno.ENOSPC),
                path)
        return real(self, state, stats)

    monkeypatch.setattr(run_writer.RunWriter, "checkpoint", checkpoint)


def test_a_run_that_failed_after_a_checkpoint_says_how_to_continue(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _full_disk_at_second_checkpoint(monkeypatch)
    run = runs_dir() / "run-full"
    rc = train_main(TINY + ["--steps", "12", "--checkpoint-interval", "4", "--run-dir", str(run)])
    err = capsys.readouterr().err
    assert rc == 1  # a failed run (s21 D5: it was 2, the code of bad input)
    assert err == (f"gatelab-train: error: cannot write {run / 'ckpt.pt'}: No space left on "
                   f"device; continue from the last checkpoint with: gatelab-train --run-dir "
                   f"{run} --resume\n")
    assert run_info(run).status == "failed" and run_info(run).saved_step == 4


def test_a_refused_resume_gives_no_hint(holder,  # noqa: ANN001
                                        capsys: pytest.CaptureFixture[str]) -> None:
    run = runs_dir() / "run-held"
    assert train_main(TINY + ["--steps", "4", "--run-dir", str(run)]) == 0
    summary = json.loads((run / "run.json").read_text())
    (run / "run.json").write_text(json.dumps({**summary, "status": "failed"}))
    holder(run)  # another process resumes it: refused, and no "continue" offered
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "8", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "is still being trained by" in err and "continue" not in err


def test_a_claim_waits_out_the_lists_moment_on_the_lock(tmp_path: Path) -> None:
    """The runs list asks ``folder_locked`` of every run at each refresh, by taking the lock
    for a moment: a writer claiming at that moment is not refused (it tries again for ~50 ms),
    while a lock held longer still refuses it."""
    import threading

    from gatelab.core.run_lock import claim_run, try_lock
    from gatelab.core.runs_read import RunError

    folder = tmp_path / "run"
    folder.mkdir()
    probe = try_lock(folder)  # the list's probe, as folder_locked takes it
    assert probe is not None and probe.held
    threading.Timer(0.02, probe.release).start()
    lock = claim_run(folder)  # came while the probe held it: waits, then gets it
    assert lock.held
    lock.release()
    held = try_lock(folder)  # a writer that keeps it
    assert held is not None
    try:
        with pytest.raises(RunError):
            claim_run(folder)
    finally:
        held.release()
