"""Whether a run's folder has the disk space its checkpoints and history will take.

Why: a full disk was found only at a checkpoint: "No space left on device" after the steps
since the last one, and the suggested ``--resume`` retrained the same steps and failed the same
way (probe s17 #6: a 25 MB disk, a 9.8 MB checkpoint written beside the last one, 3.6 MB of
weights history per checkpoint). A run is now refused before its first step when the space it
will need at its fullest is not free, with both figures named.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from gatelab.core.fileio import human_bytes
from gatelab.core.messages import Msg
from gatelab.core.runs_read import RunError
from gatelab.core.trainconfig import PROBE_TEXT, TrainConfig, intermediate_size

FLOAT_BYTES = 4
CKPT_COPIES = 3  # weights, and AdamW's two moments, in float32
CKPT_EXTRA = 64 << 10  # a checkpoint's config, vocabulary, RNG states and archive headers
ENTRY_EXTRA = 4 << 10  # a history entry's archive headers
METRICS_ROW = 256  # bytes of one metrics.jsonl row: step, losses, lr, speed, time
STATS_VALUE = 24  # one per-layer statistic in a row, as JSON text
SLACK = 1 << 20  # stats.npz, samples.txt, run.json, the lock and the writes' temp names


def run_disk_need(config: TrainConfig, n_params: int) -> int:
    """Bytes a run's folder holds at its fullest: a checkpoint and its replacement being
    written beside it, the weights history (models up to MAX_WEIGHT_PARAMS, thinned to
    MAX_WEIGHT_ENTRIES), the statistics history (thinned to MAX_STATS_ENTRIES) and
    metrics.jsonl, which grows with every step. Why all of them: with a fixed 1 MB for all but
    the checkpoints, a 3 MB disk accepted a 3000-step run that filled it at step 1550
    (probe s19 D2: 770 KB of statistics and 290 KB of metrics by then)."""
    from gatelab.core.stats_history import (MAX_STATS_ENTRIES, MAX_WEIGHT_ENTRIES,
                                            MAX_WEIGHT_PARAMS)
    ckpt = n_params * FLOAT_BYTES * CKPT_COPIES + CKPT_EXTRA
    checkpoints = config.steps // max(config.checkpoint_interval, 1) + 2  # + the first eval's
    weights = (min(checkpoints, MAX_WEIGHT_ENTRIES) * (n_params * FLOAT_BYTES + ENTRY_EXTRA)
               if n_params <= MAX_WEIGHT_PARAMS else 0)
    stats = (min(checkpoints, MAX_STATS_ENTRIES) + 1) * stats_entry_bytes(config)  # + stats.npz
    stat_rows = config.steps // max(config.stats_interval, 1) if config.stats else 0
    metrics = config.steps * METRICS_ROW + stat_rows * 6 * config.n_layer * STATS_VALUE
    return 2 * ckpt + weights + stats + metrics + SLACK


def stats_entry_bytes(config: TrainConfig) -> int:
    """One statistics entry (``LayerStats``): every neuron's (g, u) and its h over the probe
    text, per layer, in float32 at most, and six per-layer numbers."""
    if not config.stats:
        return 0
    m, probe = intermediate_size(config), min(len(PROBE_TEXT), config.block_size)
    return config.n_layer * (m * (2 + probe) + 6) * FLOAT_BYTES + ENTRY_EXTRA


def check_disk_room(folder: Path | str, config: TrainConfig, n_params: int,
                    held: int = 0) -> None:
    """RunError when the disk of ``folder`` has less free space than the run needs
    (``held``: bytes of it the folder holds already, a resumed run's checkpoint and history).
    A disk that cannot be asked is not refused here: the writes then say what is wrong."""
    try:
        free = shutil.disk_usage(folder).free
    except (OSError, ValueError):
        return
    need = run_disk_need(config, n_params) - held
    if free < need:
        raise RunError(Msg("disk.too_full", {"path": folder, "need": human_bytes(need),
                                              "free": human_bytes(free)}))


def folder_bytes(folder: Path | str) -> int:
    """The bytes of the plain files in ``folder`` and one level below (a run and its history)."""
    total = 0
    try:
        for entry in Path(folder).iterdir():
            if entry.is_file() and not entry.is_symlink():
                total += entry.stat().st_size
            elif entry.is_dir() and not entry.is_symlink():
                total += sum(f.stat().st_size for f in entry.iterdir()
                             if f.is_file() and not f.is_symlink())
    except OSError:
        pass
    return total
