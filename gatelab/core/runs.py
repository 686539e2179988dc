"""Run folders: what a training run leaves on disk, and how the GUI and CLI find it again.

One folder per run, written so that a crash at any moment loses at most the steps since the last
checkpoint (about a minute: see ``RunWriter.checkpoint_due``) and never leaves a half-written file
behind (temp file + ``os.replace``; a leftover temp file is removed on the next open). Reading is
in ``runs_read``: every reader there survives a damaged or hostile folder; writing is
``run_writer.RunWriter``, used by the engine. This module lists, reopens and deletes runs.

- ``config.json``: the TrainConfig (``TrainConfig.from_dict`` reads it back);
- ``metrics.jsonl``: one ``Snapshot.metrics_row()`` per line, appended and flushed per snapshot;
- ``ckpt.pt``: model + optimizer + step + RNG and data-sampler states (resume is bit-identical);
- ``stats.npz``: the latest ``LayerStats`` arrays (keys = LayerStats field names), with the ckpt;
- ``samples.txt``: text sampled from the model (appended, one header line per sample);
- ``run.json``: summary (status, steps, the checkpoint's step, final train/val loss, tokens/s,
  created, corpus info …) and the writer's pid, host, token and heartbeat (``effective_status``
  reads "interrupted" from them; ``run_saved_step`` the step a resume continues from).

A folder that Start made but a kill left without any of these files is an "empty" run folder
(``runs_empty``): listed for the Runs view, refused by ``load_run``, deleted by its own rule.

Importing this module does not import torch (listing and reading runs never needs it, and the GUI
lists runs before any training): ``RunWriter.checkpoint`` imports it when it first saves.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from gatelab.core.values import is_int
from gatelab import paths
from gatelab.core.messages import Msg, join_msgs, reason
from gatelab.core.reasons import os_reason
from gatelab.core.runs_read import (
    CKPT,
    CONFIG,
    METRICS,
    SAMPLES,
    STATS,
    SUMMARY,
    RunError,
    load_checkpoint,
    read_config,
    read_json,
    read_json_strict,
    read_metrics,
    read_samples_tail,
    read_stats,
    remove_stale_tmp,
    safe_reason,
)
from gatelab.core.run_liveness import effective_status
from gatelab.core.run_lock import busy_message, claim_lock, folder_locked, locked_status
from gatelab.core.run_saved_step import RESUMABLE, saved_losses, saved_step
from gatelab.core.run_steps import configured_steps, summary_step_problem
from gatelab.core.runs_empty import EMPTY, delete_empty_run, empty_note, empty_run_dir
from gatelab.core.runs_list import RUN_FILES, is_run_dir, run_folders
from gatelab.core.run_writer import (  # the writer's names, for callers of this module
    CHECKPOINT_S,
    RunWriteError,
    RunWriter,
    atomic_write_bytes,
    atomic_write_json,
    check_folder,
    checkpoint_seconds,
    keep_alive,
    make_folder,
    open_writer,
)
from gatelab.core.trainconfig import LayerStats, TrainConfig


@dataclass(frozen=True)
class RunInfo:
    """One line of the runs list (plain data; broken folders have status "broken" and an error)."""

    path: Path
    name: str
    status: str  # "running", "finished", "stopped", "failed", "interrupted", "broken", "empty"
    created: float  # Unix time
    variant: str = ""
    corpus: str = ""
    steps: int = 0
    steps_total: int = 0
    final_train_loss: float | None = None
    final_val_loss: float | None = None
    tokens_per_s: float | None = None
    error: str = ""
    steps_known: bool = True  # False: run.json's step is implausible (``error`` says why)
    saved_step: int | None = None  # resumable runs: the checkpoint's step (run_saved_step)

    def kept_steps(self) -> int:
        """The steps kept: a resumable run's checkpoint step (a resume trains the rest again)."""
        return self.saved_step if self.saved_step is not None else self.steps

    def steps_text(self) -> str:
        """"done/total" for the list (done: ``kept_steps``); "?" for a step run.json cannot
        hold, so that no absurd number (2**63 of 6) is shown as if it had been trained."""
        return f"{self.kept_steps() if self.steps_known else '?'}/{self.steps_total}"


@dataclass
class RunRecord:
    """A run reopened for viewing: its config, its metrics rows (downsampled when asked) and
    its summary; ``warnings`` says what was skipped (bad rows, an unreadable stats.npz)."""

    path: Path
    config: TrainConfig
    metrics: list[dict[str, Any]]
    summary: dict[str, Any]
    stats: dict[str, np.ndarray] | None = None  # stats.npz arrays, when present
    samples: str = ""
    has_checkpoint: bool = False
    warnings: list[str] = field(default_factory=list)


def new_run_dir(root: Path | str | None = None, prefix: str = "run") -> Path:
    """Create and return a fresh, uniquely named folder under ``root`` (default: paths.runs_dir()).

    RunWriteError naming the folder (``filename``: ``root`` itself when it is the problem) when
    ``root`` is a file or FIFO, or nothing can be created in it: one clear line, not "[Errno 17]"."""
    base = make_folder(Path(root) if root is not None else paths.runs_dir())
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        path = base / f"{prefix}-{stamp}-{secrets.token_hex(2)}"
        try:
            path.mkdir()
            return path
        except FileExistsError:
            continue
        except OSError:
            return make_folder(path)  # raises, saying why in words (unless it works now)


def has_checkpoint(path: Path | str) -> bool:
    return os.path.lexists(Path(path) / CKPT)


def _float_or_none(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def _int(v: Any) -> int:
    return v if is_int(v) else 0


def _text(*candidates: Any) -> str:
    """The first candidate that is text, else "" (a list's repr "['x']" read as a name)."""
    return next((v for v in candidates if isinstance(v, str)), "")


_SUMMARY_NUMBERS = ("steps", "steps_total", "created", "final_train_loss", "final_val_loss",
                    "tokens_per_s")


def summary_problems(summary: dict[str, Any]) -> str:
    """Why a run.json is "broken", as one line ("run.json: status is not text; steps is not a
    number"), so the list never shows "broken" with an empty reason."""
    found: list[str] = []
    status = summary.get("status")
    if "status" not in summary:
        found.append(Msg("summary.status_missing"))
    elif not isinstance(status, str):
        found.append(Msg("summary.status_not_text"))
    elif not status:
        found.append(Msg("summary.status_empty"))
    for key in _SUMMARY_NUMBERS:
        if _not_number(summary.get(key)):
            found.append(Msg("summary.not_number", {"name": key}))
    return Msg("path_reason", {"path": SUMMARY, "reason": join_msgs(found)}) if found else ""


def _not_number(v: Any) -> bool:
    """A value present that is no JSON number (true, "6", a list): ``summary_problems`` names it."""
    return v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)))


def steps_problem(summary: dict[str, Any], config: dict[str, Any]) -> str:
    """Why run.json's ``steps`` cannot be a step of this run ("" when it can, or says none):
    ``run_steps.summary_step_problem``, the rule the stats history applies to the same field.
    The writer never passes its configured steps (``engine.train_steps`` stops there), so a
    larger or negative step is damage: the row says so instead of showing
    "9223372036854775808/6" as if that many had been trained."""
    return summary_step_problem(summary, config, SUMMARY) or ""


def run_info(path: Path) -> RunInfo:
    """Summarise one run folder; never raises (a broken folder gives status "broken" and why)."""
    path = Path(path)
    try:
        created = float(path.stat().st_mtime)
    except OSError:
        created = 0.0
    try:
        return _run_info(path, created)
    except Exception as exc:  # whatever a hostile folder holds, the list goes on
        return RunInfo(path, path.name, "broken", created, error=safe_reason(exc))


def _run_info(path: Path, created: float) -> RunInfo:
    try:
        config = read_json_strict(path / CONFIG)
    except RunError as exc:
        return RunInfo(path, path.name, "broken", created, error=reason(exc))
    try:
        summary = read_json_strict(path / SUMMARY)
        error = _text(summary.get("error"))  # (a list's repr read "broken: ['']": s19 P3)
    except RunError as exc:
        summary, error = {}, reason(exc)
    stamp = _float_or_none(summary.get("created"))
    corpus = summary.get("corpus") if isinstance(summary.get("corpus"), dict) else {}
    # "running" also while another process holds the folder's lock (a resume starting that
    # has not rewritten run.json yet): not "stopped", which offered Resume and Delete
    status = locked_status(path, effective_status(summary)) if summary else "broken"
    if status == "broken" and not error:
        error = (summary_problems(summary) if summary
                 else Msg("summary.empty", {"path": SUMMARY}))
    bad_step = steps_problem(summary, config)
    if bad_step and not (status == "broken" and _not_number(summary.get("steps"))):
        error = join_msgs([error, bad_step]) if error else bad_step  # (else named already)
    total = configured_steps(summary.get("steps_total"), config.get("steps"))
    saved = saved_step(path, summary, total) if status in RESUMABLE else None
    train_loss, val_loss = saved_losses(summary, saved)  # as they stood at that step
    return RunInfo(
        path=path, name=path.name, status=status, created=stamp or created,
        variant=_text(config.get("variant"))[:40],
        corpus=_text(corpus.get("name"), config.get("corpus"))[:200],
        steps=0 if bad_step else _int(summary.get("steps")), steps_known=not bad_step,
        steps_total=total or 0,
        saved_step=saved, final_train_loss=_float_or_none(train_loss),
        final_val_loss=_float_or_none(val_loss),
        tokens_per_s=_float_or_none(summary.get("tokens_per_s")),
        error=error if len(error) <= 500 else error[:500],
    )


def list_runs(root: Path | str | None = None, include_empty: bool = False) -> list[RunInfo]:
    """Every run folder under ``root`` (default runs_dir()), newest first.

    Runs made by an experiment live one level down (``exp-*/<variant>-seedN``); they are listed
    too, so every trained model can be reopened from the same list (which folders: see
    ``runs_list``). A broken folder is listed as "broken" with its reason; it never hides the
    others. ``include_empty`` adds the run and experiment folders a Start killed before their
    first file left ("empty": see ``runs_empty``), so the Runs list can offer to delete them;
    other lists (which models to look inside) leave them out.
    """
    found, empty = run_folders(Path(root) if root is not None else paths.runs_dir(), include_empty)
    infos = [run_info(p) for p in found] + [empty_run_info(p) for p in empty]
    return sorted(infos, key=lambda r: (r.created, r.name), reverse=True)


def empty_run_info(path: Path) -> RunInfo:
    """The list's line for an empty run (or experiment) folder: when it was made, and why it
    holds nothing."""
    try:
        created = float(path.stat().st_mtime)
    except OSError:
        created = 0.0
    return RunInfo(path, path.name, EMPTY, created, error=empty_note(path))


def load_run(path: Path | str, max_rows: int | None = None) -> RunRecord:
    """Reopen a run for viewing (``max_rows`` downsamples the metrics for plotting); RunError
    naming the file when the config is unreadable or invalid. A bad metrics row or stats.npz
    is skipped and described in ``RunRecord.warnings``."""
    p = Path(path)
    if not p.is_dir():
        raise RunError(Msg("run.not_found", {"path": p}))
    if empty_run_dir(p):  # killed at Start: say so, not "config.json: no such file"
        raise RunError(Msg("run.empty_open", {"path": p}))
    config = read_config(p)
    remove_stale_tmp(p)
    warnings: list[str] = []
    stats = None
    if os.path.lexists(p / STATS):
        try:
            stats = read_stats(p / STATS)
        except RunError as exc:
            warnings.append(reason(exc))
    problems: list[str] = []
    metrics = read_metrics(p / METRICS, max_rows, problems)
    if problems:
        warnings.append(Msg("metrics.skipped", {"path": p / METRICS, "n": len(problems),
                                                   "first": problems[0]}))
    try:
        samples = read_samples_tail(p / SAMPLES)
    except RunError as exc:
        samples = ""
        warnings.append(reason(exc))
    return RunRecord(path=p, config=config, metrics=metrics, summary=read_json(p / SUMMARY),
                     stats=stats, samples=samples, has_checkpoint=has_checkpoint(p),
                     warnings=warnings)


def stats_from_npz(arrays: dict[str, np.ndarray]) -> LayerStats | None:
    """Rebuild a ``LayerStats`` from ``RunRecord.stats`` (None if a field is missing)."""
    names = [f.name for f in dataclasses.fields(LayerStats)]
    if not all(n in arrays for n in names):
        return None
    a = {n: np.asarray(arrays[n]) for n in names}
    layers = a["frac_neg"].shape[0] if a["frac_neg"].ndim == 1 else -1
    ndims = {"act_hist": 2, "hist_edges": 1, "gate_pairs": 3, "neuron_acts": 3}
    if layers < 1 or any(a[n].ndim != ndims.get(n, 1) for n in names) or any(
            a[n].shape[0] != layers for n in names if n != "hist_edges") \
            or a["gate_pairs"].shape[2] != 2:
        return None  # arrays of a damaged or foreign stats.npz: show no statistics
    return LayerStats(**a)


def run_busy(path: Path | str, others_only: bool = False) -> Msg | None:
    """Why ``path`` must not be resumed or deleted now: ``Msg("run.busy")`` when its run.json
    (or, for an experiment's folder, one of its runs') names a writer that still trains it;
    None otherwise; or when a writer holds the folder's lock (``run_lock``: a resume starting,
    run.json not yet rewritten). ``others_only`` ignores this process's own runs (resume's
    rule, as the writer's own check in ``RunWriter``). Deleting a folder under a live
    ``gatelab-train`` made that run die at its next checkpoint ("cannot write …/ckpt.pt")."""
    p = Path(path)
    folders = [p]
    if not os.path.lexists(p / SUMMARY) and os.path.lexists(p / "experiment.json"):
        try:
            folders += [child for child in p.iterdir() if child.is_dir()]
        except OSError:
            pass
    for folder in folders:
        summary = read_json(folder / SUMMARY)
        if not summary or effective_status(summary) != "running":
            if folder_locked(folder) and not (others_only and open_writer(folder) is not None):
                return busy_message(folder)  # a resume starting: locked, run.json not yet
            continue
        if summary.get("pid") == os.getpid() and (others_only or open_writer(folder) is None):
            continue  # this process trains a run only while its writer is open: a run.json
            # left "running" by a write error (read-only folder) named this idle app as busy
        return Msg("run.busy", {"path": folder, "pid": str(summary.get("pid")),
                                "host": str(summary.get("host"))})
    return None


def experiment_in_use(path: Path | str) -> Msg | None:
    """Why run ``path`` must not be deleted now because its experiment still trains (the
    experiment holds its folder's lock while it trains): a run deleted then was counted in the
    verdict yet gone, and the experiment could never be continued (probe s23 D7). Cheap: no
    experiment.json is read (it holds every curve)."""
    parent = Path(path).parent
    if os.path.lexists(parent / "experiment.json") and folder_locked(parent):
        return Msg("experiment.run_in_use", {"path": path, "experiment": parent.name})
    return None


def delete_busy(path: Path | str) -> Msg | None:
    """Why run ``path`` must not be deleted now (``run_busy``, ``experiment_in_use``): what
    ``delete_run`` refuses, and what the Runs list says before it asks."""
    return run_busy(path) or experiment_in_use(path)


def _is_link(p: Path) -> bool:
    return p.is_symlink() or bool(getattr(p, "is_junction", lambda: False)())


def delete_run(path: Path | str) -> Path | None:
    """Delete a run folder; refuses folders that do not look like runs, and runs still being
    trained (RunError: see ``run_busy``). A run folder that is a symbolic link (or a Windows
    junction): the link alone goes, never the files it points to, and its target is returned
    (None when a real folder was deleted); ``shutil.rmtree`` refuses links. An empty run folder
    (``runs_empty``) goes by its own stricter rule: ``delete_empty_run``."""
    p = Path(path)
    if not p.is_dir():
        raise RunError(Msg("run.not_found", {"path": p}))
    if not is_run_dir(p) and empty_run_dir(p):
        delete_empty_run(p)
        return None
    if not is_run_dir(p) and not (p / "experiment.json").exists():
        raise RunError(Msg("run.not_run_folder", {"path": p}))
    busy = delete_busy(p)
    if busy:
        raise RunError(busy)
    # held while the files go: a resume starting now (it claims the lock first) is refused,
    # instead of reading a checkpoint being deleted or training into a folder half gone (s23)
    lock = claim_lock(p)
    if lock is None:
        raise RunError(busy_message(p))
    try:
        if _is_link(p):
            target = Path(os.path.realpath(p))
            try:
                p.unlink()
            except (IsADirectoryError, PermissionError):  # Windows: a directory link is a folder
                os.rmdir(p)
            return target
        shutil.rmtree(p)
    except OSError as exc:  # its run named, in words: "[Errno 30] …: 'metrics.jsonl'" (s23)
        why = os_reason(exc)
        raise RunWriteError(Msg("path_reason", {"path": p, "reason": why}), why, p) from None
    finally:
        lock.release()
    return None


__all__ = ["CHECKPOINT_S", "RUN_FILES", "RunError", "RunInfo", "RunRecord", "RunWriteError", "RunWriter",
           "atomic_write_bytes", "atomic_write_json", "check_folder", "checkpoint_seconds",
           "delete_busy", "delete_run", "effective_status", "experiment_in_use", "empty_run_dir", "empty_run_info", "has_checkpoint",
           "is_run_dir", "keep_alive", "list_runs", "load_checkpoint", "load_run", "make_folder", "new_run_dir",
           "read_config", "read_json", "read_metrics", "run_busy", "run_info", "stats_from_npz",
           "steps_problem", "summary_problems"]
