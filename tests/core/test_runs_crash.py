"""A crash never loses a run: time-based checkpoints, restart in place, "interrupted", tmp cleanup.

The in-process tests copy the run folder in the middle of training: the copy is exactly what a
``kill -9`` at that moment leaves on disk. The subprocess test really kills a CLI run.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch

from gatelab.cli import train_main
from gatelab.core import run_liveness, runs
from gatelab.core.engine import train_steps
from gatelab.core.runs import RunError, load_run, run_info
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
ROOT = Path(__file__).resolve().parents[2]
# the trainer's defaults for checkpoint_interval (500) and eval_interval (250): a short run
CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=16,
                  eval_interval=8, eval_iters=2, threads=1, stats_interval=4, sample_chars=0)


def _crash_copy_at(cfg: TrainConfig, run: Path, at_step: int, copy: Path) -> None:
    """Train ``cfg`` into ``run`` and copy the folder as it is on disk after step ``at_step``."""
    for snap in train_steps(cfg, run_dir=run):
        if snap.step == at_step:
            shutil.copytree(run, copy)


def _steps(folder: Path) -> list[int]:
    return [json.loads(line)["step"] for line in (folder / "metrics.jsonl").read_text().splitlines()]


def _n_rows(folder: Path) -> int:
    try:
        return (folder / "metrics.jsonl").read_bytes().count(b"\n")
    except OSError:
        return 0


def _dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def test_time_checkpoint_bounds_the_loss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert runs.CHECKPOINT_S <= 60 and runs.checkpoint_seconds() == runs.CHECKPOINT_S
    monkeypatch.setenv("GATELAB_CHECKPOINT_S", "1e-6")  # every snapshot is "a minute later"
    _crash_copy_at(CFG, tmp_path / "run", 5, tmp_path / "crash")
    ckpt = runs.load_checkpoint(tmp_path / "crash")
    assert ckpt["step"] == 5  # nothing lost (checkpoint_interval is 500)
    # this process lives, but the writer that wrote the copy's run.json has closed since
    assert run_info(tmp_path / "crash").status == "interrupted"


def test_first_eval_checkpoints_and_resume_loses_nothing_else(tmp_path: Path) -> None:
    straight = [(s.step, s.train_loss) for s in train_steps(CFG)]
    _crash_copy_at(CFG, tmp_path / "run", 11, tmp_path / "crash")
    crash = tmp_path / "crash"
    assert runs.load_checkpoint(crash)["step"] == 8  # the first eval, long before 60 s
    assert _steps(crash) == list(range(1, 12))
    (crash / ".ckpt.pt.999999999.tmp").write_bytes(b"half a checkpoint")  # a kill mid-write
    resumed = [(s.step, s.train_loss) for s in train_steps(CFG, run_dir=crash, resume=True)]
    assert resumed == straight[8:]  # steps 9.. again, bit-identical
    assert _steps(crash) == list(range(1, 17))  # every step exactly once
    assert not list(crash.glob("*.tmp")) and not list(crash.glob(".*.tmp"))
    assert run_info(crash).status == "finished"


def test_run_without_checkpoint_restarts_in_place(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    straight = [(s.step, s.train_loss) for s in train_steps(CFG)]
    _crash_copy_at(CFG, tmp_path / "run", 5, tmp_path / "crash")
    crash = tmp_path / "crash"
    assert not (crash / "ckpt.pt").exists() and _steps(crash) == [1, 2, 3, 4, 5]
    created = json.loads((crash / "run.json").read_text())["created"]
    assert train_main(["--run-dir", str(crash), "--resume", "--quiet"]) == 0
    assert "no checkpoint yet" in capsys.readouterr().err
    assert _steps(crash) == list(range(1, 17))
    rec = load_run(crash)
    assert [(r["step"], r["train_loss"]) for r in rec.metrics] == straight
    assert rec.summary["status"] == "finished" and rec.summary["created"] == created


def test_dead_writer_shows_interrupted(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _crash_copy_at(CFG.replace(steps=3), run, 2, tmp_path / "crash")
    crash = tmp_path / "crash"
    summary = json.loads((crash / "run.json").read_text())
    assert summary["pid"] == os.getpid() and summary["host"] == socket.gethostname()
    assert summary["heartbeat"] >= summary["created"]

    def status_with(**changes: object) -> str:
        runs.atomic_write_json(crash / "run.json", {**summary, **changes})
        return run_info(crash).status

    assert status_with() == "interrupted"  # this process, but its writer has closed since
    assert status_with(writer=run_liveness.claim_writer()) == "running"  # an open writer here
    assert status_with(pid=_dead_pid()) == "interrupted"
    assert status_with(pid=os.getppid(), pid_start="1") == "interrupted"  # a reused pid
    assert status_with(host="elsewhere", heartbeat=time.time()) == "running"
    assert status_with(host="elsewhere", heartbeat=time.time() - 3600) == "interrupted"
    assert status_with(pid=None, host=None, heartbeat=None, updated=0) == "interrupted"  # old runs
    assert {i.name: i.status for i in runs.list_runs(tmp_path)}["crash"] == "interrupted"


def test_resume_refuses_a_run_another_process_trains(tmp_path: Path) -> None:
    list(train_steps(CFG.replace(steps=4), run_dir=tmp_path / "r"))
    summary = json.loads((tmp_path / "r" / "run.json").read_text())
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        runs.atomic_write_json(tmp_path / "r" / "run.json", {
            **summary, "status": "running", "pid": sleeper.pid,
            "pid_start": run_liveness.process_start(sleeper.pid)})
        (tmp_path / "r" / f".ckpt.pt.{sleeper.pid}.tmp").write_bytes(b"in flight")
        load_run(tmp_path / "r")  # viewing never deletes a live writer's temp file
        assert (tmp_path / "r" / f".ckpt.pt.{sleeper.pid}.tmp").exists()
        with pytest.raises(RunError, match="still being trained by process"):
            list(train_steps(CFG.replace(steps=8), run_dir=tmp_path / "r", resume=True))
    finally:
        sleeper.kill()
        sleeper.wait()
    assert run_info(tmp_path / "r").status == "interrupted"
    assert [s.step for s in train_steps(CFG.replace(steps=6), run_dir=tmp_path / "r",
                                        resume=True)] == [5, 6]
    assert not list((tmp_path / "r").glob(".*.tmp"))


def test_kill_9_at_a_random_moment_then_resume(tmp_path: Path) -> None:
    """The issue's "done when": a default-settings CLI run, kill -9, --resume, each step once."""
    run, steps, interval = tmp_path / "run", 400, 0.25
    argv = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32",
            "--block", "16", "--batch", "8", "--threads", "1", "--quiet",
            "--steps", str(steps), "--run-dir", str(run)]
    env = {**os.environ, "GATELAB_CHECKPOINT_S": str(interval), "PYTHONPATH": str(ROOT)}
    code = "import sys; from gatelab.cli import train_main; sys.exit(train_main())"
    err = tmp_path / "stderr.txt"
    with open(err, "wb") as err_file:
        proc = subprocess.Popen([sys.executable, "-c", code, *argv], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=err_file)
    try:
        deadline, target = time.monotonic() + 120, random.randint(20, steps - 120)
        while not (run / "ckpt.pt").exists() or _n_rows(run) < target:  # a random step
            assert proc.poll() is None, err.read_text()
            assert time.monotonic() < deadline, "no checkpoint within 2 minutes"
            time.sleep(0.005)
        assert proc.poll() is None, "the run ended before the kill; make it longer"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    assert run_info(run).status == "interrupted"
    ckpt = runs.load_checkpoint(run)
    rows = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()
            if line.endswith("}")]
    lost = [r for r in rows if r["step"] > ckpt["step"]]
    # the lost work is the steps after the last checkpoint, bounded by the checkpoint interval
    if lost:
        assert lost[-1]["elapsed_s"] - ckpt["elapsed_s"] < interval + 2.0
    assert train_main(["--run-dir", str(run), "--resume", "--quiet"]) == 0
    assert _steps(run) == list(range(1, steps + 1))
    assert run_info(run).status == "finished" and not list(run.glob(".*.tmp"))


def test_ctrl_c_exits_130_and_prints_the_resume_command(tmp_path: Path) -> None:
    run, steps = tmp_path / "my run", 200
    argv = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32",
            "--block", "16", "--batch", "8", "--threads", "1", "--quiet", "--sample-chars", "0",
            "--steps", str(steps), "--run-dir", str(run)]
    code = "import sys; from gatelab.cli import train_main; sys.exit(train_main())"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with open(tmp_path / "out.txt", "wb") as out, open(tmp_path / "err.txt", "wb") as err:
        proc = subprocess.Popen([sys.executable, "-c", code, *argv], cwd=ROOT, env=env,
                                stdout=out, stderr=err)
    try:
        deadline = time.monotonic() + 120
        while _n_rows(run) < 20:
            assert proc.poll() is None and time.monotonic() < deadline, \
                (tmp_path / "err.txt").read_text()
            time.sleep(0.005)
        proc.send_signal(signal.SIGINT)
        rc = proc.wait(60)
    finally:
        proc.kill()
        proc.wait()
    out_text = (tmp_path / "out.txt").read_text()
    assert rc == 130, (tmp_path / "err.txt").read_text()
    assert "stopped: step" in out_text and "Traceback" not in (tmp_path / "err.txt").read_text()
    command = f"gatelab-train --run-dir '{run}' --resume"
    assert f"continue it with: {command}" in out_text
    assert run_info(run).status == "stopped"
    stopped_at = runs.load_checkpoint(run)["step"]
    assert 20 <= stopped_at < steps
    import shlex

    assert train_main(shlex.split(command)[1:] + ["--quiet"]) == 0  # the printed command works
    assert _steps(run) == list(range(1, steps + 1))


def test_second_ctrl_c_aborts_keeps_the_checkpoint_and_exits_130(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import threading

    class AbortAt(threading.Event):  # the engine asks once per step; the 12th ask is "Ctrl-C"
        asks = 0

        def is_set(self) -> bool:
            AbortAt.asks += 1
            if AbortAt.asks == 12:
                raise KeyboardInterrupt
            return False

    with pytest.raises(KeyboardInterrupt):
        list(train_steps(CFG, AbortAt(), run_dir=tmp_path / "r"))
    summary = json.loads((tmp_path / "r" / "run.json").read_text())
    assert summary["status"] == "interrupted" and run_info(tmp_path / "r").status == "interrupted"
    assert runs.load_checkpoint(tmp_path / "r")["step"] == 8  # the first eval's checkpoint stands

    def aborted(*_args: object, **_kwargs: object) -> object:
        raise KeyboardInterrupt
        yield  # a generator, like train_steps

    monkeypatch.setattr("gatelab.core.engine.train_steps", aborted)
    assert train_main(["--run-dir", str(tmp_path / "r"), "--resume", "--quiet"]) == 130
    err = capsys.readouterr().err
    assert f"gatelab-train --run-dir {tmp_path / 'r'} --resume" in err and "Traceback" not in err
