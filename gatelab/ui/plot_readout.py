"""The hover readout of a PlotCard, and a dot for a line's lone point.

Kept apart from plot_card so that module stays short. The readout is one plain line beside the
card's title: a long one is cut before the Export… button, after its last whole "name value"
part, never run under the button.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtWidgets import QLabel, QWidget

from gatelab.ui.elide import ElidedLine, elide_words


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
    _repaint_sample(item)


def _repaint_sample(item: pg.PlotDataItem) -> None:
    """Repaint ``item``'s legend sample: it draws the item's options when painted but nothing
    tells it they changed, so the dot stayed in the legend beside a line (walkthrough s23 #7)."""
    view = item.getViewBox()
    legend = getattr(view.parentItem(), "legend", None) if view is not None else None
    for sample, _label in getattr(legend, "items", ()):
        if getattr(sample, "item", None) is item:
            sample.update()


class ReadoutLabel(ElidedLine):
    """The hover readout: one plain line cut to the label's width (the
    room left of the Export… button), the whole line in its tooltip; ``text()`` is the whole
    line, ``shown_text()`` what is drawn. Why: a clipped QLabel ran its text under the button
    ("step 160: L0 7.321, L1 3.383, L2" cut mid-number). It cuts between "name value" parts
    (``_elide``) where ``ElidedLine`` cuts after a word; what it draws goes to QLabel itself
    (``ElidedLine.setText`` takes the whole line)."""

    def __init__(self, parent: QWidget | None = None, separator: str = ", ") -> None:
        """``separator``: what stands between two "name value" parts of a line."""
        super().__init__(parent)
        self._separator = separator

    def _elide(self) -> None:
        """Whole; else as many whole "name value" parts as fit, then "…" (never a name without
        its value, as "L0 2.01, L1…" was); else cut after a word."""
        room = max(self.contentsRect().width() - 6, 0)  # a gap before the button
        metrics = self.fontMetrics()
        if metrics.horizontalAdvance(self._whole) <= room:
            QLabel.setText(self, self._whole)
            return
        sep = self._separator
        parts = self._whole.split(sep)
        for k in range(len(parts) - 1, 0, -1):
            head = sep.join(parts[:k]) + sep + "…"
            if metrics.horizontalAdvance(head) <= room:
                QLabel.setText(self, head)
                return
        QLabel.setText(self, elide_words(self._whole, metrics, room))


__all__ = ["ReadoutLabel", "dot_when_alone"]
