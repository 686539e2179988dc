"""Exact parameter accounting for gated and classic MLPs, whole models, configs and checkpoints.

Why a package: the rules (what m to pick), the model count, the config.json reader and the
safetensors header reader are separate concerns with separate failure modes; this module only
re-exports the public API so callers write ``from gatelab.core.budget import ffn_params``.
"""

from gatelab.core.budget.checkpoint import (
    GROUPS,
    CheckpointSummary,
    TensorRow,
    classify,
    compare,
    summarize,
)
from gatelab.core.budget.hfconfig import (
    EXACT_FAMILIES,
    KNOWN_FAMILIES,
    count_from_hf_config,
    load_hf_config,
    spec_from_hf_config,
)
from gatelab.core.budget.model import (
    PARTS,
    SPLIT_PARTS,
    NORM_PLACES,
    LayerGroup,
    ModelCount,
    ModelSpec,
    count_model,
)
from gatelab.core.budget.presets import Preset, load_preset, load_presets, presets_dir
from gatelab.core.budget.report import (
    COLUMNS,
    ComparisonRow,
    comparison_row,
    format_int,
    format_short,
    format_signed,
    matrix_d2,
    to_csv,
    to_markdown,
)
from gatelab.core.budget.rules import (
    MAX_DIM,
    attention_params,
    break_even_intermediate,
    check_dim,
    ffn_in_d2,
    ffn_params,
    llama_rule,
    minimind_rule,
    partner_intermediate,
    round_up,
    rounding_error,
    rule_8_3,
)
from gatelab.core.budget.safetensors import (
    read_checkpoint,
    read_index,
    read_safetensors_header,
    write_safetensors_header_only,
)

__all__ = [
    "COLUMNS", "GROUPS", "CheckpointSummary", "ComparisonRow", "TensorRow", "classify", "compare",
    "comparison_row", "format_int", "format_short", "format_signed", "matrix_d2",
    "read_checkpoint", "read_index", "read_safetensors_header", "summarize", "to_csv", "to_markdown",
    "write_safetensors_header_only",
    "EXACT_FAMILIES", "KNOWN_FAMILIES", "Preset", "count_from_hf_config", "load_hf_config",
    "load_preset", "load_presets", "presets_dir", "spec_from_hf_config",
    "MAX_DIM", "NORM_PLACES", "PARTS", "SPLIT_PARTS", "LayerGroup", "ModelCount", "ModelSpec", "attention_params",
    "break_even_intermediate", "check_dim", "count_model", "ffn_in_d2",
    "ffn_params", "llama_rule", "minimind_rule", "partner_intermediate",
    "round_up", "rounding_error", "rule_8_3",
]
