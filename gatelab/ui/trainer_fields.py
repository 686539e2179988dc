"""The trainer form's one table of fields: what each row edits, with which widget, its label,
tip and range. ``trainer_controls`` builds, reads, writes, checks and translates the form from
it, so a new setting is one line here instead of five places there.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from gatelab.core import gates
from gatelab.core.trainconfig import CLASSIC_VARIANTS, TrainConfig
from gatelab.ui.variant_names import variant_name

DEFAULT_CONFIG = TrainConfig(
    corpus="python", steps=1000, eval_interval=100, warmup_steps=50, checkpoint_interval=250
)


@dataclass(frozen=True)
class Field:
    """One form row: the TrainConfig field it edits, the widget attribute, kind and texts.

    ``kind``: "spin" (``lo``..``hi`` by ``step``; with ``special`` the minimum 0 means None),
    "combo" (item data = the value), "check" (``label`` is the box's own text) or "lr" (text)."""

    key: str
    attr: str
    kind: str
    group: str  # "model" or "train"
    label: str  # untranslated (QT_TRANSLATE_NOOP); translated when shown
    tip: str
    lo: int = 0
    hi: int = 0
    step: int = 1
    special: str = ""


FIELDS: tuple[Field, ...] = (
    Field(
        "variant",
        "variant",
        "combo",
        "model",
        QT_TRANSLATE_NOOP("TrainerControls", "FFN variant"),
        QT_TRANSLATE_NOOP("TrainerControls", "The feed-forward block inside every layer"),
    ),
    Field(
        "n_embd",
        "width",
        "spin",
        "model",
        QT_TRANSLATE_NOOP("TrainerControls", "Width d"),
        QT_TRANSLATE_NOOP("TrainerControls", "Model width d (embedding size)"),
        8,
        4096,
        16,
    ),
    Field(
        "n_layer",
        "layers",
        "spin",
        "model",
        QT_TRANSLATE_NOOP("TrainerControls", "Layers"),
        QT_TRANSLATE_NOOP("TrainerControls", "Number of transformer blocks"),
        1,
        64,
    ),
    Field(
        "n_head",
        "heads",
        "spin",
        "model",
        QT_TRANSLATE_NOOP("TrainerControls", "Heads"),
        QT_TRANSLATE_NOOP("TrainerControls", "Attention heads (width must divide by it)"),
        1,
        64,
    ),
    Field(
        "n_kv_head",
        "kv_heads",
        "spin",
        "model",
        QT_TRANSLATE_NOOP("TrainerControls", "KV heads"),
        QT_TRANSLATE_NOOP(
            "TrainerControls", "Key/value heads: same as heads (MHA), fewer (GQA) or 1 (MQA)"
        ),
        0,
        64,
        1,
        QT_TRANSLATE_NOOP("TrainerControls", "= heads"),
    ),
    Field(
        "intermediate",
        "intermediate",
        "spin",
        "model",
        QT_TRANSLATE_NOOP("TrainerControls", "Intermediate m"),
        QT_TRANSLATE_NOOP(
            "TrainerControls",
            "MLP intermediate width m; 'auto' uses 8/3·d for gated variants, 4·d for classic",
        ),
        0,
        65536,
        16,
        QT_TRANSLATE_NOOP("TrainerControls", "auto"),
    ),
    Field(
        "block_size",
        "block",
        "spin",
        "model",
        QT_TRANSLATE_NOOP("TrainerControls", "Block size"),
        QT_TRANSLATE_NOOP("TrainerControls", "Context length in characters"),
        8,
        4096,
        8,
    ),
    Field(
        "attn_gate",
        "attn_gate",
        "check",
        "model",
        QT_TRANSLATE_NOOP("TrainerControls", "Attention output gate"),
        QT_TRANSLATE_NOOP(
            "TrainerControls",
            "A per-head sigmoid gate on the attention output, computed from the block input",
        ),
    ),
    Field(
        "steps",
        "steps",
        "spin",
        "train",
        QT_TRANSLATE_NOOP("TrainerControls", "Steps"),
        QT_TRANSLATE_NOOP("TrainerControls", "Optimizer steps"),
        1,
        1_000_000,
        100,
    ),
    Field(
        "batch_size",
        "batch",
        "spin",
        "train",
        QT_TRANSLATE_NOOP("TrainerControls", "Batch"),
        QT_TRANSLATE_NOOP("TrainerControls", "Sequences per step"),
        1,
        4096,
        4,
    ),
    Field(
        "lr",
        "lr",
        "lr",
        "train",
        QT_TRANSLATE_NOOP("TrainerControls", "Learning rate"),
        QT_TRANSLATE_NOOP("TrainerControls", "Peak learning rate of AdamW, e.g. 1e-3"),
    ),
    Field(
        "warmup_steps",
        "warmup",
        "spin",
        "train",
        QT_TRANSLATE_NOOP("TrainerControls", "Warm-up"),
        QT_TRANSLATE_NOOP("TrainerControls", "Linear warm-up steps before cosine decay"),
        0,
        1_000_000,
        10,
    ),
    Field(
        "eval_interval",
        "eval_interval",
        "spin",
        "train",
        QT_TRANSLATE_NOOP("TrainerControls", "Eval every"),
        QT_TRANSLATE_NOOP("TrainerControls", "Evaluate on validation every N steps"),
        1,
        1_000_000,
        50,
    ),
    Field(
        "seed",
        "seed",
        "spin",
        "train",
        QT_TRANSLATE_NOOP("TrainerControls", "Seed"),
        QT_TRANSLATE_NOOP("TrainerControls", "Same seed, same run (on CPU)"),
        0,
        2**31 - 1,
    ),
    Field(
        "device",
        "device",
        "combo",
        "train",
        QT_TRANSLATE_NOOP("TrainerControls", "Device"),
        QT_TRANSLATE_NOOP(
            "TrainerControls", "Where to train; 'auto' picks CUDA, then MPS, then CPU"
        ),
    ),
    Field(
        "compile",
        "compile",
        "check",
        "train",
        QT_TRANSLATE_NOOP("TrainerControls", "torch.compile (slow start, faster steps)"),
        QT_TRANSLATE_NOOP(
            "TrainerControls", "Compile the model first: a slow start, then faster steps"
        ),
    ),
)
FORM_FIELDS = frozenset(("corpus",) + tuple(f.key for f in FIELDS))


def variant_label(name: str) -> str:
    """The FFN variant's name in the form and the experiment view, in the current language."""
    if name in CLASSIC_VARIANTS:
        return QCoreApplication.translate("TrainerControls", "{0} — classic, 2 matrices").format(
            variant_name(name)
        )
    # core's label, translated where the gate plane lists it for lupdate (one catalogue entry)
    return QCoreApplication.translate("GatePlaneControls", gates.get(name).label)


def form_config(cfg: TrainConfig) -> TrainConfig:
    """The form's part of ``cfg`` (a saved run's config) on the form's defaults."""
    return DEFAULT_CONFIG.replace(**{k: getattr(cfg, k) for k in FORM_FIELDS})
