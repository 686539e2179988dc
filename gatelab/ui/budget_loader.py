"""Reading config.json and safetensors files for the budget panel, off the GUI thread.

Why a worker: a file can be a FIFO, a network mount that stalls, or a sharded index naming dozens
of shards; the readers are capped and never block on a FIFO, but even a capped 100 MB header takes
a second to check. The GUI thread only submits a request and later receives ``read_finished`` with
plain results; it never opens a file itself.

A private ``QThreadPool`` of one thread runs the requests in order. ``shutdown()`` requests the
stop (queued requests are dropped, a running one finishes: every reader is bounded), then waits
for the pool. The pool's destructor waits too, so no thread outlives its owner.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from gatelab.core import budget as B
from gatelab.ui.messages import message_text  # core's keyed messages (translate is thread-safe)


@dataclass(frozen=True)
class ConfigResult:
    config: dict[str, Any]
    count: B.ModelCount


@dataclass(frozen=True)
class CheckpointResult:
    summary: B.CheckpointSummary
    beside: B.ModelCount | None  # the count of a config.json next to the file, when readable
    beside_error: str  # why that config.json could not be used ("" when fine or absent)


Progress = Callable[[int, int], None]


def read_config(path: str, progress: Progress | None = None) -> ConfigResult:
    """Parse and count a config.json (runs in the worker; every failure is a ValueError)."""
    config = B.load_hf_config(path)
    return ConfigResult(config, B.count_from_hf_config(config))


def read_checkpoint(path: str, progress: Progress | None = None) -> CheckpointResult:
    """Summarise a safetensors header or index and count the config.json beside it, if any;
    ``progress(shards read, shards)`` for a sharded index."""
    summary = B.summarize(B.read_checkpoint(path, progress))
    beside_path = Path(path).parent / "config.json"
    beside, error = None, ""
    if beside_path.exists():
        try:
            beside = B.count_from_hf_config(beside_path)
        except ValueError as exc:
            error = message_text(exc)
    return CheckpointResult(summary, beside, error)


READERS = {"config": read_config, "safetensors": read_checkpoint}


class BudgetFileLoader(QObject):
    """Runs file reads in one background thread; results arrive in the GUI thread.

    ``busy_changed(bool)`` goes True when the first request starts and False when the queue is empty;
    ``read_finished(ticket, kind, path, result, error)`` carries the reader's result (or None and the
    error message). ``load(kind, path)`` returns the ticket of the request."""

    busy_changed = Signal(bool)
    read_finished = Signal(int, str, str, object, str)
    result_applied = Signal(str, str, bool)  # kind, path, ok: emitted by the panel once shown
    progress_changed = Signal(str, int, int)  # path, done, total (shards of an index)
    _result_ready = Signal(int, str, str, object, str)  # emitted in the worker, queued to the GUI

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._stop = threading.Event()
        self._pending = 0
        self._ticket = 0
        self._result_ready.connect(self._on_result)
        stop = self._stop  # not self: the lambda must not touch a wrapper being destroyed
        self.destroyed.connect(lambda *_: stop.set())  # emitted before the pool (a child) waits

    def busy(self) -> bool:
        return self._pending > 0

    def load(self, kind: str, path: str) -> int:
        """Queue a read of ``path`` with the ``kind`` reader ("config" or "safetensors")."""
        reader = READERS[kind]
        self._ticket += 1
        ticket = self._ticket
        self._pending += 1
        if self._pending == 1:
            self.busy_changed.emit(True)
        stop, emit, report = self._stop, self._result_ready.emit, self.progress_changed.emit

        def progress(done: int, total: int) -> None:
            if stop.is_set():
                raise ValueError("stopped")  # leave a long index between two shards
            try:
                report(path, done, total)
            except RuntimeError:  # the loader went away meanwhile
                pass

        def job() -> None:
            if stop.is_set():
                return
            try:
                result, error = reader(path, progress), ""
            except (ValueError, OSError, RecursionError, MemoryError) as exc:
                result, error = None, message_text(exc) or type(exc).__name__
            except Exception as exc:  # a reader bug must not leave the panel busy forever
                result, error = None, f"unexpected {type(exc).__name__}: {exc}"
            if not stop.is_set():
                try:
                    emit(ticket, kind, path, result, error)
                except RuntimeError:  # the loader went away meanwhile: nobody to tell
                    pass

        self._pool.start(job)
        return ticket

    def shutdown(self, timeout_ms: int = 10000) -> bool:
        """Request the stop, drop queued reads and wait for a running one; True when idle."""
        self._stop.set()
        self._pool.clear()
        done = self._pool.waitForDone(timeout_ms)
        self._pending = 0
        return done

    def _on_result(self, ticket: int, kind: str, path: str, result: object, error: str) -> None:
        self._pending = max(0, self._pending - 1)
        self.read_finished.emit(ticket, kind, path, result, error)
        if self._pending == 0:
            self.busy_changed.emit(False)
