"""gatelab-train on a run another process trains: one line that says so, nothing else
(probe s23 D5: a --resume printed "note: … has no checkpoint yet (it stopped before its first
one); training it again from step 0" and then refused, and a new run into that folder was told
to go on with --resume, which is refused too)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gatelab.cli import train_main
from tests.core.test_runs_s9_delete import live_writer, make_run


@pytest.fixture
def trainer() -> Iterator[subprocess.Popen[bytes]]:
    """Another process: the gatelab-train (or app) that trains the run."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield proc
    proc.kill()
    proc.wait()


def busy_line(run: Path, pid: int) -> str:
    from gatelab.core.run_liveness import host_name

    return (f"gatelab-train: error: {run} is still being trained by process {pid} on "
            f"{host_name()}; stop that run first\n")


def test_resume_of_a_run_trained_elsewhere_says_that_alone(tmp_path: Path, trainer,  # noqa: ANN001
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    run = make_run(tmp_path / "run-1", **live_writer(trainer.pid))  # no checkpoint yet
    assert train_main(["--run-dir", str(run), "--resume", "--quiet"]) == 2
    assert capsys.readouterr().err == busy_line(run, trainer.pid)


def test_a_new_run_into_it_is_not_told_to_resume_it(tmp_path: Path, trainer,  # noqa: ANN001
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    run = make_run(tmp_path / "run-1", **live_writer(trainer.pid))
    assert train_main(["--run-dir", str(run), "--steps", "5", "--quiet"]) == 2
    assert capsys.readouterr().err == busy_line(run, trainer.pid)
