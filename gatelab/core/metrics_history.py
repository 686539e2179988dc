"""The rows of a run that the trainer's plots draw, as columns of bounded length.

Why bounded: the Steps field allows 1,000,000 steps, and a learner may leave a run training for
hours. The live plots kept every row and redrew all of them: at 200,000 steps one loss redraw
(ten a second) took 60 ms and painting the six plots 320 ms, so the GUI stalled more the longer
it trained, and the Python lists grew by ~0.5 MB per 1,000 steps. A plot ~1,000 px wide shows
no more detail from 200,000 points than from 20,000. So each group of columns (training rows,
validation rows, statistics rows) keeps every row up to ``max_rows``, then every 2nd, 4th…
row by arrival, plus always the latest one (the curve reaches the step being trained). That is
how a reopened run is already read for its plots (``runs_read.read_metrics(max_rows=…)``), so
a run looks the same live and replayed, and rows fed in batches or at once give the same
columns.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

PLOT_ROWS = 20_000  # rows a plot keeps (a replay reads as many: trainer_saved.REPLAY_POINTS)
PER_LAYER_KEYS = ("frac_closed", "frac_neg", "max_abs_h", "mlp_ratio", "attn_sink")


class StridedColumns:
    """Parallel columns that keep rows whose arrival index is a multiple of ``stride``, and
    the latest row; the stride doubles whenever more than ``max_rows`` are kept."""

    def __init__(self, n_columns: int, max_rows: int) -> None:
        self.columns: list[list[Any]] = [[] for _ in range(n_columns)]
        self.max_rows = max(2, max_rows)
        self.stride = 1
        self._index: list[int] = []  # arrival index of each kept row
        self.arrived = 0  # rows offered so far (kept or not)

    def __len__(self) -> int:
        return len(self._index)

    def append(self, values: tuple[Any, ...]) -> None:
        index, self.arrived = self.arrived, self.arrived + 1
        if self._index and self._index[-1] % self.stride:  # kept only as the latest: replace
            for column in (*self.columns, self._index):
                column.pop()
        for column, value in zip((*self.columns, self._index), (*values, index)):
            column.append(value)
        if len(self._index) > self.max_rows:
            self.stride *= 2
            last = len(self._index) - 1
            keep = [k for k, i in enumerate(self._index) if i % self.stride == 0 or k == last]
            self.columns = [[column[k] for k in keep] for column in self.columns]
            self._index = [self._index[k] for k in keep]


class MetricsHistory:
    """A run's rows as columns (scalars per step, per-layer lists per statistics step), each
    group at most ``max_rows`` long (see the module's docstring)."""

    def __init__(self, max_rows: int = PLOT_ROWS) -> None:
        self.max_rows = max_rows
        self._train = StridedColumns(4, max_rows)  # step, train_loss, lr, tokens_per_s
        self._val = StridedColumns(2, max_rows)  # step, val_loss
        self._stats = StridedColumns(1 + len(PER_LAYER_KEYS), max_rows)  # step, per-layer keys

    def __len__(self) -> int:
        return len(self._train)

    def add_rows(self, rows: Iterable[dict[str, Any]]) -> None:
        for row in rows:
            step = int(row.get("step", self._train.arrived))
            if "train_loss" in row:
                self._train.append((step, float(row["train_loss"]), float(row.get("lr", np.nan)),
                                    float(row.get("tokens_per_s", np.nan))))
            if row.get("val_loss") is not None:
                self._val.append((step, float(row["val_loss"])))
            if all(k in row for k in ("frac_closed", "frac_neg", "max_abs_h")):
                self._stats.append((step, *([float(v) for v in row.get(k, [])]
                                            for k in PER_LAYER_KEYS)))

    # the columns, by name (the lists themselves: read them, do not append)
    @property
    def steps(self) -> list[int]:
        return self._train.columns[0]

    @property
    def train_loss(self) -> list[float]:
        return self._train.columns[1]

    @property
    def lr(self) -> list[float]:
        return self._train.columns[2]

    @property
    def tokens_per_s(self) -> list[float]:
        return self._train.columns[3]

    @property
    def val_steps(self) -> list[int]:
        return self._val.columns[0]

    @property
    def val_loss(self) -> list[float]:
        return self._val.columns[1]

    @property
    def stat_steps(self) -> list[int]:
        return self._stats.columns[0]

    @property
    def layers(self) -> dict[str, list[list[float]]]:
        return dict(zip(PER_LAYER_KEYS, self._stats.columns[1:]))

    @property
    def n_layer(self) -> int:
        return len(self.layers["frac_closed"][-1]) if self.stat_steps else 0

    def layer_matrix(self, key: str) -> np.ndarray:
        """[n_stat_steps, n_layer] of ``key`` (rows of another length are padded with NaN)."""
        n = self.n_layer
        rows = self.layers[key]
        if all(len(values) == n for values in rows):  # one model: one array call, not a loop
            return np.asarray(rows, dtype=np.float64).reshape(len(rows), n)
        out = np.full((len(rows), n), np.nan)
        for i, values in enumerate(rows):
            m = min(n, len(values))
            out[i, :m] = values[:m]
        return out

    def latest(self, key: str) -> np.ndarray:
        """[n_layer] of ``key`` at the latest statistics step (NaN-padded; empty if none): the
        bars and the first-token share need only this, not the whole matrix."""
        n = self.n_layer
        out = np.full(n, np.nan)
        if n:
            values = self.layers[key][-1][:n]
            out[:len(values)] = values
        return out

    def last_val(self) -> float | None:
        return self.val_loss[-1] if self.val_loss else None
