"""Stats history of a saved run: one entry per checkpoint, so a step slider can replay training.

Why a separate module (and folder): ``stats.npz`` holds only the latest ``LayerStats``; the
"Inside the model" tab wants to watch gates close and MLP contributions settle, so every
checkpoint also appends ``stats_history/step_000500.npz`` (the same arrays as stats.npz, plus
``step``). For small models (≤ ``MAX_WEIGHT_PARAMS`` parameters) the model weights of that step are
kept beside it (``weights_step_000500.pt``, tensors only, loaded with ``weights_only=True``), so a
text can be traced through the model as it was at that step. Each file is written atomically; a
damaged entry is skipped on reading, never fatal. Older runs without a history read as one entry
built from stats.npz.

Reading treats every entry as hostile: ``runs_read.read_stats`` opens regular files only and
checks the arrays' sizes from the zip directory before inflating anything, every entry is checked
against what ``LayerStats`` holds (``stats_problem``: real numbers, consistent shapes, finite), and
the history as a whole is bounded (entries and inflated bytes), so the view that indexes these
arrays by layer on the GUI thread never meets one it cannot draw. torch is imported only where
weights are written or read, so the UI can use ``stats_problem`` without it.
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from gatelab.core.fileio import FileReadError, read_bytes_capped
from gatelab.core.messages import Msg, reason
from gatelab.core.run_steps import history_limit, summary_step_problem
from gatelab.core.runs_read import (
    CONFIG,
    STATS,
    SUMMARY,
    RunError,
    read_json,
    read_stats,
    torch_archive_problem,
)
from gatelab.core.trainconfig import MAX_INTERMEDIATE, LayerStats

if TYPE_CHECKING:
    import torch

HISTORY_DIR = "stats_history"
MAX_WEIGHT_PARAMS = 8_000_000  # keep per-step weights only for models up to ~32 MB in float32
MAX_ENTRY_BYTES = 512 * 1024 * 1024  # one entry file on disk (stats or weights)
MAX_HISTORY_BYTES = 1 << 30  # the arrays of all stats entries read, inflated (plus one entry)
MAX_LAYERS = 256  # TrainConfig.validate's limit on n_layer
MAX_STATS_ENTRIES = 120  # a long run checkpoints every minute: thin the history beyond these
MAX_WEIGHT_ENTRIES = 24  # weights are the large part (up to ~32 MB each)
_ENTRY = re.compile(r"^step_(\d{1,12})\.npz$")
_WEIGHTS = re.compile(r"^weights_step_(\d{1,12})\.pt$")
_FIELDS = tuple(f.name for f in dataclasses.fields(LayerStats))
_PER_LAYER = ("frac_neg", "frac_closed", "mean_abs_h", "max_abs_h", "mlp_ratio", "attn_sink")
_NAN_OK = ("attn_sink",)  # NaN there means "no attention weights measured" (stats.materialise)


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
    import torch

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


def _array(value: Any) -> np.ndarray | None:
    try:
        return np.asarray(value)
    except (ValueError, TypeError):  # a ragged list, an object numpy cannot hold
        return None


def _shape_text(dims: tuple[int | str, ...]) -> str:
    return "[" + ", ".join(map(str, dims)) + "]"


def _fits(shape: tuple[int, ...], want: tuple[int | str, ...]) -> bool:
    """``shape`` matches ``want``, where a str is a free dimension named in the message."""
    return len(shape) == len(want) and all(isinstance(w, str) or s == w for s, w in zip(shape, want))


def _wanted(a: dict[str, np.ndarray]) -> dict[str, tuple[int | str, ...]] | str:
    """The shape each array must have, derived from frac_neg (layers), hist_edges (bins) and
    gate_pairs (neurons); or why one of those three cannot define it."""
    neg, edges, pairs = a["frac_neg"], a["hist_edges"], a["gate_pairs"]
    layers = neg.shape[0] if neg.ndim == 1 else 0
    if not 1 <= layers <= MAX_LAYERS:
        return _bad_shape("frac_neg", neg, ("n_layer",), f"[1–{MAX_LAYERS}]")
    if edges.ndim != 1 or len(edges) < 2:
        return _bad_shape("hist_edges", edges, ("bins + 1 ≥ 2",))
    m = pairs.shape[1] if pairs.ndim == 3 else -1
    if not (_fits(pairs.shape, (layers, "m", 2)) and m <= MAX_INTERMEDIATE):
        return _bad_shape("gate_pairs", pairs, (layers, f"m ≤ {MAX_INTERMEDIATE}", 2))
    want: dict[str, tuple[int | str, ...]] = {name: (layers,) for name in _PER_LAYER}
    want.update(act_hist=(layers, len(edges) - 1), neuron_acts=(layers, "tokens", m))
    return want


def _bad_shape(name: str, arr: np.ndarray, want: tuple[int | str, ...], text: str = "") -> Msg:
    return Msg("history.array_shape", {"name": name, "shape": _shape_text(arr.shape),
                                       "expected": text or _shape_text(want)})


def stats_problem(stats: LayerStats | Mapping[str, Any]) -> str:
    """Why ``stats`` (a LayerStats or its arrays by name) cannot be drawn, "" when it can.

    Every LayerStats array must be there, hold real numbers (no strings, objects, booleans,
    complex or times), have the shape LayerStats documents with one layer count throughout, and
    be finite (NaN only in attn_sink, where it means "not measured"). The history view indexes
    these arrays by layer on the GUI thread: whatever it could not draw is refused here.
    """
    arrays: dict[str, np.ndarray] = {}
    for name in _FIELDS:
        value = stats.get(name) if isinstance(stats, Mapping) else getattr(stats, name, None)
        if value is None:
            return Msg("history.array_missing", {"name": name})
        arr = _array(value)
        if arr is None or arr.dtype.kind not in "fiu":
            dtype = type(value).__name__ if arr is None else str(arr.dtype)
            return Msg("history.array_kind", {"name": name, "dtype": dtype})
        arrays[name] = arr
    want = _wanted(arrays)
    if isinstance(want, str):
        return want
    for name, dims in want.items():
        if not _fits(arrays[name].shape, dims):
            return _bad_shape(name, arrays[name], dims)
    for name, arr in arrays.items():
        if np.isinf(arr).any() if name in _NAN_OK else not np.isfinite(arr).all():
            return Msg("history.array_finite", {"name": name})
    return ""


def _floats(arr: np.ndarray) -> np.ndarray:
    """float32 and float64 arrays as they are, any other real numbers as float64."""
    return arr if arr.dtype in (np.dtype(np.float32), np.dtype(np.float64)) else arr.astype(np.float64)


def _note(problems: list[str] | None, why: str) -> None:
    if problems is not None:
        problems.append(why)


def _read_stats(path: Path, problems: list[str] | None = None) -> tuple[LayerStats | None, int]:
    """(LayerStats, bytes inflated) of one npz; (None, bytes inflated) when it is missing,
    damaged, too large or of the wrong kind, and then why is added to ``problems``."""
    try:
        on_disk = os.stat(path).st_size
    except OSError:
        on_disk = 0  # read_stats says why
    if on_disk > MAX_ENTRY_BYTES:  # zipfile would parse a directory of any size
        _note(problems, Msg("file.too_large", {"path": path, "limit": f"{MAX_ENTRY_BYTES:,} bytes"}))
        return None, 0
    try:
        arrays = read_stats(path, _FIELDS)
    except RunError as exc:
        _note(problems, reason(exc))
        return None, 0
    size = sum(a.nbytes for a in arrays.values())
    why = stats_problem(arrays)
    if why:
        _note(problems, Msg("history.entry_skipped", {"path": path, "why": why}))
        return None, size
    return LayerStats(**{n: _floats(arrays[n]) for n in _FIELDS}), size


def history_steps(run_dir: Path | str) -> list[int]:
    """Steps with a history entry file, ascending, each once (no file is opened)."""
    try:
        names = [p.name for p in (Path(run_dir) / HISTORY_DIR).iterdir()]
    except OSError:
        return []
    return sorted({int(m.group(1)) for n in names if (m := _ENTRY.match(n))})


def _run_files(run_dir: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """run.json and config.json as read leniently ({} when missing or unreadable)."""
    return read_json(run_dir / SUMMARY), read_json(run_dir / CONFIG)


def _plausible_steps(run_dir: Path, steps: list[int], problems: list[str] | None) -> list[int]:
    """``steps`` without those the run cannot have reached, each noted in ``problems``.

    Why: an entry named step_1000000000.npz in a run that ended at step 300 is no checkpoint of
    it, yet the slider would offer it (and spread the others into a corner). The bound is
    ``run_steps.history_limit``: where an ended run stopped, or a running run's configured steps
    (its history may run ahead of run.json's ``steps``, never of ckpt.pt's)."""
    limit, ended = history_limit(*_run_files(run_dir))
    key = "runs.history_past_end" if ended else "runs.history_past_config"
    for step in steps:
        if step > limit:
            _note(problems, Msg(key, {"path": entry_path(run_dir, step), "step": step, "limit": limit}))
    return [step for step in steps if step <= limit]


def _latest_step(run_dir: Path, problems: list[str] | None) -> int | None:
    """The step of stats.npz in a run without a history: run.json's ``steps`` (0 when it has
    none); None, noted in ``problems``, when that is not a step this run can have reached
    (``run_steps.summary_step_problem``, the run list's rule)."""
    summary, config = _run_files(run_dir)
    problem = summary_step_problem(summary, config, run_dir / SUMMARY)
    if problem is not None:
        _note(problems, problem)
        return None
    return int(summary.get("steps", 0))


def _coarse_to_fine(n: int) -> list[int]:
    """0 … n-1 ordered so that every prefix spreads evenly over the range: the last, the first,
    then the middle of every gap, level by level. Reading in this order, a history cut short by
    the caps below still spans the whole run."""
    order = [n - 1, 0] if n > 1 else list(range(n))
    gaps = deque([(0, n - 1)])
    while gaps:
        lo, hi = gaps.popleft()
        if hi - lo > 1:
            mid = (lo + hi) // 2
            order.append(mid)
            gaps.extend(((lo, mid), (mid, hi)))
    return order


def read_stats_history(run_dir: Path | str,
                       problems: list[str] | None = None) -> list[tuple[int, LayerStats]]:
    """``[(step, LayerStats), ...]`` ascending, one per checkpoint; damaged entries, and entries
    past the last step the run can have reached (``_plausible_steps``), are skipped (why, one
    line each, in ``problems``).

    A run without a history (made before it existed) gives one entry from its stats.npz, at the
    step its run.json reports; a run with neither gives an empty list. A folder that holds more
    than the writer keeps (``MAX_STATS_ENTRIES``) or whose arrays inflate past
    ``MAX_HISTORY_BYTES`` gives an evenly spread part of it, the first and latest entries first.
    """
    p = Path(run_dir)
    steps = _plausible_steps(p, history_steps(p), problems)
    out: list[tuple[int, LayerStats]] = []
    spent = 0
    for i in _coarse_to_fine(len(steps))[:4 * MAX_STATS_ENTRIES]:  # bounded tries, damaged or not
        if len(out) >= MAX_STATS_ENTRIES:
            break
        if spent >= MAX_HISTORY_BYTES:
            _note(problems, Msg("history.budget", {"path": entry_path(p, steps[i]), "size": spent,
                                                   "limit": MAX_HISTORY_BYTES}))
            break
        stats, size = _read_stats(entry_path(p, steps[i]), problems)
        spent += size
        if stats is not None:
            out.append((steps[i], stats))
    if out:
        return sorted(out, key=lambda entry: entry[0])
    latest = _read_stats(p / STATS, problems)[0]
    step = _latest_step(p, problems) if latest is not None else None
    return [(step, latest)] if latest is not None and step is not None else []


def _load_weights(path: Path) -> tuple[dict[str, torch.Tensor] | None, str]:
    """(state, "") when ``path`` holds a dict of tensors, else (None, why it cannot be used)."""
    import torch

    try:
        raw = read_bytes_capped(path, MAX_ENTRY_BYTES)
        why = torch_archive_problem(io.BytesIO(raw), len(raw))  # a zip bomb, before torch inflates it
        if why is not None:
            return None, why
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
           "read_stats_history", "read_weights", "stats_problem", "weights_problem"]
