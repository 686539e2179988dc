"""The window's status bar: a long message ends at a word and "…", the whole one in the tooltip.

Why: QStatusBar clips a message at its right edge, mid-word ("…gradient flows to the ga"), with
no way to read the rest; at 1280×800 the Inside tab's and the trainer's messages were cut so. A
panel's message that the panel already shows on screen (the Inside tab's line under its source
bar, or its "Could not analyse: <reason> — …" around the reason the status bar got) is not
repeated at the bottom either: the same sentence twice reads as two events. A message that starts
with a lower-case word (an exception's text) is shown as a sentence.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent, QTextDocumentFragment
from PySide6.QtWidgets import QLabel, QSizeGrip, QStatusBar, QWidget

from gatelab.ui.elide import elide_words, one_line

# a first word of two or more lower-case letters that is no identifier, file or variable name
# ("architecture 'x' is not …", but not "z must be …", "run-2026…", "config.json", "n_embd")
_PROSE_START = re.compile(r"[a-z]{2,}(?![\w.\-/(])")


def as_sentence(text: str) -> str:
    """``text`` with its first word capitalised when that word is lower-case prose: a core
    error's text ("architecture 'nonsense_arch' is not a causal language model") reads as a
    sentence in the status bar."""
    return text[:1].upper() + text[1:] if _PROSE_START.match(text) else text


def plain_line(label: QLabel) -> str:
    """What ``label`` shows, as one plain line (rich text rendered to its plain text)."""
    shown = label.text()
    if "<" in shown or "&" in shown:
        shown = QTextDocumentFragment.fromHtml(shown).toPlainText()
    return one_line(shown)


def label_reads(label: QLabel, text: str) -> bool:
    """Whether ``label`` shows ``text`` (one plain line): alone, or as part of a longer line
    that says more (whole words: "stopped" is not read in "unstopped")."""
    line = plain_line(label)
    start = line.find(text)
    while start >= 0:
        end = start + len(text)
        if ((start == 0 or not line[start - 1].isalnum())
                and (end == len(line) or not line[end].isalnum())):
            return True
        start = line.find(text, start + 1)
    return False


def shown_in(root: QWidget, text: str) -> bool:
    """Whether a label inside ``root`` that is on screen now shows ``text`` (in whole or in a
    longer line)."""
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
        """A panel's message: shown (as a sentence), unless ``source`` already shows it on
        screen, alone or inside a longer line (then the older message goes, so nothing stale
        stays under the panel's own line)."""
        if shown_in(source, text):
            self.clearMessage()
        else:
            self.showMessage(as_sentence(text), timeout)

    def replace_message(self, old: str, new: str) -> None:
        """Show ``new`` in place of ``old`` if ``old`` is still the message, for the time
        ``old`` had left: a message said before a language switch is said again in the new
        language (a "Ready" in English stayed for its 3 s after a switch at start-up)."""
        if not old or self._full != old:
            return
        self.showMessage(new, max(self._timer.remainingTime(), 1) if self._timer.isActive() else 0)

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
        if grip is not None and grip.isVisible() and grip.x() > 0:  # (at 0: not placed yet)
            right = min(right, grip.x())
        return max(right - 6, 0)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self._full:
            self._draw()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        """A message given before the window was first shown was elided to the room of a size
        grip not placed yet (x = 0: no room, nothing drawn until a resize): draw it again once
        the layout has placed the grip."""
        super().showEvent(event)
        QTimer.singleShot(0, self._redraw)

    def _redraw(self) -> None:
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
