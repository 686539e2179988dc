"""Walkthrough s19 D2: the throughput a finished run is summed up by (the CLI's last line and
run.json's ``tokens_per_s``) was the last interval's, which holds the final evaluation: a run
that did 153,600 tokens in 13.9 s (11k tokens/s) was reported at 4,378 tokens/s. It is now the
run's own mean: tokens seen over the time taken, evaluations and checkpoints included."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import torch

from gatelab.cli import train_main
from gatelab.core.trainconfig import Snapshot

torch.set_num_threads(1)
TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "8", "--eval-interval", "10", "--eval-iters", "40", "--threads", "1", "--quiet"]


def _rows(run: Path) -> list[dict]:
    return [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]


def test_the_summary_is_the_runs_mean_not_its_last_interval(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    assert train_main(TINY + ["--steps", "20", "--run-dir", str(run)]) == 0
    out = capsys.readouterr().out
    last = _rows(run)[-1]
    mean = last["tokens_seen"] / last["elapsed_s"]
    summary = json.loads((run / "run.json").read_text())
    assert summary["tokens_per_s"] == pytest.approx(mean, rel=1e-9)
    assert last["tokens_per_s"] != pytest.approx(mean, rel=0.05)  # (not the same number)
    said = re.search(r"([\d,]+) tokens/s on cpu", out)
    assert said is not None and int(said.group(1).replace(",", "")) == round(mean)


def test_resumed_runs_count_every_token_and_second() -> None:
    snap = Snapshot(step=30, steps_total=30, tokens_seen=3840, train_loss=2.0, lr=1e-3,
                    tokens_per_s=500.0, elapsed_s=1.5)
    assert snap.mean_tokens_per_s() == pytest.approx(2560.0)
    fresh = Snapshot(step=0, steps_total=30, tokens_seen=0, train_loss=2.0, lr=1e-3,
                     tokens_per_s=500.0, elapsed_s=0.0)
    assert fresh.mean_tokens_per_s() == 500.0  # nothing to average yet: the interval's
