"""The temp files of gatelab's atomic writes: which process wrote one, and which are stale.

Why a module of its own: ``safe_write.atomic_write_bytes`` names its temp file
``.NAME.RANDOM.PID.tmp`` beside the target, and two readers must read that name back: the
sweep that deletes the leftovers of a writer that died (``remove_stale_tmp``, on every open of a
run folder) and the rule for run and experiment folders a kill left empty (``runs_empty``). Both
parsed the name and asked ``process_alive`` on their own; one parser keeps them agreeing.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from gatelab.core.run_liveness import host_name, process_alive

_TEMP_NAME = re.compile(r"\.(?:(.*)\.)?([0-9]+)\.tmp", re.ASCII | re.DOTALL)


def temp_writer_pid(name: str, targets: tuple[str, ...] | None = None) -> int | None:
    """The writer's pid in the name of a temp file of ``safe_write.atomic_write_bytes``:
    ``.NAME.RANDOM.PID.tmp`` (``.NAME.PID.tmp`` from older versions); None for any other name.

    Why one parser: the stale-file sweep (``remove_stale_tmp``) and the empty-folder rule
    (``runs_empty``) both ask whether a temp file's writer still runs. With ``targets`` only
    the temp files of those file names count (RANDOM: mkstemp's letters, digits and "_")."""
    match = _TEMP_NAME.fullmatch(name)
    if match is None:
        return None
    if targets is not None and not any(
            re.fullmatch(re.escape(t) + r"(?:\.[a-z0-9_]+)?", match.group(1) or "", re.ASCII)
            for t in targets):
        return None
    digits = match.group(2)
    return int(digits) if len(digits) <= 18 else None  # no process has a longer pid


def temp_writer_may_run(pid: int) -> bool:
    """Whether the process ``pid`` (of this host) may still be writing its temp file: True
    unless it is known to be gone (a pid that cannot be asked counts as alive)."""
    return process_alive({"pid": pid, "host": host_name()}) is not False


def remove_dead_writers_of(target: Path) -> list[str]:
    """Delete the temp files of ``target`` itself (``.NAME.RANDOM.PID.tmp``, NAME its name as
    the writer cuts it) whose writer is gone; their names. Why only those: outside run folders
    (a saved state, an export, beside the user's own files) nothing else is ours to delete,
    and a save killed at its fsync or rename left one there for good, one per kill (kill probe
    s21 D7: eight beside one state file); the next save of that file now takes them away."""
    name = target.name[:64]
    removed: list[str] = []
    try:
        entries = [e for e in target.parent.iterdir() if e.name.startswith("." + name + ".")]
    except OSError:
        return removed
    for entry in entries:
        pid = temp_writer_pid(entry.name, (name,))
        if pid is None or pid == os.getpid() or temp_writer_may_run(pid):
            continue
        if _unlink_file(entry):
            removed.append(entry.name)
    return removed


def _unlink_file(entry: Path) -> bool:
    """Delete ``entry`` if it is a plain file (never a link or a folder); whether it went."""
    try:
        if entry.is_file() and not entry.is_symlink():
            entry.unlink()
            return True
    except OSError:
        pass
    return False


SWEPT_SUBFOLDERS = ("stats_history",)  # stats_history.HISTORY_DIR: its atomic writes too


def remove_stale_tmp(folder: Path, include_own: bool = False) -> list[str]:
    """Delete the temp files (``temp_writer_pid``) left by a writer that is gone, and other
    ``.*.tmp`` files naming no writer (and, with ``include_own``, this process's: a writer
    opening the folder has nothing in flight), in ``folder`` and in its SWEPT_SUBFOLDERS (a
    kill during a stats-history write left its temp file there for good, as large as the
    history's weights); returns their names (``stats_history/.x.tmp`` for those)."""
    removed = _remove_in(folder, include_own)
    for name in SWEPT_SUBFOLDERS:
        sub = folder / name
        if sub.is_dir() and not sub.is_symlink():
            removed += [f"{name}/{entry}" for entry in _remove_in(sub, include_own)]
    return removed


def _remove_in(folder: Path, include_own: bool) -> list[str]:
    """``remove_stale_tmp`` in one folder, not below it."""
    removed: list[str] = []
    try:
        entries = list(folder.glob(".*.tmp"))
    except OSError:
        return removed
    for entry in entries:
        pid = temp_writer_pid(entry.name)
        if pid == os.getpid() and not include_own:
            continue
        if pid is not None and pid != os.getpid() and temp_writer_may_run(pid):
            continue  # its writer still runs
        if _unlink_file(entry):
            removed.append(entry.name)
    return removed


__all__ = ["SWEPT_SUBFOLDERS", "remove_stale_tmp", "temp_writer_may_run", "temp_writer_pid"]
