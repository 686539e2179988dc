"""Where the "Inside the model" tab's parts sit: the source bar over a thin rule over the pages
(the intro until a first trace, then the pickers, the shaded text and the views).

Why a module of its own: ``InsidePanel`` wires the parts to the worker and to each other; the
containers here only place them, and kept apart the panel's ``__init__`` fits on a screen. The
panel still makes every widget in the order it did (that order is the keyboard's focus chain),
calling these helpers in between. Nothing here is translated (the views' titles are the panel's).
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QScrollArea, QVBoxLayout, QWidget

from gatelab.ui.vscroll import VerticalScroll


def explorer_page(rankings: QWidget, topk: QWidget, parent: QWidget) -> QWidget:
    """The first view: a neuron's rankings beside the top-k contexts found for it."""
    explorer = QWidget(parent)
    ex = QHBoxLayout(explorer)
    ex.setContentsMargins(4, 4, 4, 4)
    ex.addWidget(rankings, 3)
    ex.addWidget(topk, 2)
    return explorer


def rule(parent: QWidget) -> QFrame:
    """The light line between the source bar and the pages."""
    line = QFrame(parent)
    line.setFrameShape(QFrame.Shape.HLine)
    line.setStyleSheet("color: #ddd;")
    return line


def trace_page(pickers: QWidget, shaded: QWidget, views: QWidget, parent: QWidget) -> QWidget:
    """The page shown once a text is traced: pickers, the shaded text, the views below."""
    body = QWidget(parent)
    bl = QVBoxLayout(body)
    bl.setContentsMargins(0, 0, 0, 0)
    bl.setSpacing(4)
    bl.addWidget(pickers)
    bl.addWidget(shaded)
    bl.addWidget(views, 1)
    # scrolled: a text or a view that needs more height than the window has scrolls the page,
    # where it made the window taller by itself (walkthrough s19 D4); with room for its bar, so
    # it never scrolls sideways (at 1024 px the sideways bar hid the MLP view's last line, s20)
    return VerticalScroll(body, parent)


def column(panel: QWidget, top: tuple[QWidget, ...], pages: QWidget) -> None:
    """Fill ``panel``: the ``top`` widgets in order, then ``pages`` taking the height left."""
    lay = QVBoxLayout(panel)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(4)
    for widget in top:
        lay.addWidget(widget)
    lay.addWidget(pages, 1)


__all__ = ["column", "explorer_page", "rule", "trace_page"]


def reveal(page: QWidget, widget: QWidget) -> None:
    """Scroll the traced ``page`` so that ``widget`` is in sight, once the layout has settled.
    Why: at 1024×768 a lesson step said "the readout under the bars shows …" while the readout
    was below the fold of the scrolled page (walkthrough s20)."""
    if isinstance(page, QScrollArea):
        QTimer.singleShot(0, page, lambda: page.ensureWidgetVisible(widget, 0, 8))
