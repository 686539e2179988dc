"""Family rules for the config reader: layer mixes, MoE layouts, multimodal wrappers.

Why a module of its own: each family hides its layout in a different key (``layer_types``,
``full_attention_interval``, ``moe_layers``, ``interleave_moe_layer_step``,
``first_k_dense_replace``); the defaults transformers fills in are in ``hfdefaults``. These
rules were read off transformers 5's modelling code and are held to its meta-device models by
``tests/core/test_budget_oracle.py``; ``hfconfig`` stays the generic reader.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from gatelab.core.values import is_int
from gatelab.core.budget.hfdefaults import FAMILY_DEFAULTS
from gatelab.core.budget.rules import MAX_DIM
from gatelab.core.messages import Msg, error

#: Multimodal wrappers whose language model sits in ``text_config`` → that model's type.
TEXT_FAMILY: dict[str, str] = {
    "qwen3_5": "qwen3_5_text", "qwen3_5_moe": "qwen3_5_moe_text", "llama4": "llama4_text",
    "gemma3": "gemma3_text",
}
#: Wrappers whose own ``tie_word_embeddings`` (default given here) ties lm_head, whatever
#: text_config says; Llama 4's wrapper instead follows its text_config's flag.
WRAPPER_TIES: dict[str, bool] = {"gemma3": True, "qwen3_5": False, "qwen3_5_moe": False}
#: Families whose stack mixes Gated DeltaNet (linear attention) and gated full-attention layers.
HYBRID_FAMILIES: tuple[str, ...] = ("qwen3_5_text", "qwen3_5_moe_text", "qwen3_next")
#: Every ``layer_types`` entry gatelab knows; any other entry is refused by name.
LAYER_KINDS: tuple[str, ...] = ("full_attention", "sliding_attention", "chunked_attention",
                                "linear_attention")


def _whole(name: str, value: Any, minimum: int = 0) -> int:
    if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_DIM:
        value = int(value)  # JSON writers sometimes emit 16.0
    if isinstance(value, bool) or not isinstance(value, int):
        raise error("hf.whole", name=name, value=value)
    if not minimum <= value <= MAX_DIM:
        raise error("hf.range", name=name, value=value)
    return value


def linear_layer_count(cfg: Mapping[str, Any], family: str, n_layer: int,
                       known: Collection[str] = ()) -> int:
    """How many layers are Gated DeltaNet layers; checks ``layer_types`` entry by entry.

    ``known`` families other than the hybrids have no linear-attention layers, so a
    ``linear_attention`` entry in their config is refused; unknown families may have them.
    """
    layer_types = cfg.get("layer_types")
    if layer_types is None:
        if family not in HYBRID_FAMILIES:
            return 0
        interval = cfg.get("full_attention_interval", 4)
        interval = 4 if interval is None else _whole("full_attention_interval", interval, 1)
        return n_layer - n_layer // interval  # layer i is full attention iff (i + 1) % k == 0
    if not isinstance(layer_types, list) or not all(isinstance(t, str) for t in layer_types):
        raise error("hf.layer_types")
    if len(layer_types) != n_layer:
        raise error("hf.layer_types_len", n=len(layer_types), layers=n_layer)
    for i, kind in enumerate(layer_types):
        if kind not in LAYER_KINDS:
            shown = kind if len(kind) <= 40 else kind[:40] + "…"
            raise error("hf.layer_kind", i=i, kind=shown, known=", ".join(LAYER_KINDS))
    n_linear = layer_types.count("linear_attention")
    if n_linear and family in known and family not in HYBRID_FAMILIES:
        raise error("hf.no_linear", n=n_linear, family=family)
    return n_linear


def linear_sizes(cfg: Mapping[str, Any]) -> dict[str, int]:
    """The Gated DeltaNet sizes of a hybrid config (Qwen3.5's defaults where absent)."""
    qwen35 = FAMILY_DEFAULTS["qwen3_5_text"]
    keys = {"linear_key_heads": "linear_num_key_heads",
            "linear_value_heads": "linear_num_value_heads",
            "linear_key_head_dim": "linear_key_head_dim",
            "linear_value_head_dim": "linear_value_head_dim",
            "linear_conv_kernel": "linear_conv_kernel_dim"}
    out = {}
    for field_name, key in keys.items():
        value = cfg.get(key)
        out[field_name] = _whole(key, qwen35[key] if value is None else value, 1)
    return out


def llama4_moe_layers(cfg: Mapping[str, Any], n_layer: int) -> int:
    """Routed layers of Llama 4: the ``moe_layers`` list, else every ``step``-th layer."""
    listed = cfg.get("moe_layers")
    if listed is None:
        step = cfg.get("interleave_moe_layer_step", 1)
        step = 1 if step is None else _whole("interleave_moe_layer_step", step, 1)
        return len(range(step - 1, n_layer, step))
    if not isinstance(listed, list) or not all(
            is_int(i) for i in listed):
        raise error("hf.moe_layers")
    return len({i for i in listed if 0 <= i < n_layer})


def tower_note(cfg: Mapping[str, Any]) -> Msg:
    """Name the towers of a multimodal config that the count leaves out."""
    vision, audio = "vision_config" in cfg, "audio_config" in cfg
    key = ("note.towers_both" if vision and audio else "note.towers_vision" if vision
           else "note.towers_audio" if audio else "note.towers_none")
    return Msg(key)


#: Model types whose decoder layer norms the output of attention and of the MLP, after the block
#: and before the residual add: with a norm before each block too ("sandwich": Gemma 2/3's
#: pre_feedforward_layernorm and post_feedforward_layernorm), or instead of it ("post": OLMo 2's
#: post_attention_layernorm is applied to attention's output). Held to transformers' modelling
#: files by a test. OLMo-Hybrid is in neither: its attention layers norm after, its linear ones
#: before, and the map draws one layer (drawn "pre").
SANDWICH_NORM_TYPES: frozenset[str] = frozenset({
    "gemma2", "gemma3", "gemma3_text", "gemma3n", "gemma3n_text", "gemma4", "gemma4_text",
    "gemma4_unified", "gemma4_unified_text", "diffusion_gemma", "diffusion_gemma_text",
    "embedding_gemma2", "embedding_gemma2_text", "t5gemma", "t5gemma2", "muse_glimmer",
    "muse_glimmer_text", "glm4", "afmoe", "axk1", "beam", "dory", "hyperclovax", "kolibri1",
    "ergo", "kolibri1_1"})
POST_NORM_TYPES: frozenset[str] = frozenset({
    "olmo2", "olmo3", "flex_olmo", "exaone4", "exaone4_5"})


def norm_place_of(family: str) -> str:
    """Where the layer norms of a model type sit: one of ``model.NORM_PLACES``."""
    if family in SANDWICH_NORM_TYPES:
        return "sandwich"
    return "post" if family in POST_NORM_TYPES else "pre"
