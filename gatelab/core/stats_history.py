"""Stats history of a saved run: one entry per checkpoint, so a step slider can replay training.

Why a separate module (and folder): ``stats.npz`` holds only the latest ``LayerStats``; the
"Inside the model" tab wants to watch gates close and MLP contributions settle, so every
checkpoint also appends ``stats_history/step_000500.npz`` (the same arrays as stats.npz, plus
``step``). For small models (≤ ``MAX_WEIGHT_PARAMS`` parameters) the model weights of that step are
kept beside it (``weights_step_000500.pt``, tensors only, loaded with ``weights_only=True``), so a
text can be traced through the model as it was at that step. Each file is written atomically; a
damaged entry is skipped on reading, never fatal. Older runs without a history read as one entry
built from stats.npz.
"""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path
from typing import Any

import numpy as np
import torch

from gatelab.core.fileio import FileReadError, read_bytes_capped
from gatelab.core.messages import Msg, reason
from gatelab.core.trainconfig import LayerStats

HISTORY_DIR = "stats_history"
MAX_WEIGHT_PARAMS = 8_000_000  # keep per-step weights only for models up to ~32 MB in float32
MAX_ENTRY_BYTES = 512 * 1024 * 1024
MAX_STATS_ENTRIES = 120  # a long run checkpoints every minute: thin the history beyond these
MAX_WEIGHT_ENTRIES = 24  # weights are the large part (up to ~32 MB each)
_ENTRY = re.compile(r"^step_(\d{1,12})\.npz$")
_WEIGHTS = re.compile(r"^weights_step_(\d{1,12})\.pt$")


def entry_path(run_dir: Path | str, step: int) -> Path:
    return Path(run_dir) / HISTORY_DIR / f"step_{step:06d}.npz"


def weights_path(run_dir: Path | str, step: int) -> Path:
    return Path(run_dir) / HISTORY_DIR / f"weights_step_{step:06d}.pt"


def _atomic_write(path: Path, data: bytes) -> None:
    # runs.atomic_write_bytes, imported late: runs.py calls into this module
    from gatelab.core.runs import atomic_write_bytes
    atomic_write_bytes(path, data)


def append_entry(run_dir: Path | str, step: int, stats: LayerStats | None,
                 model_state: dict[str, Any] | None = None) -> None:
    """Write the history entry of checkpoint ``step`` (stats and, for small models, weights).

    Called once per checkpoint by ``RunWriter.checkpoint``; rewriting the same step (a resumed
    run that checkpoints the same step again) replaces the entry.
    """
    folder = Path(run_dir) / HISTORY_DIR
    folder.mkdir(exist_ok=True)
    if stats is not None:
        buf = io.BytesIO()
        arrays = {f.name: np.asarray(getattr(stats, f.name)) for f in dataclasses.fields(stats)}
        np.savez(buf, step=np.int64(step), **arrays)
        _atomic_write(entry_path(run_dir, step), buf.getvalue())
    if model_state is not None:
        n = sum(t.numel() for t in model_state.values() if isinstance(t, torch.Tensor))
        if n <= MAX_WEIGHT_PARAMS:
            buf = io.BytesIO()
            torch.save({k: v.detach().cpu() for k, v in model_state.items()
                        if isinstance(v, torch.Tensor)}, buf)
            _atomic_write(weights_path(run_dir, step), buf.getvalue())
    _thin(folder, _ENTRY, entry_path, MAX_STATS_ENTRIES)
    _thin(folder, _WEIGHTS, weights_path, MAX_WEIGHT_ENTRIES)


def _thin(folder: Path, pattern: re.Pattern[str], path_of: Any, cap: int) -> None:
    """Keep at most ``cap`` entries, evenly spread: drop the inner entry whose neighbours are
    closest, until the cap holds. The first and the latest entries always stay, so the slider
    still spans the whole run, and disk use stays bounded however long the run trains."""
    try:
        steps = sorted(int(m.group(1)) for p in folder.iterdir() if (m := pattern.match(p.name)))
    except OSError:
        return
    while len(steps) > max(cap, 2):
        i = min(range(1, len(steps) - 1), key=lambda j: (steps[j + 1] - steps[j - 1], j))
        path_of(folder.parent, steps.pop(i)).unlink(missing_ok=True)


def _read_stats(path: Path) -> LayerStats | None:
    """A LayerStats from an npz file, or None if it is missing, damaged or incomplete."""
    try:
        raw = read_bytes_capped(path, MAX_ENTRY_BYTES)
        with np.load(io.BytesIO(raw), allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except (FileReadError, OSError, ValueError, EOFError):
        return None
    names = [f.name for f in dataclasses.fields(LayerStats)]
    if not all(n in arrays for n in names):
        return None
    return LayerStats(**{n: arrays[n] for n in names})


def history_steps(run_dir: Path | str) -> list[int]:
    """Steps with a history entry file, ascending (no file is opened)."""
    try:
        names = [p.name for p in (Path(run_dir) / HISTORY_DIR).iterdir()]
    except OSError:
        return []
    return sorted(int(m.group(1)) for n in names if (m := _ENTRY.match(n)))


def _latest_step(run_dir: Path) -> int:
    from gatelab.core.runs import read_json
    steps = read_json(run_dir / "run.json").get("steps")
    return steps if isinstance(steps, int) and not isinstance(steps, bool) else 0


def read_stats_history(run_dir: Path | str) -> list[tuple[int, LayerStats]]:
    """``[(step, LayerStats), ...]`` ascending, one per checkpoint; damaged entries are skipped.

    A run without a history (made before it existed) gives one entry from its stats.npz, at the
    step its run.json reports; a run with neither gives an empty list.
    """
    p = Path(run_dir)
    out = [(s, st) for s in history_steps(p) if (st := _read_stats(entry_path(p, s))) is not None]
    if out:
        return out
    latest = _read_stats(p / "stats.npz")
    return [(_latest_step(p), latest)] if latest is not None else []


def _load_weights(path: Path) -> tuple[dict[str, torch.Tensor] | None, str]:
    """(state, "") when ``path`` holds a dict of tensors, else (None, why it cannot be used)."""
    try:
        raw = read_bytes_capped(path, MAX_ENTRY_BYTES)
        state = torch.load(io.BytesIO(raw), map_location="cpu", weights_only=True)
    except FileReadError as exc:
        return None, reason(exc)
    except Exception:  # truncated, garbage, or pickled objects refused by weights_only
        return None, Msg("history.garbled")
    if not isinstance(state, dict) or not all(isinstance(v, torch.Tensor)
                                              for v in state.values()):
        return None, Msg("history.not_dict", {"found": type(state).__name__})
    return state, ""


def read_weights(run_dir: Path | str, step: int) -> dict[str, torch.Tensor] | None:
    """The model state saved with history entry ``step``; None when none was kept or the file is
    damaged (``weights_problem`` tells which, for the message)."""
    path = weights_path(run_dir, step)
    return _load_weights(path)[0] if path.is_file() else None


def weights_problem(run_dir: Path | str, step: int) -> Msg:
    """Why ``read_weights(run_dir, step)`` gave None, as one line: a damaged file must not read
    "no weights were kept for step 10; steps with weights: 10, 20", which contradicts itself."""
    path = weights_path(run_dir, step)
    if path.is_file() or path.is_symlink() or path.exists():
        why = _load_weights(path)[1] if path.is_file() else Msg("history.not_regular")
        return Msg("history.damaged", {"step": step, "why": why})
    kept = [s for s in history_steps(run_dir) if weights_path(run_dir, s).is_file()]
    return (Msg("history.no_weights", {"step": step, "kept": ", ".join(map(str, kept))}) if kept
            else Msg("history.no_weights_none", {"step": step}))


__all__ = ["HISTORY_DIR", "MAX_WEIGHT_PARAMS", "append_entry", "history_steps",
           "read_stats_history", "read_weights", "weights_problem"]
