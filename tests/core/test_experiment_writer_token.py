"""An experiment trained in this process whose experiment.json could not be rewritten (a full or
read-only disk) still said "running": this process was alive, so it counted as the writer until
a relaunch. experiment.json now names its writer's token, released when training ends."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

import gatelab.core.experiment as experiment
from gatelab.core.experiment import EXPERIMENT_FILE, run_experiment
from gatelab.core.experiment_status import experiment_status
from gatelab.core.trainconfig import TrainConfig

CFG = TrainConfig(corpus="generated", n_layer=1, n_head=2, n_embd=32, block_size=16,
                  batch_size=4, steps=6, eval_interval=3, warmup_steps=1, device="cpu")


def _status(folder: Path) -> str:
    data = json.loads((folder / EXPERIMENT_FILE).read_text())
    return experiment_status(folder, data)


def test_running_while_trained_here_then_interrupted_after_a_write_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    folders: list[Path] = []
    real_write = experiment.atomic_write_json
    writes = {"n": 0}

    def failing_write(path: Path, data: object) -> None:
        writes["n"] += 1
        if writes["n"] > 1:  # the first save (before any run) lands; the rest hit a full disk
            raise OSError(28, "No space left on device")
        real_write(path, data)

    monkeypatch.setattr(experiment, "atomic_write_json", failing_write)

    def on_snapshot(_variant: str, _seed: int, snap: object) -> None:
        folder = Path(snap.run_dir).parent  # type: ignore[attr-defined]
        if not folders:
            folders.append(folder)
            seen.append(_status(folder))  # trained here, now: running

    with pytest.raises(OSError):
        run_experiment(["swiglu", "gelu"], [1], CFG, threading.Event(), on_snapshot,
                       root=tmp_path)
    folder = folders[0]
    data = json.loads((folder / EXPERIMENT_FILE).read_text())
    assert data["status"] == "running"  # the file could not say otherwise
    assert seen == ["running"]
    assert _status(folder) == "interrupted"  # was "running" until the app was relaunched


def test_a_finished_experiment_names_its_released_writer(tmp_path: Path) -> None:
    res = run_experiment(["swiglu", "gelu"], [1], CFG, threading.Event(), None, root=tmp_path)
    data = json.loads((Path(res.path) / EXPERIMENT_FILE).read_text())
    assert data["status"] == "finished" and isinstance(data["writer"], str) and data["writer"]
    assert _status(Path(res.path)) == "finished"
