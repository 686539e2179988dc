"""The Runs table stays readable with hostile run.json values, and a crashed run is named at the
step it is saved at.

Why: a hand-edited run.json with ``final_train_loss = 2**200`` printed 61 digits in Train, which
squeezed Run, Model and Corpus to "r…t"; a list as the corpus name read as Python's "['x']".
After a kill -9, Steps and the launch notice gave the last heartbeat's step, not the checkpoint's
that Resume training continues from (tests/core/test_saved_step_s13.py has the core side).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gatelab.core.runs import run_info
from gatelab.paths import runs_dir
from gatelab.ui.runs_view import RunsView
from gatelab.ui.runs_view_columns import loss_text
from gatelab.ui.trainer_corpus import corpus_name
from tests.core.test_runs_s9_delete import CFG, make_run
from tests.core.test_saved_step_s13 import crashed_run
from tests.ui.conftest import refreshed, tiny_trainer

RUN, CORPUS, STEPS, TRAIN, VAL = 0, 3, 4, 5, 6


@pytest.mark.parametrize("value, text", [
    (None, "—"), (2.0**200, "1.607e+60"), (-3e7, "-3.000e+07"), (1e6, "1.000e+06"),
    (999999.5, "999999.5000"), (2.5, "2.5000"), (0.0, "0.0000"), (1e-9, "1.000e-09"),
    (float("inf"), "inf"), (float("nan"), "nan")])
def test_loss_text_is_compact(value: float | None, text: str) -> None:
    assert loss_text(value) == text


def _listed(qtbot, size: tuple[int, int] = (1000, 500)) -> RunsView:  # noqa: ANN001
    view = RunsView()
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    with refreshed(qtbot, view):
        view.refresh()
    return view


def test_a_huge_loss_and_a_list_corpus_name_stay_compact(qtbot) -> None:  # noqa: ANN001
    make_run(runs_dir() / "run-bigint", final_train_loss=2**200, final_val_loss=1e-9,
             corpus={"name": ["x"]}, variant=["y"])
    view = _listed(qtbot)
    try:
        assert view.table.rowCount() == 1
        cell = lambda c: view.table.item(0, c).text()  # noqa: E731
        assert (cell(TRAIN), cell(VAL), cell(STEPS)) == ("1.607e+60", "1.000e-09", "6/6")
        assert cell(CORPUS) == corpus_name(CFG.corpus) and "[" not in cell(CORPUS)
        assert view.table.item(0, CORPUS).toolTip() == CFG.corpus  # not "['x']" either
        assert cell(RUN) == "run-bigint"
        # the number no longer pushes the names aside: Run keeps room for its whole name
        width = view.table.fontMetrics().horizontalAdvance("run-bigint")
        assert view.table.columnWidth(RUN) > width
        assert view.table.columnWidth(TRAIN) < 4 * view.table.fontMetrics().horizontalAdvance(
            "1.607e+60")
    finally:
        view.shutdown()


def test_a_non_text_corpus_everywhere_reads_as_unknown(tmp_path: Path) -> None:
    run = make_run(tmp_path / "run", corpus={"name": 5})
    cfg = (run / "config.json").read_text().replace(f'"corpus": "{CFG.corpus}"', '"corpus": [1]')
    (run / "config.json").write_text(cfg)
    info = run_info(run)
    assert (info.corpus, info.status) == ("", "finished")


def test_a_crashed_run_reads_at_its_checkpoint_in_the_table_and_the_notice(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    crash = crashed_run(tmp_path, at_step=6)  # heartbeat at 6, checkpoint at 4
    moved = Path(runs_dir()) / "run-crashed"
    moved.parent.mkdir(parents=True, exist_ok=True)
    crash.rename(moved)  # (keeps the files' times)
    view = _listed(qtbot)
    try:
        row = next(r for r in range(view.table.rowCount())
                   if view.table.item(r, RUN).text() == "run-crashed")
        assert view.table.item(row, STEPS).text() == "4/16"  # was "6/16"
    finally:
        view.shutdown()
    panel = tiny_trainer(qtbot)
    try:
        panel._say_ended_while_training(run_info(moved))
        assert panel.error_text == (
            "gatelab closed while run run-crashed was training; it is saved at step 4 of 16. "
            "Select it under Runs and press Resume training to go on.")
    finally:
        panel.shutdown()
