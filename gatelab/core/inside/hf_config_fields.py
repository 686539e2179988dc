"""Two more config.json fields that transformers takes on trust, the norm epsilons and
``architectures``, and the model types whose layers the views cannot read.

Why before loading: a norm epsilon of NaN or −1 (``rms_norm_eps``, ``layer_norm_eps``,
``layer_norm_epsilon``, ``norm_eps``: each family names it its own way) is accepted by every
config class, and then every number of the pass is NaN; the result would blame "the model's
weights or activations" for what one line of config.json did. ``architectures`` of 5 passes
the load too and breaks only when the model's name is read from it. Each becomes one
``InsideError`` naming the field.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from gatelab.core.inside.errors import InsideError
from gatelab.core.messages import Msg

# families whose layers compute what the views cannot read, with the key of why (checked in the
# modelling code of transformers 5.25): Dory rescales gate and up by learned vectors, normalises
# act(g)·u and interpolates the residual stream; Gemma 3n's layers return AltUp's stack of
# predictions and sparsify the gate before its activation
UNREADABLE_FAMILIES = {"dory": "inside.why_dory", "gemma3n": "inside.why_altup",
                       "gemma3n_text": "inside.why_altup"}

# a field named like a norm epsilon in any family: rms_norm_eps, layer_norm_epsilon, norm_eps, eps
_EPS_KEY = re.compile(r"(?:^|_)(?:eps|epsilon)$")


def _short(value: object) -> str:
    return repr(value)[:40]


def _parts(cfg: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """config.json and its text_config (where there is one), with their field prefixes."""
    text = cfg.get("text_config")
    return [("", cfg)] + ([("text_config.", text)] if isinstance(text, dict) else [])


def check_norm_eps(p: Path, cfg: dict[str, Any]) -> None:
    """Refuse a norm epsilon that is not a finite number above 0 (null included: the norm
    would then add None and fail inside the pass)."""
    for prefix, part in _parts(cfg):
        for key, value in part.items():
            if not (isinstance(key, str) and _EPS_KEY.search(key)):
                continue
            ok = (isinstance(value, (int, float)) and not isinstance(value, bool)
                  and math.isfinite(value) and value > 0)
            if not ok:
                raise InsideError(Msg("inside.config_value", {"path": p, "name": prefix + key,
                                                              "value": _short(value)}))


def check_architectures(p: Path, cfg: dict[str, Any]) -> None:
    """Refuse an ``architectures`` that is not a list of class names (null is left alone:
    transformers then names the model after its class)."""
    value = cfg.get("architectures")
    if value is None:
        return
    if not (isinstance(value, list) and all(isinstance(v, str) and v for v in value)):
        raise InsideError(Msg("inside.config_architectures", {"path": p,
                                                              "value": _short(value)}))


def model_name(architectures: object, fallback: str) -> str:
    """The first class name of ``architectures`` when it is a non-empty list of strings, else
    ``fallback`` (an already loaded model wrapped without the folder checks)."""
    if isinstance(architectures, (list, tuple)) and architectures and isinstance(
            architectures[0], str) and architectures[0]:
        return architectures[0]
    return fallback


def refuse_unreadable(p: Path, *model_types: object) -> None:
    """InsideError for a model type in ``UNREADABLE_FAMILIES``, saying why. Why a refusal: the
    hooks would read tensors that are not the ones the layer uses (Dory's g, u and h), or fail
    on shapes in numpy's words (Gemma 3n), and either would look like a result."""
    for t in model_types:
        why = UNREADABLE_FAMILIES.get(t) if isinstance(t, str) else None
        if why is not None:
            raise InsideError(Msg("inside.family_unreadable", {"path": p, "model_type": t,
                                                               "why": Msg(why)}))


__all__ = ["UNREADABLE_FAMILIES", "check_architectures", "check_norm_eps", "model_name",
           "refuse_unreadable"]
