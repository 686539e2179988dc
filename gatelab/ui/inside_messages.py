"""Lines the inside tab composes from a trace, in the panel's translation context.

Kept apart from the panel so the panel stays short; the context stays "InsidePanel" so these
lines keep their translations.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from gatelab.ui.runs_view import run_status_word


translate = QCoreApplication.translate  # lupdate reads translate("context", "text") calls


def trace_text(trace: Any) -> str:
    """What was traced (plural right in English), with a warning for unknown characters."""
    n = len(trace.tokens)
    step = ("" if trace.step is None
            else translate("InsidePanel", " at step {0}").format(trace.step))
    if n == 1:
        text = translate("InsidePanel", "1 token through {1}{2}. Pick a layer, neuron or token "
                                        "anywhere.")
    else:
        text = translate("InsidePanel", "{0} tokens through {1}{2}. Pick a layer, neuron or "
                                        "token anywhere.")
    text = text.format(n, trace.model_name, step)
    unknown = tuple(getattr(trace, "unknown", ()))
    if unknown:
        shown = ", ".join(repr(trace.tokens[i]) for i in unknown[:5])
        if len(unknown) == 1:
            warning = translate("InsidePanel", "Warning: 1 character ({1}) is not in this run's "
                                               "vocabulary and was read as {2}: its numbers "
                                               "describe that character.")
        else:
            warning = translate("InsidePanel", "Warning: {0} characters ({1}) are not in this "
                                               "run's vocabulary and were read as {2}: their "
                                               "numbers describe that character.")
        text += " " + warning.format(len(unknown), shown, repr(trace.unknown_as))
    return text


def view_titles() -> list[tuple[str, str]]:
    """(title, tooltip) of the views' tabs, in order."""
    return [
        (translate("InsidePanel", "Neuron explorer"),
         translate("InsidePanel", "What does the picked neuron fire on? Rankings and top "
                                  "contexts")),
        (translate("InsidePanel", "Gates at a token"),
         translate("InsidePanel", "Every neuron's real (g, u) on the gate plane, coloured by "
                                  "|h|")),
        (translate("InsidePanel", "MLP as a small correction"),
         translate("InsidePanel", "‖MLP out‖ / ‖layer out‖ per layer, and the residual norm")),
        (translate("InsidePanel", "Attention sink"),
         translate("InsidePanel", "Attention on the first token, per layer and head")),
        (translate("InsidePanel", "Training history"),
         translate("InsidePanel", "A saved run's statistics, checkpoint by checkpoint"))]


def run_state_word(state: str) -> str:
    """The trainer's run state ("stopped", …) in the current language, for the live-run line."""
    words = {"idle": translate("InsidePanel", "idle"),
             "paused": translate("InsidePanel", "paused"),
             "stopping": translate("InsidePanel", "stopping")}  # the trainer's own states
    return words.get(state) or run_status_word("failed" if state == "error" else state)
