"""Tab reaches the Inside tab's view bar (Neuron explorer, Gates at a token…) before the view
it shows, as in any tabbed dialog.

Why (keyboard probe s23): the views' pages were built before their tab widget, so Tab went from
the token strip through the whole explorer page and only then to the bar; a keyboard user met
the page before learning it was one of five.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import show_panel

from .inside_synth import make_trace


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    p.sel.set_trace(make_trace())
    p.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is p)
    yield p
    p.shutdown()


def tab(qtbot) -> object:  # noqa: ANN001
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    return QApplication.focusWidget()


@pytest.mark.parametrize("page", ["explorer", "mlp"])
def test_tab_goes_from_the_text_to_the_view_bar_then_into_the_view(qtbot, panel: InsidePanel,  # noqa: ANN001
                                                                    page: str) -> None:
    panel.views.setCurrentWidget(getattr(panel, page))
    panel.shaded.export_button.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.shaded.export_button)
    assert tab(qtbot) is panel.views.tabBar()
    inside = tab(qtbot)
    assert panel.views.currentWidget().isAncestorOf(inside), inside
