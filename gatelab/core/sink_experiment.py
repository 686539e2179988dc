"""The attention-sink experiment: the same model trained with the attention output gate off and
on, over several seeds, compared on sink share, largest hidden activation and val loss.

Why a preset of its own: the lesson's claim ("without an output gate 46.7 % of attention lands on
the first token, with it 4.8 %; the largest hidden activation drops from 1053 to 94") is a
comparison of two training runs, so it needs what ``experiment.py`` gives variant comparisons:
identical configs apart from the one switch, several seeds, and a noise floor.

Measurements, per finished run, on ``MEASURE_WINDOWS`` windows of the run's validation split (one
block each, the same windows for every run, so every arm sees the same text):
- ``sink_share``: mean over windows and layers of the mean attention weight on key 0 over heads
  and queries ≥ 1 (``Trace`` attn_sink, the views' definition);
- ``max_abs_hidden``: the largest |hidden-state value| after any layer, over all windows;
- ``gate_mean``: mean σ(gate) of the output gate (gate-on runs only; None otherwise);
- ``val_loss``: the run's final validation loss (the engine's fixed validation batches).
Per metric: mean and sample std per arm; noise floor = 3 × pooled within-arm std (as
``experiment.summarise``); a difference counts only when it reaches the noise floor.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gatelab.core.experiment import summarise
from gatelab.core.messages import Msg, error
from gatelab.core.runs import atomic_write_json, new_run_dir
from gatelab.core.trainconfig import Snapshot, TrainConfig

ARMS: tuple[str, str] = ("gate off", "gate on")
METRICS: tuple[str, ...] = ("sink_share", "max_abs_hidden", "val_loss")
SINK_SEEDS: tuple[int, ...] = (1, 2, 3)
MEASURE_WINDOWS = 8
RESULT_FILE = "sink_experiment.json"


def sink_preset_config() -> TrainConfig:
    """The preset's base config: a small SwiGLU model on the python corpus, CPU-sized."""
    return TrainConfig(corpus="python", variant="swiglu", n_layer=4, n_head=4, n_embd=128,
                       block_size=64, batch_size=12, steps=1500, eval_interval=250)


@dataclass(frozen=True)
class SinkRun:
    """One run of the plan."""

    arm: str          # "gate off" or "gate on"
    seed: int
    config: TrainConfig
    folder: str       # run folder name inside the experiment folder


def sink_plan(config: TrainConfig, seeds: Sequence[int]) -> list[SinkRun]:
    """Every run of the experiment, seed by seed (both arms of seed 1, then seed 2 …), so a
    stopped experiment still compares like with like."""
    seeds = list(dict.fromkeys(int(s) for s in seeds))
    if not seeds:
        raise error("sink.no_seed")
    config.validate()
    return [SinkRun(arm, s, config.replace(attn_gate=(arm == "gate on"), seed=s),
                    f"gate-{arm.split()[1]}-seed{s}") for s in seeds for arm in ARMS]


@dataclass
class MetricSummary:
    metric: str
    values: dict[str, list[float]]   # arm -> one value per finished seed
    mean: dict[str, float]
    std: dict[str, float]
    difference: float                # mean(gate off) − mean(gate on)
    noise_floor: float               # 3 × pooled within-arm std; nan with one seed
    verdict: str                     # a keyed Msg (its English is the str)


@dataclass
class SinkResult:
    metrics: list[MetricSummary]
    runs: list[dict[str, Any]] = field(default_factory=list)  # arm, seed, path and its numbers
    status: str = "finished"
    path: str = ""

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        for row, m in zip(out["metrics"], self.metrics):
            if isinstance(m.verdict, Msg):
                row["verdict_msg"] = m.verdict.to_json()
        return out

    def table(self) -> list[dict[str, Any]]:
        """Rows for a side-by-side view: metric, mean ± std per arm, difference, noise floor."""
        return [{"metric": m.metric, **{f"{a} mean": m.mean[a] for a in ARMS},
                 **{f"{a} std": m.std[a] for a in ARMS}, "difference": m.difference,
                 "noise_floor": m.noise_floor, "verdict": m.verdict} for m in self.metrics]


def _stats(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n if n else math.nan
    std = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else math.nan
    return mean, std


def summarise_metric(metric: str, values: dict[str, list[float]]) -> MetricSummary:
    """Means, stds, difference (off − on) and its verdict against the noise floor."""
    mean, std = {}, {}
    for arm in ARMS:
        mean[arm], std[arm] = _stats(values.get(arm, []))
    _, noise, _, _, _ = summarise({a: values.get(a, []) for a in ARMS})
    diff = mean[ARMS[0]] - mean[ARMS[1]]
    if not math.isfinite(diff):
        verdict = Msg("sink.need_runs")
    elif not math.isfinite(noise):
        verdict = Msg("sink.one_seed", {"diff": diff})
    elif abs(diff) >= noise:
        lower = Msg("sink.arm_on") if diff > 0 else Msg("sink.arm_off")
        ratio = abs(diff) / noise if noise > 0 else math.inf
        verdict = Msg("sink.lower", {"arm": lower, "diff": abs(diff), "ratio": ratio})
    else:
        verdict = Msg("sink.within", {"diff": abs(diff), "noise": noise})
    return MetricSummary(metric, {a: list(values.get(a, [])) for a in ARMS}, mean, std, diff,
                         noise, verdict)


def measure_run(run_dir: Path | str, windows: int = MEASURE_WINDOWS) -> dict[str, float | None]:
    """sink_share, max_abs_hidden and gate_mean of a finished run (see module docstring)."""
    from gatelab.core.inside.run_source import RunModel, validation_text
    src = RunModel(run_dir)
    text = validation_text(run_dir)
    T = src.max_len
    starts = [int(i * (len(text) - T) / max(1, windows - 1)) for i in range(windows)]
    sinks, peaks, gates = [], [], []
    for s in starts:
        trace = src.trace(text[s:s + T])
        for lt in trace.layers:
            if lt.attn_sink is not None:
                sinks.append(float(lt.attn_sink.mean()))
            peaks.append(float(lt.max_abs_hidden or 0.0))
            if lt.attn_gate_mean is not None:
                gates.append(lt.attn_gate_mean)
    return {"sink_share": sum(sinks) / len(sinks), "max_abs_hidden": max(peaks),
            "gate_mean": sum(gates) / len(gates) if gates else None}


def run_sink_experiment(config: TrainConfig, seeds: Sequence[int] = SINK_SEEDS,
                        stop_event: threading.Event | None = None,
                        on_snapshot: Callable[[str, int, Snapshot], None] | None = None,
                        root: Path | str | None = None) -> SinkResult:
    """Train every run of ``sink_plan``; persist under ``root`` (default runs_dir()) as
    exp-sink-*/gate-off-seedN … plus sink_experiment.json, rewritten after every run."""
    from gatelab.core.engine import train_steps
    plan = sink_plan(config, seeds)
    folder = new_run_dir(root, prefix="exp-sink")
    values: dict[str, dict[str, list[float]]] = {m: {a: [] for a in ARMS} for m in METRICS}
    runs: list[dict[str, Any]] = []

    def save(status: str) -> SinkResult:
        res = SinkResult([summarise_metric(m, values[m]) for m in METRICS], runs, status,
                         str(folder))
        atomic_write_json(folder / RESULT_FILE, dict(res.to_dict(), base_config=config.to_dict()))
        return res

    for run in plan:
        last = None
        for snap in train_steps(run.config, stop_event, run_dir=folder / run.folder):
            if on_snapshot is not None:
                on_snapshot(run.arm, run.seed, snap)
            last = snap
        if last is None or last.status != "finished" or last.val_loss is None:
            return save("stopped")
        numbers = dict(measure_run(folder / run.folder), val_loss=float(last.val_loss))
        runs.append({"arm": run.arm, "seed": run.seed, "path": str(folder / run.folder),
                     **numbers})
        for m in METRICS:
            values[m][run.arm].append(float(numbers[m]))  # type: ignore[arg-type]
        save("running")
    return save("finished")


__all__ = ["ARMS", "METRICS", "SINK_SEEDS", "MetricSummary", "SinkResult", "SinkRun",
           "measure_run", "run_sink_experiment", "sink_plan", "sink_preset_config",
           "summarise_metric"]
