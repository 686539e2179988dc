"""Which training steps a run folder can plausibly hold: one rule for run.json, ckpt.pt and the
stats history.

Why a module of its own: every file of a run names a step (run.json's ``steps``, the checkpoint's
``step``, each history entry's file name), and a hostile or damaged file can claim any number
there: 2**63, a negative one, or 10**9 in a run configured for 300 steps. Such a step would be
offered on the step slider, printed as "already trained 9223372036854775808 steps", or keep a
run "running". The writer guarantees a bound (``engine.train_steps`` stops at ``config.steps``,
``TrainConfig.validate`` caps that at ``MAX_STEPS``), so any step outside it is damage, refused
or skipped with one clear reason, the way ``run_liveness`` refuses an absurd pid or heartbeat.

What the writer's order of writes allows (``RunWriter.checkpoint``): ckpt.pt first, then
stats.npz and the history entry, then run.json. So no history entry is ever past ckpt.pt's step,
but while a run trains (or after a crash between those writes) run.json's ``steps`` lags behind
both, by however many steps were trained since its last heartbeat. Only a run that ended
(``RunWriter.finish`` wrote its status, with the step of the last snapshot, which a checkpoint
never passes) gives a tight bound; a run still "running" is bounded by its configured steps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gatelab.core.values import is_int
from gatelab.core.messages import Msg
from gatelab.core.trainconfig import MAX_STEPS  # TrainConfig.validate's limit: no run trains further
_SHOWN = 10**30  # steps beyond this are shown as a bound (a pickled int can have 10**6 digits)


def step_text(value: Any) -> str:
    """``value`` for a message, always printable: ``str()`` of an int past 4300 digits raises
    ValueError (Python's int_max_str_digits), and a message must never crash the error path."""
    if not is_int(value):
        return type(value).__name__
    if value > _SHOWN:
        return f"> {_SHOWN:.0e}"
    if value < -_SHOWN:
        return f"< {-_SHOWN:.0e}"
    return str(value)


def configured_steps(*candidates: Any) -> int | None:
    """The first candidate that is a plausible configured step count (1 … MAX_STEPS), or None.
    Callers pass run.json's ``steps_total`` before config.json's ``steps``."""
    return next((v for v in candidates if is_int(v) and 1 <= v <= MAX_STEPS), None)


def step_plausible(step: Any, limit: int | None) -> bool:
    """Whether ``step`` can be a step of a run configured for ``limit`` steps (None: unknown,
    then only MAX_STEPS bounds it)."""
    return is_int(step) and 0 <= step <= (limit if limit is not None else MAX_STEPS)


def summary_step_problem(summary: dict[str, Any], config: dict[str, Any],
                         path: Path | str) -> Msg | None:
    """Why run.json's ``steps`` cannot be a step of its run (``runs.summary_step``, naming
    ``path``), or None when it can or run.json has none. The bound is run.json's ``steps_total``,
    else config.json's ``steps``: the run list, the stats history and the liveness check (which
    reads run.json alone: ``config`` {}) all apply this one rule, so they agree."""
    if "steps" not in summary:
        return None
    steps = summary["steps"]
    total = configured_steps(summary.get("steps_total"), config.get("steps"))
    if step_plausible(steps, total):
        return None
    return Msg("runs.summary_step", {"path": path, "step": step_text(steps),
                                     "limit": total or MAX_STEPS})


def summary_steps_plausible(summary: dict[str, Any]) -> bool:
    """Whether run.json's ``steps`` (when it has one) lies within its run's configured steps.
    A run.json without ``steps`` passes: the liveness fields alone decide about it."""
    return summary_step_problem(summary, {}, "run.json") is None


def history_limit(summary: dict[str, Any], config: dict[str, Any]) -> tuple[int, bool]:
    """(the last step a history entry of this run may have, whether the run has ended).

    An ended run (any status but "running", written by ``RunWriter.finish``) with a plausible
    ``steps`` gives that step: its last checkpoint was taken at most there. A run still running,
    or crashed while running, may have checkpointed past run.json's ``steps`` (see the module
    docstring), so its configured steps bound it; MAX_STEPS when neither file says."""
    total = configured_steps(summary.get("steps_total"), config.get("steps")) or MAX_STEPS
    steps = summary.get("steps")
    if summary.get("status") not in (None, "running") and step_plausible(steps, total):
        return int(steps), True
    return total, False


__all__ = ["MAX_STEPS", "configured_steps", "history_limit", "step_plausible",
           "step_text", "summary_step_problem", "summary_steps_plausible"]
