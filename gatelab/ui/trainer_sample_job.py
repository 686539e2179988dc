"""A sample being written from a run's checkpoint for the trainer tab: its job record, the signal
that carries its text to the GUI thread, and the step it was written at.

Why the step: a replay shows samples.txt, where each sample stands under "--- sample at step N
---"; the same sample shown live (at a run's end, at its stop, on Sample text) stood bare, so
the live page and the replay of the same run did not read alike. ``checkpoint_step`` tells the
step of the checkpoint a sample is written from, so the live box uses the same header.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Signal

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
    be told. Core's reader (``run_saved_step.checkpoint_file_step``): memory-mapped, so only the
    checkpoint's small index is read, never its weights a second time (the sample loads them);
    no FIFO, nothing over the size cap, and nothing that is not a torch archive reaches
    ``torch.load`` (a text file there was passed to it, probe s15). Anything wrong with the
    file is the sample's to say."""
    from gatelab.core.run_saved_step import checkpoint_file_step
    from gatelab.core.runs_read import CKPT

    return checkpoint_file_step(Path(run_dir) / CKPT)


__all__ = ["SampleFeed", "SampleJob", "checkpoint_step", "whole_lines"]
