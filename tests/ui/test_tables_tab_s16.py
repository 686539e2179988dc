"""Tab leaves every table in one press (walkthrough s16): the Inside tab's sink table and
rankings, and the trainer's runs table, walked Tab cell by cell and wrapped round for ever, and
each row Tab reached picked a new layer or neuron; nothing after them could be reached. And a
new ranking starts from its top."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication

from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import settle
from tests.ui.test_inside_panel import analyse, panel, tiny_run  # noqa: F401 (fixtures)


def test_every_table_of_every_tab_is_one_tab_stop(qtbot, main_window) -> None:  # noqa: ANN001
    for name in ("activations", "gate-plane", "budget", "trainer", "inside", "forward-pass"):
        main_window.show_tab(name)
    views = [v for v in main_window.findChildren(QAbstractItemView)
             if v.focusPolicy() & Qt.FocusPolicy.TabFocus and v.objectName() != "frozen-column"
             and not type(v).__name__.startswith("QComboBox")]
    tables = [v for v in views if type(v).__name__ in ("QTableWidget", "FrozenColumnView")]
    assert len(tables) >= 7  # sink, two rankings, sink experiment, runs, experiment, budget…
    assert [f"{type(v).__name__} in {type(v.parent()).__name__}" for v in views
            if v.tabKeyNavigation()] == []


def _tab_from(qtbot, widget) -> object:  # noqa: ANN001
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=2000)
    qtbot.keyClick(widget, Qt.Key.Key_Tab)
    settle(3)
    return QApplication.focusWidget()


def test_tab_leaves_the_rankings_and_sink_table_and_picks_nothing(
        qtbot, panel: InsidePanel, tiny_run: Path) -> None:  # noqa: ANN001,F811
    panel.window().activateWindow()
    analyse(qtbot, panel, "run", str(tiny_run))
    sel = panel.sel
    rankings = panel.rankings.selective
    assert rankings.rowCount() > 5
    picked = (sel.layer, sel.neuron)
    rankings.setCurrentCell(0, 0)
    picked = (sel.layer, sel.neuron)
    assert _tab_from(qtbot, rankings) is not rankings
    assert (sel.layer, sel.neuron) == picked
    panel.views.setCurrentWidget(panel.sink)
    settle(3)
    table = panel.sink.table
    assert table.rowCount() >= 2
    table.setCurrentCell(0, 0)
    layer = sel.layer
    assert _tab_from(qtbot, table) is not table and sel.layer == layer


def test_a_new_ranking_starts_at_its_top(qtbot, panel: InsidePanel, tiny_run: Path) -> None:  # noqa: ANN001,F811
    """A refill scrolls to the top, then to the picked neuron only if it is not in view: the
    new ranking kept the old one's offset, its top rows hidden above (walkthrough s16)."""
    analyse(qtbot, panel, "run", str(tiny_run))
    sel, rankings = panel.sel, panel.rankings.selective
    rankings.setFixedHeight(220)  # a few rows in view, many below
    settle(3)
    here, there = sel.layer, (sel.layer + 1) % len(sel.trace.layers)
    sel.set_neuron(sel.neuron, layer=there)
    fourth = int(rankings.item(3, 0).data(Qt.ItemDataRole.UserRole))  # in view from the top
    sel.set_neuron(sel.neuron, layer=here)
    assert rankings.rowCount() > 20
    bar = rankings.verticalScrollBar()
    bar.setValue(bar.maximum())
    assert bar.value() > 3
    sel.set_neuron(fourth, layer=there)  # a new ranking, its picked row near the top
    settle(3)
    assert rankings.currentRow() == 3 and bar.value() == 0
