"""The training generator: learning, determinism, schedules, stops and failures."""

from __future__ import annotations

import math
import threading
from pathlib import Path

import pytest
import torch

from gatelab.core import engine, stats
from gatelab.core.data import CorpusError, load_corpus
from gatelab.core.engine import lr_at, sample_text, train_steps
from gatelab.core.model import GPT
from gatelab.core.trainconfig import Snapshot, TrainConfig, TrainingError

torch.set_num_threads(1)
SMALL = TrainConfig(n_layer=2, n_head=2, n_embd=32, block_size=32, batch_size=8, steps=40,
                    lr=3e-3, warmup_steps=5, eval_interval=20, eval_iters=4, threads=1,
                    stats_interval=10, sample_chars=0)


def run(cfg: TrainConfig, **kw: object) -> list[Snapshot]:
    return list(train_steps(cfg, **kw))  # type: ignore[arg-type]


def test_loss_falls_on_generated_corpus() -> None:
    snaps = run(SMALL.replace(stats=False))
    assert [s.step for s in snaps] == list(range(1, 41))
    first = sum(s.train_loss for s in snaps[:5]) / 5
    last = sum(s.train_loss for s in snaps[-5:]) / 5
    assert first > math.log(40) - 0.3  # starts near uniform over the 40-character vocabulary
    assert last < first - 0.8
    vals = [s.val_loss for s in snaps if s.val_loss is not None]
    assert len(vals) == 2 and vals[1] < vals[0] < first
    assert snaps[-1].status == "finished" and all(s.status == "running" for s in snaps[:-1])
    assert snaps[-1].tokens_seen == 40 * 8 * 32
    assert all(s.tokens_per_s > 0 and s.elapsed_s > 0 for s in snaps)
    assert snaps[-1].device == "cpu"


def test_same_seed_same_losses_other_seed_differs() -> None:
    cfg = SMALL.replace(steps=12, eval_interval=6)
    a, b = run(cfg), run(cfg)
    assert [s.train_loss for s in a] == [s.train_loss for s in b]
    assert [s.val_loss for s in a] == [s.val_loss for s in b]
    c = run(cfg.replace(seed=7))
    assert [s.train_loss for s in c] != [s.train_loss for s in a]


def test_stats_do_not_change_the_losses() -> None:
    cfg = SMALL.replace(steps=12, eval_interval=6, stats_interval=3)
    on, off = run(cfg), run(cfg.replace(stats=False))
    assert [s.train_loss for s in on] == [s.train_loss for s in off]
    assert [s.step for s in on if s.stats is not None] == [3, 6, 9, 12]
    assert all(s.stats is None for s in off)


def test_stats_off_never_builds_a_capture(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*a: object, **k: object) -> None:
        raise AssertionError("instrumentation ran although stats=False")

    monkeypatch.setattr(stats, "BatchCapture", boom)
    monkeypatch.setattr(stats, "probe_pass", boom)
    assert run(SMALL.replace(steps=10, stats=False))[-1].status == "finished"


def test_learning_rate_schedule() -> None:
    cfg = TrainConfig(lr=1e-3, warmup_steps=10, steps=110, min_lr_ratio=0.1)
    assert lr_at(cfg, 0) == pytest.approx(1e-3 / 11)
    assert lr_at(cfg, 9) == pytest.approx(1e-3 * 10 / 11)
    assert lr_at(cfg, 10) == pytest.approx(1e-3)
    assert lr_at(cfg, 60) == pytest.approx(1e-4 + 0.5 * 9e-4)
    assert lr_at(cfg, 110) == pytest.approx(1e-4)
    snaps = run(SMALL.replace(steps=6, warmup_steps=2, stats=False))
    assert [s.lr for s in snaps] == pytest.approx([lr_at(SMALL.replace(steps=6, warmup_steps=2), i)
                                                   for i in range(6)])


def test_log_interval_reports_means() -> None:
    every = run(SMALL.replace(steps=12, eval_interval=12, stats=False))
    grouped = run(SMALL.replace(steps=12, eval_interval=12, stats=False, log_interval=4))
    assert [s.step for s in grouped] == [4, 8, 12]
    for g in grouped:
        window = [s.train_loss for s in every if g.step - 4 < s.step <= g.step]
        assert g.train_loss == pytest.approx(sum(window) / 4, rel=1e-6)


def test_huge_learning_rate_stops_with_the_step(monkeypatch: pytest.MonkeyPatch) -> None:
    import gatelab.core.trainconfig
    monkeypatch.setattr(gatelab.core.trainconfig, "MAX_LR", 1e31)  # validate refuses > 10
    cfg = SMALL.replace(lr=1e30, warmup_steps=0, grad_clip=0.0, stats=False)
    with pytest.raises(TrainingError, match=r"loss became (nan|inf) at step \d+"):
        run(cfg)


def test_stop_event_ends_within_one_step() -> None:
    stop = threading.Event()
    snaps = []
    for s in train_steps(SMALL.replace(steps=1000), stop):
        snaps.append(s)
        if s.step == 3:
            stop.set()
    assert [s.step for s in snaps] == [1, 2, 3, 4]
    assert snaps[-1].status == "stopped"


def test_bad_corpus_and_device_raise_value_errors(tmp_path: Path) -> None:
    (tmp_path / "tiny.txt").write_text("abc" * 10)
    with pytest.raises(CorpusError, match="too short"):
        run(SMALL.replace(corpus=str(tmp_path / "tiny.txt")))
    with pytest.raises(ValueError, match="width 30 must be divisible by heads 4"):
        run(SMALL.replace(n_embd=30, n_head=4))
    if not torch.cuda.is_available():
        with pytest.raises(ValueError, match="no CUDA GPU"):
            run(SMALL.replace(device="cuda"))


def test_out_of_memory_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def oom(self: object, *a: object, **k: object) -> None:
        raise RuntimeError("CUDA out of memory. Tried to allocate 2.00 GiB")

    monkeypatch.setattr(torch.Tensor, "backward", oom)
    with pytest.raises(TrainingError, match="out of CPU memory at step 1 with batch 8 × block 32"):
        run(SMALL)


def test_final_snapshot_has_a_sample_and_sampling_is_deterministic() -> None:
    snaps = run(SMALL.replace(steps=4, sample_chars=30, stats=False))
    assert snaps[-1].sample is not None and len(snaps[-1].sample) == 31  # "\n" prompt + 30
    torch.manual_seed(0)
    vocab = load_corpus("generated").vocab
    model = GPT(SMALL, len(vocab))
    a = sample_text(model, vocab, 25, prompt="def ", seed=5)
    assert a.startswith("def ") and len(a) == 29 and set(a) <= set(vocab.chars)
    assert a == sample_text(model, vocab, 25, prompt="def ", seed=5)


def test_attention_gate_gqa_learned_positions_train() -> None:
    cfg = SMALL.replace(n_head=4, n_kv_head=2, attn_gate=True, positions="learned",
                        tie_embeddings=False, variant="geglu", steps=6, stats_interval=3)
    snaps = run(cfg)
    assert snaps[-1].status == "finished" and snaps[2].stats is not None
    assert all(math.isfinite(s.train_loss) for s in snaps)


def test_default_threads_use_every_core_outside_the_gui() -> None:
    from gatelab.core.devices import available_cores
    assert engine.default_threads(TrainConfig(threads=3)) == 3
    assert engine.default_threads(TrainConfig()) == available_cores()


def test_devices_are_plain_data_and_auto_resolves() -> None:
    from gatelab.core.devices import (DeviceInfo, DeviceUnavailable, available_cores,
                                      detect_devices, resolve_device)
    found = detect_devices()
    assert found[-1] == DeviceInfo("cpu", "CPU", threads=available_cores())
    assert found[-1].label == f"CPU ({available_cores()} threads)"
    assert all(d.kind in ("cuda", "mps", "cpu") for d in found)
    assert resolve_device("auto").type == found[0].kind
    assert resolve_device("cpu") == torch.device("cpu")
    if not any(d.kind == "mps" for d in found):
        with pytest.raises(DeviceUnavailable, match="'mps' was requested"):
            resolve_device("mps")


def test_out_of_memory_in_evaluation_is_reported(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    def oom(*a: object, **k: object) -> float:
        raise RuntimeError("CUDA out of memory. Tried to allocate 9.00 GiB")

    monkeypatch.setattr(engine, "evaluate", oom)
    with pytest.raises(TrainingError, match="out of CPU memory at step 20 with batch 8 × block 32"):
        run(SMALL, run_dir=tmp_path / "r")
    from gatelab.core.runs import load_run
    assert load_run(tmp_path / "r").summary["status"] == "failed"


def test_on_sampling_hears_of_the_final_sample_before_it_is_written() -> None:
    """A finished run calls on_sampling once, with the final step's snapshot and no sample yet,
    before the snapshot that carries the sample; a run without a sample, or stopped, never."""
    seen: list[tuple[Snapshot, int]] = []
    snaps: list[Snapshot] = []
    for snap in train_steps(SMALL.replace(steps=4, sample_chars=20, stats=False),
                            on_sampling=lambda s: seen.append((s, len(snaps)))):
        snaps.append(snap)
    assert len(seen) == 1
    early, yielded_before = seen[0]
    assert (early.step, early.status, early.sample) == (4, "finished", None)
    assert yielded_before == len(snaps) - 1  # heard before the final snapshot was yielded
    assert snaps[-1].sample is not None and snaps[-1].step == 4
    assert early.train_loss == snaps[-1].train_loss  # the same step's report
    quiet: list[Snapshot] = []
    list(train_steps(SMALL.replace(steps=3, sample_chars=0, stats=False), on_sampling=quiet.append))
    stop = threading.Event()
    stop.set()
    list(train_steps(SMALL.replace(steps=50, sample_chars=20, stats=False), stop_event=stop,
                     on_sampling=quiet.append))
    assert quiet == []
