"""Probe s15 F6 and F7: metrics rows that are not values, and a metrics.jsonl cut below its
checkpoint.

F7: ``json.loads`` reads ±Infinity, NaN and 1e308, which the writer never writes (it stores null);
such rows were kept as they were and poisoned the replayed loss curve. They now read exactly as
null: a gap (NaN; None for val_loss). F6: a metrics.jsonl that ends at step 17 while ckpt.pt is
at step 20 was resumed with no word about steps 18–20; ``gatelab-train --resume`` now says so.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from gatelab.cli import train_main
from gatelab.core.metrics_gap import gap_note, last_metrics_step, metrics_gap
from gatelab.core.runs_read import read_metrics

TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "4", "--threads", "1", "--sample-chars", "0", "--no-stats", "--quiet"]


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines))
    return path


@pytest.mark.parametrize("text", ["Infinity", "-Infinity", "NaN", "null", "1e308", "-1.7e308",
                                  "1e39", "1" + "0" * 400])
def test_a_value_no_training_can_write_reads_as_a_gap(tmp_path: Path, text: str) -> None:
    path = _write(tmp_path / "metrics.jsonl", [
        '{"step": 1, "train_loss": 3.0, "lr": 0.001}',
        f'{{"step": 2, "train_loss": {text}, "lr": {text}, "tokens_per_s": {text}, '
        f'"val_loss": {text}, "max_abs_h": [1.0, {text}], "attn_sink": [{text}]}}',
        '{"step": 3, "train_loss": 2.5, "lr": 0.001}'])
    problems: list[str] = []
    rows = read_metrics(path, problems=problems)
    assert problems == [] and [r["step"] for r in rows] == [1, 2, 3]  # kept, as a null is
    row = rows[1]
    assert math.isnan(row["train_loss"]) and math.isnan(row["lr"])
    assert math.isnan(row["tokens_per_s"]) and row["val_loss"] is None  # "no evaluation"
    assert row["max_abs_h"][0] == 1.0 and math.isnan(row["max_abs_h"][1])
    assert math.isnan(row["attn_sink"][0])
    assert rows[2]["train_loss"] == 2.5


def test_values_training_can_write_are_kept(tmp_path: Path) -> None:
    """A diverging run's 1e30 loss is real: only what float32 cannot hold is a gap."""
    path = _write(tmp_path / "metrics.jsonl", [
        '{"step": 1, "train_loss": 1e30, "lr": 0, "val_loss": 3.4e38, "max_abs_h": [-3e38]}'])
    row = read_metrics(path)[0]
    assert row["train_loss"] == 1e30 and row["val_loss"] == 3.4e38 and row["max_abs_h"] == [-3e38]


def test_last_metrics_step_reads_the_tail(tmp_path: Path) -> None:
    rows = [json.dumps({"step": s, "train_loss": 3.0, "pad": "x" * 900}) for s in range(1, 4001)]
    path = _write(tmp_path / "metrics.jsonl", rows)  # ~3.7 MB: more than the tail read
    assert last_metrics_step(path) == 4000
    data = path.read_bytes()
    path.write_bytes(data[:-500])  # a half-written last line
    assert last_metrics_step(path) == 3999
    path.write_bytes(data + b'{"step": "x"}\n[1]\n')  # bad rows at the end are skipped
    assert last_metrics_step(path) == 4000
    assert last_metrics_step(tmp_path / "missing.jsonl") == 0
    assert last_metrics_step(_write(tmp_path / "bad.jsonl", ["[", "{"])) == 0
    path.write_bytes(b"garbage\n" * 400_000)  # large and no readable row in the tail: unknown
    assert last_metrics_step(path) is None


def test_gap_note_texts() -> None:
    assert str(gap_note(17, 20)) == ("metrics.jsonl ends at step 17 but the checkpoint is at "
                                     "step 20: steps 18–20 have no metrics")
    assert str(gap_note(19, 20)) == ("metrics.jsonl ends at step 19 but the checkpoint is at "
                                     "step 20: step 20 has no metrics")
    assert str(gap_note(0, 20)) == ("metrics.jsonl holds no rows but the checkpoint is at "
                                    "step 20: steps 1–20 have no metrics")
    assert gap_note(20, 20) is None and gap_note(25, 20) is None  # rows past it: trained again
    assert gap_note(None, 20) is None and gap_note(3, None) is None


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 12-step run (a checkpoint at step 12, metrics rows 1..12)."""
    run = tmp_path_factory.mktemp("s15") / "run"
    assert train_main(TINY + ["--steps", "12", "--run-dir", str(run)]) == 0
    return run


def _copy(src: Path, dst: Path) -> Path:
    dst.mkdir()
    for f in src.iterdir():
        if f.is_file():
            (dst / f.name).write_bytes(f.read_bytes())
    return dst


def test_a_resume_names_the_steps_a_cut_metrics_file_lost(
        trained: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(trained, tmp_path / "cut")
    assert metrics_gap(run) is None  # whole: nothing to say
    data = (run / "metrics.jsonl").read_bytes()
    lines = data.splitlines(keepends=True)
    (run / "metrics.jsonl").write_bytes(b"".join(lines[:9]) + lines[9][:20])  # ends in step 10
    assert str(metrics_gap(run)).startswith("metrics.jsonl ends at step 9 but the checkpoint is "
                                            "at step 12: steps 10–12")
    capsys.readouterr()
    assert train_main(TINY + ["--steps", "14", "--run-dir", str(run), "--resume"]) == 0
    err = capsys.readouterr().err
    assert (f"note: {run}: metrics.jsonl ends at step 9 but the checkpoint is at step 12: "
            f"steps 10–12 have no metrics\n") in err
    steps = [json.loads(line)["step"] for line in (run / "metrics.jsonl").read_text().splitlines()]
    assert steps == [*range(1, 10), 13, 14]  # the missing rows are not invented
    assert metrics_gap(run) is None  # said once: the file now runs past the checkpoint


def test_an_ordinary_resume_says_nothing_of_metrics(
        trained: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(trained, tmp_path / "whole")
    capsys.readouterr()
    assert train_main(TINY + ["--steps", "13", "--run-dir", str(run), "--resume"]) == 0
    assert "metrics.jsonl" not in capsys.readouterr().err
