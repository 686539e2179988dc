"""Signals and flag names in gatelab's commands (probe s13, findings 1, 3 and 6).

1. Ctrl-C while a command started (importing torch, the checks) printed a KeyboardInterrupt
   traceback: now one line and exit 130 at every moment.
3. SIGTERM and SIGHUP killed gatelab-train at once, losing the steps since the last checkpoint
   and leaving run.json "running": now they stop it like Ctrl-C (exit 143, 129).
6. Errors named config fields ("n_embd must be ≤ 10000000", a bound that was not even the real
   one) instead of the flags typed; a resume refused for a config.json that disagrees with its
   checkpoint said "not 64" as if the user had typed 64.

The subprocess tests synchronise on what the child has loaded (/proc/PID/maps: numpy while the
console script imports gatelab.cli, torch once main runs), not on fixed delays, so that they
hold on a loaded machine; a signal that lands later than aimed still has to give the graceful
outcome, never a traceback.
"""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gatelab import cli
from gatelab.cli_signals import Interrupted, exit_code, guard_imports
from gatelab.core.trainconfig import MAX_WIDTH, TrainConfig

ROOT = Path(__file__).resolve().parents[2]
TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "4", "--threads", "1", "--sample-chars", "0", "--no-stats"]
MAIN = {"gatelab-train": "from gatelab.cli import train_main as main",
        "gatelab-experiment": "from gatelab.cli import experiment_main as main",
        "gatelab-inspect": "from gatelab.inspect_cli import main"}
needs_proc = pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs /proc (Linux)")


def _command(prog: str, *args: str) -> list[str]:
    """``prog`` as its console script runs it (sys.argv[0] names it, which arms the import
    guard), from this checkout whatever is installed."""
    code = f"import sys; sys.argv[0] = {prog!r}; {MAIN[prog]}; sys.exit(main())"
    return [sys.executable, "-c", code, *args]


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "GATELAB_HOME": str(tmp_path / "home"),
            "XDG_CONFIG_HOME": str(tmp_path / "xdg")}


def _loaded(pid: int, library: str) -> bool:
    try:
        return library in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def _rows(run: Path) -> list[dict]:
    path = run / "metrics.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    run = tmp_path_factory.mktemp("runs") / "tiny"
    assert cli.train_main([*TINY, "--steps", "3", "--quiet", "--run-dir", str(run)]) == 0
    return run


# -- 1. Ctrl-C while starting ------------------------------------------------------------------
EARLY = {"gatelab-train": ("interrupted while starting; nothing was saved",
                           "interrupted before training started; nothing was saved"),
         "gatelab-experiment": ("interrupted while starting; nothing was saved",
                                "interrupted before its first run started; nothing was saved"),
         "gatelab-inspect": ("interrupted while starting; nothing was saved",
                             "interrupted; nothing was written")}


@needs_proc
@pytest.mark.parametrize(("prog", "library", "delay"), [
    ("gatelab-train", "_multiarray_umath", 0.0),  # importing gatelab.cli (the import guard)
    ("gatelab-train", "libtorch_cpu", 0.0),  # inside main: importing torch
    ("gatelab-train", "libtorch_cpu", 1.0),  # the checks, or already training
    ("gatelab-experiment", "_multiarray_umath", 0.0),
    ("gatelab-experiment", "libtorch_cpu", 0.3),
    ("gatelab-inspect", "libtorch_cpu", 0.0),
])
def test_ctrl_c_while_starting_is_one_line_and_130(prog: str, library: str, delay: float,
                                                   tmp_path: Path, tiny_run: Path) -> None:
    args = {"gatelab-train": [*TINY, "--steps", "100000", "--quiet",
                              "--run-dir", str(tmp_path / "run")],
            "gatelab-experiment": [*TINY, "--steps", "100000", "--seeds", "1", "--quiet",
                                   "--out", str(tmp_path)],
            "gatelab-inspect": [str(tiny_run), "--text", "def f", "--json", "-"]}[prog]
    proc = subprocess.Popen(_command(prog, *args), env=_env(tmp_path), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,  # a terminal's Ctrl-C: SIGINT not ignored
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while not _loaded(proc.pid, library):
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.002)
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        out, err = (b.decode() for b in proc.communicate(timeout=120))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert proc.returncode == 130, err
    lines = [line for line in err.replace("\r", "\n").splitlines() if line.strip()]
    if any(m in err for m in EARLY[prog]):  # stopped while starting: that line alone
        assert len(lines) == 1 and lines[0] in {f"{prog}: {m}" for m in EARLY[prog]}, err
        assert not (tmp_path / "run").exists() and not list(tmp_path.glob("exp-*"))
    else:  # it was training already: the graceful stop
        assert "stopped" in out, (out, err)


def test_the_import_guard_is_only_for_the_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Importing gatelab.cli in the GUI, a test or a notebook must leave the handlers alone."""
    monkeypatch.setattr(sys, "argv", ["pytest"])
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    guard_imports()
    assert {s: signal.getsignal(s) for s in before} == before


# -- 3. SIGTERM, SIGHUP ------------------------------------------------------------------------
def _train_until(tmp_path: Path, rows: int, **popen: object) -> tuple[subprocess.Popen, Path]:
    run = tmp_path / "run"
    proc = subprocess.Popen(_command("gatelab-train", *TINY, "--steps", "100000",
                                     "--checkpoint-interval", "10", "--eval-interval", "100000",
                                     "--run-dir", str(run)), env=_env(tmp_path), **popen)
    deadline = time.monotonic() + 180
    while len(_rows(run)) < rows:
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"training did not reach {rows} steps (rc {proc.poll()})")
        time.sleep(0.01)
    return proc, run


def _assert_stopped_at_checkpoint(run: Path) -> int:
    from gatelab.core import runs

    assert json.loads((run / "run.json").read_text())["status"] == "stopped"
    last = _rows(run)[-1]["step"]
    assert runs.load_checkpoint(run)["step"] == last  # no step after the checkpoint is lost
    return int(last)


def test_sigterm_stops_after_the_step_saves_and_resumes(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    proc, run = _train_until(tmp_path, 25, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        proc.send_signal(signal.SIGTERM)
        out, err = (b.decode() for b in proc.communicate(timeout=120))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 143 and "Traceback" not in err, err
    assert "SIGTERM received: stopping after this step and saving a checkpoint" in err
    assert f"continue it with: gatelab-train --run-dir {run} --resume" in out
    stopped = _assert_stopped_at_checkpoint(run)
    assert stopped >= 25
    assert cli.train_main(["--run-dir", str(run), "--resume", "--quiet",
                           "--steps", str(stopped + 5)]) == 0
    assert [r["step"] for r in _rows(run)] == list(range(1, stopped + 6))  # seamless, no gap
    capsys.readouterr()


@needs_proc
def test_sighup_after_the_terminal_is_gone_still_stops_cleanly(tmp_path: Path) -> None:
    """The terminal hangs up: every write fails (EIO), then SIGHUP comes. The progress bar
    must not end the run, and the stop must save its checkpoint: exit 129."""
    master, slave = pty.openpty()
    proc, run = _train_until(tmp_path, 20, stdout=slave, stderr=slave, start_new_session=True)
    os.close(slave)
    drained = threading.Thread(target=lambda: [None for _ in iter(lambda: _read(master), b"")],
                               daemon=True)
    drained.start()
    try:
        os.close(master)  # the terminal is gone
        rows = len(_rows(run))
        deadline = time.monotonic() + 60
        while len(_rows(run)) < rows + 5 and time.monotonic() < deadline:
            time.sleep(0.01)  # it trains on while nothing can be shown
        assert proc.poll() is None
        proc.send_signal(signal.SIGHUP)
        rc = proc.wait(120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert rc == 129
    _assert_stopped_at_checkpoint(run)


def _read(fd: int) -> bytes:
    try:
        return os.read(fd, 65536)
    except OSError:
        return b""


def test_a_second_signal_while_stopping_aborts_with_its_code() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with cli._ctrl_c_stops() as stop:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.01)  # (the handler runs at the next bytecode)
        assert stop.is_set() and getattr(stop, "signum") == signal.SIGTERM
        with pytest.raises(Interrupted) as caught:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(1)
    assert exit_code(caught.value.signum) == 143
    assert signal.getsignal(signal.SIGTERM) == before  # put back


def test_nohup_keeps_sighup_ignored() -> None:
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with cli._ctrl_c_stops():
            assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
            assert callable(signal.getsignal(signal.SIGINT))
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, before)


def test_an_abort_by_sigterm_exits_143_with_the_resume_hint(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tiny_run: Path) -> None:
    import shutil

    run = tmp_path / "r"

    def aborted(*_args: object, **_kwargs: object) -> object:
        shutil.copytree(tiny_run, run)  # a checkpoint saved (with none, nothing is offered: s21 D4)
        raise Interrupted(signal.SIGTERM)
        yield  # a generator, like train_steps

    monkeypatch.setattr("gatelab.core.engine.train_steps", aborted)
    assert cli.train_main([*TINY, "--quiet", "--run-dir", str(run)]) == 143
    err = capsys.readouterr().err
    assert f"aborted; continue from the last checkpoint with:\n  gatelab-train --run-dir {run} " \
           f"--resume\n" in err


# -- 6. the flags typed, the real bounds -------------------------------------------------------
@pytest.mark.parametrize(("flags", "line"), [
    (["--width", "99999999999"], f"--width must be ≤ {MAX_WIDTH}, got 99999999999"),
    (["--layers", "300"], "--layers must be ≤ 256, got 300"),
    (["--heads", "0"], "--heads must be a whole number ≥ 1, got 0"),
    (["--batch", "0"], "--batch must be a whole number ≥ 1, got 0"),
    (["--checkpoint-interval", "0"], "--checkpoint-interval must be a whole number ≥ 1, got 0"),
    (["--kv-heads", "0"], "--kv-heads must be a whole number ≥ 1, got 0"),
    (["--eval-iters", "5000"],
     "--eval-iters must be ≤ 1,000 validation batches per evaluation, got 5,000"),
])
def test_errors_name_the_flag_typed(flags: list[str], line: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.train_main(["--quiet", "--run-dir", str(tmp_path / "r"), *flags]) == 2
    assert capsys.readouterr().err == f"gatelab-train: error: {line}\n"
    assert not (tmp_path / "r").exists()


def test_the_width_bound_is_the_one_the_trainer_enforces() -> None:
    TrainConfig(n_embd=MAX_WIDTH, n_head=4).validate()  # the edge itself is accepted
    with pytest.raises(ValueError) as caught:
        TrainConfig(n_embd=MAX_WIDTH + 4, n_head=4).validate()
    msg = caught.value.msg  # type: ignore[attr-defined]
    assert (msg.key, msg.values["name"], msg.values["maximum"]) == ("value.at_most", "n_embd",
                                                                    MAX_WIDTH)
    assert str(msg) == f"n_embd must be ≤ {MAX_WIDTH}, got {MAX_WIDTH + 4}"  # the GUI's field


def _copy_of(run: Path, tmp_path: Path, **edits: object) -> Path:
    from tests.core.inside_helpers import copy_with_config

    return copy_with_config(run, tmp_path / "copy", **edits)


def test_resume_mismatch_says_config_json_disagrees_with_the_checkpoint(
        tiny_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy_of(tiny_run, tmp_path, n_embd=64)
    assert cli.train_main(["--run-dir", str(run), "--resume", "--steps", "9", "--quiet"]) == 2
    assert capsys.readouterr().err == (
        f"gatelab-train: error: cannot resume: {run / 'config.json'} gives n_embd=64, but the "
        f"checkpoint was trained with n_embd=32 (config.json was edited, or the checkpoint comes "
        f"from another run)\n")


def test_resume_mismatch_names_the_flag_when_one_was_typed(
        tiny_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy_of(tiny_run, tmp_path)
    assert cli.train_main(["--run-dir", str(run), "--resume", "--steps", "9", "--quiet",
                           "--positions", "learned"]) == 2
    assert capsys.readouterr().err == (
        "gatelab-train: error: cannot resume with --positions 'learned': the run was trained "
        "with --positions 'rope'; leave --positions out to keep the run's value\n")
