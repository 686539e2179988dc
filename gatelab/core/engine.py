"""The training loop as a generator of plain-data snapshots (no Qt, no threads of its own).

Why a generator: the GUI runs it in a worker thread and forwards each ``Snapshot``; the CLI draws a
progress bar from the same snapshots; tests just iterate. The loop owns everything that must be
exact for the lessons' comparisons to mean anything: seeds (the same seed gives the same losses on
a CPU), a resume that continues the same loss curve bit for bit (model, optimizer, RNG and
data-sampler states are checkpointed), and a noise-free evaluation (a fixed set of validation
batches, so every eval of every variant with the same seed sees the same text).

Speed: ordinary steps do nothing but train. Statistics are collected on stats steps only (see
``gatelab.core.stats``); the loss reaches the host only when a snapshot is reported.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch

from gatelab.core import data, memory, stats
from gatelab.core.memory import oom_or
from gatelab.core.devices import autocast_for, cpu_threads, resolve_device  # noqa: F401 (re-exported)
from gatelab.core.model import GPT
from gatelab.core.optim import clipped_step, make_optimizer, state_problem  # noqa: F401
from gatelab.core.messages import Msg, first_line
from gatelab.core.engine_resume import ARCH_FIELDS, load_trained, load_weights, read_checkpoint  # noqa: F401 (re-exported)
from gatelab.core.engine_resume import checkpoint_stats, fill_history
from gatelab.core.run_lock import FolderLock, claim_run
from gatelab.core.sampling import sample_text  # noqa: F401 (re-exported: callers name it here)
from gatelab.core.runs import RunError, RunWriter
from gatelab.core.trainconfig import LayerStats, Snapshot, TrainConfig, TrainingError

def lr_at(config: TrainConfig, it: int) -> float:
    """Learning rate for 0-based step ``it``: linear warmup, then cosine to lr·min_lr_ratio."""
    if it < config.warmup_steps:
        return config.lr * (it + 1) / (config.warmup_steps + 1)
    span = config.steps - config.warmup_steps
    ratio = 1.0 if span <= 0 else min(1.0, (it - config.warmup_steps) / span)
    min_lr = config.lr * config.min_lr_ratio
    return min_lr + 0.5 * (1.0 + math.cos(math.pi * ratio)) * (config.lr - min_lr)


def default_threads(config: TrainConfig) -> int:
    """config.threads, else all cores (the GUI keeps one for itself on 4+ cores: see cpu_threads)."""
    return cpu_threads(config.threads)


@torch.no_grad()
def evaluate(model: torch.nn.Module, val_ids: torch.Tensor, config: TrainConfig,
             device: torch.device) -> float:
    """Mean loss over ``eval_iters`` fixed validation batches (same batches at every eval)."""
    sampler = data.BatchSampler(val_ids, config.block_size, config.batch_size, config.seed + 1, device)
    was_training = model.training
    model.eval()
    losses = []
    for _ in range(config.eval_iters):
        x, y = sampler.next()
        with autocast_for(device):
            _, loss = model(x, y)
        losses.append(loss.float())
    model.train(was_training)
    return float(torch.stack(losses).mean().item())


def train_step(model: GPT, fwd: torch.nn.Module, optimizer: torch.optim.Optimizer,
               sampler: data.BatchSampler, config: TrainConfig, device: torch.device,
               capture: stats.BatchCapture | None = None) -> torch.Tensor:
    """One optimisation step; returns the loss as a detached device tensor. Nothing here waits
    for the device (no ``.item()``, pinned non-blocking batches, fused AdamW), so a GPU runs
    ahead of Python until the engine reads the losses of a whole log interval at once."""
    x, y = sampler.next()
    with autocast_for(device):
        _, loss = model(x, y, capture=capture) if capture is not None else fwd(x, y)
    loss.backward()
    clipped_step(optimizer, config.grad_clip)
    optimizer.zero_grad(set_to_none=True)
    return loss.detach()


@dataclass
class _Run:
    """Everything one training run holds between steps (what a checkpoint saves, and more)."""

    config: TrainConfig
    device: torch.device
    corpus: data.Corpus
    val_ids: torch.Tensor
    model: GPT
    fwd: torch.nn.Module  # the model, or its compiled form
    optimizer: torch.optim.Optimizer
    sampler: data.BatchSampler
    writer: RunWriter | None
    n_params: int
    run_dir: str = ""  # as the caller gave it ("" for a run that is not saved)
    step: int = 0
    tokens_seen: int = 0
    elapsed0: float = 0.0  # seconds trained before this process (a resumed run)
    last_val: float | None = None
    last_stats: LayerStats | None = None
    stats_step: int = -1  # the step last_stats were measured at
    probe: list[int] = field(default_factory=list)  # the probe text's ids (stats.probe_ids)
    t_start: float = field(default_factory=time.perf_counter)

    def elapsed(self) -> float:
        return self.elapsed0 + time.perf_counter() - self.t_start

    def checkpoint_state(self) -> dict[str, Any]:
        """What ``resume`` needs to continue the same loss curve bit for bit."""
        cuda = self.device.type == "cuda"
        return {"model": self.model.state_dict(), "optimizer": self.optimizer.state_dict(),
                "step": self.step, "tokens_seen": self.tokens_seen, "elapsed_s": self.elapsed(),
                "config": self.config.to_dict(), "vocab": self.corpus.vocab.chars,
                "last_val": self.last_val,
                "rng": {"torch": torch.get_rng_state(), "sampler": self.sampler.get_state(),
                        "cuda": torch.cuda.get_rng_state_all() if cuda else None}}


def _restore(run: _Run, ckpt: dict[str, Any], run_dir: Path | str | None) -> None:
    """Model, optimizer, RNG and sampler states and the counters of a checkpoint."""
    names = {id(p): n for n, p in run.model.named_parameters()}
    problem = state_problem(run.optimizer, ckpt["optimizer"], names)
    if problem is not None:  # torch would not check it: the fused kernel overran buffers
        raise RunError(Msg("ckpt.cannot_restore", {"folder": run_dir, "reason": problem}))
    try:
        load_weights(run.model, ckpt, run_dir, "ckpt.cannot_restore", finite=True)
        run.optimizer.load_state_dict(ckpt["optimizer"])
        run.sampler.set_state(ckpt["rng"]["sampler"])
        torch.set_rng_state(ckpt["rng"]["torch"])
        if run.device.type == "cuda" and ckpt["rng"].get("cuda") is not None:
            torch.cuda.set_rng_state_all(ckpt["rng"]["cuda"])
    except RunError:
        raise  # worded already: wrapped again it said "cannot be restored" twice (s19)
    except (RuntimeError, ValueError, TypeError, KeyError, IndexError) as exc:
        raise RunError(Msg("ckpt.cannot_restore", {"folder": run_dir,
                                                   "reason": first_line(exc)})) from None
    run.step, run.tokens_seen = int(ckpt["step"]), int(ckpt["tokens_seen"])
    run.last_val = ckpt.get("last_val") if isinstance(ckpt.get("last_val"), float) else None
    elapsed = float(ckpt["elapsed_s"])  # NaN or inf would spread into every later row
    run.elapsed0 = elapsed if math.isfinite(elapsed) and elapsed >= 0 else 0.0


def _start(config: TrainConfig, run_dir: Path | str | None, resume: bool,
           on_warning: Callable[[str], None] | None = None) -> _Run:
    """Check the config, build model, optimizer and sampler (restored when resuming), open the
    run folder. Refuses a model that would not fit before allocating it. A resumed folder is
    locked before its checkpoint is read; its writer keeps the lock (see run_lock for why)."""
    config.validate()
    lock = claim_run(run_dir) if resume and run_dir is not None else None
    try:
        return _build(config, run_dir, resume, on_warning, lock)
    except BaseException:
        if lock is not None:
            lock.release()
        raise


def _build(config: TrainConfig, run_dir: Path | str | None, resume: bool,
           on_warning: Callable[[str], None] | None, lock: FolderLock | None) -> _Run:
    """``_start`` once the folder is claimed (``lock``: the resumed folder's, or None)."""
    torch.set_num_threads(default_threads(config))
    device = resolve_device(config.device)
    corpus = data.load_corpus(config.corpus)
    train_ids, val_ids = data.split(corpus, config.block_size)
    ckpt = read_checkpoint(config, run_dir, resume, corpus.vocab)
    memory.check_training(config, len(corpus.vocab), device)  # refuse before allocating
    torch.manual_seed(config.seed)
    model = GPT(config, len(corpus.vocab)).to(device)
    run = _Run(config, device, corpus, val_ids, model, model, make_optimizer(model, config, device),
               data.BatchSampler(train_ids, config.block_size, config.batch_size, config.seed, device),
               None, model.num_params())
    if ckpt is not None:
        _restore(run, ckpt, run_dir)
    if config.compile:
        run.fwd = torch.compile(model)  # type: ignore[assignment]
    if run_dir is not None:
        run.run_dir = str(run_dir)
        run.writer = RunWriter(run_dir, config, corpus.info.to_dict(), run.n_params, str(device),
                               resume_step=run.step if resume else None, on_warning=on_warning,
                               lock=lock)
    run.t_start = time.perf_counter()
    return run


def _stats_capture(run: _Run, is_eval: bool, checkpoint: bool) -> stats.BatchCapture | None:
    """A capture for this step when it is a stats step: every stats_interval, evals, and the
    steps checkpointed by the step count, so that the stats history entry of such a checkpoint
    holds that step's statistics beside that step's weights (it held the last stats step's)."""
    cfg = run.config
    if not cfg.stats or not (run.step % cfg.stats_interval == 0 or is_eval or checkpoint):
        return None
    return stats.BatchCapture(cfg.n_layer, cfg.variant, cfg.gate_eps, cfg.hist_bins, run.device)


def _mean_loss(loss_buf: list[torch.Tensor], step: int, config: TrainConfig) -> float:
    """The mean of the buffered step losses: one device-to-host copy for the whole interval (the
    only host sync of ordinary steps). A non-finite loss names its step and learning rate."""
    losses = ([loss_buf[0].item()] if len(loss_buf) == 1
              else torch.stack(loss_buf).float().cpu().tolist())
    bad = next((i for i, v in enumerate(losses) if not math.isfinite(v)), None)
    if bad is not None:
        bad_step = step - len(loss_buf) + 1 + bad
        raise TrainingError(Msg("train.loss_nan", {
            "loss": losses[bad], "step": bad_step, "lr": lr_at(config, bad_step - 1)}))
    return sum(losses) / len(losses)


def _report(run: _Run, train_loss: float, lr: float, tps: float, is_eval: bool, stop: bool,
            cap: stats.BatchCapture | None) -> Snapshot:
    """The snapshot of this step: stats (with the probe pass) and evaluation; the final sample
    is added by ``_persist``, after the final checkpoint."""
    cfg, step = run.config, run.step
    snap_stats = None
    if cap is not None:
        snap_stats = cap.materialise(stats.probe_pass(run.model, run.probe, cfg.probe_position,
                                                      run.device, to_host=False))
        run.last_stats, run.stats_step = snap_stats, step
    val = evaluate(run.fwd, run.val_ids, cfg, run.device) if is_eval else None
    if val is not None:
        if not math.isfinite(val):
            raise TrainingError(Msg("train.val_nan", {"loss": val, "step": step}))
        run.last_val = val
    status = "stopped" if stop else ("finished" if step == cfg.steps else "running")
    return Snapshot(step=step, steps_total=cfg.steps, tokens_seen=run.tokens_seen,
                    train_loss=train_loss, lr=lr, tokens_per_s=tps, elapsed_s=run.elapsed(),
                    val_loss=val, stats=snap_stats, status=status,
                    run_dir=run.run_dir,
                    device=str(run.device))


def _persist(run: _Run, snap: Snapshot, on_sampling: Callable[[Snapshot], None] | None = None,
             checkpoint: bool = False) -> Snapshot:
    """Metrics row and (when due, or at the end) a checkpoint in the run folder, then the final
    sample; returns the snapshot with that sample.

    Why this order: sampling (generation, and the write to samples.txt) comes after the
    checkpoint, so a sample that fails cannot cost the steps trained since the last one; a
    sample that cannot be written is only a warning (``RunWriter.add_sample``)."""
    w = run.writer
    final = snap.status != "running"
    if w is not None:
        w.append(snap)
        if final or checkpoint or w.checkpoint_due(snap.step, run.config.checkpoint_interval,
                                                   snap.val_loss is not None):
            _checkpoint(run)
    cfg = run.config
    if snap.status == "finished" and cfg.sample_chars > 0:
        if on_sampling is not None:  # the last step is done: say so before the sample's wait
            on_sampling(snap)
        from gatelab.core.sampling import one_thread
        with one_thread():  # one sequence: a second thread only waits (≈ 8× slower, measured)
            text = sample_text(run.model, run.corpus.vocab, cfg.sample_chars, seed=cfg.seed)
        snap = dataclasses.replace(snap, sample=text)
        if w is not None:
            w.add_sample(snap.step, text)
    if w is not None and final:
        w.finish(snap.status)
    return snap


def _checkpoint(run: _Run) -> None:
    """Write this step's checkpoint with this step's statistics. Why: the stats history files
    them beside the step's weights, and a checkpoint at a step without a stats pass (the 60 s
    timer, a pause, a stop, a dropped generator) filed statistics up to stats_interval − 1
    steps older. One pass without gradients on the step's batch measures them; it draws no
    random numbers (eval mode where there is dropout), so the run's loss curve is unchanged."""
    if run.stats_step != run.step:
        measured = checkpoint_stats(run.model, run.sampler.last, run.probe, run.config)
        if measured is not None:  # (None: no statistics, or out of memory: the checkpoint counts)
            run.last_stats, run.stats_step = measured, run.step
    run.writer.checkpoint(run.checkpoint_state(), run.last_stats)  # type: ignore[union-attr]


def _close_failed(run: _Run | None, exc: BaseException) -> BaseException:
    """Record in the run folder how the run ended (a dropped generator keeps what was trained);
    returns the exception to raise (out-of-memory errors get sizes and advice)."""
    w = run.writer if run is not None else None
    running = w is not None and w.summary["status"] == "running"
    if isinstance(exc, GeneratorExit):
        if running:
            _checkpoint(run)  # type: ignore[arg-type]
            w.finish("stopped")  # type: ignore[union-attr]
        return exc
    if isinstance(exc, KeyboardInterrupt):  # a second Ctrl-C (or SIGTERM): the last checkpoint
        if running:  # stands; the CLI's Interrupted carries the signal's number
            signum = getattr(exc, "signum", signal.SIGINT)
            how = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
            w.finish("interrupted", f"aborted with {how}")  # type: ignore[union-attr]
        return exc
    err: BaseException = exc
    if isinstance(exc, RuntimeError) and run is not None:  # out of memory in an eval or stats pass
        c = run.config
        err = oom_or(exc, run.device, run.step, c.batch_size, c.block_size, run.n_params)
    if running:  # a run.json that cannot be written must not hide why the run failed
        with contextlib.suppress(OSError):
            w.finish("failed", str(err) or type(err).__name__)  # type: ignore[union-attr]
    return err


def train_steps(config: TrainConfig, stop_event: threading.Event | None = None,
                run_dir: Path | str | None = None, resume: bool = False,
                on_warning: Callable[[str], None] | None = None,
                on_sampling: Callable[[Snapshot], None] | None = None,
                pausing: Callable[[], bool] | None = None) -> Iterator[Snapshot]:
    """Train per ``config``, yielding a ``Snapshot`` every ``log_interval`` steps and on eval,
    stats and final steps. The last snapshot has status "finished" or "stopped".

    run_dir=None writes nothing; pass ``runs.new_run_dir()`` (or any folder) to persist the run.
    resume=True continues the run in ``run_dir`` from its checkpoint (same loss curve); the
    config's architecture must match and ``config.steps`` may be raised to train further. A run
    folder without a checkpoint (killed before its first one) is trained again from step 0.
    Checkpoints are written every ``checkpoint_interval`` steps, at the first evaluation and at
    least every ``runs.checkpoint_seconds()`` (60 s), so a crash loses about a minute at most.
    ``on_warning`` gets, once each, the problems that do not stop the run (a samples.txt or stats
    history that cannot be written); they are kept in run.json's "warnings" too.
    ``on_sampling`` gets the final snapshot (no sample yet) when the last step is done and the
    final sample is about to be written (seconds on a CPU), so a caller can show that.
    ``pausing()`` is asked after each step: True (the caller pauses after this snapshot) reports
    the step and writes a checkpoint, so a crash while paused loses nothing trained.
    Raises ``ValueError`` (bad config, ``data.CorpusError``, device unavailable) and
    ``TrainingError`` (non-finite loss, out of memory) from inside the iteration.
    """
    run = _start(config, run_dir, resume, on_warning)
    run.probe = stats.probe_ids(run.corpus.vocab, config.block_size)
    tokens = config.batch_size * config.block_size
    interval_tokens, interval_time = 0, 0.0
    loss_buf: list[torch.Tensor] = []
    run.model.train()
    try:
        if resume and run.writer is not None and run.step > 0:  # the entry a kill may have cost
            fill_history(run.writer.path, run.step, run.model, config, run.sampler.peek,
                         run.probe, run.writer.warn)
        while run.step < config.steps:
            t0 = time.perf_counter()
            lr = lr_at(config, run.step)
            for group in run.optimizer.param_groups:
                group["lr"] = lr
            run.step += 1
            is_eval = run.step % config.eval_interval == 0 or run.step == config.steps
            # (reported too: a checkpoint is written only with a snapshot's metrics row, and one
            # due between two logged steps was skipped, e.g. every 6 steps logged every 4)
            scheduled = run.writer is not None and run.step % config.checkpoint_interval == 0
            cap = _stats_capture(run, is_eval, scheduled)
            try:
                loss_buf.append(train_step(run.model, run.fwd, run.optimizer, run.sampler, config,
                                           run.device, cap))
            except RuntimeError as exc:
                raise oom_or(exc, run.device, run.step, config.batch_size, config.block_size,
                              run.n_params) from None
            run.tokens_seen += tokens
            interval_tokens += tokens
            stop = stop_event is not None and stop_event.is_set()
            pause = pausing is not None and pausing()
            if not (stop or pause or is_eval or cap is not None or scheduled
                    or run.step == config.steps or run.step % config.log_interval == 0):
                interval_time += time.perf_counter() - t0
                continue
            train_loss = _mean_loss(loss_buf, run.step, config)
            loss_buf.clear()
            interval_time += time.perf_counter() - t0
            tps = interval_tokens / max(interval_time, 1e-9)
            interval_tokens, interval_time = 0, 0.0
            snap = _persist(run, _report(run, train_loss, lr, tps, is_eval, stop, cap),
                            on_sampling, checkpoint=pause)
            yield snap
            if stop:
                return
    except BaseException as exc:
        err = _close_failed(run, exc)
        try:
            if err is exc:
                raise
            raise err from None
        finally:  # the raised error's traceback holds this frame: no cycle through a local
            del err
    finally:
        if run.writer is not None:
            run.writer.close()
