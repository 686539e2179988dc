"""The training engine's contract: what a run is asked to do, and what it reports back.

Both sides of the GUI/engine boundary import only this module's plain types. A ``Snapshot`` holds
floats and numpy arrays, never tensors, so the GUI thread never touches torch and a snapshot can be
written to ``metrics.jsonl`` or sent across a process boundary unchanged.

The model's sizing lives here too (``intermediate_size``, ``matched_intermediate``,
``model_spec``, ``count_params``): it is plain integer arithmetic over the budget module, and
keeping it torch-free lets the trainer tab show a live parameter count without loading torch.
Names: d is the hidden width (``n_embd``), m the FFN's intermediate width.
"""

from __future__ import annotations

import dataclasses
import math
import os
from dataclasses import dataclass
from typing import Any

import numpy as np

from gatelab.core.budget.model import ModelSpec, count_model
from gatelab.core.budget.rules import partner_intermediate, rule_8_3
from gatelab.core.gates import VARIANTS as GATED_VARIANTS
from gatelab.core.messages import KeyedError, error

CLASSIC_VARIANTS: tuple[str, ...] = ("gelu", "relu")
FFN_VARIANTS: tuple[str, ...] = GATED_VARIANTS + CLASSIC_VARIANTS
DEVICES: tuple[str, ...] = ("auto", "cpu", "cuda", "mps")
POSITIONS: tuple[str, ...] = ("rope", "learned")
PROBE_TEXT = "def gate(x):\n    return silu(gate_proj(x)) * up_proj(x)\n"
# Limits that keep one flag from turning a lesson into minutes of work (issue 8): the gated rule
# gives m ≈ 2.7 d and classic 4 d, so 64 × d leaves room for any experiment; 1,000 validation
# batches already pin the loss to ~0.1 %; a sample longer than 10,000 characters is not read.
MAX_INTERMEDIATE = 262_144
MAX_INTERMEDIATE_RATIO = 64
MAX_EVAL_ITERS = 1_000
MAX_SAMPLE_CHARS = 10_000
MAX_STEPS = 10**7  # the most steps (and any interval or count) a config may ask for
# The largest model sizes the trainer takes; this is their one source. validate() names the field
# in its message ("n_embd must be ≤ 65536", beside that field in the GUI; the CLI says "--width").
# The trainer form's own ranges are narrower.
MAX_LAYERS = 256
MAX_HEADS = 1024
MAX_WIDTH = 65_536
MAX_SEED = 2**32 - 1  # torch generators take < 2**64; the engine adds small offsets to the seed
MAX_SEEDS = 100  # seeds per experiment: each is a full training run per variant
# AdamW's step is about lr per weight: beyond 10 (the trainer form's range too) the loss turns NaN
# within steps, so a huge value is refused up front instead of failing at step 2. Weight decay
# shrinks weights by lr × weight_decay per step: beyond 10 that flips and explodes them.
MAX_LR = 10.0
MAX_WEIGHT_DECAY = 10.0
#: Vocabulary assumed for a parameter count before the corpus is read (printable ASCII + \n, \t).
PREVIEW_VOCAB = 96


_MAXIMA = {"n_layer": MAX_LAYERS, "n_head": MAX_HEADS, "n_embd": MAX_WIDTH}
BUILTIN_CORPORA = ("python", "generated")


def absolute_corpus(spec: str) -> str:
    """A corpus file named relative to the working folder, as an absolute path (the built-in
    corpora as they are). Why: a run's config.json kept "corp3.txt" as typed, so the run could
    be resumed only from the folder it was started in, never from the app (probe s17)."""
    if not isinstance(spec, str) or spec in BUILTIN_CORPORA or not spec.strip():
        return spec
    return os.path.abspath(os.path.expanduser(spec))


def same_corpus(saved: object, wanted: object) -> bool:
    """Whether a checkpoint's corpus and the resumed run's are the same: equal, or a relative
    path an older gatelab kept beside the absolute one it now resolves to (same file name;
    the vocabulary check that follows tells two different texts apart)."""
    if saved == wanted:
        return True
    if not (isinstance(saved, str) and isinstance(wanted, str)) or saved in BUILTIN_CORPORA:
        return False
    return (not os.path.isabs(os.path.expanduser(saved)) and os.path.isabs(wanted)
            and os.path.basename(saved) == os.path.basename(wanted))


def is_gated(variant: str) -> bool:
    return variant in GATED_VARIANTS


def _positive_int(name: str, value: Any, maximum: int | None = None) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise error("value.whole_min1", name=name, value=value)
    if maximum is not None and value > maximum:
        raise error("value.at_most", name=name, maximum=maximum, value=value)


def _positive_float(name: str, value: Any, allow_zero: bool = False,
                    maximum: float | None = None) -> None:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise error("value.finite", name=name, value=value)
    if value < 0 or (value == 0 and not allow_zero):
        raise error("value.ge0" if allow_zero else "value.gt0", name=name, value=value)
    if maximum is not None and value > maximum:
        raise error("value.at_most", name=name, maximum=maximum, value=value)


@dataclass(frozen=True)
class TrainConfig:
    # data
    corpus: str = "generated"  # "python" | "generated" | path to a UTF-8 text file
    # model
    variant: str = "swiglu"  # any of FFN_VARIANTS
    n_layer: int = 4
    n_head: int = 4
    n_kv_head: int | None = None  # None: same as n_head (MHA); fewer: GQA; 1: MQA
    n_embd: int = 128  # hidden width d
    intermediate: int | None = None  # FFN width m; None: gated 8d/3 rounded up to multiple_of, classic 4d
    multiple_of: int = 16
    block_size: int = 64
    attn_gate: bool = False  # per-head sigmoid output gate (q_proj's output doubled)
    positions: str = "rope"
    tie_embeddings: bool = True
    dropout: float = 0.0
    # optimisation
    batch_size: int = 12
    steps: int = 2000
    lr: float = 1e-3
    min_lr_ratio: float = 0.1
    warmup_steps: int = 100
    weight_decay: float = 0.1
    grad_clip: float = 1.0
    eval_interval: int = 250
    eval_iters: int = 20
    seed: int = 1337
    # execution
    device: str = "auto"
    compile: bool = False
    threads: int | None = None  # CPU threads; None: all cores (the GUI keeps one on 4+)
    # added by the engine helper: report a snapshot every N steps (the train loss is the mean over
    # them); 1 on CPU, ~10 on a GPU so the loss is not copied to the host (a sync) every step.
    # Eval, stats, stop and last steps always report.
    log_interval: int = 1
    # instrumentation
    stats: bool = True
    stats_interval: int = 10  # materialise layer statistics every N steps (and on eval steps)
    gate_eps: float = 0.1
    hist_bins: int = 41
    probe_position: int = -1  # position in the probe text whose (g, u) pairs are sampled
    # persistence
    checkpoint_interval: int = 500
    sample_chars: int = 200

    def validate(self) -> TrainConfig:
        """Raise ``ValueError`` with a message naming the field; return self when valid."""
        if not isinstance(self.corpus, str) or not self.corpus.strip():
            raise error("train.corpus")
        if self.variant not in FFN_VARIANTS:
            raise error("train.variant", variant=self.variant, valid=", ".join(FFN_VARIANTS))
        if isinstance(self.eval_iters, int) and self.eval_iters > MAX_EVAL_ITERS:
            raise error("train.eval_iters", maximum=MAX_EVAL_ITERS, value=self.eval_iters)
        for name in ("n_layer", "n_head", "n_embd", "block_size", "batch_size", "steps",
                     "eval_interval", "eval_iters", "stats_interval", "multiple_of",
                     "checkpoint_interval", "hist_bins", "log_interval"):
            _positive_int(name, getattr(self, name), maximum=_MAXIMA.get(name, MAX_STEPS))
        if self.n_embd % self.n_head:
            raise error("train.width_heads", width=self.n_embd, heads=self.n_head)
        if (self.n_embd // self.n_head) % 2 and self.positions == "rope":
            raise error("train.rope_even")
        kv = self.kv_heads
        _positive_int("n_kv_head", kv)
        if self.n_head % kv:
            raise error("train.kv_heads", heads=self.n_head, kv=kv)
        if self.intermediate is not None:
            _positive_int("intermediate", self.intermediate)
            limit = min(MAX_INTERMEDIATE, MAX_INTERMEDIATE_RATIO * self.n_embd)
            if self.intermediate > limit:
                raise error("train.intermediate", limit=limit, ratio=MAX_INTERMEDIATE_RATIO,
                            width=self.n_embd, maximum=MAX_INTERMEDIATE, value=self.intermediate)
        if not isinstance(self.sample_chars, int) or isinstance(self.sample_chars, bool) \
                or not 0 <= self.sample_chars <= MAX_SAMPLE_CHARS:
            raise error("value.whole_range", name="sample_chars", maximum=MAX_SAMPLE_CHARS,
                        value=self.sample_chars)
        if self.positions not in POSITIONS:
            raise error("train.positions", valid=", ".join(POSITIONS))
        if self.device not in DEVICES:
            raise error("value.one_of", name="device", valid=", ".join(DEVICES), value=self.device)
        if self.threads is not None:
            _positive_int("threads", self.threads, maximum=4096)
        _positive_float("lr", self.lr, maximum=MAX_LR)
        _positive_float("weight_decay", self.weight_decay, allow_zero=True, maximum=MAX_WEIGHT_DECAY)
        _positive_float("grad_clip", self.grad_clip, allow_zero=True)
        _positive_float("gate_eps", self.gate_eps)
        if not 0.0 <= self.min_lr_ratio <= 1.0:
            raise error("train.min_lr_ratio", value=self.min_lr_ratio)
        if not 0.0 <= self.dropout < 1.0:
            raise error("train.dropout", value=self.dropout)
        if not isinstance(self.warmup_steps, int) or isinstance(self.warmup_steps, bool) \
                or not 0 <= self.warmup_steps <= MAX_STEPS:
            raise error("value.whole_range", name="warmup_steps", maximum=MAX_STEPS,
                        value=self.warmup_steps)
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) \
                or not 0 <= self.seed <= MAX_SEED:
            raise error("value.whole_range", name="seed", maximum=MAX_SEED, value=self.seed)
        return self

    @property
    def kv_heads(self) -> int:
        return self.n_head if self.n_kv_head is None else self.n_kv_head

    @property
    def gated(self) -> bool:
        return is_gated(self.variant)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TrainConfig:
        """Build from a dict (e.g. a run's config.json), ignoring keys this version does not know."""
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})

    def replace(self, **changes: Any) -> TrainConfig:
        return dataclasses.replace(self, **changes)


def salvage_config(data: Any, base: TrainConfig, fields: Any) -> tuple[TrainConfig, bool]:
    """``base`` with the ``fields`` of a remembered form (``data``, a dict) applied, and whether
    all of them were usable. Why one by one: one damaged value (a settings file cut short, an
    older version's value) reset the whole form to the defaults, silently."""
    if not isinstance(data, dict):
        return base, False
    cfg, whole = base, True
    for key, value in data.items():
        if key not in fields:
            continue
        try:
            cfg = TrainConfig.from_dict({**cfg.to_dict(), key: value}).validate()
        except (ValueError, TypeError, AttributeError):
            whole = False
    return cfg, whole


# -- sizing (plain integers, no torch) ----------------------------------------------------------

def intermediate_size(config: TrainConfig) -> int:
    """m: config.intermediate, else the rule: gated → rule_8_3(d, multiple_of), classic → 4·d."""
    if config.intermediate is not None:
        return config.intermediate
    if config.gated:
        return rule_8_3(config.n_embd, config.multiple_of)
    return 4 * config.n_embd


def matched_intermediate(variant: str, ref_variant: str, ref_m: int, multiple_of: int) -> int:
    """m of ``variant`` with the same FFN parameters as ``ref_variant`` at intermediate ``ref_m``
    (the same m within a kind; ``partner_intermediate`` across gated ↔ classic)."""
    if is_gated(variant) == is_gated(ref_variant):
        return ref_m
    return partner_intermediate(ref_m, is_gated(ref_variant), multiple_of)


def classic_matched_intermediate(d: int, variant: str, multiple_of: int = 16) -> int:
    """The lessons' pairing at hidden width d: m matched to the classic 4d FFN (d = 256: gated
    688, classic 1024). Why not the partner of the gated 8d/3: that gives the classic side 1040
    at d = 256, more than the 4d the gated width was matched to."""
    return matched_intermediate(variant, CLASSIC_VARIANTS[0], 4 * d, multiple_of)


def model_spec(config: TrainConfig, vocab_size: int) -> ModelSpec:
    """The budget module's description of the model ``model.GPT`` builds for ``config``."""
    return ModelSpec(hidden=config.n_embd, intermediate=intermediate_size(config),
                     n_layer=config.n_layer, n_head=config.n_head, n_kv_head=config.n_kv_head,
                     head_dim=config.n_embd // config.n_head if config.n_head else None,
                     vocab=vocab_size, gated=config.gated, attn_out_gate=config.attn_gate,
                     tie_embeddings=config.tie_embeddings,
                     max_positions=config.block_size if config.positions == "learned" else 0)


def count_params(config: TrainConfig, vocab_size: int | None = None) -> int:
    """Exact parameter count of the model ``config`` describes (PREVIEW_VOCAB until the corpus is
    read); ValueError naming the field when the sizes cannot form a model."""
    return count_model(model_spec(config, vocab_size or PREVIEW_VOCAB).validate()).total


@dataclass
class LayerStats:
    """Per-layer instrumentation, one entry per layer in every array (length n_layer)."""

    frac_neg: np.ndarray  # fraction of pre-gates g < 0
    frac_closed: np.ndarray  # fraction with |act(g)| < gate_eps
    act_hist: np.ndarray  # [n_layer, hist_bins] counts of act(g), normalised to sum 1 per layer
    hist_edges: np.ndarray  # [hist_bins + 1] bin edges shared by all layers
    mean_abs_h: np.ndarray
    max_abs_h: np.ndarray
    mlp_ratio: np.ndarray  # mean over tokens of ‖MLP out‖₂ / ‖layer out‖₂
    attn_sink: np.ndarray  # mean attention weight on the first token
    gate_pairs: np.ndarray  # [n_layer, intermediate, 2]: (g, u) of every neuron at the probe position
    neuron_acts: np.ndarray  # [n_layer, probe_len, intermediate]: h over the probe text


@dataclass
class Snapshot:
    """One report from ``train_steps``: plain floats and numpy arrays only."""

    step: int  # optimizer steps completed
    steps_total: int
    tokens_seen: int
    train_loss: float
    lr: float
    tokens_per_s: float
    elapsed_s: float
    val_loss: float | None = None  # set on evaluation steps
    stats: LayerStats | None = None  # set every stats_interval steps when instrumentation is on
    status: str = "running"  # "running", then "finished" or "stopped" on the last snapshot
    run_dir: str = ""
    device: str = ""
    sample: str | None = None  # text sampled at the end of a run

    def mean_tokens_per_s(self) -> float:
        """Tokens per second over the whole run so far, evaluations and checkpoints included.
        Why not ``tokens_per_s``: that is the last interval's, and the last interval of a run
        holds its final evaluation: a run that averaged 11k tokens/s was summed up as 4.4k."""
        if self.elapsed_s > 0 and self.tokens_seen > 0:
            return self.tokens_seen / self.elapsed_s
        return self.tokens_per_s

    def metrics_row(self) -> dict[str, Any]:
        """The JSON object written as one line of metrics.jsonl (scalars and per-layer lists)."""
        row: dict[str, Any] = {
            "step": self.step,
            "tokens_seen": self.tokens_seen,
            "train_loss": self.train_loss,
            "lr": self.lr,
            "tokens_per_s": self.tokens_per_s,
            "elapsed_s": self.elapsed_s,
        }
        if self.val_loss is not None:
            row["val_loss"] = self.val_loss
        if self.stats is not None:
            for key in ("frac_neg", "frac_closed", "mean_abs_h", "max_abs_h", "mlp_ratio",
                        "attn_sink"):
                row[key] = [float(x) for x in getattr(self.stats, key)]
        if self.status != "running":
            row["status"] = self.status
        return row


class TrainingError(KeyedError, RuntimeError):
    """A run could not go on (non-finite loss, out of memory, …); the message says why and where."""
