"""Cycles are collected in the GUI thread only (gatelab.ui.main_thread_gc): a worker thread that
allocates past every threshold triggers no collection, and the GUI thread's timer collects what
is due. Why: a collection in a worker ran Qt destructors there and deadlocked with the GUI
thread deleting widgets (seen in this suite)."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QObject

from gatelab.ui.main_thread_gc import MainThreadGC, collect_due


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The thread of every collection that starts while the test runs."""
    seen: list[int] = []

    def note(phase: str, _info: dict) -> None:
        if phase == "start":
            seen.append(threading.get_ident())

    gc.callbacks.append(note)
    yield seen
    gc.callbacks.remove(note)


def _make_cycles(n: int) -> None:
    for _ in range(n):
        a: list[object] = []
        a.append(a)


def test_a_worker_never_collects_and_the_gui_thread_does(qtbot, collections: list[int]) -> None:  # noqa: ANN001
    assert not gc.isenabled()  # the suite runs as the app does (tests/ui/conftest)
    worker = threading.Thread(target=_make_cycles, args=(50 * gc.get_threshold()[0],))
    worker.start()
    worker.join()
    assert worker.ident not in collections and collections == []
    assert gc.get_count()[0] > gc.get_threshold()[0]  # due, but left for the GUI thread
    qtbot.waitUntil(lambda: collections != [], timeout=3000)  # the timer's turn
    assert set(collections) == {threading.main_thread().ident}


def test_a_qt_object_in_a_cycle_is_freed_by_the_gui_thread(qtbot) -> None:  # noqa: ANN001
    obj = QObject()
    obj.me = obj  # a cycle through the Python wrapper: only the collector frees it
    ref = weakref.ref(obj)
    del obj
    _make_cycles(2 * gc.get_threshold()[0])
    qtbot.waitUntil(lambda: ref() is None, timeout=3000)


def test_collect_due_collects_only_what_is_due_and_stop_restores(qapp) -> None:  # noqa: ANN001
    gc.collect()
    assert collect_due() is None  # nothing due right after a full collection
    _make_cycles(2 * gc.get_threshold()[0])
    assert collect_due() == 0
    gc.enable()
    try:
        guard = MainThreadGC(qapp)
        assert not gc.isenabled() and guard.timer.isActive()
        guard.stop()
        assert gc.isenabled() and not guard.timer.isActive()
    finally:
        gc.disable()  # the suite's own guard stays in force
