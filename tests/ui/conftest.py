"""UI fixtures: a throw-away QSettings file per test and a main window that is shut down cleanly."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings


def show_panel(qtbot, panel, size: tuple[int, int] = (1400, 900)):  # noqa: ANN001, ANN201
    """``panel`` owned by qtbot, at ``size``, shown and exposed: the start of every panel fixture."""
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def main_window(qtbot, settings: QSettings) -> Iterator[object]:  # noqa: ANN001
    from gatelab.ui.main_window import MainWindow

    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    yield window
    window.shutdown()
