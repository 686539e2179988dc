"""One writer per run folder (``run_lock``), and the stats history's stale temp files.

Why (hostile probe, session 11, #3): two ``gatelab-train --resume`` of one folder both passed
the busy test (run.json, read seconds after the checkpoint, with nothing held between) and both
trained the folder; a resume slow to start rewound a run the other had just finished (its last
steps, checkpoint and sample were lost), both exiting 0. Now the folder is locked before
anything of it is read and stays locked until the run's writer closes.
#9: a kill during a stats-history write left its ``.step_*.npz.*.tmp`` in stats_history/ for
good; the stale-temp sweep now cleans that subfolder too.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch

from gatelab.core import engine
from gatelab.core.engine import train_steps
from gatelab.core.run_lock import claim_run, folder_locked, lock_holder
from gatelab.core.runs import RunError, delete_run
from gatelab.core.stats_history import HISTORY_DIR
from gatelab.core.temp_files import SWEPT_SUBFOLDERS, remove_stale_tmp
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
CFG = TrainConfig(corpus="generated", n_layer=1, n_head=2, n_embd=16, block_size=16,
                  batch_size=2, steps=4, eval_interval=10, eval_iters=1, threads=1,
                  checkpoint_interval=5, sample_chars=10, device="cpu")
LINUX_LOCKS = os.path.exists("/proc/locks")


def _files(run: Path) -> dict[str, bytes]:
    return {str(f.relative_to(run)): f.read_bytes() for f in sorted(run.rglob("*")) if f.is_file()}


def _steps(run: Path) -> list[int]:
    return [json.loads(line)["step"] for line in (run / "metrics.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 4-step run (checkpoint at 4), to be resumed further; copy it before use."""
    run = tmp_path_factory.mktemp("lock") / "run"
    list(train_steps(CFG, run_dir=run))
    return run


def test_a_resume_of_a_held_folder_is_refused_before_reading_it(
        template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    shutil.copytree(template, run)
    before, read = _files(run), []
    monkeypatch.setattr(engine, "read_checkpoint", lambda *a: read.append(a))
    lock = claim_run(run)  # what another process's resume holds (run.json: "finished")
    try:
        with pytest.raises(RunError) as info:
            next(train_steps(CFG.replace(steps=8), run_dir=run, resume=True))
    finally:
        lock.release()
    assert info.value.msg.key == "run.busy"
    holder = os.getpid() if LINUX_LOCKS else None  # (the lock table names it; else run.json)
    if holder is not None:
        assert str(info.value) == (f"{run} is still being trained by process {holder} on "
                                   f"{info.value.msg.values['host']}; stop that run first")
    assert read == [] and _files(run) == before  # nothing read, nothing written


def test_the_lock_is_held_while_training_and_released_on_every_exit(template: Path,
                                                                    tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(template, run)
    steps = train_steps(CFG.replace(steps=8, log_interval=1), run_dir=run, resume=True)
    next(steps)
    assert folder_locked(run)
    steps.close()  # a dropped generator (the GUI's Stop, a closed window): "stopped"
    assert not folder_locked(run)
    assert json.loads((run / "run.json").read_text())["status"] == "stopped"
    with pytest.raises(ValueError, match="already completed"):  # refused after the claim
        next(train_steps(CFG.replace(steps=3), run_dir=run, resume=True))
    assert not folder_locked(run)
    list(train_steps(CFG.replace(steps=8), run_dir=run, resume=True))
    assert not folder_locked(run) and _steps(run) == list(range(1, 9))
    fresh = tmp_path / "fresh"
    new = train_steps(CFG, run_dir=fresh)  # a new run: its writer takes the lock
    next(new)
    assert folder_locked(fresh)
    with pytest.raises(RunError):
        claim_run(fresh)
    new.close()
    assert not folder_locked(fresh)


def test_a_killed_holder_leaves_the_folder_free(tmp_path: Path) -> None:
    """kill -9 of the holder frees the folder at once: no lock file goes stale."""
    code = ("import sys, time; from gatelab.core.run_lock import claim_run; "
            "lock = claim_run(sys.argv[1]); print('held', flush=True); time.sleep(60)")
    child = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "held\n"
        assert folder_locked(tmp_path)
        if LINUX_LOCKS:
            assert lock_holder(tmp_path) == child.pid
        with pytest.raises(RunError):
            claim_run(tmp_path)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        if child.stdout is not None:
            child.stdout.close()
    assert not folder_locked(tmp_path) and lock_holder(tmp_path) is None
    claim_run(tmp_path).release()
    assert os.listdir(tmp_path) == []  # the lock adds no file to the folder


WORKER = r"""
import contextlib, io, json, sys, time
from pathlib import Path
from gatelab.cli import train_main
import gatelab.core.run_writer as rw

run, ctl, name = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
orig = rw.RunWriter.__init__
for r in range(1000):
    go = ctl / f"go{r}"
    while not go.exists():
        if (ctl / "end").exists():
            sys.exit(0)
        time.sleep(0.002)
    order = json.loads(go.read_text())[name]
    time.sleep(order["wait"])
    def slow(self, *a, _s=order["slow"], **k):  # a slow start after the checkpoint was read
        time.sleep(_s)
        orig(self, *a, **k)
    rw.RunWriter.__init__ = slow if order["slow"] else orig
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = train_main(["--run-dir", run, "--resume", "--quiet", "--steps", str(order["steps"])])
    (ctl / f"part_{name}").write_text(json.dumps({"rc": rc, "err": err.getvalue()}))
    (ctl / f"part_{name}").replace(ctl / f"{name}{r}.json")  # whole, or not there yet
"""


def _race(template: Path, run: Path, ctl: Path, workers: dict[str, subprocess.Popen[bytes]],
          r: int, orders: dict[str, dict[str, float]]) -> dict[str, dict[str, object]]:
    """Round ``r``: a fresh copy of ``template`` in ``run``, both workers told to go at once;
    their (rc, stderr)."""
    shutil.rmtree(run, ignore_errors=True)
    shutil.copytree(template, run)
    (ctl / "orders").write_text(json.dumps(orders))
    (ctl / "orders").replace(ctl / f"go{r}")  # both see it whole, at once
    deadline = time.monotonic() + 120
    results = {}
    for name in workers:
        done = ctl / f"{name}{r}.json"
        while not done.exists():
            assert time.monotonic() < deadline and workers[name].poll() is None, f"{name} hung"
            time.sleep(0.01)
        results[name] = json.loads(done.read_text())
    return results


def test_two_processes_resuming_one_folder_never_both_train(template: Path,
                                                            tmp_path: Path) -> None:
    """Two real processes, many rounds: exactly one trains, the other is refused in one line
    (still being trained, or already completed when it came after), every step is in
    metrics.jsonl once, and a resume slow to start is never overtaken (the rewind)."""
    run, ctl = tmp_path / "run", tmp_path / "ctl"
    ctl.mkdir()
    env = {**os.environ, "GATELAB_HOME": str(tmp_path / "home")}
    workers = {n: subprocess.Popen([sys.executable, "-c", WORKER, str(run), str(ctl), n], env=env)
               for n in ("a", "b")}
    try:
        rounds = 8
        for r in range(rounds):
            same = {"steps": 40, "slow": 0, "wait": 0}
            res = _race(template, run, ctl, workers, r, {"a": same, "b": same})
            assert sorted(x["rc"] for x in res.values()) == [0, 2], res
            loser = next(x for x in res.values() if x["rc"] == 2)
            assert loser["err"].count("\n") == 1, loser
            assert ("is still being trained by process" in loser["err"]
                    or "already completed 40 steps" in loser["err"]), loser
            assert _steps(run) == list(range(1, 41))
            summary = json.loads((run / "run.json").read_text())
            assert (summary["status"], summary["steps"]) == ("finished", 40)
            assert torch.load(run / "ckpt.pt", weights_only=True)["step"] == 40
        # a's start is slow after it read the checkpoint (a loaded machine); b asks for more
        slow = {"a": {"steps": 30, "slow": 2.0, "wait": 0}, "b": {"steps": 60, "slow": 0, "wait": 0.7}}
        res = _race(template, run, ctl, workers, rounds, slow)
        assert (res["a"]["rc"], res["b"]["rc"]) == (0, 2), res
        assert res["b"]["err"].startswith(f"gatelab-train: error: {run} is still being trained "
                                          f"by process ")
        if LINUX_LOCKS:
            assert f"by process {workers['a'].pid} on " in res["b"]["err"]
        assert _steps(run) == list(range(1, 31))
        assert torch.load(run / "ckpt.pt", weights_only=True)["step"] == 30
    finally:
        (ctl / "end").write_text("")
        for proc in workers.values():
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def test_stale_history_temp_files_are_swept(template: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(template, run)
    history = run / HISTORY_DIR
    assert HISTORY_DIR in SWEPT_SUBFOLDERS and history.is_dir()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        stale = [history / f".step_000017.npz.6uikkkql.{dead.pid}.tmp",
                 history / f".weights_step_000004.pt.t8ddhtz5.{dead.pid}.tmp"]
        kept = history / f".step_000021.npz.abcdefgh.{live.pid}.tmp"
        for f in [*stale, kept]:
            f.write_bytes(b"partial")
        assert sorted(remove_stale_tmp(run)) == sorted(f"{HISTORY_DIR}/{f.name}" for f in stale)
        assert kept.exists() and not any(f.exists() for f in stale)
        for f in stale:  # and a resume's writer sweeps them too
            f.write_bytes(b"partial")
        list(train_steps(CFG.replace(steps=6), run_dir=run, resume=True))
        assert kept.exists() and not any(f.exists() for f in stale)
    finally:
        live.kill()
        live.wait()


def test_a_locked_run_is_not_deleted(template: Path, tmp_path: Path) -> None:
    """A resume that is starting holds the lock while run.json still says "finished": deleting
    the folder then would pull it from under that run."""
    run = tmp_path / "run"
    shutil.copytree(template, run)
    lock = claim_run(run)
    try:
        with pytest.raises(RunError) as info:
            delete_run(run)
        assert info.value.msg.key in ("run.busy", "run.locked") and run.is_dir()
    finally:
        lock.release()
    delete_run(run)
    assert not run.exists()
