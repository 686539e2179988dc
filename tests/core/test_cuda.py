"""GPU readiness: ordinary steps never wait for the device, stats come back in one transfer.

The CUDA tests (names contain "cuda") run where a GPU is present and skip elsewhere; the CPU
tests check the same code paths' results here. scripts/gpu_check.sh runs this file on a GPU.
"""

from __future__ import annotations

import contextlib
import math
import warnings
from collections.abc import Iterator

import numpy as np
import pytest
import torch

from gatelab.core import data, engine, stats
from gatelab.core.model import GPT
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
CUDA = torch.cuda.is_available()
needs_cuda = pytest.mark.skipif(not CUDA, reason="needs a CUDA GPU")
SMALL = TrainConfig(n_layer=2, n_head=2, n_embd=32, block_size=32, batch_size=8, steps=12,
                    lr=3e-3, warmup_steps=2, eval_interval=6, eval_iters=2, stats_interval=4,
                    log_interval=4, sample_chars=0).validate()


@contextlib.contextmanager
def host_syncs_raise() -> Iterator[None]:
    """torch.cuda.set_sync_debug_mode("error") for the block, and "default" after it however it ends.

    Why: setting the mode warns that it is a prototype; under the suite's warnings-as-errors that
    warning raised after the mode was set and before any ``finally``, so every later CUDA test
    failed with "called a synchronizing CUDA operation" (seen on the H200 on 2026-12-04)."""
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Synchronization debug mode", UserWarning)
            torch.cuda.set_sync_debug_mode("error")
        yield
    finally:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Synchronization debug mode", UserWarning)
            torch.cuda.set_sync_debug_mode("default")


def _parts(cfg: TrainConfig, device: torch.device):  # noqa: ANN202
    corpus = data.load_corpus(cfg.corpus)
    train_ids, _ = data.split(corpus, cfg.block_size)
    torch.manual_seed(cfg.seed)
    model = GPT(cfg, len(corpus.vocab)).to(device)
    opt = engine.make_optimizer(model, cfg, device)
    sampler = data.BatchSampler(train_ids, cfg.block_size, cfg.batch_size, cfg.seed, device)
    return corpus, model, opt, sampler


def _stats_both_ways(device: torch.device):  # noqa: ANN202
    corpus, model, _, sampler = _parts(SMALL, device)
    probe = stats.probe_ids(corpus.vocab, SMALL.block_size)
    out = []
    x, y = sampler.next()  # the same batch both ways
    for to_host in (True, False):
        cap = stats.BatchCapture(SMALL.n_layer, SMALL.variant, SMALL.gate_eps, SMALL.hist_bins, device)
        with torch.no_grad():
            model(x, y, capture=cap)
        out.append(cap.materialise(stats.probe_pass(model, probe, -1, device, to_host=to_host)))
    return out


def test_stats_from_device_tensors_equal_host_arrays() -> None:
    host, packed = _stats_both_ways(torch.device("cpu"))
    for name in ("frac_neg", "frac_closed", "act_hist", "mean_abs_h", "max_abs_h", "mlp_ratio",
                 "attn_sink", "gate_pairs", "neuron_acts"):
        np.testing.assert_allclose(getattr(packed, name), getattr(host, name), rtol=1e-6)
    assert packed.gate_pairs.shape == (2, GPT(SMALL, 40).intermediate, 2)
    assert packed.act_hist.sum(axis=1) == pytest.approx([1.0, 1.0])


def test_train_step_returns_the_loss_as_a_detached_tensor() -> None:
    _, model, opt, sampler = _parts(SMALL, torch.device("cpu"))
    before = model.blocks[0].mlp.up_proj.weight.detach().clone()
    loss = engine.train_step(model, model, opt, sampler, SMALL, torch.device("cpu"))
    assert isinstance(loss, torch.Tensor) and not loss.requires_grad and loss.dim() == 0
    assert math.isfinite(loss.item())
    assert not torch.equal(before, model.blocks[0].mlp.up_proj.weight)  # it stepped


@needs_cuda
def test_cuda_training_with_bf16_autocast_and_stats() -> None:
    snaps = list(engine.train_steps(SMALL.replace(device="cuda")))
    assert snaps[-1].status == "finished" and snaps[-1].device.startswith("cuda")
    assert [s.step for s in snaps] == [4, 6, 8, 12]  # log, eval, log+stats, last
    assert all(math.isfinite(s.train_loss) for s in snaps)
    assert snaps[0].stats is not None and snaps[0].stats.gate_pairs.shape[0] == SMALL.n_layer
    with engine.autocast_for(torch.device("cuda")):
        assert torch.get_autocast_dtype("cuda") == torch.bfloat16


@needs_cuda
def test_cuda_ordinary_steps_do_not_sync() -> None:
    device = torch.device("cuda")
    _, model, opt, sampler = _parts(SMALL, device)
    for _ in range(2):  # warm-up: allocator, cuBLAS handles, pinned-memory pool
        engine.train_step(model, model, opt, sampler, SMALL, device)
    torch.cuda.synchronize()
    losses = []
    with host_syncs_raise():
        for _ in range(4):
            losses.append(engine.train_step(model, model, opt, sampler, SMALL, device))
    assert all(t.device.type == "cuda" for t in losses)
    assert all(math.isfinite(v) for v in torch.stack(losses).cpu().tolist())


@needs_cuda
def test_cuda_stats_run_on_the_device_and_match_the_cpu() -> None:
    cuda_host, cuda_packed = _stats_both_ways(torch.device("cuda"))
    cpu_host, _ = _stats_both_ways(torch.device("cpu"))
    for name in ("frac_neg", "mean_abs_h", "mlp_ratio", "attn_sink", "gate_pairs"):
        np.testing.assert_allclose(getattr(cuda_packed, name), getattr(cuda_host, name), rtol=1e-5)
        np.testing.assert_allclose(getattr(cuda_packed, name), getattr(cpu_host, name),
                                   rtol=1e-3, atol=1e-3)
