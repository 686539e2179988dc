"""Probe s19 D6: resuming a run whose checkpoint holds NaN weights failed at its first step with
"loss became nan … lower the learning rate or raise warmup", advice that cannot help. The
checkpoint is now named as damaged before any step; analysing it stays possible."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import torch

from gatelab.cli import train_main
from gatelab.core.engine import load_trained, train_steps
from gatelab.core.runs import RunError
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
CFG = TrainConfig(corpus="generated", n_layer=1, n_embd=32, n_head=2, block_size=16,
                  batch_size=4, steps=6, eval_interval=6, warmup_steps=1, threads=1,
                  checkpoint_interval=6, sample_chars=0)


def _poisoned_run(tmp_path: Path, names: int) -> Path:
    run = tmp_path / "run"
    list(train_steps(CFG, run_dir=run))
    ckpt = torch.load(run / "ckpt.pt", map_location="cpu", weights_only=False)
    for key in sorted(ckpt["model"])[:names]:
        if ckpt["model"][key].is_floating_point():
            ckpt["model"][key] = torch.full_like(ckpt["model"][key], float("nan"))
    torch.save(ckpt, run / "ckpt.pt")
    return run


def test_resuming_nan_weights_names_the_damaged_checkpoint(tmp_path: Path) -> None:
    run = _poisoned_run(tmp_path, names=5)
    with pytest.raises(RunError) as info:
        list(train_steps(dataclasses.replace(CFG, steps=10), run_dir=run, resume=True))
    assert info.value.msg.key == "ckpt.cannot_restore"
    text = str(info.value)
    assert "5 of its weights hold NaN or infinity" in text and ", …)" in text
    assert text.count("cannot be restored") == 1
    assert "learning rate" not in text
    model, _vocab, _cfg = load_trained(run)  # still open to analysis
    assert not all(bool(p.isfinite().all()) for p in model.parameters())


def test_the_cli_says_so_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _poisoned_run(tmp_path, names=1)
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "10", "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "cannot be restored: 1 of its weights hold NaN or infinity" in err
    assert err.count("cannot be restored") == 1  # (said twice: the error was wrapped again)
    assert "learning rate" not in err and "start a new run" in err
