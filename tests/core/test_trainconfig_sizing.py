"""Model sizing lives in core.trainconfig, torch-free: m by rule, matched m, spec and exact count."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gatelab.core.trainconfig import (
    PREVIEW_VOCAB,
    TrainConfig,
    classic_matched_intermediate,
    count_params,
    intermediate_size,
    matched_intermediate,
    model_spec,
)

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import json, sys
from gatelab.core.trainconfig import (TrainConfig, classic_matched_intermediate, count_params,
                                      intermediate_size, matched_intermediate, model_spec)
import gatelab.core.runs, gatelab.core.experiment, gatelab.core.budget
import gatelab.ui.trainer_jobs
cfg = TrainConfig(n_embd=256)
out = [intermediate_size(cfg), matched_intermediate("swiglu", "gelu", 1024, 16),
       classic_matched_intermediate(256, "gelu"), count_params(cfg, 65),
       model_spec(cfg, 65).intermediate]
print(json.dumps({"torch": "torch" in sys.modules, "qt": any(m.startswith("PySide6")
                  for m in sys.modules), "out": out}))
"""


def test_sizing_and_run_listing_do_not_import_torch() -> None:
    """The trainer tab counts parameters as you type and lists runs before any training: none of
    that may pay for importing torch (seconds on a cold start)."""
    proc = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["torch"] is False
    assert got["qt"] is False
    assert got["out"][:3] == [688, 688, 1024]
    assert got["out"][4] == 688
    assert got["out"][3] == count_params(TrainConfig(n_embd=256), 65)


def test_intermediate_size_by_rule_and_explicit() -> None:
    assert intermediate_size(TrainConfig(n_embd=256, variant="swiglu")) == 688
    assert intermediate_size(TrainConfig(n_embd=256, variant="gelu")) == 1024
    assert intermediate_size(TrainConfig(n_embd=256, intermediate=500)) == 500
    assert intermediate_size(TrainConfig(n_embd=100, variant="geglu", multiple_of=64)) == 320


def test_matched_intermediate_keeps_ffn_parameters_within_a_rounding() -> None:
    assert matched_intermediate("swiglu", "gelu", 1024, 16) == 688  # 528,384 vs 524,288 params
    assert matched_intermediate("swiglu", "gelu", 512, 8) == 344
    assert matched_intermediate("geglu", "swiglu", 688, 16) == 688  # same kind: same m
    assert matched_intermediate("relu", "swiglu", 688, 16) == 1040
    # the lessons' pairing at d: both sides matched to classic 4d
    assert classic_matched_intermediate(256, "swiglu") == 688
    assert classic_matched_intermediate(256, "gelu") == 1024
    assert classic_matched_intermediate(128, "reglu", 8) == 344


def test_count_params_equals_the_built_model() -> None:
    from gatelab.core.model import GPT

    configs = [TrainConfig(n_layer=2, n_embd=32, n_head=4, block_size=16),
               TrainConfig(n_layer=1, n_embd=48, n_head=4, n_kv_head=2, variant="gelu",
                           positions="learned", tie_embeddings=False, block_size=24),
               TrainConfig(n_layer=2, n_embd=32, n_head=2, attn_gate=True, intermediate=40)]
    for cfg in configs:
        assert count_params(cfg, 57) == GPT(cfg, 57).num_params(), cfg
    assert count_params(configs[0]) == count_params(configs[0], PREVIEW_VOCAB)
    assert model_spec(configs[1], 57).max_positions == 24


def test_count_params_refuses_impossible_sizes_with_a_value_error() -> None:
    """The form calls it on every keystroke: 0 heads must be a ValueError, not ZeroDivisionError."""
    with pytest.raises(ValueError):
        count_params(TrainConfig(n_head=0))
    with pytest.raises(ValueError):
        count_params(TrainConfig(n_embd=0))


def test_model_keeps_its_sizing_re_exports() -> None:
    from gatelab.core import model

    assert model.intermediate_size is intermediate_size
    assert model.model_spec is model_spec
    assert model.matched_intermediate is matched_intermediate
