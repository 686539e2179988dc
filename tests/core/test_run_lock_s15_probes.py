"""The runs list's lock probes never make this app, or another, refuse a run as busy.

Why: the list asks ``folder_locked`` of every run at each refresh and poll, from a helper
thread, by taking the folder's lock for a moment. A Delete pressed at that moment was refused
("… is being trained", a blocking warning box) and a sample save was skipped, though nothing
trained the run (a CI hang in the s15 clone run: the warning box waited for a click). Now this
process's own probes never overlap another attempt of it (``run_lock._ATTEMPT``), and a probe or
claim tries again before it says "locked", and a probe's lock is shared: another process's
probes never refuse it.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gatelab.core.run_lock import claim_lock, folder_locked, lock_holder, try_lock
from gatelab.core.runs import run_busy
from tests.core.test_runs_s9_delete import make_run

ROUNDS = 300


def _probing(folder: Path, stop: threading.Event) -> None:
    while not stop.is_set():
        folder_locked(folder)


def test_this_apps_own_probes_never_make_a_run_busy(tmp_path: Path) -> None:
    run = tmp_path / "run-a"
    make_run(run)
    stop = threading.Event()
    probes = [threading.Thread(target=_probing, args=(run, stop)) for _ in range(2)]
    for t in probes:
        t.start()
    try:
        refused = sum(run_busy(run) is not None for _ in range(ROUNDS))
        claims = []
        for _ in range(ROUNDS // 3):  # each claim taken, then let go, as a writer would
            claims.append(claim_lock(run))
            if claims[-1] is not None:
                claims[-1].release()
    finally:
        stop.set()
        for t in probes:
            t.join()
    assert refused == 0
    assert all(lock is not None and not lock.held for lock in claims)  # each got it, then let go


PROBER = """
import sys, time
from gatelab.core.run_lock import folder_locked
end = time.monotonic() + float(sys.argv[2])
print("ready", flush=True)
while time.monotonic() < end:
    folder_locked(sys.argv[1])
"""


@pytest.mark.skipif(sys.platform == "win32", reason="flock: POSIX only")
def test_another_apps_probes_never_make_a_run_busy(tmp_path: Path) -> None:
    run = tmp_path / "run-b"
    make_run(run)
    other = subprocess.Popen([sys.executable, "-c", PROBER, str(run), "20"],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "ready"
        seen_held, refused, rounds, start = 0, 0, 0, time.monotonic()
        # until the other process's probe was met at least once (a bare attempt found it
        # held), and for ROUNDS rounds at least; 15 s at most
        while (rounds < ROUNDS or seen_held == 0) and time.monotonic() - start < 15:
            rounds += 1
            lock = try_lock(run)  # one bare attempt: the other process's probe is really there
            if lock is None:
                seen_held += 1
            else:
                lock.release()
            refused += run_busy(run) is not None
    finally:
        other.kill()
        other.communicate()
    assert refused == 0
    assert seen_held > 0  # (the other process really probed: a bare attempt met its lock)


def test_a_probe_caught_holding_its_lock_refuses_no_other_probe(tmp_path: Path) -> None:
    """The moment that was refused: a probe holds the folder's lock while another asks. A probe
    takes a shared lock, which only a writer's refuses; a writer still waits it out."""
    run = tmp_path / "run-d"
    make_run(run)
    probe = try_lock(run, shared=True)  # another app's runs list, caught mid-probe
    assert probe is not None and probe.held
    try:
        assert not folder_locked(run) and run_busy(run) is None
        assert lock_holder(run) is None  # a probe is no writer to name
        assert try_lock(run) is None  # (a writer's attempt does meet it: claims try again)
    finally:
        probe.release()
    claimed = claim_lock(run)
    assert claimed is not None and claimed.held
    claimed.release()


def test_a_lock_really_held_still_reads_busy(tmp_path: Path) -> None:
    run = tmp_path / "run-c"
    make_run(run)
    held = try_lock(run)
    assert held is not None and held.held
    try:
        assert folder_locked(run) and run_busy(run) is not None and claim_lock(run) is None
    finally:
        held.release()
    assert not folder_locked(run) and run_busy(run) is None
