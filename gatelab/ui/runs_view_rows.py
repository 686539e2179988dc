"""What the Runs list reads from the runs folder (off the GUI thread), how it notices a change
worth reading again, what its status words say, and when a row's action must be refused.

Split from ``runs_view`` (the widget) so the list's rules read apart from its layout:

- the folder is re-read when its signature changes: the folders' times (``runs_signature``:
  a run added, deleted or rewriting its run.json) and, for every run shown as "running", its
  status read afresh. A writer that dies writes nothing (kill -9, a read-only folder): the times
  stay the same, and the row said "running" until something else changed;
- a run deleted or moved outside the app (another instance's Delete) stays listed until the next
  poll; Replay, Resume and Open folder on it are refused in one line (``action_refusal``), and
  the list is read again;
- an "empty" run folder (a Start killed before its first file: ``core.runs_empty``) can only be
  deleted: Replay and Resume say so instead of reading a folder that holds nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from gatelab.ui.messages import message_text
from gatelab.ui import trainer_jobs
from gatelab.ui.trainer_jobs import RunRow, runs_signature

STATUS_WORDS = ("running", "finished", "stopped", "failed", "interrupted", "broken", "empty")


def live_status(path: str) -> str:
    """The status of the run at ``path`` now (its writer asked again, and the folder's lock:
    as ``runs.run_info`` reads it, or a row shown "running" for its lock alone was read again
    at every poll), "" when unreadable."""
    from gatelab.core.run_liveness import effective_status
    from gatelab.core.run_lock import locked_status
    from gatelab.core.runs_read import SUMMARY, read_json

    summary = read_json(Path(path) / SUMMARY)
    return locked_status(path, effective_status(summary)) if summary else ""


def poll_signature(running: tuple[str, ...]) -> object:
    """What the list compares every poll: the folder's times, and the status now of each run
    ``running`` names (those the list shows as "running"), in order."""
    return runs_signature(), tuple(live_status(p) for p in running)


def run_rows() -> list[RunRow]:
    """The Runs list's rows: every run, and the run folders a killed Start left empty (only
    this list shows those, to offer their deletion; the Inside tab's list has no use for them)."""
    return trainer_jobs.run_rows(include_empty=True)


def read_rows(rows: Callable[[], list[RunRow]] = run_rows) -> tuple[object, list[RunRow]]:
    """The folder's signature (as ``poll_signature`` of the running rows would give it), then
    the ``rows`` read: a change while reading shows at the next poll. (The view passes the
    ``run_rows`` of its own module, looked up at each refresh: tests list rows of their own.)"""
    folder = runs_signature()
    listed = rows()
    return (folder, tuple("running" for r in listed if r.status == "running")), listed


def run_status_word(status: str) -> str:
    """A run's status (run.json's English word: "running", "stopped", …) in the current
    language; the Runs table and the inside tab's run lists say it the same way."""
    return {"running": QCoreApplication.translate("RunsView", "running"),
            "finished": QCoreApplication.translate("RunsView", "finished"),
            "stopped": QCoreApplication.translate("RunsView", "stopped"),
            "failed": QCoreApplication.translate("RunsView", "failed"),
            "interrupted": QCoreApplication.translate("RunsView", "interrupted"),
            "broken": QCoreApplication.translate("RunsView", "broken"),
            "empty": QCoreApplication.translate("RunsView", "empty")}.get(status, status)


def action_refusal(row: RunRow | None, path: str, action: str) -> str:
    """Why ``action`` ("open", "resume" or "folder") must not act on the run at ``path`` now,
    in one line; "" when it may. A folder gone since the list was read, or an empty run folder
    for a replay or a resume."""
    if not os.path.isdir(path):
        return QCoreApplication.translate(
            "RunsView", "{0} is gone: it was deleted or moved outside this app").format(path)
    if row is not None and row.status == "empty" and action in ("open", "resume"):
        from gatelab.core.messages import Msg

        return message_text(Msg("run.empty_open", {"path": path}))
    return ""


__all__ = ["STATUS_WORDS", "action_refusal", "live_status", "poll_signature", "read_rows",
           "run_rows", "run_status_word"]
