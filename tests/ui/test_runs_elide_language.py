"""The run list elides a long run name the same way in English and in Chinese.

Walkthrough: at 1000×700 the trainer's run list cut "run-20…cdef01" in English, but in
Simplified Chinese (where the Runs page is ~60 px narrower) the Run and Corpus columns stopped at
their least widths and the row scrolled sideways, the Status word cut at the edge. Checked on
what the user sees: the columns fit the view (no sideways scroll), the Run cell is narrower than
its name (so the middle is elided) and Status keeps its whole word.
"""

from __future__ import annotations

import pytest
from tests.ui.conftest import settle

from gatelab.ui.language import set_language
from gatelab.ui.runs_view import STATUS, RunsView
from gatelab.ui.trainer_jobs import RunRow

NAME = "exp-20261201-a-very-long-experiment-name/run-20261201-001500-swiglu-seed3-abcdef01"


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
@pytest.mark.parametrize("width", [470, 560, 700])
def test_long_run_names_are_elided_in_every_language(qtbot, lang: str, width: int) -> None:  # noqa: ANN001
    set_language(lang)
    try:
        view = RunsView()
        qtbot.addWidget(view)
        view.shutdown()
        view._poll.stop()
        view._poll_folder = lambda: None  # only the row below, not the runs folder
        view.resize(width, 300)
        view.show()
        qtbot.waitExposed(view)
        view._show_rows([RunRow("/x/a", NAME, "swiglu", "1L d32 m96 2h",
                                "generated (~50 kB, a long corpus label)", "6/6", 3.666, 3.652,
                                "finished")], "")
        settle()
        table, header = view.table, view.table.horizontalHeader()
        assert table.horizontalScrollBar().maximum() == 0  # nothing scrolls sideways
        assert header.length() <= table.viewport().width()
        assert header.sectionSize(0) < table.sizeHintForColumn(0)  # the name is elided
        word = table.item(0, STATUS).text()
        assert header.sectionSize(STATUS) >= table.fontMetrics().horizontalAdvance(word)
    finally:
        set_language("en")


@pytest.mark.parametrize("width", [585, 700])
def test_the_model_column_stays_whole_before_run_and_corpus_give_way(qtbot, width: int) -> None:  # noqa: ANN001
    """Walkthrough s16 #5: at 1280×800 with "Try this" open (a 585 px list) the model read
    "4L d1…52 4h", the one cell that tells two runs apart; it now stays whole there, and Run
    and Corpus are the ones elided."""
    view = RunsView()
    qtbot.addWidget(view)
    view.shutdown()
    view._poll.stop()
    view._poll_folder = lambda: None
    view.resize(width, 300)
    view.show()
    qtbot.waitExposed(view)
    model = "4L d128 m352 4h"
    view._show_rows([RunRow("/x/a", "run-20261203-001500-95a4", "swiglu", model,
                            "Python standard library (bundled source)", "150/150", 2.666, 2.652,
                            "finished")], "")
    settle()
    table, header = view.table, view.table.horizontalHeader()
    assert table.horizontalScrollBar().maximum() == 0
    rect = table.visualRect(table.model().index(0, 2))
    assert header.sectionSize(2) >= table.sizeHintForColumn(2)  # drawn whole, no "…"
    assert table.fontMetrics().horizontalAdvance(model) <= rect.width()
    assert header.sectionSize(3) < table.sizeHintForColumn(3)  # the corpus gives way instead
