"""The trainer tab's jobs: what its worker threads run against the engine (training, corpus,
devices, runs, experiments), as plain data for the widgets.

Why an adapter: the GUI widgets stay free of engine details, torch is imported only inside the
job that needs it (the tab opens fast), and if the engine's API shifts only this file changes.
Sizing (the parameter count, the 8/3 and matched m) is not here: it is torch-free and lives in
``core.trainconfig``. Nothing here touches Qt.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gatelab.core.trainconfig import Snapshot, TrainConfig, intermediate_size
from gatelab.ui.messages import message_text
from gatelab.ui.experiment_data import experiment_of


# -- corpus and devices (import torch) ---------------------------------------------------------
@dataclass(frozen=True)
class CorpusSummary:
    name: str
    chars: int
    bytes: int
    vocab_size: int
    provenance: str
    preview: str


def corpus_summary(spec: str, preview_chars: int = 600) -> CorpusSummary:
    """Size, vocabulary and a preview of a corpus; raises the engine's CorpusError (a ValueError)."""
    from gatelab.core.data import load_corpus

    corpus = load_corpus(spec)
    info = corpus.info
    return CorpusSummary(info.name, info.chars, info.bytes, info.vocab_size, info.provenance,
                         corpus.text[:preview_chars])


WARM = {"enabled": True}  # False for a one-shot render (app --screenshot): nothing to train


def warm_up() -> None:
    """torch's first optimizer, built once off the GUI thread (see ``optim.warm_up``). Off for
    a screenshot: importing torch._dynamo leaves a torchinductor_<user> folder in the temp dir,
    worth it before training, not for a render that exits."""
    if WARM["enabled"]:
        from gatelab.core.optim import warm_up as warm_optimizer

        warm_optimizer()


def device_choices() -> list[tuple[str, str]]:
    """(TrainConfig.device key, label) of each detected device kind, best first (CPU last).

    TrainConfig.device names a kind (cuda, mps, cpu), so only the first device of a kind is a
    choice; its label carries the name, memory or thread count.
    """
    from gatelab.core.devices import detect_devices

    choices: list[tuple[str, str]] = []
    for dev in detect_devices():
        if all(dev.kind != key for key, _ in choices):
            choices.append((dev.kind, dev.label))
    return choices


# -- training ----------------------------------------------------------------------------------
def training_iter(cfg: TrainConfig, run_dir: str | None = None, resume: bool = False
                  ) -> Callable[..., Iterator[Snapshot]]:
    """A factory the worker calls with its stop event (and ``on_sampling``, see
    ``engine.train_steps``); the engine is imported in the worker."""

    def make(stop_event: threading.Event,
             on_sampling: Callable[[Snapshot], None] | None = None,
             pausing: Callable[[], bool] | None = None) -> Iterator[Snapshot]:
        from gatelab.core.engine import train_steps

        return train_steps(cfg, stop_event=stop_event, run_dir=run_dir, resume=resume,
                           on_sampling=on_sampling, pausing=pausing)

    return make


SAMPLE_CHARS = 300  # characters a sample from a checkpoint writes
SAMPLE_UPDATE_S = 0.1  # the text so far goes to ``on_text`` at most this often


def sample_from_run(run_dir: str, chars: int = SAMPLE_CHARS, seed: int = 0,
                    on_text: Callable[[str, int], None] | None = None,
                    stop: threading.Event | None = None) -> str:
    """Text sampled on the CPU from a run's latest checkpoint (call it from a worker thread).

    Why streamed: a bigger model writes its characters for tens of seconds on a CPU, so
    ``on_text(text so far, characters written)`` hears about it every ``SAMPLE_UPDATE_S``; a
    set ``stop`` ends the work early (the text so far is returned). One torch thread: sampling
    one sequence is latency-bound, and two threads made it up to 10× slower on a busy two-core
    machine (see ``core.sampling``). Same text as ``engine.sample_text`` for the same seed."""
    from gatelab.core.engine import load_trained
    from gatelab.core.sampling import one_thread, stream_text

    model, vocab, _config = load_trained(run_dir, device="cpu")
    text, last = "", 0.0
    with one_thread():
        pieces = stream_text(model, vocab, n_chars=chars, seed=seed)
        prompt = next(pieces)
        for piece in pieces:
            text += piece
            if stop is not None and stop.is_set():
                break
            if on_text is not None and time.monotonic() - last >= SAMPLE_UPDATE_S:
                on_text(prompt + text, len(text))
                last = time.monotonic()
        pieces.close()
    return prompt + text


def save_sample(run_dir: str, text: str) -> str:
    """Keep a sample written after the run ended (at its stop, or at a replay of a run that
    saved none) in the run's samples.txt at the run's step, so its replay shows it (see
    ``core.run_samples``); "" when kept or not needed, else why it could not be written."""
    from gatelab.core.run_samples import append_sample, run_step

    step = run_step(run_dir)
    if step is None:  # no run.json with a step: not a run folder this sample belongs to
        return ""
    try:
        append_sample(run_dir, step, text)
    except OSError as exc:
        return message_text(exc)
    return ""


# -- runs --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RunRow:
    """One line of the runs list, already in display units."""

    path: str
    name: str
    variant: str
    model: str  # e.g. "4L d128 m352 4h"
    corpus: str
    steps: str  # "1000/1000"
    train_loss: float | None
    val_loss: float | None
    status: str  # "running", "finished", "stopped", "failed", "interrupted", "broken", "empty"
    error: str = ""  # why a run is broken or failed (or holds nothing)


def run_rows(root: str | Path | None = None, include_empty: bool = False) -> list[RunRow]:
    """Every run under ``root`` (default runs_dir()), newest first, with its model summary;
    ``include_empty``: with the run folders a killed Start left empty (the Runs list's)."""
    from gatelab.core import runs

    rows: list[RunRow] = []
    for info in runs.list_runs(root, include_empty=include_empty):
        model, error = "", info.error
        if info.status not in ("broken", "empty"):
            try:
                cfg = runs.read_config(Path(info.path))
                model = "{0}L d{1} m{2} {3}h".format(cfg.n_layer, cfg.n_embd,
                                                     intermediate_size(cfg), cfg.n_head)
                if cfg.attn_gate:  # a lesson compares runs with the gate on and off
                    model += " +gate"
            except Exception as exc:  # an invalid config.json: that row says why, the rest stay
                error = message_text(exc)
        group = experiment_of(info.path)  # runs of an experiment are named by it as well
        name = "{0}/{1}".format(Path(group).name, info.name) if group else info.name
        rows.append(RunRow(str(info.path), name, info.variant, model, info.corpus,
                           info.steps_text(), info.final_train_loss,
                           info.final_val_loss, info.status, error))
    return rows


def runs_signature(root: str | Path | None = None) -> tuple[tuple[str, int], ...]:
    """(path, mtime) of the runs folder, its folders, and the folders inside those that are not
    runs themselves (an experiment's runs): it changes when a run is added, removed or rewrites
    its run.json (a new step count, heartbeat or end), so the list is re-read only then.

    A few hundred stat calls, made off the GUI thread; a missing folder is simply absent."""
    from gatelab import paths
    from gatelab.core.runs import RUN_FILES

    base = Path(root) if root is not None else paths.runs_dir()
    out: list[tuple[str, int]] = []

    def add(folder: Path, deeper: bool) -> None:
        try:
            out.append((str(folder), folder.stat().st_mtime_ns))
            children = [e for e in os.scandir(folder) if e.is_dir(follow_symlinks=False)]
        except OSError:
            return
        for child in children:
            path = Path(child.path)
            if deeper and not any(os.path.lexists(path / name) for name in RUN_FILES):
                add(path, False)
            else:
                try:
                    out.append((child.path, child.stat(follow_symlinks=False).st_mtime_ns))
                except OSError:
                    continue

    add(base, True)
    return tuple(sorted(out))


def load_run_record(path: str, max_rows: int | None = None) -> Any:
    """The engine's RunRecord (config, metrics rows, summary, stats arrays); RunError if broken.
    ``max_rows`` downsamples the metrics for plotting. Call it from a worker thread.

    A metrics.jsonl cut below the checkpoint (``core.metrics_gap``) adds its note to the
    record's warnings, which Open and Resume both show: a resume would leave those steps
    without metrics for good, and a replay's curve stops short of the saved step."""
    from gatelab.core.metrics_gap import metrics_gap
    from gatelab.core.runs import load_run

    record = load_run(path, max_rows)
    gap = metrics_gap(record.path, record.summary)
    if gap is not None:
        record.warnings.append(gap)
    return record


def delete_run_folder(path: str) -> None:
    from gatelab.core.runs import delete_run

    delete_run(path)


def new_run_folder() -> str:
    from gatelab.core.runs import new_run_dir

    return str(new_run_dir())


def stats_from_arrays(arrays: dict[str, Any] | None) -> Any:
    """A LayerStats rebuilt from a run's stats.npz arrays (None when absent or incomplete)."""
    if not arrays:
        return None
    from gatelab.core.runs import stats_from_npz

    return stats_from_npz(arrays)


def remove_if_empty(path: str) -> None:
    """Remove a run folder that a failed start left empty (anything written stays)."""
    try:
        Path(path).rmdir()  # only succeeds on an empty folder
    except OSError:
        pass
