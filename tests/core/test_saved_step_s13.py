"""A crashed run is listed at the step it is saved at: its checkpoint's, which a resume continues
from, not run.json's heartbeat step.

Why: after a kill -9 the Runs list and the launch notice said "94/2000" while ckpt.pt held step
80 and the resume went on from 80 (steps 81–94 are trained again). The writer now records the
checkpoint's step in run.json (``checkpoint_step``); a folder without it (an older gatelab) or
with a run.json older than its ckpt.pt has the step read from the checkpoint.

A crash is simulated as in test_runs_crash.py: the run folder is copied while the real trainer
writes it, which is exactly what a kill -9 at that moment leaves on disk. Every snapshot beats
the heartbeat here (HEARTBEAT_S = 0), so run.json runs ahead of the checkpoint as it does after
10 s of training.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import torch

from gatelab.core import run_writer
from gatelab.core.engine import train_steps
from gatelab.core.run_saved_step import CHECKPOINT_STEP_KEY, checkpoint_file_step, saved_step
from gatelab.core.runs import load_checkpoint, run_info
from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.trainer_jobs import run_rows

torch.set_num_threads(1)
# checkpoints at steps 4 and 8 (every 4, and the first eval at 8); stopped at 6 or 2 by "a kill"
CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=16,
                  eval_interval=8, eval_iters=2, threads=1, stats_interval=4, sample_chars=0,
                  checkpoint_interval=4, device="cpu")


def crashed_run(folder: Path, at_step: int) -> Path:
    """The folder a kill -9 right after step ``at_step`` leaves (``folder``/crash), every step's
    heartbeat written, trained by the real engine and writer."""
    saved = run_writer.HEARTBEAT_S
    run_writer.HEARTBEAT_S = 0.0  # each snapshot rewrites run.json, as a 10 s heartbeat does
    steps = train_steps(CFG, run_dir=folder / "run")
    try:
        for snap in steps:
            if snap.step == at_step:
                shutil.copytree(folder / "run", folder / "crash")  # (keeps the files' times)
                break
    finally:
        steps.close()  # the original stops; the copy's writer is closed: "interrupted"
        run_writer.HEARTBEAT_S = saved
    return folder / "crash"


def summary(run: Path) -> dict[str, object]:
    return json.loads((run / "run.json").read_text())


def test_a_crash_past_a_checkpoint_lists_the_checkpoint_step(tmp_path: Path) -> None:
    crash = crashed_run(tmp_path, at_step=6)
    assert load_checkpoint(crash)["step"] == 4
    assert summary(crash)["steps"] == 6 and summary(crash)[CHECKPOINT_STEP_KEY] == 4
    info = run_info(crash)
    assert (info.status, info.steps, info.saved_step, info.kept_steps()) == ("interrupted", 6, 4, 4)
    assert info.steps_text() == "4/16"  # was "6/16": steps 5 and 6 are not kept
    rows = {Path(r.path).name: r for r in run_rows(tmp_path)}
    assert (rows["crash"].steps, rows["crash"].status) == ("4/16", "interrupted")
    assert (rows["run"].steps, rows["run"].status) == ("6/16", "stopped")  # saved at its stop
    # and the resume continues from exactly that step
    first = next(iter(train_steps(CFG, run_dir=crash, resume=True)))
    assert first.step == 5


def test_a_crash_before_the_first_checkpoint_is_saved_at_step_0(tmp_path: Path) -> None:
    crash = crashed_run(tmp_path, at_step=2)
    assert not (crash / "ckpt.pt").exists() and summary(crash)["steps"] == 2
    info = run_info(crash)
    assert (info.status, info.saved_step, info.steps_text()) == ("interrupted", 0, "0/16")
    assert next(iter(train_steps(CFG, run_dir=crash, resume=True))).step == 1


def test_a_folder_without_the_record_reads_the_checkpoint(tmp_path: Path) -> None:
    crash = crashed_run(tmp_path, at_step=6)
    old = summary(crash)
    del old[CHECKPOINT_STEP_KEY]  # as a gatelab before this record wrote it
    (crash / "run.json").write_text(json.dumps(old))
    assert checkpoint_file_step(crash / "ckpt.pt") == 4
    info = run_info(crash)
    assert (info.status, info.saved_step, info.steps_text()) == ("interrupted", 4, "4/16")


def test_a_run_json_older_than_the_checkpoint_is_not_believed(tmp_path: Path) -> None:
    # killed after ckpt.pt was replaced, before run.json named its step: the file decides
    crash = crashed_run(tmp_path, at_step=6)
    (crash / "run.json").write_text(json.dumps({**summary(crash), CHECKPOINT_STEP_KEY: 0}))
    ckpt_time = os.stat(crash / "ckpt.pt").st_mtime_ns
    os.utime(crash / "run.json", ns=(ckpt_time - 10**9, ckpt_time - 10**9))
    assert run_info(crash).saved_step == 4
    os.utime(crash / "run.json", ns=(ckpt_time, ckpt_time))  # written with or after it: believed
    assert run_info(crash).saved_step == 0


@pytest.mark.parametrize("recorded", [2**63, -1, "4", True, None, [4]])
def test_an_implausible_record_falls_back_to_the_checkpoint(tmp_path: Path, recorded: object) -> None:
    crash = crashed_run(tmp_path, at_step=6)
    (crash / "run.json").write_text(json.dumps({**summary(crash), CHECKPOINT_STEP_KEY: recorded}))
    info = run_info(crash)
    assert (info.saved_step, info.steps_text(), info.error) == (4, "4/16", "")


def test_a_damaged_checkpoint_keeps_the_step_reached(tmp_path: Path) -> None:
    crash = crashed_run(tmp_path, at_step=6)
    data = summary(crash)
    del data[CHECKPOINT_STEP_KEY]
    (crash / "run.json").write_text(json.dumps(data))
    (crash / "ckpt.pt").write_bytes(b"half a checkpoint")
    assert checkpoint_file_step(crash / "ckpt.pt") is None
    assert saved_step(crash, data, 16) is None
    assert run_info(crash).steps_text() == "6/16"  # unknown: as before (the resume says why)
    (crash / "ckpt.pt").unlink()
    os.mkfifo(crash / "ckpt.pt")  # never opened for reading by torch (it would block)
    assert checkpoint_file_step(crash / "ckpt.pt") is None


def test_finished_and_resumed_runs_keep_their_record(tmp_path: Path) -> None:
    run = tmp_path / "run"
    list(train_steps(CFG.replace(steps=8), run_dir=run))
    assert summary(run)[CHECKPOINT_STEP_KEY] == 8
    info = run_info(run)
    assert (info.status, info.saved_step, info.steps_text()) == ("finished", None, "8/8")
    gen = train_steps(CFG.replace(steps=16), run_dir=run, resume=True)
    assert next(gen).step == 9
    assert summary(run)[CHECKPOINT_STEP_KEY] == 8  # the resumed checkpoint, until the next one
    gen.close()  # a stop: checkpointed at the step reached
    data = summary(run)
    assert data["status"] == "stopped" and data[CHECKPOINT_STEP_KEY] == data["steps"] == 9
    assert run_info(run).steps_text() == "9/16"


def test_an_older_folder_reads_its_checkpoint_once_per_version(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gatelab.core import run_saved_step

    crash = crashed_run(tmp_path, at_step=6)
    data = summary(crash)
    del data[CHECKPOINT_STEP_KEY]
    (crash / "run.json").write_text(json.dumps(data))
    calls: list[Path] = []
    real = run_saved_step.checkpoint_file_step
    monkeypatch.setattr(run_saved_step, "checkpoint_file_step",
                        lambda path, total=None: calls.append(path) or real(path, total))
    assert [run_info(crash).saved_step for _ in range(3)] == [4, 4, 4]
    assert len(calls) == 1  # the list's refreshes do not read it again
    assert saved_step(crash, data, 3) is None  # a step past the total is not believed
    list(train_steps(CFG.replace(steps=8), run_dir=crash, resume=True))  # a new checkpoint: 8
    assert saved_step(crash, data, 16) == 8 and len(calls) == 2


def test_a_crash_lists_the_losses_of_its_checkpoint_step(tmp_path: Path) -> None:
    """Re-walk s13 P1: "40/3000" stood beside the loss of step 49 (run.json's latest)."""
    from gatelab.core.runs import load_run

    crash = crashed_run(tmp_path, at_step=6)
    rows = {row["step"]: row for row in load_run(crash).metrics}
    info = run_info(crash)
    assert info.kept_steps() == 4
    assert info.final_train_loss == pytest.approx(rows[4]["train_loss"])  # not step 6's
    assert info.final_train_loss != pytest.approx(rows[6]["train_loss"])
    assert info.final_val_loss is None  # no evaluation by step 4 (the first is at 8)
    finished = run_info(tmp_path / "run")  # stopped at its last step: its own, as before
    assert finished.final_train_loss == pytest.approx(rows[6]["train_loss"])
