"""Whether saved weights fit the model they are loaded into, said in gatelab's words.

Why: ``load_state_dict`` refuses a tensor of the wrong shape with torch's own paragraph ("Error(s)
in loading state_dict for GPT: size mismatch for tok_emb.weight: copying a param with shape
torch.Size([7, 7]) from checkpoint, …"), untranslated and unlike every other damage message
(probe s17 #5). This names the first weight that does not fit, in a keyed message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import torch

from gatelab.core.messages import Msg

NAMES_SHOWN = 3  # weight names quoted in a message; the count says how many there are


def _shape(t: Any) -> str:
    if not isinstance(t, torch.Tensor):
        return type(t).__name__
    return "×".join(str(n) for n in t.shape) or "a scalar"


def _names(names: list[str]) -> str:
    return ", ".join(names[:NAMES_SHOWN]) + (", …" if len(names) > NAMES_SHOWN else "")


def weights_misfit(model: torch.nn.Module, state: Mapping[str, Any]) -> Msg | None:
    """Why ``state`` cannot be loaded into ``model`` (a weight of another shape, weights
    missing or left over), or None when ``load_state_dict`` will take it."""
    own = model.state_dict()
    for name, tensor in own.items():
        if name in state and (not isinstance(state[name], torch.Tensor)
                              or tuple(state[name].shape) != tuple(tensor.shape)):
            return Msg("ckpt.weight_shape", {"name": name, "found": _shape(state[name]),
                                             "wanted": _shape(tensor)})
    missing = [name for name in own if name not in state]
    if missing:
        return Msg("ckpt.weights_missing", {"count": len(missing), "names": _names(missing)})
    extra = [str(name) for name in state if name not in own]
    if extra:
        return Msg("ckpt.weights_extra", {"count": len(extra), "names": _names(extra)})
    return None


def load_fitting(model: torch.nn.Module, state: Mapping[str, Any]) -> Msg | None:
    """Load ``state`` into ``model`` when it fits; else leave the model as it was and return
    why it does not (``weights_misfit``). The one way a checkpoint's weights are loaded."""
    misfit = weights_misfit(model, state)
    if misfit is None:
        model.load_state_dict(state)
    return misfit
