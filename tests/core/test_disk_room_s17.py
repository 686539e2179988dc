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
    cfg = TrainConfig(steps=600, checkpoint_interval=20)
    n = 2_400_000  # weights 9.6 MB; a checkpoint with AdamW's moments 28.8 MB
    assert run_disk_need(cfg, n) == 2 * 12 * n + 24 * 4 * n + (1 << 20)  # 24 entries kept at most
    assert run_disk_need(cfg.replace(steps=40), n) == 2 * 12 * n + 3 * 4 * n + (1 << 20)
    assert run_disk_need(cfg, 9_000_000) == 2 * 12 * 9_000_000 + (1 << 20)  # no weights history


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
