"""The lines under the Inside tab's source bar that say the views show an older trace.

Why: switching Source (a Hugging Face folder to a saved run, another run or folder) left the
last model's token strip, charts, sizes and "16 tokens through Qwen3ForCausalLM" on screen with
no word that they belonged to another source (walkthrough s15 F3). The views stay, for the
learner to compare; the message line says whose they are until Analyse traces the source the
bar names, and gives back the line it replaced when the source is switched back to the traced
one. A failed analysis says the same of the trace it leaves on show.
"""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import QCoreApplication

from gatelab.ui.inside_jobs import SourceSpec
from gatelab.ui.inside_state import InsideSelection
from gatelab.ui.qt_cycles import weak_call

translate = QCoreApplication.translate  # lupdate reads translate("context", "text") calls


def wire(panel: Any) -> None:
    """Check the views against the bar whenever the bar's source may have changed: the
    learner's pick, a restored state, a runs-folder refresh, a new live run (the live timer).
    ``panel._stale_saved`` holds the line the note replaced (None: no note on show);
    ``panel._said_for`` the source the line on show was said for (``said_for``)."""
    panel._stale_saved = None
    panel._said_for = None
    # the bar and the timer are the panel's children: held weakly
    panel.source.choice_changed.connect(weak_call(panel, check_stale))
    panel._live_timer.timeout.connect(weak_call(panel, tick_stale))


def tick_stale(panel: Any) -> None:
    """The live timer's check: as ``check_stale``, but an error on the line stays. "The live
    run has no checkpoint yet" gave way to the note at the next tick, so Analyse seemed to do
    nothing (walkthrough s16); a learner's own change of source still replaces it."""
    if panel._message[1] != "error":
        check_stale(panel)


def source_key(spec: SourceSpec | None) -> tuple[bool, str] | None:
    """What makes two sources the same model: a run (live or saved: the same folder holds the
    same checkpoints; the history slider's step aside) or a model folder, and its path."""
    return None if spec is None else (spec.is_run(), os.path.normpath(spec.path))


def chosen_spec(panel: Any) -> SourceSpec | None:
    """The source the bar names, None while nothing usable is chosen."""
    try:
        return panel.source.spec(panel.live_run_dir())  # type: ignore[no-any-return]
    except ValueError:
        return None


def choice_key(panel: Any) -> tuple[bool, str] | tuple[str, str]:
    """The bar's choice: its source's key, or the kind while nothing usable is chosen (Live
    run with no run and Saved run with none are two choices)."""
    key = source_key(chosen_spec(panel))
    return key if key is not None else ("unchosen", panel.source.kind_key())


def said_for(panel: Any) -> None:
    """Note the bar's choice as a line is said (``InsidePanel._say``)."""
    panel._said_for = choice_key(panel)


def check_stale(panel: Any) -> None:
    """Show the note while the views show another source than the bar names; take it back
    (restoring the line it replaced) once the bar names the traced source again. Left alone
    while a trace runs: its progress has the line, and its result says what it traced.
    With no trace on show, an error said for another source goes: "No live run yet" stayed
    red under a bar that named the saved run the learner picked next (walkthrough s23)."""
    tag = panel.runner.tag()
    if panel._shut or (tag and not tag.startswith("topk:")):
        return
    chosen = chosen_spec(panel)  # None: still not what the views show
    if (not panel.sel.has_trace() and panel._message[1] == "error"
            and choice_key(panel) != panel._said_for):
        panel._say(lambda: "")
        return
    traced = panel._spec
    trace = panel.sel.trace
    stale = (panel.sel.has_trace() and trace is not None and traced is not None
             and source_key(chosen) != source_key(traced))
    if stale and panel._stale_saved is None:
        saved, name = panel._message, trace.model_name
        panel._say(lambda: translate("InsidePanel", "Source changed: the views still show "
                                     "the last trace ({0}) until you press Analyse.").format(name),
                   level="warning")
        panel._stale_saved = saved  # (after _say, which forgets it)
    elif not stale and panel._stale_saved is not None:
        message, level = panel._stale_saved
        panel._say(message, level)


def failed_text(sel: InsideSelection, error: str) -> str:
    """Why the analysis failed; the views keep the last trace (not lost to a typo in a
    path), and the line says whose numbers they still show."""
    trace = sel.trace
    if trace is None or not sel.has_trace():
        return translate("InsidePanel", "Could not analyse: {0}").format(error)
    return translate("InsidePanel", "Could not analyse: {0} — the views still show the last "
                     "trace ({1}).").format(error, trace.model_name)
