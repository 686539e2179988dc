"""One writer per run (or experiment) folder: an exclusive lock on the folder while it trains.

Why: run.json's liveness fields (``run_liveness``) say who trains a run only once its writer has
written them, seconds after a resume read and checked the checkpoint. Two ``--resume`` of one
folder both passed that check-then-act test and trained the folder together, and a slow one
rewound a run the other had just finished (its last steps, checkpoint and sample were lost).
The lock closes both windows: it is taken before anything of the folder is read, and held until
the run's writer closes (``RunWriter.close``: every exit path), so the second process is refused
at once and, once the first is done, reads the checkpoint the first one left.

The lock is the operating system's (``flock`` on the folder itself): a process killed with
``kill -9`` holds nothing any more, there is no file to go stale and nothing is added to the
folder. Where the folder cannot be locked (Windows, a file system without locks) training goes
on as before, guarded by run.json's liveness alone.
"""

from __future__ import annotations

import os
import threading
import time
import weakref
from contextlib import suppress
from pathlib import Path
from typing import Any

from gatelab.core.messages import GatelabError, Msg
from gatelab.core.run_liveness import effective_status, host_name, process_alive, writer_named
from gatelab.core.runs_read import SUMMARY, RunError, read_json

CLAIM_TRIES = 6  # a claim's attempts, CLAIM_WAIT_S apart (see claim_lock)
PROBE_TRIES = 3  # a probe's attempts before it says "locked" (see folder_locked)
CLAIM_WAIT_S = 0.01

# Held around each attempt of this process to take a folder's lock (a probe, a claim). Why: the
# runs list probes every run's lock from a helper thread by taking it for a moment; without this
# guard a Delete or a sample save of this very app could meet that moment and be refused as if
# another process trained the run (seen as a rare "Delete failed: … is being trained").
_ATTEMPT = threading.Lock()

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]


class FolderLock:
    """A lock on one folder (``held`` False: the folder could not be locked here). ``release``
    may be called any number of times; a lock that is dropped is released too."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self.held = fd is not None
        self._close = weakref.finalize(self, _close_fd, fd) if fd is not None else None

    def release(self) -> None:
        if self._close is not None:
            self._close()
        self.held = False


def _close_fd(fd: int) -> None:
    with suppress(OSError):
        os.close(fd)  # closing the only descriptor of the lock releases it


def try_lock(path: Path | str, shared: bool = False) -> FolderLock | None:
    """The folder ``path`` locked by this call, or None when another holder has it (another
    process, or another writer of this one). A folder that cannot be locked (missing, not a
    folder, no locks here) gives a lock that is not ``held``: the caller's own checks say why.
    ``shared``: a probe's lock, which only a writer's (exclusive) lock refuses, so two probes
    (two apps' runs lists, a Delete's check) never refuse each other."""
    p = Path(path)
    if fcntl is None:
        return FolderLock(p, None)
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(p, flags)  # (O_DIRECTORY: a FIFO there is refused, never opened)
    except OSError:
        return FolderLock(p, None)
    try:
        fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except OSError:  # no locks on this file system
        os.close(fd)
        return FolderLock(p, None)
    return FolderLock(p, fd)


def claim_lock(path: Path | str) -> FolderLock | None:
    """``try_lock``, tried again for up to ~50 ms; None while another holder keeps the lock.
    Why: ``folder_locked`` asks by taking the lock for a moment (the runs list asks it of every
    run at each refresh, and another process's list does so too): a writer that came at that
    very moment must not be told the folder is busy. This process's own probes never overlap
    an attempt (``_ATTEMPT``); another process's are over within the retries."""
    return _attempts(path, CLAIM_TRIES)


def folder_locked(path: Path | str) -> bool:
    """Whether a writer holds the lock of folder ``path`` now (asked without keeping it, by a
    shared lock that no other probe refuses). Locked only when every one of PROBE_TRIES
    attempts finds it held: a claim in another process holds it for a moment only."""
    return _attempts(path, PROBE_TRIES, probe=True) is None


def _attempts(path: Path | str, tries: int, probe: bool = False) -> FolderLock | None:
    """The lock of ``path`` from the first of ``tries`` attempts CLAIM_WAIT_S apart that gets
    it (``probe``: let go at once, inside the guard), or None."""
    for attempt in range(tries):
        if attempt:
            time.sleep(CLAIM_WAIT_S)
        with _ATTEMPT:
            lock = try_lock(path, shared=probe)
            if lock is not None and probe:
                lock.release()  # asked, not kept: gone before this process's next attempt
        if lock is not None:
            return lock
    return None


def locked_status(path: Path | str, status: str) -> str:
    """The status the runs list shows for run folder ``path`` whose run.json reads ``status``
    (``effective_status``): "running" while a writer holds the folder's lock, whatever run.json
    still says. Why: a resume takes the lock seconds before its writer rewrites run.json (and
    a stopped process, ``kill -STOP``, holds it indefinitely); the list said "stopped" meanwhile,
    and Resume and Delete were then refused only when pressed. "broken" stays broken: the
    reason is worth more than the lock. One open and one ``flock`` per run: cheap enough for
    every refresh."""
    if status in ("running", "broken") or not folder_locked(path):
        return status
    return "running"


def lock_holder(path: Path | str, locks: str = "/proc/locks") -> int | None:
    """The pid holding the lock on folder ``path``, from Linux's table of locks; None where
    that table is missing or names no holder (a lock taken and released meanwhile). A probe's
    shared lock ("READ") is no holder: only a writer's is."""
    try:
        st = os.stat(path)
        with open(locks, encoding="ascii", errors="replace") as f:
            table = f.read(1 << 20)
    except OSError:
        return None
    same_inode: list[int] = []
    for line in table.splitlines():
        parts = line.split()  # "1: FLOCK ADVISORY WRITE 4242 fd:01:1234 0 EOF" ("->": waiting)
        if len(parts) < 6 or parts[1] != "FLOCK" or parts[3] != "WRITE" or not parts[4].isdigit():
            continue
        dev = parts[5].split(":")
        if len(dev) != 3 or not dev[2].isdigit() or int(dev[2]) != st.st_ino:
            continue
        try:
            same_dev = (int(dev[0], 16), int(dev[1], 16)) == (os.major(st.st_dev),
                                                              os.minor(st.st_dev))
        except ValueError:
            same_dev = False
        if same_dev:
            return int(parts[4])
        same_inode.append(int(parts[4]))  # (an overlay file system may show another device)
    return same_inode[0] if len(same_inode) == 1 else None


def busy_message(path: Path | str) -> Msg:
    """run.busy naming the process that holds the lock of run folder ``path`` (the lock's own
    table, else run.json's live writer); run.locked when no process can be named."""
    p = Path(path)
    pid = lock_holder(p)
    if pid is not None:
        return Msg("run.busy", {"path": p, "pid": str(pid), "host": host_name()})
    summary = read_json(p / SUMMARY)
    if summary and effective_status(summary) == "running":
        return Msg("run.busy", {"path": p, "pid": str(summary.get("pid")),
                                "host": str(summary.get("host"))})
    return Msg("run.locked", {"path": p})


def claim_run(path: Path | str) -> FolderLock:
    """The lock of run folder ``path``, held until released (by the run's writer when it
    closes); RunError run.busy, with nothing read or written, while another writer has it."""
    lock = claim_lock(path)
    if lock is None:
        raise RunError(busy_message(path))
    return lock


def experiment_busy(folder: Path | str, data: dict[str, Any] | None = None) -> Msg:
    """Why experiment folder ``folder`` cannot be continued now, naming the process that trains
    it as a run's refusal does (run.busy): the holder of the folder's lock, else the live writer
    experiment.json ``data`` names. experiment.busy (no pid) when neither names another process:
    this process's own (another thread's continue) is no process to stop."""
    pid, host = lock_holder(folder), host_name()
    if (pid is None or pid == os.getpid()) and data and writer_named(data) \
            and process_alive(data) is not False:
        pid, host = data.get("pid"), str(data.get("host"))
    if pid is None or pid == os.getpid():
        return Msg("experiment.busy", {"path": folder})
    return Msg("run.busy", {"path": folder, "pid": str(pid), "host": host})


def claim_experiment(folder: Path | str) -> FolderLock:
    """The lock of experiment folder ``folder``, held while its runs are trained; a
    GatelabError (``experiment_busy``: the pid when it can be read) while another process
    trains it."""
    lock = claim_lock(folder)
    if lock is None:
        raise GatelabError(experiment_busy(folder))
    return lock


__all__ = ["FolderLock", "busy_message", "claim_experiment", "claim_lock", "claim_run",
           "experiment_busy", "folder_locked", "lock_holder", "locked_status", "try_lock"]
