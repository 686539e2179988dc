"""The mouse wheel scrolls the page; it changes a field only once the user has chosen that field.

Why: in the Live trainer's scrolling left panel, wheeling down the page while the pointer passed
over the Steps box turned 150 into 50 with one notch, and into 1 with four, without the field ever
having focus. Polished desktop apps let a spin box or combo box take the wheel only when it has
keyboard focus (clicked or tabbed into); otherwise the wheel goes on to the scroll area around it.

One application-wide event filter does this for every tab, dialogs included, and for widgets made
later (a panel is built on first use). It also takes the wheel out of their focus policy (Qt's
WheelFocus would give them focus on the first notch, and the next notch would change them).
Sliders keep the wheel, as users expect of a slider, except inside a scroll area, where the
wheel's first job is to scroll.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QScrollArea,
    QSlider,
    QWidget,
)

_FIELDS = (QAbstractSpinBox, QComboBox)


def is_guarded(widget: QObject) -> bool:
    """True for a widget whose value the wheel must not change while it lacks focus."""
    if isinstance(widget, _FIELDS):
        return True
    return isinstance(widget, QSlider) and _in_scroll_area(widget)  # never a scroll bar


def _in_scroll_area(widget: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def _mapped(event: QWheelEvent, target: QWidget) -> QWheelEvent:
    """A copy of ``event`` with its position in ``target``'s coordinates."""
    local = QPointF(target.mapFromGlobal(event.globalPosition().toPoint()))
    return QWheelEvent(local, event.globalPosition(), event.pixelDelta(), event.angleDelta(),
                       event.buttons(), event.modifiers(), event.phase(), event.inverted(),
                       event.source())


def pass_to_parents(widget: QWidget, event: QWheelEvent) -> bool:
    """Offer the wheel to ``widget``'s ancestors, nearest first, until one takes it (True).

    Why by hand: Qt propagates a wheel event only when it came from the window system, and
    only when no filter took it; sending it on here works the same for both.
    """
    target = widget.parentWidget()
    while target is not None:
        copy = _mapped(event, target)
        copy.ignore()
        QCoreApplication.sendEvent(target, copy)
        if copy.isAccepted():
            return True
        if target.isWindow():
            break
        target = target.parentWidget()
    return False


def _no_wheel_focus(widget: QWidget) -> None:
    if widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


class WheelGuard(QObject):
    """The filter: an unfocused guarded widget's wheel goes to its parents (the scroll area)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        kind = event.type()
        if kind == QEvent.Type.Wheel:
            return self._on_wheel(watched, event)  # type: ignore[arg-type]
        if kind == QEvent.Type.Polish and isinstance(watched, _FIELDS):
            _no_wheel_focus(watched)
        return False

    def _on_wheel(self, watched: QObject, event: QWheelEvent) -> bool:
        if not isinstance(watched, QWidget) or not is_guarded(watched) or watched.hasFocus():
            return False
        event.setAccepted(pass_to_parents(watched, event))
        return True  # taken either way: the unfocused field's value stays


def install_wheel_guard(app: QCoreApplication | None = None) -> WheelGuard | None:
    """Install the guard on ``app`` (default: the running one) once; later calls return it."""
    app = app or QCoreApplication.instance()
    if app is None:
        return None
    guard = app.findChild(WheelGuard, "gatelab-wheel-guard")
    if guard is not None:
        return guard
    guard = WheelGuard(app)
    guard.setObjectName("gatelab-wheel-guard")
    app.installEventFilter(guard)
    if isinstance(app, QApplication):
        for widget in app.allWidgets():  # the ones polished before the guard was there
            if isinstance(widget, _FIELDS):
                _no_wheel_focus(widget)
    return guard

