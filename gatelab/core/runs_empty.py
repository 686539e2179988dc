"""Run and experiment folders that hold nothing: a Start killed before its first file.

Why: ``runs.new_run_dir`` makes the folder at Start, and the run writes config.json only after
it has read its corpus and built its model. A kill (or a crash) in between leaves a folder that
``runs.is_run_dir`` does not count as a run, so the list never showed it and nothing in the app
could delete it: it stayed in the runs folder for good. An experiment's ``exp-…`` folder has the
same gap, shorter (milliseconds before its experiment.json), and was listed nowhere either: not
in the Runs list, not among the experiments (which need experiment.json).

The rule for such a folder (``empty_run_dir``), strict so that no folder of the user's is ever
listed or deleted as one:

- a real folder, not a symbolic link or junction, directly in the runs folder;
- named as ``new_run_dir`` names a run (``run-YYYYMMDD-HHMMSS-hhhh``) or an experiment
  (``exp-YYYYMMDD-HHMMSS-hhhh``, ``experiment.run_experiment``);
- holding nothing but the temp files of gatelab's atomic writes of that folder's own files
  (``.config.json.<random>.<pid>.tmp`` … for a run, ``.experiment.json.<random>.<pid>.tmp``
  for an experiment; regular files, ``temp_files.temp_writer_pid``): a crash mid-write leaves
  one. An ``exp-…`` folder with runs in it is no empty folder: its runs are listed.

Such a folder is listed as "empty"; it cannot be replayed or resumed (``load_run`` refuses), and
``delete_empty_run`` deletes it, except while it may still belong to a live process
(``empty_run_busy``): a temp file whose writer still runs, or a folder younger than
``EMPTY_GRACE_S`` (a run may still be reading its corpus). Deleting removes only the temp files
it checked, then the folder itself with ``rmdir``, which refuses if anything appeared meanwhile.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from gatelab.core.messages import Msg
from gatelab.core.reasons import os_reason
from gatelab.core.run_liveness import host_name
from gatelab.core.runs_read import RunError
from gatelab.core.temp_files import temp_writer_may_run, temp_writer_pid

EMPTY = "empty"  # the status the runs list gives such a folder
EMPTY_GRACE_S = 60.0  # an empty folder younger than this may be a run that is starting
RUN_NAME = re.compile(r"run-[0-9]{8}-[0-9]{6}-[0-9a-f]{4}")  # runs.new_run_dir's names
EXP_NAME = re.compile(r"exp-[0-9]{8}-[0-9]{6}-[0-9a-f]{4}")  # experiment.run_experiment's
RUN_TEMPS = ("config.json", "run.json", "metrics.jsonl", "ckpt.pt", "stats.npz", "samples.txt")
EXP_TEMPS = ("experiment.json",)  # written before its first run: nothing else comes first


def _own_files(p: Path) -> tuple[str, ...] | None:
    """The files whose temp files an empty folder named like ``p`` may hold (None: not a
    name gatelab gives a run or an experiment)."""
    if RUN_NAME.fullmatch(p.name):
        return RUN_TEMPS
    return EXP_TEMPS if EXP_NAME.fullmatch(p.name) else None


def is_experiment_name(path: Path | str) -> bool:
    """Whether ``path`` is named as an experiment's folder (``exp-YYYYMMDD-HHMMSS-hhhh``)."""
    return EXP_NAME.fullmatch(Path(path).name) is not None


def _is_link(p: Path) -> bool:
    return p.is_symlink() or bool(getattr(p, "is_junction", lambda: False)())


def _temp_files(path: Path) -> list[tuple[Path, int]] | None:
    """(file, writer pid) of every entry of ``path`` when all are gatelab temp files of its
    own files (``_own_files``), else None (something else is there, or the folder cannot be
    read, or is not named by gatelab)."""
    targets = _own_files(path)
    if targets is None:
        return None
    try:
        entries = list(os.scandir(path))
    except OSError:
        return None
    found: list[tuple[Path, int]] = []
    for entry in entries:
        pid = temp_writer_pid(entry.name, targets)
        try:
            regular = entry.is_file(follow_symlinks=False)
        except OSError:
            regular = False
        if pid is None or not regular:
            return None
        found.append((Path(entry.path), pid))
    return found


def empty_run_dir(path: Path | str) -> bool:
    """Whether ``path`` is a run or experiment folder that holds nothing (the module's rule)."""
    p = Path(path)
    try:
        if _own_files(p) is None or _is_link(p) or not p.is_dir():
            return False
    except OSError:
        return False
    return _temp_files(p) is not None


def empty_note(path: Path | str) -> Msg:
    """What the runs list says of the empty folder ``path``: why it holds nothing."""
    return Msg("experiment.empty" if is_experiment_name(path) else "run.empty")


def empty_run_busy(path: Path | str, now: float | None = None) -> Msg | None:
    """Why the empty run folder ``path`` must not be deleted now, or None: a temp file in it
    whose writer still runs, or the folder is younger than EMPTY_GRACE_S."""
    p = Path(path)
    for _file, pid in _temp_files(p) or []:
        if temp_writer_may_run(pid):
            return Msg("run.busy", {"path": p, "pid": str(pid), "host": host_name()})
    try:
        age = (now if now is not None else time.time()) - p.stat().st_mtime
    except OSError:
        return None
    if age < EMPTY_GRACE_S:
        return Msg("run.empty_young", {"path": p, "age": max(0, int(age)),
                                       "grace": int(EMPTY_GRACE_S)})
    return None


def delete_empty_run(path: Path | str) -> None:
    """Delete the empty run folder ``path``; RunError saying why not (``empty_run_busy``, or a
    file that appeared in it meanwhile: then nothing of it is deleted but checked temp files)."""
    p = Path(path)
    files = _temp_files(p)
    if files is None or not empty_run_dir(p):
        raise RunError(Msg("run.not_run_folder", {"path": p}))
    busy = empty_run_busy(p)
    if busy is not None:
        raise RunError(busy)
    for file, _pid in files:
        try:
            file.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise RunError(Msg("path_reason", {"path": file, "reason": os_reason(exc)})) from None
    try:
        p.rmdir()  # refuses a folder that is no longer empty: a run began writing into it
    except FileNotFoundError:
        return
    except OSError:
        raise RunError(Msg("run.empty_changed", {"path": p})) from None


__all__ = ["EMPTY", "EMPTY_GRACE_S", "EXP_NAME", "RUN_NAME", "delete_empty_run", "empty_note",
           "empty_run_busy", "empty_run_dir", "is_experiment_name"]
