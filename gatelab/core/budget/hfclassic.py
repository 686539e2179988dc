"""Classic (two-matrix, non-gated) MLP models from their config.json: GPT-NeoX, OPT, Phi, BERT.

Why a module of its own: each lays its tensors out its own way, and none like Llama, which the
generic reader assumes. GPT-NeoX fuses q/k/v into one ``query_key_value`` [3d, d] whatever its
head count; OPT has learned positions two rows longer than ``max_position_embeddings`` (its
offset of 2), optional projections in and out of a narrower word embedding, and post-LN
variants; Phi runs attention and MLP in parallel from one LayerNorm and biases its lm_head.
Rotary embeddings (GPT-NeoX's ``rotary_pct``, Phi's partial rotary) and the parallel residual
hold no parameters. BERT is an encoder: counted as BertModel (post-LN layers, token-type
embeddings, an embedding LayerNorm and the pooler), since its task heads differ by checkpoint.
Every rule is held to transformers' own models by the oracle tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gatelab.core.budget import hfread as R
from gatelab.core.budget.model import ModelSpec
from gatelab.core.messages import Msg, error

#: The families this module reads.
CLASSIC_FAMILIES: tuple[str, ...] = ("gpt_neox", "opt", "phi", "bert")


def classic_spec(cfg: Mapping[str, Any], family: str, notes: list[Any]) -> ModelSpec:
    """The ``ModelSpec`` of a GPT-NeoX, OPT or Phi config (defaults already filled in)."""
    hidden, n_head = R.size(cfg, "hidden"), R.size(cfg, "n_head")
    common: dict[str, Any] = {
        "name": R.string(cfg, "_name_or_path", family), "hidden": hidden, "n_head": n_head,
        "n_layer": R.size(cfg, "n_layer"), "vocab": R.size(cfg, "vocab"),
        "intermediate": R.size(cfg, "intermediate"), "gated": False, "mlp_bias": True,
        "norm": "layer", "notes": tuple(notes)}
    if family == "phi":
        return _phi(cfg, common)
    if hidden % n_head:  # transformers refuses to build these two (d is split into the heads)
        raise error("train.width_heads", width=hidden, heads=n_head)
    common["head_dim"] = hidden // n_head
    if family == "bert":
        return _bert(cfg, common, notes)
    if family == "gpt_neox":
        bias = R.flag(cfg, "attention_bias", True)
        return ModelSpec(qkv_bias=bias, o_bias=bias,
                         tie_embeddings=R.flag(cfg, "tie_word_embeddings", False),
                         **common).validate()
    return _opt(cfg, common)


def _opt(cfg: Mapping[str, Any], common: dict[str, Any]) -> ModelSpec:
    """OPT: ``enable_bias`` on every projection, two norms a layer (weightless when
    ``layer_norm_elementwise_affine`` is false), a final norm only in pre-LN models."""
    bias = R.flag(cfg, "enable_bias", True)
    pre = R.flag(cfg, "do_layer_norm_before", True)
    final = pre and not R.flag(cfg, "_remove_final_layer_norm", False)
    affine = R.flag(cfg, "layer_norm_elementwise_affine", True)
    spec = dict(common, mlp_bias=bias, norm="layer" if affine else "none")
    return ModelSpec(
        qkv_bias=bias, o_bias=bias, final_norm=final, norm_place="pre" if pre else "post",
        max_positions=R.opt(cfg, "max_position_embeddings", 2048) + 2,
        embed_width=R.opt(cfg, "word_embed_proj_dim", common["hidden"], minimum=1),
        tie_embeddings=R.flag(cfg, "tie_word_embeddings", True), **spec).validate()


def _bert(cfg: Mapping[str, Any], common: dict[str, Any], notes: list[Any]) -> ModelSpec:
    """BertModel: biased q/k/v/o and MLP, two LayerNorms after each block, none at the end;
    ``add_cross_attention`` (a decoder) adds a cross-attention block and its LayerNorm."""
    cross = R.flag(cfg, "add_cross_attention", False)
    notes.append(Msg("note.base_model_only", {"family": "bert"}))
    if cross:
        notes.append(Msg("note.cross_attention"))
    return ModelSpec(**dict(
        common, notes=tuple(notes)), qkv_bias=True, o_bias=True, norm_place="post",
        final_norm=False, embed_norm=True, pooler=True, tie_embeddings=True,
        cross_attention=cross, max_positions=R.opt(cfg, "max_position_embeddings", 512),
        token_types=R.opt(cfg, "type_vocab_size", 2)).validate()


def _phi(cfg: Mapping[str, Any], common: dict[str, Any]) -> ModelSpec:
    """Phi: biased q/k/v/dense (KV heads and ``head_dim`` read), one LayerNorm a layer, and
    ``qk_layernorm``'s per-head LayerNorms of width d // heads (not head_dim)."""
    hidden, n_head = common["hidden"], common["n_head"]
    return ModelSpec(
        n_kv_head=R.size(cfg, "n_kv_head", default=n_head),
        head_dim=R.size(cfg, "head_dim", default=max(hidden // n_head, 1)),
        qkv_bias=True, o_bias=True, norms_per_layer=1,
        qk_norm=R.flag(cfg, "qk_layernorm", False), qk_norm_width=hidden // n_head,
        lm_head_bias=True, tie_embeddings=R.flag(cfg, "tie_word_embeddings", False),
        **common).validate()
