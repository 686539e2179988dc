"""Memory estimates before allocation: exact parameter counts, refusals with the numbers, and the
out-of-memory errors of every allocator recognised (regressions of issue 8)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import torch

from gatelab.cli import train_main
from gatelab.core import engine, memory
from gatelab.core.model import GPT
from gatelab.core.trainconfig import TrainConfig, TrainingError

torch.set_num_threads(1)
TINY = dict(corpus="generated", n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=4,
            steps=2, eval_interval=2, eval_iters=1, threads=1, sample_chars=0, stats=False)


@pytest.mark.parametrize("changes", [
    {}, {"variant": "gelu"}, {"attn_gate": True, "n_kv_head": 1}, {"positions": "learned"},
    {"tie_embeddings": False, "intermediate": 40}, {"variant": "reglu", "n_layer": 3},
])
def test_parameter_count_is_the_models(changes: dict) -> None:
    cfg = TrainConfig(**{**TINY, **changes}).validate()
    est = memory.training_estimate(cfg, 77)
    assert est.n_params == GPT(cfg, 77).num_params()
    assert est.params == est.grads == 4 * est.n_params and est.optimizer == 8 * est.n_params
    assert est.total == est.params + est.grads + est.optimizer + est.activations + est.logits


def test_activations_scale_with_batch_block_and_vocab() -> None:
    base = TrainConfig(**{**TINY, "positions": "learned"})  # no rope tables: pure scaling
    a = memory.training_estimate(base, 100)
    b = memory.training_estimate(base.replace(batch_size=8), 100)
    assert b.activations == pytest.approx(2 * a.activations, abs=2)
    assert b.logits == pytest.approx(2 * a.logits, abs=2)
    assert memory.training_estimate(base, 200).logits == pytest.approx(2 * a.logits, abs=2)
    # the math kernel (attention dropout) stores the scores, which grow with block²
    c = memory.training_estimate(base.replace(block_size=32), 100)
    assert c.activations == pytest.approx(2 * a.activations, abs=2)
    drop = base.replace(dropout=0.1)
    assert (memory.training_estimate(drop.replace(block_size=32), 100).activations
            > 2 * memory.training_estimate(drop, 100).activations)


def test_refusal_names_the_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory, "available_bytes", lambda device="cpu": 21_900_000_000)
    with pytest.raises(memory.MemoryEstimateError,
                       match=r"needs ≈ 38\.2 GB, 21\.9 GB RAM available"):
        memory.check_fits(38_200_000_000, "cpu", "the model")
    memory.check_fits(21_000_000_000, "cpu")  # fits: no error
    monkeypatch.setattr(memory, "available_bytes", lambda device="cpu": None)
    memory.check_fits(10**18, "cpu")  # unknown: nothing refused


def test_host_memory_is_read() -> None:
    free = memory.available_bytes("cpu")
    assert free is None or 10**7 < free < 10**14


def test_inference_estimate_for_hf_models() -> None:
    assert memory.estimate_inference_bytes(7_000_000_000, 2) == 14_000_000_000
    assert memory.estimate_inference_bytes(1000, 0.5) == 500
    kv = memory.estimate_inference_bytes(0, 2, batch=1, seq_len=10, n_layer=2, kv_dim=8)
    assert kv == 2 * 2 * 10 * 8 * 2
    with pytest.raises(ValueError, match="seq_len"):
        memory.estimate_inference_bytes(10, 2, seq_len=-1)


@pytest.mark.parametrize("message", [
    "[enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: can't allocate memory: you "
    "tried to allocate 274877906944 bytes. Error code 12 (Cannot allocate memory)",
    "DefaultCPUAllocator: not enough memory: you tried to allocate 1000000 bytes.",
    "CUDA out of memory. Tried to allocate 2.00 GiB",
])
def test_cpu_allocator_errors_are_out_of_memory(message: str) -> None:
    """Regression: only "out of memory" was recognised; the CPU allocator's words were not."""
    err = memory.oom_or(RuntimeError(message), torch.device("cpu"), 3, 8, 16, 1000)
    assert isinstance(err, TrainingError) and "out of CPU memory at step 3" in str(err)
    other = RuntimeError("mat1 and mat2 shapes cannot be multiplied")
    assert memory.oom_or(other, torch.device("cpu"), 3, 8, 16, 1000) is other


def test_engine_refuses_before_building_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory, "available_bytes", lambda device="cpu": 1000)
    built: list[int] = []
    monkeypatch.setattr(engine, "GPT", lambda *a, **k: built.append(1))
    with pytest.raises(ValueError, match="needs ≈ .* available"):
        next(engine.train_steps(TrainConfig(**TINY)))
    assert not built


@pytest.mark.parametrize("flags", [["--batch", "10000000"], ["--width", "65536", "--heads", "1"]])
def test_cli_refuses_huge_runs_in_one_line(flags: list[str], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: these passed validation, then died in the allocator or the OOM killer."""
    t0 = time.perf_counter()
    rc = train_main(["--corpus", "generated", "--quiet", "--run-dir", str(tmp_path / "r")] + flags)
    err = capsys.readouterr().err
    assert rc == 2 and time.perf_counter() - t0 < 5
    assert err.count("\n") == 1 and "needs ≈" in err and "available" in err
    assert "Traceback" not in err and not (tmp_path / "r").exists()
