"""Which folders under the runs folder the runs list shows (``runs.list_runs`` reads them).

Why a module of its own: the walk has rules of its own (one level into experiment folders, the
empty folders a killed Start left, symbolic links) that read apart from how one run folder is
summarised (``runs.run_info``), and ``runs`` had no room left for them.

Symbolic links: a link in the runs folder to a run, or to an experiment folder kept elsewhere,
is listed as the user made it. A link to a folder that is already in the runs folder (or is
the runs folder itself: ``ln -s . runs/alias``) is not descended into: every run below it is
listed already under its own name, and was listed twice.
"""

from __future__ import annotations

import os
from pathlib import Path

from gatelab.core.messages import Msg
from gatelab.core.reasons import os_reason
from gatelab.core.runs_empty import empty_run_dir
from gatelab.core.runs_read import CKPT, CONFIG, METRICS, SUMMARY, RunError
from gatelab.core.safe_write import folder_problem

RUN_FILES = (CONFIG, METRICS, CKPT, SUMMARY)


def is_run_dir(path: Path) -> bool:
    return path.is_dir() and any(os.path.lexists(path / name) for name in RUN_FILES)


def listed_already(entry: Path, base: Path) -> bool:
    """Whether ``entry`` is a symbolic link whose folder is ``base`` or inside it (its runs are
    listed under their own names); only links pay for a ``realpath``."""
    if not entry.is_symlink():
        return False
    target, root = os.path.realpath(entry), os.path.realpath(base)
    return target == root or target.startswith(root.rstrip(os.sep) + os.sep)


def run_folders(base: Path, include_empty: bool = False) -> tuple[list[Path], list[Path]]:
    """(the run folders under ``base``, one level into other folders; the empty run and
    experiment folders, when ``include_empty``), in no order; ([], []) when ``base`` does not
    exist yet (no run trained). A folder inside that cannot be read is skipped, never the
    others; ``base`` itself a file, or unreadable: RunError saying so. Why: the Runs list said
    "No runs yet" then, and a learner took the runs for lost (probe s15 F5)."""
    try:
        entries = list(base.iterdir())
    except OSError as exc:
        if isinstance(exc, FileNotFoundError) and not os.path.lexists(base):
            return [], []
        why = folder_problem(base) or os_reason(exc)  # (a link to nothing: folder.broken_link)
        raise RunError(Msg("path_reason", {"path": base, "reason": why})) from None
    found: list[Path] = []
    empty: list[Path] = []
    for entry in entries:
        try:
            if is_run_dir(entry):
                found.append(entry)
            elif include_empty and empty_run_dir(entry):
                empty.append(entry)
            elif entry.is_dir() and not listed_already(entry, base):
                found.extend(child for child in entry.iterdir() if is_run_dir(child))
        except PermissionError:  # a folder whose files cannot be read (chmod 000, another
            # user's): listed, as "broken" with the reason, never left out without a word
            if entry.is_dir():
                found.append(entry)
        except OSError:
            continue
    return found, empty


__all__ = ["RUN_FILES", "is_run_dir", "listed_already", "run_folders"]
