"""Is the process that wrote a run folder still running? (run.json's liveness fields)

Why a module of its own: ``run.json`` of a running run carries the writer's pid, host, process
start time and a heartbeat, and the answer needs the operating system's view of processes
(``/proc`` on Linux, ``os.kill(pid, 0)`` on POSIX, OpenProcess on Windows), which has nothing to
do with parsing the folder's files. ``effective_status`` turns "running" into "interrupted"
when that process is gone, or, where it cannot be asked, when the heartbeat is older than
``STALE_S``.

This process is asked differently: it is certainly alive, yet it writes a run only while that
run's ``RunWriter`` is open. Each writer claims a random token (``claim_writer``), written to
run.json as ``WRITER_KEY``, and releases it when closed: a run whose writer closed after a write
error (a read-only folder, a full disk: its last run.json still says "running") reads
"interrupted" at once, not "running" until the app is relaunched.
"""

from __future__ import annotations

import math
import os
import secrets
import socket
import time
from typing import Any

from gatelab.core.values import is_int
from gatelab.core.run_steps import summary_steps_plausible

STALE_S = 600.0  # a heartbeat older than this (and no process to ask) means interrupted
SKEW_S = 300.0  # a heartbeat at most this far in the future is another host's clock running fast
MAX_PID = 2**31 - 1  # pids are C ints everywhere (Linux: at most 2**22)
WRITER_KEY = "writer"  # run.json's field: the token of the RunWriter that wrote it
_OPEN_TOKENS: set[str] = set()  # tokens of this process's writers that are open now


def host_name() -> str:
    return socket.gethostname()


def process_start(pid: int) -> str | None:
    """The kernel's start time of ``pid`` (Linux), to tell a reused pid from the writer."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read(4096).rsplit(b")", 1)[1].split()
        return None if fields[0] == b"Z" else fields[19].decode()
    except (OSError, IndexError):
        return None


def writer_identity() -> dict[str, Any]:
    """What run.json records about the process writing it."""
    pid = os.getpid()
    return {"pid": pid, "host": host_name(), "pid_start": process_start(pid) or ""}


def claim_writer() -> str:
    """A new writer token, counted as open (alive) until ``release_writer``."""
    token = secrets.token_hex(8)
    _OPEN_TOKENS.add(token)
    return token


def release_writer(token: str) -> None:
    """The writer holding ``token`` closed: a run.json naming it no longer reads "running"."""
    _OPEN_TOKENS.discard(token)


def own_writer_alive(summary: dict[str, Any]) -> bool:
    """Whether the writer in this process that wrote ``summary`` is still open.

    A summary with a writer token: that token is open. One without (written by a gatelab before
    tokens, or experiment.json, whose writer has none): this process is its writer unless the
    recorded start time says an earlier process had the same pid."""
    token = summary.get(WRITER_KEY)
    if isinstance(token, str) and token:
        return token in _OPEN_TOKENS
    start, own = summary.get("pid_start"), process_start(os.getpid())
    return not (start and own and start != own)


def windows_pid_alive(pid: int, kernel32: Any = None, last_error: Any = None) -> bool | None:
    """Whether ``pid`` runs, on Windows, asked without touching it.

    Why not ``os.kill(pid, 0)`` as on POSIX: on Windows signal 0 is CTRL_C_EVENT, and any other
    value terminates the process, so the question would interrupt or kill the writer it asks
    about. OpenProcess with query rights and GetExitCodeProcess (259 = still active) only look.
    ``kernel32``/``last_error`` stand in for the real DLL in tests."""
    import ctypes
    if kernel32 is None:
        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
        kernel32.OpenProcess.restype = ctypes.c_void_p
        kernel32.OpenProcess.argtypes = (ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong)
        kernel32.GetExitCodeProcess.argtypes = (ctypes.c_void_p, ctypes.POINTER(ctypes.c_ulong))
        kernel32.CloseHandle.argtypes = (ctypes.c_void_p,)
        last_error = ctypes.get_last_error  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        err = last_error()  # 87: no such pid; 5: it exists, and we may not ask more
        return False if err == 87 else (True if err == 5 else None)
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return None
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def process_alive(summary: dict[str, Any]) -> bool | None:
    """Whether the process that wrote ``summary`` still runs; None when it cannot be asked."""
    pid, host = summary.get("pid"), summary.get("host")
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0 or host != host_name():
        return None
    if pid == os.getpid():
        return own_writer_alive(summary)
    if os.name == "nt":
        return windows_pid_alive(pid)
    try:
        os.kill(pid, 0)  # signal 0: "does it exist?" (POSIX only; see windows_pid_alive)
    except (ProcessLookupError, OverflowError):
        return False
    except PermissionError:  # it exists, owned by someone else
        pass
    except OSError:
        return None
    start = summary.get("pid_start")
    now_start = process_start(pid)
    if os.path.isdir("/proc") and now_start is None:
        return False  # a zombie, or gone since
    return not (start and now_start and start != now_start)


def writer_named(summary: dict[str, Any]) -> bool:
    """Whether run.json names a writer that could be asked about: a pid from 1 to MAX_PID and a
    host name. A run.json with anything else there (pid -1, a host that is a dict) was not
    written by gatelab's writer and must never read as a run in progress, which can never be
    resumed or deleted ("still being trained by process -1 on {'a': 1}")."""
    pid, host = summary.get("pid"), summary.get("host")
    return (is_int(pid) and 1 <= pid <= MAX_PID
            and isinstance(host, str) and bool(host.strip()))


def heartbeat_fresh(summary: dict[str, Any], now: float | None = None) -> bool:
    """Whether run.json's heartbeat is recent: a finite time at most STALE_S old and at most
    SKEW_S ahead of this clock. A heartbeat of 1e308, or years ahead, would otherwise keep a dead
    run "running" forever."""
    beat = summary.get("heartbeat", summary.get("updated"))
    if not isinstance(beat, (int, float)) or isinstance(beat, bool):
        return False
    try:
        stamp = float(beat)
    except OverflowError:  # an int past float range
        return False
    age = (now if now is not None else time.time()) - stamp
    return math.isfinite(stamp) and -SKEW_S <= age < STALE_S


def effective_status(summary: dict[str, Any], now: float | None = None) -> str:
    """run.json's status, with "running" turned into "interrupted" when its writer is gone (or
    run.json names no writer that could be running: see ``writer_named``; or claims a step its
    writer could never have reached: see ``run_steps.summary_steps_plausible``)."""
    status = summary.get("status")
    if not isinstance(status, str) or not status:
        return "broken"
    if status != "running":
        return status
    if not writer_named(summary) or not summary_steps_plausible(summary):
        return "interrupted"
    alive = process_alive(summary)
    if alive is None:
        alive = heartbeat_fresh(summary, now)
    return "running" if alive else "interrupted"


__all__ = ["SKEW_S", "STALE_S", "WRITER_KEY", "claim_writer", "effective_status", "heartbeat_fresh",
           "host_name", "own_writer_alive", "process_alive", "process_start", "release_writer",
           "windows_pid_alive", "writer_identity", "writer_named"]
