"""Resume training of a run killed inside its final checkpoint (kill probe s21 D1).

The kill came after the final ckpt.pt had replaced the old one, before the last statistics
history entry and run.json were written: run.json still said step 4 of 8 (the heartbeat of the
checkpoint before), while ckpt.pt held step 8. ``gatelab-train --resume`` finishes such a run;
the trainer's Resume training decided from the statistics history (to keep torch unloaded), did
not see that every step was trained and refused it: "Could not resume: the run already
completed 8 steps; ask for more than that to continue it". It now finishes it as the command
does: the sample the uninterrupted run wrote, "finished", and the missing history entry.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from gatelab.core import run_liveness
from gatelab.core.stats_history import entry_path, history_steps, weights_path
from gatelab.paths import runs_dir

from .conftest import trainer_with
from .test_runs_s9_killed_at_the_end import CFG, _dead_pid  # the same tiny run, killed


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The uninterrupted run."""
    from gatelab.core.engine import train_steps

    run = tmp_path_factory.mktemp("whole") / "run"
    list(train_steps(CFG, run_dir=run))
    return run


def _killed_in_final_checkpoint(template: Path, name: str, entry_lost: bool = True) -> Path:
    """``template`` as a kill after its final ckpt.pt, before the last history entry (unless
    not ``entry_lost``: killed after it) and run.json, leaves it (run.json of the checkpoint
    before, older than ckpt.pt; no sample)."""
    run = Path(shutil.copytree(template, runs_dir() / name))
    if entry_lost:
        entry_path(run, 8).unlink()
        weights_path(run, 8).unlink()
    (run / "samples.txt").unlink()
    summary = json.loads((run / "run.json").read_text())
    summary.update(status="running", pid=_dead_pid(), host=run_liveness.host_name(),
                   pid_start="", heartbeat=0.0, steps=4, checkpoint_step=4)
    (run / "run.json").write_text(json.dumps(summary))
    ckpt_time = os.stat(run / "ckpt.pt").st_mtime_ns
    os.utime(run / "run.json", ns=(ckpt_time - 10**9, ckpt_time - 10**9))
    return run


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    widget = trainer_with(qtbot, CFG)
    yield widget
    widget.shutdown()


def _status(run: Path) -> str:
    return json.loads((run / "run.json").read_text())["status"]


@pytest.mark.parametrize("entry_lost", [True, False])
def test_resume_finishes_a_run_killed_inside_its_final_checkpoint(
        qtbot, panel, template: Path, entry_lost: bool) -> None:  # noqa: ANN001
    run = _killed_in_final_checkpoint(template, f"killed-in-final-ckpt-{entry_lost}", entry_lost)
    assert panel.resume_run(str(run))
    qtbot.waitUntil(lambda: _status(run) == "finished" or bool(panel.bar.error.text()),
                    timeout=30000)
    assert panel.bar.error.text() == "" and _status(run) == "finished"
    summary = json.loads((run / "run.json").read_text())
    assert summary["steps"] == 8 and summary["checkpoint_step"] == 8
    # the sample the uninterrupted run wrote (same model, same seed), not one of the replay's
    assert (run / "samples.txt").read_text() == (template / "samples.txt").read_text()
    assert history_steps(run) == [4, 8] and weights_path(run, 8).is_file()
    assert not panel.controller.is_busy()  # finished, not trained again
    # the page replays the finished run and the list follows
    qtbot.waitUntil(lambda: panel.run_dir == str(run), timeout=10000)
    qtbot.waitUntil(lambda: (row := panel.runs.row_for(str(run))) is not None
                    and row.status == "finished", timeout=10000)


def test_a_larger_steps_in_the_form_trains_it_on(qtbot, panel, template: Path) -> None:  # noqa: ANN001
    """Steps 12 in the form: a run that trained all of its 8 steps extends to 12, as before."""
    run = _killed_in_final_checkpoint(template, "killed-extend")
    panel.controls.steps.setValue(12)
    assert panel.resume_run(str(run))
    qtbot.waitUntil(lambda: panel.run_state in ("finished", "error"), timeout=60000)
    assert panel.run_state == "finished", panel.bar.error.text()
    summary = json.loads((run / "run.json").read_text())
    assert (summary["status"], summary["steps"], summary["steps_total"]) == ("finished", 12, 12)
    assert history_steps(run) == [4, 8, 12]  # step 8's entry written by the resume


def test_opening_a_run_killed_after_its_last_entry_finishes_it(qtbot, panel, template: Path  # noqa: ANN001
                                                               ) -> None:
    """Open (a replay) owes an ended run its sample: a run that trained every step got one
    sampled with seed 0 from the replay, headed with run.json's older step, and stayed
    "interrupted"; it is now finished as Resume finishes it."""
    run = _killed_in_final_checkpoint(template, "killed-open", entry_lost=False)
    assert panel.open_run(str(run))
    qtbot.waitUntil(lambda: _status(run) == "finished" or bool(panel.bar.error.text()),
                    timeout=30000)
    assert _status(run) == "finished", panel.bar.error.text()
    assert (run / "samples.txt").read_text() == (template / "samples.txt").read_text()
    assert json.loads((run / "run.json").read_text())["steps"] == 8
    qtbot.waitUntil(lambda: not panel._finishing and panel.run_dir == str(run), timeout=10000)
    assert not panel.controller.is_busy()
