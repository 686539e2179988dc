"""Keyboard-only use of the first three tabs (walkthrough s9): where Tab goes, and what it shows.

Found by driving the app with the keyboard alone: Tab walked the budget's comparison table cell
by cell (21 rows × 13 columns before "Copy as Markdown"); scroll areas and plots that do nothing
with keys were Tab stops that showed no focus at all; on the curves tab Tab jumped from "Show
derivatives" to probe z and back up to z min; and the gate-plane maps, which do take the arrow
keys, gave no sign of having the focus. Every walk here presses the real Tab key.
"""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from gatelab.ui.gate_plane_maps import MapsWidget
from tests.ui.conftest import settle, show_tab_at

MAX_TABS = 200  # more than every Tab stop of a tab, its lesson card and the window together


def focus_on(qtbot, widget: QWidget) -> None:  # noqa: ANN001
    widget.activateWindow()
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=2000)


def tab(qtbot) -> QWidget:  # noqa: ANN001
    """Press Tab on the focused widget, as a user does; returns where the focus went."""
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    settle(3)
    return QApplication.focusWidget()


def tab_stops(qtbot, window, name: str) -> list[QWidget]:  # noqa: ANN001
    """Every widget that Tab stops on, from the tab bar once round the window (at most
    MAX_TABS presses: a widget that keeps Tab for itself shows up as one stop)."""
    show_tab_at(qtbot, window, name)
    start = window.tabs.tabBar()
    focus_on(qtbot, start)
    stops: list[QWidget] = []
    for _ in range(MAX_TABS):
        widget = tab(qtbot)
        if widget is start:
            break
        if widget not in stops:
            stops.append(widget)
    return stops


def invisible_stops(stops: list[QWidget]) -> list[str]:
    """The stops that do nothing with keys: scroll-area frames and mouse-only plots."""
    return [f"{type(w).__name__} {w.objectName()!r}" for w in stops
            if isinstance(w, QScrollArea)
            or (isinstance(w, pg.GraphicsView) and not isinstance(w, MapsWidget))]


# -- the budget's comparison table ---------------------------------------------------------------
def test_one_tab_leaves_the_budget_table_and_arrows_still_move_in_it(qtbot, main_window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "budget")
    table = panel.table
    view = table.view
    assert view.model().rowCount() > 10 and view.model().columnCount() > 10
    focus_on(qtbot, view)
    view.setCurrentIndex(view.model().index(0, 0))
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 1
    qtbot.keyClick(view, Qt.Key.Key_Right)  # to the next column shown (the view's own order)
    assert view.currentIndex().row() == 1 and view.currentIndex().column() != 0
    assert QApplication.focusWidget() is view
    assert tab(qtbot) is table.copy_md_button
    assert tab(qtbot) is table.copy_csv_button
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is view  # Shift+Tab comes back into it in one step too


# -- no invisible Tab stops ----------------------------------------------------------------------
@pytest.mark.parametrize("name", ["activations", "budget", "trainer", "inside", "forward-pass"])
def test_no_scroll_area_or_mouse_only_plot_is_a_tab_stop(qtbot, main_window, name: str) -> None:  # noqa: ANN001
    stops = tab_stops(qtbot, main_window, name)
    assert len(stops) > 10  # the walk went through the tab's fields and its lesson card
    assert invisible_stops(stops) == []


def test_gate_plane_maps_are_the_one_graphics_tab_stop(qtbot, main_window) -> None:  # noqa: ANN001
    """The maps take the arrow keys and stay a Tab stop; the lesson card's scroll area is none."""
    stops = tab_stops(qtbot, main_window, "gate-plane")
    panel = main_window.panel("gate-plane")
    assert panel.maps.widget in stops
    card = main_window.findChild(QWidget, "lesson-card-gate-plane")
    assert [w for w in stops if card.isAncestorOf(w) and isinstance(w, QScrollArea)] == []
    assert [w for w in stops if isinstance(w, pg.GraphicsView) and w is not panel.maps.widget] == []


def test_gate_plane_has_no_invisible_tab_stop(qtbot, main_window) -> None:  # noqa: ANN001
    stops = tab_stops(qtbot, main_window, "gate-plane")
    assert invisible_stops(stops) == []
    assert main_window.panel("gate-plane") not in stops


def test_plots_and_scroll_areas_keep_their_mouse_and_children(qtbot, main_window) -> None:  # noqa: ANN001
    """Out of the Tab order, not out of use: the curves plot still takes a click's focus, and
    the fields inside the budget's scroll area are still Tab stops."""
    curves = show_tab_at(qtbot, main_window, "activations")
    assert curves.plot_widget.focusPolicy() == Qt.FocusPolicy.ClickFocus
    budget = main_window.panel("budget")
    stops = tab_stops(qtbot, main_window, "budget")
    assert [w for w in stops if budget.side_scroll.isAncestorOf(w)]


# -- the curves tab's reading order --------------------------------------------------------------
def test_curves_tab_goes_z_min_z_max_probe_z_after_show_derivatives(qtbot, main_window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "activations")
    first = next(iter(panel.checkboxes.values()))
    focus_on(qtbot, first)
    for _ in panel.checkboxes:
        tab(qtbot)
    assert QApplication.focusWidget() is panel.derivative_box  # the checkboxes in order first
    assert tab(qtbot) is panel.z_min_field.edit
    assert tab(qtbot) is panel.z_max_field.edit
    probe = tab(qtbot)
    assert probe is panel.z_spin or panel.z_spin.isAncestorOf(probe)
    qtbot.keyClick(probe, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is panel.z_max_field.edit


# -- the gate-plane maps show their focus --------------------------------------------------------
def _edges(image: QImage) -> list[QColor]:
    w, h = image.width(), image.height()
    return [image.pixelColor(QPoint(x, y)) for x, y in
            ((0, h // 2), (w - 1, h // 2), (w // 2, 0), (w // 2, h - 1), (1, h // 3))]


def test_gate_plane_maps_draw_a_focus_frame(qtbot, main_window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "gate-plane")
    maps = panel.maps.widget
    focus_on(qtbot, main_window.tabs.tabBar())
    assert not maps.hasFocus()
    without = maps.grab().toImage()
    assert all(c == QColor("white") for c in _edges(without))

    while QApplication.focusWidget() is not maps:  # reached with Tab, as a user does
        tab(qtbot)
    settle()
    with_focus = maps.grab().toImage()
    assert with_focus.size() == without.size()  # the frame takes no room from the maps
    highlight = maps.palette().color(QPalette.ColorRole.Highlight)
    assert all(c == highlight for c in _edges(with_focus))
    inner = with_focus.rect().adjusted(3, 3, -3, -3)
    assert with_focus.copy(inner) == without.copy(inner)  # only the frame changed

    focus_on(qtbot, main_window.tabs.tabBar())
    settle()
    assert maps.grab().toImage() == without  # gone again with the focus


def test_no_plot_card_is_a_tab_stop(qtbot, main_window) -> None:  # noqa: ANN001
    """Every tab's plot cards (the trainer's six, Inside's) take a click, not Tab: their plots
    did nothing with keys and drew no focus frame, so Tab vanished into each one (s15)."""
    from gatelab.ui.plot_card import PlotCard

    for name in ("trainer", "inside"):
        show_tab_at(qtbot, main_window, name)
    cards = main_window.findChildren(PlotCard)
    assert len(cards) >= 8
    assert [c.title_text for c in cards
            if c.plot.focusPolicy() != Qt.FocusPolicy.ClickFocus] == []
    focus_on(qtbot, cards[0].export_button)  # and Tab from a card goes on to a real stop
    assert not isinstance(tab(qtbot), pg.GraphicsView)
