"""The window's status bar: a long message ends at a word and "…", the whole one in the tooltip.

Why: QStatusBar clips a message at its right edge, mid-word ("…gradient flows to the ga"), with
no way to read the rest; at 1280×800 the Inside tab's and the trainer's messages were cut so. A
panel's message that the panel already shows on screen (the Inside tab's line under its source
bar) is not repeated at the bottom either: the same sentence twice reads as two events.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QResizeEvent, QTextDocumentFragment
from PySide6.QtWidgets import QLabel, QSizeGrip, QStatusBar, QWidget

from gatelab.ui.elide import elide_words, one_line


def label_reads(label: QLabel, text: str) -> bool:
    """Whether ``label`` shows ``text`` (compared as one plain line; rich text is rendered)."""
    shown = label.text()
    if one_line(shown) == text:
        return True
    return "<" in shown and one_line(QTextDocumentFragment.fromHtml(shown).toPlainText()) == text


def shown_in(root: QWidget, text: str) -> bool:
    """Whether a label inside ``root`` that is on screen now reads ``text``."""
    want = one_line(text)
    if not want or not root.isVisible():
        return False
    return any(label.isVisible() and label_reads(label, want) and _on_screen(label)
               for label in root.findChildren(QLabel))


def _on_screen(label: QLabel) -> bool:
    """Not scrolled or clipped out of sight; a label shown a moment ago, not yet laid out (no
    size), counts as on screen: the layout places it before the next paint."""
    return label.size().isEmpty() or not label.visibleRegion().isEmpty()


class StatusBar(QStatusBar):
    """A status bar whose message is elided at a word, with the whole message as its tooltip.

    ``showMessage`` and ``clearMessage`` keep their Qt meaning; ``currentMessage()`` is the
    whole message and ``shown_message()`` what is drawn. Qt's own messages (an action's status
    tip) arrive through ``messageChanged`` and are elided the same way.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._shown = ""
        self._timer = QTimer(self)  # ours, not Qt's: a resize redraws without restarting it
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clearMessage)
        self.messageChanged.connect(self._on_message_changed)

    def showMessage(self, text: str, timeout: int = 0) -> None:  # noqa: N802 (Qt's name)
        self._full = text
        self._timer.stop()
        if timeout > 0:
            self._timer.start(timeout)
        self._draw()

    def show_from(self, source: QWidget, text: str, timeout: int = 0) -> None:
        """A panel's message: shown, unless ``source`` already shows it on screen (then the
        older message goes, so nothing stale stays under the panel's own line)."""
        if shown_in(source, text):
            self.clearMessage()
        else:
            self.showMessage(text, timeout)

    def clearMessage(self) -> None:  # noqa: N802 (Qt's name)
        self._full = self._shown = ""
        self._timer.stop()
        self.setToolTip("")
        super().clearMessage()

    def currentMessage(self) -> str:  # noqa: N802 (Qt's name)
        """The whole message, however much of it fits."""
        return self._full

    def shown_message(self) -> str:
        """The message as drawn: whole, or cut after a word with "…"."""
        return super().currentMessage()

    def message_room(self) -> int:
        """The width QStatusBar draws a message in (6 px in, 12 px short of the right edge or
        the size grip)."""
        right = self.width() - 12
        grip = self.findChild(QSizeGrip)
        if grip is not None and grip.isVisible():
            right = min(right, grip.x())
        return max(right - 6, 0)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self._full:
            self._draw()

    def _draw(self) -> None:
        self._shown = elide_words(self._full, self.fontMetrics(), self.message_room())
        self.setToolTip(self._full if self._shown != one_line(self._full) else "")
        super().showMessage(self._shown, 0)

    def _on_message_changed(self, text: str) -> None:
        if text == self._shown:
            return
        # Qt's own message (an action's status tip) or Qt clearing one: taken as the message
        self._timer.stop()
        self._full = text
        if text:
            self._draw()
        else:
            self._shown = ""
            self.setToolTip("")
