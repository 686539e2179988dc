"""Which saved run has enough training history to show a trend, for the tabs that pick one.

Why: the trainer's "Replay a run: gate sparsity" step and the Inside tab's saved-run list used
to open the newest run, and the newest is often a stub stopped after a few steps (17/200): its
metrics hold one row of layer statistics, so Gate sparsity draws one dot per layer and none of
the solid (closed) and dashed (g<0) lines the lesson asks the learner to compare.

"Enough" is read from the run's own data: ``MIN_STATS_ROWS`` rows of metrics.jsonl that carry
layer statistics (``frac_closed``, ``frac_neg``, ``max_abs_h``, the rows the plot draws). Two
is the fewest through which a line is drawn at all; the engine writes such a row every
``stats_interval`` steps, at each evaluation and at the end of a finished run, so a finished run
always has two, a stub stopped before its second statistics step has one. Counting stops at
the minimum, and only lines naming ``frac_closed`` are parsed, so asking costs a few lines.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from gatelab.core.runs_read import METRICS, RunError, metrics_lines

MIN_STATS_ROWS = 2  # the fewest statistics rows that draw a line (one row is one dot per layer)
STATS_KEYS = ("frac_closed", "frac_neg", "max_abs_h")  # what the Gate sparsity plot needs
MAX_SCAN_BYTES = 64 << 20  # a huge metrics.jsonl without statistics rows is not read whole
MAX_CHECKED = 50  # runs asked at most (each a few lines; a runs folder may hold thousands)

RunChoice = tuple[str, str, int]  # (path, status, steps done): a line of the runs list


def stats_rows(run_dir: Path | str, at_most: int = MIN_STATS_ROWS) -> int:
    """Rows of ``run_dir``'s metrics.jsonl that carry layer statistics, counted up to
    ``at_most`` within the first MAX_SCAN_BYTES; 0 when the file is missing, unreadable or not
    a regular file. Lines are read by ``runs_read.metrics_lines``, as the plot reads them, so
    an overlong line (skipped there) never counts here, and its bytes count against the bound."""
    found = 0
    if at_most < 1:
        return found
    try:
        for _lineno, line in metrics_lines(Path(run_dir) / METRICS, max_bytes=MAX_SCAN_BYTES):
            if b'"frac_closed"' in line and _is_stats_row(line):
                found += 1
                if found >= at_most:
                    break
    except (RunError, OSError):  # not a regular file (0), or a read failed midway (EIO)
        pass
    return found


def _is_stats_row(line: bytes) -> bool:
    """Whether one metrics line is a whole row with every per-layer list the plot draws."""
    try:
        row = json.loads(line.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return False  # a truncated last line, an overlong one cut by the cap, or damage
    return isinstance(row, dict) and all(isinstance(row.get(k), list) and row[k]
                                         for k in STATS_KEYS)


def has_history(run_dir: Path | str) -> bool:
    """Whether ``run_dir`` holds enough statistics rows to draw its gate sparsity as lines."""
    return stats_rows(run_dir) >= MIN_STATS_ROWS


def history_candidates(first: Iterable[str], runs: Sequence[RunChoice]) -> list[str]:
    """The paths to try, best first, each once: ``first`` (the run on screen, the selected
    one) where listed in ``runs``; then finished runs, newest first (``runs`` comes newest
    first); then the other runs, most steps done first (a stopped 163/300 before a stub)."""
    listed = {path for path, _status, _steps in runs}
    order = [p for p in first if p and p in listed]
    order += [path for path, status, _steps in runs if status == "finished"]
    rest = [(steps, -i, path) for i, (path, status, steps) in enumerate(runs)
            if status != "finished"]
    order += [path for _steps, _i, path in sorted(rest, reverse=True)]
    return list(dict.fromkeys(order))


def pick_history_run(first: Iterable[str], runs: Sequence[RunChoice],
                     enough: Callable[[str], bool] = has_history) -> str:
    """The first of ``history_candidates`` with enough history, or "" when none of the first
    ``MAX_CHECKED`` has (the caller then says to train a run first)."""
    for path in history_candidates(first, runs)[:MAX_CHECKED]:
        if enough(path):
            return path
    return ""


def default_saved_run(trainer_run: str, runs: Sequence[RunChoice], current: str = "",
                      enough: Callable[[str], bool] = has_history) -> str:
    """The saved run a run picker starts on while the user has chosen none: the run the
    trainer shows when listed; else ``current`` (a remembered pick) or the best other run with
    enough history; else ``current`` when listed, else the newest; "" with no runs."""
    listed = [path for path, _status, _steps in runs]
    if trainer_run and trainer_run in listed:
        return trainer_run
    found = pick_history_run((current,), runs, enough)
    return found or (current if current in listed else (listed[0] if listed else ""))


def steps_done(text: str) -> int:
    """The steps done of a runs-list "done/total" ("17/200" → 17); 0 when unreadable ("?")."""
    head = str(text).split("/", 1)[0].strip()
    return int(head) if head.isdigit() and len(head) <= 18 else 0
