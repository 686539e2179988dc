"""Reading a run's checkpoint back: to resume training on the same loss curve, or to sample.

Why apart from the loop (engine.py): what a checkpoint must match to be resumed (the fields that
shape the model or its data) is a contract of its own, read by the CLI's messages and the tests,
and the training loop reads better without it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

from gatelab.core import data, stats
from gatelab.core.memory import is_out_of_memory
from gatelab.core.messages import Msg, error, first_line
from gatelab.core.model import GPT, intermediate_size
from gatelab.core.runs import RunError, has_checkpoint, is_run_dir, load_checkpoint
from gatelab.core.state_fit import load_fitting
from gatelab.core.trainconfig import LayerStats, TrainConfig, same_corpus

# fields that shape the model or its data: a resumed run must keep them
ARCH_FIELDS = ("corpus", "variant", "n_layer", "n_head", "n_kv_head", "n_embd", "multiple_of",
               "block_size", "attn_gate", "positions", "tie_embeddings")


def load_trained(run_dir: Path | str, device: str = "cpu") -> tuple[GPT, data.Vocab, TrainConfig]:
    """The model, vocabulary and config saved in a run's checkpoint (e.g. to sample from it)."""
    return _trained(load_checkpoint(run_dir, map_location=device), run_dir, device)


def _trained(ckpt: dict[str, Any], run_dir: Path | str, device: str = "cpu"
             ) -> tuple[GPT, data.Vocab, TrainConfig]:
    config = TrainConfig.from_dict(ckpt["config"])
    try:
        vocab = data.Vocab(ckpt["vocab"])
        model = GPT(config, len(vocab)).to(device)
        load_weights(model, ckpt, run_dir, "ckpt.does_not_fit")
    except (RuntimeError, ValueError, TypeError, KeyError) as exc:  # weights of another shape
        raise RunError(Msg("ckpt.does_not_fit", {"folder": run_dir,
                                                   "reason": first_line(exc)})) from None
    return model, vocab, config


def load_weights(model: GPT, ckpt: dict[str, Any], run_dir: Path | str | None, key: str,
                 finite: bool = False) -> None:
    """Load a checkpoint's weights into ``model``; RunError ``key`` in gatelab's words
    (``state_fit``) when they do not fit, never torch's "Error(s) in loading state_dict".
    ``finite``: refuse weights holding NaN or infinity too (to resume: training from them
    failed at its first step with "lower the learning rate", which could not help; probe s19
    D6). Analysing them is allowed: the Inside tab says the numbers are not finite."""
    if (misfit := load_fitting(model, ckpt["model"])) is not None:
        raise RunError(Msg(key, {"folder": run_dir, "reason": misfit}))
    if finite:
        bad = [name for name, tensor in model.state_dict().items()
               if tensor.is_floating_point() and not bool(tensor.isfinite().all())]
        if bad:
            raise RunError(Msg(key, {"folder": run_dir, "reason": Msg("ckpt.not_finite", {
                "names": ", ".join(bad[:3]) + (", …" if len(bad) > 3 else ""),
                "count": len(bad)})}))


def check_resume(config: TrainConfig, ckpt: dict[str, Any], vocab: data.Vocab) -> None:
    saved = ckpt.get("config", {})
    for name in ARCH_FIELDS:
        if name == "corpus" and same_corpus(saved.get(name), config.corpus):
            continue
        if saved.get(name) != getattr(config, name):
            raise error("resume.arch", name=name, saved=repr(saved.get(name)),
                        wanted=repr(getattr(config, name)))
    saved_cfg = TrainConfig.from_dict(saved)
    if intermediate_size(saved_cfg) != intermediate_size(config):
        raise error("resume.intermediate", saved=intermediate_size(saved_cfg),
                    wanted=intermediate_size(config))
    if ckpt.get("vocab") != vocab.chars:
        raise error("resume.vocab")
    if ckpt.get("step", 0) >= config.steps:
        raise error("resume.done", steps=str(ckpt.get("step")))


def read_checkpoint(config: TrainConfig, run_dir: Path | str | None, resume: bool,
                     vocab: data.Vocab) -> dict[str, Any] | None:
    """The checkpoint to resume from (checked against ``config``), or None to start afresh."""
    if not resume:
        return None
    if run_dir is None:
        raise error("resume.no_folder")
    if has_checkpoint(run_dir):
        ckpt = load_checkpoint(run_dir, map_location="cpu")
        check_resume(config, ckpt, vocab)
        return ckpt
    if not is_run_dir(Path(run_dir)):  # a run killed before its first checkpoint restarts
        raise RunError(Msg("resume.nothing", {"folder": run_dir}))
    return None


def checkpoint_stats(model: GPT, batch: torch.Tensor | None, probe: list[int],
                     config: TrainConfig) -> LayerStats | None:
    """The statistics a checkpoint files beside its weights, measured on ``batch`` (x of a
    training batch) and the probe: one pass without gradients, no random numbers drawn, so the
    run's loss curve is unchanged. None without statistics (--no-stats, no batch) or when out
    of memory (the checkpoint matters more)."""
    if not config.stats or batch is None:
        return None
    try:
        return stats.measure(model, batch, probe, config.probe_position, config.gate_eps,
                             config.hist_bins)
    except RuntimeError as exc:
        if not is_out_of_memory(exc):
            raise
        return None


def fill_history(run_dir: Path | str, step: int, model: GPT, config: TrainConfig,
                 batch: Callable[[], torch.Tensor | None], probe: list[int],
                 warn: Callable[[Msg], None]) -> None:
    """Write what is missing of the stats-history entry of checkpoint ``step`` (its statistics,
    measured on ``batch()`` as ``checkpoint_stats`` does, and a small model's weights), as the
    checkpoint would have (``run_writer.write_history``). Why: a kill right after ckpt.pt, before
    its entry, lost that entry for good; the resume went on from ``step`` and the step slider
    of the finished run skipped it (probe s21 D6). An entry that is there is left as it is."""
    from gatelab.core.run_writer import write_history
    from gatelab.core.stats_history import MAX_WEIGHT_PARAMS, entry_path, weights_path

    state = model.state_dict()
    small = sum(t.numel() for t in state.values()) <= MAX_WEIGHT_PARAMS
    want_stats = config.stats and not os.path.lexists(entry_path(run_dir, step))
    want_weights = small and not os.path.lexists(weights_path(run_dir, step))
    if not (want_stats or want_weights):
        return
    measured = checkpoint_stats(model, batch(), probe, config) if want_stats else None
    write_history(Path(run_dir), step, measured, state if want_weights else None, warn)


def _resumed_batch(config: TrainConfig, ckpt: dict[str, Any]) -> torch.Tensor | None:
    """x of the batch the run would have trained on next (its sampler as the checkpoint saved
    it), for the statistics of a checkpoint's history entry; None when the corpus cannot be
    read or is no longer the one the run was trained on (its vocabulary differs)."""
    try:
        corpus = data.load_corpus(config.corpus)
        if corpus.vocab.chars != ckpt.get("vocab"):
            return None
        train_ids, _ = data.split(corpus, config.block_size)
        sampler = data.BatchSampler(train_ids, config.block_size, config.batch_size,
                                    config.seed)
        sampler.set_state(ckpt["rng"]["sampler"])
        return sampler.peek()
    except (ValueError, OSError, RuntimeError, TypeError, KeyError):
        return None


def finish_completed(run_dir: Path | str,
                     on_warning: Callable[[Msg], None] | None = None) -> str | None:
    """Finish a run that trained every step but was killed before it said so
    (``run_samples.completed_unfinished``; its checkpoint's step decides when the run kept no
    statistics): its final sample (the one the engine would have written: same model, same
    seed) is added to samples.txt, what a kill right after ckpt.pt left out of its last
    history entry is written (``fill_history``; ``on_warning`` hears when it cannot be) and
    run.json says "finished". Returns the sample ("" when the
    run samples nothing, or had saved it already); None, with nothing written, for any other
    run. Why: a resume refused such a run ("already completed"), so from the command line it
    stayed interrupted for good, and an experiment holding one could never be continued (each
    --continue failed and marked the experiment failed). The folder is locked meanwhile
    (run_lock): RunError run.busy while another process trains it."""
    from gatelab.core.run_lock import claim_run

    lock = claim_run(run_dir)
    try:
        return _finish_completed(Path(run_dir), on_warning or (lambda _msg: None))
    finally:
        lock.release()


def _finish_completed(path: Path, warn: Callable[[Msg], None]) -> str | None:
    """``finish_completed`` with the folder locked."""
    from gatelab.core.engine import sample_text
    from gatelab.core.run_samples import (
        append_sample,
        completed_unfinished,
        has_sample_at,
        mark_completed,
    )
    from gatelab.core.runs import SUMMARY, read_json
    from gatelab.core.sampling import one_thread

    summary = read_json(path / SUMMARY)
    if not completed_unfinished(path, summary, ckpt_step=summary.get("steps_total")):
        return None  # (the summary's part of the rule; the checkpoint's step is read next)
    ckpt = load_checkpoint(path)
    step = ckpt.get("step")
    if not completed_unfinished(path, summary, ckpt_step=step if isinstance(step, int) else -1):
        return None  # its checkpoint is older: resuming trains the rest
    model, vocab, config = _trained(ckpt, path)
    text = ""
    if config.sample_chars > 0 and not has_sample_at(path, int(step)):
        with one_thread():  # as the engine samples: one sequence, one thread
            text = sample_text(model, vocab, config.sample_chars, seed=config.seed)
        append_sample(path, int(step), text, claimed=True)
    fill_history(path, int(step), model, config, lambda: _resumed_batch(config, ckpt),
                 stats.probe_ids(vocab, config.block_size), warn)
    mark_completed(path, ckpt_step=int(step))
    return text


__all__ = ["ARCH_FIELDS", "check_resume", "checkpoint_stats", "fill_history", "finish_completed",
           "load_trained", "read_checkpoint"]
