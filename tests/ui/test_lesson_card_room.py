"""The "Try this" card keeps a readable width on every tab of a 1000×700 window.

Walkthrough: at 1000×700 the Live trainer's card was 76 px wide (a word or two per line, its
buttons cut), because the run list's row of six buttons made the trainer tab 918 px wide at
least. The buttons now take two rows when one does not fit, so the card keeps ~200 px; the run
list elides its Run, Model and Corpus cells instead of scrolling sideways.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QLabel
from tests.ui.conftest import settle, show_tab_at

from gatelab.ui.runs_view import RunsView

TABS = ["activations", "gate-plane", "budget", "trainer", "inside", "forward-pass"]


@pytest.mark.parametrize("tab", TABS)
def test_the_card_is_readable_at_1000x700(qtbot, main_window, tab: str) -> None:  # noqa: ANN001
    show_tab_at(qtbot, main_window, tab, (1000, 700))
    assert (main_window.width(), main_window.height()) == (1000, 700)
    card = main_window.lesson_card(tab)
    assert card.isVisible() and card.width() >= 180, card.width()  # the trainer's was 76
    for label in card.findChildren(QLabel):
        if label.isVisible() and label.wordWrap() and label.text():
            assert label.heightForWidth(label.width()) <= label.height() + 1, label.text()[:40]
            assert label.width() >= 120, label.text()[:40]  # lines of several words


def test_run_buttons_take_two_rows_when_one_does_not_fit(qtbot, main_window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "trainer", (1000, 700))
    view = panel.findChild(RunsView)
    panel.views.setCurrentWidget(view)
    settle()
    buttons = [b for b in view._buttons if b.isVisible()]
    assert len({b.y() for b in buttons}) == 2  # two rows
    for button in buttons:  # each whole, inside the list's width
        rect = QRect(button.mapTo(view, QPoint(0, 0)), button.size())
        assert view.rect().contains(rect) and button.width() >= button.sizeHint().width()
    main_window.resize(1600, 1000)  # room: one row again
    settle()
    assert len({b.y() for b in buttons}) == 1
