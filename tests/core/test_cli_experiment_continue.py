"""gatelab-experiment --continue FOLDER: finish a stopped experiment in its own folder.

Before, the CLI could only run a stopped experiment again (every run anew, in a new folder);
its Ctrl-C hint said so. Now the hint names ``--continue`` and that trains only what is missing.
"""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path

import pytest
import torch

from gatelab.cli import experiment_main
from gatelab.core import engine, experiment_continue

torch.set_num_threads(1)
TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "8", "--lr", "3e-3", "--eval-interval", "4", "--eval-iters", "2",
        "--threads", "1", "--no-stats", "--sample-chars", "0", "--steps", "10", "--seeds", "2"]
FIRST, SECOND = "swiglu-seed1337", "gelu-seed1337"  # the order: seed by seed, each variant


def _files(run: Path) -> dict[str, bytes]:
    return {str(f.relative_to(run)): f.read_bytes() for f in sorted(run.rglob("*")) if f.is_file()}


@pytest.fixture
def stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    """An experiment (2 variants × 2 seeds) stopped as Ctrl-C stops it: its first run finished,
    its second at step 6 (checkpoint at 4); (its folder, what it printed). The folder's name
    holds a space, so the hint must quote it."""
    real = engine.train_steps
    finished = []

    def stop_in_second_run(config, stop, **kw):  # type: ignore[no-untyped-def]
        for snap in real(config, stop, **kw):
            yield snap
            finished.extend([1] if snap.status == "finished" else [])
            if finished and snap.step >= 6:
                stop.set()

    monkeypatch.setattr(engine, "train_steps", stop_in_second_run)
    rc = experiment_main(TINY + ["--quiet", "--out", str(tmp_path / "my exps")])
    monkeypatch.setattr(engine, "train_steps", real)
    out, err = capsys.readouterr()
    assert rc == 130, err
    return next((tmp_path / "my exps").glob("exp-*")), out + err


def test_stop_hint_names_the_continue_command(stopped: tuple[Path, str]) -> None:
    folder, text = stopped
    assert text.endswith(f"stopped after 1 of 4 runs.\ncontinue the experiment with:\n"
                         f"  gatelab-experiment --continue {shlex.quote(str(folder))}\n")
    assert shlex.split(text.splitlines()[-1]) == ["gatelab-experiment", "--continue", str(folder)]
    assert "run the experiment again" not in text and "gatelab-train" not in text
    assert json.loads((folder / "experiment.json").read_text())["status"] == "stopped"


def test_continue_trains_only_the_missing_runs(stopped: tuple[Path, str],
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = stopped
    kept = _files(folder / FIRST)
    real, trained = engine.train_steps, []

    def recording(config, stop, **kw):  # type: ignore[no-untyped-def]
        trained.append((Path(kw["run_dir"]).name, kw["resume"]))
        yield from real(config, stop, **kw)

    monkeypatch.setattr(engine, "train_steps", recording)
    assert experiment_main(["--continue", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert trained == [(SECOND, True), ("swiglu-seed1338", False), ("gelu-seed1338", False)]
    assert _files(folder / FIRST) == kept  # the finished run is left byte for byte
    assert err.startswith(f"continuing {folder}: 3 of 4 runs to train\n")
    assert "gelu seed 1337 [" in err and "10/10" in err and "Traceback" not in err  # the bar
    assert "noise floor (3 × pooled std): " in out and "verdict: " in out
    assert f"experiment folder: {folder}\n" in out and "stopped after" not in out
    saved = json.loads((folder / "experiment.json").read_text())
    assert saved["status"] == "finished" and saved["runs_done"] == 4
    assert {v["variant"]: len(v["final_val"]) for v in saved["variants"]} == {"swiglu": 2, "gelu": 2}
    rows = [line for line in out.splitlines() if line.startswith(("swiglu ", "gelu "))]
    assert len(rows) == 2 and all(row.count(", ") == 1 for row in rows)  # two finals each
    # finished now: nothing to continue; a live writer: busy (this very process)
    assert experiment_main(["--continue", str(folder), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == (f"gatelab-experiment: error: {folder}: every run of the experiment has "
                   f"finished; nothing to continue\n")
    from gatelab.core.run_liveness import claim_writer  # a writer still open in this process

    (folder / "experiment.json").write_text(json.dumps(dict(saved, status="running",
                                                             writer=claim_writer())))
    assert experiment_main(["--continue", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "still being trained by a running process" in err and err.count("\n") == 1


def test_second_ctrl_c_while_continuing_names_the_folder(
        stopped: tuple[Path, str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = stopped

    def aborted(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(experiment_continue, "continue_experiment", aborted)
    assert experiment_main(["--continue", str(folder), "--quiet"]) == 130
    assert capsys.readouterr().err.endswith(
        f"aborted.\ncontinue the experiment with:\n"
        f"  gatelab-experiment --continue {shlex.quote(str(folder))}\n")


def _fifo(path: Path) -> None:
    path.mkdir()
    os.mkfifo(path / "experiment.json")


@pytest.mark.parametrize("make, message", [
    (lambda p: None, "--continue {p}: no such folder"),
    (lambda p: p.mkdir(), "no experiment to continue in {p} (experiment.json missing)"),
    (lambda p: p.write_text("x"), "--continue {p}: not a folder (give the experiment's exp-… folder)"),
    (_fifo, "cannot read {p}/experiment.json: "),  # and never blocks on the pipe
    (lambda p: (p.mkdir(), (p / "experiment.json").write_text("[1, 2]")),
     "{p}: experiment.json does not say which variants, seeds and settings to train"),
    (lambda p: (p.mkdir(), (p / "experiment.json").write_bytes(b"\xff{")),
     "cannot read {p}/experiment.json: "),
])
def test_a_folder_that_cannot_be_continued_is_one_line(
        make, message: str, tmp_path: Path,  # type: ignore[no-untyped-def]
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "exp-x"
    make(folder)
    assert experiment_main(["--continue", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"gatelab-experiment: error: {message.format(p=folder)}")
    assert err.count("\n") == 1 and "Traceback" not in err and out == ""


@pytest.mark.parametrize("extra, named", [
    (["--variants", "swiglu,gelu"], "--variants"),
    (["--seeds", "3", "--steps", "20"], "--seeds, --steps"),
    (["--untied", "--out", "elsewhere"], "--untied, --out"),
])
def test_continue_refuses_plan_flags(extra: list[str], named: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The experiment's own plan sets variants, seeds and settings: a flag would be ignored."""
    (tmp_path / "exp").mkdir()
    assert experiment_main(["--continue", str(tmp_path / "exp"), "--quiet", *extra]) == 2
    assert capsys.readouterr().err == (
        f"gatelab-experiment: error: --continue trains the experiment as it was planned; leave "
        f"out {named} (only --quiet goes with it)\n")
    assert list((tmp_path / "exp").iterdir()) == []
