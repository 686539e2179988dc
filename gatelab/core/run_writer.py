"""Writing one run folder while it trains: whole files or none, and a heartbeat.

Why a module of its own: ``runs`` lists, reopens and deletes run folders (no torch, no state);
this is the one stateful writer. Every file is written whole or not at all (temp file +
``os.replace``; a leftover temp file is removed on the next open), ``checkpoint_due`` asks for a
checkpoint at least every ``checkpoint_seconds()``, so a crash loses about a minute at most, and
run.json's heartbeat is refreshed at least every ``HEARTBEAT_S`` (also while a run is paused, by
``keep_alive``), so a live run never reads as "interrupted".
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import math
import os
import stat
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from gatelab.core.disk_room import check_disk_room, folder_bytes
from gatelab.core.messages import Msg
from gatelab.core.run_lock import FolderLock, claim_run
from gatelab.core.run_liveness import (
    WRITER_KEY,
    claim_writer,
    effective_status,
    release_writer,
    writer_identity,
)
from gatelab.core.run_saved_step import CHECKPOINT_LOSS_KEYS, CHECKPOINT_STEP_KEY
from gatelab.core.runs_read import (
    CKPT,
    CONFIG,
    METRICS,
    SAMPLES,
    STATS,
    SUMMARY,
    RunError,
    iter_metrics,
    read_json,
    remove_stale_tmp,
)
from gatelab.core.safe_write import (  # re-exported: the writer's file and folder helpers
    RunWriteError,
    atomic_write_bytes,
    atomic_write_json,
    check_folder,
    check_write_targets,
    folder_problem,
    json_text,
    make_folder,
    write_error,
)
from gatelab.core.trainconfig import LayerStats, Snapshot, TrainConfig

CHECKPOINT_S = 60.0  # checkpoint at least this often (seconds); GATELAB_CHECKPOINT_S overrides
HEARTBEAT_S = 10.0  # refresh run.json's heartbeat at least this often while training (or paused)
# the writers open in this process, by resolved run folder, for open_writer (weak: a dropped
# generator's writer disappears with it)
_OPEN_WRITERS: weakref.WeakValueDictionary[str, RunWriter] = weakref.WeakValueDictionary()


def checkpoint_seconds() -> float:
    """The time between checkpoints: CHECKPOINT_S, or the GATELAB_CHECKPOINT_S environment
    variable (tests shrink it to exercise a crash between checkpoints in a short run)."""
    try:
        value = float(os.environ.get("GATELAB_CHECKPOINT_S", CHECKPOINT_S))
    except ValueError:
        return CHECKPOINT_S
    return value if value > 0 else CHECKPOINT_S


class RunWriter:
    """Writes one run folder while ``train_steps`` runs (used by the engine).

    run.json carries the writer's pid, host and a heartbeat, so a run whose process died shows
    as "interrupted"; ``checkpoint_due`` asks for a checkpoint at least every
    ``checkpoint_seconds()`` and at the first evaluation, so a crash loses about a minute at most.
    A file that only adds to the run (samples.txt, the stats history) and cannot be written is a
    warning, given once to ``on_warning`` and kept in run.json's "warnings": it must not end a
    run and lose the steps since the last checkpoint.
    """

    def __init__(self, path: Path | str, config: TrainConfig, corpus_info: dict[str, Any],
                 n_params: int, device: str, resume_step: int | None = None,
                 on_warning: Callable[[str], None] | None = None,
                 lock: FolderLock | None = None) -> None:
        self.path = make_folder(path)
        self.warnings: list[str] = []
        self._on_warning = on_warning
        # one writer per folder: the engine locks a resumed run before reading its checkpoint
        # and hands the lock over; held until close (run_lock)
        self._lock = lock if lock is not None else claim_run(self.path)
        try:
            self._open(config, corpus_info, n_params, device, resume_step)
        except BaseException:
            self._lock.release()
            raise
        _OPEN_WRITERS[_key(self.path)] = self

    def _open(self, config: TrainConfig, corpus_info: dict[str, Any], n_params: int, device: str,
              resume_step: int | None) -> None:
        """Check the folder (a refused resume changes nothing), then write config.json and
        run.json ("running", naming this writer) and open metrics.jsonl."""
        old = read_json(self.path / SUMMARY) if resume_step is not None else {}
        if old and effective_status(old) == "running" and old.get("pid") != os.getpid():
            raise RunError(Msg("run.busy", {"path": self.path, "pid": str(old.get("pid")),
                                             "host": str(old.get("host"))}))
        # a disk too full for the run's checkpoints: said now, not after the steps before the
        # first or second one (what the folder holds already counts as room: a resume)
        check_disk_room(self.path, config, n_params,
                        folder_bytes(self.path) if resume_step is not None else 0)
        kept = None
        if resume_step is not None:  # all that can refuse comes first: a refused resume changes nothing
            check_write_targets(*(self.path / name for name in (CONFIG, SUMMARY, METRICS, STATS)))
            kept = self._kept_metrics(resume_step)
        remove_stale_tmp(self.path, include_own=True)
        atomic_write_json(self.path / CONFIG, config.to_dict())
        # run.json names this writer: once it closes (even after a write error left run.json
        # "running"), this process no longer counts as the run's live writer (run_liveness)
        self._token = claim_writer()
        self._release = weakref.finalize(self, release_writer, self._token)
        now = time.time()
        created = old.get("created")  # a non-finite one (1e400) is unknown: JSON holds no inf
        self.summary: dict[str, Any] = {
            "status": "running", "created": created if finite_time(created) else now,
            "updated": now, "heartbeat": now, "steps": resume_step or 0,
            # the step a resume would continue from (run_saved_step): the resumed checkpoint's,
            # 0 for a new run or one resumed without a checkpoint
            CHECKPOINT_STEP_KEY: resume_step or 0, "steps_total": config.steps,
            "final_train_loss": old.get("final_train_loss"), "final_val_loss": old.get("final_val_loss"),
            "tokens_per_s": None, "variant": config.variant, "corpus": corpus_info,
            "n_params": n_params, "device": device, "error": "", **writer_identity(),
            WRITER_KEY: self._token,
        }
        try:
            if kept is not None:
                atomic_write_bytes(self.path / METRICS, kept)
            atomic_write_json(self.path / SUMMARY, self.summary)
            # unbuffered bytes: each row is written now, so a failed one can be taken back
            self._metrics = open(self.path / METRICS, "ab", buffering=0)
        except BaseException:  # never opened: its run.json must not read as trained here
            self._release()
            raise
        self._beat_at = self._ckpt_at = time.monotonic()
        self._ckpt_every_s = checkpoint_seconds()
        self._evals_checkpointed = False
        self._summary_lock = threading.Lock()  # keep_alive may come from another thread

    def _kept_metrics(self, step: int) -> bytes:
        """The metrics rows up to the checkpoint's step, each step once (rows written after the
        checkpoint, before a crash, are trained again), so the curve stays one curve."""
        out, last = io.BytesIO(), 0
        for line, row in iter_metrics(self.path / METRICS):
            if last < row["step"] <= step:
                # a row an older gatelab wrote with a bare NaN is kept as strict JSON
                strict = b"NaN" not in line and b"Infinity" not in line
                out.write(line if strict else (json_text(row) + "\n").encode("utf-8"))
                last = row["step"]
        return out.getvalue()

    def append(self, snap: Snapshot) -> None:
        row = (json_text(snap.metrics_row()) + "\n").encode("utf-8")  # NaN sink: null
        try:
            write_row(self._metrics, row)
        except OSError as exc:  # a full disk: say which file, not just "[Errno 28]"
            raise write_error(self.path / METRICS, exc) from None
        self.summary.update(steps=snap.step, final_train_loss=snap.train_loss,
                            tokens_per_s=snap.mean_tokens_per_s(), updated=time.time())
        if snap.val_loss is not None:
            self.summary["final_val_loss"] = snap.val_loss
        if time.monotonic() - self._beat_at >= HEARTBEAT_S:
            self._write_summary()

    def checkpoint_due(self, step: int, interval: int, evaluated: bool) -> bool:
        """Every ``interval`` steps, at least every checkpoint_seconds(), and at the first eval."""
        if evaluated and not self._evals_checkpointed:
            self._evals_checkpointed = True
            return True
        return step % interval == 0 or time.monotonic() - self._ckpt_at >= self._ckpt_every_s

    def checkpoint(self, state: dict[str, Any], stats: LayerStats | None) -> None:
        import torch  # only a training process, which has torch loaded already, gets here

        buf = io.BytesIO()
        torch.save(state, buf)
        atomic_write_bytes(self.path / CKPT, buf.getvalue())
        with self._summary_lock:  # from now on every run.json names this checkpoint's step:
            # the list and the launch notice say the step a resume continues from, not the
            # heartbeat's (which runs up to a minute ahead of the last checkpoint)
            step = int(state.get("step", 0))
            self.summary[CHECKPOINT_STEP_KEY] = step
            if self.summary.get("steps") == step:  # its losses, shown beside that step
                for key, now in zip(CHECKPOINT_LOSS_KEYS, ("final_train_loss", "final_val_loss"),
                                    strict=True):
                    self.summary[key] = self.summary.get(now)
        write_history(self.path, int(state.get("step", 0)), stats, state.get("model"), self._warn)
        self._write_summary()
        self._ckpt_at = time.monotonic()

    def warn(self, msg: Msg) -> None:
        """``msg`` (a problem that does not stop the run) given to ``on_warning`` and kept in
        run.json, once per kind (``_warn``): for what the engine writes beside the writer."""
        self._warn(msg)

    def _write_summary(self) -> None:
        with self._summary_lock:
            self.summary["heartbeat"] = time.time()
            atomic_write_json(self.path / SUMMARY, self.summary)
            self._beat_at = time.monotonic()

    def beat(self) -> None:
        """Refresh run.json's heartbeat if HEARTBEAT_S has passed: a run whose steps are not
        being pulled (paused in the GUI) is alive, not "interrupted"."""
        if time.monotonic() - self._beat_at >= HEARTBEAT_S:
            self._write_summary()

    def add_sample(self, step: int, text: str) -> None:
        """Append a sample to samples.txt. A sample that cannot be saved (a folder or FIFO in
        the way, a read-only file) is a warning: the snapshot still carries it, and the run,
        its metrics and its checkpoints go on being saved."""
        path = self.path / SAMPLES
        try:
            append_regular(path, sample_block(step, text))
        except OSError as exc:
            self._warn(Msg("run.sample_not_saved", {"reason": write_error(path, exc).msg}))

    def _warn(self, msg: Msg) -> None:
        """Report ``msg`` once per kind (a file that fails fails again at every checkpoint)."""
        if any(getattr(w, "key", None) == msg.key for w in self.warnings):
            return
        self.warnings.append(msg)
        self.summary["warnings"] = list(self.warnings)
        if self._on_warning is not None:
            self._on_warning(msg)

    def finish(self, status: str, error: str = "") -> None:
        self.summary.update(status=status, error=error, updated=time.time())
        try:
            self._write_summary()
        finally:  # a run.json that cannot be written (a full disk) still frees the folder
            self.close()

    def close(self) -> None:
        """Stop writing: run.json (whatever it says) no longer names a live writer, and the
        folder is free for another writer. Never raises: on a full disk, closing a buffered
        metrics.jsonl flushed the row that already failed once, and that bare "[Errno 28]"
        replaced the error naming the file (probe s14); the row's failure was raised when it
        happened. (The file is unbuffered now; a file without a close that works is closed by
        its descriptor all the same.)"""
        self._release()
        self._lock.release()
        if open_writer(self.path) is self:
            del _OPEN_WRITERS[_key(self.path)]
        if not self._metrics.closed:
            try:
                self._metrics.close()
            except OSError:  # (io closes the descriptor after a failed flush, as checked here)
                if not self._metrics.closed:
                    with contextlib.suppress(OSError, ValueError):
                        os.close(self._metrics.fileno())


def write_history(path: Path, step: int, stats: LayerStats | None,
                  model_state: dict[str, Any] | None, warn: Callable[[Msg], None]) -> None:
    """After a checkpoint of ``step``: ``stats`` as stats.npz (the run's latest statistics) and
    that step's stats-history entry (``stats_history.append_entry``: the statistics and, for a
    small model, ``model_state``). An entry that cannot be written is a warning (``warn``):
    ckpt.pt is saved, the history only replays steps in the GUI. Also used where a kill left
    out the entry of the checkpoint a run resumes from (``engine_resume.fill_history``)."""
    from gatelab.core import stats_history  # (imports torch)

    if stats is not None:
        buf = io.BytesIO()
        np.savez(buf, **{f.name: getattr(stats, f.name) for f in dataclasses.fields(stats)})
        atomic_write_bytes(path / STATS, buf.getvalue())
    try:
        make_folder(path / stats_history.HISTORY_DIR)
        stats_history.append_entry(path, step, stats, model_state)
    except OSError as exc:
        where = Path(exc.filename) if exc.filename else path / stats_history.HISTORY_DIR
        warn(Msg("run.history_not_saved", {"reason": write_error(where, exc).msg}))


def write_row(f: Any, row: bytes) -> None:
    """Append ``row`` (one whole line) to the unbuffered file ``f``, or nothing: a write that
    fails part way (a disk full in the middle of the row) is cut back to the line before it.
    Why: the row's first bytes stayed in metrics.jsonl (``{"step": 175, …, "lr"``), a line every
    strict JSON Lines reader refuses and ``load_run`` skipped without a word (probe s21 D5)."""
    start = f.seek(0, os.SEEK_END)
    try:
        view = memoryview(row)
        while view:
            view = view[f.write(view):]
    except OSError:
        with contextlib.suppress(OSError, ValueError):  # (shrinking needs no room on the disk)
            f.truncate(start)
        raise


def finite_time(value: Any) -> bool:
    """Whether ``value`` is a time JSON can hold: a finite number (1e400 parses as inf, which
    would be written back as null, or as the non-JSON Infinity by older versions)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int past float range
        return False


def sample_header(step: int) -> str:
    """The line above each sample in samples.txt (the trainer's replay and run_samples read it
    back)."""
    return f"--- sample at step {step} ---\n"


def sample_block(step: int, text: str) -> bytes:
    """One sample as samples.txt holds it: its header line, then the text."""
    return f"{sample_header(step)}{text}\n".encode("utf-8", "backslashreplace")


def append_regular(path: Path, data: bytes) -> None:
    """Append ``data`` to the regular file ``path`` (created if missing), in one ``O_APPEND``
    write. Opened non-blocking and checked before writing: a FIFO there would block the run
    forever, a device be written to. Public for run_samples, which adds to a finished run's file."""
    not_regular = Msg("file.not_regular_kind", {"path": path})
    nonblock = getattr(os, "O_NONBLOCK", 0)  # POSIX; Windows has no FIFOs in a folder
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | nonblock, 0o666)
    except OSError:  # a FIFO without a reader says ENXIO: name what is in the way instead
        if os.path.exists(path) and not (path.is_file() or path.is_dir()):
            raise RunWriteError(not_regular, not_regular, path) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RunWriteError(not_regular, not_regular, path)
        if nonblock:
            os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def open_writer(run_dir: Path | str) -> RunWriter | None:
    """The RunWriter this process has open on ``run_dir`` (matched by resolved path), or None.
    Why: keep_alive beats its heartbeat, and run_samples must not append to a run being trained."""
    return _OPEN_WRITERS.get(_key(run_dir)) if run_dir else None


def _key(run_dir: Path | str) -> str:
    """A run folder as _OPEN_WRITERS files it: its resolved path."""
    return os.path.realpath(run_dir)


def keep_alive(run_dir: Path | str) -> bool:
    """Keep the heartbeat of the run this process is writing in ``run_dir`` fresh while nothing
    pulls its steps (the GUI's pause blocks the training generator, so ``append`` never runs).
    Cheap enough to call every few milliseconds; False when this process writes no run there."""
    writer = open_writer(run_dir)
    if writer is None:
        return False
    writer.beat()
    return True


__all__ = ["CHECKPOINT_S", "HEARTBEAT_S", "RunWriteError", "RunWriter", "append_regular",
           "atomic_write_bytes", "atomic_write_json", "check_folder", "checkpoint_seconds", "finite_time",
           "folder_problem", "keep_alive", "make_folder", "open_writer", "sample_block", "sample_header",
           "write_error", "write_history", "write_row"]
