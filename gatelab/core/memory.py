"""Estimate memory before allocating a model or a batch, and refuse with the numbers.

Why: ``--batch 10000000`` used to pass validation and die inside the CPU allocator, and
``--width 65536 --heads 1`` was killed by the kernel at 24 GB, losing the terminal to a traceback
or to nothing at all. An estimate from the config alone (no torch allocation) lets the CLI and the
engine say "needs ≈ 38.2 GB, 21.9 GB available" instead.

The estimate is deliberately simple and slightly generous: fp32 everywhere (CUDA autocast stores
some activations in bf16, so it overestimates there), every activation the backward pass keeps,
plus one layer's worth of working memory. ``estimate_inference_bytes`` gives the same kind of
figure for a Hugging Face model from its parameter count and dtype.

This module imports no torch at import time (the CLI checks before torch loads).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from gatelab.core.budget import count_model
from gatelab.core.fileio import human_bytes
from gatelab.core.messages import GatelabError, Msg, error
from gatelab.core.trainconfig import TrainConfig, TrainingError, intermediate_size, model_spec

FLOAT_BYTES = 4  # the trainer keeps parameters, gradients and activations in fp32
ADAMW_STATES = 2  # exp_avg and exp_avg_sq, one each per parameter
#: vocabulary assumed before the corpus is read (the CLI's early check); 256 covers byte-like text
DEFAULT_VOCAB = 256
#: allocator slack and temporaries on top of the saved activations (measured 8–10 % on CPU)
ACTIVATION_SLACK = 1.15


class MemoryEstimateError(GatelabError):
    """The run would not fit: the message gives the estimate and what is available."""


@dataclass(frozen=True)
class MemoryEstimate:
    """Bytes a training run needs, part by part (see ``training_estimate``)."""

    params: int  # weights
    grads: int  # one gradient per weight
    optimizer: int  # AdamW's two moments
    activations: int  # kept for backward, batch × block tokens through every layer
    logits: int  # logits, their log-softmax and gradient over the vocabulary
    n_params: int

    @property
    def total(self) -> int:
        return self.params + self.grads + self.optimizer + self.activations + self.logits

    def describe(self) -> Msg:
        # sized as files are ("59.1 KB"; MB without a decimal read "0 MB weights": s19 P4)
        return Msg("memory.parts", {"weights": human_bytes(self.params),
                                    "grads": human_bytes(self.grads),
                                    "optimizer": human_bytes(self.optimizer),
                                    "activations": human_bytes(self.activations),
                                    "logits": human_bytes(self.logits)})


def count_training_params(config: TrainConfig, vocab_size: int) -> int:
    """Exact parameter count of the trainer's model (the budget module's count)."""
    return count_model(model_spec(config, vocab_size)).total


def _floats_per_token_per_layer(config: TrainConfig) -> int:
    """Activations one token leaves in one block for the backward pass (in floats).

    Attention: both norms' input and output (4d), q, k, v and their rotated copies (≈ 2d + 4·kv),
    repeated k/v for GQA (2d), the attention output and o_proj's input (2d), the output gate
    (2d when on), and the attention scores (heads × block) where they are materialised: the
    fused (flash) kernel PyTorch uses on CPU and CUDA keeps only a log-sum-exp per head (measured:
    block 8192 grew 13 MB, not the 537 MB of scores), but attention dropout and MPS fall back to
    the math kernel, which stores the whole softmax.
    FFN: g, u, act(g) and h (4m gated; g and act(g), 2m, classic), the residual (d)."""
    d, m, T = config.n_embd, intermediate_size(config), config.block_size
    kv_dim = config.kv_heads * (d // config.n_head)
    attn = 4 * d + 2 * d + 4 * kv_dim + (2 * d if config.kv_heads != config.n_head else 0)
    math_kernel = config.dropout > 0 or config.device == "mps"
    attn += 2 * d + (2 * d if config.attn_gate else 0) + config.n_head * (T if math_kernel else 1)
    ffn = (4 if config.gated else 2) * m + d
    return attn + ffn


def training_estimate(config: TrainConfig, vocab_size: int = DEFAULT_VOCAB) -> MemoryEstimate:
    """Bytes one training step of ``config`` needs, before anything is allocated."""
    n = count_training_params(config, vocab_size)
    tokens = config.batch_size * config.block_size
    per_layer = _floats_per_token_per_layer(config)
    # every layer's saved activations, plus one more layer of working memory during backward
    activations = int(tokens * per_layer * (config.n_layer + 1) * FLOAT_BYTES * ACTIVATION_SLACK)
    logits = int(3 * tokens * vocab_size * FLOAT_BYTES * ACTIVATION_SLACK)  # + log-softmax, grad
    if config.positions == "rope":  # angle, cos and sin tables [block, head_dim / 2]
        activations += 3 * config.block_size * (config.n_embd // config.n_head) // 2 * FLOAT_BYTES
    return MemoryEstimate(params=n * FLOAT_BYTES, grads=n * FLOAT_BYTES,
                          optimizer=ADAMW_STATES * n * FLOAT_BYTES, activations=activations,
                          logits=logits, n_params=n)


def estimate_inference_bytes(n_params: int, dtype_bytes: float, *, batch: int = 1,
                             seq_len: int = 0, n_layer: int = 0, kv_dim: int = 0,
                             hidden: int = 0, intermediate: int = 0,
                             vocab: int = 0) -> int:
    """Bytes to run a (Hugging Face) model forward without gradients.

    ``n_params × dtype_bytes`` for the weights (``dtype_bytes`` 4 for float32, 2 for
    bfloat16/float16, 1 for int8, 0.5 for 4-bit), plus, when the shapes are given, the KV cache
    (2 · n_layer · batch · seq_len · kv_dim) and the largest live activations of one layer
    (batch · seq_len · (2·hidden + 2·intermediate)) and the logits (batch · seq_len · vocab,
    fp32). With only the first two arguments it is the weights alone: the least the model needs.

    Use with ``check_fits``: ``check_fits(estimate_inference_bytes(n, 2), "cpu", "the model")``.
    """
    for name, value in (("n_params", n_params), ("batch", batch), ("seq_len", seq_len),
                        ("n_layer", n_layer), ("kv_dim", kv_dim), ("hidden", hidden),
                        ("intermediate", intermediate), ("vocab", vocab)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise error("value.whole_min0", name=name, value=value)
    if not dtype_bytes > 0:
        raise error("value.gt0", name="dtype_bytes", value=dtype_bytes)
    weights = int(n_params * dtype_bytes)
    tokens = batch * seq_len
    kv_cache = int(2 * n_layer * tokens * kv_dim * dtype_bytes)
    working = int(tokens * (2 * hidden + 2 * intermediate) * dtype_bytes)
    logits = tokens * vocab * FLOAT_BYTES
    return weights + kv_cache + working + logits


def available_bytes(device: Any = "cpu") -> int | None:
    """Free memory on ``device`` ("cpu", "cuda", "cuda:1", "mps" or a torch.device): CUDA's
    free device memory, else the host's MemAvailable (/proc/meminfo; MPS shares host RAM).
    None when it cannot be told (then nothing is refused)."""
    kind = getattr(device, "type", None) or str(device).split(":")[0]
    if kind == "cuda":
        try:
            import torch

            free, _total = torch.cuda.mem_get_info(device if hasattr(device, "type") else None)
            return int(free)
        except Exception:  # no driver, no device: let the engine report it
            return None
    return _host_available()


def _host_available() -> int | None:
    try:
        with open("/proc/meminfo", "rb") as fh:  # a kernel file: small, regular, never blocks
            for line in fh.read(65536).decode("ascii", "replace").splitlines():
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def check_fits(needed: int, device: Any = "cpu", what: str | None = None,
               detail: str = "", hint: str = "") -> None:
    """Raise ``MemoryEstimateError`` ("needs ≈ 38.2 GB, 21.9 GB available") when ``needed``
    bytes exceed what ``device`` has free; do nothing when that cannot be told."""
    free = available_bytes(device)
    if free is None or needed <= free:
        return
    kind = getattr(device, "type", None) or str(device).split(":")[0]
    values = {"what": what or Msg("memory.this_run"), "needed": human_bytes(needed),
              "free": human_bytes(free),
              "where": Msg("memory.gpu" if kind == "cuda" else "memory.ram")}
    message = Msg("memory.needs", values)
    if detail:
        message = Msg("memory.needs_detail", dict(values, detail=detail))
    raise MemoryEstimateError(Msg("memory.hint", {"message": message, "hint": hint}) if hint
                              else message)


def check_training(config: TrainConfig, vocab_size: int = DEFAULT_VOCAB,
                   device: Any = "cpu") -> MemoryEstimate:
    """Refuse a config whose training step would not fit on ``device``; return the estimate."""
    est = training_estimate(config, vocab_size)
    check_fits(est.total, device, Msg("memory.training"), est.describe(),
               Msg("memory.training_hint"))
    return est


_OOM_MARKERS = ("out of memory", "can't allocate memory", "cannot allocate memory",
                "not enough memory", "defaultcpuallocator", "failed to allocate")


def is_out_of_memory(exc: BaseException) -> bool:
    """True for the allocators' out-of-memory errors (CUDA, CPU on Linux/macOS/Windows, MPS)."""
    if isinstance(exc, MemoryError):
        return True
    text = str(exc).lower()
    return any(marker in text for marker in _OOM_MARKERS)


def oom_or(exc: RuntimeError, device: Any, step: int, B: int, T: int,
           n_params: int) -> RuntimeError:
    """A TrainingError naming the step and sizes for out-of-memory errors; else exc itself.

    CUDA says "out of memory"; the CPU allocator says "DefaultCPUAllocator: can't allocate
    memory" (Linux) or "not enough memory" (Windows); all of them are the same advice."""
    if isinstance(exc, TrainingError) or not is_out_of_memory(exc):
        return exc
    if device.type == "cuda":
        import torch  # (a training process: torch is loaded)

        torch.cuda.empty_cache()
    return TrainingError(Msg("train.oom", {"device": device.type.upper(), "step": step, "batch": B,
                                         "block": T, "params": n_params}))
