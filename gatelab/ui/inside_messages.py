"""Lines the inside tab composes from a trace, in the panel's translation context.

Kept apart from the panel so the panel stays short; the context stays "InsidePanel" so these
lines keep their translations.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication


def _tr(text: str) -> str:
    return QCoreApplication.translate("InsidePanel", text)


def trace_text(trace: Any) -> str:
    """What was traced (plural right in English), with a warning for unknown characters."""
    n = len(trace.tokens)
    step = "" if trace.step is None else _tr(" at step {0}").format(trace.step)
    text = (_tr("1 token through {1}{2}. Pick a layer, neuron or token anywhere.")
            if n == 1 else
            _tr("{0} tokens through {1}{2}. Pick a layer, neuron or token anywhere.")
            ).format(n, trace.model_name, step)
    unknown = tuple(getattr(trace, "unknown", ()))
    if unknown:
        shown = ", ".join(repr(trace.tokens[i]) for i in unknown[:5])
        warning = (_tr("Warning: 1 character ({1}) is not in this run's vocabulary and "
                       "was read as {2}: its numbers describe that character.")
                   if len(unknown) == 1 else
                   _tr("Warning: {0} characters ({1}) are not in this run's vocabulary "
                       "and were read as {2}: their numbers describe that character."))
        text += " " + warning.format(len(unknown), shown, repr(trace.unknown_as))
    return text
