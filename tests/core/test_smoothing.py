"""The trainer's smoothing: debiased EMA exact on hand-computed values, no bias at the start."""

from __future__ import annotations

import numpy as np
import pytest

from gatelab.core.smoothing import debiased_ema, mean_std


def test_debiased_ema_matches_hand_computation() -> None:
    beta = 0.5
    x = [4.0, 2.0, 1.0]
    # ema: 2.0, 2.0, 1.5 ; weights: 0.5, 0.75, 0.875
    expected = [2.0 / 0.5, 2.0 / 0.75, 1.5 / 0.875]
    np.testing.assert_allclose(debiased_ema(x, beta), expected, rtol=1e-12)


def test_debiased_ema_of_constant_is_constant_from_the_first_point() -> None:
    np.testing.assert_allclose(debiased_ema(np.full(50, 3.25), 0.98), 3.25, rtol=1e-12)


def test_debiased_ema_skips_non_finite_points() -> None:
    out = debiased_ema([np.nan, 2.0, np.inf, 2.0], 0.9)
    assert np.isnan(out[0])
    np.testing.assert_allclose(out[1:], 2.0)


def test_debiased_ema_rejects_bad_beta() -> None:
    with pytest.raises(ValueError, match="beta"):
        debiased_ema([1.0], 1.0)


def test_mean_std_cuts_to_shortest_and_uses_sample_std() -> None:
    mean, std = mean_std([[1.0, 2.0, 9.0], [3.0, 4.0]])
    np.testing.assert_allclose(mean, [2.0, 3.0])
    np.testing.assert_allclose(std, [np.sqrt(2.0), np.sqrt(2.0)])
    m1, s1 = mean_std([[1.0, 2.0]])
    np.testing.assert_allclose(s1, 0.0)
