"""The "Try this" card wraps to the width it gets, on every tab, at projector sizes (walkthrough
s14 F1: "0 of 3 answered correctly", one line, set the card's minimum width, and a narrower card
cut every line on its right; the Inside tab's live-run line widened its source row)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget

from gatelab.ui.inside_source import SourceBar
from gatelab.ui.lesson_card import LessonCard
from tests.ui.conftest import settle

LIVE = ("run-20261202-152023-5849 · SwiGLU · 2L d128 m352 4h · training, step 125 of 200 · "
        "val loss 2.0446")


@pytest.mark.parametrize("width", [980, 1024])
def test_the_card_wraps_on_every_tab(main_window, width: int) -> None:  # noqa: ANN001
    main_window.resize(width, 720)
    for index in range(main_window.tabs.count()):
        main_window.tabs.setCurrentIndex(index)
        settle()
        card = next(c for c in main_window.findChildren(LessonCard) if c.isVisible())
        room = card._scroll.viewport().width()
        body = card._scroll.widget()
        assert room >= 120, (index, room)  # readable, not a strip
        assert body.width() <= room, (index, body.width(), room)  # nothing cut on the right
        for child in body.findChildren(QWidget):
            if child.isVisible():  # every line ends inside the card
                right = child.mapTo(body, child.rect().topRight()).x()
                assert right <= room, (index, type(child).__name__, right, room)


def test_the_live_line_does_not_widen_the_source_row(qtbot) -> None:  # noqa: ANN001
    bar = SourceBar()
    qtbot.addWidget(bar)
    bar.show()
    before = bar.minimumSizeHint().width()
    bar.set_live_info(LIVE)
    settle()
    assert bar.minimumSizeHint().width() == before  # was + 63 px, taken from the card
    assert bar.live_label.text() == LIVE and bar.live_label.toolTip() == LIVE
