"""Run folders: what a training run leaves on disk, and how the GUI and CLI find it again.

One folder per run, written so that a crash at any moment loses at most the steps since the last
checkpoint and never leaves a half-written file behind (temp file + ``os.replace``):

- ``config.json``: the TrainConfig (``TrainConfig.from_dict`` reads it back);
- ``metrics.jsonl``: one ``Snapshot.metrics_row()`` per line, appended and flushed per snapshot;
- ``ckpt.pt``: model + optimizer + step + RNG and data-sampler states (resume is bit-identical);
- ``stats.npz``: the latest ``LayerStats`` arrays (keys = LayerStats field names), with the ckpt;
- ``samples.txt``: text sampled from the model (appended, one header line per sample);
- ``run.json``: summary (status, steps, final train/val loss, tokens/s, created, corpus info …).
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import secrets
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from gatelab import paths
from gatelab.core import stats_history
from gatelab.core.trainconfig import LayerStats, Snapshot, TrainConfig

CONFIG, METRICS, CKPT, STATS, SAMPLES, SUMMARY = (
    "config.json", "metrics.jsonl", "ckpt.pt", "stats.npz", "samples.txt", "run.json")
RUN_FILES = (CONFIG, METRICS, CKPT, SUMMARY)


class RunError(ValueError):
    """A run folder is missing or unreadable; the message names the folder and the problem."""


@dataclass(frozen=True)
class RunInfo:
    """One line of the runs list (plain data; broken folders have status "broken" and an error)."""

    path: Path
    name: str
    status: str  # "running", "finished", "stopped", "failed", "broken"
    created: float  # Unix time
    variant: str = ""
    corpus: str = ""
    steps: int = 0
    steps_total: int = 0
    final_train_loss: float | None = None
    final_val_loss: float | None = None
    tokens_per_s: float | None = None
    error: str = ""


@dataclass
class RunRecord:
    """A run reopened for viewing: its config, every metrics row and its summary."""

    path: Path
    config: TrainConfig
    metrics: list[dict[str, Any]]
    summary: dict[str, Any]
    stats: dict[str, np.ndarray] | None = None  # stats.npz arrays, when present
    samples: str = ""
    has_checkpoint: bool = False


def atomic_write_bytes(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_bytes(path, json.dumps(obj, indent=2, allow_nan=True).encode("utf-8"))


def new_run_dir(root: Path | str | None = None, prefix: str = "run") -> Path:
    """Create and return a fresh, uniquely named folder under ``root`` (default: paths.runs_dir())."""
    base = Path(root) if root is not None else paths.runs_dir()
    base.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        path = base / f"{prefix}-{stamp}-{secrets.token_hex(2)}"
        try:
            path.mkdir()
            return path
        except FileExistsError:
            continue


def is_run_dir(path: Path) -> bool:
    return path.is_dir() and any((path / name).exists() for name in RUN_FILES)


class RunWriter:
    """Writes one run folder while ``train_steps`` runs (used by the engine)."""

    def __init__(self, path: Path | str, config: TrainConfig, corpus_info: dict[str, Any],
                 n_params: int, device: str, resume_step: int | None = None) -> None:
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        atomic_write_json(self.path / CONFIG, config.to_dict())
        old = read_json(self.path / SUMMARY) if resume_step is not None else {}
        self.summary: dict[str, Any] = {
            "status": "running", "created": old.get("created", time.time()),
            "updated": time.time(), "steps": resume_step or 0, "steps_total": config.steps,
            "final_train_loss": old.get("final_train_loss"), "final_val_loss": old.get("final_val_loss"),
            "tokens_per_s": None, "variant": config.variant, "corpus": corpus_info,
            "n_params": n_params, "device": device, "error": "",
        }
        if resume_step is not None:
            self._truncate_metrics(resume_step)
        atomic_write_json(self.path / SUMMARY, self.summary)
        self._metrics = open(self.path / METRICS, "a", encoding="utf-8")

    def _truncate_metrics(self, step: int) -> None:
        """Drop rows past the checkpoint (written before a crash) so the curve stays one curve."""
        rows = read_metrics(self.path / METRICS)
        keep = [r for r in rows if isinstance(r.get("step"), int) and r["step"] <= step]
        data = "".join(json.dumps(r) + "\n" for r in keep)
        atomic_write_bytes(self.path / METRICS, data.encode("utf-8"))

    def append(self, snap: Snapshot) -> None:
        self._metrics.write(json.dumps(snap.metrics_row()) + "\n")
        self._metrics.flush()
        self.summary.update(steps=snap.step, final_train_loss=snap.train_loss,
                            tokens_per_s=snap.tokens_per_s, updated=time.time())
        if snap.val_loss is not None:
            self.summary["final_val_loss"] = snap.val_loss

    def checkpoint(self, state: dict[str, Any], stats: LayerStats | None) -> None:
        buf = io.BytesIO()
        torch.save(state, buf)
        atomic_write_bytes(self.path / CKPT, buf.getvalue())
        if stats is not None:
            buf = io.BytesIO()
            np.savez(buf, **{f.name: getattr(stats, f.name) for f in dataclasses.fields(stats)})
            atomic_write_bytes(self.path / STATS, buf.getvalue())
        stats_history.append_entry(self.path, int(state.get("step", 0)), stats, state.get("model"))
        atomic_write_json(self.path / SUMMARY, self.summary)

    def add_sample(self, step: int, text: str) -> None:
        with open(self.path / SAMPLES, "a", encoding="utf-8") as f:
            f.write(f"--- sample at step {step} ---\n{text}\n")

    def finish(self, status: str, error: str = "") -> None:
        self.summary.update(status=status, error=error, updated=time.time())
        atomic_write_json(self.path / SUMMARY, self.summary)
        self.close()

    def close(self) -> None:
        if not self._metrics.closed:
            self._metrics.close()


def load_checkpoint(path: Path | str, map_location: str | torch.device = "cpu") -> dict[str, Any]:
    """The ``ckpt.pt`` of a run folder (or a ckpt file path); RunError if missing or unreadable."""
    p = Path(path)
    if p.is_dir():
        p = p / CKPT
    if not p.is_file():
        raise RunError(f"no checkpoint to resume from: {p}")
    try:
        return torch.load(p, map_location=map_location, weights_only=True)
    except Exception as exc:  # a truncated or foreign file
        raise RunError(f"checkpoint {p} cannot be read: {exc}") from None


def read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def read_metrics(path: Path) -> list[dict[str, Any]]:
    """Rows of a metrics.jsonl; a truncated or garbled line (a crash mid-write) is skipped."""
    rows: list[dict[str, Any]] = []
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return rows
    for line in text.splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict):
            rows.append(row)
    return rows


def _float_or_none(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def run_info(path: Path) -> RunInfo:
    """Summarise one run folder; never raises (a broken folder gives status "broken")."""
    path = Path(path)
    summary = read_json(path / SUMMARY)
    config = read_json(path / CONFIG)
    try:
        created = float(summary.get("created") or path.stat().st_mtime)
    except (OSError, TypeError, ValueError):
        created = 0.0
    if not config:
        return RunInfo(path, path.name, "broken", created, error="config.json missing or unreadable")
    corpus = summary.get("corpus") if isinstance(summary.get("corpus"), dict) else {}
    status = summary.get("status") if isinstance(summary.get("status"), str) else "broken"
    def _int(v: Any) -> int:
        return v if isinstance(v, int) and not isinstance(v, bool) else 0
    return RunInfo(
        path=path, name=path.name, status=status, created=created,
        variant=str(config.get("variant", "")), corpus=str(corpus.get("name", config.get("corpus", ""))),
        steps=_int(summary.get("steps")), steps_total=_int(summary.get("steps_total", config.get("steps"))),
        final_train_loss=_float_or_none(summary.get("final_train_loss")),
        final_val_loss=_float_or_none(summary.get("final_val_loss")),
        tokens_per_s=_float_or_none(summary.get("tokens_per_s")),
        error="" if summary else "run.json missing or unreadable",
    )


def list_runs(root: Path | str | None = None) -> list[RunInfo]:
    """Every run folder under ``root`` (default runs_dir()), newest first.

    Runs made by an experiment live one level down (``exp-*/<variant>-seedN``); they are listed
    too, so every trained model can be reopened from the same list.
    """
    base = Path(root) if root is not None else paths.runs_dir()
    try:
        entries = list(base.iterdir())
    except OSError:
        return []
    found: list[Path] = []
    for entry in entries:
        if is_run_dir(entry):
            found.append(entry)
        elif entry.is_dir():
            try:
                found.extend(child for child in entry.iterdir() if is_run_dir(child))
            except OSError:
                continue
    infos = [run_info(p) for p in found]
    return sorted(infos, key=lambda r: (r.created, r.name), reverse=True)


def load_run(path: Path | str) -> RunRecord:
    """Reopen a run for viewing; RunError if it has no readable config."""
    p = Path(path)
    if not p.is_dir():
        raise RunError(f"run folder not found: {p}")
    cfg = read_json(p / CONFIG)
    if not cfg:
        raise RunError(f"run folder has no readable config.json: {p}")
    try:
        config = TrainConfig.from_dict(cfg)
    except TypeError as exc:
        raise RunError(f"config.json of {p} is invalid: {exc}") from None
    stats = None
    if (p / STATS).is_file():
        try:
            with np.load(p / STATS, allow_pickle=False) as z:
                stats = {k: z[k] for k in z.files}
        except (OSError, ValueError):
            stats = None
    try:
        samples = (p / SAMPLES).read_text(encoding="utf-8", errors="replace")
    except OSError:
        samples = ""
    return RunRecord(path=p, config=config, metrics=read_metrics(p / METRICS),
                     summary=read_json(p / SUMMARY), stats=stats, samples=samples,
                     has_checkpoint=(p / CKPT).is_file())


def stats_from_npz(arrays: dict[str, np.ndarray]) -> LayerStats | None:
    """Rebuild a ``LayerStats`` from ``RunRecord.stats`` (None if a field is missing)."""
    names = [f.name for f in dataclasses.fields(LayerStats)]
    if not all(n in arrays for n in names):
        return None
    return LayerStats(**{n: arrays[n] for n in names})


def delete_run(path: Path | str) -> None:
    """Delete a run folder; refuses folders that do not look like runs (RunError)."""
    p = Path(path)
    if not p.is_dir():
        raise RunError(f"run folder not found: {p}")
    if not is_run_dir(p) and not (p / "experiment.json").exists():
        raise RunError(f"not a gatelab run folder, refusing to delete: {p}")
    shutil.rmtree(p)


__all__ = ["RunError", "RunInfo", "RunRecord", "RunWriter", "delete_run", "list_runs", "load_run",
           "load_checkpoint", "new_run_dir", "run_info", "stats_from_npz"]
