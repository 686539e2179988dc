"""Checkpoints written by earlier code still load and resume on their loss curve.

The fixture ``data/old_run_v1`` was written by commit 01bb9d6 (before the CPU kernels moved to
``kernels.py`` and the projections could run as one matmul): a tiny run stopped at step 4 of 8,
and the losses of the same run trained straight through its 8 steps by that code. It guards the
saved format (HF names, optimizer state, RNG states) against changes to the model.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import torch

from gatelab.core.engine import load_trained, train_steps
from gatelab.core.runs import load_checkpoint
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
OLD = Path(__file__).parent / "data" / "old_run_v1"


def test_old_checkpoint_resumes_on_the_old_loss_curve(tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(OLD / "run", run)
    config = TrainConfig.from_dict(json.loads((run / "config.json").read_text()))
    straight = json.loads((OLD / "straight_losses.json").read_text())
    resumed = [s.train_loss for s in train_steps(config, run_dir=run, resume=True)]
    assert len(resumed) == 4  # steps 5..8
    assert resumed == pytest.approx(straight[4:], rel=1e-5)


def test_old_checkpoint_loads_and_is_saved_again_under_the_same_names(tmp_path: Path) -> None:
    old = load_checkpoint(OLD / "run", map_location="cpu")
    model, _vocab, _cfg = load_trained(OLD / "run")
    state = model.state_dict()
    assert list(state) == list(old["model"])
    for name, t in old["model"].items():
        torch.testing.assert_close(state[name], t, rtol=0, atol=0, msg=name)
    torch.save(state, tmp_path / "again.pt")
    again = torch.load(tmp_path / "again.pt", weights_only=True)
    assert {k: tuple(v.shape) for k, v in again.items()} == {
        k: tuple(v.shape) for k, v in old["model"].items()}
