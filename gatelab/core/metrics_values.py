"""The numbers of a metrics.jsonl row as the plots and summaries may use them.

Why a module: ``json.loads`` accepts what the writer never writes, the bare ``NaN``,
``Infinity`` and ``-Infinity`` of older versions or a hand-edited file, and any finite number up
to 1.8e308. A row holding ±Infinity or 1e308 was kept as it was: the loss axis scaled to 1e300,
the smoothed loss (an exponential average: a 1e308 point keeps it near 1e306 for thousands of
steps) left the plot for the rest of the run, and the raw curve after that step was flattened
onto the axis. The writer stores ``null`` for a value that is not finite, and replay shows that
as a gap that the smoothing steps over; every such value is now read exactly like ``null``.

Which finite values count as "not a value": those beyond float32's range (±3.4e38). Training
computes its losses and statistics in float32 (or narrower), where anything larger is already
infinite, and the engine stops a run at a non-finite loss; a larger number in the file cannot
have come from training, so it is damage or a hostile edit, and a gap is the honest reading.
Values inside that range are kept as they are (a diverging run's 1e30 loss is real and the axis
autoscales to it). Kept in core, without Qt: every reader of runs (replay, resume, summaries)
gets the same numbers.
"""

from __future__ import annotations

import math
from typing import Any

VALUE_LIMIT = 3.4028234663852886e38  # float32's largest finite value (np.finfo(np.float32).max)
NUM_KEYS = ("train_loss", "lr", "tokens_per_s", "elapsed_s", "val_loss")
LAYER_KEYS = ("frac_neg", "frac_closed", "mean_abs_h", "max_abs_h", "mlp_ratio", "attn_sink")


def is_num(v: Any) -> bool:
    """An int or float that is not a bool (JSON's true is a Python int)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def is_gap(v: Any) -> bool:
    """Whether ``v`` is a number no training step can have produced: null, NaN, ±inf, or a
    magnitude beyond float32's range (an int past float's range included)."""
    if v is None:
        return True
    if not is_num(v):
        return False  # not a number at all: the row's check names it
    try:
        return not math.isfinite(v) or abs(v) > VALUE_LIMIT
    except OverflowError:  # an int too large for a float
        return True


def gaps_as_nan(row: Any) -> Any:
    """``row`` with every value that is not a value (``is_gap``) made NaN, as the plots and
    summaries expect (a linear-attention layer has no sink share: the writer puts null there).
    A gap in ``val_loss`` becomes None: it means "no evaluation at this step", as null does."""
    if not isinstance(row, dict):
        return row
    for key in NUM_KEYS:
        if key in row and is_gap(row[key]):
            row[key] = None if key == "val_loss" else math.nan
    for key in LAYER_KEYS:
        values = row.get(key)
        if isinstance(values, list) and any(is_gap(v) for v in values):
            row[key] = [math.nan if is_gap(v) else v for v in values]
    return row


__all__ = ["LAYER_KEYS", "NUM_KEYS", "VALUE_LIMIT", "gaps_as_nan", "is_gap", "is_num"]
