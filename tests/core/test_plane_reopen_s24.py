"""``plane.run_gate_pairs``: what the gate plane reads from a run folder, and the launch's
reading (``gone_ok``) of the folder drawn last session."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gatelab.core import plane


def test_a_folder_gone_or_emptied_gives_none_and_a_damaged_one_says_why(tmp_path: Path) -> None:
    assert plane.run_gate_pairs(tmp_path / "gone", gone_ok=True) is None
    (tmp_path / "empty").mkdir()
    assert plane.run_gate_pairs(tmp_path / "empty", gone_ok=True) is None
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "stats.npz").write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="stats.npz"):
        plane.run_gate_pairs(bad, gone_ok=True)


def test_a_run_folder_gives_its_pairs_and_variant(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    pairs = np.arange(12, dtype=np.float32).reshape(1, 6, 2)
    np.savez(run / "stats.npz", gate_pairs=pairs)
    got, variant = plane.run_gate_pairs(run, gone_ok=True)
    np.testing.assert_array_equal(got, pairs)
    assert got.dtype == np.float64 and variant == ""  # no config.json: no variant named
