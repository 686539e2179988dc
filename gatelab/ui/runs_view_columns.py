"""How the runs table's columns share its width: which ones elide, how narrow they may get,
which hide first where even that does not fit, and how a long status reason is cut.

Split from ``runs_view`` so the list's behaviour (reading the folder, selecting, replaying,
deleting) reads apart from this width arithmetic, which only knows a table and its column
numbers (and the buttons' grid: one row when it fits, else two). Nothing here is translated: the status words it measures come from the view.
"""

from __future__ import annotations

import math

from collections.abc import Sequence

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QGridLayout, QLayout, QPushButton, QTableWidget

STATUS_CHARS = 90  # the Status cell's text; the tooltip holds the whole reason
STATUS = 7  # the column that must stay on screen
STATUS_PAD = 16  # px around a cell's text (margins and grid line), with room to spare
RUN, MODEL, CORPUS, STEPS, TRAIN = 0, 2, 3, 4, 5
# Run, Model and Corpus (least readable px): elided when narrow (Model too: beside a readable
# "Try this" card at 1000 px, the list has ~390 px). Run's least grows to its runs' own last
# part ("…f767/swiglu-seed1338", ``name_least``), at most RUN_LEAST_MAX px
SQUEEZED = {RUN: 100, MODEL: 60, CORPUS: 50}
RUN_LEAST_MAX = 160
HEAD_CHARS = 4  # of an experiment's name, before its run's ("f767" of exp-…-f767)
SQUEEZED_FLOOR = 36  # px they keep when even those leasts do not fit ("r…1")
# hidden in this order while Run and Model cannot have their least beside the others: the
# corpus is most often the same for every run, Val is the loss runs are compared by, Status
# says whether Steps ran out (1024 px with the "Try this" card: "e…8", walkthrough s21 #9)
OPTIONAL = (CORPUS, TRAIN, STEPS)
# Model ("4L d128 m352 4h") is what tells a user's runs apart, and its middle is its widths:
# it keeps up to this many px whole before Run and Corpus give way ("4L d1…52 4h" beside the
# "Try this" card at 1280 px, walkthrough s16 #5)
MODEL_WHOLE = 150


def fit_columns(table: QTableWidget, status_least: int, wanted: list[int],
                run_least: int = SQUEEZED[RUN]) -> None:
    """Run, Model and Corpus share what the others leave (at least their readable px), so
    Status (``status_least`` px at least) stays on screen: at 1280×800 a full run name pushed
    it off sideways. Where even their least does not fit, the ``OPTIONAL`` columns are hidden
    one by one. ``wanted``: px each column's contents want (``runs_view_table``; the headers'
    alone before any rows); ``run_least``: px that show the runs' names apart."""
    header = table.horizontalHeader()
    if len(wanted) != header.count():
        wanted = [header.sectionSizeHint(c) for c in range(header.count())]
    status = min(wanted[STATUS], status_least)
    readable = {c: min(wanted[c], run_least if c == RUN else n) for c, n in SQUEEZED.items()}
    hidden: list[int] = []
    # Model whole (up to MODEL_WHOLE) before Corpus is shown: an experiment's runs grow Run's
    # least, and beside it Model read "4L d12…352 4h" (walkthrough s23 #5)
    whole = max(0, min(wanted[MODEL], MODEL_WHOLE) - readable[MODEL])
    for column in (None, *OPTIONAL):
        hidden += [column] if column is not None else []
        squeezed = [c for c in SQUEEZED if c not in hidden]
        room = table.viewport().width() - status - sum(
            w for c, w in enumerate(wanted) if c not in (*SQUEEZED, STATUS, *hidden))
        if room >= sum(readable[c] for c in squeezed) + (whole if CORPUS in squeezed else 0):
            break
    for column in range(header.count()):
        if table.isColumnHidden(column) != (column in hidden):
            table.setColumnHidden(column, column in hidden)
        if column not in (*SQUEEZED, STATUS, *hidden):
            header.resizeSection(column, wanted[column])
    header.resizeSection(STATUS, status)  # stretched back over whatever the rest leave
    others = sum(readable[c] for c in squeezed if c != MODEL)
    least = [max(readable[c], min(wanted[c], MODEL_WHOLE, room - others)) if c == MODEL
             else readable[c] for c in squeezed]
    if room < sum(least):  # e.g. in Chinese, where the lesson card beside takes more room:
        # the elided columns give way too, so nothing scrolls sideways in any language
        least = [max(SQUEEZED_FLOOR, room * n // sum(least)) for n in least]
    widths = share_width(room, [wanted[c] for c in squeezed], least)
    for column, width in zip(squeezed, widths, strict=True):
        header.resizeSection(column, width)


def name_least(metrics: QFontMetrics, names: Sequence[str], pad: int) -> int:
    """Px the Run column needs to show each run's own part of its name and the last
    ``HEAD_CHARS`` of its experiment's ("…f767/gelu-seed1338": each experiment has a
    gelu-seed1338) with ``pad`` px of margins: at least ``SQUEEZED[RUN]``, at most
    ``RUN_LEAST_MAX``."""
    tails = (name[max(name.rfind("/") - HEAD_CHARS, 0):] for name in names if "/" in name)
    # measured apart, as runs_view_cells.elide_name fits them (a whole line's advance can
    # round a pixel narrower than the sum of its pieces', and the seed was cut again)
    widest = max((metrics.horizontalAdvance(t) for t in tails), default=-pad)
    widest += metrics.horizontalAdvance("…") + pad + 2  # (2: a gap before the next column)
    return max(SQUEEZED[RUN], min(widest, RUN_LEAST_MAX))


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

