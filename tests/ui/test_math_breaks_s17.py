"""Walkthrough s16 #3: Qt broke "(∂h/∂g = −2.0826)" after the slash ("(∂h/" over "∂g = …") in
the gate plane's sentence and in the lesson card, and left the legend's "●" at a line's end with
"your point" on the next. Checked on the lines Qt lays the shown text out in, at every width."""

from __future__ import annotations

from PySide6.QtGui import QFont, QTextDocument, QTextLayout
from PySide6.QtWidgets import QLabel

from gatelab.ui.elide import WORD_JOINER, keep_math
from gatelab.ui.gate_plane_legend import legend_html
from gatelab.ui.gate_plane_panel import GatePlanePanel
from gatelab.ui.lesson_card import LessonCard


def _lines(text: str, font: QFont, width: int) -> list[str]:
    """``text`` broken into lines ``width`` px wide, as a word-wrapping QLabel breaks it."""
    layout = QTextLayout(text, font)
    layout.beginLayout()
    out = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        out.append(text[line.textStart():line.textStart() + line.textLength()])
    layout.endLayout()
    return out


def _no_line_ends_at_a_slash(text: str, font: QFont) -> int:
    """How many widths were tried (each with more than one line)."""
    tried = 0
    for width in range(60, 700, 3):
        lines = _lines(text, font, width)
        tried += len(lines) > 1
        assert not any(line.rstrip(" " + WORD_JOINER).endswith("/") for line in lines[:-1]), \
            (width, lines)
    return tried


def test_keep_math_leaves_the_text_as_read() -> None:
    assert keep_math("(∂h/∂g = u/2)").replace(WORD_JOINER, "") == "(∂h/∂g = u/2)"
    assert keep_math("a / b and x/ y") == "a / b and x/ y"  # no term: breaks stay
    joined = keep_math("‖MLP 输出‖ / ‖层输出‖")
    assert joined == f"‖{WORD_JOINER}MLP 输出{WORD_JOINER}‖ / ‖{WORD_JOINER}层输出{WORD_JOINER}‖"


def test_a_norm_keeps_its_closing_bar_in_chinese(qtbot) -> None:  # noqa: ANN001
    """The zh Inside lesson broke "‖层输出" from its "‖" at the card's width."""
    text = "读数显示该层在此 token 处的 ‖MLP 输出‖ / ‖层输出‖。把它记下来。"
    font = QLabel().font()
    for width in range(40, 400, 2):
        for line in _lines(keep_math(text), font, width)[1:]:
            assert not line.lstrip(WORD_JOINER).startswith(("‖。", "‖ ")), (width, line)
    assert any(line.startswith("‖。") for width in range(40, 400, 2)
               for line in _lines(text, font, width)[1:])  # as it broke before


def test_the_gate_plane_sentence_never_breaks_inside_dh_dg(qtbot) -> None:  # noqa: ANN001
    panel = GatePlanePanel()
    qtbot.addWidget(panel)
    panel.set_point(1.5, -2.0)
    shown = panel.meaning_label.text()
    assert "∂h/" + WORD_JOINER + "∂g" in shown and "−2.0826" in shown
    assert _no_line_ends_at_a_slash(shown, panel.meaning_label.font()) > 20
    # before: Qt broke after the slash at some widths
    plain = shown.replace(WORD_JOINER, "")
    assert any(line.endswith("/") for w in range(60, 700, 3)
               for line in _lines(plain, panel.meaning_label.font(), w)[:-1])


def test_the_lesson_cards_sentences_never_break_inside_a_term(qtbot, settings) -> None:  # noqa: ANN001
    panel = GatePlanePanel()
    qtbot.addWidget(panel)
    card = LessonCard("gate-plane", panel.lesson, settings)
    qtbot.addWidget(card)
    labels = [w for w in card.findChildren(QLabel) if "/" in w.text() and "∂" in w.text()]
    assert labels  # the steps that quote ∂h/∂g
    for label in labels:
        assert _no_line_ends_at_a_slash(label.text(), label.font()) > 0


def test_the_legend_keeps_each_symbol_with_its_words(qtbot) -> None:  # noqa: ANN001
    doc = QTextDocument()
    doc.setHtml(legend_html("run run-20261203-001500-95a4"))
    for width in range(80, 900, 7):
        doc.setTextWidth(width)
        doc.size()  # laid out now (the lines are empty until something asks)
        lines = []
        block = doc.begin()
        while block.isValid():
            layout, text = block.layout(), block.text()
            lines += [text[layout.lineAt(i).textStart():layout.lineAt(i).textStart()
                           + layout.lineAt(i).textLength()] for i in range(layout.lineCount())]
            block = block.next()
        assert len(lines) > 1 or width > 600
        assert not any(line.rstrip().endswith(("●", "•", "━━")) for line in lines), (width, lines)
