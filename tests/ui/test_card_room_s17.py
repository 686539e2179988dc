"""Walkthrough s17 #1: at the window's least size the Live trainer's and the Inside tab's
"Try this" cards were 4 px slivers, their words broken every three letters and running past the
window's edge. A card now shows only with at least CARD_LEAST px, and comes back with room."""

from __future__ import annotations

import pytest

from gatelab.ui.lesson_room import CARD_LEAST
from tests.ui.conftest import settle

TABS = ("activations", "gate-plane", "budget", "trainer", "inside", "forward-pass")


def _shown_width(window, tab: str) -> int:  # noqa: ANN001
    """The card's width as drawn on ``tab`` (0: not shown)."""
    window.show_tab(tab)
    settle(30)
    card = window.lesson_card(tab)
    return card.width() if card.isVisible() else 0


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_no_card_is_a_sliver_at_any_width(qtbot, main_window, lang: str) -> None:  # noqa: ANN001
    window = main_window
    window.switch_language(lang)
    try:
        for tab in TABS:
            window.show_tab(tab)
        settle()
        window.resize(300, 200)  # the least size Qt allows
        settle(60)
        least = window.width()
        widths = {}
        for width in (least, 1000, 1280):
            window.resize(max(width, least), 800)
            settle(30)
            for tab in TABS:
                shown = _shown_width(window, tab)
                assert shown == 0 or shown >= CARD_LEAST, (width, tab, shown)
                widths[width, tab] = shown
        assert widths[least, "trainer"] == 0 and widths[least, "inside"] == 0  # stepped aside
        assert all(widths[1280, tab] >= 200 for tab in TABS)  # every card back, readable
        assert window.lessons_button.isChecked()  # the user's choice is unchanged
        # F2 off and on while there is no room: it comes back only with room
        window.resize(least, 800)
        settle(30)
        window.set_lessons_visible(False)
        window.set_lessons_visible(True)
        assert _shown_width(window, "trainer") == 0
        window.resize(1280, 800)
        settle(30)
        assert _shown_width(window, "trainer") >= 200
        window.set_lessons_visible(False)  # and off means off, however wide
        assert _shown_width(window, "trainer") == 0
    finally:
        window.switch_language("en")
        window.set_lessons_visible(True)
