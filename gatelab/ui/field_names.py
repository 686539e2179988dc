"""A number field's line edit is announced by its label's text, as the field is.

Why: a form's label names the field it is the buddy of: for the app's number fields
(``ValidatedField``: g, u, β, the map window, every budget field, z min / z max) that is the
frame around the line edit, while the line edit takes the focus. A screen reader so said
"edit, 1.5" with no "g" (keyboard probe s23 D4). The edit takes its frame's accessible name
(Qt's, computed from the buddy label) whenever it is shown or focused, so a label retranslated
since is read in the new language.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

_NAME = "gatelab-field-names"
_EVENTS = (QEvent.Type.Show, QEvent.Type.FocusIn)


def frame_name(frame: QWidget) -> str:
    """``frame``'s accessible name: its own, else its buddy label's text (computed by Qt)."""
    iface = QAccessible.queryAccessibleInterface(frame)
    return iface.text(QAccessible.Text.Name) if iface is not None else ""


class NameFromFrame(QObject):
    """The event filter on each field's line edit: on show and focus, the edit takes its
    frame's name. Stateless (the frame is the edit's parent), so it holds no widget."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() in _EVENTS and isinstance(watched, QWidget):
            frame = watched.parentWidget()
            name = frame_name(frame) if frame is not None else ""
            if name and watched.accessibleName() != name:
                watched.setAccessibleName(name)
        return False


def name_from_frame(edit: QWidget) -> None:
    """Let ``edit`` be announced by the name of its parent, the field's frame."""
    app = QCoreApplication.instance()
    if app is None:
        return
    names = app.findChild(NameFromFrame, _NAME)
    if names is None:
        names = NameFromFrame(app)  # parented to the application: lives as long as it
        names.setObjectName(_NAME)
    edit.installEventFilter(names)


__all__ = ["NameFromFrame", "frame_name", "name_from_frame"]
