"""The Inside tab's shaded text by keyboard (session 18): a span could be chosen only with a
mouse drag. ←/→ pick the next token, Shift stretches the span from its other end as a drag
does, Home/End jump, Esc drops the span; the strip is one Tab stop and shows its focus."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import show_panel

from .inside_synth import make_trace

PLANT = (1, 5, 3, 8)  # layer 1, neuron 5 fires on tokens [3, 8): "Paris"-like
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    p.sel.set_trace(make_trace(plant=PLANT))
    p.sel.set_layer(1)
    p.views.setCurrentWidget(p.explorer)
    yield p
    p.shutdown()


def _keys(strip, *keys) -> None:  # noqa: ANN001
    for key in keys:
        key, mods = key if isinstance(key, tuple) else (key, Qt.KeyboardModifier.NoModifier)
        QTest.keyClick(strip, key, mods)


def test_shift_arrows_select_the_span_a_drag_would(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    strip = panel.shaded.strip
    strip.setFocus()
    qtbot.waitUntil(strip.hasFocus, timeout=2000)
    panel.sel.set_token(PLANT[2])
    _keys(strip, *[(Qt.Key.Key_Right, SHIFT)] * (PLANT[3] - 1 - PLANT[2]))
    assert panel.sel.span == (PLANT[2], PLANT[3]) and panel.sel.token == PLANT[3] - 1
    assert panel.rankings.span_ranking()[0][0] == PLANT[1]  # the planted neuron, as by drag
    assert panel.rankings.span_table.item(0, 0).text() == f"#{PLANT[1]}"
    _keys(strip, (Qt.Key.Key_Left, SHIFT))  # the moving end comes back one token
    assert panel.sel.span == (PLANT[2], PLANT[3] - 1)
    panel.sel.set_token(PLANT[2])  # at the span's start: Shift+← stretches it leftwards
    _keys(strip, (Qt.Key.Key_Left, SHIFT))
    assert panel.sel.span == (PLANT[2] - 1, PLANT[3] - 1)
    _keys(strip, Qt.Key.Key_Escape)
    assert panel.sel.span == (0, 0) and panel.sel.token == PLANT[2] - 1


def test_arrows_home_and_end_pick_tokens(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    strip, n = panel.shaded.strip, panel.sel.n_tokens()
    strip.setFocus()
    panel.sel.set_token(2)
    _keys(strip, Qt.Key.Key_Right, Qt.Key.Key_Right)
    assert panel.sel.token == 4 and panel.pickers.token.value() == 4
    _keys(strip, Qt.Key.Key_End)
    assert panel.sel.token == n - 1
    _keys(strip, Qt.Key.Key_Right)  # stays at the end
    assert panel.sel.token == n - 1
    _keys(strip, Qt.Key.Key_Home, Qt.Key.Key_Left)
    assert panel.sel.token == 0 and panel.sel.span == (0, 0)
    _keys(strip, (Qt.Key.Key_End, SHIFT))  # the whole text is no span (nothing to compare)
    assert panel.sel.span == (0, 0) and panel.sel.token == n - 1


def test_the_strip_is_one_tab_stop_and_draws_its_focus(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    strip, scroll = panel.shaded.strip, panel.shaded.scroll
    assert strip.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert scroll.focusPolicy() == Qt.FocusPolicy.NoFocus
    panel.sel.set_token(4)
    rect = strip.token_rect(4)
    highlight = strip.palette().color(QPalette.ColorRole.Highlight)

    def look() -> tuple[str, int]:  # the picked token's outline, the frame's dots on the left
        image = strip.grab().toImage()
        dots = sum(image.pixelColor(0, y).name() == highlight.name()
                   for y in range(image.height()))
        return image.pixelColor(rect.left() - 1, rect.center().y()).name(), dots

    assert look() == ("#111111", 0)
    strip.setFocus()
    qtbot.waitUntil(strip.hasFocus, timeout=2000)
    outline, dots = look()
    assert outline == highlight.name() and dots > strip.height() // 2  # a solid frame


def _underlined(strip, i: int) -> bool:  # noqa: ANN001
    """Token ``i`` drawn with the span's orange underline (2 px under its box)."""
    rect = strip.token_rect(i)
    return strip.grab().toImage().pixelColor(rect.center().x(), rect.bottom() + 2).name() == "#e6a100"


def test_the_same_text_traced_again_keeps_its_span_drawn(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    """Walkthrough s18 D1: Analyse again on the same text kept the span (the ranking used it)
    but the strip, drawn anew, lost its underline."""
    strip = panel.shaded.strip
    panel.sel.set_span(PLANT[2], PLANT[3])
    assert _underlined(strip, PLANT[2]) and not _underlined(strip, PLANT[3])
    panel.sel.set_trace(make_trace(plant=PLANT, seed=1))  # the same tokens, other numbers
    assert panel.sel.span == (PLANT[2], PLANT[3])
    assert all(_underlined(strip, i) for i in range(*PLANT[2:]))
    assert not _underlined(strip, PLANT[2] - 1)
    panel.sel.set_trace(make_trace(text="another text", plant=None))  # another text: no span
    assert panel.sel.span == (0, 0) and not any(_underlined(strip, i) for i in range(5))


def test_tabbing_onto_a_ranking_picks_no_neuron(qtbot) -> None:  # noqa: ANN001
    """Keyboard walkthrough s18 D6: after Analyse, Tab from the shaded text's Export… onto
    "Most selective neurons" changed the picked neuron from #0 to the first row's (Qt made the
    first row current, and a focused table's current row is a pick). Tab moves the focus
    only; ↓ then picks as before."""
    panel = show_panel(qtbot, InsidePanel())
    try:
        panel.sel.set_trace(make_trace(m=80, plant=PLANT))  # m > the 50 rows a ranking lists
        panel.views.setCurrentWidget(panel.explorer)
        table = panel.rankings.selective
        listed = [int(table.item(r, 0).data(Qt.ItemDataRole.UserRole))
                  for r in range(table.rowCount())]
        assert panel.sel.neuron == 0 and 0 not in listed  # #0 is picked, but not ranked here
        assert not table.currentIndex().isValid()
        button = panel.shaded.export_button
        button.setFocus()
        qtbot.waitUntil(button.hasFocus, timeout=2000)
        for _ in range(8):  # Tab on to the table (past whatever lies between)
            if table.hasFocus():
                break
            QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        assert table.hasFocus()
        assert panel.sel.neuron == 0 and table.selectedItems() == []  # nothing picked
        assert table.currentRow() == 0  # the focus is on the first row, unselected
        QTest.keyClick(table, Qt.Key.Key_Down)  # the keys still pick
        assert panel.sel.neuron == listed[1]
    finally:
        panel.shutdown()
