"""A trainer left running for hours keeps a bounded history of its metrics (soak s24).

Why: the live plots kept every row of a run as Python lists and redrew all of them, so a
200,000-step run took 60 ms per loss redraw (10 per second) and 320 ms to paint; the history
now keeps every row up to ``PLOT_ROWS``, then every 2nd, 4th… row by arrival plus the latest,
as a reopened run's plot already did (``runs_read.read_metrics(max_rows=…)``).
"""

from __future__ import annotations

from gatelab.core.metrics_history import MetricsHistory


def _row(step: int, stats: bool = False, val: bool = False) -> dict[str, object]:
    row: dict[str, object] = {"step": step, "train_loss": 1.0 + step, "lr": 0.1,
                              "tokens_per_s": 10.0}
    if val:
        row["val_loss"] = 2.0 + step
    if stats:
        for key in ("frac_closed", "frac_neg", "max_abs_h", "mlp_ratio", "attn_sink"):
            row[key] = [float(step), float(step) + 0.5]
    return row


def test_rows_are_thinned_by_stride_and_the_latest_is_kept() -> None:
    h = MetricsHistory(max_rows=8)
    h.add_rows(_row(s) for s in range(20))
    assert h.steps == [0, 4, 8, 12, 16, 19]  # stride 4 after two doublings, then the latest
    assert h.train_loss == [1.0 + s for s in h.steps]
    h.add_rows([_row(20)])
    assert h.steps == [0, 4, 8, 12, 16, 20]  # 19 was only the latest: replaced
    h.add_rows([_row(21)])
    assert h.steps == [0, 4, 8, 12, 16, 20, 21]
    assert len(h) == 7


def test_a_long_run_stays_bounded_and_statistics_and_validation_too() -> None:
    h = MetricsHistory(max_rows=100)
    h.add_rows(_row(s, stats=s % 10 == 0, val=s % 500 == 0) for s in range(1, 100_001))
    assert len(h.steps) <= 100 and h.steps[-1] == 100_000
    assert len(h.stat_steps) <= 100 and h.stat_steps[-1] == 100_000
    assert len(h.val_steps) <= 100 and h.val_steps[-1] == 100_000
    assert len(h.layers["max_abs_h"]) == len(h.stat_steps)
    assert h.layer_matrix("frac_closed")[-1].tolist() == [100_000.0, 100_000.5]
    assert h.latest("mlp_ratio").tolist() == [100_000.0, 100_000.5]


def test_fed_in_batches_or_at_once_the_history_is_the_same() -> None:
    rows = [_row(s, stats=s % 3 == 0, val=s % 7 == 0) for s in range(1, 5000)]
    whole, batched = MetricsHistory(max_rows=300), MetricsHistory(max_rows=300)
    whole.add_rows(rows)
    for i in range(0, len(rows), 37):
        batched.add_rows(rows[i:i + 37])
    assert (whole.steps, whole.val_steps, whole.stat_steps) == (
        batched.steps, batched.val_steps, batched.stat_steps)
    assert whole.layers == batched.layers

