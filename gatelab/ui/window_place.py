"""Where the main window opens and how large: the remembered geometry, fitted to this screen.

Why a module of its own: Qt's ``restoreGeometry`` refuses a geometry saved at another scale
factor (it compares the saved screen width in logical pixels, 1920 at 1× against 1280 at 1.5×),
and the window then opened at the default size; the user's size and place are therefore also
kept in logical pixels (``window/size``, ``window/pos``, ``window/maximized``) and used, clamped
to the screen, when ``restoreGeometry`` says no. At a fractional scale the size the window gets
can also differ by a pixel from the one asked for, so the frame-aware second fit allows that.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QByteArray, QPoint, QRect, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import QWidget

PREFERRED_SIZE = (1280, 820)  # the first window's size where the screen has the room
ROUNDING_PX = 2  # how far a fractional scale factor may round a size the window was given
# when to fit again after the first show: the window manager frames the window at some point
# after it (under openbox at 1.5×, later than the next event-loop turn); a retry after the size
# changed from the fitted one does nothing, so only the first one that knows the frame acts
REFIT_MS = (0, 150, 500, 1500)
MAX_SIDE = 100_000  # a remembered side above this is garbage, not a monitor


def _available_area(widget: QWidget) -> QRect | None:
    """The free area (no task bar) of the screen the window is on, else the primary screen's.

    None on the offscreen platform: its 800×800 "screen" is a placeholder, not a monitor, and a
    --screenshot or a test renders at the size it asks for.
    """
    if QGuiApplication.platformName() == "offscreen":
        return None
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def _close_to(a: QSize, b: QSize) -> bool:
    """``a`` and ``b`` equal but for the rounding of a fractional scale factor."""
    return abs(a.width() - b.width()) <= ROUNDING_PX and abs(a.height() - b.height()) <= ROUNDING_PX


def remembered_size(value: object) -> QSize | None:
    """A saved ``window/size`` if it is a plausible one (anything else in the file: None)."""
    if isinstance(value, QSize) and 0 < value.width() <= MAX_SIDE and 0 < value.height() <= MAX_SIDE:
        return value
    return None


def remembered_pos(value: object) -> QPoint | None:
    """A saved ``window/pos`` if it is a plausible one (anything else in the file: None)."""
    if isinstance(value, QPoint) and abs(value.x()) <= MAX_SIDE and abs(value.y()) <= MAX_SIDE:
        return value
    return None


class WindowPlacement:
    """Mixin for the main window (a QMainWindow): open where and as large as last time."""

    _settings: QSettings
    _fitted: QSize | None = None  # the size chosen to fit the screen, until changed

    def _place_on_screen(self) -> None:
        """The remembered geometry, else the remembered logical size and place, else the
        preferred size; any of them fitted to the screen."""
        settings = self._settings
        geometry = settings.value("window/geometry")
        restored = isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)  # type: ignore[attr-defined]
        preferred = None
        if not restored:  # none saved, or saved at another scale factor: Qt refuses it
            preferred = remembered_size(settings.value("window/size")) or QSize(*PREFERRED_SIZE)
            pos = remembered_pos(settings.value("window/pos"))
            if pos is not None:
                self.move(pos)  # type: ignore[attr-defined]
            if settings.value("window/maximized", False, type=bool):
                self.setWindowState(Qt.WindowState.WindowMaximized)  # type: ignore[attr-defined]
        if not self.windowState() & (Qt.WindowState.WindowMaximized  # type: ignore[attr-defined]
                                     | Qt.WindowState.WindowFullScreen):  # those fit already
            self.fit_to_screen(preferred)

    def save_placement(self) -> None:
        """Qt's geometry, and the same in logical pixels for a launch at another scale."""
        settings = self._settings
        settings.setValue("window/geometry", self.saveGeometry())  # type: ignore[attr-defined]
        maximized = bool(self.windowState() & Qt.WindowState.WindowMaximized)  # type: ignore[attr-defined]
        normal = self.normalGeometry() if maximized else QRect()  # type: ignore[attr-defined]
        if normal.isValid():  # the size it goes back to when no longer maximized
            size, pos = normal.size(), normal.topLeft()
        else:
            size, pos = self.size(), self.pos()  # type: ignore[attr-defined]
        settings.setValue("window/size", size)
        settings.setValue("window/pos", pos)
        settings.setValue("window/maximized", maximized)

    def fit_to_screen(self, preferred: QSize | None = None, available: QRect | None = None) -> None:
        """Resize to ``preferred`` (else keep the size), clamped to the screen's free area.

        Why: the first window was 1280×820 on a 1280×800 screen, its bottom 20 px (the status
        line) out of reach; a geometry remembered on a larger monitor did the same. ``available``
        defaults to the screen's availableGeometry (without task bars and docks).
        """
        area = available if available is not None else _available_area(self)  # type: ignore[arg-type]
        size = preferred if preferred is not None else self.size()  # type: ignore[attr-defined]
        if area is None or area.isEmpty():
            self.resize(size)  # type: ignore[attr-defined]
            return
        size = size.boundedTo(area.size() - self._frame_extra())
        self.resize(size)  # type: ignore[attr-defined]
        self._fitted = self.size()  # type: ignore[attr-defined]
        place = QRect(self.pos(), self.frameGeometry().size())  # type: ignore[attr-defined]
        if not area.contains(place):  # else the window manager's placement stays
            self.move(max(min(place.left(), area.right() + 1 - place.width()), area.left()),  # type: ignore[attr-defined]
                      max(min(place.top(), area.bottom() + 1 - place.height()), area.top()))

    def _frame_extra(self) -> QSize:
        """What the window manager's frame adds around the contents (nothing before it shows)."""
        frame, inner = self.frameGeometry(), self.geometry()  # type: ignore[attr-defined]
        return QSize(max(frame.width() - inner.width(), 0), max(frame.height() - inner.height(), 0))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        """Once the frame is known, shrink by it too, unless the size was set on purpose since.

        "Set on purpose" allows a pixel or two: at QT_SCALE_FACTOR=1.5 the window came back
        1279×719 for 1280×720, the exact comparison skipped the second fit, and the window with
        its title bar was taller than the screen (the status line below its edge).
        """
        super().showEvent(event)  # type: ignore[misc]
        fitted, self._fitted = self._fitted, None
        if fitted is not None and _close_to(fitted, self.size()):  # type: ignore[attr-defined]
            for delay in REFIT_MS:  # the frame is known once the window manager has framed it
                QTimer.singleShot(delay, self, lambda: self._refit_if(fitted))  # type: ignore[call-overload]

    def _refit_if(self, fitted: QSize) -> None:
        if _close_to(fitted, self.size()):  # type: ignore[attr-defined]  # not resized since
            self.fit_to_screen()


GROWTH_WATCH_S = 8.0  # how long after a tab change the window is watched for growth
GROWTH_POLL_MS = 150


_WATCH_ATTR = "_gatelab_growth_watch"  # the window's latest watch: an older one stops


def watch_growth(window: QWidget, before: QSize) -> None:
    """``undo_growth`` now and every GROWTH_POLL_MS until GROWTH_WATCH_S after the tab change:
    the layout grows the window some event-loop turns later, and on a loaded machine a second
    or more later (fixed retries up to 1.2 s missed it). Only the latest tab change's watch
    acts (an older one, with an older size, shrank a window grown later to its own size). The
    window is the timers' context: no call after it is destroyed."""
    token = object()
    setattr(window, _WATCH_ATTR, token)  # (on the window: gone with it, never another's)
    _watch(window, before, time.monotonic() + GROWTH_WATCH_S, token)


def _watch(window: QWidget, before: QSize, until: float, token: object) -> None:
    if getattr(window, _WATCH_ATTR, None) is not token:
        return  # a newer tab change watches now
    undo_growth(window, before)
    if time.monotonic() < until:
        QTimer.singleShot(GROWTH_POLL_MS, window,
                          lambda: _watch(window, before, until, token))
    else:
        setattr(window, _WATCH_ATTR, None)


def undo_growth(window: QWidget, before: QSize) -> None:
    """Shrink ``window`` back to ``before`` if showing a tab made it grow past the screen.

    Why: a tab that is hidden is not resized with the window, and when it is shown again its
    layout first asks for the height it needed at its old width: the gate plane, stacked for a
    narrow window, made a 1600×1000 window 1600×1168 on a 1080 px screen (the status line and
    the trained-neuron controls under the screen's edge). Qt grows a window for its layout but
    never shrinks it back; the size the user had fits the new layout once it has settled."""
    area = _available_area(window)
    if window.isMaximized() or window.isFullScreen() or window.size() == before:
        return
    frame = window.frameGeometry()
    if area is None or (frame.height() <= area.height() and frame.width() <= area.width()):
        return  # grown, but still on the screen (or no screen known): the user may resize it
    window.resize(min(window.width(), before.width()), min(window.height(), before.height()))


__all__ = ["undo_growth", "watch_growth", "PREFERRED_SIZE", "WindowPlacement", "remembered_pos", "remembered_size"]
