"""An experiment paused in the viewer wrote no checkpoint at the pause (only a run's own job
passed the engine its ``pausing`` question): a kill while paused lost the paused run's steps
since its last checkpoint. run_experiment and continue_experiment now pass ``pausing`` to every
run, and a step reported while it says True is checkpointed."""

from __future__ import annotations

import threading
from pathlib import Path

from gatelab.core.experiment import run_experiment
from gatelab.core.experiment_continue import continue_experiment
from gatelab.core.runs_read import load_checkpoint
from gatelab.core.trainconfig import Snapshot, TrainConfig

CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=12,
                  lr=3e-3, warmup_steps=3, eval_interval=12, eval_iters=1, threads=1,
                  stats=False, sample_chars=0, log_interval=1, checkpoint_interval=100_000)


class PauseAt:
    """``pausing`` saying True once, after the ``at``-th step of the experiment; on_snapshot
    reads the checkpoint of the run that reported the paused step."""

    def __init__(self, at: int) -> None:
        self.at, self.asked, self.saved = at, 0, None
        self.paused_step: int | None = None

    def pausing(self) -> bool:
        self.asked += 1
        return self.asked == self.at

    def on_snapshot(self, root: Path, variant: str, seed: int, snap: Snapshot) -> None:
        if self.asked == self.at and self.paused_step is None:
            self.paused_step = snap.step
            run = next(root.glob(f"exp*/{variant}-seed{seed}"))
            self.saved = int(load_checkpoint(run / "ckpt.pt")["step"])


def test_a_paused_experiment_run_is_checkpointed_at_the_step_it_pauses(tmp_path: Path) -> None:
    pause = PauseAt(at=5)
    res = run_experiment(["swiglu"], [1], CFG, root=tmp_path, pausing=pause.pausing,
                         on_snapshot=lambda v, s, snap: pause.on_snapshot(tmp_path, v, s, snap))
    assert res.status == "finished"
    assert pause.paused_step == 5 and pause.saved == 5  # (checkpoints: none due before step 12)


def test_a_continued_experiment_passes_pausing_too(tmp_path: Path) -> None:
    stop = threading.Event()

    def stop_in_the_second_run(variant: str, _seed: int, _snap: Snapshot) -> None:
        if variant == "gelu":
            stop.set()  # stopped mid-run: the experiment is left to be continued

    first = run_experiment(["swiglu", "gelu"], [1], CFG, stop, root=tmp_path,
                           on_snapshot=stop_in_the_second_run)
    assert first.status == "stopped"
    pause = PauseAt(at=3)
    res = continue_experiment(first.path, pausing=pause.pausing,
                              on_snapshot=lambda v, s, snap: pause.on_snapshot(tmp_path, v, s,
                                                                                snap))
    assert res.status == "finished"
    assert pause.paused_step is not None and pause.saved == pause.paused_step

