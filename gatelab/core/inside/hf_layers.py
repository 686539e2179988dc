"""What a Hugging Face decoder layer's MLP computes and writes, read from the model itself.

Why from the loaded modules rather than config keys alone: families name the activation under
different keys (Gemma 2/3 ``hidden_activation``, Llama ``hidden_act``) and some ignore the config
altogether, so the gate variant is taken from the module each layer's MLP calls (``mlp.act_fn``);
an activation gatelab cannot name is refused, never guessed as SiLU. Likewise a post-norm
family adds ``post_feedforward_layernorm(mlp(x))`` to the residual stream, not ``mlp(x)``, so the
tensor that is really added is located per layer (``mlp_write``).
"""

from __future__ import annotations

import math
from numbers import Real
from pathlib import Path
from typing import Any

import torch

from gatelab.core.inside.capture import LayerParts
from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.hf_mlp import act_module, neuron_row
from gatelab.core.messages import Msg
from gatelab.core.values import is_int

ACT_TO_VARIANT = {"silu": "swiglu", "swish": "swiglu", "gelu": "geglu", "gelu_pytorch_tanh":
                  "geglu_tanh", "gelu_new": "geglu_tanh", "gelu_fast": "geglu_tanh",
                  "relu": "reglu", "sigmoid": "glu"}
# transformers.activations classes (looked up by name: not every version has each) whose exact
# function is one of gatelab's gate branches; ACT2CLS builds them for the ACT_TO_VARIANT names
_HF_ACT_CLASSES = {"SiLUActivation": "swiglu", "GELUActivation": "geglu",
                   "GELUTanh": "geglu_tanh", "PytorchGELUTanh": "geglu_tanh",
                   "NewGELUActivation": "geglu_tanh", "FastGELUActivation": "geglu_tanh"}
_TORCH_ACTS = {torch.nn.SiLU: "swiglu", torch.nn.ReLU: "reglu", torch.nn.Sigmoid: "glu"}
# a decoder layer's norm applied to the MLP's output before the residual add (checked in the
# modelling code of transformers 5.24): post_feedforward_layernorm in Gemma 2/3/3n/4, VaultGemma,
# OLMo 2/3/hybrid, EXAONE 4, Muse Glimmer; post_mlp_layernorm in GLM-4(V), GLM-OCR, AFMoE,
# Kolibri; post_norm2 in HyperCLOVA X
POST_MLP_NORMS = ("post_feedforward_layernorm", "post_mlp_layernorm", "post_norm2")
# a number the layer multiplies the (normed) MLP output by before the add: Granite and
# HyperCLOVA X residual_multiplier, MiniCPM3 residual_scale
RESIDUAL_SCALES = ("residual_multiplier", "residual_scale")
# Beam's depth_scaled_residual_add: x ← x·√((k−1)/k) + write/√k, k the layer's add index
DEPTH_SCALED_ADD = "mlp_residual_add_idx"
# a loaded number the layer multiplies its whole output by, the MLP's write with it (Gemma 4,
# Gemma 4 unified, DiffusionGemma, EmbeddingGemma 2: ``hidden_states *= self.layer_scalar``)
LAYER_SCALAR = "layer_scalar"


def config_activation(text: Any) -> tuple[str, object] | None:
    """(key, value) of the MLP activation a transformers text config names, read the way the
    family's modelling code reads it: ``hidden_activation`` where the config class declares that
    key (Gemma 2/3/3n/4, VaultGemma, RecurrentGemma, T5Gemma, ModernBERT: their MLPs are built
    with ``ACT2FN[config.hidden_activation]``; a stray ``hidden_act`` is ignored there), else
    ``hidden_act`` (Llama, Qwen, Mistral, Gemma 1, OLMo, ...; the class default when config.json
    leaves it out). None when the config names neither."""
    for key in ("hidden_activation", "hidden_act"):
        if hasattr(type(text), key):
            return key, getattr(text, key)
    return ("hidden_act", text.hidden_act) if hasattr(text, "hidden_act") else None


def config_variant(p: Path, config: Any) -> str | None:
    """The gate variant the config names (None: it names none), or InsideError for an activation
    without one. Checked before the weights load, so that such a model fails early and clearly."""
    text = config.get_text_config() if hasattr(config, "get_text_config") else config
    named = config_activation(text)
    if named is None:
        return None
    act = named[1]
    if not isinstance(act, str) or act not in ACT_TO_VARIANT:
        raise InsideError(Msg("inside.activation_unknown", {"path": p, "act": str(act)[:80]}))
    return ACT_TO_VARIANT[act]


def module_variant(act: Any) -> str | None:
    """The gate variant whose gate branch is exactly the function of the module ``act``, or None.

    Exact types only: a subclass (ClippedGELUActivation, QuickGELU...) computes something else."""
    cls = type(act)
    if cls in _TORCH_ACTS:
        return _TORCH_ACTS[cls]
    if cls is torch.nn.GELU:
        return "geglu_tanh" if getattr(act, "approximate", "none") == "tanh" else "geglu"
    from transformers import activations as hf_acts
    for name, variant in _HF_ACT_CLASSES.items():
        if cls is getattr(hf_acts, name, None):
            return variant
    return None


def model_variant(p: Path, layers: Any, config: Any) -> str:
    """The gate variant of a loaded model: from each layer's ``mlp.act_fn`` (Phi-3, GLM:
    ``mlp.activation_fn``; what the forward pass calls), the config's key only for MLPs without
    one. InsideError for a module gatelab cannot name, for layers that disagree (the views show
    one variant) or when nothing names it."""
    first: tuple[int, str, str] | None = None  # layer, variant, module name
    for i, layer in enumerate(layers):
        act = act_module(layer.mlp)
        if act is None:
            continue
        variant, name = module_variant(act), type(act).__name__
        if variant is None:
            raise InsideError(Msg("inside.activation_unknown", {"path": p, "act": name}))
        if first is None:
            first = (i, variant, name)
        elif variant != first[1]:
            raise InsideError(Msg("inside.activation_mixed", {
                "path": p, "first": first[2], "first_layer": first[0], "other": name, "layer": i}))
    if first is not None:
        return first[1]
    variant = config_variant(p, config)
    if variant is None:
        raise InsideError(Msg("inside.activation_unnamed", {"path": p}))
    return variant


def mlp_write(layer: torch.nn.Module) -> tuple[torch.nn.Module | None, float]:
    """(the norm applied to the MLP's output before the residual add, or None; the number the
    layer then multiplies it by, ``branch_scale``): what makes the layer's write into the residual
    stream scale·norm(mlp(x)). The tracer also checks, per pass, that the norm's input is the
    MLP's output tensor itself, so a same-named module used elsewhere is never mistaken."""
    post = None
    for name in POST_MLP_NORMS:
        mod = getattr(layer, name, None)
        if isinstance(mod, torch.nn.Module):
            post = mod
            break
    return post, branch_scale(layer)


def branch_scale(layer: torch.nn.Module) -> float:
    """The number the layer multiplies its (normed) MLP output by on the way into its output.

    Why every factor: the ratio compares that write with the layer's output, so a scale left
    out misstates it by exactly that factor (Beam's 1/√k overstated the ratio √(2ℓ + 3)-fold at
    layer ℓ; Gemma 4's layer_scalar by 1/layer_scalar). A residual scaled beside the write
    (Beam's √((k−1)/k)) is part of the output only, so it needs no factor here."""
    scale = 1.0
    for name in RESIDUAL_SCALES:
        value = getattr(layer, name, None)
        if isinstance(value, Real) and not isinstance(value, bool):
            scale = float(value)
            break
    k = getattr(layer, DEPTH_SCALED_ADD, None)
    if is_int(k) and k > 0:
        scale /= math.sqrt(k)
    scalar = getattr(layer, LAYER_SCALAR, None)
    if isinstance(scalar, torch.Tensor) and scalar.numel() == 1:
        scale *= float(scalar)
    elif isinstance(scalar, Real) and not isinstance(scalar, bool):
        scale *= float(scalar)
    return scale


def write_hooks(layer: torch.nn.Module, p: LayerParts) -> list[Any]:
    """Hooks that leave in ``p.mlp_out`` what the layer adds to the residual stream: the MLP's
    output, or the post-MLP norm of it (taken only when that norm's input is the MLP's output
    tensor itself), times the layer's residual scale (``mlp_write``)."""
    post, scale = mlp_write(layer)

    def set_mlp(_m: Any, _i: Any, out: Any) -> None:
        out = out[0] if isinstance(out, tuple) else out
        p.mlp_out = out if scale == 1.0 else out * scale
        p.mlp_raw = out if post is not None else None

    hooks = [layer.mlp.register_forward_hook(set_mlp)]
    if post is not None:
        def set_post(_m: Any, inp: tuple[Any, ...], out: torch.Tensor) -> None:
            if inp and p.mlp_raw is not None and inp[0] is p.mlp_raw:
                p.mlp_out, p.mlp_raw = (out if scale == 1.0 else out * scale), None
        hooks.append(post.register_forward_hook(set_post))
    return hooks


__all__ = ["ACT_TO_VARIANT", "POST_MLP_NORMS", "RESIDUAL_SCALES", "branch_scale",
           "config_activation", "config_variant", "model_variant", "module_variant", "mlp_write",
           "neuron_row", "write_hooks"]


def attention_width(config: Any) -> int:
    """n_head · head_dim of a text config's attention, which need not be d (Qwen3.5-0.8B:
    8 × 256 = 2048 beside d = 1024); 0 when the config does not say its sizes."""
    heads, hidden = getattr(config, "num_attention_heads", 0), getattr(config, "hidden_size", 0)
    head_dim = getattr(config, "head_dim", None)
    if not (is_int(heads) and heads > 0):
        return 0
    if not (is_int(head_dim) and head_dim > 0):
        if not (is_int(hidden) and hidden > 0):
            return 0
        head_dim = hidden // heads
    return int(heads * head_dim)

def tied_head(model: Any) -> bool:
    """Whether the LM head's weight is the embedding's very tensor (tied), as loaded."""
    try:
        return model.get_output_embeddings().weight is model.get_input_embeddings().weight
    except (AttributeError, NotImplementedError):
        return False

