"""The gate and up branches of a Hugging Face gated MLP, whether separate or fused.

Why one place: most families have ``gate_proj`` and ``up_proj``; Phi-3, GLM and GLM-4 compute
both in one ``gate_up_proj`` whose output their MLP's forward chunks in two, the first half the
gate and the second the up branch (``up · activation_fn(gate)``, checked in Phi3MLP, GlmMLP and
Glm4MLP of transformers 5.25). The trace's hooks, a neuron's rows for the top-k search and the
layer's width all read the MLP through these helpers, so the fused layout cannot be split one
way in one view and another way in the next.
"""

from __future__ import annotations

from typing import Any

import torch

from gatelab.core.inside.capture import LayerParts

# the activation module an MLP calls, by the names the families give it
ACT_NAMES = ("act_fn", "activation_fn")


def fused(mlp: Any) -> torch.nn.Linear | None:
    """The MLP's fused ``gate_up_proj`` (a Linear of even output width, gate half first) where it
    has no separate ``gate_proj``; None otherwise."""
    if hasattr(mlp, "gate_proj"):
        return None
    lin = getattr(mlp, "gate_up_proj", None)
    return lin if isinstance(lin, torch.nn.Linear) and lin.out_features % 2 == 0 else None


def is_gated(mlp: Any) -> bool:
    """Whether ``mlp`` is a gated MLP the views can read (separate or fused gate and up)."""
    return mlp is not None and (hasattr(mlp, "gate_proj") or fused(mlp) is not None)


def width(mlp: Any) -> int:
    """m, the number of intermediate neurons."""
    lin = fused(mlp)
    return int(lin.out_features // 2) if lin is not None else int(mlp.gate_proj.out_features)


def act_module(mlp: Any) -> Any:
    """The activation the MLP applies to its gate (``act_fn``; Phi-3 and GLM: ``activation_fn``),
    or None where it calls a function instead of a module."""
    for name in ACT_NAMES:
        act = getattr(mlp, name, None)
        if act is not None:
            return act
    return None


def gate_up_hooks(mlp: Any, p: LayerParts) -> list[Any]:
    """Hooks that leave the gate's output in ``p.g`` and up's in ``p.u`` (for a fused MLP the
    two halves of gate_up_proj's output, as views: no copy while the pass runs)."""
    lin = fused(mlp)
    if lin is None:
        def set_g(_m: Any, _i: Any, out: torch.Tensor) -> None:
            p.g = out

        def set_u(_m: Any, _i: Any, out: torch.Tensor) -> None:
            p.u = out
        return [mlp.gate_proj.register_forward_hook(set_g),
                mlp.up_proj.register_forward_hook(set_u)]
    m = lin.out_features // 2

    def set_gu(_m: Any, _i: Any, out: torch.Tensor) -> None:
        p.g, p.u = out[..., :m], out[..., m:]
    return [lin.register_forward_hook(set_gu)]


def neuron_row(linear: torch.nn.Module, x: torch.Tensor, n: int) -> torch.Tensor:
    """Output ``n`` of a Linear layer for inputs x [..., d] -> [...], bias included."""
    bias = getattr(linear, "bias", None)
    out = x @ linear.weight[n]  # type: ignore[index]
    return out if bias is None else out + bias[n]


def neuron_gate_up(mlp: Any, x: torch.Tensor, n: int) -> tuple[torch.Tensor, torch.Tensor]:
    """(g, u) of neuron ``n`` for the MLP's inputs x [..., d], from that neuron's rows only
    (rows n and m + n of a fused gate_up_proj)."""
    lin = fused(mlp)
    if lin is None:
        return neuron_row(mlp.gate_proj, x, n), neuron_row(mlp.up_proj, x, n)
    return neuron_row(lin, x, n), neuron_row(lin, x, lin.out_features // 2 + n)


__all__ = ["ACT_NAMES", "act_module", "fused", "gate_up_hooks", "is_gated", "neuron_gate_up",
           "neuron_row", "width"]
