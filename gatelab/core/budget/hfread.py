"""Typed readers of config.json values: whole numbers, flags, strings, and sizes by any spelling.

Why a module of its own: the generic reader (``hfconfig``) and the MoE layout (``hfmoe``) read
values the same way, and every value is type-checked here, so a garbled or hostile file can only
ever produce a ``ValueError`` with a message a learner can act on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gatelab.core.budget import hfdefaults as D
from gatelab.core.budget.rules import MAX_DIM
from gatelab.core.messages import GatelabError, Msg, error
from gatelab.core.reasons import json_kind


def lookup(cfg: Mapping[str, Any], key: str) -> tuple[str | None, Any]:
    """The first spelling of size ``key`` (an ``ALIASES`` entry) ``cfg`` gives, and its value."""
    for alias in D.ALIASES[key]:
        if alias in cfg and cfg[alias] is not None:
            return alias, cfg[alias]
    return None, None


def whole(name: str, value: Any, minimum: int = 0) -> int:
    """A whole number from JSON (integral floats such as 4096.0 are accepted)."""
    if isinstance(value, bool):
        raise error("hf.whole", name=name, value=value)
    if isinstance(value, float):
        if not value.is_integer():
            raise error("hf.whole", name=name, value=value)
        value = int(value)
    if not isinstance(value, int):
        raise error("hf.whole_type", name=name, found=json_kind(value))
    if value < minimum:
        raise error("hf.at_least", name=name, minimum=minimum, value=value)
    if value > MAX_DIM:
        raise error("hf.huge", name=name, value=value)
    return value


class Lacks(GatelabError):
    """A required size is missing (``field`` is its ``ALIASES`` entry); ``spec_from_hf_config``
    re-raises it naming the file and the spellings the family reads."""

    def __init__(self, field: str) -> None:
        super().__init__(Msg("hf.lacks", {"what": D.ALIASES[field][0],
                                          "aliases": ", ".join(D.ALIASES[field])}))
        self.field = field


def size(cfg: Mapping[str, Any], key: str, default: int | None = None, minimum: int = 1) -> int:
    """Size ``key`` by whichever spelling ``cfg`` gives; ``Lacks`` when none and no default."""
    alias, value = lookup(cfg, key)
    if alias is None:
        if default is None:
            raise Lacks(key)
        return default
    return whole(alias, value, minimum)


def opt(cfg: Mapping[str, Any], key: str, default: int = 0, minimum: int = 0) -> int:
    """An optional plain key (no aliases)."""
    value = cfg.get(key)
    return default if value is None else whole(key, value, minimum)


def flag(cfg: Mapping[str, Any], key: str, default: bool) -> bool:
    value = cfg.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise error("hf.bool", name=key, value=value)
    return value


def string(cfg: Mapping[str, Any], key: str, default: str) -> str:
    value = cfg.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise error("hf.string", name=key, found=json_kind(value))
    return value
