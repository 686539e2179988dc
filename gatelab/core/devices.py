"""Which accelerators this machine offers, as plain data for the GUI's device picker and the CLI.

Kept separate from the engine so listing devices never builds a model, and so "auto" resolves the
same way everywhere: CUDA first, then Apple's MPS, then the CPU.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import torch


class DeviceUnavailable(ValueError):
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
            return f"CPU ({self.threads} threads)"
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
    found.append(DeviceInfo("cpu", "CPU", threads=os.cpu_count() or 1))
    return found


def resolve_device(name: str) -> torch.device:
    """"auto" → cuda, mps or cpu (first available); explicit names are checked to exist."""
    if name == "auto":
        if torch.cuda.is_available():
            return torch.device("cuda")
        return torch.device("mps" if _mps_available() else "cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise DeviceUnavailable("device 'cuda' was requested but no CUDA GPU is available here")
    if name == "mps" and not _mps_available():
        raise DeviceUnavailable("device 'mps' was requested but Apple MPS is not available here")
    if name not in ("cpu", "cuda", "mps"):
        raise DeviceUnavailable(f"unknown device {name!r}; use auto, cpu, cuda or mps")
    return torch.device(name)
