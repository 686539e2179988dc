"""Defects a teacher's walkthrough of every lesson found (session 9):
- a quiz explanation lost everything after "<" ("0 for every z" and then nothing): the
  explanation is rich text (a bold verdict) and "< 0, so …" read as a tag;
- the verdict came twice ("Right. Right. …", "答对了。 正确。…") on four tabs;
- "Now look: …" vanished when the card itself was scrolled to its end (the wheel passes on to
  the tab), and stayed, stale, after the user changed things on another tab;
- the strings step on a run without quote marks picked a meaningless span, and the unknown-
  character warning listed '"' twice."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QTextDocument, QWheelEvent
from PySide6.QtWidgets import QApplication, QPushButton

from gatelab.ui.inside_lesson import STRING_TEXT, pick_string_neuron
from gatelab.ui.inside_panel import InsidePanel
from gatelab.ui.language import current_language

from .conftest import settle, show_panel, show_tab_at
from .inside_synth import make_trace

TABS = ("activations", "gate-plane", "budget", "trainer", "inside", "forward-pass")
VERDICTS = ("Right", "No.", "No:", "Not quite", "Wrong", "Correct", "正确", "答对", "不对", "不是",
            "对。", "错")


def _card(qtbot, window, name: str, size: tuple[int, int] = (1280, 800)):  # noqa: ANN001, ANN202
    show_tab_at(qtbot, window, name, size)
    card = window.lesson_card(name)
    if not card.isVisible():
        window.lessons_button.click()
    qtbot.waitUntil(card.isVisible)
    settle()
    return card


def _plain(rich: str) -> str:
    doc = QTextDocument()
    doc.setHtml(rich)
    return doc.toPlainText().replace("\u2060", "")  # (the word joiner in "8d/3" is not seen)


def test_every_explanation_shows_whole_after_one_verdict(qtbot, main_window) -> None:  # noqa: ANN001
    window = main_window
    seen_lt = 0
    for lang in ("en", "zh_CN"):
        if lang != "en":
            window.switch_language(lang)
            assert current_language() == lang
        try:
            for name in TABS:
                card = _card(qtbot, window, name)
                for q in card.lesson.questions:
                    for choice, explanation in enumerate(q.explanations):
                        card.answer(q.key, choice)
                        shown = _plain(card._explain[q.key].text())
                        verdict = card.tr("Right.") if choice == q.answer else card.tr("Not quite.")
                        assert shown == f"{verdict} {explanation}", (name, q.key, choice)
                        assert not explanation.startswith(VERDICTS), (name, q.key, choice)
                        seen_lt += "<" in explanation
        finally:
            window.switch_language("en")
    assert seen_lt >= 4  # the texts that lost their ends do hold a "<" (and show it now)


def test_a_step_sentence_with_a_less_than_sign_shows_whole(qtbot, main_window) -> None:  # noqa: ANN001
    card = _card(qtbot, main_window, "activations")
    q = next(q for q in card.lesson.questions if q.key == "relu-silu-gradient")
    card.answer(q.key, q.answer)
    assert "for every z < 0, so no gradient" in _plain(card._explain[q.key].text())
    from gatelab.ui.lesson_card import plain_label

    assert plain_label("a <b>x</b> < 0").text() == "a <b>x</b> < 0"
    assert plain_label("a <b>x</b> < 0").textFormat() == Qt.TextFormat.PlainText


def _wheel(widget, dy: int) -> None:  # noqa: ANN001
    pos = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(pos, QPointF(widget.mapToGlobal(pos.toPoint())), QPoint(0, 0),
                        QPoint(0, dy), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_now_look_stays_while_the_card_is_scrolled_or_keyed(qtbot, main_window) -> None:  # noqa: ANN001
    window = main_window
    card = _card(qtbot, window, "gate-plane", (1024, 600))  # the card scrolls
    step = card.findChild(QPushButton, "lesson-step-0")
    qtbot.mouseClick(step, Qt.MouseButton.LeftButton)
    assert card.look_text().startswith("Now look: ")
    bar = card._scroll.verticalScrollBar()
    assert bar.maximum() > 0
    _wheel(card._scroll.viewport(), -120)
    assert bar.value() > 0  # the wheel does scroll the card
    bar.setValue(bar.maximum())
    for _ in range(3):  # past the end: these wheel events pass on to the tab
        _wheel(card._scroll.viewport(), -120)
    assert bar.value() == bar.maximum()
    assert card.look_text().startswith("Now look: ")
    step.setFocus()
    qtbot.keyClick(step, Qt.Key.Key_A)  # a key the button ignores goes on to its parents
    assert card.look_text().startswith("Now look: ")
    panel = window.show_tab("gate-plane")
    _wheel(panel.maps, -120)  # on the tab itself: it goes
    assert card.look_text() == ""


def test_now_look_goes_when_the_user_leaves_the_tab(qtbot, main_window) -> None:  # noqa: ANN001
    """The forward map follows the Inside tab's run: "Now look: The caption names the Live
    trainer's form…" stayed after the user picked a run there."""
    window = main_window
    card = _card(qtbot, window, "forward-pass")
    qtbot.mouseClick(card.findChild(QPushButton, "lesson-step-0"), Qt.MouseButton.LeftButton)
    assert card.look_text().startswith("Now look: ")
    window.show_tab("inside")
    assert card.look_text() == "" and not card._filtering
    window.show_tab("forward-pass")
    assert card.look_text() == ""


@pytest.fixture
def inside(qtbot):  # noqa: ANN001, ANN201
    p = show_panel(qtbot, InsidePanel())
    yield p
    p.shutdown()


def test_the_strings_step_says_when_the_model_cannot_read_quotes(inside: InsidePanel) -> None:
    quotes = tuple(i for i, c in enumerate(STRING_TEXT) if c == '"')
    assert len(quotes) == 2
    trace = dataclasses.replace(make_trace(text=STRING_TEXT), unknown=quotes, unknown_as=" ")
    inside.after_trace = lambda: pick_string_neuron(inside)
    inside._show_trace(trace)
    text = inside.source.message_text()
    assert "1 character ('\"') is not in this run's vocabulary" in text  # once, not twice
    assert "no quote marks" in text and "Python corpus" in text
    assert inside.sel.span == (0, 0)  # nothing meaningless picked
    inside.sel.set_trace(make_trace(text=STRING_TEXT, plant=(2, 9, 8, 24)))
    assert pick_string_neuron(inside) is None  # with the quotes known: picked, nothing said
    assert (inside.sel.layer, inside.sel.neuron) == (2, 9)


def test_the_strings_step_says_so_for_a_model_whose_unk_stands_for_the_quotes(
        inside: InsidePanel) -> None:
    """A Hugging Face model reads an unknown quote mark as its <unk> token: the token text
    holds no quote, the characters it stands for (``unknown_chars``) do."""
    quotes = tuple(i for i, c in enumerate(STRING_TEXT) if c == '"')
    tokens = tuple("<unk>" if i in quotes else c for i, c in enumerate(STRING_TEXT))
    trace = dataclasses.replace(make_trace(text=STRING_TEXT), tokens=tokens, unknown=quotes,
                                unknown_as="<unk>", unknown_chars=('"',), source_kind="hf")
    inside.after_trace = lambda: pick_string_neuron(inside)
    inside._show_trace(trace)
    assert "no quote marks" in inside.source.message_text()
    # one is open already: another one (walkthrough s17 #3 read "or open a Hugging Face model")
    assert "open another Hugging Face model (one whose vocabulary has them)" in \
        inside.source.message_text()
    assert inside.sel.span == (0, 0)  # nothing meaningless picked
