"""Keyed, translatable text composed in core: notes, verdicts and error messages.

Why: core never imports Qt, yet what it says (a budget note, an experiment verdict, "config.json:
not a regular file") must show in the user's language. So core builds a ``Msg``: a catalogue key
plus the values to fill in. ``str()`` of a Msg is the English (the CLI prints it, tests match it,
JSON stores it), and the UI (``gatelab.ui.messages.message_text``) looks the key's English template
up in Qt's translator (context "core") and fills in the same values.

A Msg *is* a ``str`` (its English text) that also carries ``key`` and ``values``: every caller that
joins, compares, prints or JSON-dumps the text keeps working unchanged, and a value may itself be
a Msg (a reason inside a message), which the UI translates too.

Errors raised by core are ``GatelabError`` (a ValueError) or one of its subclasses; ``exc.msg`` is
the Msg and ``str(exc)`` the English.

The templates live in ``gatelab.core.message_catalog`` (``MESSAGES``), each marked with
``QT_TRANSLATE_NOOP("core", …)`` so that pyside6-lupdate extracts it into the .ts file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gatelab.core.message_catalog import MESSAGES, QT_TRANSLATE_NOOP

#: the translation context of every catalogue template
CONTEXT = "core"


def render(template: str, values: Mapping[str, object]) -> str | None:
    """``template`` filled with ``values``, or None when a placeholder has no usable value."""
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return None


class Msg(str):
    """A catalogue message: ``key`` and ``values``; the str itself is the English text.

    Immutable like a frozen dataclass. An unknown key or a template that the values cannot fill
    never raises (an error message must not crash the error path): the text then shows the key
    and the values, and the catalogue tests catch it.
    """

    key: str
    values: Mapping[str, object]

    def __new__(cls, key: str, values: Mapping[str, object] | None = None) -> Msg:
        vals = dict(values or {})
        template = MESSAGES.get(key)
        text = render(template, vals) if template is not None else None
        if text is None:
            text = f"{key} {vals!r}"
        self = super().__new__(cls, text)
        self.__dict__["key"] = key
        self.__dict__["values"] = vals
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Msg is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Msg is immutable")

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, {self.values!r})"

    def __str__(self) -> str:
        return str.__str__(self)

    def __reduce__(self) -> tuple[Any, ...]:  # copy, deepcopy (dataclasses.asdict) and pickle
        return (Msg, (self.key, dict(self.values)))

    def __reduce_ex__(self, protocol: object) -> tuple[Any, ...]:
        return self.__reduce__()

    @property
    def english(self) -> str:
        return str.__str__(self)

    def to_json(self) -> dict[str, Any]:
        """{"key", "values"} with plain JSON values (nested Msgs as such dicts, others as given
        when they are numbers/str/bool/None, else their text)."""
        return {"key": self.key, "values": {k: _json_value(v) for k, v in self.values.items()}}

    @classmethod
    def from_json(cls, data: object, depth: int = 0) -> Msg | None:
        """The Msg saved by ``to_json``, or None when ``data`` is not one (unknown key, wrong
        types, too deep): a saved file from elsewhere must never crash the reader."""
        if depth > 4 or not isinstance(data, Mapping):
            return None
        key, values = data.get("key"), data.get("values")
        if not isinstance(key, str) or key not in MESSAGES or not isinstance(values, Mapping):
            return None
        out: dict[str, object] = {}
        for k, v in list(values.items())[:32]:
            if not isinstance(k, str):
                return None
            if isinstance(v, Mapping):
                v = cls.from_json(v, depth + 1)
                if v is None:
                    return None
            elif not (v is None or isinstance(v, (str, int, float, bool))):
                return None
            out[k] = v
        msg = cls(key, out)
        return msg if render(MESSAGES[key], out) is not None else None


def _json_value(v: object) -> object:
    if isinstance(v, Msg):
        return v.to_json()
    if v is None or isinstance(v, (int, float, bool)):
        return v
    return str(v)


def text(value: object) -> Msg:
    """Free text (an OS or library reason, a name) as a Msg that the UI shows unchanged."""
    return value if isinstance(value, Msg) else Msg("text", {"text": str(value)})


def reason(exc: BaseException) -> str:
    """The reason an exception gives, as one line: its Msg when it carries one (so the UI can
    translate it inside a wrapping message), else its text."""
    msg = getattr(exc, "msg", None)
    if isinstance(msg, Msg):
        return msg
    if _bare_key(exc):
        return Msg("error.missing_entry", {"key": repr(exc.args[0])[:60]})
    return " ".join(str(exc).split()) or type(exc).__name__


def _bare_key(exc: BaseException) -> bool:
    """A KeyError whose text is only the key (a dict lookup deep in a library)."""
    return type(exc) is KeyError and len(exc.args) == 1 and isinstance(exc.args[0], (str, int))


def first_line(exc: BaseException) -> str:
    """The first line of an exception's text (at most 300 characters), or its type's name: a
    library's reason, shown as is. A first line that only announces the rest ("Error(s) in
    loading state_dict for GPT:") takes the next line with it, and a bare KeyError says that
    an entry is missing."""
    if _bare_key(exc):
        return reason(exc)
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    if not lines:
        return type(exc).__name__
    head = lines[0] + (" " + lines[1] if lines[0].endswith(":") and len(lines) > 1 else "")
    return head[:300]


def join_msgs(items: list[str]) -> str:
    """Several reasons as one "a; b; c" line whose parts stay translatable (nested Msgs)."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Msg("list.semicolon", {"first": item, "rest": out})
    return out


class KeyedError(Exception):
    """Base of core's errors: ``.msg`` is the keyed message (a Msg), ``str()`` its English. A
    plain string is accepted too (shown as is, untranslated)."""

    msg: Msg

    def __init__(self, msg: Msg | str, *args: object) -> None:
        if not isinstance(msg, Msg):
            msg = text(msg)
        super().__init__(msg, *args)
        self.msg = msg

    def __str__(self) -> str:
        return self.msg.english


class GatelabError(KeyedError, ValueError):
    """An error the user caused, with a one-line keyed message. A ValueError, so callers that
    catch bad input keep working."""


def error(msg_key: str, /, **values: object) -> GatelabError:
    """Shorthand: ``raise error("file.missing", path=p)`` (a value may be named ``key``)."""
    return GatelabError(Msg(msg_key, values))


__all__ = ["CONTEXT", "GatelabError", "KeyedError", "MESSAGES", "Msg", "QT_TRANSLATE_NOOP", "error",
           "first_line", "join_msgs", "reason", "render", "text"]
