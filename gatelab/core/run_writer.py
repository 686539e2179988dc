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
import json
import os
import stat
import tempfile
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from gatelab.core.messages import Msg
from gatelab.core.run_liveness import effective_status, writer_identity
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


class RunWriteError(RunError, OSError):
    """A run file could not be written (a folder where run.json belongs, a full disk, …).

    Both a RunError (one clear line, CLI exit 2) and an OSError (callers that catch write errors
    keep working); the message names the file, never the temp file's rename. ``strerror`` is the
    reason alone and ``filename`` the path, as for any OSError: a caller that writes
    "cannot write {path}: {exc.strerror or exc}" must not say "cannot write" twice."""

    def __init__(self, msg: Msg, reason: str | None = None, filename: Path | str | None = None) -> None:
        super().__init__(msg)
        self.strerror = reason
        self.filename = str(filename) if filename is not None else None


def _write_reason(path: Path, exc: OSError) -> str:
    if path.is_dir() and not path.is_symlink():
        return Msg("run.folder_in_way")
    return exc.strerror or type(exc).__name__


def write_error(path: Path, exc: OSError) -> RunWriteError:
    """``exc`` as a RunWriteError naming ``path`` (one that already is one is kept as it is)."""
    if isinstance(exc, RunWriteError):
        return exc
    why = _write_reason(path, exc)
    return RunWriteError(Msg("run.cannot_write", {"path": path, "reason": why}), why, path)


def folder_problem(path: Path) -> Msg | None:
    """Why ``path`` cannot be or become a folder (the reason alone), or None when it can, as far
    as stat tells. Only ``stat`` is used, so a FIFO or device in the way is never opened, blocked
    on or replaced; mkdir's own errors ("[Errno 17] File exists") do not say what is in the way."""
    try:
        st = os.stat(path)
    except OSError as exc:
        if isinstance(exc, FileNotFoundError) and os.path.lexists(path):
            return Msg("folder.broken_link")
        blocker = next((a for a in path.parents if os.path.lexists(a)), None)
        if blocker is not None and not blocker.is_dir():
            return Msg("folder.parent_not_folder", {"parent": blocker})
        if isinstance(exc, FileNotFoundError):
            return None
        return Msg("folder.cannot_create", {"reason": exc.strerror or type(exc).__name__})
    if stat.S_ISDIR(st.st_mode):
        return None
    return Msg("folder.is_file" if stat.S_ISREG(st.st_mode) else "folder.is_special")


def _folder_error(path: Path, why: Msg) -> RunWriteError:
    return RunWriteError(Msg("path_reason", {"path": path, "reason": why}), why, path)


def check_folder(path: Path | str) -> Path:
    """``path`` as a Path if it is a folder or can be created as one, else RunWriteError
    "<path>: is a file, not a folder" (``filename`` is ``path``). Creates nothing, so a run
    refused later leaves no empty folder behind."""
    p = Path(path)
    why = folder_problem(p)
    if why is not None:
        raise _folder_error(p, why)
    return p


def make_folder(path: Path | str) -> Path:
    """Create the folder ``path`` (and its parents) unless it exists; RunWriteError naming it,
    with the reason in words, when it cannot be a folder (a file or FIFO there, no permission)."""
    p = check_folder(path)
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = folder_problem(p) or Msg("folder.cannot_create",
                                       {"reason": exc.strerror or type(exc).__name__})
        raise _folder_error(p, why) from None
    return p


def _umask() -> int:
    """The process's umask, read without changing it where Linux tells it (os.umask sets it)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


def _write_target(path: Path) -> tuple[Path, int]:
    """(the file to replace, the mode to give it) for a write to ``path``.

    Why: ``os.replace`` onto a symbolic link replaces the link itself, so ``--json link.json``
    turned a link into a file, and as root ``--json /dev/stdout`` replaced the system's link.
    A link is written through instead: its final target (even a missing one) is replaced, and a
    target that is a folder, FIFO or device is refused, never replaced or written to. A file
    that exists keeps its permissions; a new one gets the umask's."""
    try:
        st = os.stat(path)  # follows links, as the write will
    except FileNotFoundError:
        st = None
    except OSError as exc:  # a link loop, no permission to look
        raise write_error(path, exc) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        why = Msg("run.folder_in_way")
        raise RunWriteError(Msg("run.cannot_write", {"path": path, "reason": why}), why, path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        why = Msg("file.not_regular_kind", {"path": path})
        raise RunWriteError(why, why, path)
    mode = stat.S_IMODE(st.st_mode) & 0o777 if st is not None else 0o666 & ~_umask()
    return Path(os.path.realpath(path)), mode


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (temp file + rename); RunWriteError naming ``path``.

    The temp file is made by ``tempfile.mkstemp`` (O_EXCL, O_NOFOLLOW, a random name) beside
    the target: a link or FIFO planted at a predictable name would redirect the write or block
    it forever. It is ``.NAME.<random>.PID.tmp``, so ``remove_stale_tmp`` knows its writer, and
    it is removed on every failure."""
    path = Path(path)
    target, mode = _write_target(path)
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:64]}.", suffix=f".{os.getpid()}.tmp",
                                   dir=target.parent)
        with open(fd, "wb") as f:
            if hasattr(os, "fchmod"):  # mkstemp makes it 0600
                os.fchmod(f.fileno(), mode)
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if isinstance(exc, OSError):
            raise write_error(path, exc) from None
        raise


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_bytes(path, json.dumps(obj, indent=2, allow_nan=True).encode("utf-8"))


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
                 on_warning: Callable[[str], None] | None = None) -> None:
        self.path = make_folder(path)
        self.warnings: list[str] = []
        self._on_warning = on_warning
        old = read_json(self.path / SUMMARY) if resume_step is not None else {}
        if old and effective_status(old) == "running" and old.get("pid") != os.getpid():
            raise RunError(Msg("run.busy", {"path": self.path, "pid": str(old.get("pid")),
                                             "host": str(old.get("host"))}))
        remove_stale_tmp(self.path, include_own=True)
        atomic_write_json(self.path / CONFIG, config.to_dict())
        now = time.time()
        self.summary: dict[str, Any] = {
            "status": "running", "created": old.get("created", now),
            "updated": now, "heartbeat": now, "steps": resume_step or 0,
            "steps_total": config.steps,
            "final_train_loss": old.get("final_train_loss"), "final_val_loss": old.get("final_val_loss"),
            "tokens_per_s": None, "variant": config.variant, "corpus": corpus_info,
            "n_params": n_params, "device": device, "error": "", **writer_identity(),
        }
        if resume_step is not None:
            self._truncate_metrics(resume_step)
        atomic_write_json(self.path / SUMMARY, self.summary)
        self._beat_at = self._ckpt_at = time.monotonic()
        self._ckpt_every_s = checkpoint_seconds()
        self._evals_checkpointed = False
        self._summary_lock = threading.Lock()  # keep_alive may come from another thread
        self._metrics = open(self.path / METRICS, "a", encoding="utf-8")
        _OPEN_WRITERS[_key(self.path)] = self

    def _truncate_metrics(self, step: int) -> None:
        """Keep the rows up to the checkpoint's step, each step once (rows written after the
        checkpoint, before a crash, are trained again), so the curve stays one curve."""
        out, last = io.BytesIO(), 0
        for line, row in iter_metrics(self.path / METRICS):
            if last < row["step"] <= step:
                out.write(line)
                last = row["step"]
        atomic_write_bytes(self.path / METRICS, out.getvalue())

    def append(self, snap: Snapshot) -> None:
        try:
            self._metrics.write(json.dumps(snap.metrics_row()) + "\n")
            self._metrics.flush()
        except OSError as exc:  # a full disk: say which file, not just "[Errno 28]"
            raise write_error(self.path / METRICS, exc) from None
        self.summary.update(steps=snap.step, final_train_loss=snap.train_loss,
                            tokens_per_s=snap.tokens_per_s, updated=time.time())
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

        from gatelab.core import stats_history  # (imports torch)

        buf = io.BytesIO()
        torch.save(state, buf)
        atomic_write_bytes(self.path / CKPT, buf.getvalue())
        if stats is not None:
            buf = io.BytesIO()
            np.savez(buf, **{f.name: getattr(stats, f.name) for f in dataclasses.fields(stats)})
            atomic_write_bytes(self.path / STATS, buf.getvalue())
        try:
            make_folder(self.path / stats_history.HISTORY_DIR)
            stats_history.append_entry(self.path, int(state.get("step", 0)), stats, state.get("model"))
        except OSError as exc:  # ckpt.pt is saved: the history only replays steps in the GUI
            path = Path(exc.filename) if exc.filename else self.path / stats_history.HISTORY_DIR
            self._warn(Msg("run.history_not_saved", {"reason": write_error(path, exc).msg}))
        self._write_summary()
        self._ckpt_at = time.monotonic()

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
        self._write_summary()
        self.close()

    def close(self) -> None:
        if open_writer(self.path) is self:
            del _OPEN_WRITERS[_key(self.path)]
        if not self._metrics.closed:
            self._metrics.close()


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
           "atomic_write_bytes", "atomic_write_json", "check_folder", "checkpoint_seconds",
           "folder_problem", "keep_alive", "make_folder", "open_writer", "sample_block", "sample_header",
           "write_error"]
