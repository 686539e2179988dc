"""The trainer's live plots after a very long run draw a bounded number of points (soak s24).

Before: a 200,000-step run (the Steps field allows 1,000,000) drew 200,000 points per curve,
10 loss redraws a second at 60 ms each and 320 ms to paint the six cards: the GUI stalled
more the longer it trained, and the history grew by ~0.5 MB per 1,000 steps.
"""

from __future__ import annotations

import numpy as np

from gatelab.core.metrics_history import PLOT_ROWS
from gatelab.core.smoothing import debiased_ema
from gatelab.ui.trainer_plots import EMA_BETA, TrainerPlots

STEPS = 120_000


def _rows(first: int, last: int) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for s in range(first, last + 1):
        row: dict[str, object] = {"step": s, "train_loss": 3.0 + np.sin(s / 500.0), "lr": 1e-3,
                                  "tokens_per_s": 5000.0}
        if s % 1000 == 0:
            row["val_loss"] = 3.5
        if s % 10 == 0:
            for key in ("frac_closed", "frac_neg", "max_abs_h", "mlp_ratio", "attn_sink"):
                row[key] = [0.1, 0.2]
        rows.append(row)
    return rows


def test_a_long_live_run_draws_at_most_the_replays_points(qtbot) -> None:  # noqa: ANN001
    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.clear(STEPS)
    for first in range(1, STEPS + 1, 2000):  # the worker's batches
        plots.add_rows(_rows(first, first + 1999))
    plots.redraw_now()
    x, y = plots.c_train.getData()
    assert len(x) <= PLOT_ROWS and x[-1] == STEPS  # the curve reaches the latest step
    assert len(np.unique(np.diff(x[:-1]))) == 1  # evenly strided
    np.testing.assert_allclose(plots.c_ema.getData()[1], debiased_ema(y, EMA_BETA))
    assert len(plots.c_val.getData()[0]) == STEPS // 1000  # every validation dot
    for curve in (*plots._closed, *plots._neg, *plots._maxh):
        sx = curve.getData()[0]
        assert len(sx) <= PLOT_ROWS and sx[-1] == STEPS
    assert len(plots.history.steps) <= PLOT_ROWS


def test_live_and_replayed_plots_keep_as_many_rows() -> None:
    from gatelab.core.metrics_history import MetricsHistory
    from gatelab.ui.trainer_saved import REPLAY_POINTS

    assert PLOT_ROWS == REPLAY_POINTS == MetricsHistory().max_rows
