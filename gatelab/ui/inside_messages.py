"""Lines the inside tab composes from a trace, in the panel's translation context.

Kept apart from the panel so the panel stays short; the context stays "InsidePanel" so these
lines keep their translations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from gatelab.core.inside.unknown_chars import NAMED, dropped_note
from gatelab.core.runs import run_info
from gatelab.ui.inside_jobs import ExampleSwap, unknown_pieces
from gatelab.ui.messages import message_text
from gatelab.ui.runs_view import run_status_word


translate = QCoreApplication.translate  # lupdate reads translate("context", "text") calls


def layer_kind_text(kind: str) -> str:
    """A layer's attention kind (HF ``layer_types`` wording, "full_attention") in words; a kind
    gatelab does not know is shown as the model names it."""
    words = {
        "full_attention": translate("LayerKinds", "full attention"),
        "linear_attention": translate("LayerKinds", "linear attention"),
        "sliding_attention": translate("LayerKinds", "sliding-window attention"),
        "chunked_attention": translate("LayerKinds", "chunked attention"),
    }
    return words.get(kind, kind)


def model_info(model: Any) -> dict[str, Any]:
    """A loaded model's ``info`` (``HfModel.info``: check_hf_folder's findings); {} for a run, a
    wrapped model or none."""
    info = getattr(model, "info", None)
    return info if isinstance(info, dict) else {}


def model_notes(model: Any) -> list[Any]:
    """The notes of the loaded model (``HfModel.info["notes"]``: core Msgs on what its folder
    says that gatelab does not use, such as a config.json dtype the weights do not have); []
    for a run, a wrapped model or none. Read off the model, not the trace, because the checks
    run once per load and every trace of that model should still say so."""
    notes = model_info(model).get("notes")
    return list(notes) if isinstance(notes, (list, tuple)) else []


def trace_text(trace: Any, notes: Sequence[Any] = ()) -> str:
    """What was traced (plural right in English), with a warning for unknown characters and
    the model's ``notes`` (core Msgs, translated here at display time so a language switch
    re-renders them)."""
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
    warning = unknown_warning(trace)
    if warning:
        text += " " + warning
    if not getattr(trace, "finite", True):
        text += " " + translate("InsidePanel", "Warning: some numbers are not finite (the "
                                               "model's weights or activations hold NaN or "
                                               "infinity); the views show them as nan.")
    for note in notes:  # the numbers stand, but the folder contradicts itself: say so
        text += " " + translate("InsidePanel", "Note: {0}").format(message_text(note))
    return text


def unknown_warning(trace: Any) -> str:
    """The warning for what the model read as a substitute, naming what the user typed there
    (``trace.unknown_chars``, worked out in core) each once, and for what its tokenizer dropped
    (``trace.dropped_chars``: no token stands for them, so "read as" would be untrue; core's
    ``dropped_note``), or "" when nothing was unknown.

    A run's vocabulary is its characters; an HF model's tokenizer may lack whole words, so a
    model's warning says "pieces of text" when a piece is longer than one character. A trace
    without ``unknown_chars`` names the token pieces at the flagged positions instead."""
    dropped = dropped_note(tuple(getattr(trace, "dropped_chars", ()) or ()))
    told = (" " + translate("InsidePanel", "Warning: {0}.").format(message_text(dropped))
            if dropped is not None else "")
    return (_read_as_warning(trace) + told).strip()


def swapped_example(source: Any, result: Any) -> tuple[Any, Callable[[], str] | None]:
    """A worker's trace result, and the line saying why another example was analysed when it
    is an ``ExampleSwap`` (whose example then goes into ``source``'s text box, so the box names
    what the views show); None when the text in the box was traced."""
    if not isinstance(result, ExampleSwap):
        return result, None
    source.show_example(result.text)
    missing, text = result.missing, result.text

    def note() -> str:
        return translate("InsidePanel", "This model cannot read {0} of the example text, so "
                                        "the example “{1}” was analysed instead; type or pick "
                                        "any text to analyse it.").format(_named(missing), text)

    return result.trace, note


def _named(pieces: Sequence[str]) -> str:
    """The first five ``pieces`` quoted, then "…" when there are more (as core's ``NAMED``)."""
    return ", ".join([repr(c) for c in pieces[:NAMED]] + (["…"] if len(pieces) > NAMED else []))


def _read_as_warning(trace: Any) -> str:
    """``unknown_warning``'s sentence on what was read as a substitute ("" when nothing was)."""
    pieces = unknown_pieces(trace)
    if not pieces:
        return ""
    n, read_as = len(pieces), repr(trace.unknown_as)
    shown = _named(pieces)
    if getattr(trace, "source_kind", "run") != "hf":
        if n == 1:
            return translate("InsidePanel", "Warning: 1 character ({1}) is not in this run's "
                                            "vocabulary and was read as {2}: its numbers "
                                            "describe that character.").format(n, shown, read_as)
        return translate("InsidePanel", "Warning: {0} characters ({1}) are not in this run's "
                                        "vocabulary and were read as {2}: their numbers "
                                        "describe that character.").format(n, shown, read_as)
    if all(len(p) == 1 for p in pieces):
        if n == 1:
            warning = translate("InsidePanel", "Warning: 1 character ({1}) is not in this "
                                               "model's vocabulary and was read as {2}: its "
                                               "numbers describe that token.")
        else:
            warning = translate("InsidePanel", "Warning: {0} characters ({1}) are not in this "
                                               "model's vocabulary and were read as {2}: their "
                                               "numbers describe that token.")
    elif n == 1:
        warning = translate("InsidePanel", "Warning: 1 piece of text ({1}) is not in this "
                                           "model's vocabulary and was read as {2}: its numbers "
                                           "describe that token.")
    else:
        warning = translate("InsidePanel", "Warning: {0} pieces of text ({1}) are not in this "
                                           "model's vocabulary and were read as {2}: their "
                                           "numbers describe that token.")
    return warning.format(n, shown, read_as)


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


TRAINING_STATES = ("running", "paused", "stopping")  # the trainer is training its run_dir now
_folder_status: dict[tuple[str, int], str] = {}  # (run.json, its mtime) -> status: one entry


def live_run_status(trainer_state: str, run_dir: str) -> str:
    """The status of the run on the trainer's live page, as the Runs table says it.

    While the trainer trains that run its own state is the freshest; otherwise the page may
    show a replay, and the trainer's state is the last run it trained ("finished" beside a
    replayed run that had stopped at 163/300), so the run's run.json answers. Read once per
    change of run.json (the Inside tab asks every second)."""
    if trainer_state in TRAINING_STATES or not run_dir:
        return trainer_state
    summary = Path(run_dir) / "run.json"
    try:
        key = (str(summary), summary.stat().st_mtime_ns)
    except OSError:
        key = (str(summary), -1)
    status = _folder_status.get(key)
    if status is None:
        status = run_info(Path(run_dir)).status
        _folder_status.clear()
        _folder_status[key] = status
    if status == "broken" and trainer_state not in ("", "idle"):
        return trainer_state  # e.g. a run that failed before writing run.json: "failed"
    return status


def live_info(trainer_state: str, run_dir: str) -> str:
    """The line beside the "Live run" source: which run the trainer shows and its state."""
    if not run_dir:
        return translate("InsidePanel", "No live run yet: start one in the Live trainer tab "
                                        "(Ctrl+4).")
    state = run_state_word(live_run_status(trainer_state, run_dir))  # (a replay's: run.json)
    return translate("InsidePanel", "The trainer's run {0} ({1}), traced from its latest "
                                    "checkpoint; Analyse again to refresh.").format(
        Path(run_dir).name, state)
