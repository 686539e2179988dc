"""Reading a run's checkpoint back: to resume training on the same loss curve, or to sample.

Why apart from the loop (engine.py): what a checkpoint must match to be resumed (the fields that
shape the model or its data) is a contract of its own, read by the CLI's messages and the tests,
and the training loop reads better without it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gatelab.core import data
from gatelab.core.messages import Msg, error, first_line
from gatelab.core.model import GPT, intermediate_size
from gatelab.core.runs import RunError, has_checkpoint, is_run_dir, load_checkpoint
from gatelab.core.state_fit import load_fitting
from gatelab.core.trainconfig import TrainConfig, same_corpus

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


def finish_completed(run_dir: Path | str) -> str | None:
    """Finish a run that trained every step but was killed before it said so
    (``run_samples.completed_unfinished``; its checkpoint's step decides when the run kept no
    statistics): its final sample (the one the engine would have written: same model, same
    seed) is added to samples.txt and run.json says "finished". Returns the sample ("" when the
    run samples nothing, or had saved it already); None, with nothing written, for any other
    run. Why: a resume refused such a run ("already completed"), so from the command line it
    stayed interrupted for good, and an experiment holding one could never be continued (each
    --continue failed and marked the experiment failed). The folder is locked meanwhile
    (run_lock): RunError run.busy while another process trains it."""
    from gatelab.core.run_lock import claim_run

    lock = claim_run(run_dir)
    try:
        return _finish_completed(Path(run_dir))
    finally:
        lock.release()


def _finish_completed(path: Path) -> str | None:
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
    mark_completed(path, ckpt_step=int(step))
    return text


__all__ = ["ARCH_FIELDS", "check_resume", "finish_completed", "load_trained", "read_checkpoint"]
