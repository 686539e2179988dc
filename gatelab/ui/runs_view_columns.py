"""How the runs table's columns share its width: which ones elide, how narrow they may get, and
how a long status reason is cut.

Split from ``runs_view`` so the list's behaviour (reading the folder, selecting, replaying,
deleting) reads apart from this width arithmetic, which only knows a table and its column
numbers (and the buttons' grid: one row when it fits, else two). Nothing here is translated: the status words it measures come from the view.
"""

from __future__ import annotations

import math

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QLayout,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
)

STATUS_CHARS = 90  # the Status cell's text; the tooltip holds the whole reason
STATUS = 7  # the column that must stay on screen
STATUS_PAD = 16  # px around a cell's text (margins and grid line), with room to spare
# Run, Model and Corpus (least px): elided in the middle when narrow (Model too: beside a
# readable "Try this" card at 1000 px, the list has ~390 px)
SQUEEZED = {0: 100, 2: 60, 3: 50}
SQUEEZED_FLOOR = 36  # px they keep when even those leasts do not fit ("r…1")
# Model ("4L d128 m352 4h") is what tells a user's runs apart, and its middle is its widths:
# it keeps up to this many px whole before Run and Corpus give way ("4L d1…52 4h" beside the
# "Try this" card at 1280 px, walkthrough s16 #5)
MODEL, MODEL_WHOLE = 2, 150


def fit_columns(table: QTableWidget, status_least: int, wanted: list[int]) -> None:
    """Run, Model and Corpus share what the others leave (at least their ``SQUEEZED`` px),
    so Status (``status_least`` px at least) stays on screen: at 1280×800 a full run name
    pushed it off sideways. ``wanted``: px each column's contents want (``runs_view_table``;
    the headers' alone before any rows)."""
    header = table.horizontalHeader()
    if len(wanted) != header.count():
        wanted = [header.sectionSizeHint(c) for c in range(header.count())]
    for column, width in enumerate(wanted):
        if column not in SQUEEZED and column != STATUS:
            header.resizeSection(column, width)
    room = table.viewport().width() - sum(
        w for c, w in enumerate(wanted) if c not in SQUEEZED and c != STATUS)
    status = min(wanted[STATUS], status_least)
    header.resizeSection(STATUS, status)  # stretched back over whatever the rest leave
    room -= status
    least = [max(n, min(wanted[c], MODEL_WHOLE)) if c == MODEL else n
             for c, n in SQUEEZED.items()]
    if room < sum(least):  # e.g. in Chinese, where the lesson card beside takes more room:
        # the elided columns give way too, so nothing scrolls sideways in any language
        least = [max(SQUEEZED_FLOOR, room * n // sum(least)) for n in least]
    widths = share_width(room, [wanted[c] for c in SQUEEZED], least)
    for column, width in zip(SQUEEZED, widths, strict=True):
        header.resizeSection(column, width)


class MiddleElide(QStyledItemDelegate):
    """Elides a cell in the middle: "exp-2026…/run-…-ef01" still tells two runs apart."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: object) -> None:  # noqa: N802
        super().initStyleOption(option, index)  # type: ignore[arg-type]
        option.textElideMode = Qt.TextElideMode.ElideMiddle


def share_width(room: int, wanted: list[int], least: list[int]) -> list[int]:
    """Split ``room`` px between columns that want ``wanted`` px: each gets its ``least``, then
    the rest in equal shares, a column that wants less than its share leaving it to the others."""
    out = [min(w, m) for w, m in zip(wanted, least, strict=True)]
    room -= sum(out)
    left = sorted(range(len(wanted)), key=lambda i: wanted[i] - out[i])
    while left and room > 0:
        share = room // len(left)
        i = left.pop(0)
        extra = min(wanted[i] - out[i], share if left else room)
        out[i] += extra
        room -= extra
    return out


COMPACT_ABOVE = 1e6  # a loss this large or larger (or this small) reads in scientific notation
COMPACT_BELOW = 1e-4


def place_buttons(grid: QGridLayout, buttons: Sequence[QPushButton], columns: int) -> None:
    """The list's buttons ``columns`` to a row in ``grid``, left-aligned."""
    for i, button in enumerate(buttons):
        grid.removeWidget(button)
        grid.addWidget(button, i // columns, i % columns)
    for column in range(len(buttons) + 1):
        grid.setColumnStretch(column, int(column == columns))


def buttons_width(grid: QGridLayout, buttons: Sequence[QPushButton], columns: int,
                  layout: QLayout | None) -> int:
    """Px the (shown) buttons need, ``columns`` to a row, with ``layout``'s margins."""
    shown = [b.sizeHint().width() for b in buttons if not b.isHidden()]
    rows = [shown[i:i + columns] for i in range(0, len(shown), columns)] or [[]]
    margins = layout.contentsMargins() if layout else None
    outer = margins.left() + margins.right() if margins else 22
    spacing = max(grid.horizontalSpacing(), 0)
    return max(sum(r) + spacing * max(len(r) - 1, 0) for r in rows) + outer


def loss_text(value: float | None) -> str:
    """A loss column's text: four decimals, "—" for a run that has none yet. A huge or tiny
    magnitude gets 4 significant digits in scientific notation ("1.607e+60"): a hand-edited
    run.json's 2**200 printed 61 digits and pushed Run, Model and Corpus off the table, and
    1e-9 read "0.0000". inf and nan read as Python writes them, as before."""
    if value is None:
        return "—"
    size = abs(value)
    if math.isfinite(size) and (size >= COMPACT_ABOVE or 0 < size < COMPACT_BELOW):
        return "{0:.3e}".format(value)
    return "{0:.4f}".format(value)


def elide_words(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters at a word (or path) boundary, ending in "…":
    a reason clipped mid-word ("checkpoint … is trunc") reads as a different word."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space, slash = cut.rfind(" "), cut.rfind("/")  # a long path breaks after a folder name
    if max(space, slash) > limit // 2:
        cut = cut[:space] if space > slash else cut[: slash + 1]
    return cut.rstrip(" ,;:") + "…"

