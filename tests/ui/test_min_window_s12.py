"""Session-12 walkthrough, the window at its least size (810×491 in English, once the wide tabs
are built) and at 1024×700: the gate plane's map titles ran down into their maps, the budget
tab's "Try this" card was cut at its right edge, and the activation curves kept ~220 px."""

from __future__ import annotations


import pytest
from PySide6.QtCore import QPoint, QRect, QRectF
from PySide6.QtWidgets import QLabel

from gatelab.ui.activations_controls import MIN_PLOT_WIDTH
from gatelab.ui.budget_table import PresetTable
from gatelab.ui.lesson_widgets import StepButton
from tests.ui.conftest import settle

WIDE_TABS = ("gate-plane", "budget", "trainer", "inside")  # they set the window's least size


def _at_least_size(window, tab: str):  # noqa: ANN001, ANN202
    """``tab``'s panel in the window at its least size (as far as the window manager lets a
    drag go: Qt's minimum once the wide tabs are built)."""
    for name in WIDE_TABS:
        window.show_tab(name)
    settle()
    window.resize(300, 200)
    settle(60)
    panel = window.show_tab(tab)
    settle(60)
    assert window.size() == window.minimumSizeHint()  # really the least size
    return panel


def _scene_rect(item) -> QRectF:  # noqa: ANN001
    return item.mapRectToScene(item.boundingRect())


# -- 1: the gate plane's map titles ---------------------------------------------------------------
def _assert_titles_clear_their_maps(plane) -> None:  # noqa: ANN001
    maps = plane.maps
    assert maps._shown
    for key in maps._shown:
        view = maps.views[key]
        text = _scene_rect(view.plot.titleLabel.item)  # the title as drawn
        row = _scene_rect(view.plot.titleLabel)  # the row pyqtgraph gives it (30 px)
        square = view.vb.sceneBoundingRect()
        assert text.bottom() <= square.top() + 0.5, (key, text, square)  # not on the map
        assert text.height() <= row.height() + 0.5, (key, text, row)  # one line in its row
        assert text.width() <= square.width() + 1, (key, text, square)  # no wider than the map


def test_the_map_titles_stay_above_their_maps_at_the_least_size(qtbot, main_window,  # noqa: ANN001
                                                                 window_language: str) -> None:
    """Wrapped to three lines in a 30 px row ("∂h/∂g (gradient into the gate)" over an 85 px
    map), the titles covered the maps' top third; now each shows its symbol alone."""
    plane = _at_least_size(main_window, "gate-plane")
    _assert_titles_clear_their_maps(plane)
    titles = [plane.maps.views[k].plot.titleLabel.text for k in plane.maps._shown]
    assert any("∂h/∂g" in t for t in titles)  # the symbols are still there
    tips = [plane.maps.views[k].plot.titleLabel.toolTip() for k in plane.maps._shown]
    assert all(tips) and all(t.startswith(s) for t, s in zip(tips, ("h", "∂h/∂g", "∂h/∂u")))


def test_the_map_titles_stay_above_their_maps_at_1024(qtbot, main_window) -> None:  # noqa: ANN001
    """At 1024×700 the middle title's second line ("gate)") lay on its map's top edge; every
    map shows its whole title again at 1280×820."""
    main_window.resize(1024, 700)
    plane = main_window.show_tab("gate-plane")
    settle(60)
    _assert_titles_clear_their_maps(plane)
    main_window.resize(1280, 820)
    settle(60)
    _assert_titles_clear_their_maps(plane)
    assert all("(" in plane.maps.views[k].plot.titleLabel.text for k in plane.maps._shown)
    assert not any(plane.maps.views[k].plot.titleLabel.toolTip() for k in plane.maps._shown)


# -- 2: the budget tab's "Try this" card ----------------------------------------------------------
def test_the_budget_card_is_whole_at_the_least_size(qtbot, main_window,  # noqa: ANN001
                                                    window_language: str) -> None:
    """The budget tab was 688 px wide at least (the table's note beside its copy buttons), the
    card beside it 122 px, and its contents (169 px at least) were cut at its right edge."""
    _at_least_size(main_window, "budget")
    card = main_window.lesson_card("budget")
    scroll = card._scroll
    viewport, body = scroll.viewport(), scroll.widget()
    assert card.isVisible() and card.width() >= 180, card.width()  # was 122
    assert body.width() <= viewport.width(), (body.width(), viewport.width())  # nothing cut
    buttons = [b for b in body.findChildren(StepButton) if b.isVisible()]
    assert buttons
    for button in buttons:
        right = button.mapTo(viewport, QPoint(button.width(), 0)).x()
        assert right <= viewport.width(), (button.text(), right, viewport.width())
        assert button.height() >= button.heightForWidth(button.width())  # its wrapped title
    for label in body.findChildren(QLabel):
        if label.isVisible() and label.text():
            right = label.mapTo(viewport, QPoint(label.width(), 0)).x()
            assert right <= viewport.width(), label.text()[:40]


def test_the_copy_buttons_stay_whole_and_the_note_goes_above_them(qtbot, main_window) -> None:  # noqa: ANN001
    """What made the budget tab that wide: the note beside the buttons. Narrow, it goes above
    them; at 1280×820 it stays beside them."""
    panel = _at_least_size(main_window, "budget")
    table: PresetTable = panel.table
    for button in (table.copy_md_button, table.copy_csv_button):
        rect = QRect(button.mapTo(table, QPoint(0, 0)), button.size())
        assert table.rect().contains(rect) and button.width() >= button.sizeHint().width()
    assert table.note.geometry().bottom() < table.copy_md_button.geometry().top()  # above
    main_window.resize(1280, 820)
    settle(60)
    assert table.note.geometry().top() == pytest.approx(table.copy_md_button.geometry().top(),
                                                       abs=12)  # beside, on one row
    assert table.note.geometry().right() < table.copy_md_button.geometry().left()


def test_the_budget_chart_totals_and_axis_title_stay_inside_a_narrow_chart(  # noqa: ANN001
        qtbot, main_window) -> None:
    """In the narrower chart column the totals lost their ends ("8.00 d" without "²") and the
    axis title both of its ends; the totals now get room and the title wraps."""
    panel = _at_least_size(main_window, "budget")
    for chart in (panel.matrix_chart, panel.breakdown_chart):
        panel.charts_scroll.ensureWidgetVisible(chart)  # as the learner scrolls to it (at
        settle(60)  # 545 px the second chart starts below the view, drawn once it is shown)
        view = QRectF(chart.rect())
        for total in chart._totals:
            if total.isVisible():
                box = chart.mapFromScene(_scene_rect(total.textItem)).boundingRect()
                assert QRectF(box).right() <= view.right() + 1, total.textItem.toPlainText()
        label = chart.getPlotItem().getAxis("bottom").label
        box = QRectF(chart.mapFromScene(_scene_rect(label)).boundingRect())
        assert view.left() - 1 <= box.left() and box.right() <= view.right() + 1, box
        ink = box.bottom() - label.document().documentMargin()  # the text, not its margin
        assert ink <= view.bottom() + 1, (box, view)  # the wrapped lines too


# -- 3: the activation curves' width ---------------------------------------------------------------
def test_the_curves_keep_their_width_at_the_least_size(qtbot, main_window,  # noqa: ANN001
                                                       window_language: str) -> None:
    """The two columns of check boxes kept the controls 334 px wide and the plot 220 px (its
    data area 165); now the controls scroll, one check box to a row, the plot keeps 300."""
    panel = _at_least_size(main_window, "activations")
    assert panel.plot_widget.width() >= MIN_PLOT_WIDTH
    assert panel.plot.vb.width() >= MIN_PLOT_WIDTH - 80  # the data area, beside the y axis
    scroll = panel.controls_scroll
    assert panel.controls.width() <= scroll.viewport().width()  # the controls are not cut
    grid = panel._checks_grid
    assert grid.columnCount() == 1 or not grid.itemAtPosition(0, 1)  # one check box a row
    title = _scene_rect(panel.plot.titleLabel.item)  # three lines, in a row as high
    assert title.bottom() <= panel.plot.vb.sceneBoundingRect().top() + 0.5
    card = main_window.lesson_card("activations")
    assert card.width() >= 180  # the card gave nothing for it


def test_the_controls_keep_two_columns_where_the_plot_has_room(qtbot, main_window) -> None:  # noqa: ANN001
    """At 1024×700 and in the default window the tab looks as it did: two check columns, the
    controls their two-column width; a drag narrower comes back while the plot has room."""
    for size in ((1024, 700), (1280, 820)):
        main_window.resize(*size)
        panel = main_window.show_tab("activations")
        settle(60)
        assert panel._check_columns == 2, size
        assert panel.controls_scroll.width() >= panel._columns_width[2]
        assert panel.plot_widget.width() > MIN_PLOT_WIDTH + 100
    splitter = panel.splitter
    total = sum(splitter.sizes())
    splitter.setSizes([total - panel._columns_width[1], panel._columns_width[1]])
    panel._on_splitter_moved(0, 1)  # as a drag of the handle reports it
    qtbot.waitUntil(lambda: splitter.sizes()[1] >= panel._columns_width[2], timeout=2000)
    settle()
    assert panel._check_columns == 2


def test_a_fresh_window_shrinks_no_further_than_one_that_opened_every_tab(qtbot,  # noqa: ANN001
                                                                         settings) -> None:
    """Re-walk s12 N1: on a fresh launch (no trainer or Inside tab built yet) the window went
    down to 578x204 on the curves, their plot, title and readout drawn over each other; after a
    visit to the trainer it stopped at 816x591 (810x491 later; 810x469 since the trainer's plots
    and experiment scroll, s22). Now both stop at the same size."""
    from gatelab.ui.main_window import MainWindow
    from gatelab.ui.tabs import TAB_SPECS

    fresh = MainWindow(settings=settings, initial_tab="activations")
    qtbot.addWidget(fresh)
    fresh.show()
    settle()
    first = fresh.minimumSize()
    assert set(fresh._panels) == {"activations"}  # nothing else built yet
    fresh.resize(300, 200)
    settle()
    assert fresh.width() >= 800 and fresh.height() >= 460
    for spec in TAB_SPECS:
        fresh.show_tab(spec.name)
        settle()
    fresh.show_tab("activations")
    settle()
    every = fresh.minimumSize()
    assert abs(first.width() - every.width()) <= 2 and abs(first.height() - every.height()) <= 2
    fresh.shutdown()
