"""The card's "Now look: …" line describes what a step set up, so it goes once the user acts on
the tab (it read "ReLU is 0 …" with the probe at z = 3), and a language switch shows it again in
the new language (it vanished)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QPushButton

from gatelab.ui.language import current_language


def test_now_look_goes_when_the_user_acts_and_follows_the_language(qtbot, main_window) -> None:  # noqa: ANN001
    window = main_window
    panel = window.show_tab("activations")
    card = window.lesson_card("activations")
    if not card.isVisible():
        window.lessons_button.click()
    qtbot.waitUntil(card.isVisible)
    step = card.findChild(QPushButton, "lesson-step-0")
    qtbot.mouseClick(step, Qt.MouseButton.LeftButton)
    first = card.look_text()
    assert first.startswith("Now look: ") and first.endswith(card.lesson.steps[0].expect)

    window.switch_language("zh_CN")
    try:
        assert current_language() == "zh_CN"
        chinese = card.look_text()
        assert chinese and chinese != first and card.lesson.steps[0].expect in chinese
        assert "Now look" not in chinese
    finally:
        window.switch_language("en")
    assert card.look_text() == first

    qtbot.mouseClick(card.findChild(QPushButton, "lesson-step-1"), Qt.MouseButton.LeftButton)
    assert card.look_text().startswith("Now look: ")  # a click in the card keeps it
    qtbot.mouseClick(panel.z_spin, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert card.look_text() == ""  # a click on the tab: what the step set up may change now
    step = card.findChild(QPushButton, "lesson-step-0")  # rebuilt by the language switch
    qtbot.mouseClick(step, Qt.MouseButton.LeftButton)
    assert card.look_text() == first
    qtbot.keyClick(panel.z_spin, Qt.Key.Key_Up)
    assert card.look_text() == ""
    qtbot.keyClick(panel.z_spin, Qt.Key.Key_Up)  # no filter left behind: nothing to clear
    assert card._filtering is False


def test_a_bad_state_file_is_named_once_in_words_that_translate(qtbot, main_window,  # noqa: ANN001
                                                                 tmp_path) -> None:  # noqa: ANN001
    """An empty file said "(Expecting value: line 1 column 1 (char 0))", in English inside the
    Chinese message; a huge one named the file twice ("Could not open huge.gatelab: /…/huge.gatelab:
    larger than …")."""
    window = main_window
    empty, broken, huge = tmp_path / "e.gatelab", tmp_path / "b.gatelab", tmp_path / "huge.gatelab"
    empty.write_text("")
    broken.write_text('{"format": "gatelab-state",\n "version": }')
    huge.write_bytes(b" " * (2 << 20))
    expected = {empty: "Could not open e.gatelab: not a gatelab state: the file is empty",
                broken: "Could not open b.gatelab: not a gatelab state: not valid JSON (line 2, "
                        "column 13)",
                huge: "Could not open huge.gatelab: larger than the 1.0 MB limit"}
    for path, text in expected.items():
        window.last_state_problem = ""
        window.open_state_from(str(path))
        qtbot.waitUntil(lambda: window.last_state_problem != "", timeout=5000)
        assert window.last_state_problem == text
    window.switch_language("zh_CN")
    try:
        window.last_state_problem = ""
        window.open_state_from(str(empty))
        qtbot.waitUntil(lambda: window.last_state_problem != "", timeout=5000)
        assert "e.gatelab" in window.last_state_problem
        assert not any(w in window.last_state_problem for w in ("empty", "state", "Could"))
    finally:
        window.switch_language("en")


def test_a_hidden_card_does_not_watch_the_application(qtbot, main_window) -> None:  # noqa: ANN001
    """Every event passes through a watching card's filter (Python): a card on another tab, or
    in a closed window, must not keep watching (the suite slowed by minutes from left-over ones)."""
    window = main_window
    window.show_tab("activations")
    card = window.lesson_card("activations")
    if not card.isVisible():
        window.lessons_button.click()
    qtbot.waitUntil(card.isVisible)
    qtbot.mouseClick(card.findChild(QPushButton, "lesson-step-0"), Qt.MouseButton.LeftButton)
    assert card._filtering and card.look_text().startswith("Now look: ")
    window.show_tab("budget")  # the line goes with the tab (what it describes may change)
    assert not card._filtering and card.look_text() == ""
    window.show_tab("activations")
    assert not card._filtering
    qtbot.mouseClick(card.findChild(QPushButton, "lesson-step-0"), Qt.MouseButton.LeftButton)
    assert card._filtering
    window.close()
    assert not card._filtering
