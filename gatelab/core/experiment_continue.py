"""Finish an interrupted or stopped experiment in its own folder.

Why: an experiment whose process was killed (or that was stopped) keeps its finished runs, but
its verdict needs every run. Running it again trained everything anew in a new exp-… folder.
``continue_experiment`` trains only what is missing: runs never started are trained, an
interrupted run resumes from its checkpoint (to the experiment's own step count, from
experiment.json, never a form's), finished runs are kept as they are; then the verdict is
written to the same experiment.json.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gatelab.core.data import CorpusError, load_corpus
from gatelab.core.engine_resume import finish_completed
from gatelab.core.experiment import (
    EXPERIMENT_FILE,
    ExperimentResult,
    curve_rows,
    load_experiment,
    train_experiment,
)
from gatelab.core.experiment_status import (
    ExperimentPlan,
    RunsPlan,
    experiment_plan,
    experiment_status,
    plan_runs,
    run_folder_name,
)
from gatelab.core.messages import GatelabError, error
from gatelab.core.run_lock import claim_experiment, experiment_busy
from gatelab.core.run_writer import finite_time
from gatelab.core.trainconfig import Snapshot


def continue_plan(path: Path | str) -> tuple[ExperimentPlan, int]:
    """(the plan, the number of runs still to train) of an experiment that can be continued;
    GatelabError (a ValueError) saying why when it cannot: unreadable, still running in a live
    process, already finished, a run that blocks it (see ``plan_runs``), or a corpus that
    cannot be read."""
    _, plan, runs = _continuable(Path(path))
    _check_corpus(Path(path), plan)
    return plan, len(runs.todo)


def _continuable(folder: Path) -> tuple[dict[str, Any], ExperimentPlan, RunsPlan]:
    """experiment.json, its plan and its runs, read once; refused as ``continue_plan`` says."""
    data = load_experiment(folder)
    if not isinstance(data, dict):
        raise error("experiment.no_plan")
    status = experiment_status(folder, data)
    if status == "running":  # named as a run's refusal names its process, when it can be
        raise GatelabError(experiment_busy(folder, data))
    plan = experiment_plan(data, folder / EXPERIMENT_FILE)
    runs = plan_runs(folder, plan)
    if runs.problems:
        raise GatelabError(runs.problems[0])
    if not runs.todo and status == "finished":
        raise error("experiment.complete", path=folder)
    return data, plan, runs


def continue_experiment(path: Path | str, stop_event: threading.Event | None = None,
                        on_snapshot: Callable[[str, int, Snapshot], None] | None = None,
                        on_warning: Callable[[str], None] | None = None,
                        on_result: Callable[[ExperimentResult], None] | None = None,
                        pausing: Callable[[], bool] | None = None) -> ExperimentResult:
    """Train the missing and unfinished runs of the experiment in ``path`` and write its verdict
    there (the callbacks as in ``run_experiment``). Refused (GatelabError) as ``continue_plan``
    says. The finished runs' final losses and curves are read back from their folders."""
    folder = Path(path)
    lock = claim_experiment(folder)  # one --continue at a time, before anything is read
    try:
        data, plan, runs = _continuable(folder)
        _check_corpus(folder, plan)  # refused by the first run, it left the experiment "failed"
        # a run killed after its last step, before it said "finished": finish it, not train it
        ended = [finish_completed(folder / run_folder_name(*key), on_warning)  # type: ignore[arg-type]
                 for key in sorted(set(runs.done) | runs.resume)]
        if any(text is not None for text in ended):
            data, plan, runs = _continuable(folder)
        created = data.get("created")  # 1e400 (inf) is unknown, as a missing one
        done: dict[tuple[str, int], tuple[float, list[Any]]] = {
            key: (final, curve_rows(folder / run_folder_name(*key)))
            for key, final in runs.done.items()}
        return train_experiment(folder, plan.variants, plan.seeds, plan.config,
                                created if finite_time(created) else 0.0, done,
                                runs.resume, stop_event, on_snapshot, on_warning, on_result,
                                pausing)
    finally:
        lock.release()


def _check_corpus(folder: Path, plan: ExperimentPlan) -> None:
    """Refuse (experiment.corpus, naming experiment.json) a base corpus that cannot be read (a
    FIFO, /dev/zero, a missing file) before experiment.json is rewritten."""
    try:
        load_corpus(plan.config.corpus)
    except CorpusError as exc:
        raise error("experiment.corpus", path=folder / EXPERIMENT_FILE, reason=exc.msg) from None


__all__ = ["continue_experiment", "continue_plan"]
