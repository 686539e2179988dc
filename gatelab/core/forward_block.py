"""Which norm a model's layers use and how its layer is wired, as the forward-pass map says it.

Why a module of its own: the map draws one sequential pre-norm layer with RMSNorm boxes, and every
LayerNorm model (GPT-2, GPT-NeoX/Pythia, OPT, Phi, BERT, Falcon...) was labelled RMSNorm; families
whose attention and MLP run in parallel (GPT-NeoX, Phi, GPT-J, Falcon, Cohere) or that normalise
after each residual add (BERT, OPT-350m) were drawn as if they did neither. The budget's
``ModelSpec.norm`` counts weights ("none" there is a LayerNorm *without* learned weights, OPT's
``layer_norm_elementwise_affine`` false), so the kind the map names is worked out here, from the
spec and the config's ``model_type``, each rule read off transformers' modelling code (held to it
by tests). No Qt, no torch.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The map's norm kinds: "rms" (RMSNorm), "layer" (LayerNorm), "none" (a model without norms:
#: no norm boxes at all; no builder makes it today, a saved state may).
MAP_NORMS: tuple[str, ...] = ("rms", "layer", "none")

#: How a layer is wired: "sequential" (attention, then the MLP, each added to the stream; the
#: map's drawing), "parallel" (attention and MLP both read the same stream, each through its own
#: norm, and both outputs are added at once: GPT-NeoX), "parallel_shared" (the same, through one
#: shared norm: Phi, GPT-J, CodeGen, Cohere, Falcon-7B), "post_add" (the norm comes after each
#: residual add, x ← norm(x + block(x)): BERT, OPT-350m).
BLOCKS: tuple[str, ...] = ("sequential", "parallel", "parallel_shared", "post_add")

#: Causal-LM model types whose decoder layer's norms are LayerNorms (mean subtracted): the class
#: of ``input_layernorm`` / ``ln_1`` / ``norm_1`` / ``self_attn_layer_norm`` in transformers'
#: modelling files (held to them by a test). Every other type is drawn with the budget spec's
#: kind: RMSNorm for the generic reader, LayerNorm for GPT-2 and the classic families.
LAYER_NORM_TYPES: frozenset[str] = frozenset({
    "bart", "bigbird_pegasus", "biogpt", "blenderbot", "blenderbot-small", "bloom", "codegen",
    "cohere", "cohere2", "cohere_compass_text", "dbrx", "falcon", "gpt2",
    "gpt_bigcode", "gpt_neo", "gpt_neox", "gpt_neox_japanese", "gptj", "jais2", "marian",
    "mbart", "moss_transcribe_diarize", "mpt", "musicgen", "musicgen_melody", "mvp", "nemotron",
    "olmo", "openai-gpt", "opt", "pegasus", "persimmon", "phi", "phimoe", "plbart",
    "prophetnet", "stablelm", "starcoder2", "trocr", "whisper", "xglm", "xlm-roberta-xl",
})

#: Families whose attention and MLP always share one norm and run in parallel
#: (``x + attn(ln(x)) + mlp(ln(x))`` in PhiDecoderLayer, GPTJBlock, CodeGenBlock,
#: CohereDecoderLayer, Cohere2DecoderLayer).
_SHARED_PARALLEL = frozenset({"phi", "gptj", "codegen", "cohere", "cohere2"})


def model_type(config: Mapping[str, Any]) -> str:
    """The language model's ``model_type``: its text_config's where it has one, else the top's."""
    text = config.get("text_config")
    for cfg in ((text, config) if isinstance(text, Mapping) else (config,)):
        kind = cfg.get("model_type")
        if isinstance(kind, str) and kind:
            return kind
    return ""


def _flag(cfg: Mapping[str, Any], key: str, default: bool) -> bool:
    value = cfg.get(key, default)
    return value if isinstance(value, bool) else default


def norm_kind(spec_norm: str, family: str) -> str:
    """The map's norm kind of a budget spec's ``norm`` ("rms", "layer", or "none": a LayerNorm
    without weights) and the config's model type."""
    if family in LAYER_NORM_TYPES or spec_norm in ("layer", "none"):
        return "layer"
    return "rms"


def block_of(config: Mapping[str, Any]) -> str:
    """How a config's layer is wired (one of ``BLOCKS``), with each family's default where the
    key is missing: GPT-NeoX ``use_parallel_residual`` (True), StableLM the same (False), OPT
    ``do_layer_norm_before`` (True), Falcon ``new_decoder_architecture`` (False) with
    ``num_ln_in_parallel_attn`` (None: 2) and ``parallel_attn`` (True)."""
    text = config.get("text_config")
    cfg = text if isinstance(text, Mapping) else config
    family = model_type(config)
    if family in _SHARED_PARALLEL:
        return "parallel_shared"
    if family == "gpt_neox":
        return "parallel" if _flag(cfg, "use_parallel_residual", True) else "sequential"
    if family == "stablelm":
        return "parallel_shared" if _flag(cfg, "use_parallel_residual", False) else "sequential"
    if family == "bert":
        return "post_add"
    if family == "opt":
        return "sequential" if _flag(cfg, "do_layer_norm_before", True) else "post_add"
    if family == "falcon":
        if _flag(cfg, "new_decoder_architecture", False):
            return "parallel_shared" if cfg.get("num_ln_in_parallel_attn") == 1 else "parallel"
        return "parallel_shared" if _flag(cfg, "parallel_attn", True) else "sequential"
    return "sequential"
