"""The trainer form's one table of fields: what each row edits, with which widget, its label,
tip and range. ``trainer_controls`` builds, reads, writes, checks and translates the form from
it, so a new setting is one line here instead of five places there.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from gatelab.core import gates
from gatelab.core.trainconfig import CLASSIC_VARIANTS, TrainConfig

DEFAULT_CONFIG = TrainConfig(corpus="python", steps=1000, eval_interval=100, warmup_steps=50,
                             checkpoint_interval=250)
_CTX = "TrainerControls"  # translation context of the strings below (= self.tr's)


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
    Field("variant", "variant", "combo", "model", QT_TRANSLATE_NOOP(_CTX, "FFN variant"),
          QT_TRANSLATE_NOOP(_CTX, "The feed-forward block inside every layer")),
    Field("n_embd", "width", "spin", "model", QT_TRANSLATE_NOOP(_CTX, "Width d"),
          QT_TRANSLATE_NOOP(_CTX, "Model width d (embedding size)"), 8, 4096, 16),
    Field("n_layer", "layers", "spin", "model", QT_TRANSLATE_NOOP(_CTX, "Layers"),
          QT_TRANSLATE_NOOP(_CTX, "Number of transformer blocks"), 1, 64),
    Field("n_head", "heads", "spin", "model", QT_TRANSLATE_NOOP(_CTX, "Heads"),
          QT_TRANSLATE_NOOP(_CTX, "Attention heads (width must divide by it)"), 1, 64),
    Field("n_kv_head", "kv_heads", "spin", "model", QT_TRANSLATE_NOOP(_CTX, "KV heads"),
          QT_TRANSLATE_NOOP(_CTX, "Key/value heads: same as heads (MHA), fewer (GQA) or 1 (MQA)"),
          0, 64, 1, QT_TRANSLATE_NOOP(_CTX, "= heads")),
    Field("intermediate", "intermediate", "spin", "model",
          QT_TRANSLATE_NOOP(_CTX, "Intermediate m"),
          QT_TRANSLATE_NOOP(_CTX, "MLP intermediate width m; 'auto' uses 8/3·d for gated "
                                  "variants, 4·d for classic"),
          0, 65536, 16, QT_TRANSLATE_NOOP(_CTX, "auto")),
    Field("block_size", "block", "spin", "model", QT_TRANSLATE_NOOP(_CTX, "Block size"),
          QT_TRANSLATE_NOOP(_CTX, "Context length in characters"), 8, 4096, 8),
    Field("attn_gate", "attn_gate", "check", "model",
          QT_TRANSLATE_NOOP(_CTX, "Attention output gate"),
          QT_TRANSLATE_NOOP(_CTX, "A per-head sigmoid gate on the attention output, computed "
                                  "from the block input")),
    Field("steps", "steps", "spin", "train", QT_TRANSLATE_NOOP(_CTX, "Steps"),
          QT_TRANSLATE_NOOP(_CTX, "Optimizer steps"), 1, 1_000_000, 100),
    Field("batch_size", "batch", "spin", "train", QT_TRANSLATE_NOOP(_CTX, "Batch"),
          QT_TRANSLATE_NOOP(_CTX, "Sequences per step"), 1, 4096, 4),
    Field("lr", "lr", "lr", "train", QT_TRANSLATE_NOOP(_CTX, "Learning rate"),
          QT_TRANSLATE_NOOP(_CTX, "Peak learning rate of AdamW, e.g. 1e-3")),
    Field("warmup_steps", "warmup", "spin", "train", QT_TRANSLATE_NOOP(_CTX, "Warm-up"),
          QT_TRANSLATE_NOOP(_CTX, "Linear warm-up steps before cosine decay"), 0, 1_000_000, 10),
    Field("eval_interval", "eval_interval", "spin", "train", QT_TRANSLATE_NOOP(_CTX, "Eval every"),
          QT_TRANSLATE_NOOP(_CTX, "Evaluate on validation every N steps"), 1, 1_000_000, 50),
    Field("seed", "seed", "spin", "train", QT_TRANSLATE_NOOP(_CTX, "Seed"),
          QT_TRANSLATE_NOOP(_CTX, "Same seed, same run (on CPU)"), 0, 2**31 - 1),
    Field("device", "device", "combo", "train", QT_TRANSLATE_NOOP(_CTX, "Device"),
          QT_TRANSLATE_NOOP(_CTX, "Where to train; 'auto' picks CUDA, then MPS, then CPU")),
    Field("compile", "compile", "check", "train",
          QT_TRANSLATE_NOOP(_CTX, "torch.compile (slow start, faster steps)"),
          QT_TRANSLATE_NOOP(_CTX, "Compile the model first: a slow start, then faster steps")),
)
FORM_FIELDS = frozenset(("corpus",) + tuple(f.key for f in FIELDS))


def variant_label(name: str) -> str:
    """The FFN variant's name in the form and the experiment view, in the current language."""
    if name in CLASSIC_VARIANTS:
        return QCoreApplication.translate(_CTX, "{0} — classic, 2 matrices").format(name.upper())
    return gates.get(name).label


def form_config(cfg: TrainConfig) -> TrainConfig:
    """The form's part of ``cfg`` (a saved run's config) on the form's defaults."""
    return DEFAULT_CONFIG.replace(**{k: getattr(cfg, k) for k in FORM_FIELDS})
