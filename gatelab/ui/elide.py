"""Fitting text to a width: a line cut after a whole word with "…", a plot title wrapped, a
drop-down list as wide as its longest entry.

Why: Qt's elidedText cuts mid-word ("…gradient flows to the ga…"); the status bar and the
Inside tab's model summary end after a word instead, and keep the whole text in a tooltip.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QComboBox

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


def wrap_plot_title(plot: Any, width: float, natural: float | None = None) -> None:
    """``plot``'s title on one line, or wrapped (centred) at ``width`` px when wider. Why: a
    title sets its plot's minimum width, and a plot wider than its view is cut at the view's
    edge (the activation curves lost z > 3.8 and half the title at 1024 px). ``natural`` is the
    title's one-line width when the caller keeps it (measured here otherwise)."""
    label = plot.titleLabel
    item = label.item
    current = item.textWidth()
    if natural is None:
        item.setTextWidth(-1)
        current, natural = -1.0, item.boundingRect().width()
    want = float(int(width)) if natural > width + 1 else -1.0
    if want != current:
        item.setTextWidth(want)
        option = item.document().defaultTextOption()
        option.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        item.document().setDefaultTextOption(option)
        label.updateMin()
        label.resizeEvent(None)


def fit_list_width(combo: QComboBox) -> None:
    """``combo``'s list opens as wide as its longest entry (the closed box may cut one).
    Measured from the font: the view's own size hint waits for a first show."""
    view = combo.view()
    text = max((view.fontMetrics().horizontalAdvance(combo.itemText(i))
                for i in range(combo.count())), default=0)
    view.setMinimumWidth(text + 2 * view.frameWidth() + 24)
