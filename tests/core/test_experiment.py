"""Experiments: matched widths, the noise floor's arithmetic, and a real 2 × 2 run with a verdict."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
import torch

from gatelab.core.experiment import load_experiment, run_experiment, summarise, intermediates_for
from gatelab.core.runs import list_runs
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)


def test_widths_are_parameter_matched() -> None:
    cfg = TrainConfig(n_embd=256, n_head=4)
    assert intermediates_for(["swiglu", "gelu"], cfg) == {"swiglu": 688, "gelu": 1024}
    assert intermediates_for(["geglu", "relu", "reglu"], cfg) == {"geglu": 688, "relu": 1024, "reglu": 688}
    explicit = cfg.replace(intermediate=344, multiple_of=8)
    assert intermediates_for(["swiglu", "gelu"], explicit) == {"swiglu": 344, "gelu": 520}
    assert intermediates_for(["gelu", "swiglu"], explicit.replace(intermediate=512)) == \
        {"gelu": 512, "swiglu": 344}


def test_noise_floor_and_verdicts_by_hand() -> None:
    diff, noise, verdict, winner, ratio = summarise({"a": [1.0, 1.1], "b": [2.0, 2.1]})
    sigma = math.sqrt((0.05**2 * 4) / 2)  # pooled: Σ squared deviations / Σ (n − 1)
    assert noise == pytest.approx(3 * sigma)
    assert diff == pytest.approx(1.0) and winner == "a" and ratio == pytest.approx(1.0 / (3 * sigma))
    assert verdict == f"a better by 1.0000, {1.0 / (3 * sigma):.1f}× the noise"
    diff, noise, verdict, winner, _ = summarise({"a": [1.0, 1.2], "b": [1.05, 1.25]})
    assert verdict.startswith("within noise") and winner == "" and diff == pytest.approx(0.05)
    _, noise, verdict, winner, _ = summarise({"a": [1.0], "b": [2.0]})
    assert math.isnan(noise) and "no noise floor" in verdict and winner == ""


def test_two_variants_two_seeds_give_a_verdict(tmp_path: Path) -> None:
    cfg = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=25,
                      lr=3e-3, warmup_steps=3, eval_interval=25, eval_iters=2, threads=1,
                      stats=False, sample_chars=0)
    seen: list[tuple[str, int, int]] = []
    res = run_experiment(["swiglu", "gelu"], [1, 2], cfg, root=tmp_path,
                         on_snapshot=lambda v, s, snap: seen.append((v, s, snap.step)))
    assert res.status == "finished" and res.seeds == [1, 2]
    assert [(v.variant, v.intermediate, v.ffn_params) for v in res.variants] == [
        ("swiglu", 96, 9216), ("gelu", 128, 8192)]
    assert seen[0] == ("swiglu", 1, 1) and seen[-1] == ("gelu", 2, 25) and len(seen) == 100
    for v in res.variants:
        assert len(v.final_val) == 2 and v.mean == pytest.approx(sum(v.final_val) / 2)
        assert v.std == pytest.approx(abs(v.final_val[0] - v.final_val[1]) / math.sqrt(2))
        assert v.total_params > v.ffn_params
    assert res.verdict.startswith("within noise") or " better by " in res.verdict
    assert res.noise_floor > 0 and res.difference >= 0
    assert set(res.curves) == {"swiglu/1", "gelu/1", "swiglu/2", "gelu/2"}
    assert len(res.curves["gelu/2"]) == 25 and res.curves["gelu/2"][-1]["val_loss"] > 0
    folder = Path(res.path)
    assert folder.parent == tmp_path
    assert {p.name for p in folder.iterdir()} == {"experiment.json", "swiglu-seed1", "gelu-seed1",
                                                  "swiglu-seed2", "gelu-seed2"}
    saved = load_experiment(folder)
    assert saved["verdict"] == res.verdict and saved["base_config"]["steps"] == 25
    assert json.loads((folder / "gelu-seed2" / "run.json").read_text())["status"] == "finished"
    listed = {Path(info.path).relative_to(tmp_path).as_posix() for info in list_runs(tmp_path)}
    assert listed == {f"{folder.name}/{v}-seed{s}" for v in ("swiglu", "gelu") for s in (1, 2)}


def test_bad_experiment_inputs() -> None:
    cfg = TrainConfig()
    with pytest.raises(ValueError, match="unknown FFN variant"):
        run_experiment(["swiglu", "nope"], [1], cfg)
    with pytest.raises(ValueError, match="at least one seed"):
        run_experiment(["swiglu"], [], cfg)
