"""A pause clicked between the engine's "pausing?" question and the worker's wait (a full-suite
run under load, 2026-12-04): the run paused at a step with no checkpoint, so a kill while paused
lost every step since the last one. The pause now takes effect at a checkpointed step."""

from __future__ import annotations

from pathlib import Path

import pytest

from gatelab.core.runs_read import load_checkpoint
from gatelab.core.trainconfig import Snapshot, TrainConfig
from gatelab.ui.trainer_jobs import training_iter
from gatelab.ui.trainer_worker import JobWorker, snapshot_job
from tests.ui.test_trainer_worker import controller  # noqa: F401 (fixture)

CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=4, steps=100_000,
                  eval_interval=50_000, eval_iters=1, threads=1, stats_interval=50_000, log_interval=1,
                  checkpoint_interval=100_000, sample_chars=0, device="cpu", corpus="generated")


def _saved_step(run: Path) -> int | None:
    try:
        return int(load_checkpoint(run / "ckpt.pt")["step"])
    except (OSError, KeyError, RuntimeError, ValueError):
        return None


def test_a_pause_in_the_window_after_the_engines_question_still_checkpoints(
        qtbot, controller, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    run = tmp_path / "run"
    report = JobWorker.report
    clicked: list[int] = []

    def report_then_click(self: JobWorker, snap: Snapshot, *args: object, **kwargs: object) -> None:
        report(self, snap, *args, **kwargs)  # type: ignore[arg-type]
        if snap.step == 3 and not clicked:  # the engine asked "pausing?" for step 3: no
            clicked.append(snap.step)
            self.set_paused(True)  # what controller.pause() does from the GUI thread

    monkeypatch.setattr(JobWorker, "report", report_then_click)
    controller.start(snapshot_job(training_iter(CFG, str(run)), final_sample=True), interval_s=0.0)
    controller._set_state("paused")  # type: ignore[attr-defined]  # (as pause() would say)

    def delivered() -> list[int]:
        return [row["step"] for p in controller.progress for row in p.rows]

    qtbot.waitUntil(lambda: bool(clicked) and _saved_step(run) is not None, timeout=30000)
    saved = _saved_step(run)
    qtbot.wait(300)  # paused: nothing more is trained, saved or delivered
    assert _saved_step(run) == saved == delivered()[-1] == 4  # one more step, checkpointed
    assert delivered() == [1, 2, 3, 4] and not controller.done
    controller.resume()
    qtbot.waitUntil(lambda: len(delivered()) >= 8, timeout=30000)
    controller.stop()
    qtbot.waitUntil(lambda: bool(controller.done), timeout=30000)
    assert controller.done[0].status == "stopped"
