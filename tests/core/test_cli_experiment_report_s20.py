"""Walkthrough s20 D5: gatelab-experiment stopped before any run finished printed "nan" in its
table and noise floor, and a verdict that read as if fewer than two variants were planned."""

from __future__ import annotations

import math

import pytest

from gatelab.cli_experiment import _report_experiment
from gatelab.core.experiment import ExperimentResult, VariantResult, summarise


def _result(finals: dict[str, list[float]], status: str) -> ExperimentResult:
    variants = []
    for name, values in finals.items():
        n = len(values)
        mean = sum(values) / n if n else math.nan
        std = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1)) if n > 1 else math.nan
        variants.append(VariantResult(name, 176, 33_792, 0, list(values), mean, std))
    diff, noise, verdict, winner, ratio = summarise(finals)
    return ExperimentResult(variants, [1337, 1338], diff, noise, verdict, winner, ratio, {},
                            status, "/tmp/exp")


def test_no_finished_run_prints_dashes_not_nan(capsys: pytest.CaptureFixture[str]) -> None:
    assert _report_experiment(_result({"swiglu": [], "gelu": []}, "stopped"), 4) == 130
    out = capsys.readouterr().out
    assert "nan" not in out
    lines = out.splitlines()
    assert lines[1].split()[-2:] == ["–", "–"] and lines[2].split()[-2:] == ["–", "–"]
    assert "noise floor (3 × pooled std): –" in out
    assert "verdict: none yet: it needs finished runs of at least two variants" in out
    assert "stopped after 0 of 4 runs." in out


def test_finished_numbers_keep_four_decimals(capsys: pytest.CaptureFixture[str]) -> None:
    assert _report_experiment(_result({"swiglu": [2.0, 2.2], "gelu": [2.5]}, "finished"), 3) == 0
    out = capsys.readouterr().out
    assert "    2.1000   0.1414  2.0000, 2.2000" in out
    assert "    2.5000        –  2.5000" in out  # one seed: no spread


def test_a_diverged_runs_huge_loss_stays_in_its_column(capsys: pytest.CaptureFixture[str]) -> None:
    """Re-walk s20 B: a final loss of 1e50 printed to 4 decimals ran through the next columns."""
    assert _report_experiment(_result({"swiglu": [2.0, 2.2], "gelu": [1e50, 2.5]}, "finished"), 4) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines[:3]) < 90, lines
    assert "5e+49" in lines[2] and "1e+50, 2.5000" in lines[2]
