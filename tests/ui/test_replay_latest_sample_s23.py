"""A replay's sample box opens at the run's latest sample, as the live box shows it.

Why (walkthrough s23): a run stopped at step 525, resumed and finished at 1000. Live, the box
held "--- sample at step 1000 ---"; its replay (Runs → Open) showed samples.txt from the top,
"--- sample at step 525 ---", under plots that end at 1000, and the final text was below the
box's edge. Checked on what the box shows: its first visible line.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication


@pytest.fixture
def live(qtbot) -> Iterator[object]:  # noqa: ANN001
    from gatelab.ui.trainer_live import LiveView

    view = LiveView()
    qtbot.addWidget(view)
    view.resize(600, 500)
    view.show_plots("run-x")
    view.show()
    qtbot.waitExposed(view)
    yield view


def _first_visible_line(live: object) -> str:
    QApplication.processEvents()
    box = live.sample  # type: ignore[attr-defined]
    return box.cursorForPosition(QPoint(4, 4)).block().text()


def _samples(steps: list[int]) -> str:
    body = "\n".join("    line {0} of the text".format(i) for i in range(6))
    return "".join("--- sample at step {0} ---\n{1}\n".format(s, body) for s in steps)


def test_the_latest_sample_is_in_view(live: object) -> None:
    live.set_saved_samples(_samples([525, 1000]))  # type: ignore[attr-defined]
    assert _first_visible_line(live) == "--- sample at step 1000 ---"
    live.retranslate()  # type: ignore[attr-defined]  # a language switch keeps it in view
    assert _first_visible_line(live) == "--- sample at step 1000 ---"


def test_line_breaks_inside_a_sample_do_not_shift_it(live: object) -> None:
    """Model text may hold a \r or \u2029, which the box takes for a line end."""
    text = _samples([100]).replace("line 2", "line\r2\u2029") + _samples([200])
    live.set_saved_samples(text)  # type: ignore[attr-defined]
    assert _first_visible_line(live) == "--- sample at step 200 ---"


def test_one_sample_still_starts_at_its_header(live: object) -> None:
    live.set_saved_samples(_samples([300]))  # type: ignore[attr-defined]
    assert _first_visible_line(live) == "--- sample at step 300 ---"
