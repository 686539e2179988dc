"""At 1024×768 with the "Try this" card shown (the default), the Runs list still tells two seeds'
runs apart, and two experiments' (walkthrough s21 #9).

Why: beside the card the list is ~345–390 px wide; Run, Model and Corpus were squeezed to their
36 px floor and read "e…8", "2…h", "…", so exp-…/gelu-seed1337 and …-seed1338 looked the same,
and the row still scrolled sideways, Status cut at the edge. Checked on what the user sees: the
text each cell draws (as elided to its width now), the columns' geometry, in both languages.
"""

from __future__ import annotations

import pytest

from gatelab.ui import runs_view
from gatelab.ui.runs_view import STATUS
from gatelab.ui.runs_view_cells import run_tip, shown_text
from gatelab.ui.trainer_jobs import RunRow
from tests.ui.conftest import settle

EXP = "exp-20261203-171800-f767"
RUN, FFN, MODEL, CORPUS, STEPS, TRAIN, VAL = range(7)


def _rows() -> list[RunRow]:
    rows = []
    for seed in (1338, 1337):
        for variant, m in (("gelu", 256), ("swiglu", 172)):
            name = "{0}/{1}-seed{2}".format(EXP, variant, seed)
            rows.append(RunRow("/h/runs/" + name, name, variant, "2L d64 m{0} 4h".format(m),
                               "python", "200/200", 2.35 - m / 1e4, 2.39 - seed / 1e5,
                               "finished"))
    other = "exp-20261204-090000-a9b1/gelu-seed1338"  # every experiment has a gelu-seed1338
    rows.append(RunRow("/h/runs/" + other, other, "gelu", "2L d64 m256 4h", "python", "200/200",
                       2.3, 2.4, "finished"))
    rows.append(RunRow("/h/runs/run-20261203-170812-baa5", "run-20261203-170812-baa5", "swiglu",
                       "4L d128 m352 4h", "python", "300/300", 1.8928, 1.8562, "finished"))
    return rows


def _runs_at(qtbot, window, monkeypatch, size: tuple[int, int]):  # noqa: ANN001, ANN202
    monkeypatch.setattr(runs_view, "run_rows", _rows)  # every refresh lists these runs
    window.resize(*size)
    panel = window.show_tab("trainer")
    panel.views.setCurrentWidget(panel.runs)
    panel.runs.refresh()
    qtbot.waitUntil(lambda: panel.runs.table.rowCount() == len(_rows()), timeout=5000)
    qtbot.waitExposed(window)
    settle()
    return panel.runs


def test_two_seeds_read_apart_beside_the_card_at_1024(
        qtbot, main_window, window_language: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    view = _runs_at(qtbot, main_window, monkeypatch, (1024, 768))
    assert main_window.width() == 1024
    assert main_window.lesson_card("trainer").isVisible()  # the default: the card is shown
    table, header = view.table, view.table.horizontalHeader()
    assert table.horizontalScrollBar().maximum() == 0  # nothing scrolls sideways
    assert header.length() <= table.viewport().width()
    shown = [shown_text(view.table, r, RUN) for r in range(table.rowCount())]
    for r, row in enumerate(_rows()):
        tail = row.name.rsplit("/", 1)[-1]
        if "/" in row.name:  # an experiment's run: its variant and seed whole
            assert shown[r].endswith("/" + tail), (window_language, shown[r])
        assert table.fontMetrics().horizontalAdvance(shown[r]) <= header.sectionSize(RUN)
    assert len(set(shown)) == len(shown), shown  # every run reads apart from the others
    for column in (FFN, VAL, STATUS):  # the variant, the result and how it ended: whole
        assert not table.isColumnHidden(column)
        for r in range(table.rowCount()):
            assert shown_text(view.table, r, column) == table.item(r, column).text(), column
    end = header.sectionViewportPosition(STATUS) + header.sectionSize(STATUS)
    assert end <= table.viewport().width()


def test_columns_come_back_when_there_is_room(
        qtbot, main_window, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    """A wide window hides nothing and draws every run name whole; the hidden columns of a
    narrow one are named in the Run cell's tooltip meanwhile."""
    view = _runs_at(qtbot, main_window, monkeypatch, (1024, 768))
    table = view.table
    hidden = [c for c in range(table.columnCount()) if table.isColumnHidden(c)]
    assert hidden and set(hidden) <= {CORPUS, STEPS, TRAIN}
    tip = run_tip(view.table, 0)
    assert tip.startswith(_rows()[0].path)
    for column in hidden:
        assert "{0}: {1}".format(view.headers[column], table.item(0, column).text()) in tip
    main_window.set_lessons_visible(False)
    main_window.resize(1600, 900)
    settle()
    assert not any(table.isColumnHidden(c) for c in range(table.columnCount()))
    assert [shown_text(view.table, r, RUN) for r in range(table.rowCount())] == [
        row.name for row in _rows()]
    assert run_tip(view.table, 0) == _rows()[0].path


def _cell_image(table, row: int, text: str):  # noqa: ANN001, ANN202
    """Cell (``row``, Run) as the table's style draws ``text`` in it, on the view's base."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

    index = table.model().index(row, RUN)
    rect = table.visualRect(index).adjusted(0, 0, -1, -1)  # the grid lines drawn apart
    image = QImage(rect.size(), QImage.Format.Format_ARGB32)
    image.fill(table.viewport().palette().base().color())
    option = QStyleOptionViewItem()
    option.initFrom(table.viewport())
    option.widget, option.font, option.fontMetrics = table, table.font(), table.fontMetrics()
    option.displayAlignment = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter  # the view's
    table.itemDelegateForIndex(index).initStyleOption(option, index)
    option.rect = rect.translated(-rect.topLeft())
    option.text = text
    painter = QPainter(image)
    table.style().drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, table)
    painter.end()
    return image


def test_the_run_cell_draws_the_name_as_shown_text_says(
        qtbot, main_window, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    """The pixels of a Run cell are those of its ``shown_text`` ("exp-2…/gelu-seed1338"), not
    Qt's own middle elision of the whole name (which cut the seed's digits)."""
    from PySide6.QtCore import Qt

    view = _runs_at(qtbot, main_window, monkeypatch, (1024, 768))
    table = view.table
    row = 2  # not selected, not current
    rect = table.visualRect(table.model().index(row, RUN)).adjusted(0, 0, -1, -1)
    drawn = table.viewport().grab(rect).toImage().convertToFormat(
        _cell_image(table, row, "").format())
    expected = _cell_image(table, row, shown_text(view.table, row, RUN))
    qt_own = _cell_image(table, row, table.fontMetrics().elidedText(
        _rows()[row].name, Qt.TextElideMode.ElideMiddle, rect.width() - 8))
    assert shown_text(view.table, row, RUN) != _rows()[row].name  # elided at this width
    assert drawn == expected
    assert drawn != qt_own
