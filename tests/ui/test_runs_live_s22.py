"""The Runs list stays responsive with a few hundred runs while another process trains one
(kill probe s21 D3), and its selection follows the run, not the row number.

Why: with ~300 runs, each poll that saw a gatelab-train run's run.json change rebuilt all the
rows, and every cell set made the table size its auto-sized columns over all rows again: the
GUI froze 8–15 s at a time (gdb: dataChanged → sizeHintForColumn → text shaping). Clicks queued
meanwhile landed on a changed list, and a selection kept its row number when a run was inserted
above or deleted, so it named another run. Checked here as the user meets it: a heartbeat timer
on the GUI thread while the list follows a live run, which rows the model says changed, and
which run the selection names afterwards.
"""

from __future__ import annotations

import json
import os
import time

from PySide6.QtCore import QElapsedTimer, Qt, QTimer

from gatelab.paths import runs_dir
from gatelab.ui.runs_view import STATUS, RunsView
from gatelab.ui.trainer_jobs import RunRow
from tests.core.test_runs_s9_delete import live_writer, make_run, sleeper  # noqa: F401 (fixture)
from tests.ui.conftest import refreshed, settle

MANY = 300
STEPS = 4
STALL_MS = 1500  # a generous bound on a loaded machine; before the fix one update took 8–15 s


def _row(i: int, **changes: object) -> RunRow:
    fields: dict[str, object] = dict(
        path="/runs/run-{0:03d}".format(i), name="run-20261203-1200{0:02d}-{1:04x}".format(
            i % 60, i), variant="swiglu", model="2L d64 m172 4h", corpus="python",
        steps="200/200", train_loss=2.0 + i / 1000, val_loss=2.1 + i / 1000, status="finished")
    fields.update(changes)
    return RunRow(**fields)  # type: ignore[arg-type]


def _view(qtbot, rows: list[RunRow], size: tuple[int, int] = (700, 500)) -> RunsView:  # noqa: ANN001
    view = RunsView()
    qtbot.addWidget(view)
    view.shutdown()
    view._poll.stop()
    view._poll_folder = lambda: None  # only the rows below, not the runs folder
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    view._show_rows(rows, "")
    settle()
    return view


class Heartbeat:
    """A 10 ms timer on the GUI thread: its longest gap is the longest the GUI was frozen."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.gaps: list[int] = []
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._beat)

    def __enter__(self) -> Heartbeat:
        self.clock.start()
        self.timer.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._beat()
        self.timer.stop()

    def _beat(self) -> None:
        self.gaps.append(self.clock.restart())

    def longest(self) -> int:
        return max(self.gaps)


def test_a_live_update_repaints_only_the_changed_row(qtbot) -> None:  # noqa: ANN001
    rows = [_row(i) for i in range(MANY)]
    view = _view(qtbot, rows)
    model = view.table.model()
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom, _roles=(): changed.append((top.row(), bottom.row())))
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.rowsInserted.connect(lambda *_a: resets.append(2))
    live = list(rows)
    live[7] = _row(7, steps="120/200", status="running", train_loss=2.5, val_loss=None)
    started = time.perf_counter()
    view._show_rows(live, "")
    settle()
    took = (time.perf_counter() - started) * 1000
    assert changed and all(top == bottom == 7 for top, bottom in changed)
    assert not resets
    assert view.table.item(7, 4).text() == "120/200"
    assert view.table.item(7, STATUS).text() == "running"
    assert view.table.item(7, 6).text() == "—"
    assert view.table.item(8, 4).text() == "200/200"
    assert took < STALL_MS, took


def test_a_run_inserted_above_keeps_the_selected_run_selected(qtbot) -> None:  # noqa: ANN001
    rows = [_row(i) for i in range(MANY)]
    view = _view(qtbot, rows)
    view.select_path(rows[1].path)
    assert view.selected_path() == rows[1].path
    newest = _row(999, name="run-20261203-235959-beef")
    with Heartbeat() as beat:
        view._show_rows([newest, *rows], view.selected_path())
        settle()
    assert beat.longest() < STALL_MS, beat.gaps
    assert view.selected_path() == rows[1].path
    assert [i.row() for i in view.table.selectionModel().selectedRows()] == [2]
    assert view.table.currentIndex().row() == 2  # the arrows go on from the run, not row 1
    assert view.table.item(0, 0).text() == newest.name


def test_a_selected_run_gone_from_the_list_leaves_nothing_selected(qtbot) -> None:  # noqa: ANN001
    rows = [_row(i) for i in range(5)]
    view = _view(qtbot, rows)
    view.select_path(rows[1].path)
    view._show_rows([rows[0], *rows[2:]], view.selected_path())
    settle()
    assert view.selected_path() == ""  # not rows[2], which now sits in row 1
    assert not view.table.selectionModel().selectedRows()
    assert not view.btn_delete.isEnabled()


def test_the_list_follows_a_run_trained_elsewhere_without_freezing(qtbot, sleeper) -> None:  # noqa: ANN001
    """300 runs in the folder, one of them trained by another process: each poll that sees its
    run.json change shows the new step within a poll, the GUI thread never stalls for long,
    and a kill -9 of the writer reads "interrupted" at the next poll."""
    for i in range(MANY):
        make_run(runs_dir() / "run-20261203-12{0:04d}-{1:04x}".format(i, i))
    live = make_run(runs_dir() / "run-20261203-235959-live", steps_total=100,
                    **live_writer(sleeper.pid))
    view = RunsView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    with refreshed(qtbot, view):
        view.show()
    assert len(view.rows) == MANY + 1
    view.select_path(str(live))
    with Heartbeat() as beat:
        for step in range(3, 3 + STEPS):
            summary = json.loads((live / "run.json").read_text())
            (live / "run.json.tmp").write_text(json.dumps({**summary, "steps": step}))
            os.replace(live / "run.json.tmp", live / "run.json")  # as the writer does
            with refreshed(qtbot, view):
                view._poll_folder()
            row = next(r for r in range(view.table.rowCount())
                       if view.table.item(r, 0).data(Qt.ItemDataRole.UserRole) == str(live))
            assert view.table.item(row, 4).text() == "{0}/100".format(step)
            assert view.table.item(row, STATUS).text() == "running"
    assert beat.longest() < STALL_MS, beat.gaps
    assert view.selected_path() == str(live)
    sleeper.kill()
    sleeper.wait()
    with refreshed(qtbot, view):
        view._poll_folder()
    assert view.row_for(str(live)).status == "interrupted"  # type: ignore[union-attr]
    view.shutdown()
