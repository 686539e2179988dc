"""What the tab's worker runs: tracing a text, a top-k search, reading a run's stats history.

Why a module of plain functions (no widgets): they run in the worker thread and call only the
core (``core.inside`` and ``core.stats_history``); the widgets never touch torch. The last loaded
model is kept in a ``ModelCache`` so a new text, a step of the slider or a top-k search does not
read a checkpoint or load an HF model again; one runner executes these tasks one at a time, so
the cache is never used by two threads at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP

SOURCE_KINDS = ("live", "run", "hf")
# progress messages: marked for lupdate here, translated where the source bar shows them
READING = QT_TRANSLATE_NOOP("SourceBar", "reading the checkpoint")
RUNNING = QT_TRANSLATE_NOOP("SourceBar", "running the text through the model")
DONE = QT_TRANSLATE_NOOP("SourceBar", "done")
# the core's top-k search reports tokenizing a long text with an empty message; the top-k view
# translates this in its own context ("%p%": Qt's percentage)
TOKENIZING = QT_TRANSLATE_NOOP("TopKView", "splitting the text into tokens: %p%")
TOPK_K = 10


@dataclass(frozen=True)
class SourceSpec:
    """Where the activations come from: the trainer's run, a saved run or an HF model folder."""

    kind: str  # one of SOURCE_KINDS
    path: str
    device: str = "auto"  # auto, cpu, cuda
    dtype: str = "float32"  # HF models: float32 or bf16
    step: int | None = None  # saved runs: a checkpoint of the history (None: the latest)

    def is_run(self) -> bool:
        return self.kind in ("live", "run")


class ModelCache:
    """The one loaded model (a core RunModel or HfModel) and the text of its top-k corpus."""

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.model: Any = None
        self.corpus_key: tuple[Any, ...] | None = None
        self.corpus = ""

    def clear(self) -> None:
        self.key = self.model = self.corpus_key = None
        self.corpus = ""


def _run_key(spec: SourceSpec) -> tuple[Any, ...]:
    """A saved run changes when its checkpoint is rewritten (the live run, every few steps)."""
    try:
        stamp = (Path(spec.path) / "ckpt.pt").stat().st_mtime_ns
    except OSError:
        stamp = 0
    return ("run", spec.path, spec.step, _run_device(spec.device), stamp)


def _run_device(device: str) -> str:
    return "cpu" if device in ("", "auto") else device


def load_model(cache: ModelCache, spec: SourceSpec, progress: Callable[..., None]) -> Any:
    """The model for ``spec``: the cached one when it is still current, else loaded now."""
    if spec.kind not in SOURCE_KINDS:
        from gatelab.core.inside.errors import InsideError

        raise InsideError(f"unknown source kind {spec.kind!r}")
    if spec.is_run():
        key = _run_key(spec)
    else:
        key = ("hf", spec.path, spec.device, spec.dtype)
    if cache.key == key and cache.model is not None:
        return cache.model
    cache.clear()  # free the old model before loading the next one
    if spec.is_run():
        from gatelab.core.inside.run_source import RunModel

        progress(0.1, READING)
        model = RunModel(spec.path, device=_run_device(spec.device), step=spec.step)
    else:
        from gatelab.core.inside.hf_source import HfModel

        device = None if spec.device in ("", "auto") else spec.device
        model = HfModel(spec.path, device=device, dtype=spec.dtype, progress=progress)
    cache.key, cache.model = key, model
    return model


@dataclass(frozen=True)
class ExampleSwap:
    """The model could not read the tab's default example, so another example was traced."""

    trace: Any  # the trace of ``text``
    text: str  # the example traced instead
    missing: tuple[str, ...]  # what the model lacked in the default example


def unknown_pieces(trace: Any) -> tuple[str, ...]:
    """What the model read as a substitute in ``trace``, each once: the characters core named
    (``unknown_chars``), else the token pieces at the flagged positions ('"' twice in a line
    is one); () when it read everything."""
    positions = getattr(trace, "unknown", ())
    if not positions:
        return ()
    return tuple(getattr(trace, "unknown_chars", ()) or ()) or tuple(
        dict.fromkeys(trace.tokens[i] for i in positions))


def _unreadable(trace: Any) -> tuple[str, ...]:
    """What the model read as a substitute or dropped in ``trace`` (() when it read it all)."""
    return tuple(dict.fromkeys((*unknown_pieces(trace), *trace.dropped_chars)))


def trace_task(cache: ModelCache, spec: SourceSpec, text: str,
               fallbacks: tuple[str, ...] = ()) -> Callable[..., Any]:
    """A task: load (or reuse) the model and trace ``text`` through it → core Trace, or an
    ``ExampleSwap`` with the trace of the first of ``fallbacks`` the model reads whole, when it
    cannot read all of ``text`` (a text the model cannot read at all, and no fallback it can:
    the trace of ``text``, with its warning)."""

    def trace_of(model: Any, progress: Callable[..., None], some: str) -> Any:
        from gatelab.core.inside.types import checked

        # NaN or infinite numbers: the panel says so
        return checked(model.trace(some) if spec.is_run() else model.trace(some, progress))

    def task(progress: Callable[..., None], cancel: threading.Event) -> Any:
        from gatelab.core.inside.errors import InsideError

        model = load_model(cache, spec, progress)
        progress(0.85, RUNNING)
        trace = trace_of(model, progress, text)
        missing = _unreadable(trace) if fallbacks else ()
        for other in fallbacks if missing else ():
            if cancel.is_set():
                break
            try:
                found = trace_of(model, progress, other)
            except InsideError:  # longer than the run's block, say: the next one
                continue
            if not _unreadable(found):
                progress(1.0, DONE)
                return ExampleSwap(found, other, missing)
        progress(1.0, DONE)
        return trace

    return task


def topk_text(cache: ModelCache, spec: SourceSpec, text_file: str) -> str:
    """The larger text to search: a run's validation split, or a chosen UTF-8 file (HF)."""
    key = ("run", spec.path) if spec.is_run() else ("file", text_file)
    if cache.corpus_key == key:
        return cache.corpus
    from gatelab.core.inside.errors import InsideError

    if spec.is_run():
        from gatelab.core.inside.run_source import validation_text

        text = validation_text(spec.path)
    else:
        if not text_file:
            raise InsideError("choose a text file to search for this model's top contexts")
        from gatelab.core.inside.topk import load_text_file

        text = load_text_file(text_file)  # regular files only, capped, UTF-8
    cache.corpus_key, cache.corpus = key, text
    return text


def topk_task(cache: ModelCache, spec: SourceSpec, layer: int, neuron: int,
              text_file: str = "", k: int = TOPK_K) -> Callable[..., Any]:
    """A task: the k contexts of the corpus where the neuron's h is largest (best so far when
    cancelled) → (contexts, searched characters, cancelled?)."""

    def task(progress: Callable[..., None], cancel: threading.Event) -> Any:
        model = load_model(cache, spec, progress)
        corpus = topk_text(cache, spec, text_file)
        from gatelab.core.inside.analysis import top_k_contexts

        def searching(fraction: float, message: str = "") -> None:
            progress(fraction, message or TOKENIZING)

        found = top_k_contexts(model, layer, neuron, corpus, k=k, progress=searching,
                               cancel=cancel)
        return found, len(corpus), cancel.is_set()

    return task


def read_history(run_dir: str) -> tuple[list[tuple[int, Any]], list[int], list[str]]:
    """The run's stats per checkpoint [(step, LayerStats), …] (one entry for an older run,
    none for a run without stats), the steps whose weights were kept, and why damaged entries
    were skipped (messages, one each; call off the GUI)."""
    from gatelab.core import stats_history

    skipped: list[str] = []
    history = stats_history.read_stats_history(run_dir, skipped)
    kept = [s for s in stats_history.history_steps(run_dir)
            if stats_history.weights_path(run_dir, s).is_file()]
    return history, kept, skipped
