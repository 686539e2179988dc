"""gatelab-experiment --continue of hostile experiment folders (hostile probe, session 11, #7).

Why: (a) a finished run whose final validation loss is not finite was refused as "finished at
step 6, not at the experiment's 6 steps", which contradicts itself; (b) a plan seed out of range
or not a whole number (2**70, -3, 1337.7, "1337") and a base corpus that is /dev/zero or a FIFO
were refused only by the first run, after experiment.json had been rewritten "failed" (or the
seed was silently taken as 1337), and the line did not name experiment.json; (c) "created":
1e400 was written back as null (before: the non-JSON Infinity), in runs too; (d) a run.json that
is a folder gave "the run already completed 6 steps; ask for more" (--continue takes no steps);
and two --continue of one experiment trained it together.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import threading
import time
from pathlib import Path

import pytest
import torch

from gatelab.cli import experiment_main
from gatelab.core.engine import train_steps
from gatelab.core.experiment import run_experiment
from gatelab.core.experiment_continue import continue_experiment, continue_plan
from gatelab.core.experiment_status import experiment_state
from gatelab.core.messages import GatelabError
from gatelab.core.run_lock import claim_experiment
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
CFG = TrainConfig(corpus="generated", n_layer=1, n_head=2, n_embd=16, block_size=16,
                  batch_size=2, steps=6, eval_interval=3, eval_iters=1, threads=1, stats=False,
                  sample_chars=0, device="cpu", checkpoint_interval=3)
FIRST, SECOND = "swiglu-seed7", "gelu-seed7"


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished experiment (swiglu, gelu × seed 7, 6 steps each), trained once."""
    root = tmp_path_factory.mktemp("exps")
    run_experiment(["swiglu", "gelu"], [7], CFG, root=root)
    return next(root.glob("exp-*"))


def _stopped(finished: Path, tmp_path: Path, **changes: object) -> Path:
    """A copy of ``finished`` whose second run is missing, experiment.json "stopped" and
    updated with ``changes`` (a key "plan.seeds" sets the plan's seeds)."""
    folder = tmp_path / "exp"
    shutil.copytree(finished, folder)
    shutil.rmtree(folder / SECOND)
    data = json.loads((folder / "experiment.json").read_text())
    data["status"] = "stopped"
    if "seeds" in changes:
        data["plan"]["seeds"] = data["seeds"] = changes.pop("seeds")
    data.update(changes)
    (folder / "experiment.json").write_text(json.dumps(data))
    return folder


def _refused(folder: Path, key: str) -> str:
    """continue_experiment's refusal (its catalogue key must be ``key``), with experiment.json
    left byte for byte; returns the message."""
    before = (folder / "experiment.json").read_bytes()
    with pytest.raises(GatelabError) as info:
        continue_experiment(folder)
    assert info.value.msg.key == key, str(info.value)
    assert (folder / "experiment.json").read_bytes() == before  # not turned "failed"
    return str(info.value)


def test_a_non_finite_final_loss_is_named_not_the_steps(finished: Path, tmp_path: Path) -> None:
    folder = _stopped(finished, tmp_path)
    run_json = folder / FIRST / "run.json"
    run_json.write_text(run_json.read_text().replace('"final_val_loss": ',
                                                     '"final_val_loss": 1e400, "x": '))
    text = _refused(folder, "experiment.run_no_final")
    assert text == (f"run {FIRST} finished without a usable final validation loss (run.json says "
                    f"inf), so the experiment cannot compare it: delete it in Runs to train it "
                    f"again")
    assert "not at the experiment's" not in text
    state = experiment_state(folder, json.loads((folder / "experiment.json").read_text()))
    assert not state.can_continue and state.why_not.key == "experiment.run_no_final"


@pytest.mark.parametrize("seed", [2**70, -3, 1337.7, "1337", True])
def test_a_seed_no_run_can_have_is_refused_naming_experiment_json(
        finished: Path, tmp_path: Path, seed: object) -> None:
    folder = _stopped(finished, tmp_path, seeds=[seed])
    text = _refused(folder, "experiment.malformed")
    assert text == (f"{folder / 'experiment.json'}: not a readable experiment (seed must be a "
                    f"whole number from 0 to 4,294,967,295, got {seed!r})")


def test_the_cli_refuses_a_bad_seed_in_one_line(finished: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    folder = _stopped(finished, tmp_path, seeds=[-3])
    before = (folder / "experiment.json").read_bytes()
    assert experiment_main(["--continue", str(folder), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == (f"gatelab-experiment: error: {folder / 'experiment.json'}: not a readable "
                   f"experiment (seed must be a whole number from 0 to 4,294,967,295, got -3)\n")
    assert (folder / "experiment.json").read_bytes() == before


@pytest.mark.parametrize("kind", ["devzero", "fifo", "missing"])
def test_an_unusable_corpus_is_refused_before_anything_is_rewritten(
        finished: Path, tmp_path: Path, kind: str) -> None:
    corpus = {"devzero": "/dev/zero", "fifo": str(tmp_path / "fifo"),
              "missing": str(tmp_path / "gone.txt")}[kind]
    if kind == "fifo":
        os.mkfifo(corpus)
    folder = _stopped(finished, tmp_path)
    data = json.loads((folder / "experiment.json").read_text())
    data["base_config"]["corpus"] = corpus
    (folder / "experiment.json").write_text(json.dumps(data))
    text = _refused(folder, "experiment.corpus")
    assert text.startswith(f"{folder / 'experiment.json'}: the experiment's corpus "
                           f"(base_config.corpus) cannot be used: ")
    assert corpus in text
    assert not (folder / SECOND).exists()  # no run was started


def test_a_non_finite_created_is_unknown_not_null(finished: Path, tmp_path: Path) -> None:
    folder = _stopped(finished, tmp_path)
    exp = folder / "experiment.json"
    exp.write_text(exp.read_text().replace('"created": ', '"created": 1e400, "c0": '))
    result = continue_experiment(folder)
    assert result.status == "finished"
    data = json.loads(exp.read_text(), parse_constant=lambda c: pytest.fail(f"wrote {c}"))
    assert data["created"] == 0.0  # unknown, as a missing one: not null, not Infinity


def test_a_resumed_run_with_a_non_finite_created_gets_a_real_one(tmp_path: Path) -> None:
    run = tmp_path / "run"
    list(train_steps(CFG.replace(steps=3), run_dir=run))
    summary = run / "run.json"
    summary.write_text(summary.read_text().replace('"created": ', '"created": 1e400, "c0": '))
    before = time.time()
    list(train_steps(CFG, run_dir=run, resume=True))
    created = json.loads(summary.read_text())["created"]
    assert isinstance(created, float) and before <= created <= time.time()


def test_a_folder_in_place_of_run_json_is_named(finished: Path, tmp_path: Path) -> None:
    folder = _stopped(finished, tmp_path)
    (folder / FIRST / "run.json").unlink()
    (folder / FIRST / "run.json").mkdir()
    text = _refused(folder, "experiment.run_summary_kind")
    assert text == (f"{folder / FIRST / 'run.json'} is not a file (a folder or a pipe is in its "
                    f"place): move it away, or delete run {FIRST} in Runs to train it again")
    assert "ask for more" not in text


def test_a_file_in_place_of_a_run_folder_is_named(finished: Path, tmp_path: Path) -> None:
    folder = _stopped(finished, tmp_path)
    (folder / SECOND).write_text("x")
    text = _refused(folder, "path_reason")
    assert text == f"{folder / SECOND}: is a file, not a folder"


def test_a_second_continue_is_refused_while_one_trains(finished: Path, tmp_path: Path) -> None:
    folder = _stopped(finished, tmp_path)
    lock = claim_experiment(folder)  # what a --continue in another process holds
    try:
        text = _refused(folder, "experiment.busy")
        assert text == f"{folder}: the experiment is still being trained by a running process"
        assert not (folder / SECOND).exists()
    finally:
        lock.release()
    plan, todo = continue_plan(folder)
    assert todo == 1 and continue_experiment(folder).status == "finished"


def test_the_cli_refuses_a_fifo_corpus_before_it_says_continuing(
        finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "fifo")
    folder = _stopped(finished, tmp_path)
    data = json.loads((folder / "experiment.json").read_text())
    data["base_config"]["corpus"] = str(tmp_path / "fifo")
    (folder / "experiment.json").write_text(json.dumps(data))
    before = (folder / "experiment.json").read_bytes()
    assert experiment_main(["--continue", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err == (f"gatelab-experiment: error: {folder / 'experiment.json'}: the experiment's "
                   f"corpus (base_config.corpus) cannot be used: cannot use the corpus file "
                   f"{tmp_path / 'fifo'}: is not a regular file (a pipe, device or socket)\n")
    assert (folder / "experiment.json").read_bytes() == before


def test_a_plan_of_more_seeds_than_seeds_allows_is_refused(finished: Path, tmp_path: Path) -> None:
    """100,000 seeds in experiment.json (--seeds allows 100) were continued without a word:
    200,000 runs, a folder each, for days (probe s16). The saved experiment cannot be
    continued, and says why."""
    folder = _stopped(finished, tmp_path, seeds=list(range(7, 7 + 100_000)))
    text = _refused(folder, "experiment.malformed")
    assert text == (f"{folder / 'experiment.json'}: not a readable experiment (the number of "
                    f"seeds must be ≤ 100, got 100,000)")
    state = experiment_state(folder, json.loads((folder / "experiment.json").read_text()))
    assert not state.can_continue
    assert _stopped(finished, tmp_path / "ok", seeds=list(range(7, 107))).is_dir()
    continue_ok = json.loads((tmp_path / "ok" / "exp" / "experiment.json").read_text())
    from gatelab.core.experiment_status import experiment_plan
    assert len(experiment_plan(continue_ok).seeds) == 100  # the cap itself is allowed


@pytest.mark.parametrize("damage", ["truncated", "deep", "status_list"])
def test_a_finished_run_with_a_damaged_run_json_is_named_before_anything_trains(
        finished: Path, tmp_path: Path, damage: str) -> None:
    """Probe s20 D1: a run that trained every step but whose run.json is damaged was resumed,
    refused as "already completed 6 steps; ask for more" (a dead end for --continue), and each
    --continue marked the experiment failed, the runs after it never trained."""
    folder = _stopped(finished, tmp_path)
    run_json = folder / FIRST / "run.json"
    text = run_json.read_text()
    if damage == "truncated":
        run_json.write_text(text[: len(text) // 2])
    elif damage == "deep":
        run_json.write_text("[" * 100_000 + "]" * 100_000)
    else:
        run_json.write_text(text.replace('"status": "finished"', '"status": ["finished"]'))
    message = _refused(folder, "experiment.run_done_unsaid")
    assert message.startswith(f"run {FIRST} trained all 6 steps, but its run.json cannot be "
                              "used ("), message
    assert message.endswith(f"): delete run {FIRST} in Runs to train it again")
    assert "ask for more" not in message
    if damage == "status_list":
        assert "it does not say that the run finished" in message
    else:
        assert str(run_json) in message
    assert not (folder / SECOND).exists()  # nothing trained


def test_a_half_trained_run_with_a_damaged_run_json_still_resumes(tmp_path: Path) -> None:
    """Only a complete run is refused: one stopped halfway resumes from its checkpoint as before,
    whatever its run.json says (the writer rewrites it)."""
    root = tmp_path / "exps"
    stop = threading.Event()

    def halfway(_name: str, _seed: int, snap: object) -> None:
        if getattr(snap, "step", 0) >= 3:
            stop.set()

    run_experiment(["swiglu", "gelu"], [7], CFG, stop_event=stop, on_snapshot=halfway, root=root)
    folder = next(root.glob("exp-*"))
    assert not (folder / SECOND).exists()
    run_json = folder / FIRST / "run.json"
    run_json.write_text(run_json.read_text()[:20])
    result = continue_experiment(folder)
    assert result.status == "finished"
    assert [len(v.final_val) for v in result.variants] == [1, 1]


def test_an_absurd_final_loss_is_named_not_a_crash(finished: Path, tmp_path: Path) -> None:
    """Probe s20 D2: a run.json saying final_val_loss 1e308 crashed --continue with
    "OverflowError: (34, 'Numerical result out of range')" and left experiment.json "running";
    computed without the error, it printed 300-digit numbers and "within noise" (re-walk s20).
    Such a loss is no measurement: named like a missing one, before anything is rewritten."""
    folder = _stopped(finished, tmp_path)
    run_json = folder / FIRST / "run.json"
    summary = json.loads(run_json.read_text())
    run_json.write_text(json.dumps(dict(summary, final_val_loss=1e308)))
    text = _refused(folder, "experiment.run_no_final")
    assert text.startswith(f"run {FIRST} finished without a usable final validation loss "
                           "(run.json says 1e+308)"), text


def test_mean_std_of_absurd_values_is_inf_not_an_error() -> None:
    from gatelab.core.experiment import mean_std, summarise
    mean, std = mean_std([1e308, 1e308])
    assert mean == math.inf and std == math.inf  # no OverflowError
    assert mean_std([1.0, 3.0]) == (2.0, math.sqrt(2.0))
    diff, noise, verdict, _, _ = summarise({"a": [1e308, -1e308], "b": [1.0, 1.1]})
    assert noise == math.inf and verdict.key == "verdict.within"
    assert summarise({"a": [2.0], "b": [1.0]})[2].key == "verdict.one_seed"


def test_another_seeds_run_in_a_runs_place_is_named(finished: Path, tmp_path: Path) -> None:
    """Probe s20: a run folder copied (or linked) in from another seed was accepted as done, and
    --continue counted that seed's loss twice."""
    folder = _stopped(finished, tmp_path)
    data = json.loads((folder / "experiment.json").read_text())
    data["seeds"] = data["plan"]["seeds"] = [7, 8]
    (folder / "experiment.json").write_text(json.dumps(data))
    shutil.copytree(folder / FIRST, folder / "swiglu-seed8")  # seed 7's run, as seed 8's
    text = _refused(folder, "experiment.run_other")
    assert text == ("run swiglu-seed8 is not this experiment's: its config.json says variant "
                    "swiglu, seed 7; delete it in Runs to train it again")


def test_a_continued_experiment_knows_every_variants_size(finished: Path, tmp_path: Path) -> None:
    """Re-walk s20 G: continuing an experiment whose first variant's runs were all done left that
    variant's whole-model size 0 ("final val loss (m = 176)" without its params) until the end."""
    folder = _stopped(finished, tmp_path)
    continue_experiment(folder)
    data = json.loads((folder / "experiment.json").read_text())
    sizes = {v["variant"]: v["total_params"] for v in data["variants"]}
    assert sizes["swiglu"] > 0 and sizes["gelu"] > 0
