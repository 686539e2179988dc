"""A first page of rich text with one bold button under it (the Live trainer's and Inside's).

Why a scroll area: a word-wrapped label is squeezed below its wrapped height when the window is
shorter than the page, and the button under it was drawn over its last lines (at 200 % scaling,
Inside's "Pick a layer, a neuron or a token anywhere…" sat half under "Analyse this text";
walkthrough s21 #7). Here the page keeps its whole height and scrolls instead.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from gatelab.ui.vscroll import VerticalScroll


class IntroPageBase(QWidget):
    """``text`` (at most ``text_width`` px wide) above ``button``, scrolling when short."""

    def __init__(self, text_width: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        inner = QWidget()
        self.text = QLabel(inner)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.text.setMaximumWidth(text_width)
        self.button = QPushButton(inner)
        self.button.setStyleSheet("font-size: 14px; font-weight: bold; padding: 8px;")
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addWidget(self.text)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        self.scroll = VerticalScroll(inner, self)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll)
