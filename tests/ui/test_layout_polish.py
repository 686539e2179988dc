"""What a learner sees at 1280×800: multi-layer legends inside their cards and off the curves,
the runs and budget tables' important columns on screen, and "Ready" said once."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.ui.test_trainer_plots import _rows


def _settle(window) -> None:  # noqa: ANN001
    window.resize(1280, 800)
    for _ in range(10):
        QApplication.processEvents()


@pytest.mark.parametrize("layers", [4, 8])
def test_layer_legends_fit_their_card_and_leave_the_curves_free(
        qtbot, main_window, layers: int) -> None:  # noqa: ANN001
    panel = main_window.show_tab("trainer")
    panel.plots.set_rows(_rows(20, n_layer=layers))
    panel.live.show_plots("run")
    _settle(main_window)
    assert main_window.width() == 1280
    for card, keys, tall in ((panel.plots.sparsity, 2, 90), (panel.plots.maxh, 0, 60)):
        item = card.plot.getPlotItem()
        legend = item.legend
        assert legend is not None and legend.isVisible()
        assert len(legend.items) == keys + layers  # style keys, then one entry per layer
        shown = card.plot.mapToScene(card.plot.viewport().rect()).boundingRect()
        box = legend.sceneBoundingRect()
        assert shown.contains(box), (card.title_text, box, shown)
        assert not box.intersects(item.getViewBox().sceneBoundingRect())  # no curve hidden
        for _sample, label in legend.items:  # every name whole: nothing cut at the right edge
            assert shown.contains(label.sceneBoundingRect()), label.item.toPlainText()
        # the plot keeps room for its curves: at 8 layers the "Lk closed", "Lk g<0" pairs took
        # four legend rows and left the sparsity plot ~50 px
        assert item.getViewBox().height() > tall, (card.title_text, item.getViewBox().height())
        assert -(-len(legend.items) // legend.columns) <= 2  # at most two rows of entries
    names = [label.item.toPlainText() for _s, label in panel.plots.sparsity.plot.plotItem.legend.items]
    assert names == ["closed", "g<0"] + ["L{0}".format(i) for i in range(layers)]


def test_the_legend_rewraps_when_the_card_narrows(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_plots import TrainerPlots

    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.set_rows(_rows(10, n_layer=8))  # 10 short entries
    plots.resize(1600, 700)
    plots.show()
    qtbot.waitExposed(plots)
    legend = plots.sparsity.plot.plotItem.legend
    wide = legend.columns
    plots.resize(700, 700)
    qtbot.waitUntil(lambda: legend.columns < wide, timeout=2000)
    assert legend.columns >= 1


def test_ready_shows_once_on_the_trainer_tab(qtbot, main_window) -> None:  # noqa: ANN001
    panel = main_window.show_tab("trainer")
    _settle(main_window)
    status = main_window.statusBar().currentMessage()
    under_bar = panel.bar.state.text() if panel.bar.state.isVisible() else ""
    # "Ready" once: in the status bar for its 3 s (gone already on a loaded machine), never
    # under the trainer's bar as well
    assert under_bar != "Ready" and status in ("Ready", ""), (status, under_bar)
    assert panel.bar.progress.format() == "not started"


def _runs_rows() -> list:
    from gatelab.ui.trainer_jobs import RunRow

    exp = "exp-20261201-001500-abcd/run-20261201-001501-ef01"
    return [RunRow("/h/" + exp, exp, "swiglu", "4L d128 m352 4h", "python", "1000/1000", 1.2345,
                   1.3456, "finished"),
            RunRow("/h/run-20261201-001500-abcd", "run-20261201-001500-abcd", "gelu",
                   "8L d256 m1024 8h", "/home/someone/texts/shakespeare.txt", "250/1000", 2.2345,
                   None, "interrupted"),
            RunRow("/h/run-x", "run-20261130-231500-1234", "swiglu", "", "", "0/10", None, None,
                   "broken", "checkpoint cannot be read: it is truncated or damaged")]


def test_runs_table_shows_status_without_sideways_scrolling(
        qtbot, main_window, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QStyleOptionViewItem

    from gatelab.ui import runs_view

    monkeypatch.setattr(runs_view, "run_rows", _runs_rows)  # every refresh lists these runs
    panel = main_window.show_tab("trainer")
    panel.views.setCurrentWidget(panel.runs)
    panel.runs.refresh()
    table = panel.runs.table
    qtbot.waitUntil(lambda: table.rowCount() == 3, timeout=5000)
    _settle(main_window)
    assert table.isVisible() and table.item(0, 0).text() == _runs_rows()[0].name
    header = table.horizontalHeader()
    assert table.horizontalScrollBar().maximum() == 0
    assert header.sectionViewportPosition(7) + header.sectionSize(7) <= table.viewport().width()
    need = table.fontMetrics().horizontalAdvance("interrupted")
    assert header.sectionSize(7) >= need  # the longest status word whole
    for column in (1, 4, 5, 6):  # FFN, steps and losses are never squeezed
        assert header.sectionSize(column) >= table.sizeHintForColumn(column), column
    # the model column gives way like run and corpus do (narrow lists), elided in the middle
    model_option = QStyleOptionViewItem()
    table.itemDelegateForColumn(2).initStyleOption(model_option, table.model().index(0, 2))
    assert model_option.textElideMode == Qt.TextElideMode.ElideMiddle
    # a long run name is elided in the middle (both ends tell runs apart); the tooltip is whole
    name = _runs_rows()[0].name
    assert header.sectionSize(0) < table.fontMetrics().horizontalAdvance(name)
    option = QStyleOptionViewItem()
    table.itemDelegateForColumn(0).initStyleOption(option, table.model().index(0, 0))
    assert option.textElideMode == Qt.TextElideMode.ElideMiddle
    assert table.item(0, 0).toolTip().endswith(name)  # the run's folder: the whole name
    assert table.item(1, 3).toolTip() == "/home/someone/texts/shakespeare.txt"
    assert header.model().headerData(5, Qt.Orientation.Horizontal,
                                     Qt.ItemDataRole.ToolTipRole).startswith("Final training loss")


def test_budget_table_key_columns_fit_at_1280_by_800(qtbot, main_window) -> None:  # noqa: ANN001
    panel = main_window.show_tab("budget")
    _settle(main_window)
    table = panel.table
    view, header = table.view, table.view.horizontalHeader()
    ffn = table.headers.index("FFN params\n/ layer")
    for visual in range(table.KEY_COLUMNS):  # Model, Total, Active, d, m, m ÷ d, FFN / layer
        column = header.logicalIndex(visual)
        end = header.sectionViewportPosition(column) + header.sectionSize(column)
        assert 0 <= header.sectionViewportPosition(column) and end <= view.viewport().width(), \
            table.headers[column]
    assert header.sectionSize(ffn) >= view.sizeHintForColumn(ffn)  # its numbers whole
    assert table.MODEL_COLUMN_MIN <= header.sectionSize(0) <= table.MODEL_COLUMN_MAX
