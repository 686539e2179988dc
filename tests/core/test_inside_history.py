"""Stats history of saved runs: one entry per checkpoint, equal to the stats of that step."""

from __future__ import annotations

import dataclasses
import os
import shutil
from pathlib import Path

import numpy as np
import pytest
import torch

from gatelab.core import stats_history
from gatelab.core.stats_history import read_stats_history, read_weights
from gatelab.core.trainconfig import LayerStats
from tests.core.inside_helpers import train_tiny_run

torch.set_num_threads(1)


def _same(a: LayerStats, b: LayerStats) -> None:
    for f in dataclasses.fields(LayerStats):
        np.testing.assert_array_equal(getattr(a, f.name), getattr(b, f.name))


def test_one_entry_per_checkpoint_with_that_steps_stats(tmp_path: Path) -> None:
    run = tmp_path / "run"
    snaps = train_tiny_run(run, steps=8)
    by_step = {s.step: s.stats for s in snaps if s.stats is not None}
    history = read_stats_history(run)
    assert [step for step, _ in history] == [4, 6, 8]  # every 4 steps and at the first eval (6)
    for step, st in history:
        _same(st, by_step[step])
        weights = read_weights(run, step)
        assert weights is not None and "blocks.0.mlp.gate_proj.weight" in weights
    with np.load(run / "stats.npz") as z:  # the latest stats are the last entry
        np.testing.assert_array_equal(z["gate_pairs"], history[-1][1].gate_pairs)
    assert not np.array_equal(history[0][1].gate_pairs, history[1][1].gate_pairs)

    # a damaged entry is skipped, the rest still read
    (run / "stats_history" / "step_000004.npz").write_bytes(b"garbage")
    assert [step for step, _ in read_stats_history(run)] == [6, 8]

    # a run made before the history existed: one entry from stats.npz at run.json's step
    shutil.rmtree(run / "stats_history")
    old = read_stats_history(run)
    assert [step for step, _ in old] == [8]
    _same(old[0][1], by_step[8])
    (run / "stats.npz").unlink()
    assert read_stats_history(run) == []


def test_large_models_keep_stats_but_not_weights(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_history, "MAX_WEIGHT_PARAMS", 10)
    run = tmp_path / "run"
    train_tiny_run(run, steps=4)
    assert [step for step, _ in read_stats_history(run)] == [4]
    assert read_weights(run, 4) is None
    assert not list((run / "stats_history").glob("weights_*"))


def test_history_is_thinned_evenly_and_keeps_first_and_latest(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A run that checkpoints every minute for hours must not fill the disk with history."""
    monkeypatch.setattr(stats_history, "MAX_STATS_ENTRIES", 5)
    monkeypatch.setattr(stats_history, "MAX_WEIGHT_ENTRIES", 3)
    run = tmp_path / "run"
    snaps = train_tiny_run(run, steps=8)
    stats = next(s.stats for s in snaps if s.stats is not None)
    state = {"w": torch.zeros(3)}
    for step in range(10, 110, 10):
        stats_history.append_entry(run, step, stats, state)
    steps = stats_history.history_steps(run)
    assert len(steps) == 5 and steps[0] == 4 and steps[-1] == 100
    weights = sorted(int(p.name[13:19]) for p in (run / "stats_history").glob("weights_step_*.pt"))
    assert len(weights) == 3 and weights[0] == 4 and weights[-1] == 100
    gaps = [b - a for a, b in zip(steps, steps[1:])]
    even = (steps[-1] - steps[0]) / (len(steps) - 1)
    assert max(gaps) <= 2 * even  # spread over the run, not bunched at either end


@pytest.mark.parametrize("payload", [b"garbage", [1, 2], "pickle", "fifo"])
def test_damaged_weights_are_called_damaged(tmp_path: Path, payload: object) -> None:
    """Once: "no weights were kept for step 4; steps with weights: 4, 6, 8" (self-contradicting)."""
    from fractions import Fraction

    from gatelab.core.inside.errors import InsideError
    from gatelab.core.inside.run_source import trace_run
    run = tmp_path / "run"
    train_tiny_run(run, steps=8)
    path = stats_history.weights_path(run, 4)
    if payload == "fifo":
        path.unlink()
        os.mkfifo(path)
    elif isinstance(payload, bytes):
        path.write_bytes(payload)
    else:
        torch.save(Fraction(1, 3) if payload == "pickle" else payload, path)
    assert read_weights(run, 4) is None
    assert stats_history.weights_problem(run, 4).startswith(
        "the weights kept for step 4 are damaged (")
    with pytest.raises(InsideError, match="the weights kept for step 4 are damaged") as info:
        trace_run(run, "hello", step=4)
    assert "no weights were kept" not in str(info.value)
    # a step that really has none still says so, listing the steps that do
    with pytest.raises(InsideError, match="no weights were kept for step 5; steps with "
                                          "weights: (4, )?6, 8"):
        trace_run(run, "hello", step=5)
