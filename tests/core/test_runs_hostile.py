"""Malformed run folders: every reader names the file and the reason, nothing else breaks."""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import torch

from gatelab.cli import train_main
from gatelab.core import plane, runs
from gatelab.core.engine import load_trained, train_steps
from gatelab.core.runs import RunError, list_runs, load_run, read_metrics
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=6,
                  eval_interval=3, eval_iters=2, threads=1, stats_interval=3, sample_chars=0)
FORBIDDEN = ("weights_only", "allow_pickle", "Traceback")


@pytest.fixture(scope="module")
def good_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("runs") / "good"
    list(train_steps(CFG, run_dir=d))
    return d


def _copy(good: Path, dest: Path) -> Path:
    import shutil

    return Path(shutil.copytree(good, dest))


def _clean(text: str) -> bool:
    return not any(word in text for word in FORBIDDEN)


def test_deep_json_skips_one_run_not_the_list(good_run: Path, tmp_path: Path) -> None:
    _copy(good_run, tmp_path / "ok")
    bad = _copy(good_run, tmp_path / "deep")
    (bad / "config.json").write_text("[" * 100000)
    fifo = _copy(good_run, tmp_path / "fifo")
    (fifo / "run.json").unlink()
    os.mkfifo(fifo / "run.json")  # a FIFO never blocks the list
    infos = {i.name: i for i in list_runs(tmp_path)}
    assert infos["ok"].status == "finished" and infos["ok"].steps == 6
    assert infos["deep"].status == "broken" and "config.json" in infos["deep"].error
    assert "nested too deeply" in infos["deep"].error
    assert infos["fifo"].status == "broken" and "not a regular file" in infos["fifo"].error
    with pytest.raises(RunError, match="config.json: nested too deeply"):
        load_run(bad)


@pytest.mark.parametrize("steps, reason", [("lots", "steps must be a whole number"),
                                           (10**30, "steps must be ≤")])
def test_invalid_config_values(good_run: Path, tmp_path: Path, steps: object, reason: str,
                               capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(good_run, tmp_path / "r")
    cfg = json.loads((run / "config.json").read_text())
    (run / "config.json").write_text(json.dumps({**cfg, "steps": steps}))
    with pytest.raises(RunError, match=reason) as info:
        load_run(run)
    assert "config.json" in str(info.value)
    assert list_runs(tmp_path)[0].status == "finished"  # the list still shows it
    assert train_main(["--run-dir", str(run), "--resume", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "config.json" in err and reason in err and _clean(err)


def test_bad_metrics_row_is_skipped_and_named(good_run: Path, tmp_path: Path) -> None:
    run = _copy(good_run, tmp_path / "r")
    with open(run / "metrics.jsonl", "a") as f:
        f.write('{"step": "abc"}\n{"step": 7, "train_loss": "x"}\n{"step": 8, "frac_neg": ["x"]}\n')
        # ([null] is no longer bad: the writer puts null for a NaN, read back as NaN)
    rec = load_run(run)
    assert [r["step"] for r in rec.metrics] == [1, 2, 3, 4, 5, 6]
    assert len(rec.warnings) == 1 and "metrics.jsonl" in rec.warnings[0]
    assert "skipped 3 bad row(s)" in rec.warnings[0] and "step 'abc'" in rec.warnings[0]
    # resuming drops them too and trains on: each step exactly once
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "8", "--quiet"]) == 0
    assert [r["step"] for r in load_run(run).metrics] == list(range(1, 9))


@pytest.mark.parametrize("truncated", [False, True])
def test_broken_stats_npz(good_run: Path, tmp_path: Path, truncated: bool) -> None:
    run = _copy(good_run, tmp_path / "r")
    data = (run / "stats.npz").read_bytes()
    (run / "stats.npz").write_bytes(data[: len(data) // 2] if truncated else b"")
    rec = load_run(run)
    assert rec.stats is None and rec.metrics and "stats.npz" in rec.warnings[0]
    with pytest.raises(ValueError, match="stats.npz"):
        plane.load_gate_pairs(run)
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "7", "--quiet"]) == 0
    assert load_run(run).stats is not None  # the next checkpoint wrote a good one


def test_pickled_stats_npz_names_no_unsafe_hint(tmp_path: Path) -> None:
    np.savez(tmp_path / "stats.npz", gate_pairs=np.array([Fraction(1, 2)], dtype=object))
    with pytest.raises(ValueError) as info:
        plane.load_gate_pairs(tmp_path)
    assert "stats.npz" in str(info.value) and _clean(str(info.value))


@pytest.mark.parametrize("payload, reason", [
    ([1, 2, 3], "not a gatelab checkpoint"),
    ({"model": {}}, "not a gatelab checkpoint"),
    (Fraction(1, 3), "refused for safety"),
    (b"garbage", "cannot be read"),
])
def test_foreign_checkpoint(good_run: Path, tmp_path: Path, payload: object, reason: str,
                            capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(good_run, tmp_path / "r")
    if isinstance(payload, bytes):
        (run / "ckpt.pt").write_bytes(payload)
    else:
        torch.save(payload, run / "ckpt.pt")
    for call in (lambda: runs.load_checkpoint(run), lambda: load_trained(run),
                 lambda: list(train_steps(CFG.replace(steps=9), run_dir=run, resume=True))):
        with pytest.raises(RunError, match=reason) as info:
            call()
        assert "ckpt.pt" in str(info.value) and _clean(str(info.value))
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "9", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ckpt.pt" in err and reason in err and _clean(err)


def test_downsampled_metrics_keep_every_val_row_and_the_last(tmp_path: Path) -> None:
    path = tmp_path / "metrics.jsonl"
    with open(path, "w") as f:
        for step in range(1, 50_001):
            row = {"step": step, "train_loss": 1.0 / step}
            if step % 1000 == 0:
                row["val_loss"] = 2.0 / step
            f.write(json.dumps(row) + "\n")
        f.write('{"step": 50001, "train')  # a crash mid-write
    rows = read_metrics(path, max_rows=2000)
    steps = [r["step"] for r in rows]
    assert 1000 <= len(rows) <= 2000 and steps[0] == 1 and steps[-1] == 50_000
    assert steps == sorted(set(steps))
    assert [r["step"] for r in rows if "val_loss" in r] == list(range(1000, 50_001, 1000))
    gaps = np.diff([s for s in steps if s % 1000])  # the strided train rows are evenly spaced
    assert gaps.max() == gaps.min()
    assert len(read_metrics(path)) == 50_000


@pytest.mark.parametrize("keep", [10, 100, 5000, -10])
def test_truncated_checkpoint_says_truncated(good_run: Path, tmp_path: Path, keep: int,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A copy cut short (first 5,000 bytes, …) once said "[Errno 22] Invalid argument"."""
    run = _copy(good_run, tmp_path / "r")
    data = (run / "ckpt.pt").read_bytes()
    (run / "ckpt.pt").write_bytes(data[:keep])
    with pytest.raises(RunError, match="truncated or damaged") as info:
        runs.load_checkpoint(run)
    assert "ckpt.pt" in str(info.value) and "Errno" not in str(info.value)
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "9", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "truncated or damaged" in err and "ckpt.pt" in err


def test_truncated_stats_says_truncated(tmp_path: Path) -> None:
    np.savez(tmp_path / "stats.npz", gate_pairs=np.zeros((2, 50, 2)))
    data = (tmp_path / "stats.npz").read_bytes()
    (tmp_path / "stats.npz").write_bytes(data[: len(data) // 2])
    with pytest.raises(RunError, match="stats.npz: it is truncated or damaged"):
        runs.read_stats(tmp_path / "stats.npz")


def test_resume_with_a_folder_for_run_json(good_run: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Once: "[Errno 21] Is a directory: '…/.run.json.PID.tmp' -> '…/run.json'"."""
    run = _copy(good_run, tmp_path / "r")
    (run / "run.json").unlink()
    (run / "run.json").mkdir()
    with pytest.raises(RunError, match="cannot write .*run.json: a folder is in the way") as info:
        list(train_steps(CFG.replace(steps=9), run_dir=run, resume=True))
    assert isinstance(info.value, OSError) and ".tmp" not in str(info.value)
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "9", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "run.json: a folder is in the way" in err
    assert "Errno" not in err and ".tmp" not in err
    assert not [p.name for p in run.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("summary, reason", [
    ({"status": 5, "steps": "x"}, "run.json: status is not text; steps is not a number"),
    ({"steps": 3}, "run.json: status is missing"),
    ({"status": ""}, "run.json: status is empty"),
    ({}, "run.json: holds an empty object"),
])
def test_broken_run_json_says_why(good_run: Path, tmp_path: Path, summary: dict,
                                  reason: str) -> None:
    """Once listed as "broken" with an empty reason."""
    run = _copy(good_run, tmp_path / "r")
    (run / "run.json").write_text(json.dumps(summary))
    (info,) = list_runs(tmp_path)
    assert info.status == "broken" and info.error == reason


def test_run_json_number_with_too_many_digits(good_run: Path, tmp_path: Path) -> None:
    run = _copy(good_run, tmp_path / "r")
    (run / "run.json").write_text('{"status": "finished", "steps": ' + "9" * 5000 + "}")
    with pytest.raises(RunError, match="run.json: a number in it has too many digits"):
        runs.read_json_strict(run / "run.json")
    (info,) = list_runs(tmp_path)
    assert info.status == "broken" and "too many digits" in info.error
    assert "set_int_max" not in info.error


@pytest.mark.parametrize("error", [[""], {"x": 1}, 7, True])
def test_an_error_of_the_wrong_type_is_no_python_repr(good_run: Path, tmp_path: Path,
                                                      error: object) -> None:
    """Probe s19 P3: run.json's ``"error": [""]`` showed in the list as "broken: ['']"."""
    d = _copy(good_run, tmp_path / "r")
    summary = json.loads((d / "run.json").read_text())
    (d / "run.json").write_text(json.dumps({**summary, "status": "failed", "error": error}))
    info = runs.run_info(d)
    assert info.status == "failed" and info.error == ""
    summary.pop("status")
    (d / "run.json").write_text(json.dumps({**summary, "error": error}))
    info = runs.run_info(d)
    assert info.status == "broken" and "[" not in info.error and "{" not in info.error
    assert info.error.startswith("run.json")  # the reason core works out, not a repr
