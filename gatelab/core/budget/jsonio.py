"""One strict "bytes → JSON object" parser for every file the budget readers open.

config.json, safetensors headers and sharded indexes all come from the outside world (possibly
truncated or hostile); each must fail with one clear ``ValueError`` naming the file, never with a
UnicodeDecodeError, RecursionError or a half-parsed value.
"""

from __future__ import annotations

import json
from typing import Any


def parse_json_object(raw: bytes, what: str, encoding: str = "utf-8") -> dict[str, Any]:
    """Decode ``raw`` and parse it as a JSON object; ``what`` names it in error messages."""
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as exc:
        raise ValueError(f"{what} is not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError(f"{what} is nested too deeply") from None
    except ValueError as exc:
        raise ValueError(f"{what} is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{what} must hold a JSON object, got {type(data).__name__}")
    return data
