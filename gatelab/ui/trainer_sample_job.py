"""A sample being written from a run's checkpoint for the trainer tab: its job record, the signal
that carries its text to the GUI thread, and the step it was written at.

Why the step: a replay shows samples.txt, where each sample stands under "--- sample at step N
---"; the same sample shown live (at a run's end, at its stop, on Sample text) stood bare, so
the live page and the replay of the same run did not read alike. ``checkpoint_step`` tells the
step of the checkpoint a sample is written from, so the live box uses the same header.
"""

from __future__ import annotations

import os
import stat
import threading
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from gatelab.core.values import is_int
from gatelab.ui.trainer_jobs import SAMPLE_CHARS


def whole_lines(text: str, n: int) -> str:
    """The last ``n`` characters of ``text`` from a line start: a header line cut in half
    ("ple at step 40 ---") could not be recognised and translated."""
    if len(text) <= n:
        return text
    tail = text[-n:]
    return tail.split("\n", 1)[1] if "\n" in tail else tail


@dataclass(eq=False)
class SampleJob:
    """One sample being written: what the live page showed when it was asked (run folder and
    ``_shown_id``), the event that stops its helper thread when nobody will read it, and the
    step of the checkpoint it is written from (set by that thread; None: unknown)."""

    token: tuple[str, int]
    chars: int = SAMPLE_CHARS
    stop: threading.Event = field(default_factory=threading.Event)
    step: int | None = None


class SampleFeed(QObject):
    """Carries the text of a sample being written from its helper thread to the GUI thread (a
    queued signal: the helper never touches a widget): job, text so far, characters written."""

    text = Signal(object, str, int)


def checkpoint_step(run_dir: str) -> int | None:
    """The step of ``run_dir``'s checkpoint (call it from a helper thread); None when it cannot
    be told. Memory-mapped, so only the checkpoint's small index is read, never its weights a
    second time (the sample loads them). A path that is no regular file (a FIFO would block) or
    over core's size cap is not opened; anything wrong with the file is the sample's to say."""
    from gatelab.core.runs_read import CKPT, CKPT_CAP

    path = Path(run_dir) / CKPT
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > CKPT_CAP:
            return None
        import torch

        ckpt = torch.load(path, map_location="cpu", weights_only=True, mmap=True)
    except Exception:  # missing, damaged, foreign: the header is left out, nothing more
        return None
    step = ckpt.get("step") if isinstance(ckpt, dict) else None
    return step if is_int(step) and step >= 0 else None


__all__ = ["SampleFeed", "SampleJob", "checkpoint_step", "whole_lines"]
