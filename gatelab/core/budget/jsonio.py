"""One strict "bytes → JSON object" parser for every file the budget readers open.

config.json, safetensors headers and sharded indexes all come from the outside world (possibly
truncated, hostile, a FIFO or a device); each must fail with one clear ``ValueError`` naming the
file, never with a UnicodeDecodeError, RecursionError, a half-parsed value, a blocked read or a
read without end. Files are read through ``gatelab.core.fileio`` (regular files only, hard cap).
"""

from __future__ import annotations

import json
import os
from typing import Any

from gatelab.core.fileio import FileReadError, read_bytes_capped
from gatelab.core.messages import GatelabError, Msg, error, reason
from gatelab.core.reasons import is_digit_limit, json_kind, json_reason


class DuplicateKeyError(GatelabError):
    """A JSON object names the same key twice (the reference safetensors reader refuses this)."""


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` that refuses duplicate keys instead of keeping the last silently."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKeyError(Msg("json.key_twice", {"key": key}))
            seen.add(key)
    return obj


def parse_json_object(raw: bytes, what: str, encoding: str = "utf-8",
                      unique_keys: bool = False) -> dict[str, Any]:
    """Decode ``raw`` and parse it as a JSON object; ``what`` names it in error messages.

    ``unique_keys`` refuses an object that repeats a key (else the last one wins, as in JSON)."""
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as exc:
        raise error("json.not_utf8", what=what, byte=exc.start) from None
    try:
        data = json.loads(text, object_pairs_hook=_unique_pairs if unique_keys else None)
    except RecursionError:
        raise error("json.too_deep", what=what) from None
    except DuplicateKeyError as exc:
        raise error("json.ambiguous", what=what, reason=reason(exc)) from None
    except ValueError as exc:
        if is_digit_limit(exc):  # Python's hint would tell the user to change it
            raise error("json.digits", what=what) from None
        raise error("json.invalid_what", what=what, reason=json_reason(exc)) from None
    if not isinstance(data, dict):
        raise error("json.must_object", what=what, found=json_kind(data))
    return data


def read_json_object(path: str | os.PathLike[str], max_bytes: int, what: str | None = None,
                     encoding: str = "utf-8", unique_keys: bool = False) -> dict[str, Any]:
    """Read the regular file ``path`` (at most ``max_bytes``, never a FIFO or device) and parse
    it as a JSON object; every failure is a ``ValueError`` starting "cannot read" or naming
    the file."""
    name = what or os.path.basename(os.fspath(path))
    try:
        raw = read_bytes_capped(path, max_bytes, what=name)
    except FileReadError as exc:
        raise error("file.cannot_read", reason=reason(exc)) from None
    return parse_json_object(raw, name, encoding=encoding, unique_keys=unique_keys)
