"""A kill just after ckpt.pt was written no longer costs that checkpoint's history entry
(kill probe s21 D6).

A checkpoint writes ckpt.pt, then stats.npz, then ``stats_history/step_N.npz`` and
``weights_step_N.pt``. Killed between ckpt.pt and those, the resume went on from step N but
never wrote step N's entry: the finished run's step slider (Inside the model) skipped it for
good. The resume now writes what is missing of it, measured as the engine measures a checkpoint
(the weights of step N on a training batch), without changing the loss curve; a run killed so
in its final checkpoint gets its last entry when ``--resume`` finishes it.

The kill is simulated as in test_runs_s9_killed_at_the_end.py: the files the kill left unwritten
are removed from a run the real trainer wrote.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest
import torch

from gatelab.core import stats_history
from gatelab.core.engine import train_steps
from gatelab.core.runs_read import load_checkpoint
from gatelab.core.stats_history import entry_path, read_stats_history, read_weights, weights_path
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=12,
                  eval_interval=4, eval_iters=2, threads=1, stats_interval=4,
                  checkpoint_interval=4, sample_chars=24, device="cpu", corpus="generated")


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The uninterrupted run."""
    run = tmp_path_factory.mktemp("whole") / "run"
    list(train_steps(CFG, run_dir=run))
    return run


@pytest.fixture(scope="module")
def at_8(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run as it stood when its checkpoint at step 8 was written (stopped there)."""
    run = tmp_path_factory.mktemp("at8") / "run"
    stop = threading.Event()
    for snap in train_steps(CFG, stop, run_dir=run):
        if snap.step >= 7:
            stop.set()
    assert load_checkpoint(run)["step"] == 8
    return run


def _killed_after_ckpt(src: Path, dst: Path, step: int, lost: tuple[str, ...]) -> Path:
    """``src`` as a kill right after its ckpt.pt of ``step`` leaves it: ``lost`` ("stats",
    "weights") of that step's history entry never written."""
    run = Path(shutil.copytree(src, dst))
    if "stats" in lost:
        entry_path(run, step).unlink()
    if "weights" in lost:
        weights_path(run, step).unlink()
    return run


def _curve(run: Path) -> list[tuple[int, float, float | None]]:
    rows = [json.loads(x) for x in (run / "metrics.jsonl").read_text().splitlines()]
    return [(r["step"], r["train_loss"], r.get("val_loss")) for r in rows]


@pytest.mark.parametrize("lost", [("stats", "weights"), ("weights",)])
def test_the_resume_writes_the_entry_of_the_step_it_resumes_from(
        tmp_path: Path, at_8: Path, whole: Path, lost: tuple[str, ...]) -> None:
    run = _killed_after_ckpt(at_8, tmp_path / "run", 8, lost)
    kept = entry_path(run, 8).read_bytes() if "stats" not in lost else None
    saved = load_checkpoint(run)["model"]
    list(train_steps(CFG, run_dir=run, resume=True))
    assert stats_history.history_steps(run) == [4, 8, 12]  # step 8 is back on the slider
    weights = read_weights(run, 8)
    assert weights is not None and weights.keys() == saved.keys()
    assert all(torch.equal(weights[k], saved[k]) for k in saved)  # the weights of step 8
    problems: list[str] = []
    assert [s for s, _ in read_stats_history(run, problems)] == [4, 8, 12] and not problems
    if kept is not None:  # an entry that was there is left as it was
        assert entry_path(run, 8).read_bytes() == kept
    assert _curve(run) == _curve(whole)  # the loss curve is the uninterrupted one
    assert (run / "samples.txt").read_text() == (whole / "samples.txt").read_text()


def test_a_run_without_statistics_gets_its_weights_only(tmp_path: Path) -> None:
    cfg = CFG.replace(stats=False, steps=8)
    run = tmp_path / "run"
    stop = threading.Event()
    for snap in train_steps(cfg, stop, run_dir=run):
        if snap.step >= 3:
            stop.set()
    weights_path(run, 4).unlink()
    list(train_steps(cfg, run_dir=run, resume=True))
    assert weights_path(run, 4).is_file() and not entry_path(run, 4).exists()


def test_an_entry_that_cannot_be_written_is_a_warning_not_a_failed_resume(
        tmp_path: Path, at_8: Path, whole: Path) -> None:
    run = _killed_after_ckpt(at_8, tmp_path / "run", 8, ("stats", "weights"))
    shutil.rmtree(run / "stats_history")
    (run / "stats_history").write_text("a file where the history folder goes")
    warnings: list[object] = []
    list(train_steps(CFG, run_dir=run, resume=True, on_warning=warnings.append))
    assert [getattr(w, "key", None) for w in warnings] == ["run.history_not_saved"]
    assert "stats_history" in str(warnings[0])
    assert _curve(run) == _curve(whole)
    assert json.loads((run / "run.json").read_text())["status"] == "finished"


def test_resume_finishes_a_run_killed_in_its_final_checkpoint_with_its_last_entry(
        tmp_path: Path, whole: Path) -> None:
    """Killed after the final ckpt.pt, before its entry and run.json (probe s21 D1, K=29..31):
    ``--resume`` finishes the run (its sample, "finished") and now writes step 12's entry."""
    from gatelab import cli

    run = _killed_after_ckpt(whole, tmp_path / "run", 12, ("stats", "weights"))
    (run / "samples.txt").unlink()
    summary = json.loads((run / "run.json").read_text())
    summary.update(status="running", pid=_dead_pid(), heartbeat=0.0, steps=8,
                   checkpoint_step=8)
    (run / "run.json").write_text(json.dumps(summary))
    ckpt_time = os.stat(run / "ckpt.pt").st_mtime_ns  # run.json last written before ckpt.pt
    os.utime(run / "run.json", ns=(ckpt_time - 10**9, ckpt_time - 10**9))
    assert cli.train_main(["--run-dir", str(run), "--resume", "--quiet"]) == 0
    after = json.loads((run / "run.json").read_text())
    assert (after["status"], after["steps"]) == ("finished", 12)
    assert (run / "samples.txt").read_text() == (whole / "samples.txt").read_text()
    assert stats_history.history_steps(run) == [4, 8, 12]
    assert read_weights(run, 12) is not None


def _dead_pid() -> int:
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid
