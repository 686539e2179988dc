"""Probe s17 #6: a disk too full for a run's checkpoints was found only at a checkpoint ("No
space left on device" after 20 steps), and the suggested --resume failed the same way. A run is
now refused before its first step, with the space it needs and the space that is free."""

from __future__ import annotations

import shutil
from collections import namedtuple
from pathlib import Path

import pytest

from gatelab.cli import train_main
from gatelab.core import disk_room
from gatelab.core.disk_room import run_disk_need
from gatelab.core.trainconfig import TrainConfig

TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "8", "--eval-interval", "10", "--threads", "1", "--quiet"]
Usage = namedtuple("Usage", "total used free")


def _free(monkeypatch: pytest.MonkeyPatch, free: int) -> None:
    real = shutil.disk_usage
    monkeypatch.setattr(disk_room.shutil, "disk_usage",
                        lambda p: Usage(real(p).total, real(p).used, free))


def test_the_need_counts_two_checkpoints_and_the_history() -> None:
    cfg = TrainConfig(steps=600, checkpoint_interval=20, stats=False)
    n = 2_400_000  # weights 9.6 MB; a checkpoint with AdamW's moments 28.8 MB
    ckpt, entry, rows = 12 * n + disk_room.CKPT_EXTRA, 4 * n + disk_room.ENTRY_EXTRA, 256
    assert run_disk_need(cfg, n) == 2 * ckpt + 24 * entry + 600 * rows + (1 << 20)  # 24 kept
    assert run_disk_need(cfg.replace(steps=40), n) == 2 * ckpt + 4 * entry + 40 * rows + (1 << 20)
    big = 9_000_000  # no weights history
    assert run_disk_need(cfg, big) == 2 * (12 * big + disk_room.CKPT_EXTRA) + 600 * rows + (1 << 20)


def test_the_need_grows_with_steps_and_statistics() -> None:
    """Probe s19 D2: a fixed 1 MB stood for metrics and statistics, whatever the steps."""
    cfg = TrainConfig(n_layer=2, n_embd=64, n_head=2, steps=3000, checkpoint_interval=50)
    n = 100_000
    more = run_disk_need(cfg.replace(steps=30_000), n) - run_disk_need(cfg, n)
    assert more >= 27_000 * disk_room.METRICS_ROW  # every step's row
    assert run_disk_need(cfg, n) - run_disk_need(cfg.replace(stats=False), n) >= 50 * (
        disk_room.stats_entry_bytes(cfg) - disk_room.ENTRY_EXTRA)


def test_the_need_covers_what_a_real_run_writes(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    assert train_main(TINY + ["--steps", "400", "--checkpoint-interval", "10",
                              "--run-dir", str(run)]) == 0
    capsys.readouterr()
    from gatelab.core.runs import read_config
    peak = disk_room.folder_bytes(run) + (run / "ckpt.pt").stat().st_size  # + its replacement
    need = run_disk_need(read_config(run), _params(run))
    assert peak <= need <= 3 * peak + (1 << 20), (peak, need)  # enough, and not wildly more


def test_a_full_disk_refuses_before_the_first_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    _free(monkeypatch, 200_000)
    run = tmp_path / "run"
    assert train_main(TINY + ["--steps", "20", "--run-dir", str(run)]) == 2
    err = capsys.readouterr().err
    assert "this run needs about" in err and "but only 200.0 KB is free" in err, err
    assert not (run / "ckpt.pt").exists() and not (run / "metrics.jsonl").exists()


def test_room_enough_trains_and_a_resume_counts_what_the_folder_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from gatelab.core.runs import read_config
    run = tmp_path / "run"
    assert train_main(TINY + ["--steps", "10", "--run-dir", str(run)]) == 0
    held = disk_room.folder_bytes(run)
    assert held > (run / "ckpt.pt").stat().st_size
    need = run_disk_need(read_config(run).replace(steps=15), _params(run))
    _free(monkeypatch, (need - held) // 4)
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "15", "--quiet"]) == 2
    assert "this run needs about" in capsys.readouterr().err
    _free(monkeypatch, need - held + 10)  # just enough once what it holds is counted
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "15", "--quiet"]) == 0


def _params(run: Path) -> int:
    import torch
    state = torch.load(run / "ckpt.pt", weights_only=True)["model"]
    return sum(t.numel() for t in state.values())


def test_a_refused_new_run_dir_is_removed_and_an_existing_one_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Probe s19 P2: the refusal left the empty --run-dir it had made."""
    _free(monkeypatch, 200_000)
    made = tmp_path / "new"
    assert train_main(TINY + ["--steps", "20", "--run-dir", str(made)]) == 2
    assert not made.exists()
    mine = tmp_path / "mine"
    mine.mkdir()  # the user's own empty folder stays
    assert train_main(TINY + ["--steps", "20", "--run-dir", str(mine)]) == 2
    assert mine.is_dir() and not any(mine.iterdir())
    capsys.readouterr()


def test_a_full_disk_mid_run_ends_the_bar_before_the_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Probe s19 P1: "…00:01<--:--gatelab-train: error: cannot write …/ckpt.pt: No space left"."""
    import errno

    from gatelab.core import run_writer
    real, calls = run_writer.atomic_write_bytes, []

    def full_at_second_checkpoint(path: Path, data: bytes) -> None:
        if Path(path).name == "ckpt.pt":
            calls.append(path)
            if len(calls) == 2:
                raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, data)

    monkeypatch.setattr(run_writer, "atomic_write_bytes", full_at_second_checkpoint)
    args = [a for a in TINY if a != "--quiet"]
    assert train_main(args + ["--steps", "30", "--checkpoint-interval", "10",
                              "--run-dir", str(tmp_path / "run")]) == 1  # a failed run (s21 D5)
    err = capsys.readouterr().err
    line = next(x for x in err.splitlines() if "error:" in x)
    assert line.startswith("gatelab-train: error: ") and "No space left on device" in line
