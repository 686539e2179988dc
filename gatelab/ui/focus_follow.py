"""The keyboard's focus stays in sight: a control that gets the focus from the keyboard is
scrolled into view in every scroll area around it.

Why: a QScrollArea scrolls to a child only when Tab moves between its own children. Tabbing
in from outside (the budget form after the lesson card, the card after a table) left the
focused control above the view: typing changed d unseen, Space pressed a hidden step
(keyboard walkthrough s18 D1). Only focus changes made without a mouse button held: a click
on a half-shown button must not scroll it away from under the pointer before the release.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

_PROPERTY = "gatelabFocusFollows"
MARGIN = 8  # px of room kept around the control


def follow_focus(app: QApplication | None = None) -> None:
    """Scroll keyboard focus into view from now on (once per application)."""
    app = app if app is not None else QApplication.instance()  # type: ignore[assignment]
    if app is None or app.property(_PROPERTY):
        return
    app.setProperty(_PROPERTY, True)
    app.focusChanged.connect(show_focused)


def show_focused(_old: QWidget | None, new: QWidget | None) -> None:
    """Scroll each scroll area around ``new`` (innermost first) so that ``new`` shows."""
    if new is None or QApplication.mouseButtons() != Qt.MouseButton.NoButton:
        return
    parent = new.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            content = parent.widget()
            if content is not None and content.isAncestorOf(new):
                parent.ensureWidgetVisible(new, MARGIN, MARGIN)
        parent = parent.parentWidget()
