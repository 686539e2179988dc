"""The stats-history count reads metrics.jsonl through ``runs_read.metrics_lines`` (session 11).

Why: ``run_history.stats_rows`` streamed the file with a loop of its own, which took the pieces
of an overlong line (over ``LINE_CAP``) for lines: a row the plot skips as too long counted as
history, so the picker chose a run whose Gate sparsity plot then showed nothing. The shared
reader skips such lines in both places and keeps run_history's 64 MB scan bound, the skipped
bytes of overlong lines counted against it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gatelab.core import run_history
from gatelab.core.run_history import stats_rows
from gatelab.core.runs_read import LINE_CAP, metrics_lines, read_metrics

STATS = {"frac_closed": [0.5, 0.4], "frac_neg": [0.6, 0.5], "max_abs_h": [1.0, 2.0]}


def _row(step: int) -> bytes:
    return json.dumps({"step": step, "train_loss": 3.0, **STATS}).encode() + b"\n"


def _run(tmp_path: Path, data: bytes) -> Path:
    run = tmp_path / "run"
    run.mkdir(parents=True)
    (run / "metrics.jsonl").write_bytes(data)
    return run


def test_an_overlong_row_counts_nowhere(tmp_path: Path) -> None:
    """Valid JSON (leading blanks) but longer than LINE_CAP: the plot skips it, so must this."""
    overlong = b" " * (LINE_CAP + 1) + _row(5)
    run = _run(tmp_path, overlong + overlong)
    problems: list[str] = []
    assert read_metrics(run / "metrics.jsonl", problems=problems) == []
    assert [p.values["why"].key for p in problems] == ["metrics.line_too_long"] * 2
    assert stats_rows(run, 10) == 0  # the old loop counted the tail piece of each: 2
    (run / "metrics.jsonl").write_bytes(overlong + _row(6) + _row(7))
    assert stats_rows(run, 10) == 2


def test_the_scan_bound_holds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loss = json.dumps({"step": 1, "train_loss": 3.0}).encode() + b"\n"
    filler = loss * (3 * (1 << 20) // len(loss))  # 3 MB without statistics
    run = _run(tmp_path, filler + _row(10) + _row(20))
    assert stats_rows(run) == 2
    monkeypatch.setattr(run_history, "MAX_SCAN_BYTES", 1 << 20)
    assert stats_rows(run) == 0  # the rows lie past the first MB: not read


def test_an_overlong_line_counts_against_the_bound(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    run = _run(tmp_path, b"x" * (5 * LINE_CAP) + b"\n" + _row(10) + _row(20))
    assert stats_rows(run) == 2
    monkeypatch.setattr(run_history, "MAX_SCAN_BYTES", 2 * LINE_CAP)
    assert stats_rows(run) == 0  # the scan ended inside the 5 MB line


def test_the_line_reader_stops_at_its_bound(tmp_path: Path) -> None:
    line = b'{"step": 1}\n'  # 12 bytes
    path = _run(tmp_path, line * 1000) / "metrics.jsonl"
    assert len(list(metrics_lines(path))) == 1000
    assert [n for n, _ in metrics_lines(path, max_bytes=120)] == list(range(1, 11))
    assert len(list(metrics_lines(path, max_bytes=121))) == 11  # a read passes it by one line
    long = _run(tmp_path / "b", b"y" * (4 * LINE_CAP) + b"\n" + line) / "metrics.jsonl"
    assert list(metrics_lines(long, max_bytes=LINE_CAP + 2)) == []
    assert list(metrics_lines(long)) == [(2, line)]
