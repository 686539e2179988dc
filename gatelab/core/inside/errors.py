"""The one error type of the "Inside the model" analysis.

Why one type: the tab and ``gatelab-inspect`` must turn every bad source (a folder that is not a
model, a missing tokenizer, a truncated checkpoint, a text the model cannot read) into one clear
line without a traceback, so every failure the user can cause is an ``InsideError`` whose message
names the file or value and the reason. It subclasses ValueError (via GatelabError, whose ``.msg``
is the keyed, translatable message) so callers that already catch ValueError for bad input keep
working.
"""

from __future__ import annotations

from pathlib import Path

from gatelab.core.messages import GatelabError, Msg


class InsideError(GatelabError):
    """A source or text that cannot be analysed; the message says which and why."""


def refuse_output_inside(out: Path | str, source: Path | str) -> None:
    """InsideError when the output file ``out`` lies in the analysed folder ``source`` (links
    resolved): a result must never replace, or be added to, the files of the run or model being
    analysed (ckpt.pt, config.json, …)."""
    try:
        inside = Path(out).resolve().is_relative_to(Path(source).resolve())
    except (OSError, RuntimeError):  # a link loop: the write itself then fails with its reason
        return
    if inside:
        raise InsideError(Msg("inside.json_in_source", {"path": out, "source": source}))


__all__ = ["InsideError", "refuse_output_inside"]
