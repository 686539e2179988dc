"""Return and Enter press the focused button (or choose the focused quiz answer), everywhere in
the app, as Space does.

Why: a walkthrough found that no push button outside a dialog answered Return (lesson steps,
the gate plane's quick points, "8/3 rule", "Copy as CSV"…) while the forward-pass map's boxes
open with Enter, so a keyboard user could not tell which key works where. Qt clicks a focused
QPushButton on Return only when it is (auto)default, which outside a dialog it is not, and a
QToolButton never. One application event filter gives every push and tool button the same key
without per-button code; ``setAutoDefault(True)`` on each button would also reserve room for a
default-button frame in some styles and so move layouts.

What it leaves alone: every other widget (line edits, spin boxes, combo boxes, tables and the
forward-pass map keep their own Return), Return with Ctrl/Alt/Shift (Ctrl+Return starts
training), and every button in a dialog, where Qt's rules already hold (a focused auto-default
button clicks itself, anything else reaches the default button).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QDialog, QPushButton, QRadioButton, QToolButton

_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
_PLAIN = (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)  # Enter: keypad
_NAME = "gatelab-enter-presses-buttons"
# a quiz choice too: Space answered, Enter did nothing (keyboard walkthrough s18 P2)
_BUTTONS = (QPushButton, QToolButton, QRadioButton)


def _button_for(watched: QObject, event: QEvent) -> QAbstractButton | None:
    """The focused push or tool button ``event`` (a plain Return/Enter press) is for, if any."""
    if event.type() != QEvent.Type.KeyPress or not isinstance(watched, _BUTTONS):
        return None
    assert isinstance(event, QKeyEvent)
    if event.key() not in _KEYS or event.modifiers() not in _PLAIN:
        return None
    if not (watched.hasFocus() and watched.isVisible() and watched.isEnabled()):
        return None  # e.g. a key passed up from a child: not this button's press
    if isinstance(watched.window(), QDialog):
        return None  # Qt's own default-button rules (QMessageBox, file and export dialogs)
    return watched


class EnterPressesButtons(QObject):
    """The application event filter: a plain Return or Enter on a focused button clicks it."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        button = _button_for(watched, event)
        if button is None:
            return False
        assert isinstance(event, QKeyEvent)
        if not event.isAutoRepeat():  # held down: one press, as with Space
            button.click()  # as Qt does for a default button (a menu button opens its menu)
        return True


def install_enter_keys(app: QCoreApplication | None = None) -> QObject | None:
    """Install the filter on ``app`` (the running application) once; return it (None: no app).
    Parented to the application, so it lives as long as the app and holds no window."""
    app = app if app is not None else QCoreApplication.instance()
    if app is None:
        return None
    found = app.findChild(EnterPressesButtons, _NAME)
    if found is not None:
        return found
    keys = EnterPressesButtons(app)
    keys.setObjectName(_NAME)
    app.installEventFilter(keys)
    return keys


__all__ = ["EnterPressesButtons", "install_enter_keys"]
