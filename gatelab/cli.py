"""Command-line front ends of the training engine: ``gatelab-train`` and ``gatelab-experiment``.

They drive the same ``train_steps`` / ``run_experiment`` as the GUI and write the same run folders,
so a run started in a terminal can be opened in the app. Bad input gives one clear line on stderr
and exit code 2 (never a traceback); a failed run (non-finite loss, out of memory, a disk that
filled while it trained) exit code 1; Ctrl-C stops gracefully at the next step, keeping a
checkpoint, prints the command that resumes the run (for an experiment: ``gatelab-experiment
--continue FOLDER``) and exits 130; SIGTERM and SIGHUP do the same (exit 143, 129), and any of
them before training begins ends the command with one line (``gatelab.cli_signals``). The
experiment command itself lives in ``gatelab.cli_experiment``.
"""

from __future__ import annotations

from gatelab.cli_signals import guard_imports

guard_imports()  # before the imports below (numpy, budget tables): Ctrl-C there is one line too

import argparse
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gatelab.cli_args import FLAG_FIELDS, flag_named, parse, resume_mismatch, train_parser
from gatelab.cli_resume import continue_hint as _continue_hint
from gatelab.cli_resume import (discard_unsaved, failed_here, resume_command,
                                resume_hint as _resume_hint, writer_token)
from gatelab.cli_signals import (exit_code, import_deferred, interruption, say, signum_of,
                                 starting, stopping_signals)
from gatelab.core.inside.source_folder import unreachable_folder
from gatelab.core.messages import KeyedError
from gatelab.core.progress_rate import RecentRate
from gatelab.core.run_saved_step import saved_step
from gatelab.core.runs_read import read_json
from gatelab.core.trainconfig import Snapshot, TrainConfig, TrainingError, absolute_corpus


def _config_from(args: argparse.Namespace, base: TrainConfig) -> TrainConfig:
    changes: dict[str, Any] = {}
    for flag, name in FLAG_FIELDS.items():
        value = getattr(args, flag, None)
        if value is not None:
            changes[name] = value
    if "corpus" in changes:  # resumable from any folder, the app's too
        changes["corpus"] = absolute_corpus(changes["corpus"])
    if args.attn_gate:
        changes["attn_gate"] = True
    if args.untied:
        changes["tie_embeddings"] = False
    if args.compile:
        changes["compile"] = True
    if args.no_stats:
        changes["stats"] = False
    try:
        config = base.replace(**changes).validate()
    except ValueError as exc:
        raise flag_named(exc, changes) from None
    _check_memory(config)
    return config


def _check_memory(config: TrainConfig) -> None:
    """Refuse (ValueError with the numbers) a run whose estimate exceeds the free memory of its
    device, before torch allocates anything; the engine checks again with the real vocabulary."""
    from gatelab.core.devices import resolve_device
    from gatelab.core.memory import check_training

    check_training(config, device=resolve_device(config.device))


def _fmt_time(s: float) -> str:
    if not math.isfinite(s):
        return "--:--"
    s = int(s)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60:02d}:{s % 60:02d}"


class ProgressBar:
    """A one-line progress bar on stderr, redrawn at most ten times a second. Its ETA is the
    GUI's (``core.progress_rate``): "--:--" until the speed has settled, then the recent one."""

    def __init__(self, stream: Any = None, width: int = 28, prefix: str = "") -> None:
        self._stream = stream
        self.width, self.prefix = width, prefix
        self._last = 0.0
        self.val: float | None = None
        self._rate = RecentRate()

    @property
    def stream(self) -> Any:
        """The stream given, else sys.stderr as it is now: after a hang-up it is replaced by one
        that drops what the lost terminal cannot take (``cli_signals.tolerate_lost_terminal``)."""
        return self._stream or sys.stderr

    def update(self, snap: Snapshot, force: bool = False) -> None:
        if snap.val_loss is not None:
            self.val = snap.val_loss
        self._rate.add(snap.elapsed_s, snap.step)  # every report, drawn or not
        now = time.monotonic()
        if not force and now - self._last < 0.1:
            return
        self._last = now
        frac = snap.step / max(snap.steps_total, 1)
        fill = int(round(frac * self.width))
        eta = self._rate.eta(snap.steps_total - snap.step)
        val = f" val {self.val:.4f}" if self.val is not None else ""
        line = (f"\r{self.prefix}[{'#' * fill}{'.' * (self.width - fill)}] {snap.step}/{snap.steps_total}"
                f" loss {snap.train_loss:.4f}{val} {snap.tokens_per_s / 1000:.1f}k tok/s"
                f" {_fmt_time(snap.elapsed_s)}<{_fmt_time(eta)}")
        self._write(line)

    def done(self) -> None:
        self._rate.reset()  # an experiment's next run has a speed of its own
        self._write("\n")

    def _write(self, text: str) -> None:
        """Draw, or drop the drawing when the stream fails (a terminal hung up, a closed pipe):
        a progress bar that cannot be shown must not end the run it reports on."""
        with suppress(OSError, ValueError):
            self.stream.write(text)
            self.stream.flush()


@contextmanager
def _ctrl_c_stops() -> Iterator[threading.Event]:
    """An event the first Ctrl-C, SIGTERM or SIGHUP sets (stop at the next step, keeping a
    checkpoint); a second one aborts (``cli_signals.Interrupted``, a KeyboardInterrupt). The
    event's ``signum`` says which signal stopped it, for the exit code (130, 143, 129).

    The previous handlers are restored on the way out, whatever happened inside.
    """
    with stopping_signals() as stop:
        yield stop


def _fail(prog: str, message: str, code: int = 2) -> int:
    say(f"{prog}: error: {message}\n")  # (dropped, not raised, when stderr is gone)
    return code


def _unexpected(exc: BaseException) -> str:
    """One line for an error no check foresaw (exit 1: not the user's input, yet no traceback)."""
    return f"failed unexpectedly: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}"


def _empty_path(prog: str, flag: str, value: str | None) -> int | None:
    """Exit code 2 with one line when ``flag`` was given as "" (or blanks), else None. Why: an
    empty --run-dir reads as "not given" and silently trains a new run under the default folder;
    an empty --out would mean the current folder. Neither is what was asked for."""
    if value is not None and not value.strip():
        return _fail(prog, f"{flag} is empty; give a folder or leave the flag out")
    return None


def _about(exc: BaseException, flag: str, value: str | None) -> str:
    """The error's text, led by ``flag`` when it is about the path given with that flag
    ("--run-dir /tmp/x: is a file, not a folder"), so the user knows which argument to fix."""
    named = getattr(exc, "filename", None)
    if value and named and Path(named) == Path(value):
        return f"{flag} {exc}"
    return str(exc)


def _warner(prog: str, quiet: bool) -> Callable[[str], None]:
    """Prints a problem that does not stop the run (a sample not saved) on a line of its own."""
    def warn(message: str) -> None:
        say(f"{'' if quiet else chr(10)}{prog}: warning: {message}\n")
    return warn


@dataclass
class _Start:
    """How far ``gatelab-train`` got, for the line a stop signal before training ends it with."""

    prog: str = "gatelab-train"
    resume_dir: Path | None = None  # the run --resume continues, once its config.json is found
    made: Path | None = None  # a new run folder made for this run and still empty
    began: Path | None = None  # the run folder, once training began

    def interrupted(self, exc: BaseException) -> int:
        """One line (never a traceback) and exit 128 + the signal's number. An empty run folder
        made for this run is removed, so that no "broken" run is left behind."""
        lead, how, code = interruption(exc)
        if self.made is not None:
            with suppress(OSError):
                self.made.rmdir()
        run = self.began or self.resume_dir
        if run is not None:
            when = "" if self.began else " before training resumed"
            say(f"{lead}{self.prog}: interrupted{how}{when}; continue the run with: "
                f"{resume_command(run)}\n")
        else:
            say(f"{lead}{self.prog}: interrupted{how} before training started; nothing was "
                f"saved\n")
        return code


def train_main(argv: Sequence[str] | None = None) -> int:
    """``gatelab-train``: train one model, show progress, sample text at the end. A stop signal
    while it starts (importing torch, checking the config and memory) gives one line and exit
    128 + n; once training runs, the first one stops it after the step (``_ctrl_c_stops``)."""
    start = _Start()
    try:
        with starting():
            return _train_main(argv, start)
    except KeyboardInterrupt as exc:  # training handles its own: this one came while starting
        return start.interrupted(exc)


def _train_main(argv: Sequence[str] | None, start: _Start) -> int:
    p = train_parser()
    args = parse(p, argv)
    if args is None:
        return 2
    if (code := _empty_path(p.prog, "--run-dir", args.run_dir)) is not None:
        return code
    import_deferred("torch")  # (a stop signal inside it aborted the process: cli_signals)
    from gatelab.core import runs  # torch: imported only after --help and usage errors (seconds)
    from gatelab.core.allocator import keep_freed_memory
    from gatelab.core.metrics_gap import metrics_gap
    keep_freed_memory()  # steps reuse freed memory instead of faulting it back (core/allocator)

    prog = p.prog
    try:
        if args.run_dir and (not args.resume or os.path.lexists(args.run_dir)):
            runs.check_folder(args.run_dir)  # a file or FIFO there: say so, touch nothing
        if args.resume:
            if not args.run_dir:
                return _fail(prog, "--resume needs --run-dir (the run to continue)")
            run_dir = Path(args.run_dir)
            if os.path.isdir(run_dir) and (unreadable := unreachable_folder(run_dir)) is not None:
                # a folder whose files cannot be read (chmod 000): not "config.json missing"
                return _fail(prog, f"cannot resume: {unreadable}")
            if not os.path.lexists(run_dir / runs.CONFIG):
                return _fail(prog, f"no run to resume in {run_dir} (config.json missing)")
            start.resume_dir = run_dir
            if (busy := runs.run_busy(run_dir, others_only=True)) is not None:
                return _fail(prog, str(runs.RunError(busy)))  # before any note on how it goes on
            config = _config_from(args, runs.read_config(run_dir))
            if (code := _finish_completed(run_dir, config.steps)) is not None:
                return code
            if not runs.has_checkpoint(run_dir):
                sys.stderr.write(f"note: {run_dir} has no checkpoint yet (it stopped before its "
                                 f"first one); training it again from step 0\n")
            else:  # where it goes on from: after a kill, the steps since are trained again
                saved = saved_step(run_dir, read_json(run_dir / runs.SUMMARY), None)
                if saved and saved < config.steps and not args.quiet:  # (else: done already)
                    sys.stderr.write(f"resuming {run_dir} from its checkpoint at step {saved:,} "
                                     f"(to step {config.steps:,})\n")
                if gap := metrics_gap(run_dir):  # a metrics.jsonl cut short: what stays missing
                    sys.stderr.write(f"note: {run_dir}: {gap}\n")
        else:
            config = _config_from(args, TrainConfig())
            if args.run_dir:
                run_dir = Path(args.run_dir)
                if runs.is_run_dir(run_dir):
                    if (busy := runs.run_busy(run_dir)) is not None:  # not "continue it with"
                        return _fail(prog, str(runs.RunError(busy)))  # a refused --resume
                    info = runs.run_info(run_dir)
                    return _fail(prog, f"{run_dir} already holds a run ({info.status}); continue "
                                       f"it with {_continue_hint(info)} or pick another folder")
            else:
                run_dir = start.made = runs.new_run_dir()
    except (ValueError, TypeError, OSError) as exc:
        return _fail(prog, _about(exc, "--run-dir", args.run_dir))
    return _train(prog, args, config, run_dir, start)


def _train(prog: str, args: argparse.Namespace, config: TrainConfig, run_dir: Path,
           start: _Start) -> int:
    """Train with the progress bar, then report; the stop signals are handled as "stop after
    this step" from the first step to the last line printed."""
    from gatelab.core import runs
    from gatelab.core.engine import train_steps

    bar = ProgressBar()
    last: Snapshot | None = None
    last_val: float | None = None  # the latest evaluation; the final snapshot often has none
    made_here = not args.resume and not os.path.lexists(run_dir)  # a --run-dir it creates
    earlier_writer = writer_token(run_dir)  # (a run.json this command rewrites has another)
    try:
        with _ctrl_c_stops() as stop:
            start.began, start.made = run_dir, None
            for snap in train_steps(config, stop, run_dir=run_dir, resume=args.resume,
                                    on_warning=_warner(prog, args.quiet)):
                last = snap
                if snap.val_loss is not None:
                    last_val = snap.val_loss
                if not args.quiet:
                    bar.update(snap, force=snap.status != "running" or snap.val_loss is not None)
            return _report(prog, args.quiet, bar, last, last_val, run_dir,
                           getattr(stop, "signum", signal.SIGINT))
    except TrainingError as exc:
        if not args.quiet and last is not None:
            bar.done()
        return _fail(prog, str(exc) + _resume_hint(run_dir, exc, last), code=1)
    except (ValueError, OSError) as exc:
        if not args.quiet and last is not None:
            bar.done()  # the error on a line of its own, not after the bar (probe s19 P1)
        if not args.run_dir or made_here:  # refused before anything was written (a full
            with suppress(OSError):  # disk, a bad corpus): leave no empty run folder behind
                run_dir.rmdir()
        if isinstance(exc, KeyedError) and exc.msg.key == "resume.done":  # say how, runnable
            return _fail(prog, f"{exc}, e.g. with {_continue_hint(runs.run_info(run_dir))}")
        if isinstance(exc, KeyedError) and exc.msg.key == "resume.arch":
            return _fail(prog, resume_mismatch(exc.msg, args, run_dir))
        return _fail(prog, _about(exc, "--run-dir", args.run_dir)
                     + _resume_hint(run_dir, exc, last),
                     code=1 if failed_here(run_dir, earlier_writer) else 2)
    except KeyboardInterrupt as exc:  # a second stop signal: the last checkpoint stands
        if not args.resume and discard_unsaved(run_dir, made=not args.run_dir or made_here):
            start.began = None  # nothing to continue: said as one signal while starting says it
            return start.interrupted(exc)
        say(f"\naborted; continue from the last checkpoint with:\n  {resume_command(run_dir)}\n")
        return exit_code(signum_of(exc))
    except Exception as exc:  # a bug or a library failure: one line, the checkpoint stands
        return _fail(prog, f"{_unexpected(exc)}; continue from the last checkpoint with: "
                           f"{resume_command(run_dir)}", code=1)


def _report(prog: str, quiet: bool, bar: ProgressBar, last: Snapshot | None,
            last_val: float | None, run_dir: Path, signum: int) -> int:
    """The summary lines after training; exit 0 finished, 128 + ``signum`` when a stop signal
    ended it (130 Ctrl-C, like any interrupted command; 143 SIGTERM; 129 SIGHUP)."""
    if not quiet and last is not None:
        bar.done()
    if last is None:
        return _fail(prog, "no steps were run")
    val = f"{last_val:.4f}" if last_val is not None else "n/a"
    print(f"{last.status}: step {last.step}/{last.steps_total}, train loss {last.train_loss:.4f}, "
          f"val loss {val}, {last.mean_tokens_per_s():,.0f} tokens/s on {last.device}, "
          f"{_fmt_time(last.elapsed_s)}")
    print(f"run folder: {run_dir}")
    if last.status == "stopped":
        print(f"continue it with: {resume_command(run_dir)}")
        return exit_code(signum)
    if last.sample:
        print("--- sample ---")
        print(last.sample)
    return 0


def _finish_completed(run_dir: Path, steps: int) -> int | None:
    """``--resume`` of a run that trained every step but was killed before it said so (its
    final sample and "finished" missing): finish it as its process would have (exit 0) instead
    of refusing it as "already completed"; None for any other run, or when --steps asks for
    more (then it trains on)."""
    from gatelab.core.engine_resume import finish_completed
    from gatelab.core.run_samples import completed_unfinished
    from gatelab.core.runs import SUMMARY, read_json

    summary = read_json(run_dir / SUMMARY)
    total = summary.get("steps_total")  # (the checkpoint's step is checked by finish_completed)
    if not completed_unfinished(run_dir, summary, ckpt_step=total) or steps > total:
        return None
    text = finish_completed(run_dir, _warner("gatelab-train", True))
    if text is None:  # (finished meanwhile by someone else)
        return None
    done = summary["steps_total"]
    print(f"finished: step {done}/{done}; it had trained every step, only its end was not "
          f"recorded (the process was killed); now it is")
    print(f"run folder: {run_dir}")
    if text:
        print("--- sample ---")
        print(text)
    return 0


def experiment_main(argv: Sequence[str] | None = None) -> int:
    """``gatelab-experiment`` (see ``gatelab.cli_experiment``). Kept here for the entry point and
    for callers of ``gatelab.cli.experiment_main``; imported when called, since cli_experiment
    imports this module's helpers."""
    from gatelab.cli_experiment import experiment_main as main

    return main(argv)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(train_main())
