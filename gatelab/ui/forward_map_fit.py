"""Fitting a forward-map box's words inside the box: one line, two lines, a smaller font, and
only then a cut with "…" (the whole text goes to the box's tooltip).

Why: the map draws on a fixed logical canvas, so a box is as wide in English as in Chinese, and
a size line such as "1024 → 2048 → 1024, 8 heads (2 key/value)" (Qwen3.5-0.8B's attention) was
wider than its box in both: drawn centred, it lost its left part, and in Chinese both ends, at
every window width. Kept apart from ``forward_map_view`` so the view stays a drawing module and
this stays pure measuring (tests read the same fit the painter uses).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF

SLACK = 0.97  # fit into 97 % of the room: hinting may draw a glyph a little wider
BREAK_AFTER = " ,，、；;"  # a line may end after these (the space or comma stays behind)
BREAK_BEFORE = "（("  # or before these
LINE_GAP = 1.15  # a line's height as a multiple of the font's pixel size


def font_at(base: QFont, px: float, bold: bool = False) -> QFont:
    """``base`` at ``px`` logical pixels (the painter's scale makes it crisp)."""
    font = QFont(base)
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    return font


def text_width(font: QFont, text: str) -> float:
    return QFontMetricsF(font).horizontalAdvance(text)


def two_lines(text: str, font: QFont, room: float) -> tuple[str, str] | None:
    """``text`` split at the break that makes its wider line narrowest, if both lines fit."""
    best: tuple[float, tuple[str, str]] | None = None
    for i in range(1, len(text)):
        if text[i - 1] not in BREAK_AFTER and text[i] not in BREAK_BEFORE:
            continue
        head, tail = text[:i].rstrip(), text[i:].lstrip()
        if not head or not tail:
            continue
        wide = max(text_width(font, head), text_width(font, tail))
        if wide <= room and (best is None or wide < best[0]):
            best = (wide, (head, tail))
    return None if best is None else best[1]


@dataclass(frozen=True)
class FittedLines:
    """What the painter draws: ``lines`` at ``px`` pixels; ``cut`` when the text was elided."""

    px: int
    lines: tuple[str, ...]
    cut: bool = False


def fit_line(base: QFont, text: str, room: float, px: int, least_px: int,
             bold: bool = False) -> FittedLines:
    """One line at ``px`` or down to ``least_px`` pixels; else cut with "…" at ``least_px``."""
    room *= SLACK
    for size in range(px, least_px - 1, -1):
        if text_width(font_at(base, size, bold), text) <= room:
            return FittedLines(size, (text,))
    metrics = QFontMetricsF(font_at(base, least_px, bold))
    return FittedLines(least_px, (metrics.elidedText(text, Qt.TextElideMode.ElideRight, room),),
                       True)


def fit_block(base: QFont, text: str, room: float, height: float, px: int,
              least_px: int) -> FittedLines:
    """One line, else two (when ``height`` holds them) at ``px`` down to ``least_px`` pixels:
    the largest size that shows the whole text wins; a cut line is the last resort."""
    if not text:
        return FittedLines(px, ())
    for size in range(px, least_px - 1, -1):
        font = font_at(base, size)
        if text_width(font, text) <= room * SLACK:
            return FittedLines(size, (text,))
        if 2 * size * LINE_GAP <= height:
            pair = two_lines(text, font, room * SLACK)
            if pair is not None:
                return FittedLines(size, pair)
    return fit_line(base, text, room, least_px, least_px)


@dataclass(frozen=True)
class BoxLayout:
    """A box's title and size line as drawn."""

    title: FittedLines
    sub: FittedLines

    @property
    def cut(self) -> bool:
        return self.title.cut or self.sub.cut


TITLE_PX, SUB_PX, LEAST_PX = 14, 12, 9
PAD_X, PAD_Y = 4.0, 3.0  # room kept free inside the box's border
TITLE_GAP = 3.0  # canvas px between a box's title and its size line (as the painter leaves)
#: The least size of any word on the map, on screen, × the app's font's pixel size. Why: at
#: 1024×768 the map is drawn at ≈ 0.76 of its canvas and the 12 px size lines came out ≈ 9 px
#: ("RMSNorm · 128"), too small for a projector (walkthrough s21 #11); 0.85 of the app's 9 pt
#: is 10.2 px, the size of the app's smallest secondary text (the colour bars' 8 pt names).
READABLE = 0.85


def least_px(normal_px: float, scale: float) -> int:
    """The least font size in canvas px that is READABLE × ``normal_px`` (the app font's pixel
    size) on screen, where the canvas is drawn at ``scale``; 0 (no floor) for no scale."""
    if scale <= 0:
        return 0
    return math.ceil(READABLE * normal_px / scale - 1e-9)


def title_px(least: int) -> int:
    """A title's size in canvas px: 14, or more where the least size is raised, keeping the
    title's 14 : 12 lead over the size line under it."""
    return max(TITLE_PX, math.ceil(least * TITLE_PX / SUB_PX))


def fit_box(base: QFont, title: str, sub: str, width: float, height: float,
            least: int = 0) -> BoxLayout:
    """A box's title (bold, one line) over its size line (one or two lines), inside a box of
    ``width`` × ``height`` logical pixels, no word below ``least`` canvas px where the box's
    height holds a title and a line of that size, and the words fit whole at it: else smaller,
    down to the sizes the box had before (a size line cut to "RMSNorm · …" says less than a
    small one)."""
    room = width - 2 * PAD_X
    inner = height - 2 * PAD_Y - TITLE_GAP
    least = min(least, int(inner / (2 * LINE_GAP)))  # a title and one line must fit
    top = title_px(least)
    while top > max(10, least) and (top + max(SUB_PX, least)) * LINE_GAP > inner:
        top -= 1  # a raised title gives way to the size line under it
    head = fit_line(base, title, room, top, 10, bold=True)
    left = height - 2 * PAD_Y - head.px * LINE_GAP
    start = min(max(SUB_PX, least), head.px)  # never larger than the title over it
    return BoxLayout(head, fit_block(base, sub, room, left, start, LEAST_PX))


__all__ = ["READABLE", "BoxLayout", "FittedLines", "fit_block", "fit_box", "fit_line", "font_at",
           "least_px", "text_width", "title_px", "two_lines"]
