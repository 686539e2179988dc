"""An experiment whose process was killed: it says so, it describes itself, it can be finished.

Why: after ``kill -9`` during its 3rd of 4 runs an experiment.json said "running" forever and
held a verdict from the two finished runs; there was no way to finish it but to train all four
runs again in a new folder; and one killed during its first run left no experiment.json at all
(its orphan run looked like a run of an older experiment).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import torch

from gatelab.core.experiment import load_experiment, run_experiment
from gatelab.core.experiment_continue import continue_experiment
from gatelab.core.run_liveness import claim_writer
from gatelab.core.experiment_status import experiment_state, experiment_status
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)

STEPS = 8
CFG = TrainConfig(corpus="generated", n_layer=1, n_head=2, n_embd=32, block_size=16,
                  batch_size=4, steps=STEPS, lr=3e-3, warmup_steps=2, eval_interval=4,
                  eval_iters=2, threads=1, stats=False, sample_chars=0, device="cpu",
                  checkpoint_interval=2)
SEEDS = [1, 2]


def dead_pid() -> int:
    """The pid of a process that has ended (and been reaped): what a killed writer leaves."""
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(proc.stdout)


def _rewrite(path: Path, **changes: object) -> None:
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))


def killed_in_third_run(root: Path) -> Path:
    """The folder a ``kill -9`` during the 3rd of 4 runs leaves: two finished runs, the third
    with a checkpoint and run.json "running" by a dead pid, experiment.json "running" by the
    same dead pid (made by stopping the run, then writing what a kill leaves instead)."""
    stop = threading.Event()

    def on_snapshot(variant: str, seed: int, snap: object) -> None:
        if (variant, seed) == ("swiglu", 2) and snap.step >= 5:  # type: ignore[attr-defined]
            stop.set()

    res = run_experiment(["swiglu", "gelu"], SEEDS, CFG, stop, on_snapshot, root=root)
    folder = Path(res.path)
    pid = dead_pid()
    _rewrite(folder / "experiment.json", status="running", pid=pid, pid_start="1")
    _rewrite(folder / "swiglu-seed2" / "run.json", status="running", pid=pid, pid_start="1")
    return folder


def test_experiment_json_describes_the_plan_before_the_first_run(tmp_path: Path) -> None:
    seen: list[dict] = []

    def on_snapshot(variant: str, seed: int, snap: object) -> None:
        if not seen:
            folder = Path(snap.run_dir).parent  # type: ignore[attr-defined]
            seen.append(load_experiment(folder))

    run_experiment(["swiglu", "gelu"], [3], CFG.replace(steps=2), None, on_snapshot,
                   root=tmp_path)
    first = seen[0]
    assert first["status"] == "running" and first["pid"] == os.getpid()
    assert first["plan"] == {"variants": ["swiglu", "gelu"], "seeds": [3], "steps": 2,
                             "n_runs": 2}
    assert first["base_config"]["steps"] == 2 and first["runs_done"] == 0


KILL_SCRIPT = """
import sys, time, torch
torch.set_num_threads(1)
from gatelab.core.experiment import run_experiment
from gatelab.core.trainconfig import TrainConfig
cfg = TrainConfig.from_dict({cfg!r})
def on_snapshot(variant, seed, snap):
    print("training", snap.run_dir, flush=True)
    time.sleep(120)
run_experiment(["swiglu", "gelu"], [1, 2], cfg, None, on_snapshot, root=sys.argv[1])
"""


def test_killed_in_its_first_run_it_is_interrupted_and_can_be_finished(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT.format(cfg=CFG.to_dict()),
                             str(tmp_path)], stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).parents[2])
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("training "), line
        folder = Path(line.split(" ", 1)[1].strip()).parent
        assert experiment_status(folder, load_experiment(folder)) == "running"  # alive
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()  # type: ignore[union-attr]
    data = load_experiment(folder)  # written before the first run: the folder says what it is
    assert data["status"] == "running" and data["plan"]["n_runs"] == 4
    assert experiment_status(folder, data) == "interrupted"
    state = experiment_state(folder, data)
    assert (state.status, state.runs_done, state.n_runs, state.can_continue) == (
        "interrupted", 0, 4, True)
    res = continue_experiment(folder)
    assert res.status == "finished" and res.path == str(folder)
    assert [len(v.final_val) for v in res.variants] == [2, 2]
    assert [p.name for p in tmp_path.iterdir()] == [folder.name]  # no second exp-… folder


def test_killed_in_its_third_run_it_reads_interrupted_and_continues_in_place(
        tmp_path: Path) -> None:
    folder = killed_in_third_run(tmp_path)
    data = load_experiment(folder)
    assert data["status"] == "running"  # what the file says …
    assert experiment_status(folder, data) == "interrupted"  # … and what it is
    old_style = {k: v for k, v in data.items() if k not in ("pid", "host", "pid_start")}
    assert experiment_status(folder, old_style) == "interrupted"  # judged by its runs
    state = experiment_state(folder, data)
    assert (state.runs_done, state.n_runs, state.can_continue, state.steps) == (2, 4, True, STEPS)

    kept = {name: (folder / name / "metrics.jsonl").read_bytes()
            for name in ("swiglu-seed1", "gelu-seed1")}
    ckpt_step = torch.load(folder / "swiglu-seed2" / "ckpt.pt", weights_only=False)["step"]
    assert 0 < ckpt_step < STEPS
    trained: list[tuple[str, int, int]] = []
    res = continue_experiment(folder, on_snapshot=lambda v, s, snap: trained.append(
        (v, s, snap.step)))
    assert {(v, s) for v, s, _ in trained} == {("swiglu", 2), ("gelu", 2)}  # only what was missing
    assert min(step for v, _, step in trained if v == "swiglu") == ckpt_step + 1  # resumed
    assert res.status == "finished" and res.path == str(folder)
    assert [len(v.final_val) for v in res.variants] == [2, 2]
    assert not res.verdict.startswith("need") and "no noise floor" not in res.verdict
    for name, metrics in kept.items():  # finished runs are kept as they were
        assert (folder / name / "metrics.jsonl").read_bytes() == metrics
    for name in ("swiglu-seed2", "gelu-seed2"):  # the experiment's own steps
        summary = json.loads((folder / name / "run.json").read_text())
        assert summary["status"] == "finished" and summary["steps"] == STEPS
        steps = [json.loads(line)["step"]
                 for line in (folder / name / "metrics.jsonl").read_text().splitlines()]
        assert steps == list(range(1, STEPS + 1))  # one curve, each step once
    saved = load_experiment(folder)
    assert saved["status"] == "finished" and saved["runs_done"] == 4
    assert saved["created"] == data["created"]
    assert set(saved["curves"]) == {"swiglu/1", "gelu/1", "swiglu/2", "gelu/2"}
    assert len(saved["curves"]["swiglu/2"]) == STEPS
    assert [p.name for p in tmp_path.iterdir()] == [folder.name]
    with pytest.raises(ValueError, match="nothing to continue"):
        continue_experiment(folder)


def test_continue_refuses_a_live_experiment_and_a_run_trained_to_other_steps(
        tmp_path: Path) -> None:
    folder = killed_in_third_run(tmp_path)
    # a live writer: this process, with a writer token it holds open
    _rewrite(folder / "experiment.json", pid=os.getpid(), pid_start="", writer=claim_writer())
    assert experiment_status(folder, load_experiment(folder)) == "running"
    with pytest.raises(ValueError, match="still being trained"):
        continue_experiment(folder)
    _rewrite(folder / "experiment.json", pid=dead_pid())
    _rewrite(folder / "swiglu-seed2" / "run.json", status="finished", steps=3 * STEPS)
    state = experiment_state(folder, load_experiment(folder))
    assert not state.can_continue and "not at the experiment's 8 steps" in state.why_not
    with pytest.raises(ValueError, match="swiglu-seed2 finished at step 24"):
        continue_experiment(folder)



@pytest.mark.parametrize("kind", ["fifo", "folder", "too_large"])
def test_a_hostile_experiment_json_is_refused_without_blocking(tmp_path: Path, kind: str,
                                                              monkeypatch) -> None:  # noqa: ANN001
    """experiment.json was read with read_text: a FIFO in its place blocked the reader (the GUI's
    helper thread, or gatelab-experiment) for good."""
    import os

    from gatelab.core import experiment

    folder = tmp_path / "exp-20260101-000000-x"
    folder.mkdir()
    target = folder / "experiment.json"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    else:
        target.write_text("{}" + " " * 2048)
        monkeypatch.setattr(experiment, "EXPERIMENT_CAP", 1024)
    done: list[BaseException] = []
    worker = threading.Thread(target=lambda: _catch(done, folder), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "load_experiment blocked"
    assert len(done) == 1 and isinstance(done[0], ValueError)
    assert "experiment.json" in str(done[0])


def _catch(into: list[BaseException], folder: Path) -> None:
    from gatelab.core.experiment import load_experiment

    try:
        load_experiment(folder)
    except BaseException as exc:  # noqa: BLE001 (the test looks at what was raised)
        into.append(exc)
