"""Fixtures shared by the core tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from gatelab.core.trainconfig import TrainConfig

# a finished 6-step run: checkpoints (and stats-history entries) at steps 3 and 6
SIX_STEP_CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=6,
                           eval_interval=3, eval_iters=2, threads=1, stats_interval=3,
                           sample_chars=0)


@pytest.fixture(scope="session")
def six_step_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """SIX_STEP_CFG trained by the real trainer and writer, once per session (copy it before
    editing: tests share it)."""
    from gatelab.core.engine import train_steps
    d = tmp_path_factory.mktemp("runs") / "good"
    list(train_steps(SIX_STEP_CFG, run_dir=d))
    return d
