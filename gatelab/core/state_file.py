"""The .gatelab state document: every tab's settings and the current point, layer and neuron.

A state is shared as a file (File → Save state / Open state) or as one line on the clipboard, so
it is read as hostile input: a byte cap, a nesting cap, finite numbers only, and a format tag so
that a foreign JSON file is named as such instead of half-applied. Panels validate their own
parts; this module only checks the envelope.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gatelab.core.fileio import check_write_target, read_text_capped
from gatelab.core.messages import GatelabError, Msg
from gatelab.core.reasons import json_reason

STATE_FORMAT = "gatelab-state"
STATE_VERSION = 1
MAX_VERSION = 1000  # a larger "version" is damage, not a newer gatelab
STATE_SUFFIX = ".gatelab"
MAX_STATE_BYTES = 1_000_000
MAX_DEPTH = 12  # a tab's state is a few levels deep; 10^5 nested brackets is an attack


class StateError(GatelabError):
    """A state that cannot be used; the message is one line for the user."""


@dataclass(frozen=True)
class StateDoc:
    current_tab: str | None
    tabs: dict[str, dict[str, Any]] = field(default_factory=dict)


def dump_state(doc: StateDoc, compact: bool = False) -> str:
    """JSON text for ``doc``; compact gives the one line that "Copy state" puts on the clipboard."""
    payload = {"format": STATE_FORMAT, "version": STATE_VERSION,
               "current_tab": doc.current_tab, "tabs": doc.tabs}
    if compact:
        return json.dumps(payload, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return json.dumps(payload, ensure_ascii=False, indent=2, allow_nan=False) + "\n"


def _depth(obj: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(obj, dict):
        return max((_depth(v, level + 1) for v in obj.values()), default=level + 1)
    if isinstance(obj, list):
        return max((_depth(v, level + 1) for v in obj), default=level + 1)
    return level


def _finite(obj: Any) -> bool:
    if isinstance(obj, float):
        return math.isfinite(obj)
    if isinstance(obj, dict):
        return all(_finite(v) for v in obj.values())
    if isinstance(obj, list):
        return all(_finite(v) for v in obj)
    return True


def parse_state(text: str) -> StateDoc:
    """Check the envelope of a state document and return it; StateError says what is wrong."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_STATE_BYTES:
        raise StateError(Msg("state.too_large", {"limit": MAX_STATE_BYTES}))
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write: not JSON's
    if not text.strip():
        raise StateError(Msg("state.empty"))
    try:
        data = json.loads(text, parse_constant=lambda c: float("nan"))
    except RecursionError:
        raise StateError(Msg("state.too_deep")) from None
    except json.JSONDecodeError as exc:  # where, in words the UI translates (not the library's)
        raise StateError(Msg("state.json_at", {"line": exc.lineno, "column": exc.colno})) from None
    except ValueError as exc:  # ints longer than Python's digit limit
        raise StateError(Msg("state.invalid_json", {"reason": json_reason(exc)})) from None
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise StateError(Msg("state.format"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= MAX_VERSION:
        # a 400-digit version was "saved by a newer gatelab", printed whole (probe s16)
        raise StateError(Msg("state.version", {"maximum": MAX_VERSION}))
    if version > STATE_VERSION:
        raise StateError(Msg("state.newer", {"version": version, "supported": STATE_VERSION}))
    tabs = data.get("tabs", {})
    if not isinstance(tabs, dict) or not all(isinstance(v, dict) for v in tabs.values()):
        raise StateError(Msg("state.tabs"))
    if _depth(tabs) > MAX_DEPTH:
        raise StateError(Msg("state.too_deep"))
    if not _finite(tabs):
        raise StateError(Msg("state.not_finite"))
    current = data.get("current_tab")
    if current is not None and not isinstance(current, str):
        raise StateError(Msg("state.current_tab"))
    return StateDoc(current, {str(k): v for k, v in tabs.items()})


def read_state_file(path: Path | str) -> StateDoc:
    """Read and check a .gatelab file: a regular file, at most MAX_STATE_BYTES."""
    return parse_state(read_text_capped(path, MAX_STATE_BYTES))


def write_state_file(path: Path | str, doc: StateDoc) -> Path:
    """Write ``doc`` atomically (temp file + replace), refusing FIFOs, devices and folders."""
    from gatelab.core.runs import atomic_write_bytes  # not at import: the window starts without it

    target = check_write_target(path)
    atomic_write_bytes(target, dump_state(doc).encode("utf-8"))
    return target

