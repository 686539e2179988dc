"""When the model may take a fast path: one matmul over several projections, or the CPU
training kernels (``kernels``, ``kernels_block``); each must compute what the plain modules do,
and none may skip a hook that a learner or the inside-the-model views put on a module.

Why a module of its own: ``model.py`` is what a learner reads; these predicates are about speed.
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F
from torch import nn


def one_matmul(x: torch.Tensor, *mods: nn.Module, cpu: bool = False) -> bool:
    """Whether to run these projections of x as one matmul on their concatenated weights: on
    GPUs, where each call is a kernel launch, and on the CPU where it measured faster (``cpu``:
    q/k/v with RoPE as one complex multiply; gate/up measured 2–4 % slower there, see
    docs/BENCHMARKS.md). Never when forward hooks watch them (the inside-the-model views, a
    learner's own hooks), so that every hook fires."""
    if x.device.type == "cpu" and not cpu:
        return False
    return not watched(mods)


def watched(mods: Any) -> bool:
    """Whether any hook (forward, or backward with ``full``) would watch these modules' calls:
    the fast paths skip the module calls, and a hook must never be skipped."""
    return _global_hooks() or any(_hooked(m) for m in mods)


def watched_tree(module: nn.Module) -> bool:
    """``watched`` for a module and everything inside it. Why not ``watched(module.modules())``:
    ``modules()`` walks nested generators with a memo set and name prefixes, ≈ 20 µs per block
    on every training step; this plain walk of the children reads the same hooks."""
    if _global_hooks():
        return True
    stack = [module]
    while stack:
        m = stack.pop()
        if _hooked(m):
            return True
        stack.extend(c for c in m._modules.values() if c is not None)
    return False


def _global_hooks() -> bool:
    """Whether a hook is registered for every module's calls (``register_module_*_hook``)."""
    from torch.nn.modules import module as mm
    return bool(mm._global_forward_hooks or mm._global_forward_pre_hooks
                or mm._global_backward_hooks or mm._global_backward_pre_hooks)


def _hooked(m: nn.Module) -> bool:
    return bool(m._forward_hooks or m._forward_pre_hooks or m._backward_hooks
                or m._backward_pre_hooks)


def cpu_training(x: torch.Tensor) -> bool:
    """Whether x is a float32/64 CPU tensor in a step that records gradients, eager: where the
    hand-written kernels (``kernels.py``) are faster than autograd's composition."""
    return (x.device.type == "cpu" and x.dtype in (torch.float32, torch.float64)
            and torch.is_grad_enabled() and not torch.compiler.is_compiling())


def project(x: torch.Tensor, *linears: nn.Linear) -> torch.Tensor:
    """x [..., d] through several bias-free projections as one matmul -> [..., Σout]."""
    return F.linear(x, torch.cat([lin.weight for lin in linears]))


__all__ = ["cpu_training", "one_matmul", "project", "watched", "watched_tree"]
