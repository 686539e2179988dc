"""gatelab draws in a light colour scheme, whatever the desktop's.

Why: every view's colours are chosen for a light window: the cream readout boxes under the curves
and the gate plane, the white plots (and the figures they export), the series colours of the
activation check boxes, the grey hints, the amber and red notes, the green "look here" mark of a
lesson step. Under a dark desktop theme the palette's light text landed on those cream and green
boxes and the near-black "z" series vanished on the dark window (walkthrough s21, findings 1-4).
A light palette everywhere keeps the app, its plots and its exports one consistent picture.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

#: A window colour darker than this (HSL lightness, 0-255) is a dark scheme.
DARK_BELOW = 128
_FOLLOWING: list[bool] = []


def is_dark(palette: QPalette) -> bool:
    """Whether ``palette`` paints a dark window (light text on it)."""
    return palette.color(QPalette.ColorRole.Window).lightness() < DARK_BELOW


def keep_light(app: QApplication) -> None:
    """Ask the platform for its light scheme (Qt ≥ 6.8: window frames, native dialogs and menus
    follow), and where the palette is still dark (a platform that ignores the request, or a
    palette set by hand), use the style's own light palette. Again whenever the desktop's scheme
    changes while the app runs."""
    hints = QGuiApplication.styleHints()
    if hasattr(hints, "setColorScheme"):
        hints.setColorScheme(Qt.ColorScheme.Light)
    _lighten(app)
    if hasattr(hints, "colorSchemeChanged") and not _FOLLOWING:
        hints.colorSchemeChanged.connect(lambda _scheme: _lighten(app))
        _FOLLOWING.append(True)  # (connected once per process)


def _lighten(app: QApplication) -> None:
    if is_dark(app.palette()):
        app.setPalette(app.style().standardPalette())
