"""The attention-sink experiment preset: plan, measurements and the noise-floor summary."""

from __future__ import annotations

import json
import math
import threading
from pathlib import Path

import pytest
import torch

from gatelab.core.inside.run_source import RunModel, validation_text
from gatelab.core.sink_experiment import (
    ARMS, measure_run, run_sink_experiment, sink_plan, sink_preset_config, summarise_metric)
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
TINY = TrainConfig(n_layer=2, n_head=2, n_embd=32, block_size=32, batch_size=4, steps=3,
                   eval_interval=3, eval_iters=1, threads=1, stats_interval=3,
                   checkpoint_interval=3, sample_chars=0, device="cpu")


def test_plan_differs_only_in_the_gate_and_the_seed() -> None:
    plan = sink_plan(sink_preset_config(), [1, 2, 2])
    assert [(r.arm, r.seed) for r in plan] == [("gate off", 1), ("gate on", 1),
                                                ("gate off", 2), ("gate on", 2)]
    base = plan[0].config.to_dict()
    for r in plan:
        diff = {k for k, v in r.config.to_dict().items() if base[k] != v}
        assert diff <= {"attn_gate", "seed"} and r.config.attn_gate == (r.arm == "gate on")
    with pytest.raises(ValueError, match="at least one seed"):
        sink_plan(TINY, [])


def test_summary_noise_floor_and_verdicts() -> None:
    s = summarise_metric("sink_share", {"gate off": [0.40, 0.44, 0.42], "gate on": [0.05, 0.04, 0.06]})
    pooled = math.sqrt((0.02**2 * 2 + 0.01**2 * 2) / 4)
    assert s.noise_floor == pytest.approx(3 * pooled)
    assert s.difference == pytest.approx(0.42 - 0.05)
    assert s.verdict.startswith("gate on lower by 0.37")
    close = summarise_metric("val_loss", {"gate off": [2.0, 2.2], "gate on": [2.1, 2.05]})
    assert close.verdict.startswith("within noise")
    one = summarise_metric("val_loss", {"gate off": [2.0], "gate on": [1.9]})
    assert "no noise floor" in one.verdict and math.isnan(one.noise_floor)


def test_runs_both_arms_and_measures_them(tmp_path: Path) -> None:
    res = run_sink_experiment(TINY, seeds=[1, 2], root=tmp_path)
    assert res.status == "finished" and len(res.runs) == 4
    assert [m.metric for m in res.metrics] == ["sink_share", "max_abs_hidden", "val_loss"]
    for m in res.metrics:
        assert all(len(m.values[a]) == 2 for a in ARMS)
    first = res.runs[1]  # gate on, seed 1: the numbers equal a direct trace of that run
    assert first["arm"] == "gate on" and first["gate_mean"] is not None
    src = RunModel(first["path"])
    text = validation_text(first["path"])
    trace = src.trace(text[:32])
    assert first["sink_share"] == pytest.approx(measure_run(first["path"])["sink_share"])
    assert first["max_abs_hidden"] >= max(lt.max_abs_hidden for lt in trace.layers)
    assert res.runs[0]["gate_mean"] is None
    saved = json.loads((Path(res.path) / "sink_experiment.json").read_text())
    assert saved["status"] == "finished" and len(saved["runs"]) == 4
    assert res.table()[2]["gate off mean"] == pytest.approx(sum(res.metrics[2].values["gate off"]) / 2)


def test_stop_keeps_what_finished(tmp_path: Path) -> None:
    stop = threading.Event()
    stop.set()
    res = run_sink_experiment(TINY, seeds=[1], stop_event=stop, root=tmp_path)
    assert res.status == "stopped" and res.runs == []
