"""How gatelab's commands meet Ctrl-C, SIGTERM and SIGHUP: one line and exit code 128 + n.

Why: Python's own answer to Ctrl-C is a ``KeyboardInterrupt`` traceback from wherever the
program was (deep inside ``import torch``, a config check), and SIGTERM or SIGHUP (``kill``,
``timeout``, ``docker stop``, an SSH session closed) end it at once, losing every step since the
last checkpoint and leaving run.json saying "running". A command's life has three phases, each
with its own handling (SIGINT always; SIGTERM and SIGHUP unless inherited as ignored, since
``nohup`` asks to outlive a hang-up):

1. importing (``guard_imports``, called first by the modules the console scripts import): the
   signal ends the process with one line; nothing has been written yet, so nothing can be torn.
2. starting (``starting()``, around ``main``): the signal raises ``Interrupted`` (a
   ``KeyboardInterrupt``), so every ``finally`` and atomic write on the way unwinds, and ``main``
   turns it into its one line. While torch or transformers is imported (``import_deferred``)
   it is held until the import ends: raised inside it, it could land in Python code that C++
   called, and the process aborted (SIGABRT, "pybind11::error_already_set").
3. training (``stop_signals()``): the first signal asks the run to stop after this step and save
   a checkpoint; a second one raises ``Interrupted`` (the last checkpoint stands).
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any

ENTRY_POINTS = frozenset({"gatelab-train", "gatelab-experiment", "gatelab-inspect"})
Handler = Callable[[int, "FrameType | None"], Any]


def stop_signals() -> tuple[int, ...]:
    """The signals handled as "stop": Ctrl-C, SIGTERM and (where it exists) SIGHUP."""
    names = ("SIGINT", "SIGTERM", "SIGHUP")
    return tuple(int(getattr(signal, n)) for n in names if hasattr(signal, n))


def exit_code(signum: int) -> int:
    """The shell's code for a command ended by signal ``signum``: 130 Ctrl-C, 143 SIGTERM,
    129 SIGHUP, so a script or service manager can tell how it ended."""
    return 128 + int(signum)


def signal_label(signum: int) -> str:
    """"Ctrl-C" for SIGINT (what the user pressed), else the signal's name ("SIGTERM")."""
    if signum == signal.SIGINT:
        return "Ctrl-C"
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


class Interrupted(KeyboardInterrupt):
    """A ``KeyboardInterrupt`` that knows which signal raised it, so SIGTERM exits 143, not
    130. A subclass: every ``except KeyboardInterrupt`` (the engine marks the run interrupted,
    the CLIs print how to continue) treats it like Ctrl-C."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = int(signum)


def signum_of(exc: BaseException) -> int:
    """The signal behind ``exc``: an ``Interrupted``'s own, else Ctrl-C (a plain
    KeyboardInterrupt is what Python raises for it)."""
    return int(getattr(exc, "signum", signal.SIGINT))


def interruption(exc: BaseException) -> tuple[str, str, int]:
    """How a command's "interrupted" line starts for the signal behind ``exc``: a new line
    after the terminal's "^C" (Ctrl-C only), the signal named when nobody typed it
    (" (SIGTERM)"), and the exit code."""
    signum = signum_of(exc)
    ctrl_c = signum == signal.SIGINT
    return ("\n" if ctrl_c else ""), ("" if ctrl_c else f" ({signal_label(signum)})"), \
        exit_code(signum)


def say(text: str) -> None:
    """Write ``text`` to stderr, dropping it when that fails: after a hang-up the terminal is
    gone (EIO), and a line nobody can see must not turn into an error of its own."""
    with suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(text)
        sys.stderr.flush()


def _ours(signum: int) -> bool:
    """Whether a command handles ``signum``: Ctrl-C always (the training loop always did, even
    for a background job); SIGTERM and SIGHUP unless inherited as ignored (``nohup``)."""
    return signum == signal.SIGINT or signal.getsignal(signum) is not signal.SIG_IGN


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextmanager
def handling(handler: Handler) -> Iterator[None]:
    """``handler`` for the stop signals while inside; the previous handlers back on the way out,
    whatever happened. Only the main thread may set handlers: elsewhere it does nothing."""
    if not _in_main_thread():
        yield
        return
    old: dict[int, Any] = {}
    try:
        for signum in stop_signals():
            if _ours(signum):
                old[signum] = signal.signal(signum, handler)
        yield
    finally:
        for signum, previous in old.items():  # None: set outside Python; the default then
            signal.signal(signum, previous if previous is not None else signal.SIG_DFL)


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Interrupted(signum)


_import_guard: dict[int, Any] = {}  # signal → the handler guard_imports replaced


def guard_imports() -> None:
    """Until ``starting()`` takes over, a stop signal ends the command with one line and exit
    128 + n. Called first thing by the modules the console scripts import (the imports after it,
    numpy and the budget tables, take a second or more on a busy machine), and only when this
    process is one of those commands (``sys.argv[0]`` names it), so that importing gatelab.cli
    in the GUI, a test or a notebook changes no handler. Nothing has been written yet: exiting
    at once (``os._exit``) cannot tear a file."""
    prog = os.path.basename(sys.argv[0] if sys.argv and sys.argv[0] else "")
    prog = prog[:-4] if prog.endswith(".exe") else prog
    if prog not in ENTRY_POINTS or not _in_main_thread() or _import_guard:
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        say(f"\n{prog}: interrupted while starting; nothing was saved\n")
        os._exit(exit_code(signum))

    for signum in stop_signals():
        if _ours(signum):
            _import_guard[signum] = signal.signal(signum, handler)


def _release_import_guard() -> None:
    """Put back the handlers ``guard_imports`` replaced (Python's own): from here, ``main``'s
    handling applies, and after it, the default again."""
    while _import_guard:
        signum, previous = _import_guard.popitem()
        signal.signal(signum, previous if previous is not None else signal.SIG_DFL)


@contextmanager
def starting() -> Iterator[None]:
    """Around a command's ``main``: a stop signal raises ``Interrupted``, which ``main`` turns
    into one line and ``exit_code``. Why raise rather than exit: by now a command may be writing
    (a run folder, an atomic file), and the exception unwinds through their cleanup."""
    if _in_main_thread():
        _release_import_guard()
    with handling(_raise):
        yield


@contextmanager
def deferred() -> Iterator[None]:
    """A stop signal inside the block is held until it ends, then raised as ``Interrupted``.
    Why: inside ``import torch`` the handler can run in Python code that C++ called through
    pybind11, which cannot pass an exception back: a CI run saw gatelab-experiment abort
    ("terminate called after throwing an instance of 'pybind11::error_already_set' …
    Interrupted: 2", exit −6) instead of printing its line and exiting 130."""
    held: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        held.append(signum)

    with handling(hold):
        yield
    if held:
        raise Interrupted(held[0])


def import_deferred(*names: str) -> None:
    """Import ``names`` (torch, transformers: seconds, with C++ calling into Python) with a
    stop signal held until they are imported (``deferred``)."""
    with deferred():
        for name in names:
            importlib.import_module(name)


class StopEvent(threading.Event):
    """Set by the first stop signal (stop at the next step, keeping a checkpoint); ``signum``
    says which one it was, for the exit code."""

    signum: int = signal.SIGINT


class _Tolerant:
    """A text stream that drops what it cannot write. After a hang-up the terminal is gone and
    every write fails (EIO); the run must still stop cleanly and save its checkpoint, so the
    progress bar and the final lines go nowhere instead of raising into the training loop."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except (OSError, ValueError):
            return len(text)

    def flush(self) -> None:
        with suppress(OSError, ValueError):
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def tolerate_lost_terminal() -> None:
    """Wrap stdout and stderr in ``_Tolerant`` (once), for after a SIGHUP."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, _Tolerant):
            setattr(sys, name, _Tolerant(stream))


@contextmanager
def stopping_signals(again: str = "again to abort") -> Iterator[StopEvent]:
    """A ``StopEvent`` the first stop signal sets; a second one raises ``Interrupted``. The
    first one's line says what happens: "stopping after this step (Ctrl-C again to abort)…",
    or for SIGTERM and SIGHUP, which nobody typed, which signal came."""
    stop = StopEvent()

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            raise Interrupted(signum)
        stop.signum = signum
        stop.set()
        if signum == getattr(signal, "SIGHUP", None):
            tolerate_lost_terminal()
        if signum == signal.SIGINT:
            say(f"\nstopping after this step (Ctrl-C {again})…\n")
        else:
            say(f"\n{signal_label(signum)} received: stopping after this step and saving a "
                f"checkpoint (send it {again})…\n")

    with handling(handler):
        yield stop


__all__ = ["ENTRY_POINTS", "Interrupted", "StopEvent", "deferred", "exit_code", "guard_imports",
           "handling", "import_deferred", "interruption", "say", "signal_label", "signum_of", "starting", "stop_signals", "stopping_signals",
           "tolerate_lost_terminal"]
