"""The "continue it with gatelab-train --run-dir … --resume" lines the CLI prints.

Why a module: how a run is continued (the command, when offering it would mislead) is one rule
that gatelab-train's failure, Ctrl-C and refusal paths share, kept apart from cli.py's flow.
"""

from __future__ import annotations

import os
import shlex
from contextlib import suppress
from pathlib import Path
from typing import Any

from gatelab.core.messages import KeyedError
from gatelab.core.trainconfig import Snapshot


def resume_command(run_dir: Path, steps: int | None = None) -> str:
    """The command line that continues the run in ``run_dir`` (quoted for a POSIX shell);
    ``steps``, when given, becomes ``--steps``: the new total, which a finished run needs."""
    more = f" --steps {steps}" if steps is not None else ""
    return f"gatelab-train --run-dir {shlex.quote(str(run_dir))} --resume{more}"


def continue_hint(info: Any) -> str:
    """The command that continues the run ``info`` (a runs.RunInfo) in backquotes. Why the steps:
    a finished run has done all it asked for, and resuming it without a larger --steps is refused
    (resume.done); twice its steps is offered, since any total above them works."""
    done = info.steps if info.steps_known else info.steps_total
    if info.status != "finished" and done < info.steps_total:
        return f"`{resume_command(info.path)}`"
    return (f"`{resume_command(info.path, 2 * max(done, 1))}` (--steps is the new total; "
            f"any number above the {done} steps done works)")


_REPEATS = frozenset({"train.loss_nan", "train.val_nan"})  # a bit-identical resume repeats these


def resume_hint(run_dir: Path, exc: BaseException, last: Snapshot | None) -> str:
    """"; continue from the last checkpoint with: …" when this process trained ``run_dir`` (a
    step reported: ``last``) and it failed (a full disk at a checkpoint, out of memory) with a
    checkpoint to go on from, as a stopped run says it; "" for a refusal before training and
    for a non-finite loss, which a resume from the same state meets again."""
    from gatelab.core.runs import has_checkpoint

    if (last is None or not failed_here(run_dir) or not has_checkpoint(run_dir)
            or (isinstance(exc, KeyedError) and exc.msg.key in _REPEATS)
            or _in_the_way(exc)):
        return ""
    return f"; continue from the last checkpoint with: {resume_command(run_dir)}"


def writer_token(run_dir: Path) -> object:
    """The token of the writer that last wrote run.json in ``run_dir`` (None: none), to tell
    afterwards whether a writer of this command wrote it (``failed_here``)."""
    from gatelab.core.run_liveness import WRITER_KEY
    from gatelab.core.runs import SUMMARY, read_json

    return read_json(run_dir / SUMMARY).get(WRITER_KEY)


def failed_here(run_dir: Path, earlier_writer: object = None) -> bool:
    """Whether this process trained the run in ``run_dir`` and it ended in a failure: its
    run.json names this process, a writer other than ``earlier_writer`` (the one before this
    command: ``writer_token``) and says "failed" (or "interrupted", where the failure left
    run.json unwritable). Why: such an error (a disk that filled during training) is a failed
    run, exit 1 as cli.py documents; it exited 2, the code of bad input (probe s21 D5). A
    refusal before training wrote nothing of this command's there."""
    from gatelab.core.run_liveness import WRITER_KEY, effective_status
    from gatelab.core.runs import SUMMARY, read_json

    summary = read_json(run_dir / SUMMARY)
    return (bool(summary) and summary.get("pid") == os.getpid()
            and summary.get(WRITER_KEY) != earlier_writer
            and effective_status(summary) in ("failed", "interrupted"))


def discard_unsaved(run_dir: Path, made: bool) -> bool:
    """Whether the new run in ``run_dir``, aborted by a second stop signal, kept nothing: no
    checkpoint and no metrics row (it was still being set up). Its own files then go (what it
    wrote of config.json, run.json and the empty metrics.jsonl), and the folder too when this
    command ``made`` it and nothing else is in it. Why: both signals landing while the run
    started printed "continue from the last checkpoint with: … --resume" for a folder holding
    nothing (that command: "no run to resume … config.json missing") and left the empty folder
    in the runs folder, where one stop signal at that moment says "nothing was saved" and
    leaves none (probe s21 D4). False, with nothing touched, for a run that kept a step.
    Only for a new run: its folder held no run before (``gatelab-train`` refuses one that did),
    so the run files in it are this command's."""
    from gatelab.core.runs import CKPT, CONFIG, METRICS, SUMMARY, read_json

    try:
        if os.path.lexists(run_dir / CKPT) or os.path.getsize(run_dir / METRICS) > 0:
            return False
    except FileNotFoundError:  # (no metrics.jsonl yet)
        pass
    except OSError:
        return False
    summary = read_json(run_dir / SUMMARY)
    if summary and summary.get("pid") != os.getpid():
        return False  # (another process's run: never ours to remove)
    for name in (SUMMARY, CONFIG, METRICS):
        with suppress(OSError):
            (run_dir / name).unlink(missing_ok=True)
    if made:
        with suppress(OSError):  # (anything else in it stays, and so does the folder)
            run_dir.rmdir()
    return True


def _in_the_way(exc: BaseException) -> bool:
    """Whether a run file could not be written because something sits where it belongs (a
    folder, a FIFO): a resume would stop at the same file, so no hint to resume."""
    key = getattr(getattr(exc, "strerror", None), "key", "")
    return isinstance(key, str) and (key == "run.folder_in_way" or key.startswith("file."))
