"""gatelab-experiment --continue of an experiment whose run was killed inside its final
checkpoint (kill probe s21 D1): after the final ckpt.pt, before its last statistics history
entry and run.json. The run is finished as ``gatelab-train --resume`` finishes it (the sample
of the uninterrupted run, "finished", its last history entry), never trained again, and the
experiment ends with the uninterrupted experiment's losses and verdict.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from gatelab.cli import experiment_main
from gatelab.core import engine
from gatelab.core.stats_history import entry_path, history_steps, weights_path

torch.set_num_threads(1)
ARGS = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "8", "--eval-interval", "4", "--eval-iters", "2", "--checkpoint-interval", "4",
        "--stats-interval", "4", "--threads", "1", "--sample-chars", "16", "--steps", "8",
        "--seeds", "1", "--variants", "swiglu,gelu", "--quiet"]
FIRST = "swiglu-seed1337"


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ref")
    assert experiment_main([*ARGS, "--out", str(out)]) == 0
    return next(out.glob("exp-*"))


def _killed_in_first_runs_final_checkpoint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> Path:
    """The experiment stopped as its second run began, its first run then put back as a kill
    inside its final checkpoint leaves it (run.json of the checkpoint before and older than
    ckpt.pt, "running" under a dead process; no step-8 history entry, no sample)."""
    real = engine.train_steps

    def stop_in_second_run(config, stop, **kw):  # type: ignore[no-untyped-def]
        for snap in real(config, stop, **kw):
            yield snap
            if Path(kw["run_dir"]).name != FIRST:
                stop.set()

    monkeypatch.setattr(engine, "train_steps", stop_in_second_run)
    assert experiment_main([*ARGS, "--out", str(tmp_path)]) == 130
    monkeypatch.setattr(engine, "train_steps", real)
    capsys.readouterr()
    folder = next(tmp_path.glob("exp-*"))
    run = folder / FIRST
    entry_path(run, 8).unlink()
    weights_path(run, 8).unlink()
    (run / "samples.txt").unlink()
    summary = json.loads((run / "run.json").read_text())
    summary.update(status="running", pid=_dead_pid(), heartbeat=0.0, steps=4, checkpoint_step=4)
    (run / "run.json").write_text(json.dumps(summary))
    ckpt_time = os.stat(run / "ckpt.pt").st_mtime_ns
    os.utime(run / "run.json", ns=(ckpt_time - 10**9, ckpt_time - 10**9))
    return folder


def test_continue_finishes_the_run_and_the_experiment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        reference: Path) -> None:
    folder = _killed_in_first_runs_final_checkpoint(tmp_path, monkeypatch, capsys)
    real, trained = engine.train_steps, []

    def recording(config, stop, **kw):  # type: ignore[no-untyped-def]
        trained.append(Path(kw["run_dir"]).name)
        yield from real(config, stop, **kw)

    monkeypatch.setattr(engine, "train_steps", recording)
    assert experiment_main(["--continue", str(folder), "--quiet"]) == 0, capsys.readouterr().err
    assert trained == ["gelu-seed1337"]  # the killed run is finished, not trained again
    run = folder / FIRST
    summary = json.loads((run / "run.json").read_text())
    assert (summary["status"], summary["steps"]) == ("finished", 8)
    assert (run / "samples.txt").read_text() == (reference / FIRST / "samples.txt").read_text()
    assert history_steps(run) == [4, 8] and weights_path(run, 8).is_file()
    got, want = (json.loads((f / "experiment.json").read_text()) for f in (folder, reference))
    assert got["status"] == "finished"
    assert [v["final_val"] for v in got["variants"]] == [v["final_val"] for v in want["variants"]]
    assert got["verdict"] == want["verdict"]
