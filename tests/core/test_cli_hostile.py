"""gatelab-train and gatelab-experiment against a hostile file system (hostile-input probe).

What the user must get: a file that only adds to a run (samples.txt, the stats history) and
cannot be written is one warning, never the end of the run nor the loss of its last steps; a
--run-dir or --out that cannot be a folder (a file, a FIFO, a parent that is a file, no
permission) is one line on stderr naming the flag, the path and what is wrong, exit code 2, and
the thing in the way is left exactly as it was; no message says the same prefix twice.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import torch

from gatelab.cli import experiment_main, train_main
from gatelab.core import engine, runs
from gatelab.core.experiment import load_experiment
from gatelab.core.run_writer import RunWriteError, atomic_write_bytes

torch.set_num_threads(1)
TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "8", "--lr", "3e-3", "--eval-interval", "10", "--threads", "1", "--quiet"]
FOLDER_IN_WAY = "a folder is in the way where this file belongs"


@contextmanager
def _deadline(seconds: int) -> Iterator[None]:
    """Fail instead of hanging the suite when a write blocks on a FIFO."""
    def boom(signum: int, frame: object) -> None:
        raise TimeoutError(f"still blocked after {seconds} s")

    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _ckpt_step(run_dir: Path) -> int:
    return int(runs.load_checkpoint(run_dir)["step"])


def _one_error_line(err: str, prog: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err and "Errno" not in err, err
    assert err.startswith(f"{prog}: error: "), err
    return err.rstrip("\n")


# -- 1. a sample or stats history that cannot be written ---------------------------------------
def test_sample_in_the_way_warns_once_and_the_run_finishes_with_its_checkpoint(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """samples.txt as a folder killed the run after its last step: the final checkpoint (written
    after the sample) was lost, so the run stayed at step 14 of 20, "failed"."""
    d = tmp_path / "run"
    (d / "samples.txt").mkdir(parents=True)
    rc = train_main(TINY + ["--steps", "20", "--checkpoint-interval", "7", "--no-stats",
                            "--run-dir", str(d)])
    out, err = capsys.readouterr()
    assert rc == 0 and out.startswith("finished: step 20/20") and "--- sample ---" in out
    warning = (f"gatelab-train: warning: the sample was not saved: cannot write "
               f"{d / 'samples.txt'}: {FOLDER_IN_WAY}")
    assert err.splitlines() == [warning]
    assert _ckpt_step(d) == 20 and runs.run_info(d).status == "finished"
    assert json.loads((d / "run.json").read_text())["warnings"] == [warning.split("warning: ")[1]]
    assert (d / "samples.txt").is_dir()


def test_sample_fifo_is_neither_blocked_on_nor_replaced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """open(samples.txt, "a") on a FIFO waits for a reader forever: the finished run hung."""
    d = tmp_path / "run"
    d.mkdir()
    os.mkfifo(d / "samples.txt")
    with _deadline(60):
        rc = train_main(TINY + ["--steps", "10", "--no-stats", "--sample-chars", "20",
                                "--run-dir", str(d)])
    err = capsys.readouterr().err
    assert rc == 0 and _ckpt_step(d) == 10
    assert err == (f"gatelab-train: warning: the sample was not saved: {d / 'samples.txt'}: is "
                   f"not a regular file (a pipe, device or socket)\n")
    assert stat.S_ISFIFO(os.lstat(d / "samples.txt").st_mode)


def test_the_final_checkpoint_comes_before_the_sample(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A run that fails while sampling (out of memory) keeps every step: the checkpoint is first."""
    def out_of_memory(*args: object, **kwargs: object) -> str:
        raise RuntimeError("DefaultCPUAllocator: can't allocate memory")

    monkeypatch.setattr(engine, "sample_text", out_of_memory)
    d = tmp_path / "run"
    rc = train_main(TINY + ["--steps", "20", "--checkpoint-interval", "7", "--no-stats",
                            "--run-dir", str(d)])
    err = capsys.readouterr().err
    assert rc == 1 and "out of CPU memory at step 20" in _one_error_line(err, "gatelab-train")
    assert _ckpt_step(d) == 20 and runs.run_info(d).status == "failed"
    assert [r["step"] for r in runs.load_run(d).metrics][-1] == 20


def test_an_unexpected_error_is_one_line_with_the_resume_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """An error no check foresaw (here a library bug while sampling) is exit 1 and one line
    naming it and how to continue, never a traceback; the final checkpoint stands."""
    def bug(*args: object, **kwargs: object) -> str:
        raise RuntimeError("index 7 is out of bounds for dimension 0\nwith size 3")

    monkeypatch.setattr(engine, "sample_text", bug)
    d = tmp_path / "run"
    rc = train_main(TINY + ["--steps", "20", "--no-stats", "--run-dir", str(d)])
    line = _one_error_line(capsys.readouterr().err, "gatelab-train")
    assert rc == 1
    assert ("failed unexpectedly: RuntimeError: index 7 is out of bounds for dimension 0 with "
            "size 3; continue from the last checkpoint with: gatelab-train --run-dir") in line
    assert _ckpt_step(d) == 20 and runs.run_info(d).status == "failed"
    monkeypatch.setattr(engine, "train_steps", lambda *a, **k: (_ for _ in ()).throw(
        KeyError("boom")))
    rc = experiment_main(TINY + ["--steps", "4", "--variants", "swiglu,geglu", "--seeds", "1",
                                 "--out", str(tmp_path / "exp")])
    assert rc == 1 and "failed unexpectedly: KeyError: 'boom'" in _one_error_line(
        capsys.readouterr().err, "gatelab-experiment")


def test_stats_history_in_the_way_warns_once_and_checkpoints_go_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file named stats_history ended the run at its first checkpoint with "[Errno 17]"."""
    d = tmp_path / "run"
    d.mkdir()
    (d / "stats_history").write_text("not a folder")
    rc = train_main(TINY + ["--steps", "20", "--checkpoint-interval", "5", "--stats-interval", "5",
                            "--sample-chars", "0", "--run-dir", str(d)])
    err = capsys.readouterr().err
    assert rc == 0 and _ckpt_step(d) == 20 and (d / "stats.npz").is_file()
    assert err == (f"gatelab-train: warning: the stats history was not saved: "
                   f"{d / 'stats_history'}: is a file, not a folder; training goes on "
                   f"(checkpoints are still saved)\n")
    assert (d / "stats_history").read_text() == "not a folder"


def test_a_checkpoint_file_that_cannot_be_written_stops_the_run_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """stats.npz belongs to the checkpoint: the run stops, saying so once, ckpt.pt written."""
    d = tmp_path / "run"
    (d / "stats.npz").mkdir(parents=True)
    rc = train_main(TINY + ["--steps", "20", "--checkpoint-interval", "5", "--stats-interval", "5",
                            "--run-dir", str(d)])
    line = _one_error_line(capsys.readouterr().err, "gatelab-train")
    # exit 1: the run trained and failed (run.json says so), not input refused (s21 D5)
    assert rc == 1 and line == f"gatelab-train: error: cannot write {d / 'stats.npz'}: {FOLDER_IN_WAY}"
    assert _ckpt_step(d) == 5 and runs.run_info(d).status == "failed"


# -- 2. --run-dir that cannot be a folder -------------------------------------------------------
def _hostile(tmp_path: Path, kind: str) -> tuple[Path, str]:
    """A path of ``kind`` and the reason the CLI must give for it."""
    f = tmp_path / "file"
    f.write_text("keep me")
    if kind == "file":
        return f, "is a file, not a folder"
    if kind == "fifo":
        os.mkfifo(tmp_path / "fifo")
        return tmp_path / "fifo", "is a pipe, device or socket, not a folder"
    if kind == "under_file":
        return f / "sub" / "run", f"cannot be created: {f} is not a folder"
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    return tmp_path / "dangling", "is a link to nothing, not a folder"


@pytest.mark.parametrize("resume", [False, True])
@pytest.mark.parametrize("kind", ["file", "fifo", "under_file", "dangling"])
def test_run_dir_that_cannot_be_a_folder(kind: str, resume: bool, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path, why = _hostile(tmp_path, kind)
    before = sorted(p.name for p in tmp_path.iterdir())
    with _deadline(60):
        rc = train_main(TINY + ["--steps", "2", "--run-dir", str(path)]
                        + (["--resume"] if resume else []))
    line = _one_error_line(capsys.readouterr().err, "gatelab-train")
    if resume and kind == "under_file":  # nothing there to resume: the usual answer
        assert rc == 2 and "no run to resume" in line
    else:
        assert rc == 2 and line == f"gatelab-train: error: --run-dir {path}: {why}"
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert (tmp_path / "file").read_text() == "keep me"
    if kind == "fifo":
        assert stat.S_ISFIFO(os.lstat(path).st_mode)


def _unwritable(tmp_path: Path) -> tuple[Path, str]:
    """A folder in which nothing can be created, and the reason the OS gives; skips if none."""
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        ro = tmp_path / "ro"
        ro.mkdir(mode=0o555)
        return ro, "Permission denied"
    if sys.platform.startswith("linux") and os.path.isdir("/sys"):  # root: sysfs refuses mkdir
        try:
            os.mkdir("/sys/gatelab-probe")
        except PermissionError as exc:
            return Path("/sys"), str(exc.strerror)
        os.rmdir("/sys/gatelab-probe")
    pytest.skip("no folder here refuses to create a subfolder")


def test_run_dir_in_an_unwritable_place(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parent, why = _unwritable(tmp_path)
    path = parent / "gatelab-test-run"
    rc = train_main(TINY + ["--steps", "2", "--run-dir", str(path)])
    line = _one_error_line(capsys.readouterr().err, "gatelab-train")
    assert rc == 2 and line == f"gatelab-train: error: --run-dir {path}: cannot be created ({why})"
    assert not path.exists()


@pytest.mark.parametrize("name, kind", [("metrics.jsonl", "fifo"), ("metrics.jsonl", "folder"),
                                        ("run.json", "folder"), ("stats.npz", "folder"),
                                        ("stats.npz", "fifo")])
def test_a_refused_resume_changes_no_file_of_the_run(name: str, kind: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """--resume --steps 30 --lr 0.05 on a run with a FIFO for metrics.jsonl was refused, yet
    config.json already held the new steps and lr: a plain --resume later trained with them."""
    d = tmp_path / "run"
    assert train_main(TINY + ["--steps", "10", "--checkpoint-interval", "5", "--run-dir", str(d)]) == 0
    target = d / name
    if target.is_dir():
        target.rmdir()
    elif target.exists():
        target.unlink()
    os.mkfifo(target) if kind == "fifo" else target.mkdir()
    before = {p.name: p.read_bytes() for p in d.iterdir() if p.is_file()}
    with _deadline(60):
        rc = train_main(TINY + ["--steps", "30", "--lr", "0.05", "--run-dir", str(d), "--resume"])
    line = _one_error_line(capsys.readouterr().err, "gatelab-train")
    assert rc == 2 and str(target) in line, line
    assert {p.name: p.read_bytes() for p in d.iterdir() if p.is_file()} == before
    assert json.loads(before["config.json"])["steps"] == 10


# -- 3. --out that cannot be a folder -----------------------------------------------------------
@pytest.mark.parametrize("kind", ["file", "fifo", "under_file"])
def test_experiment_out_that_cannot_be_a_folder(kind: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path, why = _hostile(tmp_path, kind)
    with _deadline(60):
        rc = experiment_main(TINY + ["--steps", "2", "--seeds", "1", "--out", str(path)])
    line = _one_error_line(capsys.readouterr().err, "gatelab-experiment")
    assert rc == 2 and line == f"gatelab-experiment: error: --out {path}: {why}"
    assert capsys.readouterr().out == ""
    assert (tmp_path / "file").read_text() == "keep me"
    if kind == "fifo":
        assert stat.S_ISFIFO(os.lstat(path).st_mode)


def test_experiment_out_in_an_unwritable_place(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    parent, why = _unwritable(tmp_path)
    out = parent / "gatelab-test-exp"
    rc = experiment_main(TINY + ["--steps", "2", "--seeds", "1", "--no-stats", "--out", str(out)])
    line = _one_error_line(capsys.readouterr().err, "gatelab-experiment")
    assert rc == 2 and line == f"gatelab-experiment: error: --out {out}: cannot be created ({why})"


# -- 4. no doubled prefixes ---------------------------------------------------------------------
def test_write_errors_say_cannot_write_once(tmp_path: Path) -> None:
    """RunWriteError's strerror was None, so "cannot write {path}: {exc.strerror or exc}" (as
    gatelab-inspect writes it) said "cannot write X: cannot write X: …"."""
    target = tmp_path / "out.json"
    target.mkdir()
    with pytest.raises(RunWriteError) as info:
        atomic_write_bytes(target, b"{}")
    exc = info.value
    assert str(exc) == f"cannot write {target}: {FOLDER_IN_WAY}"
    assert exc.strerror == FOLDER_IN_WAY and exc.filename == str(target)
    assert f"cannot write {target}: {exc.strerror or exc}".count("cannot write") == 1


def test_unreadable_experiment_names_its_file_once(tmp_path: Path) -> None:
    """"cannot read X: [Errno 2] No such file or directory: 'X'" named the file twice."""
    with pytest.raises(ValueError) as info:
        load_experiment(tmp_path)
    path = str(tmp_path / "experiment.json")
    assert str(info.value) == f"cannot read {path}: No such file or directory"
