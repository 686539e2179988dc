"""A run killed while it wrote its final sample (a kill -9 probe, session 9): every step trained
and checkpointed, yet run.json still said "running". It was listed "interrupted" for good,
Resume refused it ("already completed 400 steps") and a replay wrote no sample. Resuming an
unfinished run also took the stale form's Steps (1000) and turned a 400-step run into a
1000-step one."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gatelab.core import run_liveness
from gatelab.core.run_samples import append_sample, completed_unfinished
from gatelab.core.trainconfig import TrainConfig
from gatelab.paths import runs_dir

from .conftest import trainer_with

CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=8,
                  eval_interval=4, eval_iters=2, threads=1, stats_interval=4,
                  checkpoint_interval=4, sample_chars=20, device="cpu", corpus="generated")


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _killed(run: Path, at_step: int | None = None) -> Path:
    """``run`` as a kill -9 leaves it: run.json "running" under a dead process, no sample;
    ``at_step`` also cuts the run back to an earlier checkpoint's step (killed mid-run)."""
    summary = json.loads((run / "run.json").read_text())
    summary.update(status="running", pid=_dead_pid(), host=run_liveness.host_name(),
                   pid_start="", heartbeat=0.0)
    if at_step is not None:  # (and the statistics history, written after each checkpoint)
        summary["steps"] = at_step
        for entry in (run / "stats_history").glob("step_*.npz"):
            if int(entry.stem.split("_")[1]) > at_step:
                entry.unlink()
    (run / "run.json").write_text(json.dumps(summary))
    (run / "samples.txt").unlink(missing_ok=True)
    return run


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from gatelab.core.engine import train_steps

    run = tmp_path_factory.mktemp("killed") / "run"
    list(train_steps(CFG, run_dir=run))
    return run


@pytest.fixture(scope="module")
def halfway(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A run stopped at step 4 of 8 (its checkpoint at 4), as a kill mid-run leaves one."""
    import threading

    from gatelab.core.engine import train_steps

    run = tmp_path_factory.mktemp("killed") / "half"
    stop = threading.Event()
    for snap in train_steps(CFG, stop, run_dir=run):
        if snap.step >= 4:
            stop.set()
    return run


def _copy(template: Path, name: str) -> Path:
    import shutil

    return Path(shutil.copytree(template, runs_dir() / name))


def test_core_finishes_a_run_killed_after_its_last_checkpoint(template: Path) -> None:
    run = _killed(_copy(template, "done-but-running"))
    summary = json.loads((run / "run.json").read_text())
    assert completed_unfinished(run, summary)
    assert append_sample(run, 8, "a sample")
    after = json.loads((run / "run.json").read_text())
    assert after["status"] == "finished" and "step 8" in (run / "samples.txt").read_text()
    mid = _killed(_copy(template, "killed-mid-run"), at_step=4)
    assert not completed_unfinished(mid, json.loads((mid / "run.json").read_text()))


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    widget = trainer_with(qtbot, CFG.replace(steps=1000))  # a stale form: Steps 1000
    yield widget
    widget.shutdown()


def test_resume_of_a_run_killed_at_its_end_writes_its_sample_and_finishes_it(
        qtbot, panel, template: Path) -> None:  # noqa: ANN001
    run = _killed(_copy(template, "resume-at-end"))
    panel.controls.steps.setValue(8)  # nothing more wanted: finish it
    assert panel.resume_run(str(run))
    qtbot.waitUntil(lambda: json.loads((run / "run.json").read_text())["status"] == "finished",
                    timeout=30000)
    assert "step 8" in (run / "samples.txt").read_text()
    assert not panel.controller.is_busy() and panel.run_dir == str(run)  # replayed, not trained
    assert panel.bar.error.isHidden()
    # the list follows: it kept "interrupted" until the run was opened again
    qtbot.waitUntil(lambda: (row := panel.runs.row_for(str(run))) is not None
                    and row.status == "finished", timeout=10000)


def test_resume_of_an_unfinished_run_keeps_its_own_steps(qtbot, panel, halfway: Path) -> None:  # noqa: ANN001
    run = _killed(_copy(halfway, "resume-mid"))
    assert json.loads((run / "run.json").read_text())["steps"] < 8
    assert panel.controls.steps.value() == 1000  # the stale form
    assert panel.resume_run(str(run))
    qtbot.waitUntil(lambda: panel.run_state in ("finished", "error"), timeout=60000)
    summary = json.loads((run / "run.json").read_text())
    assert panel.run_state == "finished", panel.bar.error.text()
    assert summary["steps_total"] == 8 and summary["steps"] == 8 and summary["status"] == "finished"
    assert panel.controls.steps.value() == 8  # the form shows what trained


def test_pause_checkpoints_the_step_it_stops_at(qtbot, panel) -> None:  # noqa: ANN001
    """A kill during a pause lost every step since the last checkpoint (212 in the probe): no
    checkpoint was taken at the pause."""
    import time

    from gatelab.core.runs_read import load_checkpoint

    panel.controls.set_config(CFG.replace(steps=100_000, eval_interval=50_000, stats_interval=0,
                                          checkpoint_interval=100_000, sample_chars=0))
    assert panel.start()
    qtbot.waitUntil(lambda: len(panel.plots.history.steps) >= 3, timeout=30000)
    panel.bar.btn_pause.click()

    def saved_step() -> int | None:
        try:
            return int(load_checkpoint(Path(panel.run_dir) / "ckpt.pt")["step"])
        except Exception:  # not written yet, or being replaced
            return None

    # the step under way finishes (slowly on a busy machine), is reported and checkpointed
    qtbot.waitUntil(lambda: saved_step() == panel.plots.history.steps[-1], timeout=30000)
    paused_at = panel.plots.history.steps[-1]
    time.sleep(1.0)
    qtbot.wait(200)
    assert panel.plots.history.steps[-1] == paused_at == saved_step() > 1  # paused there
    panel.bar.btn_stop.click()
    qtbot.waitUntil(lambda: not panel.controller.is_busy(), timeout=30000)
