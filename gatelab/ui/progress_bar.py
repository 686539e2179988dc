"""A progress bar whose text stays on one line: cut with "…" where the bar is too narrow.

Why: Qt's Fusion style wraps a progress bar's text that is wider than the bar, and a bar is one
line tall, so both lines were cut through the middle ("已保存的实验 exp-…（已停止，10 个运行中
的 0 个）" at 1024 px, walkthrough s16). The owner may put the whole text in the tooltip.
"""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar

from gatelab.ui.elide import elide_words

PAD = 8  # px the style keeps free round the text


class OneLineProgressBar(QProgressBar):
    """``text()`` (what the style draws) is the formatted text as it fits the bar."""

    def whole_text(self) -> str:
        """The formatted text before any cut (the format with %p, %v and %m filled in)."""
        return super().text()

    def text(self) -> str:  # noqa: D102 (Qt's virtual: the style asks it for the text drawn)
        whole = super().text()
        room = max(self.contentsRect().width() - 2 * PAD, 0)
        return elide_words(whole, self.fontMetrics(), room) if self.isTextVisible() else whole
