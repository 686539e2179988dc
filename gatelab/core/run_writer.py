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
import threading
import time
import weakref
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
# the writers open in this process, by resolved run folder, for keep_alive (weak: a dropped
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
    keep working); the message names the file, never the temp file's rename."""


def _write_reason(path: Path, exc: OSError) -> str:
    if path.is_dir() and not path.is_symlink():
        return Msg("run.folder_in_way")
    return exc.strerror or type(exc).__name__


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (temp file + rename); RunWriteError naming ``path``."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(exc, OSError) and not isinstance(exc, RunWriteError):
            raise RunWriteError(Msg("run.cannot_write", {"path": path,
                                                       "reason": _write_reason(path, exc)})) from None
        raise


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_bytes(path, json.dumps(obj, indent=2, allow_nan=True).encode("utf-8"))


class RunWriter:
    """Writes one run folder while ``train_steps`` runs (used by the engine).

    run.json carries the writer's pid, host and a heartbeat, so a run whose process died shows
    as "interrupted"; ``checkpoint_due`` asks for a checkpoint at least every
    ``checkpoint_seconds()`` and at the first evaluation, so a crash loses about a minute at most.
    """

    def __init__(self, path: Path | str, config: TrainConfig, corpus_info: dict[str, Any],
                 n_params: int, device: str, resume_step: int | None = None) -> None:
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
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
        self._metrics.write(json.dumps(snap.metrics_row()) + "\n")
        self._metrics.flush()
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
        stats_history.append_entry(self.path, int(state.get("step", 0)), stats, state.get("model"))
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
        with open(self.path / SAMPLES, "a", encoding="utf-8") as f:
            f.write(f"--- sample at step {step} ---\n{text}\n")

    def finish(self, status: str, error: str = "") -> None:
        self.summary.update(status=status, error=error, updated=time.time())
        self._write_summary()
        self.close()

    def close(self) -> None:
        if _OPEN_WRITERS.get(_key(self.path)) is self:
            del _OPEN_WRITERS[_key(self.path)]
        if not self._metrics.closed:
            self._metrics.close()


def _key(path: Path | str) -> str:
    return os.path.realpath(path)


def keep_alive(run_dir: Path | str) -> bool:
    """Keep the heartbeat of the run this process is writing in ``run_dir`` fresh while nothing
    pulls its steps (the GUI's pause blocks the training generator, so ``append`` never runs).
    Cheap enough to call every few milliseconds; False when this process writes no run there."""
    if not run_dir:
        return False
    writer = _OPEN_WRITERS.get(_key(run_dir))
    if writer is None:
        return False
    writer.beat()
    return True


__all__ = ["CHECKPOINT_S", "HEARTBEAT_S", "RunWriteError", "RunWriter", "atomic_write_bytes",
           "atomic_write_json", "checkpoint_seconds", "keep_alive"]
