"""A task that ignores its cancel: shutdown returns after its short wait and parks the thread,
and at interpreter exit the parked thread is waited for, or (still running) never freed, so Qt
never destroys a running QThread (which aborts the process)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from shiboken6 import Shiboken

from gatelab.ui import qt_threads
from gatelab.ui.inside_worker import TaskRunner

ROOT = Path(__file__).resolve().parents[2]


def _stubborn(release: threading.Event, started: threading.Event):  # noqa: ANN202
    def task(_progress, _cancel):  # noqa: ANN001, ANN202
        started.set()
        release.wait(30)  # a forward pass that never looks at the cancel
        return None
    return task


def test_shutdown_parks_a_stubborn_task_and_exit_waits_for_it(qtbot) -> None:  # noqa: ANN001
    release, started = threading.Event(), threading.Event()
    runner = TaskRunner("stubborn")
    assert runner.start("x", _stubborn(release, started), stop_on_cancel=False)
    assert started.wait(5)
    thread = runner._thread
    t0 = time.monotonic()
    runner.shutdown(timeout_ms=200)
    assert time.monotonic() - t0 < 2.0 and not runner.is_busy()
    assert thread is not None and thread.isRunning()
    assert any(t is thread for t, _w in qt_threads.PARKED)
    threading.Timer(0.3, release.set).start()
    qt_threads.finish_at_exit(timeout_s=10.0)  # what atexit runs
    assert thread.isFinished()


def test_exit_keeps_a_thread_that_still_runs_alive(qtbot) -> None:  # noqa: ANN001
    release, started = threading.Event(), threading.Event()
    runner = TaskRunner("stubborn")
    assert runner.start("x", _stubborn(release, started), stop_on_cancel=False)
    assert started.wait(5)
    thread = runner._thread
    runner.shutdown(timeout_ms=50)
    assert Shiboken.ownedByPython(thread)
    qt_threads.finish_at_exit(timeout_s=0.1)
    assert thread.isRunning() and not Shiboken.ownedByPython(thread)  # Qt's: never destroyed
    release.set()
    assert thread.wait(5000)


EXIT_SCRIPT = """
import sys, threading, time
from PySide6.QtCore import QCoreApplication
app = QCoreApplication([])
from shiboken6 import Shiboken

from gatelab.ui import inside_worker, qt_threads
qt_threads.EXIT_WAIT_S = float(sys.argv[1])
started = threading.Event()
def task(_progress, _cancel):
    started.set()
    time.sleep(float(sys.argv[2]))  # ignores the cancel
runner = inside_worker.TaskRunner("stubborn")
runner.start("x", task, stop_on_cancel=False)
started.wait(10)
t0 = time.monotonic()
runner.shutdown(timeout_ms=100)
print("shutdown took %.2f s" % (time.monotonic() - t0), flush=True)
"""


def test_the_process_ends_normally_with_a_thread_still_running(tmp_path) -> None:  # noqa: ANN001
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    for wait_s, task_s in (("30", "1.5"), ("0.2", "5")):  # waited for; still running: kept
        done = subprocess.run([sys.executable, "-c", EXIT_SCRIPT, wait_s, task_s], env=env,
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, (wait_s, done.returncode, done.stderr[-2000:])
        assert "Destroyed while thread" not in done.stderr
        assert "shutdown took 0." in done.stdout


TRAINER_EXIT_SCRIPT = """
import sys, threading, time
from PySide6.QtCore import QCoreApplication
app = QCoreApplication([])

from gatelab.ui import qt_threads
from gatelab.ui.trainer_worker import TrainingController
qt_threads.EXIT_WAIT_S = float(sys.argv[1])
started = threading.Event()
def job(_worker):
    started.set()
    time.sleep(float(sys.argv[2]))  # one long step: it looks at the stop only afterwards
controller = TrainingController()
controller.start(job)
started.wait(10)
controller.shutdown(timeout_ms=100)
print("shutdown returned", flush=True)
"""


def test_the_trainer_shares_the_exit_rule(tmp_path) -> None:  # noqa: ANN001
    """The trainer's controller parks a thread the same way (its own list, before): at exit it is
    waited for, or handed to Qt, and the process ends with 0, never an abort."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    for wait_s, job_s in (("30", "1.5"), ("0.2", "5")):
        done = subprocess.run([sys.executable, "-c", TRAINER_EXIT_SCRIPT, wait_s, job_s], env=env,
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, (wait_s, done.returncode, done.stderr[-2000:])
        assert "Destroyed while thread" not in done.stderr
        assert "shutdown returned" in done.stdout
