"""Parameter-matched comparisons with several seeds and an honest noise floor.

"Is SwiGLU better than GELU?" only has an answer at equal parameters and against the spread of
reruns: a difference smaller than the seed-to-seed noise is not a finding. ``run_experiment``
trains every variant with every seed at matched FFN parameters (budget.partner_intermediate), keeps all
curves, and states the verdict with its noise floor.

Definitions:
- intermediate widths m: ``config.intermediate`` (or, if None, the classic 4·d) fixes m of the
  reference kind; variants of the other kind (gated ↔ classic) get ``budget.partner_intermediate``
  of it. With intermediate None the reference is classic 4·d, so d = 256 gives GELU m = 1024 ↔
  SwiGLU m = 688. If intermediate is given it is the m of the *first* variant.
- per variant: final val loss mean and sample std (ddof = 1) over seeds;
- noise floor = 3 × pooled within-variant std, σ_p = sqrt(Σ_v Σ_s (x_vs − x̄_v)² / Σ_v (n_v − 1));
- verdict: the two best variants by mean; difference d = x̄_second − x̄_best (> 0);
  d ≥ noise floor → "<best> better by d, d/noise× the noise", else "within noise"; with a single
  seed there is no noise floor and the verdict says so.
"""

from __future__ import annotations

import contextlib
import json
import math
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gatelab.core import budget
from gatelab.core.fileio import FileReadError, read_text_capped
from gatelab.core.messages import GatelabError, Msg, error
from gatelab.core.reasons import json_reason, os_reason
from gatelab.core.run_liveness import WRITER_KEY, claim_writer, release_writer, writer_identity
from gatelab.core.run_lock import claim_experiment
from gatelab.core.runs import atomic_write_json, new_run_dir, read_json
from gatelab.core.values import is_int
from gatelab.core.trainconfig import (
    FFN_VARIANTS,
    Snapshot,
    TrainConfig,
    is_gated,
    matched_intermediate,
    model_spec,
)

EXPERIMENT_FILE = "experiment.json"


@dataclass
class VariantResult:
    variant: str
    intermediate: int
    ffn_params: int  # per layer
    total_params: int  # whole model (needs the vocab, known once the first run starts)
    final_val: list[float] = field(default_factory=list)  # one per completed seed
    mean: float = math.nan
    std: float = math.nan


@dataclass
class ExperimentResult:
    variants: list[VariantResult]
    seeds: list[int]
    difference: float  # mean of the runner-up minus mean of the best (≥ 0); nan if < 2 variants
    noise_floor: float  # 3 × pooled std over seeds; nan with a single seed
    verdict: str  # a Msg when computed here; JSON keeps its English plus "verdict_msg"
    winner: str  # best variant by mean ("" if undecided)
    ratio: float  # difference / noise_floor
    curves: dict[str, list[dict[str, Any]]]  # "variant/seed" -> metrics rows of that run
    status: str = "finished"  # "running" while runs remain (rewritten after each), or "stopped"
    path: str = ""

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        if isinstance(self.verdict, Msg):
            out["verdict_msg"] = self.verdict.to_json()
        return out


def saved_verdict(data: Mapping[str, Any]) -> str:
    """The verdict of a saved experiment.json: its keyed Msg when "verdict_msg" holds a valid
    one (so the UI can show it translated), else the stored English text."""
    return Msg.from_json(data.get("verdict_msg")) or str(data.get("verdict", ""))


def intermediates_for(variants: Sequence[str], config: TrainConfig) -> dict[str, int]:
    """Parameter-matched intermediate width m of each variant (see module docstring)."""
    if config.intermediate is not None:
        ref_variant, ref_m = variants[0], config.intermediate
    else:
        ref_variant, ref_m = "gelu", 4 * config.n_embd
    return {v: matched_intermediate(v, ref_variant, ref_m, config.multiple_of) for v in variants}


def squares(values: Sequence[float], mean: float) -> float:
    """The sum of squared deviations from ``mean``; inf, never OverflowError, where a loss is
    absurdly large (a run.json saying 1e308 crashed --continue: ``x ** 2`` raises, ``x * x``
    gives inf)."""
    return sum((x - mean) * (x - mean) for x in values)


def mean_std(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (NaN where there are too few values)."""
    n = len(values)
    mean = sum(values) / n if n else math.nan
    return mean, math.sqrt(squares(values, mean) / (n - 1)) if n > 1 else math.nan


def loss_text(x: float, missing: str) -> str:
    """A loss (or its spread) to 4 decimals, a diverged run's huge one to 4 significant digits
    (1e308 to 4 decimals was 313 characters, through the next columns), ``missing`` for NaN
    (no finished run yet, or one seed: no spread). The CLI's table and the view's share it."""
    if math.isnan(x):
        return missing
    return f"{x:.4f}" if abs(x) < 1e6 else f"{x:.4g}"


def summarise(finals: dict[str, list[float]]) -> tuple[float, float, Msg, str, float]:
    """(difference, noise_floor, verdict, winner, ratio) from final val losses per variant; the
    verdict is a keyed Msg (a str: its English)."""
    means = {v: sum(x) / len(x) for v, x in finals.items() if x}
    ss = sum(squares(x, means[v]) for v, x in finals.items() if x)
    dof = sum(len(x) - 1 for x in finals.values() if x)
    noise = 3.0 * math.sqrt(ss / dof) if dof > 0 else math.nan
    if len(means) < 2:
        return math.nan, noise, Msg("verdict.need_two"), "", math.nan
    ranked = sorted(means, key=means.__getitem__)
    best, second = ranked[0], ranked[1]
    diff = means[second] - means[best]
    if dof == 0:
        return diff, noise, Msg("verdict.one_seed", {"best": best, "diff": diff}), "", math.nan
    ratio = diff / noise if noise > 0 else math.inf
    if diff >= noise:
        return (diff, noise, Msg("verdict.better", {"best": best, "diff": diff, "ratio": ratio}),
                best, ratio)
    return diff, noise, Msg("verdict.within", {"diff": diff, "noise": noise}), "", ratio


def run_experiment(variants: Sequence[str], seeds: Sequence[int], config: TrainConfig,
                   stop_event: threading.Event | None = None,
                   on_snapshot: Callable[[str, int, Snapshot], None] | None = None,
                   root: Path | str | None = None,
                   on_warning: Callable[[str], None] | None = None,
                   on_result: Callable[[ExperimentResult], None] | None = None,
                   pausing: Callable[[], bool] | None = None) -> ExperimentResult:
    """Train each variant × seed at matched parameters; persist under ``root`` (default runs_dir()).

    The experiment folder holds experiment.json and one run folder per (variant, seed), named
    ``<variant>-seed<seed>``. experiment.json is written before the first run starts (status
    "running", the plan, the writer's pid), so a folder whose process was killed still says what
    it is and can be continued (``experiment_continue``). Runs go seed by seed (every variant of
    seed 1, then seed 2 …) so a stopped experiment still compares like with like. ``on_warning``
    is passed to every run (``train_steps``). ``on_result`` gets the results so far (status
    "running") after every finished run but the last, so a viewer can show them long before the
    end. ``pausing`` goes to every run (``train_steps``: True checkpoints the step it reports,
    so a kill while the viewer pauses loses nothing). RunWriteError (a ValueError) when ``root`` cannot hold the folder.
    """
    variants = list(dict.fromkeys(variants))
    if not variants:
        raise error("experiment.no_variant")
    for v in variants:
        if v not in FFN_VARIANTS:
            raise error("train.variant", variant=v, valid=", ".join(FFN_VARIANTS))
    seeds = list(dict.fromkeys(int(s) for s in seeds))
    if not seeds:
        raise error("experiment.no_seed")
    config.validate()
    folder = new_run_dir(root, prefix="exp")
    lock = claim_experiment(folder)  # held while it trains: a --continue of it is refused
    try:
        return train_experiment(folder, variants, seeds, config, time.time(), {}, set(),
                                stop_event, on_snapshot, on_warning, on_result, pausing)
    finally:
        lock.release()


def train_experiment(folder: Path, variants: list[str], seeds: list[int], config: TrainConfig,
                     created: float, done: Mapping[tuple[str, int], tuple[float, list[Any]]],
                     resume: set[tuple[str, int]],
                     stop_event: threading.Event | None = None,
                     on_snapshot: Callable[[str, int, Snapshot], None] | None = None,
                     on_warning: Callable[[str], None] | None = None,
                     on_result: Callable[[ExperimentResult], None] | None = None,
                     pausing: Callable[[], bool] | None = None) -> ExperimentResult:
    """Train the runs of ``folder`` not in ``done`` ((variant, seed) -> (final val loss, curve
    rows) of runs finished before), resuming those in ``resume`` from their checkpoints, and
    keep experiment.json up to date: written first (status "running"), after every finished
    run, and at the end ("finished", "stopped", or "failed" when training raised)."""
    from gatelab.core.engine import train_steps  # torch: the module itself stays light

    ms = intermediates_for(variants, config)
    results = {v: VariantResult(v, ms[v], budget.ffn_params(config.n_embd, ms[v], is_gated(v)), 0)
               for v in variants}
    curves: dict[str, list[dict[str, Any]]] = {}
    order = [(v, s) for s in seeds for v in variants]
    for v, s in order:  # runs finished before come first in each variant's curves
        if (v, s) in done:
            results[v].final_val.append(done[(v, s)][0])
            curves[f"{v}/{s}"] = list(done[(v, s)][1])
            if not results[v].total_params:  # (a continued experiment knew none: re-walk s20)
                results[v].total_params = _total_params(
                    config.replace(variant=v, intermediate=ms[v], seed=s),
                    folder / run_folder_name(v, s))
    state = {"status": "running", "error": ""}  # what experiment.json says
    # experiment.json names this writer: once it is released (the end, or a write error that
    # left the file saying "running"), this process no longer counts as training it
    token = claim_writer()
    plan = {"variants": variants, "seeds": seeds, "steps": config.steps, "n_runs": len(order)}

    def save() -> ExperimentResult:
        finals = {v: r.final_val for v, r in results.items()}
        for r in results.values():
            r.mean, r.std = mean_std(r.final_val)
        diff, noise, verdict, winner, ratio = summarise(finals)
        res = ExperimentResult(list(results.values()), seeds, diff, noise, verdict, winner, ratio,
                               curves, state["status"], str(folder))
        atomic_write_json(folder / EXPERIMENT_FILE, dict(
            res.to_dict(), created=created, updated=time.time(), base_config=config.to_dict(),
            plan=plan, runs_done=sum(len(r.final_val) for r in results.values()),
            error=state["error"], **writer_identity(), **{WRITER_KEY: token}))
        return res

    try:
        save()  # before the first run: the folder describes itself even if it is killed now
        try:
            for v, seed in order:
                if (v, seed) in done:
                    continue
                cfg = config.replace(variant=v, intermediate=ms[v], seed=seed)
                key, run_dir = f"{v}/{seed}", folder / run_folder_name(v, seed)
                curves[key] = []
                last = None
                for snap in train_steps(cfg, stop_event, run_dir=run_dir,
                                        resume=(v, seed) in resume, on_warning=on_warning,
                                        pausing=pausing):
                    curves[key].append(_curve_row(snap.metrics_row()))
                    if on_snapshot is not None:
                        on_snapshot(v, seed, snap)
                    last = snap
                if (v, seed) in resume:  # the curve of a resumed run starts at its checkpoint
                    curves[key] = curve_rows(run_dir)
                if not results[v].total_params and last is not None:
                    results[v].total_params = _total_params(cfg, run_dir)
                if last is None or last.status != "finished":
                    state["status"] = "stopped"
                    return save()
                results[v].final_val.append(float(last.val_loss))  # the final step always evaluates
                partial = save()
                if on_result is not None and sum(len(r.final_val) for r in results.values()) < \
                        len(order):
                    on_result(partial)
        except BaseException as exc:  # the folder must not claim a live experiment any more
            state["status"] = "stopped" if isinstance(exc, KeyboardInterrupt) else "failed"
            state["error"] = str(exc)[:500] or type(exc).__name__
            with contextlib.suppress(OSError, ValueError):
                save()
            raise
        state["status"] = "finished"
        return save()
    finally:  # no longer written by this process, whatever it says
        release_writer(token)


def _total_params(cfg: TrainConfig, run_dir: Path) -> int:
    """The whole model's parameters of the run in ``run_dir`` (its vocabulary from run.json);
    0 where run.json does not say it."""
    corpus = read_json(run_dir / "run.json").get("corpus")
    vocab = corpus.get("vocab_size") if isinstance(corpus, dict) else None
    if not is_int(vocab) or vocab < 1:
        return 0
    try:
        return budget.count_model(model_spec(cfg, vocab)).total
    except (ValueError, OverflowError):  # a hand-edited vocabulary no model can have
        return 0


def run_folder_name(variant: str, seed: int) -> str:
    """The folder of one run of an experiment: ``<variant>-seed<seed>``."""
    return f"{variant}-seed{seed}"


def curve_rows(run_dir: Path) -> list[dict[str, Any]]:
    """The (step, train_loss, val_loss) rows of a run's metrics.jsonl, as an experiment keeps
    its curves."""
    from gatelab.core.runs_read import METRICS, read_metrics

    return [_curve_row(row) for row in read_metrics(run_dir / METRICS)]


def _curve_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """What an experiment keeps of one metrics row."""
    return {k: row[k] for k in ("step", "train_loss", "val_loss") if k in row}


EXPERIMENT_CAP = 1 << 28  # bytes of experiment.json read at most (its curves: a few MB)


def load_experiment(path: Path | str) -> dict[str, Any]:
    """experiment.json of an experiment folder, parsed (ValueError if unreadable).

    The one reader of experiment.json: ``gatelab-experiment --continue``, the app's continue
    job and the Experiment view's reopening all come here, so each refuses the same files in
    the same words: a regular file only (a FIFO in its place blocked the reader for good),
    at most EXPERIMENT_CAP bytes (as much as the writer itself held in memory), and every
    failure one keyed error that names the file once and says why (translated in the UI).
    The value is whatever the JSON holds: callers check its shape (``malformed_error``)."""
    p = Path(path)
    try:
        return json.loads(read_text_capped(p / EXPERIMENT_FILE, EXPERIMENT_CAP))
    except FileReadError as exc:  # its path-free reason: the message names the file once
        raise error("experiment.unreadable", path=p / EXPERIMENT_FILE, reason=exc.reason) from None
    except (OSError, ValueError, RecursionError) as exc:  # the path is in the message once
        why = os_reason(exc) if isinstance(exc, OSError) else json_reason(exc)
        raise error("experiment.unreadable", path=p / EXPERIMENT_FILE, reason=why) from None


def malformed_error(file: Path, at: str, exc: BaseException) -> GatelabError:
    """The error for an experiment.json (``file``) that parses but does not hold what an
    experiment writes: ``exc`` was raised while reading its entry ``at`` ("variants[1]"), and
    the message names the file once and that entry, never Python's "KeyError: 'x'"."""
    key = exc.args[0] if isinstance(exc, KeyError) and len(exc.args) == 1 else None
    if isinstance(key, (str, int)) and not isinstance(key, bool):
        name = at if str(key) == at else f"{at}.{key}"
        why = Msg("error.missing_entry", {"key": repr(name)})
    else:
        why = Msg("experiment.reason_wrong_kind", {"key": repr(at)})
    return error("experiment.malformed", path=file, reason=why)
