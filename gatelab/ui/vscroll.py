"""A frameless area that scrolls its widget up and down, never sideways.

Why: a column of boxes (a table over an experiment, readouts over an export button) set the
least height of the whole window; once a tab showed such a column the window grew by itself
(Inside, after Analyse: 640 → 661 px, off a 1.5× screen). Inside this area the column keeps its
least width but not its least height: a short window scrolls it instead.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

LEAST_HEIGHT = 80  # px: what the area itself asks for; the rest scrolls


class VerticalScroll(QScrollArea):
    """The least width keeps room for the scroll bar, so the widget is never cut at the side
    and never scrolls sideways (the Inside tab's traced page did, at 1024 px, its sideways bar
    over the MLP view's last line: re-walk s20)."""

    def __init__(self, widget: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(widget)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no Tab stop of its own; its fields keep theirs
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """The widget's own height up to the area's maximum (QScrollArea asks for less, so a
        layout gave the area its least height even where the window had room)."""
        inner = self.widget()
        hint = super().sizeHint()
        if inner is None:
            return hint
        return QSize(hint.width(), min(inner.sizeHint().height() + 2 * self.frameWidth(),
                                       self.maximumHeight()))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """The widget's least width and the bar's, a small height."""
        inner = self.widget()
        width = inner.minimumSizeHint().width() if inner is not None else 0
        return QSize(width + self.verticalScrollBar().sizeHint().width(), LEAST_HEIGHT)


class FillColumn(QVBoxLayout):
    """A column for a VerticalScroll's widget that fills the area's height where the area is
    taller than the column's least height (a plot in it grows), and scrolls where it is shorter.

    Why: QScrollArea gives a widget whose layout has a height-for-width (a word-wrapped title
    anywhere in it) at least its preferred height, so the trainer's experiment curves and table
    scrolled (688 px in a 548 px area at 1024×768) where they had fitted. This column has none:
    the area gives it its own height, or its least height where that is more."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return False


__all__ = ["LEAST_HEIGHT", "FillColumn", "VerticalScroll"]
