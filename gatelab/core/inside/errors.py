"""The one error type of the "Inside the model" analysis.

Why one type: the tab and ``gatelab-inspect`` must turn every bad source (a folder that is not a
model, a missing tokenizer, a truncated checkpoint, a text the model cannot read) into one clear
line without a traceback, so every failure the user can cause is an ``InsideError`` whose message
names the file or value and the reason. It subclasses ValueError (via GatelabError, whose ``.msg``
is the keyed, translatable message) so callers that already catch ValueError for bad input keep
working.
"""

from __future__ import annotations

from gatelab.core.messages import GatelabError


class InsideError(GatelabError):
    """A source or text that cannot be analysed; the message says which and why."""


__all__ = ["InsideError"]
