"""Which accelerators this machine offers, as plain data for the GUI's device picker and the CLI.

Kept separate from the engine so listing devices never builds a model, and so "auto" resolves the
same way everywhere: CUDA first, then Apple's MPS, then the CPU.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from typing import Any

import torch

from gatelab.core.messages import GatelabError, Msg


# Set once by the GUI's entry point: the process also runs an interface that needs a core.
_KEEP_UI_CORE = False
UI_CORE_MIN = 4  # keep a core for the interface only from this many cores on (see cpu_threads)


def available_cores() -> int:
    """Logical cores this process may run on (its CPU affinity where the OS reports one)."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(1, len(affinity(0)))
        except OSError:
            pass
    return max(1, os.cpu_count() or 1)


def keep_ui_core(keep: bool = True) -> None:
    """Called by the GUI at start-up: default thread counts then leave a core for the interface."""
    global _KEEP_UI_CORE
    _KEEP_UI_CORE = keep


def cpu_threads(requested: int | None = None, gui: bool | None = None) -> int:
    """Threads for CPU training: ``requested`` when given, else every core. A GUI keeps one core
    for the interface only with ≥ 4 cores: on 2 cores that halves training speed (measured: 111 s
    vs 79 s for nanoGPT's CPU recipe) while the UI-lag benchmark holds either way."""
    if requested:
        return requested
    cores = available_cores()
    keep = _KEEP_UI_CORE if gui is None else gui
    return cores - 1 if keep and cores >= UI_CORE_MIN else cores


class DeviceUnavailable(GatelabError):
    """The requested device does not exist on this machine."""


@dataclass(frozen=True)
class DeviceInfo:
    kind: str  # "cuda", "mps" or "cpu"
    name: str  # e.g. "NVIDIA H200", "Apple MPS", "CPU"
    index: int = 0
    memory_bytes: int | None = None  # total device memory (CUDA only)
    threads: int | None = None  # CPU: logical cores available

    @property
    def label(self) -> str:
        if self.kind == "cuda":
            gib = (self.memory_bytes or 0) / 2**30
            return f"cuda:{self.index} {self.name} ({gib:.0f} GiB)"
        if self.kind == "cpu":
            return Msg("device.cpu_label", {"threads": self.threads})
        return self.name


def _mps_available() -> bool:
    mps = getattr(torch.backends, "mps", None)
    return bool(mps is not None and mps.is_available())


def detect_devices() -> list[DeviceInfo]:
    """Every usable device: CUDA GPUs (name, memory), MPS, and always the CPU last."""
    found: list[DeviceInfo] = []
    if torch.cuda.is_available():
        for i in range(torch.cuda.device_count()):
            props = torch.cuda.get_device_properties(i)
            found.append(DeviceInfo("cuda", props.name, i, int(props.total_memory)))
    if _mps_available():
        found.append(DeviceInfo("mps", "Apple MPS"))
    found.append(DeviceInfo("cpu", "CPU", threads=available_cores()))
    return found


def resolve_device(name: str) -> torch.device:
    """"auto" → cuda, mps or cpu (first available); explicit names are checked to exist."""
    if name == "auto":
        if torch.cuda.is_available():
            return torch.device("cuda")
        return torch.device("mps" if _mps_available() else "cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise DeviceUnavailable(Msg("device.no_cuda"))
    if name == "mps" and not _mps_available():
        raise DeviceUnavailable(Msg("device.no_mps"))
    if name not in ("cpu", "cuda", "mps"):
        raise DeviceUnavailable(Msg("device.unknown", {"name": name}))
    return torch.device(name)


def autocast_for(device: torch.device) -> contextlib.AbstractContextManager[Any]:
    """bf16 autocast on CUDA; full precision elsewhere."""
    if device.type == "cuda":
        return torch.autocast("cuda", dtype=torch.bfloat16)
    return contextlib.nullcontext()
