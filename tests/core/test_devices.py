"""Device and thread choices, every branch a CPU-only machine can reach (GPUs are faked)."""

from __future__ import annotations

import contextlib
import warnings
from types import SimpleNamespace

import pytest
import torch

from gatelab.core import devices, engine
from gatelab.core.trainconfig import TrainConfig


@pytest.fixture
def cores(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """Pretend the machine has n cores (affinity and cpu_count alike)."""
    def set_cores(n: int, affinity: bool = True) -> None:
        monkeypatch.setattr(devices.os, "cpu_count", lambda: n)
        if affinity:
            monkeypatch.setattr(devices.os, "sched_getaffinity", lambda pid: set(range(n)),
                                raising=False)
        else:
            monkeypatch.delattr(devices.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(devices, "_KEEP_UI_CORE", False)
    return set_cores


@pytest.mark.parametrize("n, cli, gui", [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 3), (16, 16, 15)])
def test_cli_uses_every_core_and_the_gui_keeps_one_from_four(cores, n: int, cli: int, gui: int) -> None:
    cores(n)
    assert devices.cpu_threads() == cli
    assert engine.default_threads(TrainConfig()) == cli
    assert devices.cpu_threads(gui=True) == gui
    devices.keep_ui_core()  # what the GUI's entry point does
    assert engine.default_threads(TrainConfig()) == gui
    assert engine.default_threads(TrainConfig(threads=7)) == 7  # an explicit choice always wins


def test_affinity_counts_before_cpu_count(cores, monkeypatch: pytest.MonkeyPatch) -> None:
    cores(8)
    monkeypatch.setattr(devices.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert devices.available_cores() == 2  # a container limited to 2 of 8 cores
    cores(6, affinity=False)  # macOS and Windows have no sched_getaffinity
    assert devices.available_cores() == 6
    monkeypatch.setattr(devices.os, "cpu_count", lambda: None)
    assert devices.available_cores() == 1


def test_auto_prefers_cuda_then_mps_then_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert devices.resolve_device("auto") == torch.device("cuda")
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    monkeypatch.setattr(devices, "_mps_available", lambda: True)
    assert devices.resolve_device("auto") == torch.device("mps")
    assert devices.resolve_device("mps") == torch.device("mps")
    monkeypatch.setattr(devices, "_mps_available", lambda: False)
    assert devices.resolve_device("auto") == torch.device("cpu")


def test_missing_devices_are_named_in_the_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    monkeypatch.setattr(devices, "_mps_available", lambda: False)
    with pytest.raises(devices.DeviceUnavailable, match="'cuda' was requested but no CUDA GPU"):
        devices.resolve_device("cuda")
    with pytest.raises(devices.DeviceUnavailable, match="'mps' was requested but Apple MPS"):
        devices.resolve_device("mps")
    with pytest.raises(devices.DeviceUnavailable, match="unknown device 'tpu'"):
        devices.resolve_device("tpu")


def test_detected_gpus_are_listed_first_with_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 2)
    monkeypatch.setattr(torch.cuda, "get_device_properties",
                        lambda i: SimpleNamespace(name=f"NVIDIA H200 #{i}", total_memory=141 * 2**30))
    monkeypatch.setattr(devices, "_mps_available", lambda: False)
    found = devices.detect_devices()
    assert [d.kind for d in found] == ["cuda", "cuda", "cpu"]
    assert found[1].label == "cuda:1 NVIDIA H200 #1 (141 GiB)"


def test_autocast_is_bf16_on_cuda_only() -> None:
    with warnings.catch_warnings():  # torch warns that CUDA is missing when there is none
        warnings.simplefilter("ignore", UserWarning)
        cuda = engine.autocast_for(torch.device("cuda"))
    assert isinstance(cuda, torch.autocast)
    assert cuda.fast_dtype == torch.bfloat16 and cuda.device == "cuda"
    for name in ("cpu", "mps"):
        assert isinstance(engine.autocast_for(torch.device(name)), contextlib.nullcontext)


def test_optimizer_is_fused_on_cpu_and_cuda() -> None:
    from gatelab.core.model import GPT
    cfg = TrainConfig(n_layer=1, n_head=2, n_embd=16, block_size=8).validate()
    opt = engine.make_optimizer(GPT(cfg, 10), cfg, torch.device("cpu"))
    assert all(g["fused"] for g in opt.param_groups)
    assert opt.param_groups[0]["betas"] == (0.9, 0.99)
