"""The first pages of Inside the model and the Live trainer keep their whole text above their
button on a short window, and scroll (walkthrough s21 #7: at 200 % scaling Inside's last
sentence sat half under "Analyse this text", and a trainer paragraph under its Start button)."""

from __future__ import annotations

import pytest

from tests.ui.conftest import settle, show_tab_at


def _page(panel, tab: str):  # noqa: ANN001, ANN202
    return panel.intro if tab == "inside" else panel.live.intro


@pytest.mark.parametrize("tab", ["inside", "trainer"])
def test_the_text_ends_above_the_button_and_the_page_scrolls(qtbot, main_window,  # noqa: ANN001
                                                             tab: str) -> None:
    panel = show_tab_at(qtbot, main_window, tab, size=(1024, 520))
    page = _page(panel, tab)
    text, button = page.text, page.button
    settle()
    assert page.isVisible()
    assert text.height() >= text.heightForWidth(text.width())  # not squeezed
    assert button.y() >= text.y() + text.height()  # nothing drawn over its last line
    bar = page.scroll.verticalScrollBar()
    if button.y() + button.height() > page.scroll.viewport().height():
        assert bar.maximum() > 0  # the button is a scroll away
        page.scroll.ensureWidgetVisible(button)
        settle()
        top = button.mapTo(page.scroll.viewport(), button.rect().topLeft()).y()
        assert 0 <= top and top + button.height() <= page.scroll.viewport().height()
    main_window.resize(1280, 800)
