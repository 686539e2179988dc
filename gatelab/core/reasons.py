"""The reasons behind a failed parse or file operation, as keyed messages instead of a library's
English.

Why: ``json.loads`` says "Expecting value: line 1 column 1 (char 0)", the UTF-8 codec "'utf-8'
codec can't decode byte 0xf1 in position 2", the OS "Too many levels of symbolic links"; shown
inside a translated message they stay English (and Python's digit-limit text tells the user to
call ``sys.set_int_max_str_digits``). Every reader of a user's file passes the exception here and
puts the returned ``Msg`` into its own message, so the UI translates the reason too.
"""

from __future__ import annotations

import errno
import json

from gatelab.core.messages import Msg, text

#: errno → the key of its reason (see message_catalog "os.*")
_ERRNO_KEYS: dict[int, str] = {
    errno.ELOOP: "os.link_loop",
    errno.ENAMETOOLONG: "os.name_too_long",
    errno.ENOTDIR: "os.not_folder",
    errno.EISDIR: "os.is_folder",
    errno.ENOENT: "os.missing",
    errno.EACCES: "os.permission",
    errno.EPERM: "os.not_permitted",
    errno.EROFS: "os.read_only",
    errno.ENOSPC: "os.no_space",
    errno.EIO: "os.io",
    errno.ENXIO: "os.no_device",
    errno.ENODEV: "os.no_device",
    errno.EINVAL: "os.invalid",
    errno.EFBIG: "os.too_big",
    errno.EMFILE: "os.too_many_open",
    errno.ENFILE: "os.too_many_open",
    errno.EBUSY: "os.busy",
    errno.EEXIST: "os.exists",
}
for _name, _key in (("EDQUOT", "os.quota"), ("ESTALE", "os.stale"), ("ETXTBSY", "os.busy")):
    if hasattr(errno, _name):
        _ERRNO_KEYS[getattr(errno, _name)] = _key


def os_reason(exc: OSError) -> Msg:
    """Why an OS call failed, in words the UI translates: a keyed reason for the common errnos,
    else the OS's own text (``strerror``), shown as is."""
    key = _ERRNO_KEYS.get(exc.errno) if isinstance(exc.errno, int) else None
    if key is not None:
        return Msg(key)
    return text(exc.strerror or type(exc).__name__)


def is_digit_limit(exc: BaseException) -> bool:
    """True for Python's refusal of an integer literal longer than its digit limit (4300)."""
    words = str(exc)
    return isinstance(exc, ValueError) and ("int_max_str_digits" in words
                                            or "integer string conversion" in words)


def json_reason(exc: BaseException) -> Msg:
    """Why a JSON document could not be decoded and parsed, as a keyed reason: where the syntax
    breaks (or that the document is empty), the first byte that is not UTF-8, a number with too
    many digits, nesting too deep; a core error keeps its own message."""
    msg = getattr(exc, "msg", None)
    if isinstance(msg, Msg):
        return msg
    if isinstance(exc, RecursionError):
        return Msg("json.reason_too_deep")
    if isinstance(exc, UnicodeDecodeError):
        return Msg("json.reason_not_utf8", {"byte": exc.start})
    if isinstance(exc, json.JSONDecodeError):
        if not exc.doc.strip("\ufeff \t\r\n"):  # nothing but a byte-order mark and spaces
            return Msg("json.reason_empty")
        return Msg("json.reason_at", {"line": exc.lineno, "column": exc.colno})
    if is_digit_limit(exc):
        return Msg("json.reason_digits")
    return Msg("json.reason_unparsable")


KIND_TEXT_CHARS = 40  # characters of a wrong string value quoted in a message


def json_kind(value: object) -> Msg:
    """What a JSON value is, in the user's words, for "must be a whole number, got …".

    Why: ``type(value).__name__`` said "got str" (in the Chinese UI too: 实际为 str) for
    ``"hidden_size": "abc"``; a user who wrote JSON knows text, numbers, lists and objects, not
    Python's type names. Text is quoted (cut to ``KIND_TEXT_CHARS``) so the user sees what they
    wrote."""
    if isinstance(value, str):
        shown = value if len(value) <= KIND_TEXT_CHARS else value[:KIND_TEXT_CHARS] + "…"
        return Msg("kind.text", {"value": shown})
    if isinstance(value, bool):
        return Msg("kind.bool", {"value": "true" if value else "false"})
    if isinstance(value, (int, float)):
        return Msg("kind.number", {"value": value})
    if value is None:
        return Msg("kind.null")
    if isinstance(value, (list, tuple)):
        return Msg("kind.list", {"n": len(value)})
    if isinstance(value, dict):
        return Msg("kind.object")
    return text(type(value).__name__)  # not from JSON: a caller's mistake, named as Python does


__all__ = ["is_digit_limit", "json_kind", "json_reason", "os_reason"]
