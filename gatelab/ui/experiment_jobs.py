"""The experiment view's jobs for saved experiments: reopen one with its live status, continue one.

Why apart from ``trainer_jobs``: a saved experiment.json says "running" until its last run
ended, also after its process was killed; the view must show what it is now ("interrupted",
n of N runs) and offer to finish it in the same folder (``core.experiment_continue``). Nothing
here touches Qt; torch is imported only inside the continue job.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gatelab.core.experiment import EXPERIMENT_FILE
from gatelab.ui.experiment_data import (
    ExperimentSummary,
    experiment_reporters,
    experiment_summary,
    latest_experiment,
    read_experiment_json,
    summarise_experiment,
)


@dataclass(frozen=True)
class SavedExperiment:
    """A reopened experiment: its summary (``summary.status`` is the live status: "running"
    only while a live process trains it, else "interrupted"), how many of its planned runs are
    done, and whether it can be continued (``why_not`` says why not, when incomplete)."""

    summary: ExperimentSummary
    runs_done: int
    n_runs: int  # 0 when experiment.json holds no plan
    steps: int  # each run's, per the plan
    can_continue: bool
    why_not: str = ""

    @property
    def complete(self) -> bool:
        return self.summary.status == "finished"  # its verdict covers every run


def load_saved_experiment(path: str | Path) -> SavedExperiment:
    """Reopen an experiment folder (or its experiment.json) with its live status (worker
    thread); ValueError naming the file when it is unreadable, as ``load_experiment_summary``."""
    from gatelab.core.experiment_status import experiment_state

    folder, data = read_experiment_json(path)  # read once: the summary and the state
    summary = experiment_summary(folder, data)
    state = experiment_state(folder, data if isinstance(data, dict) else {})
    return SavedExperiment(dataclasses.replace(summary, status=state.status), state.runs_done,
                           state.n_runs, state.steps, state.can_continue, state.why_not)


def load_remembered(last: str) -> SavedExperiment | None:
    """The experiment on show when the settings were last saved, unless a newer one is still
    unfinished (started later, then the app was killed): that one, the user's latest work,
    shows instead; with nothing remembered, the newest (worker thread)."""
    newest = latest_experiment()
    valid = bool(last) and (Path(last) / EXPERIMENT_FILE).is_file()
    if newest and (not valid or Path(newest).name > Path(last).name):
        shown = load_saved_experiment(newest)
        if not valid or shown.summary.status in ("running", "interrupted"):
            return shown
    return load_saved_experiment(last) if valid else None


def continue_job(path: str) -> Any:
    """A worker job finishing the experiment in ``path`` (see ``core.experiment_continue``),
    reporting progress over the whole experiment, as ``experiment_data.experiment_job`` does."""

    def job(worker: Any) -> ExperimentSummary:
        from gatelab.core.experiment_continue import continue_experiment, continue_plan

        plan, _ = continue_plan(path)
        order = {key: i for i, key in enumerate(plan.order())}
        return summarise_experiment(continue_experiment(
            path, worker.stop_event,
            **experiment_reporters(worker, order, plan.n_runs, plan.config.steps)))

    return job


__all__ = ["SavedExperiment", "continue_job", "load_remembered", "load_saved_experiment"]
