"""Walkthrough s17 #7: two runs, one with the attention output gate, read the same in the Runs
list ("SwiGLU | 2L d64 m176 2h | …"), though a lesson asks to compare the gate on and off."""

from __future__ import annotations

from pathlib import Path

from gatelab.ui.trainer_jobs import run_rows
from tests.core.inside_helpers import train_tiny_run


def test_the_model_column_marks_the_attention_gate(tmp_path: Path) -> None:
    train_tiny_run(tmp_path / "off", steps=2, stats_interval=2, checkpoint_interval=2)
    train_tiny_run(tmp_path / "on", steps=2, stats_interval=2, checkpoint_interval=2,
                   attn_gate=True)
    models = {Path(row.path).name: row.model for row in run_rows(tmp_path)}
    assert models["on"] == models["off"] + " +gate"
    assert models["off"].startswith("2L d32 ") and "+gate" not in models["off"]
