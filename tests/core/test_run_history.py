"""Which saved run has enough history to show a trend (walkthrough s10 #7): statistics rows
counted from metrics.jsonl, and the order in which runs are tried."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gatelab.core.run_history import (MIN_STATS_ROWS, default_saved_run, has_history,
                                      history_candidates, pick_history_run, stats_rows,
                                      steps_done)

STATS = {"frac_closed": [0.5, 0.4], "frac_neg": [0.6, 0.5], "max_abs_h": [1.0, 2.0]}


def _metrics(run: Path, *rows: dict[str, object], tail: bytes = b"") -> Path:
    run.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(row) + "\n" for row in rows).encode() + tail
    (run / "metrics.jsonl").write_bytes(text)
    return run


def test_statistics_rows_are_counted_up_to_the_minimum(tmp_path: Path) -> None:
    loss = {"step": 1, "train_loss": 3.0}
    stub = _metrics(tmp_path / "stub", loss, {"step": 10, **STATS}, loss)
    assert stats_rows(stub) == 1 and not has_history(stub)
    run = _metrics(tmp_path / "run", *[{"step": s, **STATS} for s in range(10, 60, 10)])
    assert stats_rows(run) == MIN_STATS_ROWS == 2 and stats_rows(run, 100) == 5
    assert has_history(run)


def test_rows_the_plot_cannot_draw_do_not_count(tmp_path: Path) -> None:
    half = {"step": 3, "frac_closed": [0.5]}  # no frac_neg: the plot skips it
    empty = {"step": 4, "frac_closed": [], "frac_neg": [], "max_abs_h": []}
    run = _metrics(tmp_path / "r", half, empty, {"step": 5, **STATS},
                   tail=b'{"step": 6, "frac_closed": [0.1], "frac_n')  # cut mid-write
    assert stats_rows(run, 10) == 1
    assert stats_rows(tmp_path / "missing") == 0
    (tmp_path / "folder" / "metrics.jsonl").mkdir(parents=True)
    assert stats_rows(tmp_path / "folder") == 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_not_waited_on(tmp_path: Path) -> None:
    (tmp_path / "f").mkdir()
    os.mkfifo(tmp_path / "f" / "metrics.jsonl")
    assert stats_rows(tmp_path / "f") == 0


def test_the_order_runs_are_tried_in() -> None:
    runs = [("stub", "stopped", 17), ("new", "finished", 6), ("long", "stopped", 163),
            ("old", "finished", 200), ("mid", "stopped", 40)]
    assert history_candidates(("shown", "mid", ""), runs) == [
        "mid", "new", "old", "long", "stub"]  # "shown" is not listed: skipped
    enough = {"long", "old"}.__contains__
    assert pick_history_run(("stub",), runs, enough) == "old"  # finished first
    assert pick_history_run(("long",), runs, enough) == "long"  # the one on screen
    assert pick_history_run((), runs, lambda _p: False) == ""


def test_the_run_a_picker_starts_on() -> None:
    runs = [("stub", "stopped", 17), ("done", "finished", 200)]
    enough = {"done"}.__contains__
    assert default_saved_run("stub", runs, enough=enough) == "stub"  # the trainer shows it
    assert default_saved_run("", runs, enough=enough) == "done"
    assert default_saved_run("elsewhere", runs, "stub", enough=enough) == "done"
    assert default_saved_run("", runs, "stub", enough=lambda _p: False) == "stub"  # kept
    assert default_saved_run("", runs, enough=lambda _p: False) == "stub"  # the newest
    assert default_saved_run("x", [], enough=enough) == ""


def test_steps_done_of_the_runs_list() -> None:
    assert steps_done("17/200") == 17 and steps_done("?/200") == 0 and steps_done("") == 0
