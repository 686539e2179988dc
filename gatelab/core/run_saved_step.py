"""The step a run is saved at: its checkpoint's, the one a resume continues from.

Why apart from run.json's ``steps``: that is the step *reached*, rewritten by every heartbeat
(about every 10 s), while a checkpoint is written about once a minute. After a crash or kill -9
the two differ (run.json said 94, ckpt.pt held 80), and the Runs list and the launch notice
("… it is saved at step N") named the step reached, so steps 81–94 looked kept although a resume
trains them again. The writer now records its checkpoint's step in run.json
(``CHECKPOINT_STEP_KEY``, see ``RunWriter.checkpoint``); a folder written before that key
existed, or whose run.json is older than its ckpt.pt (killed between the two writes), has the
step read from the checkpoint itself (``checkpoint_file_step``: memory-mapped, so only its small
index is read; callers list runs off the GUI thread).

Importing this module does not import torch: only that fallback does.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gatelab.core.fileio import open_regular
from gatelab.core.run_steps import step_plausible
from gatelab.core.runs_read import CKPT, CKPT_CAP, SUMMARY, torch_archive_problem

CHECKPOINT_STEP_KEY = "checkpoint_step"  # run.json: the step of the run's ckpt.pt (0: none yet)
# run.json: the train and validation losses as they stood at that step
CHECKPOINT_LOSS_KEYS = ("checkpoint_train_loss", "checkpoint_val_loss")
# a run that ended (or died) before its last step and can be resumed: its saved step is the one
# that counts; a running run shows its progress, a finished one all its steps
RESUMABLE = ("stopped", "interrupted", "failed")


def saved_step(folder: Path, summary: dict[str, Any], total: int | None) -> int | None:
    """The step ``folder``'s run is saved at: 0 when it has no checkpoint (a resume starts over),
    else its checkpoint's step; ``total`` (the configured steps, None when unknown) bounds a
    plausible one. None when it cannot be told (a damaged checkpoint: the resume says why)."""
    ckpt = folder / CKPT
    try:
        ckpt_time = os.stat(ckpt).st_mtime_ns
    except FileNotFoundError:
        return None if os.path.islink(ckpt) else 0  # (a dangling link: a resume refuses it)
    except OSError:
        return None
    recorded = summary.get(CHECKPOINT_STEP_KEY)
    if step_plausible(recorded, total):
        try:
            fresh = os.stat(folder / SUMMARY).st_mtime_ns >= ckpt_time
        except OSError:
            fresh = False
        if fresh:  # run.json written after (or with) the checkpoint: its record is current
            return int(recorded)
    return _cached_file_step(ckpt, total)


def saved_losses(summary: dict[str, Any], saved: int | None) -> tuple[Any, Any]:
    """The (train, validation) losses to show beside ``saved``, the step a run is saved at: as
    they stood at its checkpoint where run.json recorded them for that step, else run.json's
    latest (a row read "40/3000" beside the loss of step 49; re-walk s13 P1)."""
    if saved is not None and summary.get(CHECKPOINT_STEP_KEY) == saved and all(
            key in summary for key in CHECKPOINT_LOSS_KEYS):
        return summary[CHECKPOINT_LOSS_KEYS[0]], summary[CHECKPOINT_LOSS_KEYS[1]]
    return summary.get("final_train_loss"), summary.get("final_val_loss")


# (ckpt.pt, its mtime and size) -> its step: a list refreshed every few seconds, or the Inside
# tab's status asked every second, reads an older folder's checkpoint once, not at every look
_FILE_STEPS: dict[tuple[str, int, int], int | None] = {}


def _cached_file_step(path: Path, total: int | None) -> int | None:
    """``checkpoint_file_step`` once per version of the file (the step bound applied after)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    key = (os.path.realpath(path), info.st_mtime_ns, info.st_size)
    if key not in _FILE_STEPS:
        if len(_FILE_STEPS) >= 256:  # a few hundred runs at most; never grows without bound
            _FILE_STEPS.clear()
        _FILE_STEPS[key] = checkpoint_file_step(path)
    step = _FILE_STEPS[key]
    return step if step_plausible(step, total) else None


def checkpoint_file_step(path: Path, total: int | None = None) -> int | None:
    """The step stored in the checkpoint file ``path``, or None when it cannot be told (not a
    regular file, over the size cap, not a torch zip archive, damaged, implausible). Memory-mapped
    and tensors-only (``weights_only``): the weights are never read into memory nor code run."""
    try:
        fd = open_regular(path)  # a FIFO would block torch.load
        with os.fdopen(fd, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > CKPT_CAP or torch_archive_problem(f, size) is not None:
                return None
        import torch

        ckpt = torch.load(path, map_location="cpu", weights_only=True, mmap=True)
    except Exception:  # missing, damaged or foreign: the list falls back to run.json's step
        return None
    step = ckpt.get("step") if isinstance(ckpt, dict) else None
    return int(step) if step_plausible(step, total) else None


__all__ = ["CHECKPOINT_LOSS_KEYS", "CHECKPOINT_STEP_KEY", "RESUMABLE", "checkpoint_file_step",
           "saved_losses", "saved_step"]
