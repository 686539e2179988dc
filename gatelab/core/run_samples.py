"""Samples added to a run folder after its training ended (the GUI's sample at a stop).

Why: a finished run writes its sample into samples.txt itself (``RunWriter.add_sample``), so its
replay shows it; a run stopped in the GUI got its sample from the checkpoint saved at the stop,
written by the GUI after the run had ended, and that text was only ever on screen: replaying the
run later showed an empty box under a placeholder promising a sample "when a run finishes or is
stopped". The text sampled at the stop is kept with the run instead of sampled again at every
replay: a replay is then instant and shows the very text seen at the stop, and samples.txt stays
the one record of what the model wrote (a run stopped, resumed and finished lists both).

Safe after the run: the file only grows, by one ``O_APPEND`` write of a whole block (header and
text), to a regular file (a FIFO or device in the way is refused, never blocked on); a run being
trained (by this process or, judging by run.json, another) is left alone, since its writer owns
the folder and a sample of an older step would land in the middle of its history. A sample at a
step that samples.txt already holds is not written twice. Nothing here imports torch or Qt.
"""

from __future__ import annotations

from pathlib import Path

from gatelab.core.messages import Msg
from gatelab.core.run_liveness import effective_status
from gatelab.core.run_lock import claim_lock
from gatelab.core.run_writer import (
    RunWriteError,
    append_regular,
    open_writer,
    sample_block,
    sample_header,
    write_error,
)
from gatelab.core.values import is_int
from gatelab.core.runs_read import (CKPT, METRICS, SAMPLES, SUMMARY, iter_metrics, read_json,
                                    read_samples_tail)
from gatelab.core.run_saved_step import CHECKPOINT_STEP_KEY
from gatelab.core.safe_write import atomic_write_json

SAMPLES_READ_CAP = 1 << 16  # bytes of samples.txt read to look for a step already sampled


def run_step(run_dir: Path | str) -> int | None:
    """The step run.json says the run reached (None when unknown): the step of the checkpoint
    saved when it stopped or finished."""
    steps = read_json(Path(run_dir) / SUMMARY).get("steps")
    return steps if is_int(steps) and steps >= 0 else None


def completed_unfinished(run_dir: Path | str, summary: dict, ckpt_step: int | None = None
                         ) -> bool:
    """Whether the run trained every step and checkpointed its last one, but its process ended
    before marking it finished (killed while writing the final sample): only its sample and
    its "finished" are missing. Resume refused it ("already completed"), and it was listed as
    interrupted for good. The last step's entry in the stats history is written after ckpt.pt,
    so it shows that the checkpoint holds the last step; a run without statistics (--no-stats)
    has none: a caller that read the checkpoint passes its step, ``ckpt_step``."""
    total = summary.get("steps_total")
    if not (bool(summary) and effective_status(summary) == "interrupted" and is_int(total)
            and total > 0 and (Path(run_dir) / CKPT).is_file()):
        return False
    if ckpt_step is not None:  # the checkpoint decides: a kill between its write and run.json's
        return ckpt_step == total  # left run.json at the last heartbeat's step (probe s21 D1)
    from gatelab.core.stats_history import history_steps  # (numpy only; torch stays unloaded)

    return total in history_steps(run_dir)


def ended(run_dir: Path | str, summary: dict) -> bool:
    """Whether the run stopped or finished (its checkpoint is its last step), or trained every
    step and was killed before it said so: a replay then owes it its sample."""
    return bool(summary) and (effective_status(summary) in ("stopped", "finished")
                              or completed_unfinished(run_dir, summary))


def _mark_finished(path: Path, summary: dict) -> None:
    """run.json of a ``completed_unfinished`` run says "finished", as its process would have:
    with all its steps and their last losses (from metrics.jsonl) where the process was killed
    before run.json caught up with its final checkpoint."""
    total = summary["steps_total"]
    out = {**summary, "status": "finished", "error": "", "steps": total,
           CHECKPOINT_STEP_KEY: total}
    if summary.get("steps") != total:
        train, val = _last_losses(path, total)
        if train is not None:
            out["final_train_loss"] = train
        if val is not None:
            out["final_val_loss"] = val
    atomic_write_json(path / SUMMARY, out)


def _last_losses(path: Path, step: int) -> tuple[float | None, float | None]:
    """The last train and validation losses metrics.jsonl holds up to ``step``."""
    train = val = None
    try:
        for _line, row in iter_metrics(path / METRICS):
            if not (is_int(row.get("step")) and row["step"] <= step):
                continue
            if row.get("train_loss") is not None:
                train = row["train_loss"]
            if row.get("val_loss") is not None:
                val = row["val_loss"]
    except Exception:  # noqa: BLE001 (an unreadable metrics file: keep run.json's losses)
        return None, None
    return train, val


def mark_completed(run_dir: Path | str, ckpt_step: int | None = None) -> bool:
    """Mark a ``completed_unfinished`` run "finished" (True), as its process would have once
    its sample was written; False (nothing written) for any other run."""
    path = Path(run_dir)
    summary = read_json(path / SUMMARY)
    if not completed_unfinished(path, summary, ckpt_step):
        return False
    _mark_finished(path, summary)
    return True


def has_sample_at(run_dir: Path | str, step: int, cap: int = SAMPLES_READ_CAP) -> bool:
    """Whether the last ``cap`` bytes of samples.txt hold a sample at ``step``."""
    try:
        tail = read_samples_tail(Path(run_dir) / SAMPLES, cap)
    except Exception:  # an unreadable samples.txt: appending says why, if it fails too
        return False
    return sample_header(step) in tail


def append_sample(run_dir: Path | str, step: int, text: str, *, claimed: bool = False) -> bool:
    """Add a sample at ``step`` to the samples.txt of a run that is not training; False when
    nothing was written (the run trains now, or a sample at that step is already saved).

    The run folder's lock (``run_lock``) is held while it writes, so a ``--resume`` of the run
    that another process begins meanwhile waits for none of it and is never written into: run.json
    says "running" only seconds after such a resume took the lock. ``claimed``: the caller holds
    the lock already (``engine_resume.finish_completed``).

    Raises ``RunWriteError`` (an OSError naming the file and why) when it cannot be written."""
    path = Path(run_dir)
    if not path.is_dir():
        raise RunWriteError(Msg("run.not_found", {"path": path}), filename=path)
    if claimed:
        return _append_unlocked(path, step, text)
    lock = claim_lock(path)  # (not refused by a runs list's probe of the lock at that moment)
    if lock is None:
        return False  # a writer (a resume, here or in another process) holds the folder
    try:
        return _append_unlocked(path, step, text)
    finally:
        lock.release()


def _append_unlocked(path: Path, step: int, text: str) -> bool:
    """``append_sample`` with the folder's lock held (or not to be had on this system)."""
    if open_writer(path) is not None:
        return False  # this process trains it again (a resume began)
    summary = read_json(path / SUMMARY)
    if summary and effective_status(summary) == "running":
        return False  # another process writes this run
    complete = completed_unfinished(path, summary)
    if not text or has_sample_at(path, step):
        if complete and has_sample_at(path, step):  # killed after its sample, before "finished"
            _mark_finished(path, summary)
        return False
    try:
        append_regular(path / SAMPLES, sample_block(step, text))
        if complete:
            _mark_finished(path, summary)
    except RunWriteError:
        raise
    except OSError as exc:
        raise write_error(path / SAMPLES, exc) from None
    return True


__all__ = ["SAMPLES_READ_CAP", "append_sample", "completed_unfinished", "ended", "has_sample_at", "mark_completed", "run_step",
           "sample_block"]
