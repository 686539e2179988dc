"""Two Ctrl-C while gatelab-train starts (kill probe s21 D4).

The first Ctrl-C, once the training loop's handler is in place, asks the run to stop after its
step; a second one aborts. Both landing while the run was still being set up (the model built,
the folder opened) printed "aborted; continue from the last checkpoint with: gatelab-train
--run-dir … --resume" for a folder that held nothing (running it: "no run to resume … config.json
missing"), and left that empty folder in the runs list's folder. One Ctrl-C at that moment says
"interrupted before training started; nothing was saved" and leaves no folder: so do two now.

The signals are real (``os.kill`` of this process, through gatelab-train's own handlers); they
are sent from inside the start-up step named by each test, so they land exactly there.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gatelab import cli
from gatelab.core import engine
from gatelab.paths import runs_dir

TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "4", "--threads", "1", "--sample-chars", "0", "--no-stats", "--steps", "6",
        "--eval-interval", "3", "--checkpoint-interval", "3", "--quiet"]
NOTHING = "gatelab-train: interrupted before training started; nothing was saved\n"


def _two_ctrl_c() -> None:
    """Two SIGINTs 50 ms apart, each delivered (the handler runs at the next bytecode)."""
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.05)
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(1)  # (the second raises in here)


def _interrupting(real: Callable[..., Any], once: list[int]) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        if not once:
            once.append(1)
            _two_ctrl_c()
        return real(*args, **kwargs)
    return call


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GATELAB_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(cli, "_check_memory", lambda config: None)


@pytest.mark.parametrize("where", ["building the model", "before the first step"])
def test_two_ctrl_c_while_starting_leave_no_folder_and_no_hint(
        where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    if where == "building the model":  # before the run folder holds any file
        monkeypatch.setattr(engine.memory, "check_training",
                            _interrupting(engine.memory.check_training, []))
    else:  # config.json, run.json and an empty metrics.jsonl written, no step trained
        monkeypatch.setattr(engine, "train_step", _interrupting(engine.train_step, []))
    rc = cli.train_main(TINY)
    err = capsys.readouterr().err
    assert rc == 130, err
    assert err.endswith("\n" + NOTHING), err
    assert "--resume" not in err and "aborted" not in err
    assert not any(runs_dir().iterdir())  # the folder it made for the run is gone


def test_with_a_new_run_dir_the_folder_it_made_is_removed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(engine, "train_step", _interrupting(engine.train_step, []))
    run = tmp_path / "new" / "run"
    assert cli.train_main([*TINY, "--run-dir", str(run)]) == 130
    assert capsys.readouterr().err.endswith("\n" + NOTHING)
    assert not run.exists() and (tmp_path / "new").is_dir()  # only the folder it made


def test_a_folder_that_was_there_is_kept_with_what_it_held(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(engine, "train_step", _interrupting(engine.train_step, []))
    run = tmp_path / "mine"
    run.mkdir()
    (run / "notes.txt").write_text("the user's")
    assert cli.train_main([*TINY, "--run-dir", str(run)]) == 130
    assert capsys.readouterr().err.endswith("\n" + NOTHING)
    assert sorted(p.name for p in run.iterdir()) == ["notes.txt"]  # its own run files gone


def test_an_abort_after_a_checkpoint_still_says_how_to_continue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[int] = []

    def step(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 5:  # past the checkpoint at step 3
            _two_ctrl_c()
        return real(*args, **kwargs)

    real = engine.train_step
    monkeypatch.setattr(engine, "train_step", step)
    run = tmp_path / "run"
    assert cli.train_main([*TINY, "--run-dir", str(run)]) == 130
    err = capsys.readouterr().err
    assert f"aborted; continue from the last checkpoint with:\n  gatelab-train --run-dir {run} " \
           f"--resume\n" in err
    assert json.loads((run / "run.json").read_text())["status"] == "interrupted"
    assert cli.train_main(["--run-dir", str(run), "--resume", "--quiet"]) == 0  # it runs


def test_an_aborted_resume_keeps_its_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    assert cli.train_main([*TINY, "--run-dir", str(run)]) == 0
    kept = tmp_path / "kept"
    shutil.copytree(run, kept)
    monkeypatch.setattr(engine, "train_step", _interrupting(engine.train_step, []))
    assert cli.train_main(["--run-dir", str(run), "--resume", "--steps", "9", "--quiet"]) == 130
    assert f"gatelab-train --run-dir {run} --resume" in capsys.readouterr().err
    assert (run / "ckpt.pt").read_bytes() == (kept / "ckpt.pt").read_bytes()
    assert (run / "config.json").is_file() and (run / "metrics.jsonl").stat().st_size > 0
