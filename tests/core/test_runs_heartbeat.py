"""A paused run keeps its heartbeat: the GUI's pause stops pulling the training generator, so
no step writes run.json; ``runs.keep_alive`` refreshes it so the list never says "interrupted"."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from gatelab.core import runs
from gatelab.core.engine import train_steps
from gatelab.core.runs_read import STALE_S, effective_status
from gatelab.core.trainconfig import TrainConfig

TINY = TrainConfig(corpus="generated", n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=4,
                   steps=50, eval_interval=25, eval_iters=2, stats=False, threads=1,
                   sample_chars=0)


def _summary(run: Path) -> dict:
    return json.loads((run / "run.json").read_text())


def test_keep_alive_refreshes_a_paused_runs_heartbeat(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    gen = train_steps(TINY, threading.Event(), run_dir=run)
    for _ in range(3):
        next(gen)  # three steps, then "pause": the generator is no longer pulled
    before = _summary(run)
    assert runs.keep_alive(run) is True
    assert _summary(run) == before  # within HEARTBEAT_S nothing is rewritten

    monkeypatch.setattr(runs, "HEARTBEAT_S", 0.0)
    time.sleep(0.02)
    assert runs.keep_alive(str(run) + "/")  # any spelling of the folder
    after = _summary(run)
    assert after["heartbeat"] > before["heartbeat"]
    assert after["status"] == "running" and after["steps"] == 3  # the writer's latest summary
    # a reader that cannot ask the process (another host) trusts the heartbeat: without the
    # refresh, a run paused for longer than STALE_S reads "interrupted"
    assert effective_status({**before, "host": "another-host"},
                            now=before["heartbeat"] + STALE_S + 1) == "interrupted"
    assert effective_status({**after, "host": "another-host"},
                            now=after["heartbeat"] + runs.HEARTBEAT_S + 1) == "running"

    gen.close()  # the consumer drops the run: it is stopped and no longer kept alive
    assert _summary(run)["status"] == "stopped"
    assert runs.keep_alive(run) is False


def test_keep_alive_without_a_writer_does_nothing(tmp_path: Path) -> None:
    assert runs.keep_alive(tmp_path) is False
    assert runs.keep_alive("") is False
    assert not (tmp_path / "run.json").exists()
