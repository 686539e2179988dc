"""A run killed after its last checkpoint, before it said "finished", finished from the CLI.

Why (hostile probe, session 11, kill -9 loop): such a run (run.json "running" under a dead
process, steps = steps_total, ckpt.pt at the last step, no final sample) was refused by
``gatelab-train --resume`` as "already completed" and stayed "interrupted" for good; an
experiment holding one could never be continued: each ``gatelab-experiment --continue`` failed
the same way and rewrote experiment.json as "failed". The GUI finished such runs already
(``run_samples.completed_unfinished``); now the CLI and ``continue_experiment`` do too, writing
the very sample the engine would have written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from gatelab.cli import experiment_main, train_main
from gatelab.core.engine import train_steps
from gatelab.core.run_samples import completed_unfinished
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
CFG = TrainConfig(corpus="generated", n_layer=1, n_head=2, n_embd=32, block_size=16,
                  batch_size=4, steps=6, eval_interval=3, eval_iters=1, threads=1,
                  checkpoint_interval=3, sample_chars=30, warmup_steps=1)


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _killed_at_its_end(run: Path) -> str:
    """What kill -9 during the final sample leaves: run.json "running" under a dead process,
    no samples.txt. Returns the sample the finished run had written."""
    sample = (run / "samples.txt").read_text()
    (run / "samples.txt").unlink()
    summary = json.loads((run / "run.json").read_text())
    summary.update(status="running", pid=_dead_pid(), pid_start="", heartbeat=0.0)
    (run / "run.json").write_text(json.dumps(summary))
    assert completed_unfinished(run, summary, ckpt_step=summary["steps_total"])
    return sample


def test_resume_finishes_it_with_the_engines_own_sample(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    list(train_steps(CFG, run_dir=run))
    sample = _killed_at_its_end(run)
    rows = (run / "metrics.jsonl").read_text()
    rc = train_main(["--run-dir", str(run), "--resume", "--quiet"])
    out = capsys.readouterr().out
    assert rc == 0
    assert out.startswith("finished: step 6/6; it had trained every step")
    summary = json.loads((run / "run.json").read_text())
    assert summary["status"] == "finished" and summary["steps"] == 6
    assert (run / "samples.txt").read_text() == sample  # same model, same seed: same text
    assert (run / "metrics.jsonl").read_text() == rows  # no step trained again
    assert train_main(["--run-dir", str(run), "--resume", "--quiet"]) == 2  # now: done


def test_a_run_without_statistics_is_finished_by_its_checkpoints_step(tmp_path: Path) -> None:
    """--no-stats keeps no statistics history, by which the GUI's rule knows the checkpoint
    holds the last step: the checkpoint's own step decides instead."""
    run = tmp_path / "run"
    list(train_steps(CFG.replace(stats=False), run_dir=run))
    sample = _killed_at_its_end(run)
    assert not completed_unfinished(run, json.loads((run / "run.json").read_text()))
    assert train_main(["--run-dir", str(run), "--resume", "--quiet"]) == 0
    assert json.loads((run / "run.json").read_text())["status"] == "finished"
    assert (run / "samples.txt").read_text() == sample


def test_an_older_checkpoint_still_resumes(tmp_path: Path) -> None:
    """run.json at the last step but ckpt.pt older (no such run is written, but a copied
    folder may be one): the checkpoint's step decides, and the rest is trained."""
    run = tmp_path / "run"
    list(train_steps(CFG.replace(steps=3), run_dir=run))
    summary = json.loads((run / "run.json").read_text())
    summary.update(status="running", pid=_dead_pid(), pid_start="", heartbeat=0.0, steps=6,
                   steps_total=6)
    (run / "run.json").write_text(json.dumps(summary))
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "6", "--quiet"]) == 0
    rows = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]
    assert [r["step"] for r in rows] == [1, 2, 3, 4, 5, 6]


def test_resume_with_more_steps_trains_on(tmp_path: Path) -> None:
    run = tmp_path / "run"
    list(train_steps(CFG, run_dir=run))
    _killed_at_its_end(run)
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "9", "--quiet"]) == 0
    summary = json.loads((run / "run.json").read_text())
    assert summary["status"] == "finished" and summary["steps"] == 9


TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "4", "--eval-interval", "3", "--eval-iters", "1", "--threads", "1",
        "--no-stats", "--sample-chars", "20", "--steps", "6", "--seeds", "1"]


def test_an_experiment_holding_one_is_continued(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert experiment_main(TINY + ["--quiet", "--out", str(tmp_path)]) == 0
    folder = next(tmp_path.glob("exp-*"))
    run = folder / "gelu-seed1337"
    sample = _killed_at_its_end(run)
    data = json.loads((folder / "experiment.json").read_text())
    data.update(status="running", pid=_dead_pid(), pid_start="", writer="dead")
    (folder / "experiment.json").write_text(json.dumps(data))
    capsys.readouterr()
    assert experiment_main(["--continue", str(folder), "--quiet"]) == 0, capsys.readouterr().err
    assert json.loads((folder / "experiment.json").read_text())["status"] == "finished"
    assert json.loads((run / "run.json").read_text())["status"] == "finished"
    assert (run / "samples.txt").read_text() == sample


def test_killed_between_its_final_checkpoint_and_run_json(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Probe s21 D1: a kill after ckpt.pt held the last step but before run.json was rewritten
    left run.json at the previous checkpoint's step and losses; --resume refused it as "already
    completed" and suggested the very command that failed, so it stayed interrupted for good.
    Now the checkpoint decides, and run.json gets all its steps and their last losses."""
    run = tmp_path / "run"
    list(train_steps(CFG, run_dir=run))
    done = json.loads((run / "run.json").read_text())
    _killed_at_its_end(run)
    summary = json.loads((run / "run.json").read_text())
    summary.update(steps=3, checkpoint_step=3, final_train_loss=9.0, final_val_loss=9.5)
    (run / "run.json").write_text(json.dumps(summary))
    assert train_main(["--run-dir", str(run), "--resume", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("finished: step 6/6")
    after = json.loads((run / "run.json").read_text())
    assert (after["status"], after["steps"], after["checkpoint_step"]) == ("finished", 6, 6)
    assert after["final_train_loss"] == pytest.approx(done["final_train_loss"])
    assert after["final_val_loss"] == pytest.approx(done["final_val_loss"])
    assert completed_unfinished(run, summary)  # the list's rule (stats history) agrees
