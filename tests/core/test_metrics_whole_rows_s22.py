"""A disk that fills in the middle of a metrics.jsonl row (kill probe s21 D5).

Before, the row's first bytes stayed in the file (``{"step": 175, …, "lr"``): every strict
JSON Lines reader failed on the file, and ``load_run`` skipped the torn line without a word. And
gatelab-train exited 2, the code cli.py documents for bad input, not 1 (a failed run).

The full disk is a file object that writes the first half of the row it is given, then fails
with ENOSPC, as a write meeting the end of the free space does; nothing is filled for real.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from gatelab import cli
from gatelab.core import run_writer
from gatelab.core.engine import train_steps
from gatelab.core.safe_write import RunWriteError
from gatelab.core.trainconfig import TrainConfig

CFG = TrainConfig(n_layer=1, n_head=2, n_embd=16, block_size=16, batch_size=2, steps=12,
                  eval_interval=4, eval_iters=1, checkpoint_interval=4, threads=1,
                  stats=False, sample_chars=0, device="cpu", corpus="generated")
FAIL_AT_ROW = 7  # the 7th row written fails half way (after the checkpoint at step 4)


class HalfFullFile:
    """metrics.jsonl on a disk with room for ``rows_left`` more rows and half of the next one:
    that write puts its first half on disk, then fails with ENOSPC (as does every later one)."""

    def __init__(self, real: Any, rows_left: int) -> None:
        self._real, self._left = real, rows_left

    def write(self, data: Any) -> int:
        raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        if self._left <= 0:
            if self._left == 0:
                os.write(self._real.fileno(), raw[: len(raw) // 2])
                self._left = -1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        if raw.endswith(b"\n"):
            self._left -= 1
        os.write(self._real.fileno(), raw)  # (straight to the file: nothing buffered here)
        return len(data)

    def __getattr__(self, name: str) -> Any:  # flush, seek, tell, truncate, fileno, close…
        return getattr(self._real, name)


def _filling_disk(monkeypatch: pytest.MonkeyPatch, rows_left: int) -> None:
    real_open = open

    def metrics_open(path, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
        f = real_open(path, mode, *args, **kwargs)
        if Path(path).name == run_writer.METRICS and "a" in mode:
            return HalfFullFile(f, rows_left)
        return f

    monkeypatch.setattr(run_writer, "open", metrics_open, raising=False)


def _lines(run: Path) -> list[bytes]:
    return (run / "metrics.jsonl").read_bytes().splitlines(keepends=True)


def _losses(run: Path) -> list[tuple[int, float, float | None]]:
    rows = [json.loads(line) for line in _lines(run)]
    return [(r["step"], r["train_loss"], r.get("val_loss")) for r in rows]


def test_a_row_cut_by_a_full_disk_is_not_left_in_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _filling_disk(monkeypatch, FAIL_AT_ROW - 1)
    run = tmp_path / "run"
    with pytest.raises(RunWriteError) as caught:
        for _snap in train_steps(CFG, run_dir=run):
            pass
    assert "metrics.jsonl" in str(caught.value) and "no space" in str(caught.value).lower()
    lines = _lines(run)
    assert all(line.endswith(b"\n") for line in lines), lines[-1]  # no torn last row
    rows = [json.loads(line) for line in lines]  # strict JSON Lines, every one
    assert [r["step"] for r in rows] == list(range(1, FAIL_AT_ROW))
    assert json.loads((run / "run.json").read_text())["status"] == "failed"


def test_the_run_resumes_after_the_disk_was_freed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tmp_path / "whole"
    list(train_steps(CFG, run_dir=whole))
    with monkeypatch.context() as patch:
        _filling_disk(patch, FAIL_AT_ROW - 1)
        with pytest.raises(RunWriteError):
            list(train_steps(CFG, run_dir=tmp_path / "run"))
    list(train_steps(CFG, run_dir=tmp_path / "run", resume=True))
    assert _losses(tmp_path / "run") == _losses(whole)  # one curve, bit for bit


def test_gatelab_train_exits_1_for_a_run_that_failed_on_a_full_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _filling_disk(monkeypatch, FAIL_AT_ROW - 1)
    monkeypatch.setattr(cli, "_check_memory", lambda config: None)
    run = tmp_path / "run"
    rc = cli.train_main(["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "16",
                         "--block", "16", "--batch", "2", "--steps", "12", "--eval-interval", "4",
                         "--eval-iters", "1", "--checkpoint-interval", "4", "--threads", "1",
                         "--no-stats", "--sample-chars", "0", "--device", "cpu", "--quiet",
                         "--run-dir", str(run)])
    err = capsys.readouterr().err
    assert rc == 1, err  # a failed run, as cli.py documents; 2 is for bad input
    assert f"cannot write {run / 'metrics.jsonl'}" in err and "No space left on device" in err
    assert f"continue from the last checkpoint with: gatelab-train --run-dir {run} --resume" in err
    assert all(line.endswith(b"\n") for line in _lines(run))


def test_a_refusal_before_training_still_exits_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "run").write_text("a file where the run folder goes")
    rc = cli.train_main(["--corpus", "generated", "--steps", "2", "--quiet",
                         "--run-dir", str(folder / "run")])
    assert rc == 2, capsys.readouterr().err


def test_gatelab_experiment_exits_1_when_a_run_fails_on_a_full_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from gatelab.cli_experiment import experiment_main

    _filling_disk(monkeypatch, FAIL_AT_ROW - 1)
    monkeypatch.setattr(cli, "_check_memory", lambda config: None)
    out = tmp_path / "exps"
    rc = experiment_main(["--corpus", "generated", "--layers", "1", "--heads", "2", "--width",
                          "16", "--block", "16", "--batch", "2", "--steps", "12", "--eval-interval",
                          "4", "--eval-iters", "1", "--checkpoint-interval", "4", "--threads", "1",
                          "--no-stats", "--sample-chars", "0", "--device", "cpu", "--seeds", "1",
                          "--variants", "swiglu,gelu", "--quiet", "--out", str(out)])
    err = capsys.readouterr().err
    assert rc == 1, err
    assert "metrics.jsonl" in err and "No space left on device" in err
    run = next(out.glob("exp-*/swiglu-seed*"))
    assert all(line.endswith(b"\n") for line in _lines(run))
