"""Whether a run's metrics.jsonl stops before its checkpoint: steps a resume would leave unplotted.

Why: the writer appends a step's metrics row before it writes that step's checkpoint, so a
metrics.jsonl whose last row is older than ckpt.pt was cut short (a truncated copy, a disk that
filled, a hand edit). A resume continues from the checkpoint, so the steps in between never get
a row: the curve silently jumped from step 17 to 21. Nothing can rebuild those rows (they were
never kept elsewhere), so the resume goes on and the user is told, once, which steps are
missing: ``gatelab-train --resume`` prints it as a note, the app shows it with the other
problems found when it reads the run.

Only the file's tail is read (a metrics.jsonl may be hundreds of MB; resume reads it whole once
already), and the checkpoint's step comes from run.json when that is current
(``run_saved_step.saved_step``), so checking costs milliseconds.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gatelab.core.fileio import FileReadError, read_tail
from gatelab.core.messages import Msg
from gatelab.core.run_saved_step import saved_step
from gatelab.core.runs_read import CONFIG, LINE_CAP, METRICS, SUMMARY, parse_row, read_json

TAIL_BYTES = 2 * LINE_CAP  # the last rows; one row is at most LINE_CAP


def last_metrics_step(path: Path) -> int | None:
    """The step of the last readable row of the metrics.jsonl ``path``: 0 when it holds none (or
    is missing); None when that cannot be told from its tail (unreadable, or a tail of only bad
    rows in a large file)."""
    try:
        tail, start = read_tail(path, TAIL_BYTES)
    except FileReadError:
        return 0 if not os.path.lexists(path) else None
    except OSError:  # a read error: a note is not worth failing the resume over
        return None
    lines = tail.split(b"\n")
    if start > 0:
        lines = lines[1:]  # the first piece is the end of a line that began before the tail
    for line in reversed(lines):
        row = parse_row(0, line, None)  # a half-written last line, a bad row: None
        if row is not None:
            return int(row["step"])
    return 0 if start == 0 else None


def gap_note(last: int | None, step: int | None) -> Msg | None:
    """The note for metrics ending at step ``last`` with the checkpoint at ``step``; None when
    nothing is missing or either is unknown."""
    if last is None or step is None or last >= step:
        return None
    if last == 0 and step > 1:
        return Msg("resume.metrics_none", {"step": step})
    key = "resume.metrics_gap_one" if last + 1 == step else "resume.metrics_gap"
    return Msg(key, {"last": last, "first": last + 1, "step": step})


def metrics_gap(folder: Path | str, summary: dict[str, Any] | None = None) -> Msg | None:
    """The note for the run in ``folder`` when its metrics.jsonl ends before its checkpoint's
    step (``summary``: its run.json when already read); None otherwise, or when it cannot be
    told (no checkpoint: a resume starts over; a damaged one: the resume says why)."""
    p = Path(folder)
    if summary is None:
        summary = read_json(p / SUMMARY)
    total = read_json(p / CONFIG).get("steps")
    step = saved_step(p, summary, total if isinstance(total, int) else None)
    if not step:
        return None
    return gap_note(last_metrics_step(p / METRICS), step)


__all__ = ["gap_note", "last_metrics_step", "metrics_gap"]
