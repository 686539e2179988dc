"""Steps a run cannot have reached: history entries past the run's end, absurd checkpoint steps.

Why: every file of a run names a step, and a damaged or hostile file can claim any number. A
history entry named step 10**9 in a run that ended at step 6 was offered on the step slider as a
real checkpoint; a checkpoint claiming step 2**63 was loaded without a word (resume then said
"already trained 9223372036854775808 steps"). Folders are made by the real trainer and writer,
then one file is changed the way a damaged disk or a hostile copy would change it.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import torch

from gatelab.cli import train_main
from gatelab.core import runs, stats_history
from gatelab.core.engine import load_trained
from gatelab.core.inside.run_source import InsideError, RunModel
from gatelab.core.run_liveness import claim_writer, effective_status, host_name
from gatelab.core.run_steps import MAX_STEPS, history_limit, step_text
from gatelab.core.runs import RunError, load_checkpoint

torch.set_num_threads(1)
@pytest.fixture
def run(six_step_run: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(six_step_run, tmp_path / "run"))


def read(run: Path) -> tuple[list[int], list[Any]]:
    problems: list[Any] = []
    steps = [step for step, _ in stats_history.read_stats_history(run, problems)]
    return steps, problems


def plant(run: Path, step: int, like: int = 6) -> Path:
    """A well-formed history entry (a copy of entry ``like``) named for ``step``."""
    path = stats_history.entry_path(run, step)
    shutil.copyfile(stats_history.entry_path(run, like), path)
    return path


def edit_summary(run: Path, **changes: Any) -> None:
    summary = json.loads((run / "run.json").read_text())
    (run / "run.json").write_text(json.dumps({**summary, **changes}))


def test_the_writer_leaves_what_these_tests_assume(run: Path) -> None:
    summary = json.loads((run / "run.json").read_text())
    assert (summary["status"], summary["steps"], summary["steps_total"]) == ("finished", 6, 6)
    assert stats_history.history_steps(run) == [3, 6]
    assert read(run) == ([3, 6], [])  # the run's own final step is offered
    assert load_checkpoint(run)["step"] == 6


# -- 1. history entries past the run's step ----------------------------------------------------
@pytest.mark.parametrize("planted", [10**9, 7, 999_999_999_999])
def test_an_entry_past_where_the_run_ended_is_skipped(run: Path, planted: int) -> None:
    path = plant(run, planted)
    steps, problems = read(run)
    assert steps == [3, 6]
    assert [(p.key, p.values["step"], p.values["limit"]) for p in problems] == [
        ("runs.history_past_end", planted, 6)]
    assert str(problems[0]) == (f"{path}: skipped (step {planted} lies beyond step 6, where this "
                                "run ended)")


def test_a_running_run_keeps_entries_ahead_of_its_run_json(run: Path) -> None:
    # RunWriter.checkpoint writes ckpt.pt, then the history entry, then run.json: between those
    # writes (or after a crash there) run.json still says an earlier step. That is this state.
    edit_summary(run, status="running", steps=3, pid=os.getpid(), host=host_name(),
                 writer=claim_writer())  # a writer of this process, open
    assert effective_status(json.loads((run / "run.json").read_text())) == "running"
    plant(run, 5)
    far = plant(run, 10**9)
    steps, problems = read(run)
    assert steps == [3, 5, 6]  # ahead of run.json's step 3, within the 6 configured steps
    assert [(p.key, p.values["step"], p.values["limit"]) for p in problems] == [
        ("runs.history_past_config", 10**9, 6)]
    assert str(problems[0]) == (f"{far}: skipped (step 1000000000 lies beyond the 6 steps this run "
                                "is configured to train)")


def test_a_crashed_run_is_bounded_by_its_configured_steps(run: Path) -> None:
    edit_summary(run, status="running", steps=3, pid=-1)  # crashed: reads as interrupted
    plant(run, 7)
    assert read(run)[0] == [3, 6]
    assert [p.key for p in read(run)[1]] == ["runs.history_past_config"]


def test_skipped_steps_are_counted_with_damaged_entries(run: Path) -> None:
    plant(run, 10**9)
    plant(run, 8)
    stats_history.entry_path(run, 3).write_bytes(b"not a zip")
    steps, problems = read(run)
    assert steps == [6]
    assert [p.key for p in problems] == ["runs.history_past_end", "runs.history_past_end",
                                         "stats.damaged"]
    assert [p.values["step"] for p in problems[:2]] == [8, 10**9]


def test_only_entries_past_the_end_fall_back_to_stats_npz_at_the_runs_step(run: Path) -> None:
    for step in (3, 6):
        stats_history.entry_path(run, step).rename(stats_history.entry_path(run, 10**9 + step))
    steps, problems = read(run)
    assert steps == [6]  # stats.npz, at run.json's step
    assert [p.values["step"] for p in problems] == [10**9 + 3, 10**9 + 6]


@pytest.mark.parametrize("claimed", [2**63, -1, 7, 10**9])
def test_an_old_run_with_an_absurd_step_shows_no_stats_at_it(run: Path, claimed: int) -> None:
    shutil.rmtree(run / stats_history.HISTORY_DIR)
    assert read(run)[0] == [6]  # an older run without a history: stats.npz at run.json's step
    edit_summary(run, steps=claimed)
    steps, problems = read(run)
    assert steps == []
    assert [(p.key, p.values["step"], p.values["limit"]) for p in problems] == [
        ("runs.summary_step", str(claimed), 6)]
    assert str(problems[0]) == (f"{run / 'run.json'}: step {claimed} is implausible for this run "
                                "(expected 0–6); its saved statistics are not shown at that step")


def test_the_bound_when_run_json_or_config_json_is_damaged(run: Path) -> None:
    edit_summary(run, steps=2**63)  # an ended run with an absurd step: its configured steps
    assert history_limit(json.loads((run / "run.json").read_text()), {}) == (6, False)
    assert history_limit({}, {"steps": 300}) == (300, False)
    assert history_limit({"status": "finished", "steps": 300}, {"steps": 10**12}) == (300, True)
    assert history_limit({}, {"steps": True}) == (MAX_STEPS, False)
    (run / "run.json").write_text("{")
    (run / "config.json").unlink()
    plant(run, MAX_STEPS)
    plant(run, MAX_STEPS + 1)
    steps, problems = read(run)
    assert steps == [3, 6, MAX_STEPS]
    assert [p.values["step"] for p in problems] == [MAX_STEPS + 1]


# -- 2. checkpoints that claim an absurd step --------------------------------------------------
def forge_step(run: Path, step: int) -> None:
    ckpt = torch.load(run / "ckpt.pt", weights_only=True)
    ckpt["step"] = step
    torch.save(ckpt, run / "ckpt.pt")


@pytest.mark.parametrize(("claimed", "shown"), [
    (2**63, str(2**63)), (-1, "-1"), (7, "7"), (10**9, "1000000000"),
    (2**2000, "> 1e+30"), (-(2**2000), "< -1e+30"),  # 603 digits: shown as a bound
], ids=["2**63", "-1", "7", "10**9", "2**2000", "-2**2000"])
def test_a_checkpoint_with_an_implausible_step_is_refused_with_a_reason(
        run: Path, claimed: int, shown: str) -> None:
    forge_step(run, claimed)
    with pytest.raises(RunError) as info:
        load_checkpoint(run)
    assert info.value.msg.key == "runs.ckpt_step"
    assert info.value.msg.values == {"path": run / "ckpt.pt", "step": shown, "limit": 6}
    assert str(info.value) == (f"checkpoint {run / 'ckpt.pt'} is damaged or not a gatelab "
                               f"checkpoint: it claims step {shown}, outside the 0–6 steps its "
                               "config trains")
    with pytest.raises(RunError, match="its config trains"):
        load_trained(run)
    with pytest.raises(InsideError, match="claims step"):
        RunModel(run)
    info_row = runs.run_info(run)  # still listed, as what run.json says; nothing crashes
    assert (info_row.status, info_row.steps, info_row.error) == ("finished", 6, "")
    assert [r.path for r in runs.list_runs(run.parent)] == [run]


def test_a_checkpoint_step_too_long_to_print_is_refused_without_crashing(run: Path) -> None:
    forge_step(run, 10**5000)  # str() of it raises ValueError; torch refuses to unpickle it
    with pytest.raises(RunError) as info:
        load_checkpoint(run)
    assert str(info.value).startswith(f"checkpoint {run / 'ckpt.pt'} cannot be read")


def test_a_checkpoint_at_exactly_its_configured_steps_loads(run: Path) -> None:
    forge_step(run, 0)
    assert load_checkpoint(run)["step"] == 0
    forge_step(run, 6)
    assert load_checkpoint(run)["step"] == 6


def test_resuming_from_an_implausible_checkpoint_says_why(run: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    forge_step(run, 2**63)
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "8", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"it claims step {2**63}, outside the 0–6 steps its config trains" in err
    assert "Traceback" not in err


# -- 3. run.json's step: an absurd one is no run in progress -----------------------------------
@pytest.mark.parametrize("steps", [2**63, -1, 7, True, 1.5, "3", None, 10**400],
                         ids=["2**63", "-1", "7", "True", "1.5", "str", "None", "10**400"])
def test_a_running_run_json_with_an_absurd_step_is_interrupted(steps: object) -> None:
    summary = {"status": "running", "pid": os.getpid(), "host": host_name(), "steps": steps,
               "steps_total": 6}
    assert effective_status(summary) == "interrupted"


@pytest.mark.parametrize("summary", [
    {"steps": 0, "steps_total": 6}, {"steps": 6, "steps_total": 6}, {"steps": 3},
    {"steps": MAX_STEPS, "steps_total": "six"}, {},
])
def test_a_running_run_json_with_a_plausible_step_runs(summary: dict[str, Any]) -> None:
    assert effective_status({"status": "running", "pid": os.getpid(), "host": host_name(),
                             **summary}) == "running"


def test_a_run_folder_whose_run_json_claims_an_absurd_step_is_listed_as_interrupted(
        run: Path) -> None:
    edit_summary(run, status="running", steps=2**63, pid=os.getpid(), host=host_name(),
                 writer=claim_writer())  # a writer of this process, open
    assert runs.run_info(run).status == "interrupted"
    edit_summary(run, steps=3)
    assert runs.run_info(run).status == "running"


def test_step_text_never_raises() -> None:
    assert [step_text(v) for v in (0, 2**63, 10**5000, -(10**5000), True, None, "7")] == [
        "0", str(2**63), "> 1e+30", "< -1e+30", "bool", "NoneType", "str"]
