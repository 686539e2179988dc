"""The mouse wheel scrolls the page; it changes a field only once the user has chosen that field.

Why: in the Live trainer's scrolling left panel, wheeling down the page while the pointer passed
over the Steps box turned 150 into 50 with one notch, and into 1 with four, without the field ever
having focus. Polished desktop apps let a spin box or combo box take the wheel only when it has
keyboard focus (clicked or tabbed into); otherwise the wheel goes on to the scroll area around it.

One event filter, installed on each such widget of a tab when the main window builds it, does
this (``guard_wheel``). It also takes the wheel out of their focus policy (Qt's WheelFocus would
give them focus on the first notch, and the next notch would change them).
Sliders keep the wheel, as users expect of a slider, except inside a scroll area, where the
wheel's first job is to scroll.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
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
        if event.type() == QEvent.Type.Wheel:
            return self._on_wheel(watched, event)  # type: ignore[arg-type]
        return False

    def _on_wheel(self, watched: QObject, event: QWheelEvent) -> bool:
        if not isinstance(watched, QWidget) or not is_guarded(watched) or watched.hasFocus():
            return False
        event.setAccepted(pass_to_parents(watched, event))
        return True  # taken either way: the unfocused field's value stays


_GUARD: dict[str, WheelGuard] = {}


def wheel_guard() -> WheelGuard:
    """The one guard object (a child of the application, so it lives in the GUI thread)."""
    guard = _GUARD.get("guard")
    if guard is None:
        guard = _GUARD["guard"] = WheelGuard(QCoreApplication.instance())
        guard.setObjectName("gatelab-wheel-guard")
    return guard


def guard_wheel(root: QWidget) -> WheelGuard:
    """Install the guard on ``root`` and every guarded widget inside it (idempotent).

    Why per widget and not on the application: an application-wide Python filter is called for
    every event of the GUI thread (paints, timers, posted events), which costs time on each,
    and once deadlocked a test run: the GIL taken inside Qt's event delivery while a worker
    thread held a Qt lock. Here only the fields' own events reach Python. The main window calls
    this for each tab when it builds it."""
    guard = wheel_guard()
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if is_guarded(widget):
            widget.installEventFilter(guard)  # Qt keeps one entry per filter object
            if isinstance(widget, _FIELDS):
                _no_wheel_focus(widget)
    return guard
