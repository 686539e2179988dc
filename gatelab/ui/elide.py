"""Cutting a line of text to a width after a whole word, with "…".

Why: Qt's elidedText cuts mid-word ("…gradient flows to the ga…"); the status bar and the
Inside tab's model summary end after a word instead, and keep the whole text in a tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

ELLIPSIS = "…"
TRAILING = " ,;:·—–-"  # not left dangling before the "…"


def one_line(text: str) -> str:
    """``text`` on one line: newlines and runs of spaces become single spaces."""
    return " ".join(text.split())


def elide_words(text: str, metrics: QFontMetrics, width: int) -> str:
    """``text`` as it fits in ``width`` pixels: whole, or cut after a word with "…".

    A text without a usable space (Chinese, one long path) is cut where it stops fitting, as
    Qt does; so is one whose last fitting word ends far back (more than a third of the room
    would stay empty)."""
    text = one_line(text)
    if metrics.horizontalAdvance(text) <= width:
        return text
    cut = metrics.elidedText(text, Qt.TextElideMode.ElideRight, max(width, 0))
    head = cut[:-1] if cut.endswith(ELLIPSIS) else cut
    if text[len(head):len(head) + 1] == " ":  # the cut already falls between two words
        word = head
    else:
        space = head.rfind(" ")
        word = head[:space] if space > 0 else ""
    word = word.rstrip(TRAILING)
    if not word or len(word) < 0.66 * len(head):
        return cut
    return word + ELLIPSIS
