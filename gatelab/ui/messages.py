"""Show text composed in core (a ``Msg``, or an error carrying one) in the current language.

Core returns a catalogue key and values (``gatelab.core.messages``); here the key's English
template goes through Qt's translator (context "core", the same strings pyside6-lupdate extracts
from ``gatelab/core/message_catalog.py``) and is filled with the values, nested messages
translated first. Call ``message_text`` at display time (also from ``retranslate()``) so a
language switch re-renders it.

Never raises: a translation that lost or mangled a placeholder falls back to the English template,
and anything that is not a Msg is shown as ``str(obj)``.

Imports no Qt itself: it uses Qt's translator only once the application has loaded QtCore, so the
torch- and Qt-free helpers of the trainer tab (``trainer_jobs``, run listing in a worker) can use
it too; without Qt the text is the English.
"""

from __future__ import annotations

import sys
from typing import Any

from gatelab.core.messages import CONTEXT, MESSAGES, Msg, render

#: nesting deeper than this is shown in English (a guard, not a real limit: core nests 2–3 deep)
MAX_DEPTH = 8


def message_text(obj: object) -> str:
    """``obj`` in the current language: a Msg, an exception with a ``.msg`` Msg, else str()."""
    msg = obj if isinstance(obj, Msg) else getattr(obj, "msg", None)
    if isinstance(msg, Msg):
        return _translate(msg, 0)
    try:
        return str(obj)
    except Exception:  # a foreign object whose __str__ fails must not break an error display
        return type(obj).__name__


def _translate(msg: Msg, depth: int) -> str:
    template = MESSAGES.get(msg.key)
    if template is None or depth > MAX_DEPTH:
        return msg.english
    values: dict[str, Any] = {k: _translate(v, depth + 1) if isinstance(v, Msg) else v
                              for k, v in msg.values.items()}
    translated = _qt_translate(template) if template != "{text}" else template
    text = render(translated, values) if translated else None
    if text is None:  # the translation dropped, renamed or broke a placeholder
        text = render(template, values)
    return text if text is not None else msg.english


def _qt_translate(template: str) -> str:
    qtcore = sys.modules.get("PySide6.QtCore")
    if qtcore is None:  # no Qt in this process (yet): nothing can be translated
        return template
    return str(qtcore.QCoreApplication.translate(CONTEXT, template))


__all__ = ["message_text"]


FULL_WIDTH_STOPS = "：；，。！？、）」』】"  # CJK punctuation that carries its own space


def after_label(label: str, text: str) -> str:
    """``label`` then ``text``, with a space between unless the label ends in full-width
    punctuation: "Opening: Gate plane", but "正在打开：门控平面", not "正在打开： 门控平面"."""
    return label + text if label.endswith(tuple(FULL_WIDTH_STOPS)) else f"{label} {text}"
