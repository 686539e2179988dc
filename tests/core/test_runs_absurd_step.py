"""The run list and a run.json that claims a step its run cannot have reached.

Why: a damaged or hostile run.json may say ``"steps": 2**63`` in a run configured for 6 steps.
The list showed "9223372036854775808/6" with no reason, as if that many steps had been trained.
Now the row says why (``runs.summary_step``, the way broken rows give theirs) and shows "?/6".
Folders are made by the real trainer and writer (as in test_history_steps.py), then run.json is
changed the way a damaged disk or a hostile copy would change it.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import torch

from gatelab.core import runs
from gatelab.core.run_liveness import host_name
from gatelab.ui.trainer_jobs import run_rows

torch.set_num_threads(1)
@pytest.fixture
def run(six_step_run: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(six_step_run, tmp_path / "runs" / "run"))


def edit_summary(run: Path, **changes: Any) -> None:
    summary = json.loads((run / "run.json").read_text())
    (run / "run.json").write_text(json.dumps({**summary, **changes}))


def reason_for(step: str, limit: int = 6) -> str:
    return (f"run.json: step {step} is implausible for this run (expected 0–{limit}); its saved "
            "statistics are not shown at that step")


def test_a_plausible_run_is_listed_as_before(run: Path) -> None:
    info = runs.run_info(run)
    assert (info.status, info.steps, info.steps_total, info.error) == ("finished", 6, 6, "")
    assert info.steps_known and info.steps_text() == "6/6"
    assert runs.steps_problem(json.loads((run / "run.json").read_text()), {}) == ""


@pytest.mark.parametrize("claimed, shown", [(2**63, str(2**63)), (-1, "-1"), (7, "7"),
                                            (10**40, "> 1e+30")])
def test_an_ended_run_with_an_absurd_step_says_why(run: Path, claimed: int, shown: str) -> None:
    edit_summary(run, steps=claimed)
    info = runs.run_info(run)
    assert info.status == "finished"  # the run ended; only its step is not believed
    assert info.steps_text() == "?/6" and not info.steps_known and info.steps == 0
    assert getattr(info.error, "key", None) == "runs.summary_step"
    assert str(info.error) == reason_for(shown)
    [row] = run_rows(run.parent)
    assert (row.steps, row.status, str(row.error)) == ("?/6", "finished", reason_for(shown))
    assert str(2**63) not in row.steps


def test_the_bound_is_config_json_when_run_json_has_no_total(run: Path) -> None:
    summary = json.loads((run / "run.json").read_text())
    del summary["steps_total"]
    summary["steps"] = 2**63
    (run / "run.json").write_text(json.dumps(summary))
    info = runs.run_info(run)
    assert info.steps_text() == "?/6" and str(info.error) == reason_for(str(2**63))


def test_an_absurd_total_is_not_shown_either(run: Path) -> None:
    edit_summary(run, steps_total=2**63)  # config.json's 6 steps bound the run instead
    info = runs.run_info(run)
    assert (info.steps_text(), info.error) == ("6/6", "")


def test_a_failed_run_keeps_its_own_error_and_adds_the_step(run: Path) -> None:
    edit_summary(run, status="failed", error="out of memory", steps=2**63)
    info = runs.run_info(run)
    assert info.status == "failed" and info.steps_text() == "?/6"
    assert str(info.error) == "out of memory; " + reason_for(str(2**63))


def test_a_running_run_with_an_absurd_step_reads_as_interrupted_and_says_why(run: Path) -> None:
    # a live writer (this process) would keep it "running"; the step decides against it
    edit_summary(run, status="running", steps=2**63, pid=os.getpid(), host=host_name())
    info = runs.run_info(run)
    assert info.status == "interrupted" and info.steps_text() == "?/6"
    assert str(info.error) == reason_for(str(2**63))


def test_a_broken_run_json_names_a_non_number_step_once(run: Path) -> None:
    edit_summary(run, status=5, steps="lots")
    info = runs.run_info(run)
    assert info.status == "broken" and info.steps_text() == "?/6"
    assert str(info.error) == "run.json: status is not text; steps is not a number"


def test_a_run_json_without_steps_is_not_blamed(run: Path) -> None:
    summary = json.loads((run / "run.json").read_text())
    del summary["steps"]
    (run / "run.json").write_text(json.dumps(summary))
    info = runs.run_info(run)
    assert (info.steps_text(), info.error) == ("0/6", "")
