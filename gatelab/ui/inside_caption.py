"""The caption under the title of an exported "Inside the model" plot: what the plot is of.

Why: a trainer plot's picture names its run (``PlotCard.set_export_caption``), but the Inside
tab's pictures carried only their title ("MLP contribution: ‖MLP out‖ / ‖layer out‖"), so on a
slide nobody could tell which run or model, which checkpoint, which text or which token they
were for: on screen that is in the readout under the plot, which the picture leaves out
(walkthrough s14, F6). The views set the caption from here whenever their trace, token or
checkpoint changes, and clear it when there is no trace.
"""

from __future__ import annotations

from pathlib import PurePath

from PySide6.QtCore import QCoreApplication

from gatelab.core.inside.types import Trace
from gatelab.ui.inside_text import display_piece

TEXT_CHARS = 60  # a longer analysed text is cut with "…": the caption is one or two lines
SEPARATOR = " · "


def source_name(trace: Trace) -> str:
    """"Run run-20261202-…" or "Model tiny-qwen": the folder's own name, not its whole path."""
    name = PurePath(trace.source.rstrip("/\\")).name or trace.source or trace.model_name
    if trace.source_kind == "run":
        return QCoreApplication.translate("InsideCaption", "Run {0}").format(name)
    return QCoreApplication.translate("InsideCaption", "Model {0}").format(name)


def text_snippet(trace: Trace) -> str:
    """The analysed text on one line (line breaks and tabs drawn as the token strip draws
    them), cut to TEXT_CHARS with "…"."""
    text = trace.text or "".join(trace.tokens)
    shown = text.replace("\r\n", "\n").replace("\n", "↵").replace("\t", "→").replace("\r", "␍")
    return shown if len(shown) <= TEXT_CHARS else shown[:TEXT_CHARS - 1].rstrip() + "…"


def trace_caption(trace: Trace | None, token: int | None = None, step: int | None = None,
                  layer: int | None = None, text: bool = True) -> str:
    """"Run r · step 200 · token 5 “o” · text “…”" for ``trace`` (with ``token`` when the plot
    is of one token, ``step`` when it is of a checkpoint other than the trace's own, ``layer``
    when of one layer; ``text`` False: of other text than the analysed one, the top contexts'
    search); "" without a trace."""
    if trace is None:
        return ""
    parts = [source_name(trace)]
    at = trace.step if step is None else step
    if at is not None:
        parts.append(QCoreApplication.translate("InsideCaption", "step {0}").format(at))
    if layer is not None:
        parts.append(QCoreApplication.translate("InsideCaption", "layer L{0}").format(layer))
    if token is not None and 0 <= token < len(trace.tokens):
        parts.append(QCoreApplication.translate("InsideCaption", "token {0} “{1}”").format(
            token, display_piece(trace.tokens[token])))
    snippet = text_snippet(trace) if text else ""
    if snippet:  # last: where a narrow picture cuts the caption with "…", it cuts the text
        parts.append(QCoreApplication.translate("InsideCaption", "text “{0}”").format(snippet))
    return SEPARATOR.join(parts)


def history_caption(trace: Trace | None, step: int | None, layer: int | None = None) -> str:
    """"Run r · step 200 · layer L1" for a checkpoint of the step slider (its plots are of the
    trainer's probe text, so no text is named); "" without a checkpoint."""
    if step is None:
        return ""
    parts = [source_name(trace)] if trace is not None else []
    parts.append(QCoreApplication.translate("InsideCaption", "step {0}").format(step))
    if layer is not None:
        parts.append(QCoreApplication.translate("InsideCaption", "layer L{0}").format(layer))
    return SEPARATOR.join(parts)
