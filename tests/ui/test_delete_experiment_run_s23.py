"""A run of an experiment that is still training cannot be deleted (multi-instance probe s23 D7).

Why: a second window deleted a finished run of an experiment the first was training, without a
word; the experiment counted the run in its verdict, and once reopened it said "5 of 6 runs" and
could not be continued, without saying why. The experiment holds its folder's lock while it
trains (``claim_experiment``), so the refusal needs no read of experiment.json.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gatelab.core.run_lock import claim_experiment
from gatelab.core.runs import RunError, delete_run, experiment_in_use
from gatelab.ui.runs_view_actions import delete_refusal
from tests.core.test_runs_s9_delete import make_run


def _experiment(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "exp-20261204-010000-ab12"
    folder.mkdir()
    (folder / "experiment.json").write_text(json.dumps({"status": "running"}))
    return folder, make_run(folder / "gelu-seed1337")


def test_a_run_of_a_training_experiment_is_refused_with_its_name(tmp_path: Path) -> None:
    folder, run = _experiment(tmp_path)
    lock = claim_experiment(folder)
    try:
        why = (f"{run} belongs to the experiment {folder.name}, which is still being trained; "
               "stop the experiment first (its verdict counts this run)")
        with pytest.raises(RunError) as info:
            delete_run(run)
        assert str(info.value) == why
        del info
        assert delete_refusal(str(run)) == why  # said before the question, as the app asks
        assert (run / "run.json").exists()
    finally:
        lock.release()
    assert experiment_in_use(run) is None and delete_refusal(str(run)) == ""
    delete_run(run)  # once it has ended
    assert not run.exists() and folder.exists()


def test_a_plain_run_and_an_experiment_folder_are_not_asked(tmp_path: Path) -> None:
    plain = make_run(tmp_path / "run-1")
    assert experiment_in_use(plain) is None
    folder, _run = _experiment(tmp_path)
    assert experiment_in_use(folder) is None  # the experiment itself: run_busy's job
