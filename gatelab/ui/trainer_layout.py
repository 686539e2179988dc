"""Where the trainer tab's parts sit: the form in a scroll area with the run bar under it, in a
column beside the views (live plots, runs, experiment).

Why a module of its own: the sizes here (the column's 380-480 px, the splitter's first split)
are tuned for a 1280 px window and change with layout work, while ``trainer_panel`` wires
behaviour; kept apart, ``TrainerPanel.__init__`` fits on a screen and a layout change does not
touch the panel's logic. Nothing here is translated (the views' tab titles are the panel's).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QScrollArea, QSplitter, QTabWidget, QVBoxLayout, QWidget


def form_column(form: QWidget, bar: QWidget) -> QWidget:
    """``form`` scrolled (vertically only) above ``bar``, which stays in view at the bottom."""
    left = QWidget()
    left_layout = QVBoxLayout(left)
    left_layout.setContentsMargins(4, 4, 4, 4)
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setWidget(form)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no invisible Tab stop; its fields keep theirs
    # sideways only if even the widest column cannot hold the form (it was cut at 1024 px)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    left_layout.addWidget(scroll, 1)
    left_layout.addWidget(bar)
    form.ensurePolished()
    need = form.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width() + 8
    left.setMinimumWidth(min(max(380, need), 480))  # the form's own minimum, within 380-480
    left.setMaximumWidth(480)
    return left


def lay_out(panel: QWidget, form: QWidget, bar: QWidget, views: QTabWidget) -> None:
    """Fill ``panel``: the form column on the left, ``views`` taking the width that is left."""
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.setObjectName("trainer-form-views")  # the main window remembers its sizes by name
    splitter.addWidget(form_column(form, bar))
    splitter.addWidget(views)
    splitter.setStretchFactor(1, 1)
    splitter.setChildrenCollapsible(False)
    splitter.setSizes([420, 980])
    layout = QHBoxLayout(panel)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(splitter)


__all__ = ["form_column", "lay_out"]
