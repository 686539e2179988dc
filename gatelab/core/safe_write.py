"""Writing files and folders that users and runs depend on: whole or not at all, never through a
FIFO or device, and one clear error naming the path.

Why a module of its own: the run writer, the experiments, the stats history, the window's
state file and ``gatelab-inspect --out`` all write this way; the run writer re-exports these
names for its callers.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from gatelab.core.messages import Msg
from gatelab.core.temp_files import remove_dead_writers_of
from gatelab.core.reasons import os_reason
from gatelab.core.runs_read import RunError


class RunWriteError(RunError, OSError):
    """A run file could not be written (a folder where run.json belongs, a full disk, …).

    Both a RunError (one clear line, CLI exit 2) and an OSError (callers that catch write errors
    keep working); the message names the file, never the temp file's rename. ``strerror`` is the
    reason alone and ``filename`` the path, as for any OSError: a caller that writes
    "cannot write {path}: {exc.strerror or exc}" must not say "cannot write" twice."""

    def __init__(self, msg: Msg, reason: str | None = None, filename: Path | str | None = None) -> None:
        super().__init__(msg)
        self.strerror = reason
        self.filename = str(filename) if filename is not None else None


def _write_reason(path: Path, exc: OSError) -> str:
    if path.is_dir() and not path.is_symlink():
        return Msg("run.folder_in_way")
    return os_reason(exc)


def write_error(path: Path, exc: OSError) -> RunWriteError:
    """``exc`` as a RunWriteError naming ``path`` (one that already is one is kept as it is)."""
    if isinstance(exc, RunWriteError):
        return exc
    why = _write_reason(path, exc)
    return RunWriteError(Msg("run.cannot_write", {"path": path, "reason": why}), why, path)


def folder_problem(path: Path) -> Msg | None:
    """Why ``path`` cannot be or become a folder (the reason alone), or None when it can, as far
    as stat tells. Only ``stat`` is used, so a FIFO or device in the way is never opened, blocked
    on or replaced; mkdir's own errors ("[Errno 17] File exists") do not say what is in the way."""
    try:
        st = os.stat(path)
    except OSError as exc:
        if isinstance(exc, FileNotFoundError) and os.path.lexists(path):
            return Msg("folder.broken_link")
        blocker = next((a for a in path.parents if os.path.lexists(a)), None)
        if blocker is not None and not blocker.is_dir():
            return Msg("folder.parent_not_folder", {"parent": blocker})
        if isinstance(exc, FileNotFoundError):
            return None
        return Msg("folder.cannot_create", {"reason": os_reason(exc)})
    if stat.S_ISDIR(st.st_mode):
        return None
    return Msg("folder.is_file" if stat.S_ISREG(st.st_mode) else "folder.is_special")


def _folder_error(path: Path, why: Msg) -> RunWriteError:
    return RunWriteError(Msg("path_reason", {"path": path, "reason": why}), why, path)


def check_folder(path: Path | str) -> Path:
    """``path`` as a Path if it is a folder or can be created as one, else RunWriteError
    "<path>: is a file, not a folder" (``filename`` is ``path``). Creates nothing, so a run
    refused later leaves no empty folder behind."""
    p = Path(path)
    why = folder_problem(p)
    if why is not None:
        raise _folder_error(p, why)
    return p


def make_folder(path: Path | str) -> Path:
    """Create the folder ``path`` (and its parents) unless it exists; RunWriteError naming it,
    with the reason in words, when it cannot be a folder (a file or FIFO there, no permission)."""
    p = check_folder(path)
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = folder_problem(p) or Msg("folder.cannot_create", {"reason": os_reason(exc)})
        raise _folder_error(p, why) from None
    return p


def _umask() -> int:
    """The process's umask, read without changing it where Linux tells it (os.umask sets it)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


def _write_target(path: Path) -> tuple[Path, int]:
    """(the file to replace, the mode to give it) for a write to ``path``.

    Why: ``os.replace`` onto a symbolic link replaces the link itself, so ``--json link.json``
    turned a link into a file, and as root ``--json /dev/stdout`` replaced the system's link.
    A link is written through instead: its final target (even a missing one) is replaced, and a
    target that is a folder, FIFO or device is refused, never replaced or written to. A file
    that exists keeps its permissions; a new one gets the umask's."""
    try:
        st = os.stat(path)  # follows links, as the write will
    except FileNotFoundError:
        st = None
    except OSError as exc:  # a link loop, no permission to look
        raise write_error(path, exc) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        why = Msg("run.folder_in_way")
        raise RunWriteError(Msg("run.cannot_write", {"path": path, "reason": why}), why, path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        why = Msg("file.not_regular_kind", {"path": path})
        raise RunWriteError(why, why, path)
    mode = stat.S_IMODE(st.st_mode) & 0o777 if st is not None else 0o666 & ~_umask()
    return Path(os.path.realpath(path)), mode


def check_write_targets(*paths: Path) -> None:
    """RunWriteError for the first of ``paths`` that a later write would refuse (a folder, FIFO
    or device where the file belongs). Why: a writer that checks all its files before its first
    write never leaves a folder half rewritten (a refused ``--resume`` must change nothing)."""
    for path in paths:
        _write_target(Path(path))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (temp file + rename); RunWriteError naming ``path``.

    The temp file is made by ``tempfile.mkstemp`` (O_EXCL, O_NOFOLLOW, a random name) beside
    the target: a link or FIFO planted at a predictable name would redirect the write or block
    it forever. It is ``.NAME.<random>.PID.tmp``, so ``remove_stale_tmp`` knows its writer, and
    it is removed on every failure."""
    path = Path(path)
    target, mode = _write_target(path)
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:64]}.", suffix=f".{os.getpid()}.tmp",
                                   dir=target.parent)
        with open(fd, "wb") as f:
            if hasattr(os, "fchmod"):  # mkstemp makes it 0600
                os.fchmod(f.fileno(), mode)
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
        tmp = None
        remove_dead_writers_of(target)  # (a killed earlier save's leftovers of this file)
    except BaseException as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if isinstance(exc, OSError):
            raise write_error(path, exc) from None
        raise


def finite_json(obj: Any) -> Any:
    """``obj`` with every NaN or infinite float, in dicts, lists and tuples at any depth, made
    None: JSON has no NaN, and Python's ``json`` wrote a bare ``NaN`` token that jq, browsers
    and every strict parser refuse (an experiment's std with one seed, a linear-attention
    layer's sink share). Readers take null for "no value" (``runs_read`` makes it NaN again)."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: finite_json(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [finite_json(v) for v in obj]
    return obj


def json_text(obj: Any, **options: Any) -> str:
    """Strict JSON text of ``obj`` (non-finite floats as null, see ``finite_json``): what every
    file gatelab writes for other tools holds (run.json, config.json, metrics.jsonl,
    experiment.json)."""
    return json.dumps(finite_json(obj), allow_nan=False, **options)


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_bytes(path, json_text(obj, indent=2).encode("utf-8"))


__all__ = ["RunWriteError", "atomic_write_bytes", "atomic_write_json", "check_folder",
           "check_write_targets", "finite_json", "json_text",
           "folder_problem", "make_folder", "write_error"]
