"""Checkpoints land on every ``checkpoint_interval`` step, whatever the log interval, and each
one's stats history entry holds that step's statistics (review s12, F1 and F2)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gatelab.core import run_writer
from gatelab.core.engine import train_steps
from gatelab.core.stats_history import history_steps
from gatelab.core.trainconfig import TrainConfig

TINY = dict(n_layer=1, n_head=1, n_embd=8, block_size=8, batch_size=2, eval_iters=1,
            eval_interval=1000, sample_chars=0, device="cpu", threads=1)


@pytest.fixture
def checkpointed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The step of every checkpoint written, in order."""
    steps: list[int] = []
    original = run_writer.RunWriter.checkpoint

    def spy(self, state, stats):  # noqa: ANN001, ANN202
        steps.append(int(state["step"]))
        return original(self, state, stats)

    monkeypatch.setattr(run_writer.RunWriter, "checkpoint", spy)
    return steps


def test_a_checkpoint_due_between_two_logged_steps_is_written(tmp_path: Path,
                                                               checkpointed: list[int]) -> None:
    """Logged every 4 steps, checkpointed every 6: only 12 and 24 were written (a crash at step
    17 lost 5 steps more than the interval promised)."""
    cfg = TrainConfig(steps=24, stats=False, log_interval=4, checkpoint_interval=6, **TINY)
    snaps = list(train_steps(cfg, run_dir=tmp_path / "r"))
    assert checkpointed == [6, 12, 18, 24]
    assert [s.step for s in snaps] == [4, 6, 8, 12, 16, 18, 20, 24]  # each checkpoint has its row


def test_a_checkpoints_history_entry_holds_its_own_steps_statistics(tmp_path: Path) -> None:
    """Stats every 10 steps, checkpoints every 15: the entry of step 15 held step 10's stats."""
    cfg = TrainConfig(steps=30, stats_interval=10, checkpoint_interval=15, lr=1e-2, **TINY)
    run = tmp_path / "r"
    snaps = {s.step: s for s in train_steps(cfg, run_dir=run)}
    assert history_steps(run) == [15, 30]
    assert [k for k, s in snaps.items() if s.stats is not None] == [10, 15, 20, 30]
    for step in (15, 30):
        entry = np.load(run / "stats_history" / f"step_{step:06d}.npz")
        assert int(entry["step"]) == step
        np.testing.assert_array_equal(entry["frac_neg"], snaps[step].stats.frac_neg)
        np.testing.assert_array_equal(entry["mean_abs_h"], snaps[step].stats.mean_abs_h)
    assert not np.array_equal(snaps[10].stats.mean_abs_h, snaps[15].stats.mean_abs_h)


def test_a_stop_between_stats_steps_files_statistics_of_its_own_weights(tmp_path: Path) -> None:
    """Stopped at step 14 (stats every 10): the entry of step 14 held step 10's statistics; the
    probe's gate pairs in it now come from step 14's weights, and a resume still continues
    the uninterrupted run's curve exactly (the extra pass draws no random numbers)."""
    import threading

    from gatelab.core import stats
    from gatelab.core.engine_resume import load_trained

    cfg = TrainConfig(steps=20, stats_interval=10, checkpoint_interval=1000, lr=1e-2, **TINY)
    run, stop = tmp_path / "r", threading.Event()
    for snap in train_steps(cfg, stop, run_dir=run):
        if snap.step == 13:
            stop.set()
    assert history_steps(run) == [14]
    model, vocab, _ = load_trained(run)
    pairs, acts = stats.probe_pass(model, stats.probe_ids(vocab, cfg.block_size),
                                   cfg.probe_position, "cpu")
    entry = np.load(run / "stats_history" / "step_000014.npz")
    np.testing.assert_allclose(entry["gate_pairs"], pairs, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(entry["neuron_acts"], acts, rtol=1e-6, atol=1e-7)
    resumed = {s.step: s.train_loss for s in train_steps(cfg, run_dir=run, resume=True)}
    whole = {s.step: s.train_loss for s in train_steps(cfg, run_dir=tmp_path / "w")}
    assert resumed == {k: v for k, v in whole.items() if k > 14}
