"""Training off the GUI thread: a QObject worker moved to a QThread, driven by plain data.

Why a thread and not a process: torch releases the GIL inside its kernels, so a worker thread
leaves the event loop responsive while sharing the run folder, the stop flag and the snapshots
without pickling (benchmarks/bench_ui_latency.py measures both; see docs/BENCHMARKS-trainer.md).

The worker keeps every scalar row (eval points are never dropped) but hands them to the GUI in
batches at most every ``interval_s`` (≈10 Hz), together with the latest snapshot and the latest
layer statistics; the final batch is always delivered. Pause means the worker simply stops
pulling from the engine's generator; stop sets the engine's ``stop_event`` (the engine ends within
one step) and also wakes a paused worker. ``shutdown()`` stops, quits and waits for the thread so
no QThread is ever destroyed while running.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from gatelab.core.runs import keep_alive
from gatelab.core.trainconfig import LayerStats, Snapshot, TrainingError
from gatelab.ui.messages import message_text
from gatelab.ui.qt_threads import keep_until_finished, park

# A job runs in the worker thread. It gets the worker (to report through) and returns a result.
Job = Callable[["JobWorker"], Any]



@dataclass
class Progress:
    """One throttled delivery to the GUI: all rows since the last one, plus the latest state."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    latest: Snapshot | None = None
    stats: LayerStats | None = None  # the newest layer statistics, when new since last delivery
    extra: Any = None  # job-specific (the experiment's overall progress)


@dataclass(frozen=True)
class FinalSample:
    """``Progress.extra`` of a training job: the last step is done and the run is writing its
    final sample (seconds on a CPU, during which no snapshot comes)."""

    step: int
    total: int


@dataclass
class Outcome:
    status: str  # "finished", "stopped" or "error"
    message: str = ""
    run_dir: str = ""
    result: Any = None
    # an "error" that refused the job before it reported anything: the input was refused (a
    # ValueError such as core's GatelabError: a resume of a finished run, a checkpoint of
    # another model, a run another process trains, a corpus gone) or a file could not be
    # written (OSError), not a failure of training (TrainingError: out of memory, a NaN loss)
    refused: bool = False


class JobWorker(QObject):
    """Runs one job in its thread; reports ``progress_reported(Progress)``, then
    ``job_finished(Outcome)``."""

    progress_reported = Signal(object)
    job_finished = Signal(object)

    def __init__(self, job: Job, interval_s: float = 0.1) -> None:
        super().__init__()
        self._job = job
        self.interval_s = interval_s
        self.stop_event = threading.Event()
        self._running = threading.Event()  # cleared while paused
        self._running.set()
        self._pause_told = False  # the engine's last ``pausing()`` answer (see engine_pausing)
        self._pending = Progress()
        self._last_emit = 0.0
        self._reported = False  # a snapshot was reported: training got past its start
        self.run_dir = ""

    # -- called from the GUI thread (thread-safe: events only) -----------------------------
    def request_stop(self) -> None:
        self.stop_event.set()
        self._running.set()  # a paused worker must wake up to see the stop

    def set_paused(self, paused: bool) -> None:
        if paused:
            self._running.clear()
        else:
            self._running.set()

    @property
    def paused(self) -> bool:
        return not self._running.is_set()

    # -- called from the worker thread ------------------------------------------------------
    def engine_pausing(self) -> bool:
        """The engine's ``pausing`` callback, asked after each step: True makes it checkpoint
        the step it reports. The answer is kept, so that ``wait_if_paused(told_only=True)``
        blocks only at a step the engine checkpointed."""
        self._pause_told = self.paused
        return self._pause_told

    def wait_if_paused(self, told_only: bool = False) -> None:
        """Block while paused (the engine's generator is simply not pulled).

        ``told_only``: block only if the engine was told of the pause after this step (and so
        checkpointed it). Why: a click between the engine's question and this wait paused the
        run at a step with no checkpoint, and a kill then lost every step since the last one
        (a full-suite run under load, 2026-12-04). Such a pause now takes one more step, which
        the engine checkpoints."""
        if told_only and not self._pause_told:
            return
        if not self._running.is_set():
            self.flush()  # show everything up to the pause
        while not self._running.wait(0.05):
            keep_alive(self.run_dir)  # a paused run is alive: the run list must not say interrupted

    def report(self, snap: Snapshot, force: bool = False, extra: Any = None,
               row: bool = True) -> None:
        """Queue ``snap``'s row (``row=False``: a step already reported, only its latest state);
        deliver the batch if the interval has passed or ``force``."""
        pending = self._pending
        self._reported = True
        if row:
            pending.rows.append(snap.metrics_row())
        pending.latest = snap
        if snap.stats is not None:
            pending.stats = snap.stats
        if extra is not None:
            pending.extra = extra
        if snap.run_dir:
            self.run_dir = snap.run_dir
        now = time.monotonic()
        if force or snap.status != "running" or now - self._last_emit >= self.interval_s:
            self.flush()
            self._last_emit = now

    def report_extra(self, extra: Any) -> None:
        """Deliver ``extra`` at once, in a batch of its own (rows queued before it go first), so
        a later report cannot replace it before it is shown (e.g. an experiment's results so
        far)."""
        self.flush()
        self._pending.extra = extra
        self.flush()

    def flush(self) -> None:
        if self._pending.rows or self._pending.extra is not None or self._pending.latest is not None:
            self.progress_reported.emit(self._pending)
            self._pending = Progress()

    @Slot()
    def run(self) -> None:
        try:
            result = self._job(self)
        except Exception as exc:  # every failure becomes a message in the tab, never a crash
            self.flush()
            message = describe_error(exc)
            # the failed frames (the engine keeps the error in a local: a cycle through its
            # traceback) let go of their locals, this worker among them: a QObject freed by
            # the cycle collector in some thread is what ui/qt_cycles is about
            traceback.clear_frames(exc.__traceback__)
            refused = isinstance(exc, (ValueError, OSError)) and not self._reported
            self.job_finished.emit(Outcome("error", message, self.run_dir, refused=refused))
            return
        self.flush()
        status = "stopped" if self.stop_event.is_set() else "finished"
        if isinstance(result, Snapshot):
            status = result.status if result.status in ("stopped", "finished") else status
        self.job_finished.emit(Outcome(status, "", self.run_dir, result))


def describe_error(exc: BaseException) -> str:
    """A one-paragraph message for the tab: the engine's own text, with the type for surprises."""
    text = message_text(exc).strip() or exc.__class__.__name__
    # the engine's own errors (bad corpus, device, config, non-finite loss, OOM) and file
    # problems already say what went wrong and where; anything else gets its type and place
    if isinstance(exc, (TrainingError, ValueError, OSError)) or "out of memory" in text.lower():
        return text
    where = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    loc = f" ({where[0].filename.rsplit('/', 1)[-1]}:{where[0].lineno})" if where else ""
    return f"{exc.__class__.__name__}: {text}{loc}"


def snapshot_job(make_iter: Callable[..., Iterator[Snapshot]], final_sample: bool = False) -> Job:
    """A job that pulls snapshots from ``make_iter(stop_event)`` and reports each one; with
    ``final_sample``, ``make_iter(stop_event, on_sampling=...)`` and a ``FinalSample`` report
    before the finished run's sample is written (``engine.train_steps``' on_sampling)."""

    def job(worker: JobWorker) -> Snapshot | None:
        shown: list[int] = []  # the step whose row went out before its sample was written

        def sampling(snap: Snapshot) -> None:  # the last step's row and stats now, then the note
            worker.report(snap, force=True)
            worker.report_extra(FinalSample(snap.step, snap.steps_total))
            shown.append(snap.step)

        # a run's own job (final_sample) checkpoints the step it pauses at: a crash while
        # paused lost everything since the last checkpoint (212 steps in a probe)
        snaps = (make_iter(worker.stop_event, on_sampling=sampling,
                           pausing=worker.engine_pausing) if final_sample
                 else make_iter(worker.stop_event))
        last: Snapshot | None = None
        for snap in snaps:
            last = snap
            worker.report(snap, row=snap.step not in shown)
            if snap.status == "running":
                worker.wait_if_paused(told_only=final_sample)
        return last

    return job


class TrainingController(QObject):
    """Owns at most one worker thread at a time; the GUI talks only to this object."""

    progress_reported = Signal(object)  # Progress
    job_finished = Signal(object)  # Outcome
    state_changed = Signal(str)  # "idle", "running", "paused", "stopping"

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: QThread | None = None
        self._worker: JobWorker | None = None
        self._state = "idle"

    @property
    def state(self) -> str:
        return self._state

    def is_busy(self) -> bool:
        return self._thread is not None

    def start(self, job: Job, interval_s: float = 0.1) -> None:
        if self._thread is not None:
            raise RuntimeError("a job is already running")
        thread = QThread()
        thread.setObjectName("gatelab-trainer")
        worker = JobWorker(job, interval_s)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.progress_reported.connect(self._on_progress)
        worker.job_finished.connect(self._on_done)
        worker.job_finished.connect(thread.quit)
        self._thread, self._worker = thread, worker
        self._set_state("running")
        keep_until_finished(thread, worker)
        thread.start()

    def pause(self) -> None:
        if self._worker is not None and self._state == "running":
            self._worker.set_paused(True)
            self._set_state("paused")

    def resume(self) -> None:
        if self._worker is not None and self._state == "paused":
            self._worker.set_paused(False)
            self._set_state("running")

    def stop(self) -> None:
        if self._worker is not None and self._state in ("running", "paused"):
            self._worker.request_stop()
            self._set_state("stopping")

    def shutdown(self, timeout_ms: int = 30000) -> None:
        """Stop the job and wait for its thread to end; idempotent, safe during teardown."""
        thread, worker = self._thread, self._worker
        if thread is None or worker is None:
            return
        worker.request_stop()
        for signal, slot in ((worker.progress_reported, self._on_progress),
                             (worker.job_finished, self._on_done)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass
        thread.quit()
        if not thread.wait(timeout_ms):  # a step longer than the timeout: never destroy it running
            park(thread, worker)  # never destroyed running (see qt_threads)
        self._thread = self._worker = None
        self._set_state("idle")

    # -- private -----------------------------------------------------------------------------
    def _set_state(self, state: str) -> None:
        if state != self._state:
            self._state = state
            self.state_changed.emit(state)

    @Slot(object)
    def _on_progress(self, progress: Progress) -> None:
        self.progress_reported.emit(progress)

    @Slot(object)
    def _on_done(self, outcome: Outcome) -> None:
        thread = self._thread
        if thread is not None:
            thread.quit()
            thread.wait()  # the worker has returned from run(); this is immediate
        self._thread = self._worker = None
        self._set_state("idle")
        self.job_finished.emit(outcome)


class BackgroundCalls(QObject):
    """Short one-off calls (corpus summary, text sample) on plain Python threads.

    ``call_finished(tag, result, error)`` arrives in the GUI thread; ``error`` is a message or "".
    ``join()`` waits for every call still running (used by the panel's shutdown).
    """

    call_finished = Signal(str, object, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._threads: list[threading.Thread] = []

    def submit(self, tag: str, fn: Callable[[], Any]) -> None:
        def target() -> None:
            try:
                result, error = fn(), ""
            except Exception as exc:  # reported, never raised in the thread
                result, error = None, describe_error(exc)
            try:
                self.call_finished.emit(tag, result, error)
            except RuntimeError:  # the receiver went away during shutdown
                pass

        self._threads = [t for t in self._threads if t.is_alive()]
        thread = threading.Thread(target=target, name="gatelab-" + tag, daemon=True)
        self._threads.append(thread)
        thread.start()

    def busy(self) -> bool:
        return any(t.is_alive() for t in self._threads)

    def join(self, timeout_s: float = 10.0) -> None:
        deadline = time.monotonic() + timeout_s
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        self._threads = [t for t in self._threads if t.is_alive()]
