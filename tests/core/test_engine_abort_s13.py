"""A second stop signal aborts a run (the last checkpoint stands); run.json names the signal
that did it: "aborted with Ctrl-C" was written for a second SIGTERM too (fixA s13)."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from gatelab.cli_signals import Interrupted
from gatelab.core.engine import train_steps
from gatelab.core.trainconfig import TrainConfig

CFG = TrainConfig(n_layer=1, n_head=2, n_embd=16, block_size=16, batch_size=4, steps=50,
                  eval_interval=100, threads=1, sample_chars=0, device="cpu", corpus="generated")


@pytest.mark.parametrize(("exc", "said"), [
    (KeyboardInterrupt(), "aborted with Ctrl-C"),
    (Interrupted(signal.SIGTERM), "aborted with SIGTERM"),
    (Interrupted(signal.SIGHUP), "aborted with SIGHUP"),
])
def test_an_abort_names_its_signal(tmp_path: Path, exc: BaseException, said: str) -> None:
    run = tmp_path / "run"
    steps = train_steps(CFG, run_dir=run)
    next(steps)
    with pytest.raises(KeyboardInterrupt):
        steps.throw(exc)
    summary = json.loads((run / "run.json").read_text())
    assert (summary["status"], summary["error"]) == ("interrupted", said)
