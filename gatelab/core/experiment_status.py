"""What a saved experiment folder is now: alive, interrupted, or done; and what is left to train.

Why a module of its own: experiment.json says "running" until its last run ended, so after a
``kill -9`` (or a power cut) it says "running" forever. Like a run's run.json (see
``run_liveness``), experiment.json records the pid, host and process start time of its writer;
``experiment_status`` turns "running" into "interrupted" when that process is gone. An
experiment.json written before these fields existed is judged by its runs: while none of them
is trained by a live process, the experiment is interrupted.

``experiment_plan`` reads what the experiment was asked to do (variants, seeds, the base config
with its step count) and ``plan_runs`` sorts its runs into those that are done (finished at the
experiment's own step count) and those still to train, so ``experiment_continue`` can finish it
in the same folder.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gatelab.core.experiment import EXPERIMENT_FILE, run_folder_name
from gatelab.core.messages import Msg, error
from gatelab.core.run_liveness import effective_status, process_alive, writer_named
from gatelab.core.run_samples import completed_unfinished
from gatelab.core.runs import is_run_dir
from gatelab.core.run_saved_step import saved_step
from gatelab.core.runs_read import CONFIG, SUMMARY, RunError, read_json, read_json_strict
from gatelab.core.trainconfig import FFN_VARIANTS, MAX_SEED, MAX_SEEDS, TrainConfig
from gatelab.core.values import is_int

def experiment_status(folder: Path | str, data: dict[str, Any]) -> str:
    """experiment.json's status, with "running" turned into "interrupted" when no live process
    owns the experiment any more: its writer (when experiment.json names one that can be asked)
    is gone, or, where it cannot be asked, none of its runs is being trained."""
    status = data.get("status")
    if not isinstance(status, str) or not status:
        return "broken"
    if status != "running":
        return status
    if writer_named(data):
        alive = process_alive(data)
        if alive is not None:
            return "running" if alive else "interrupted"
    try:
        children = [c for c in Path(folder).iterdir() if c.is_dir() and not c.is_symlink()]
    except OSError:
        children = []
    for child in children:
        summary = read_json(child / SUMMARY)
        if summary and effective_status(summary) == "running":
            return "running"
    return "interrupted"


@dataclass(frozen=True)
class ExperimentPlan:
    """What an experiment was asked to train: every variant with every seed, ``config.steps``
    steps each (the experiment's own step count, whatever a form says now)."""

    variants: list[str]
    seeds: list[int]
    config: TrainConfig

    @property
    def n_runs(self) -> int:
        return len(self.variants) * len(self.seeds)

    def order(self) -> list[tuple[str, int]]:
        """(variant, seed) in training order: seed by seed, every variant of each."""
        return [(v, s) for s in self.seeds for v in self.variants]


def experiment_plan(data: dict[str, Any], file: Path | str = EXPERIMENT_FILE) -> ExperimentPlan:
    """The plan of a saved experiment.json (``file``: "plan", else its variants, seeds and
    base_config); GatelabError (a ValueError) "experiment.no_plan" when it holds none that can
    be trained, "experiment.malformed" naming ``file`` and the seed that no run can have (not
    a whole number from 0 to MAX_SEED: 1337.7 or "1337" were taken as 1337, and 2**70 was
    refused only by the first run, after experiment.json had been rewritten "failed"), or more
    seeds than MAX_SEEDS (what --seeds allows)."""
    bad: list[Any] = []
    try:
        plan = data.get("plan") if isinstance(data.get("plan"), dict) else {}
        variants = plan.get("variants") or [v["variant"] for v in data["variants"]]
        seeds = plan.get("seeds") or data["seeds"]
        variants = [str(v) for v in variants]
        bad = [s for s in seeds if not (is_int(s) and 0 <= s <= MAX_SEED)][:1]
        config = TrainConfig.from_dict(data["base_config"]).validate()
        ok = (isinstance(seeds, list) and variants and seeds
              and all(v in FFN_VARIANTS for v in variants)
              and len(set(variants)) == len(variants) and len(set(seeds)) == len(seeds))
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        ok = False
    if bad and isinstance(seeds, list):
        why = Msg("value.whole_range", {"name": "seed", "maximum": MAX_SEED,
                                        "value": _shown(bad[0])})
        raise error("experiment.malformed", path=file, reason=why)
    if ok and len(seeds) > MAX_SEEDS:  # --seeds' own cap: 10⁵ seeds were days of runs (s16)
        why = Msg("value.at_most", {"name": "the number of seeds", "maximum": MAX_SEEDS,
                                    "value": f"{len(seeds):,}"})
        raise error("experiment.malformed", path=file, reason=why)
    if not ok:
        raise error("experiment.no_plan")
    return ExperimentPlan(variants, seeds, config)


def _shown(value: Any) -> Any:
    """A JSON value as a message may show it: a number or a short text as it is, anything
    else by its kind (a 10⁵-long list in a message would be no help)."""
    if isinstance(value, str):
        return value if len(value) <= 40 else value[:40] + "…"
    return value if value is None or isinstance(value, (int, float)) else type(value).__name__


def _json_text(value: Any) -> str:
    """``_shown(value)`` in JSON's words where they differ from Python's (null, not None)."""
    return "null" if value is None else repr(_shown(value))


@dataclass
class RunsPlan:
    """The runs of an experiment folder against its plan."""

    done: dict[tuple[str, int], float] = field(default_factory=dict)  # -> final val loss
    todo: list[tuple[str, int]] = field(default_factory=list)  # in training order
    resume: set[tuple[str, int]] = field(default_factory=set)  # todo runs with a folder
    problems: list[Msg] = field(default_factory=list)  # runs that block a continuation


MAX_LOSS = 1e100  # a final loss beyond this is no measurement (its square overflows: s20)


def _final(summary: dict[str, Any]) -> float | None:
    """run.json's final validation loss where it is a usable number, else None."""
    x = summary.get("final_val_loss")
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x) \
            or abs(x) > MAX_LOSS:
        return None
    return float(x)


def plan_runs(folder: Path | str, plan: ExperimentPlan) -> RunsPlan:
    """Which runs are done (finished at the plan's step count, with a final val loss) and which
    are still to train; a run still trained by a live process, or finished at another step
    count (e.g. resumed further from the Runs view), is a problem that blocks continuing."""
    out = RunsPlan()
    steps = plan.config.steps
    for v, s in plan.order():
        run = Path(folder) / run_folder_name(v, s)
        summary = read_json(run / SUMMARY) if run.is_dir() else {}
        status = effective_status(summary) if summary else ""
        final = _final(summary)
        if (status == "finished" or completed_unfinished(run, summary)) \
                and summary.get("steps") == steps and final is not None:
            other = _another_run(run, v, s)
            if other is not None:  # a copy or a link of another seed's run: not this one's result
                out.problems.append(other)
            out.done[(v, s)] = final  # (one killed before its "finished": continue finishes it)
            continue
        odd = _summary_in_way(run)
        if odd is not None:
            out.problems.append(odd)
        elif status == "running":
            out.problems.append(Msg("run.busy", {"path": run, "pid": str(summary.get("pid")),
                                                 "host": str(summary.get("host"))}))
        elif status == "finished" and summary.get("steps") == steps:  # (so final is None)
            out.problems.append(Msg("experiment.run_no_final", {
                "run": run.name, "value": _json_text(summary.get("final_val_loss"))}))
        elif status == "finished":
            out.problems.append(Msg("experiment.run_steps", {
                "run": run.name, "done": str(summary.get("steps")), "steps": steps}))
        elif (unsaid := _done_but_unsaid(run, summary, steps)) is not None:
            out.problems.append(unsaid)
        out.todo.append((v, s))
        if is_run_dir(run):  # (one killed before it wrote a file trains afresh)
            out.resume.add((v, s))
    return out


def _summary_in_way(run: Path) -> Msg | None:
    """Why run.json of ``run`` cannot be what its writer wrote, when something else is in its
    place (a folder, a pipe): its resume would read no summary, and such a run was refused as
    "already completed … ask for more steps", which a --continue cannot give. A file in the
    run folder's place is named too (the run's first write failed, the experiment "failed")."""
    path = run / SUMMARY
    try:
        if os.path.lexists(run) and not run.is_dir():  # (its first write would fail: "failed")
            return Msg("path_reason", {"path": run, "reason": Msg("folder.is_file")})
        if not os.path.lexists(path) or path.is_file():
            return None
    except OSError:
        return None
    return Msg("experiment.run_summary_kind", {"path": path, "run": run.name})


def _another_run(run: Path, variant: str, seed: int) -> Msg | None:
    """Why the finished run in ``run`` is not the plan's (``variant``, ``seed``) run, when its
    config.json says it trained another variant or seed (a folder copied or linked in by hand
    counted another seed's loss twice; probe s20), else None (also when config.json cannot be
    read: the run's own files are judged elsewhere)."""
    config = read_json(run / CONFIG)
    found = (config.get("variant", variant), config.get("seed", seed))  # (a key absent: no say)
    if found == (variant, seed):
        return None
    return Msg("experiment.run_other", {"run": run.name, "variant": str(found[0]),
                                        "seed": str(found[1])})


def _done_but_unsaid(run: Path, summary: dict[str, Any], steps: int) -> Msg | None:
    """Why a run whose checkpoint holds all ``steps`` cannot count, when its run.json is
    damaged or does not say it finished: its resume is refused ("already completed … ask for
    more steps", which a --continue cannot give), each --continue marked the experiment failed
    and the runs after it were never trained (probe s20 D1). None for any other run."""
    if not is_run_dir(run):
        return None
    saved = saved_step(run, summary, steps)
    if saved != steps or completed_unfinished(run, summary, saved):  # (the latter: its resume
        return None                                                # finishes it, --no-stats too)
    try:
        read_json_strict(run / SUMMARY)
        reason: object = Msg("experiment.summary_unsaid")
    except RunError as exc:
        reason = exc.msg
    return Msg("experiment.run_done_unsaid", {"run": run.name, "steps": steps, "reason": reason})


@dataclass(frozen=True)
class ExperimentState:
    """A saved experiment as the viewer needs it: its live status, how many of its planned
    runs are done, and whether it can be continued (and if not, why)."""

    status: str
    runs_done: int
    n_runs: int
    can_continue: bool
    why_not: str = ""  # a Msg when it cannot be continued although it is incomplete
    steps: int = 0  # of each run, per the plan (0: no plan)


def experiment_state(folder: Path | str, data: dict[str, Any]) -> ExperimentState:
    """Status, progress and continuability of an experiment folder (never raises)."""
    status = experiment_status(folder, data)
    try:
        plan = experiment_plan(data, Path(folder) / EXPERIMENT_FILE)
    except ValueError as exc:
        done = sum(len(v.get("final_val") or []) for v in data.get("variants") or []
                   if isinstance(v, dict))
        return ExperimentState(status, done, 0, False, str(getattr(exc, "msg", exc)))
    runs = plan_runs(folder, plan)
    done = len(runs.done)
    steps = plan.config.steps
    if status in ("running", "finished") or not runs.todo:
        return ExperimentState(status, done, plan.n_runs, False, "", steps)
    why = runs.problems[0] if runs.problems else ""
    return ExperimentState(status, done, plan.n_runs, not runs.problems, why, steps)


__all__ = ["ExperimentPlan", "ExperimentState", "RunsPlan", "experiment_plan",
           "experiment_state", "experiment_status", "plan_runs", "run_folder_name"]
