"""P16 (s12 walkthrough): the card's result line lost its margins (drawn flush with the card's left
frame) after a click on the tab had cleared it. Qt's style-sheet repolish resets a widget's
contents margins to 0 when its contents rect is empty, and a cleared result label is squeezed to
~0 px high under the scroll area; the next step's setStyleSheet then dropped the 8 px margins
for the rest of the session."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from gatelab.ui.lesson_card import LessonCard
from gatelab.ui.lesson_types import Lesson, TryStep
from tests.ui.conftest import settle


def _lesson() -> Lesson:
    # each answers with something to do first: that is what the card's own line shows (a
    # step's "Now look:" is marked on its sentence in the list since session 17)
    steps = tuple(TryStep(f"Step {i}", "a sentence long enough to wrap over two lines or more",
                          lambda i=i: f"Train a run first ({i})") for i in range(8))
    return Lesson(steps=steps)


def test_the_result_keeps_its_margins_after_a_click_cleared_it(qtbot, tmp_path) -> None:  # noqa: ANN001
    card = LessonCard("test", _lesson, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(card)
    card.resize(240, 400)
    card.show()
    qtbot.waitExposed(card)
    steps = card.lesson.steps
    card.run_step(steps[0])
    settle()
    before = card.result.contentsRect().left()
    assert before == 8
    card._clear_result()  # what a click on the tab does (eventFilter)
    settle()  # the empty line is squeezed under the scroll area
    card.run_step(steps[1])
    settle()
    assert card.result.text() == "Train a run first (1)"
    assert card.result.contentsRect().left() == before  # not flush with the frame
