"""Flags that used to run for minutes are refused by ``TrainConfig.validate`` (issue 8)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from gatelab.cli import train_main
from gatelab.core.trainconfig import (
    MAX_EVAL_ITERS,
    MAX_INTERMEDIATE,
    MAX_SAMPLE_CHARS,
    TrainConfig,
)


@pytest.mark.parametrize(("changes", "message"), [
    ({"eval_iters": 10_000_000}, "eval_iters must be ≤ 1,000 validation batches"),
    ({"eval_iters": MAX_EVAL_ITERS + 1}, "eval_iters must be ≤ 1,000"),
    ({"intermediate": 1_000_000}, r"intermediate must be ≤ 8,192 \(64 × width 128"),
    ({"n_embd": 8192, "n_head": 8, "intermediate": MAX_INTERMEDIATE + 1},
     "intermediate must be ≤ 262,144"),
    ({"sample_chars": MAX_SAMPLE_CHARS + 1}, "sample_chars must be a whole number from 0"),
    ({"sample_chars": -1}, "sample_chars"),
])
def test_limits(changes: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TrainConfig(**changes).validate()


def test_limits_still_allow_the_edges() -> None:
    TrainConfig(eval_iters=MAX_EVAL_ITERS, intermediate=64 * 128, sample_chars=0).validate()
    TrainConfig(n_embd=256, intermediate=500, sample_chars=MAX_SAMPLE_CHARS).validate()


@pytest.mark.parametrize(("flags", "message"), [
    (["--eval-iters", "10000000"], "--eval-iters must be ≤ 1,000"),
    (["--intermediate", "1000000"], "intermediate must be ≤ 8,192"),
])
def test_cli_refuses_fast(flags: list[str], message: str, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    t0 = time.perf_counter()
    rc = train_main(["--corpus", "generated", "--quiet", "--run-dir", str(tmp_path / "r")] + flags)
    err = capsys.readouterr().err
    assert rc == 2 and time.perf_counter() - t0 < 5
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(("changes", "message"), [
    ({"seed": 2**64}, "seed must be a whole number from 0 to 4,294,967,295"),
    ({"seed": True}, "seed must be a whole number"),
    ({"eval_iters": 10**26}, "eval_iters must be ≤ 1,000 validation batches"),
    ({"warmup_steps": 10**26}, "warmup_steps must be a whole number from 0 to 10,000,000"),
    ({"warmup_steps": True}, "warmup_steps must be a whole number"),
])
def test_probe_limits(changes: dict, message: str) -> None:
    """Found by probing: a huge seed died in torch ("Overflow when unpacking long long"), a huge
    eval_iters named the wrong limit, and a huge warm-up silently trained at lr ≈ 0."""
    with pytest.raises(ValueError, match=message):
        TrainConfig(**changes).validate()
    TrainConfig(seed=2**32 - 1, warmup_steps=10**7).validate()


def test_cli_huge_seed_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc = train_main(["--corpus", "generated", "--quiet", "--seed", "99999999999999999999999999",
                     "--run-dir", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert rc == 2 and "seed must be a whole number from 0 to" in err and "Overflow" not in err
    assert not (tmp_path / "r").exists()
