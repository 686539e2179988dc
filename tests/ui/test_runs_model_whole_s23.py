"""At 1280×800 with the "Try this" card, an experiment's runs listed keep their Model whole.

Why (walkthrough s23 #5): Model ("4L d128 m352 4h") is what tells a user's runs apart, and its
middle is the widths d and m; the s16 rule kept it whole before Run and Corpus give way. Since
Run's least grew to show an experiment's run names apart (s22), that least and Corpus's left
Model "4L d12…352 4h" once an experiment was listed. Corpus, most often the same for every run,
now hides first (named in the Run cell's tooltip), and Model stays whole.
"""

from __future__ import annotations

import pytest

from gatelab.ui.runs_view_cells import run_tip, shown_text
from gatelab.ui import runs_view
from gatelab.ui.trainer_jobs import RunRow
from tests.ui.test_runs_narrow_s22 import CORPUS, MODEL, RUN, _runs_at

EXP = "exp-20261204-001100-0bf9"


def _rows() -> list[RunRow]:
    """The walkthrough's list: two runs of the user's own, one experiment's four, one more."""
    def row(name: str, variant: str, model: str, steps: str, val: float | None,
            status: str = "finished") -> RunRow:
        return RunRow("/h/runs/" + name, name, variant, model, "python", steps, 2.5, val, status)

    rows = [row("run-20261204-003320-4088", "swiglu", "2L d64 m172 2h +gate", "24/300", None,
                "stopped"),
            row("run-20261204-001111-1beb", "swiglu", "4L d128 m352 4h", "60/60", 2.5562)]
    for seed in (1338, 1337):
        rows += [row(f"{EXP}/gelu-seed{seed}", "gelu", "4L d128 m512 4h", "60/60", 2.527),
                 row(f"{EXP}/swiglu-seed{seed}", "swiglu", "4L d128 m352 4h", "60/60", 2.5321)]
    return rows + [row("run-20261203-235357-78b6", "swiglu", "4L d128 m352 4h", "1000/1000",
                       1.4878)]


def test_model_stays_whole_beside_an_experiments_runs_at_1280(
        qtbot, main_window, window_language: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    view = _runs_at(qtbot, main_window, monkeypatch, (1280, 800))
    monkeypatch.setattr(runs_view, "run_rows", _rows)
    view.refresh()
    qtbot.waitUntil(lambda: view.table.rowCount() == len(_rows()), timeout=5000)
    assert main_window.lesson_card("trainer").isVisible()
    table = view.table
    models = [shown_text(table, r, MODEL) for r in range(table.rowCount())]
    assert models == [row.model for row in _rows()], (window_language, models)
    names = [shown_text(table, r, RUN) for r in range(table.rowCount())]
    assert len(set(names)) == len(names), names  # the runs still read apart
    assert table.horizontalScrollBar().maximum() == 0
    if table.isColumnHidden(CORPUS):  # said where the user looks for it
        tip = run_tip(table, 0)
        assert view.headers[CORPUS] in tip and table.item(0, CORPUS).text() in tip
