"""Walkthrough s20 D2: at 1024 px the experiment's Quantity column took its whole text and left
the values 70 px: "2.1601 ± 0.0334 (n" and a verdict of one word per line. Both columns now wrap,
the Quantity column takes at most half the width, and every row is tall enough for its text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from gatelab.ui.experiment_data import ExperimentSummary, VariantSummary
from gatelab.ui.experiment_view import ExperimentView
from gatelab.ui.trainer_controls import TrainerControls


def _summary() -> ExperimentSummary:
    variants = [VariantSummary(name, m, 115_008, 2, 2.1601, 0.0334, [50.0, 100.0], [2.5, 2.2],
                               [0.1, 0.1]) for name, m in (("swiglu", 176), ("gelu", 256))]
    return ExperimentSummary(variants, 0.0115, 0.1003, "within noise (difference 0.0115 < noise "
                             "floor 0.1003)", "", "/tmp/exp", "finished")


@pytest.mark.parametrize("width", [390, 900])
def test_every_cell_shows_its_whole_text(qtbot, width: int) -> None:  # noqa: ANN001
    view = ExperimentView(TrainerControls())
    qtbot.addWidget(view)
    view.resize(width, 700)
    view.show()
    qtbot.waitExposed(view)
    try:
        view._show_result(_summary())
        QApplication.processEvents()
        table = view.table
        room = table.viewport().width()
        assert table.columnWidth(0) <= room // 2 + 1
        assert table.columnWidth(0) + table.columnWidth(1) <= room + 1  # no sideways scroll
        assert table.item(0, 1).text() == "2.1601 ± 0.0334  (n = 2)"
        for r in range(table.rowCount()):
            for c in range(2):
                item = table.item(r, c)
                metrics = QFontMetrics(item.font())
                need = metrics.boundingRect(QRect(0, 0, table.columnWidth(c) - 8, 10_000),
                                            int(Qt.TextFlag.TextWordWrap), item.text())
                assert need.width() <= table.columnWidth(c), (r, c, item.text())
                assert need.height() <= table.rowHeight(r), (r, c, item.text())
        rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
        assert table.height() >= rows  # the verdict, last, is not below a scroll
    finally:
        view.shutdown()


def test_a_typed_single_seed_becomes_two(qtbot) -> None:  # noqa: ANN001
    """Walkthrough s20: typing 1 in the seeds box went back to 3 without a word."""
    view = ExperimentView(TrainerControls())
    qtbot.addWidget(view)
    view.show()
    try:
        box = view.seeds
        box.setFocus()
        box.selectAll()
        qtbot.keyClicks(box, "1")
        qtbot.keyClick(box, Qt.Key.Key_Return)
        assert box.value() == 2
        assert "2 to 20" in box.toolTip()
    finally:
        view.shutdown()


def test_a_huge_loss_is_short_in_the_table() -> None:
    from gatelab.ui.experiment_draw import num
    assert num(2.16014) == "2.1601" and num(float("nan")) == "—"
    assert num(1e50) == "1e+50" and num(123456789.0) == "1.235e+08"


def test_a_result_shown_while_hidden_fits_once_shown(qtbot) -> None:  # noqa: ANN001
    """Re-walk s20 C: a finished experiment restored from a state file while its view was in
    another tab kept a one-line verdict, "within noise (difference …", until a relayout."""
    from PySide6.QtWidgets import QLabel, QTabWidget

    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("another view"), "a")
    view = ExperimentView(TrainerControls())
    tabs.addTab(view, "b")
    tabs.resize(420, 700)
    tabs.show()
    qtbot.waitExposed(tabs)
    try:
        view._show_result(_summary())  # while hidden
        QApplication.processEvents()
        tabs.setCurrentIndex(1)
        QApplication.processEvents()
        table = view.table
        for r in range(table.rowCount()):
            assert table.rowHeight(r) >= table.sizeHintForRow(r), (r, table.item(r, 1).text())
        assert table.rowHeight(table.rowCount() - 1) > table.fontMetrics().lineSpacing() * 1.5
    finally:
        view.shutdown()


def test_a_partial_verdict_says_none_yet_once(qtbot) -> None:  # noqa: ANN001
    """Re-walk s20 F: "none yet: 1 of 4 runs finished (so far: none yet: it needs finished runs
    of at least two variants)"."""
    from gatelab.core.messages import Msg

    view = ExperimentView(TrainerControls())
    qtbot.addWidget(view)
    view.show()
    try:
        summary = _summary()
        view._partial = (1, 4)
        need_two = ExperimentSummary(summary.variants, float("nan"), float("nan"),
                                     Msg("verdict.need_two"), "", "/tmp/exp", "stopped")
        view._show_result(need_two)
        verdict = view.table.item(view.table.rowCount() - 1, 1).text()
        assert verdict == "none yet: 1 of 4 runs finished"
        view._show_result(summary)  # a verdict so far that says something: kept
        verdict = view.table.item(view.table.rowCount() - 1, 1).text()
        assert verdict.startswith("none yet: 1 of 4 runs finished (so far: within noise")
    finally:
        view.shutdown()
