"""Ctrl-C in gatelab-experiment: exit 130 like gatelab-train, and say how to go on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARGV = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "8", "--threads", "1", "--no-stats", "--sample-chars", "0", "--steps", "100000",
        "--eval-interval", "50000", "--variants", "swiglu,gelu", "--seeds", "2"]
CODE = "import sys; from gatelab.cli import experiment_main; sys.exit(experiment_main())"


def _rows(out: Path) -> int:
    files = list(out.glob("exp-*/*-seed*/metrics.jsonl"))
    return sum(f.read_bytes().count(b"\n") for f in files)


def _run_until_training(tmp_path: Path) -> tuple[subprocess.Popen[bytes], Path]:
    out = tmp_path / "exps"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GATELAB_HOME": str(tmp_path / "home")}
    with open(tmp_path / "out.txt", "wb") as so, open(tmp_path / "err.txt", "wb") as se:
        proc = subprocess.Popen([sys.executable, "-c", CODE, *ARGV, "--out", str(out)], cwd=ROOT,
                                env=env, stdout=so, stderr=se)
    deadline = time.monotonic() + 120
    while _rows(out) < 5:
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail((tmp_path / "err.txt").read_text())
        time.sleep(0.01)
    return proc, out


def test_experiment_ctrl_c_exits_130_and_says_how_to_continue(tmp_path: Path) -> None:
    """Before, Ctrl-C ended gatelab-experiment with exit 1 and no hint how to go on."""
    proc, out = _run_until_training(tmp_path)
    try:
        proc.send_signal(signal.SIGINT)
        rc = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    stdout = (tmp_path / "out.txt").read_text()
    stderr = (tmp_path / "err.txt").read_text()
    text = stdout + stderr
    assert rc == 130, text
    assert "Traceback" not in text
    run = next(out.glob("exp-*/swiglu-seed1337"))
    assert f"continue the experiment with:\n  gatelab-experiment --continue {run.parent}\n" in text
    assert "gatelab-train" not in text  # continuing the experiment resumes the interrupted run
    # a graceful stop still prints what was measured, then the hint
    assert "stopped after 0 of 4 runs." in stdout and "experiment folder: " in stdout
    assert (run.parent / "experiment.json").is_file()


def test_second_ctrl_c_aborts_with_130_and_the_hint(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A second Ctrl-C raises KeyboardInterrupt mid-run: it used to end in a traceback. Raised
    before the first run reported, the experiment's folder is unknown: it is started again."""
    from gatelab import cli
    from gatelab.core import experiment

    def interrupted(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(experiment, "run_experiment", interrupted)
    monkeypatch.setattr(cli, "_check_memory", lambda config: None)
    rc = cli.experiment_main(["--corpus", "generated", "--steps", "5", "--seeds", "1", "--quiet"])
    err = capsys.readouterr().err
    assert rc == 130
    assert "aborted.\nit stopped before its first run began; start it again with:\n  " \
           "gatelab-experiment --corpus generated --steps 5 --seeds 1 --quiet\n" in err
