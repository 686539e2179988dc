"""Session-19 walkthrough: the window grew by itself after Analyse, and a map drifted off square.

D4: analysing a long text in the Inside tab made the window taller by itself (640 → 661 px at
1024×640; off the screen at a 1.5× scale), because the shaded text's height was fixed at up to
five lines and the sink view's side column stacked a table over its experiment. Both now keep a
small least height and scroll. The gate plane's middle map was 4 px wider than high where a
font made its title's plot a little wider: equal columns now have equal least widths too.
"""

from __future__ import annotations

import pytest

from gatelab.ui.inside_neuron import LEAST_STRIP_LINES, MAX_STRIP_HEIGHT
from gatelab.ui.vscroll import LEAST_HEIGHT, VerticalScroll
from tests.ui.conftest import settle, show_tab_at

from .inside_synth import make_trace

LONG = "The food was not bad at all, and the service was quick. " * 12  # many wrapped lines


def test_analysing_a_long_text_never_raises_the_window_least_height(qtbot, main_window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "inside", (1024, 640))
    before = main_window.minimumSizeHint()
    panel.sel.set_trace(make_trace(text=LONG, n_layer=2, m=16))
    settle(40)
    assert panel.pages.currentIndex() == 1  # the trace page is on show
    after = main_window.minimumSizeHint()
    assert after.height() <= before.height() and after.width() <= before.width() + 2
    assert main_window.size().height() == 640  # the window kept the user's size
    scroll, strip = panel.shaded.scroll, panel.shaded.strip
    two = strip.lines_height(LEAST_STRIP_LINES) + 2
    assert scroll.minimumHeight() == two and scroll.height() >= two
    assert strip.heightForWidth(strip.width()) > scroll.height()  # the rest scrolls


def test_the_strip_takes_five_lines_where_the_window_has_room(qtbot, main_window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "inside", (1400, 1000))
    panel.sel.set_trace(make_trace(text=LONG, n_layer=2, m=16))
    settle(40)
    assert panel.shaded.scroll.height() == MAX_STRIP_HEIGHT + 2
    panel.sel.set_trace(make_trace(text="short text", n_layer=2, m=16))
    settle(40)
    strip = panel.shaded.strip  # one line: exactly its height, no empty band under it
    assert panel.shaded.scroll.height() == strip.heightForWidth(strip.width()) + 2
    assert strip.lines_height(1) == strip.heightForWidth(strip.width())


def test_the_sink_column_scrolls_and_keeps_its_width(qtbot, main_window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "inside", (1024, 640))
    panel.sel.set_trace(make_trace(text=LONG, n_layer=2, m=16))
    panel.views.setCurrentWidget(panel.sink)
    settle(40)
    scroll = panel.sink.findChild(VerticalScroll)
    column = scroll.widget()
    assert panel.sink.minimumSizeHint().height() < column.minimumSizeHint().height()
    assert scroll.minimumSizeHint().height() == LEAST_HEIGHT
    # never cut at the side: the column is at least its least width, whole in the viewport
    assert column.width() >= column.minimumSizeHint().width()
    assert column.width() <= scroll.viewport().width()
    experiment = panel.sink.experiment
    for button in (experiment.run_button, experiment.stop_button):
        right = button.mapTo(scroll.viewport(), button.rect().topRight()).x()
        assert right <= scroll.viewport().width()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700), (1366, 768)])
def test_the_three_gate_plane_maps_are_equal_squares(qtbot, main_window, size) -> None:  # noqa: ANN001
    plane = show_tab_at(qtbot, main_window, "gate-plane", size)
    boxes = [plane.maps.views[k].vb for k in plane.maps._shown]
    widths = [b.width() for b in boxes]
    assert len(boxes) == 3 and max(widths) - min(widths) <= 1, widths
    for box in boxes:
        assert abs(box.width() - box.height()) <= 2, (box.width(), box.height())


def test_a_short_window_scrolls_the_traced_page(qtbot, main_window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "inside", (1024, 640))
    panel.sel.set_trace(make_trace(text=LONG, n_layer=2, m=16))
    main_window.resize(1024, 545)
    settle(40)
    page = panel.pages.currentWidget()
    assert isinstance(page, VerticalScroll) and main_window.height() == 545
    bar = page.verticalScrollBar()
    assert bar.isVisible() and bar.maximum() > 0  # the views below are reached by scrolling
    bar.setValue(bar.maximum())
    settle()
    views = panel.views.mapTo(page.viewport(), panel.views.rect().bottomLeft())
    assert views.y() <= page.viewport().height()  # the views' bottom edge is in sight


@pytest.mark.parametrize("tab", ["activations", "gate-plane", "budget", "trainer", "inside",
                                 "forward-pass"])
def test_a_shown_card_is_never_cut(qtbot, main_window, tab: str) -> None:  # noqa: ANN001
    """At 911 px (a 1366 px screen at 1.5×) the Inside and trainer tabs showed their "Try
    this" card 100 px wide, cut at the right: the room was judged before the panel's least
    width settled. A card shows only with CARD_LEAST px, at every width."""
    from gatelab.ui.lesson_room import CARD_LEAST

    for width in (911, 1000, 1100, 1366):
        show_tab_at(qtbot, main_window, tab, (width, 600))
        settle(20)
        card = main_window._cards[tab]
        assert not card.isVisible() or card.width() >= CARD_LEAST, (width, card.width())
    assert main_window._cards[tab].isVisible()  # (at 1366 px every card has room)


def test_f2_says_when_the_card_has_no_room(qtbot, main_window) -> None:  # noqa: ANN001
    """Re-walk s19: at 1.5× (911 px) F2 showed nothing and said nothing."""
    from gatelab.ui.lesson_room import CARD_LEAST

    show_tab_at(qtbot, main_window, "inside", (911, 600))
    room = main_window._rooms["inside"]
    assert room.lacks() == CARD_LEAST - room.room() > 0
    main_window.set_lessons_visible(False)
    main_window.set_lessons_visible(True)
    said = main_window.status.currentMessage()
    assert said == ("No room for the “Try this” card beside this tab: widen the window by "
                    f"{room.lacks()} px.")
    assert not main_window._cards["inside"].isVisible()
    main_window.set_lessons_visible(False)
    show_tab_at(qtbot, main_window, "inside", (1366, 700))
    main_window.status.clearMessage()
    main_window.set_lessons_visible(True)
    assert main_window.status.currentMessage() == "" and main_window._cards["inside"].isVisible()


def test_the_traced_page_never_scrolls_sideways(qtbot, main_window) -> None:  # noqa: ANN001
    """Re-walk s20 I: at 1024 px with the "Try this" card, the traced page (its least width the
    sink view's, one row of experiment controls) scrolled sideways once it scrolled down, and
    the sideways bar hid the MLP view's last line."""
    panel = show_tab_at(qtbot, main_window, "inside", (1024, 740))
    panel.sel.set_trace(make_trace(text="I flew from Paris to Tokyo last week", n_layer=2, m=176))
    settle(40)
    page = panel.pages.widget(1)
    assert main_window._cards["inside"].isVisible()
    for i in range(panel.views.count()):
        panel.views.setCurrentIndex(i)
        settle(10)
        assert not page.horizontalScrollBar().isVisible(), panel.views.tabText(i)
        assert page.widget().width() <= page.viewport().width()
        assert page.widget().width() >= page.widget().minimumSizeHint().width()
