"""The Inside tab's tables pick with the arrow keys, as with a click (walkthrough s15 F2).

Why: Down in "Most selective neurons" or in the attention-sink table moved the highlight while
the picked neuron (or layer) stayed: the table disagreed with the header, the shading and the
heat map's frame, and a keyboard-only learner could not pick from the tables at all. A refill of
a table (a new trace) still picks nothing by itself."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import show_panel

from .inside_synth import make_trace


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    p.sel.set_trace(make_trace(n_layer=4))
    yield p
    p.shutdown()


def _focus(qtbot, panel: InsidePanel, view, table) -> None:  # noqa: ANN001
    panel.views.setCurrentWidget(view)
    qtbot.wait(30)
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=2000)


def test_down_in_the_neuron_ranking_picks_that_neuron(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    table = panel.rankings.selective
    _focus(qtbot, panel, panel.explorer, table)
    first = int(table.item(0, 0).data(Qt.ItemDataRole.UserRole))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.visualItemRect(table.item(0, 1)).center())
    assert panel.sel.neuron == first
    for row in (1, 2):
        qtbot.keyClick(table, Qt.Key.Key_Down)
        want = int(table.item(row, 0).data(Qt.ItemDataRole.UserRole))
        assert table.currentRow() == row and panel.sel.neuron == want
        assert panel.shaded.title.text().startswith(f"<b>Neuron L{panel.sel.layer} #{want}</b>")
    qtbot.keyClick(table, Qt.Key.Key_Up)
    assert panel.sel.neuron == int(table.item(1, 0).data(Qt.ItemDataRole.UserRole))


def test_down_in_the_sink_table_picks_that_layer(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    view = panel.sink
    _focus(qtbot, panel, view, view.table)
    assert panel.sel.layer == 0
    view.table.setCurrentCell(0, 0)
    for layer in (1, 2, 3):
        qtbot.keyClick(view.table, Qt.Key.Key_Down)
        assert panel.sel.layer == layer == view.table.currentRow()
        rect = view.picked.rect()  # the heat map frames the same layer
        assert (rect.top(), rect.bottom()) == (layer - 0.5, layer + 0.5)


def test_a_new_trace_refilling_a_focused_table_picks_nothing(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    table = panel.rankings.selective
    _focus(qtbot, panel, panel.explorer, table)
    panel.sel.set_neuron(5)
    table.setCurrentCell(3, 0)  # (this moves the pick: the table has the focus)
    picked = panel.sel.neuron
    other = dataclasses.replace(make_trace(n_layer=4, text="another text altogether"))
    panel.sel.set_trace(other)  # the rankings are filled again under the current cell
    assert panel.sel.neuron == min(picked, other.layers[0].h.shape[1] - 1)
