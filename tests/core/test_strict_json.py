"""Every JSON file gatelab writes for other tools is strict JSON (walkthrough s11 #10): a NaN or
infinite float is written as null, never as the bare ``NaN`` that jq and browsers refuse, and
gatelab's own readers take that null as "no value" (NaN again where they computed with NaN)."""

from __future__ import annotations

import json
import math
import threading
from pathlib import Path
from typing import Any

import numpy as np
import torch

from gatelab.core import runs
from gatelab.core.experiment import load_experiment, run_experiment
from gatelab.core.experiment_status import experiment_state
from gatelab.core.runs_read import METRICS, read_metrics
from gatelab.core.safe_write import finite_json, json_text
from gatelab.core.trainconfig import LayerStats, Snapshot, TrainConfig

torch.set_num_threads(1)

CFG = TrainConfig(corpus="generated", n_layer=1, n_head=2, n_embd=32, block_size=16,
                  batch_size=4, steps=6, lr=3e-3, warmup_steps=2, eval_interval=3,
                  eval_iters=2, threads=1, stats=False, sample_chars=0, device="cpu",
                  checkpoint_interval=2)


def _refuse(token: str) -> Any:
    raise ValueError(f"not JSON: {token}")


def strict(text: str) -> Any:
    """Parse as a strict parser (jq, a browser) does: NaN, Infinity and -Infinity refused."""
    return json.loads(text, parse_constant=_refuse)


def strict_file(path: Path) -> Any:
    """A .json file parsed strictly; a .jsonl file line by line (the list of its rows)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        return [strict(line) for line in text.splitlines() if line.strip()]
    return strict(text)


def test_non_finite_floats_become_null_at_any_depth() -> None:
    data = {"a": math.nan, "b": [1.5, math.inf, {"c": -math.inf}], "d": (2, math.nan),
            "e": "NaN", "f": np.float64("nan"), "g": np.float64(0.25), "h": None}
    assert strict(json_text(data)) == {"a": None, "b": [1.5, None, {"c": None}], "d": [2, None],
                                       "e": "NaN", "f": None, "g": 0.25, "h": None}
    assert finite_json([math.nan]) == [None]


def test_a_stopped_experiment_writes_strict_json_and_reads_back(tmp_path: Path) -> None:
    """One seed (std NaN) and the second variant stopped (its mean and the difference NaN):
    experiment.json, and every run's run.json, config.json and metrics.jsonl, parse strictly."""
    stop = threading.Event()

    def on_snapshot(variant: str, _seed: int, snap: Snapshot) -> None:
        if variant == "gelu" and snap.step >= 2:
            stop.set()

    res = run_experiment(["swiglu", "gelu"], [1], CFG, stop, on_snapshot, root=tmp_path)
    assert res.status == "stopped"
    assert math.isnan(res.variants[0].std) and math.isnan(res.difference)  # the case at hand
    folder = Path(res.path)
    written = sorted(p for p in folder.rglob("*") if p.suffix in (".json", ".jsonl"))
    names = {p.relative_to(folder).as_posix() for p in written}
    assert {"experiment.json", "swiglu-seed1/run.json", "swiglu-seed1/config.json",
            "swiglu-seed1/metrics.jsonl", "gelu-seed1/metrics.jsonl"} <= names
    for path in written:
        strict_file(path)  # raises on NaN / Infinity
    data = strict_file(folder / "experiment.json")
    swiglu, gelu = data["variants"]
    assert swiglu["std"] is None and math.isfinite(swiglu["mean"])
    assert gelu["mean"] is None and gelu["std"] is None and gelu["final_val"] == []
    assert data["difference"] is None and data["noise_floor"] is None and data["ratio"] is None
    # the readers: the experiment view's summary and the continuation see "no value"
    from gatelab.ui.experiment_data import load_experiment_summary

    summary = load_experiment_summary(folder)
    assert math.isnan(summary.difference) and math.isnan(summary.noise_floor)
    assert math.isnan(summary.variants[0].final_std)
    assert summary.variants[0].final_mean == swiglu["mean"]
    state = experiment_state(folder, load_experiment(folder))
    assert state.status == "stopped" and state.can_continue and state.runs_done == 1


def _stats(sink: list[float]) -> LayerStats:
    n = len(sink)
    one = np.full(n, 0.5)
    return LayerStats(frac_neg=one, frac_closed=one, act_hist=np.ones((n, 2)) / 2,
                      hist_edges=np.array([0.0, 0.5, 1.0]), mean_abs_h=one, max_abs_h=one,
                      mlp_ratio=one, attn_sink=np.array(sink), gate_pairs=np.zeros((n, 1, 2)),
                      neuron_acts=np.zeros((n, 1, 1)))


def test_metrics_rows_with_a_nan_sink_are_strict_and_read_back_as_nan(tmp_path: Path) -> None:
    """A layer without softmax attention has no sink share (NaN): its metrics.jsonl entry is
    null, and the reader gives the plots NaN again, not a skipped row."""
    writer = runs.RunWriter(tmp_path / "r", CFG, {"name": "generated"}, 10, "cpu")
    try:
        writer.append(Snapshot(step=1, steps_total=6, tokens_seen=64, train_loss=3.0, lr=1e-3,
                               tokens_per_s=math.inf, elapsed_s=0.1,
                               stats=_stats([0.4, math.nan])))
        writer.finish("stopped")
    finally:
        writer.close()
    lines = strict_file(tmp_path / "r" / METRICS)
    assert lines[0]["attn_sink"] == [0.4, None] and lines[0]["tokens_per_s"] is None
    strict_file(tmp_path / "r" / "run.json")
    problems: list[str] = []
    rows = read_metrics(tmp_path / "r" / METRICS, problems=problems)
    assert problems == [] and len(rows) == 1
    assert rows[0]["attn_sink"][0] == 0.4 and math.isnan(rows[0]["attn_sink"][1])
    assert math.isnan(rows[0]["tokens_per_s"]) and "val_loss" not in rows[0]


def test_a_resumed_run_rewrites_an_old_nan_row_as_strict_json(tmp_path: Path) -> None:
    """metrics.jsonl of an older gatelab holds bare NaN: the rows a resume keeps are made strict."""
    run = tmp_path / "r"
    run.mkdir()
    old = ('{"step": 1, "train_loss": 3.0, "lr": 0.001, "tokens_per_s": NaN, "elapsed_s": 0.1, '
           '"attn_sink": [0.4, NaN]}\n'
           '{"step": 2, "train_loss": 2.9, "lr": 0.001, "tokens_per_s": 10.0, "elapsed_s": 0.2}\n')
    (run / METRICS).write_text(old, encoding="utf-8")
    writer = runs.RunWriter(run, CFG, {"name": "generated"}, 10, "cpu", resume_step=2)
    writer.close()
    lines = strict_file(run / METRICS)
    assert [r["step"] for r in lines] == [1, 2]
    assert lines[0]["tokens_per_s"] is None and lines[0]["attn_sink"] == [0.4, None]
    assert (run / METRICS).read_text().splitlines()[1] == old.splitlines()[1]  # kept as it was
