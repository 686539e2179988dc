"""The values written on the budget charts' bar segments, kept clear of the dashed 8d² line.

Why: the line ran through "3.50" and "5.43" (walkthrough s21 #14). A label the line would cross
moves within its segment to the side of the line with room for it (``label_spot``); where no
side has room, it is drawn over the line on a patch of its bar's colour as high as the bar
(``BarLabel.set_cover``): the line stops at the number, and the bar looks unbroken.
"""

from __future__ import annotations

from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter


def label_spot(left: float, width: float, line: float, half: float) -> float | None:
    """Where a label ``half`` wide on each side goes on the segment ``left`` … ``left + width``
    so that ``line`` does not cross it: its centre, or the middle of the wider part beside the
    line when the line crosses it there; None when neither part holds it."""
    centre = left + width / 2
    if not centre - half < line < centre + half:
        return centre
    parts = ((left, line), (line, left + width))
    start, end = max(parts, key=lambda part: part[1] - part[0])
    return (start + end) / 2 if end - start >= 2 * half else None


class BarLabel(pg.TextItem):
    """A segment's value, white, centred on its point; ``set_cover`` puts a patch of the bar's
    colour under it (over whatever lies between it and the bar: the reference line)."""

    def __init__(self) -> None:
        super().__init__("", color="w", anchor=(0.5, 0.5))
        self.cover: tuple[QColor, float] | None = None  # (bar colour, bar height in px)

    def set_cover(self, colour: str | None, height_px: float) -> None:
        """A patch of ``colour`` as high as the bar (``height_px``, at most the text's), or
        none for ``colour`` None."""
        cover = None if colour is None else (QColor(colour), height_px)
        if cover != self.cover:
            self.cover = cover
            self.update()

    def cover_rect(self) -> QRectF:
        """The patch in this item's pixels: the text's width and 2 px either side, centred on
        it, the bar's height (not the text box's, which stood out above and below the bar)."""
        box = self.textItem.mapRectToParent(self.textItem.boundingRect())
        margin = self.textItem.document().documentMargin()
        height = min(self.cover[1], box.height()) if self.cover is not None else box.height()
        return QRectF(box.left() + margin - 2, box.center().y() - height / 2,
                      box.width() - 2 * margin + 4, height)

    def paint(self, p: QPainter, *args: Any) -> None:
        super().paint(p, *args)  # (sets the painter's transform on a first paint)
        if self.cover is not None:
            p.fillRect(self.cover_rect(), self.cover[0])


__all__ = ["BarLabel", "label_spot"]
