"""The hover readout of a PlotCard, and a dot for a line's lone point.

Kept apart from plot_card so that module stays short. The readout is one plain line beside the
card's title: a long one is cut before the Export… button, after its last whole "name value"
part, never run under the button.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from gatelab.ui.elide import elide_words


def dot_when_alone(item: pg.PlotDataItem) -> None:
    """Show a lone point of a line without symbols as a dot (and drop the dot once there are
    two points). Why: a line through one point draws nothing, so the trainer's "Largest |h|"
    looked empty after the first statistics step while its hover readout named values."""
    xs, _ys = item.getData()
    alone = xs is not None and len(xs) == 1
    if alone == (item.opts.get("symbol") is not None):
        return
    if alone:
        colour = pg.mkPen(item.opts["pen"]).color()
        item.setSymbolBrush(colour)
        item.setSymbolPen(colour)
        item.setSymbolSize(7)
        item.setSymbol("o")
    else:
        item.setSymbol(None)


class ReadoutLabel(QLabel):
    """The hover readout: one plain line cut to the label's width (the
    room left of the Export… button), the whole line in its tooltip; ``text()`` is the whole
    line, ``shown_text()`` what is drawn. Why: a clipped QLabel ran its text under the button
    ("step 160: L0 7.321, L1 3.383, L2" cut mid-number)."""

    def __init__(self, parent: QWidget | None = None, separator: str = ", ") -> None:
        """``separator``: what stands between two "name value" parts of a line."""
        super().__init__(parent)
        self._whole = ""
        self._separator = separator
        self.setTextFormat(Qt.TextFormat.PlainText)
        # a long readout must never widen the window: it is cut instead
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name)
        if text == self._whole:
            return
        self._whole = text
        self.setToolTip(text)
        self._elide()

    def text(self) -> str:
        return self._whole

    def shown_text(self) -> str:
        return super().text()

    def resizeEvent(self, event: object) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._elide()

    def _elide(self) -> None:
        """Whole; else as many whole "name value" parts as fit, then "…" (never a name without
        its value, as "L0 2.01, L1…" was); else cut after a word."""
        room = max(self.contentsRect().width() - 6, 0)  # a gap before the button
        metrics = self.fontMetrics()
        if metrics.horizontalAdvance(self._whole) <= room:
            super().setText(self._whole)
            return
        sep = self._separator
        parts = self._whole.split(sep)
        for k in range(len(parts) - 1, 0, -1):
            head = sep.join(parts[:k]) + sep + "…"
            if metrics.horizontalAdvance(head) <= room:
                super().setText(head)
                return
        super().setText(elide_words(self._whole, metrics, room))


__all__ = ["ReadoutLabel", "dot_when_alone"]
