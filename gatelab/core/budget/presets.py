"""Real models as data: one JSON file per preset in ``resources/presets/``.

Why data, not code: each preset is the model's own ``config.json`` (trimmed to what the count
needs) plus the config's source, so adding a model never touches the counting code, and every
preset also exercises the config reader. ``checkpoint_total`` is present only where the sum of the
real checkpoint's tensor element counts is known; tests hold the computed total to it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gatelab.core.budget.hfconfig import count_from_hf_config
from gatelab.core.budget.model import ModelCount
from gatelab.core.message_catalog_budget import QT_TRANSLATE_NOOP
from gatelab.core.messages import error
from gatelab.core.reasons import json_reason, os_reason
from gatelab.paths import resources_dir


# Every preset's "note", marked for pyside6-lupdate so the UI can show it translated
# (QCoreApplication.translate("presets", note)); a test holds this list to the JSON files.
PRESET_NOTES: tuple[str, ...] = (
    QT_TRANSLATE_NOOP(
        "presets", "MLA attention and MoE exact (held to transformers' DeepseekV3ForCausalLM); the "
                   "multi-token-prediction layer is shown beside the total."),
    QT_TRANSLATE_NOOP(
        "presets", "GeGLU with the tanh GELU; four RMSNorms per layer (pre/post attention and FFN)."),
    QT_TRANSLATE_NOOP(
        "presets", "Experts and router carry biases, attention has per-head sinks; experts stored as "
                   "MXFP4. Active per token counts the input embedding (201,088 × 2,880 = 579 M); "
                   "OpenAI's 3.61 B leaves it out."),
    QT_TRANSLATE_NOOP(
        "presets", "Classic GELU MLP with biases, LayerNorm with bias, learned positions, tied LM "
                   "head."),
    QT_TRANSLATE_NOOP(
        "presets", "Every layer routed: 16 experts, 1 per token, plus a shared expert. Vision tower "
                   "and projector not counted."),
    QT_TRANSLATE_NOOP(
        "presets", "intermediate_size from MiniMind's current rule ceil(d·π/64)·64 = 2432."),
    QT_TRANSLATE_NOOP(
        "presets", "Fused qkv_proj and gate_up_proj in the checkpoint; same count."),
    QT_TRANSLATE_NOOP(
        "presets", "The lessons' model: 18 Gated DeltaNet + 6 gated full-attention layers, each with "
                   "the same SwiGLU MLP 3 × 1024 × 3584. Vision tower and MTP layer not counted."),
    QT_TRANSLATE_NOOP(
        "presets", "48 Gated DeltaNet + 16 gated full-attention layers. Vision tower and MTP layer not"
                   " counted."),
    QT_TRANSLATE_NOOP(
        "presets", "Hybrid MoE: 30 Gated DeltaNet + 10 full-attention layers, every layer routed (256 "
                   "experts, 8 per token, one gated shared expert). Vision tower and MTP layer not "
                   "counted."),
    QT_TRANSLATE_NOOP(
        "presets", "Encoder + decoder; gated-GELU FFN (wi_0, wi_1, wo); relative attention bias in "
                   "each stack's first block."),
)


@dataclass(frozen=True)
class Preset:
    key: str  # file stem, stable (used in settings)
    name: str
    source: str  # where the config comes from, e.g. "meta-llama/Llama-2-7b-hf config.json"
    config: Mapping[str, Any] = field(repr=False)
    checkpoint_total: int | None = None  # sum of the real checkpoint's tensor elements, if known
    note: str = ""

    def count(self) -> ModelCount:
        return count_from_hf_config(self.config)


def presets_dir() -> Path:
    return resources_dir() / "presets"


def load_preset(path: str | os.PathLike[str]) -> Preset:
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        why = os_reason(exc) if isinstance(exc, OSError) else json_reason(exc)
        raise error("preset.unreadable", name=p.name, reason=why) from None
    if not isinstance(data, dict) or not isinstance(data.get("config"), dict):
        raise error("preset.no_config", name=p.name)
    name, source = data.get("name"), data.get("source")
    if not isinstance(name, str) or not isinstance(source, str) or not source:
        raise error("preset.no_name", name=p.name)
    total = data.get("checkpoint_total")
    if total is not None and (not isinstance(total, int) or isinstance(total, bool) or total < 1):
        raise error("preset.total", name=p.name)
    note = data.get("note", "")
    return Preset(key=p.stem, name=name, source=source, config=data["config"],
                  checkpoint_total=total, note=note if isinstance(note, str) else "")


def load_presets(directory: str | os.PathLike[str] | None = None) -> tuple[Preset, ...]:
    """All presets in ``directory`` (default: the shipped ones), ordered by total size."""
    folder = Path(directory) if directory is not None else presets_dir()
    presets = [load_preset(p) for p in sorted(folder.glob("*.json"))]
    return tuple(sorted(presets, key=lambda pr: pr.count().total))
