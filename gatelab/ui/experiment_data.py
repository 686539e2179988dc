"""The experiment view's data: summaries of an experiment (per variant: mean curve, final
validation loss and its spread) for the chart and table, the job that runs a new experiment, and
reading a saved experiment.json.

Why apart from ``trainer_jobs``: it grew past the size the project keeps files to; like it,
nothing here touches Qt and torch is imported only inside the job that trains.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from gatelab.core.experiment import EXPERIMENT_FILE, load_experiment, malformed_error
from gatelab.core.messages import Msg, error
from gatelab.core.reasons import json_kind
from gatelab.core.trainconfig import Snapshot, TrainConfig


@dataclass(frozen=True)
class VariantSummary:
    name: str
    intermediate: int
    n_params: int  # whole model
    n: int  # seeds that finished
    final_mean: float
    final_std: float  # nan with one seed
    steps: list[float]  # x of the mean curve (validation steps)
    mean: list[float]
    std: list[float]


@dataclass(frozen=True)
class ExperimentSummary:
    variants: list[VariantSummary]
    difference: float  # runner-up mean − best mean (≥ 0)
    noise_floor: float  # 3σ of same-config reruns
    verdict: str
    winner: str  # "" when within noise
    path: str
    status: str


@dataclass(frozen=True)
class ExperimentPartial:
    """The results of the runs finished so far, delivered while the others still train."""

    summary: ExperimentSummary
    runs_done: int
    n_runs: int


@dataclass(frozen=True)
class ExperimentProgress:
    run_index: int
    n_runs: int
    variant: str
    seed: int
    step: int
    done_steps: int  # over the whole experiment


def summarise_experiment(res: Any) -> ExperimentSummary:
    """The engine's ExperimentResult → per-variant mean ± std validation curves and numbers."""
    from gatelab.core.smoothing import mean_std

    out: list[VariantSummary] = []
    for var in res.variants:
        runs = [[r for r in rows if r.get("val_loss") is not None]
                for key, rows in res.curves.items() if key.split("/")[0] == var.variant]
        # runs go seed by seed, so a variant's finished runs are its first ones; the curve of a
        # stopped run would cut the mean curve short of the final losses the table reports
        runs = [r for r in runs[: len(var.final_val)] if r]
        steps: list[float] = []
        mean: Any = []
        std: Any = []
        if runs:
            mean, std = mean_std([[float(r["val_loss"]) for r in run] for run in runs])
            steps = [float(r["step"]) for r in min(runs, key=len)][: len(mean)]
        out.append(VariantSummary(var.variant, var.intermediate, var.total_params,
                                  len(var.final_val), var.mean, var.std, steps, list(mean),
                                  list(std)))
    return ExperimentSummary(out, res.difference, res.noise_floor, res.verdict, res.winner,
                             res.path, res.status)


def experiment_reporters(worker: Any, order: dict[tuple[str, int], int], n_runs: int,
                         steps: int) -> dict[str, Any]:
    """The callbacks both experiment jobs (a new one, a continued one) hand the engine: progress
    over the whole experiment (``order``: each run's place), the results so far after each run,
    and the pause question, so that a pause waits at a step the engine checkpointed."""

    def on_snapshot(variant: str, seed: int, snap: Snapshot) -> None:
        index = order.get((variant, seed), 0)
        worker.report(snap, extra=ExperimentProgress(index, n_runs, variant, seed, snap.step,
                                                     index * steps + snap.step))
        if snap.status == "running":
            worker.wait_if_paused(told_only=True)

    def on_result(res: Any) -> None:
        done = sum(len(v.final_val) for v in res.variants)
        worker.report_extra(ExperimentPartial(summarise_experiment(res), done, n_runs))

    return {"on_snapshot": on_snapshot, "on_result": on_result, "pausing": worker.engine_pausing}


def experiment_job(variants: list[str], seeds: list[int], cfg: TrainConfig) -> Any:
    """A worker job running the engine's experiment and reporting overall progress."""
    order = {(v, s): i for i, (s, v) in enumerate((s, v) for s in seeds for v in variants)}

    def job(worker: Any) -> ExperimentSummary:
        from gatelab.core.experiment import run_experiment

        return summarise_experiment(run_experiment(
            variants, seeds, cfg, worker.stop_event,
            **experiment_reporters(worker, order, len(order), cfg.steps)))

    return job


def experiment_of(run_path: str | Path) -> str:
    """The exp-… folder a run belongs to ("" for a run of its own): runs of an experiment live
    one level down, ``exp-…/<variant>-seed<N>``, next to its experiment.json."""
    parent = Path(run_path).parent
    return str(parent) if (parent / EXPERIMENT_FILE).is_file() else ""


def latest_experiment(root: str | Path | None = None) -> str:
    """The newest exp-… folder with an experiment.json under ``root`` (default runs_dir()), or "".

    Folder names start with their creation time (exp-YYYYMMDD-HHMMSS-…), so the largest is newest.
    """
    from gatelab import paths

    base = Path(root) if root is not None else paths.runs_dir()
    try:
        names = sorted((p.name for p in base.iterdir() if p.name.startswith("exp-")),
                       reverse=True)
    except OSError:
        return ""
    return next((str(base / n) for n in names if (base / n / EXPERIMENT_FILE).is_file()), "")


def load_experiment_summary(path: str | Path) -> ExperimentSummary:
    """Reopen a saved experiment (its folder or experiment.json) as the view's summary.

    Read from a worker thread by ``core.experiment.load_experiment`` (a regular file, capped);
    anything malformed becomes one keyed ValueError that names the file and the reason, never a
    traceback."""
    return experiment_summary(*read_experiment_json(path))


def read_experiment_json(path: str | Path) -> tuple[Path, Any]:
    """(the experiment's folder, its experiment.json parsed): ``path`` is the folder or the
    file; errors as ``core.experiment.load_experiment``, the one reader of the file."""
    folder = Path(path)
    if folder.name == EXPERIMENT_FILE:
        folder = folder.parent
    return folder, load_experiment(folder)


def experiment_summary(folder: Path, data: Any) -> ExperimentSummary:
    """The view's summary of a parsed experiment.json in ``folder``; a keyed ValueError naming
    the file and the entry that is not what an experiment writes (``malformed_error``)."""
    file = folder / EXPERIMENT_FILE
    if not isinstance(data, dict):
        raise error("json.not_object", path=file, found=json_kind(data))
    at = "variants"  # the entry being read, for the message
    try:
        variants = []
        for i, v in enumerate(data["variants"]):
            at = f"variants[{i}]"
            variants.append(SimpleNamespace(
                variant=str(v["variant"]), intermediate=int(v["intermediate"]),
                total_params=int(v.get("total_params") or 0),
                final_val=[float(x) for x in v.get("final_val") or []],
                mean=_float(v.get("mean")), std=_float(v.get("std"))))
        at = "curves"
        curves = {str(k): [dict(r) for r in rows] for k, rows in data.get("curves", {}).items()}
        at = "difference"
        difference = _float(data.get("difference"))
        at = "noise_floor"
        noise_floor = _float(data.get("noise_floor"))
        res = SimpleNamespace(
            variants=variants, curves=curves, difference=difference, noise_floor=noise_floor,
            verdict=Msg.from_json(data.get("verdict_msg")) or str(data.get("verdict", "")),
            winner=str(data.get("winner", "")), path=str(folder),
            status=str(data.get("status", "")))
        at = "curves"  # the mean curves are made of its rows
        return summarise_experiment(res)
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError, OverflowError) as exc:
        raise malformed_error(file, at, exc) from None


def _float(x: Any) -> float:
    return math.nan if x is None else float(x)
