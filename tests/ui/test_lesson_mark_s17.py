"""Walkthrough s16 #4: "Now look:" repeated the whole step sentence (up to 9 lines) below the
steps; the list shrank under the pointer and the next step's button moved under that line, so the
user's next click hit the line. Now the step's own sentence is marked in place (a green bar and
tint, "Now look: …" as its tooltip): nothing moves, and it is scrolled into view."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QLabel, QPushButton

from gatelab.ui.lesson_card import LessonCard
from gatelab.ui.lesson_types import Lesson, TryStep
from tests.ui.conftest import settle

LONG = ("Look at the row of the third layer: its MLP adds a small correction to the residual "
        "stream, a few per cent of its size, and the first layer's is the largest of all; hover "
        "a bar for the exact ratio and the step it was traced at.")


def _lesson() -> Lesson:
    return Lesson(steps=tuple(TryStep(f"Step {i}", LONG, lambda: None) for i in range(6)))


def _card(qtbot, tmp_path) -> LessonCard:  # noqa: ANN001
    card = LessonCard("test", _lesson, QSettings(str(tmp_path / "s.ini"),
                                                  QSettings.Format.IniFormat))
    qtbot.addWidget(card)
    card.resize(260, 500)
    card.show()
    qtbot.waitExposed(card)
    settle()
    return card


def _tops(card: LessonCard) -> list[int]:
    """Where each step button is drawn, in the card's coordinates."""
    return [b.mapTo(card, QPoint(0, 0)).y() for b in card.findChildren(QPushButton)
            if b.objectName().startswith("lesson-step-")]


def test_a_step_marks_its_sentence_and_moves_nothing(qtbot, tmp_path) -> None:  # noqa: ANN001
    card = _card(qtbot, tmp_path)
    tops, view_height = _tops(card), card._scroll.viewport().height()
    qtbot.mouseClick(card.findChild(QPushButton, "lesson-step-0"), Qt.MouseButton.LeftButton)
    settle()
    assert _tops(card) == tops and card._scroll.viewport().height() == view_height
    label = card.findChild(QLabel, "lesson-expect-0")
    assert card.looking_at() is label and card.look_text() == "Now look: " + LONG
    assert label.toolTip() == card.look_text() and card.result.text() == ""
    # the mark is drawn: the tint behind the sentence, the bar at its left edge
    picture = label.grab().toImage()
    tint = picture.pixelColor(picture.width() - 2, 1)
    bar = picture.pixelColor(1, picture.height() // 2)
    assert (tint.red(), tint.green(), tint.blue()) == (0xE8, 0xF3, 0xEA)
    assert (bar.red(), bar.green(), bar.blue()) == (0x2E, 0x7D, 0x32)
    plain = card.findChild(QLabel, "lesson-expect-1").grab().toImage()
    assert plain.pixelColor(1, plain.height() // 2) != bar  # the others are not marked
    card._clear_result()  # a click on the tab: the mark goes, and still nothing moves
    settle()
    cleared = label.grab().toImage().pixelColor(1, picture.height() // 2)
    assert cleared != bar and card.look_text() == "" and _tops(card) == tops


def test_a_step_below_the_fold_is_scrolled_into_view(qtbot, tmp_path) -> None:  # noqa: ANN001
    card = _card(qtbot, tmp_path)
    last = card.findChild(QPushButton, "lesson-step-5")
    card._scroll.verticalScrollBar().setValue(0)
    card.run_step(card.lesson.steps[5])  # (the keyboard, or the window's Enter, reach it so too)
    settle()
    label = card.looking_at()
    assert label is card.findChild(QLabel, "lesson-expect-5") and last is not None
    shown = label.visibleRegion().boundingRect()
    assert shown.height() == label.height()  # the whole marked sentence is on screen
