"""A number field's line edit is announced by its label's text, as the field is.

Why: a form's label names the field it is the buddy of: for the app's number fields
(``ValidatedField``: g, u, β, the map window, every budget field, z min / z max) that is the
frame around the line edit, while the line edit takes the focus. A screen reader so said
"edit, 1.5" with no "g" (keyboard probe s23 D4). The edit takes its field's name whenever it
is shown or focused, so a label retranslated since is read in the new language: the label in
its form row (a label laid out by ``QFormLayout.addRow(label, field)`` is no buddy, and Qt then
named 13 fields after their group box: "Map window" for g min … ε, "Range and probe" for z
min and z max), else Qt's own name for the frame (a buddy label's text). The same name says
which field an error line's refusal belongs to (``field_errors.ErrorLine``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

_NAME = "gatelab-field-names"
_EVENTS = (QEvent.Type.Show, QEvent.Type.FocusIn)


def form_label(field: QWidget) -> str:
    """The text of the label in ``field``'s form row ("" where it has none), without a colon."""
    parent = field.parentWidget()  # (``field`` may be a weak proxy: compared, never passed)
    for form in parent.findChildren(QFormLayout) if parent is not None else ():
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            label = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            if item is not None and item.widget() == field and label is not None \
                    and isinstance(label.widget(), QLabel):
                return label.widget().text().strip().rstrip(":：")
    return ""


def frame_name(frame: QWidget) -> str:
    """``frame``'s name for a screen reader: its form row's label, else Qt's accessible name
    (its own, else its buddy label's text)."""
    named = form_label(frame)
    if named:
        return named
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


__all__ = ["NameFromFrame", "form_label", "frame_name", "name_from_frame"]
