"""A quiz choice shows the keyboard focus (session 18): the radios have no text of their own,
so the style's focus ring (drawn around a radio's text) was all but invisible, and arrowing
through the choices gave no sign of where the focus was. The choice's label draws it."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QRadioButton

from gatelab.ui.lesson_card import LessonCard, Lesson, Question
from gatelab.ui.lesson_widgets import ClickLabel

QUESTION = Question("q", "Is ⊙ a matrix product?", ("Yes", "No: elementwise, per neuron"), 1,
                    ("No, it is elementwise.", "Right: per neuron."))


def _dots(label: ClickLabel) -> int:
    """The highlight-coloured pixels on the label's left edge (its dotted frame)."""
    image = label.grab().toImage()
    colour = label.palette().color(QPalette.ColorRole.Highlight).name()
    return sum(image.pixelColor(0, y).name() == colour for y in range(image.height()))


def test_the_focused_choice_is_framed_and_the_frame_follows_the_arrows(
        qtbot, settings: QSettings) -> None:  # noqa: ANN001
    card = LessonCard("t", lambda: Lesson(questions=(QUESTION,)), settings)
    qtbot.addWidget(card)
    card.resize(280, 500)
    card.show()
    qtbot.waitExposed(card)
    radios = [card.findChild(QRadioButton, f"lesson-q-q-{c}") for c in range(2)]
    labels = [label for label in card.findChildren(ClickLabel)]
    assert [label.text() for label in labels] == list(QUESTION.choices)
    geometry = [label.geometry() for label in labels]
    assert [_dots(label) for label in labels] == [0, 0]
    radios[0].setFocus()
    qtbot.waitUntil(radios[0].hasFocus, timeout=2000)
    first = [_dots(label) for label in labels]
    assert first[0] > labels[0].height() // 4 and first[1] == 0
    QTest.keyClick(radios[0], Qt.Key.Key_Down)  # the next choice: checked, focused, framed
    qtbot.waitUntil(radios[1].hasFocus, timeout=2000)
    second = [_dots(label) for label in labels]
    assert second[0] == 0 and second[1] > labels[1].height() // 4
    assert [label.geometry() for label in labels] == geometry  # drawn: nothing moved
