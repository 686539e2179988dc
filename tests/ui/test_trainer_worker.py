"""The trainer's worker thread on its own: throttled delivery that never drops a row, pause,
stop from a paused state, errors as messages, and a clean shutdown (no running QThread left)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from gatelab.core.trainconfig import Snapshot, TrainingError
from gatelab.ui.trainer_worker import (
    BackgroundCalls,
    Outcome,
    Progress,
    TrainingController,
    describe_error,
    snapshot_job,
)


def _snaps(n: int, delay_s: float = 0.0, stop_check: bool = True):  # noqa: ANN202
    """A snapshot source shaped like the engine's (status on the last one; honours stop)."""

    def make(stop: threading.Event) -> Iterator[Snapshot]:
        for step in range(1, n + 1):
            if delay_s:
                time.sleep(delay_s)
            stopped = stop_check and stop.is_set()
            status = "stopped" if stopped else ("finished" if step == n else "running")
            yield Snapshot(step=step, steps_total=n, tokens_seen=step * 10, train_loss=1.0 / step,
                           lr=1e-3, tokens_per_s=100.0, elapsed_s=step * 0.01,
                           val_loss=0.5 if step % 50 == 0 else None, status=status)
            if stopped:
                return

    return make


@pytest.fixture
def controller(qtbot) -> Iterator[TrainingController]:  # noqa: ANN001
    ctl = TrainingController()
    progress: list[Progress] = []
    done: list[Outcome] = []
    ctl.progress_reported.connect(progress.append)
    ctl.job_finished.connect(done.append)
    ctl.progress, ctl.done = progress, done  # type: ignore[attr-defined]
    yield ctl
    ctl.shutdown()
    assert not ctl.is_busy()


def test_throttled_batches_keep_every_row_and_the_final_one(qtbot, controller) -> None:  # noqa: ANN001
    controller.start(snapshot_job(_snaps(400, delay_s=0.001)), interval_s=0.1)
    qtbot.waitUntil(lambda: bool(controller.done), timeout=20000)
    rows = [r for p in controller.progress for r in p.rows]
    assert [r["step"] for r in rows] == list(range(1, 401))
    assert [r["step"] for r in rows if "val_loss" in r] == list(range(50, 401, 50))
    # ≈0.4 s of snapshots at ≤10 Hz: a handful of deliveries, not 400
    assert 2 <= len(controller.progress) <= 12
    assert controller.progress[-1].latest.status == "finished"
    assert controller.done[0].status == "finished" and controller.state == "idle"


def test_pause_holds_the_source_and_stop_from_pause_ends_quickly(qtbot, controller) -> None:  # noqa: ANN001
    controller.start(snapshot_job(_snaps(100_000, delay_s=0.002)))
    qtbot.waitUntil(lambda: bool(controller.progress), timeout=5000)
    controller.pause()
    assert controller.state == "paused"
    qtbot.wait(250)
    seen = sum(len(p.rows) for p in controller.progress)
    qtbot.wait(300)
    assert sum(len(p.rows) for p in controller.progress) == seen  # nothing pulled while paused
    t0 = time.monotonic()
    controller.stop()
    qtbot.waitUntil(lambda: bool(controller.done), timeout=1000)
    assert time.monotonic() - t0 < 1.0
    assert controller.done[0].status == "stopped"
    assert controller.progress[-1].latest.status == "stopped"


def test_errors_become_messages(qtbot, controller) -> None:  # noqa: ANN001
    def failing(stop: threading.Event) -> Iterator[Snapshot]:
        yield from _snaps(3)(stop)
        raise TrainingError("loss became nan at step 4 (learning rate 10); lower it")

    controller.start(snapshot_job(failing))
    qtbot.waitUntil(lambda: bool(controller.done), timeout=5000)
    assert controller.done[0] == Outcome("error", "loss became nan at step 4 (learning rate 10); "
                                                  "lower it", "")
    assert [r["step"] for p in controller.progress for r in p.rows][:3] == [1, 2, 3]
    assert describe_error(KeyError("x")) == "KeyError: 'x'"


def test_shutdown_mid_run_waits_for_the_thread(qtbot, controller) -> None:  # noqa: ANN001
    controller.start(snapshot_job(_snaps(100_000, delay_s=0.002)))
    qtbot.waitUntil(lambda: bool(controller.progress), timeout=5000)
    thread = controller._thread
    controller.shutdown()
    assert thread is not None and not thread.isRunning()
    controller.shutdown()  # idempotent
    with pytest.raises(RuntimeError):  # one job at a time
        controller.start(snapshot_job(_snaps(100_000, delay_s=0.01)))
        controller.start(snapshot_job(_snaps(1)))


def test_background_calls_report_results_and_errors(qtbot) -> None:  # noqa: ANN001
    calls = BackgroundCalls()
    got: list[tuple[str, object, str]] = []
    calls.call_finished.connect(lambda tag, result, error: got.append((tag, result, error)))
    calls.submit("ok", lambda: 6 * 7)
    calls.submit("bad", lambda: int("x"))
    qtbot.waitUntil(lambda: len(got) == 2, timeout=5000)
    calls.join()
    assert not calls.busy()
    assert sorted(got)[1] == ("ok", 42, "")
    assert sorted(got)[0][0] == "bad" and "invalid literal" in sorted(got)[0][2]


def test_final_sample_note_comes_with_the_last_row_before_the_final_snapshot(
        qtbot, controller) -> None:  # noqa: ANN001
    """With final_sample, the factory is handed on_sampling; calling it delivers the last
    step's row and then a FinalSample of its own, before the snapshot that carries the sample
    (whose row is not delivered a second time)."""
    from gatelab.ui.trainer_worker import FinalSample

    def make(stop: threading.Event, on_sampling, pausing=None) -> Iterator[Snapshot]:  # noqa: ANN001
        for step in (1, 2, 3):
            snap = Snapshot(step=step, steps_total=3, tokens_seen=step, train_loss=1.0, lr=1e-3,
                            tokens_per_s=1.0, elapsed_s=0.1,
                            status="finished" if step == 3 else "running")
            if step == 3:
                on_sampling(snap)
                snap = Snapshot(**{**snap.__dict__, "sample": "text"})
            yield snap

    controller.start(snapshot_job(make, final_sample=True), interval_s=10.0)
    qtbot.waitUntil(lambda: bool(controller.done), timeout=10000)
    notes = [i for i, p in enumerate(controller.progress) if isinstance(p.extra, FinalSample)]
    assert len(notes) == 1 and controller.progress[notes[0]].extra == FinalSample(3, 3)
    assert controller.progress[notes[0]].rows == []  # a delivery of its own
    steps = [[r["step"] for r in p.rows] for p in controller.progress]
    # the last step's row goes out before the sample is written, and only once
    assert sum(steps[:notes[0]], []) == [1, 2, 3] and sum(steps[notes[0] + 1:], []) == []
    assert controller.progress[-1].latest.sample == "text"
    assert controller.done[0].status == "finished"
