"""Deleting a run: never one that another process still trains, and a linked run folder loses
its link only (never the files it points to)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gatelab.core import run_liveness
from gatelab.core.runs import RunError, delete_run, list_runs, run_busy
from gatelab.core.trainconfig import TrainConfig

CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=6,
                  eval_interval=3, eval_iters=2, threads=1, stats_interval=3, sample_chars=0,
                  device="cpu")


def make_run(folder: Path, **summary: object) -> Path:
    """A run folder as the list sees one (config, run.json, one metrics row), without training."""
    folder.mkdir(parents=True)
    (folder / "config.json").write_text(json.dumps(CFG.to_dict()))
    (folder / "metrics.jsonl").write_text(json.dumps({"step": 1, "train_loss": 3.0}) + "\n")
    (folder / "run.json").write_text(json.dumps({
        "status": "finished", "steps": 6, "steps_total": 6, "created": time.time(), **summary}))
    return folder


def live_writer(pid: int) -> dict[str, object]:
    """run.json's fields while process ``pid`` (on this host) trains the run."""
    return {"status": "running", "steps": 2, "pid": pid, "host": run_liveness.host_name(),
            "pid_start": run_liveness.process_start(pid) or "", "heartbeat": time.time()}


@pytest.fixture
def sleeper() -> Iterator[subprocess.Popen[bytes]]:
    """Another process: the "gatelab-train" that writes a run."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield proc
    proc.kill()
    proc.wait()


def test_delete_refuses_a_run_another_process_trains(tmp_path: Path, sleeper) -> None:  # noqa: ANN001
    run = make_run(tmp_path / "live", **live_writer(sleeper.pid))
    assert {r.name: r.status for r in list_runs(tmp_path)} == {"live": "running"}
    with pytest.raises(RunError, match=f"still being trained by process {sleeper.pid}") as info:
        delete_run(run)
    assert info.value.msg.key == "run.busy"  # keyed: the UI says it in the user's language
    assert sorted(p.name for p in run.iterdir()) == ["config.json", "metrics.jsonl", "run.json"]
    # its experiment's folder (a run inside trained elsewhere) is refused as well
    exp = tmp_path / "exp-1"
    make_run(exp / "swiglu-seed0", **live_writer(sleeper.pid))
    (exp / "experiment.json").write_text("{}")
    with pytest.raises(RunError, match="still being trained"):
        delete_run(exp)
    assert (exp / "swiglu-seed0" / "run.json").exists()
    # once that process is gone the run reads "interrupted" and can be deleted
    sleeper.kill()
    sleeper.wait()
    assert run_busy(run) is None
    assert delete_run(run) is None and not run.exists()
    delete_run(exp)
    assert not exp.exists()


def test_resume_ignores_only_this_process_own_runs(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from gatelab.core import run_writer

    run = make_run(tmp_path / "mine", **live_writer(os.getpid()))
    class Writer:  # what RunWriter files there while it trains (held weakly)
        pass

    writer = Writer()
    monkeypatch.setitem(run_writer._OPEN_WRITERS, os.path.realpath(run), writer)  # training
    assert run_busy(run, others_only=True) is None  # the writer's own rule (RunWriter)
    assert run_busy(run).key == "run.busy"  # deleting it would still break this training
    with pytest.raises(RunError, match="still being trained"):
        delete_run(run)
    assert run.exists()
    # its writer closed after a write error, run.json left "running" (a read-only folder):
    # this idle app named itself as the process still training it, and Delete refused
    monkeypatch.delitem(run_writer._OPEN_WRITERS, os.path.realpath(run))
    assert run_busy(run) is None
    delete_run(run)
    assert not run.exists()


def test_a_linked_run_loses_its_link_only(tmp_path: Path) -> None:
    target = make_run(tmp_path / "elsewhere" / "run-a")
    runs = tmp_path / "runs"
    runs.mkdir()
    link = runs / "run-link"
    link.symlink_to(target, target_is_directory=True)
    assert [r.name for r in list_runs(runs)] == ["run-link"]
    assert delete_run(link) == target.resolve()  # was: OSError "Cannot call rmtree on a symbolic link"
    assert not os.path.lexists(link) and list_runs(runs) == []
    assert sorted(p.name for p in target.iterdir()) == ["config.json", "metrics.jsonl", "run.json"]
    with pytest.raises(RunError, match="run folder not found"):
        delete_run(link)
