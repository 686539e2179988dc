"""Classic (two-matrix, non-gated) MLP models from their config.json: GPT-NeoX, OPT, Phi, BERT,
GPT-J, CodeGen, Falcon, GPT-BigCode, GPT-Neo, BLOOM and MPT.

Why a module of its own: each lays its tensors out its own way, and none like Llama, which the
generic reader assumes. GPT-NeoX fuses q/k/v into one ``query_key_value`` [3d, d] whatever its
head count; OPT has learned positions two rows longer than ``max_position_embeddings`` (its
offset of 2), optional projections in and out of a narrower word embedding, and post-LN
variants; Phi runs attention and MLP in parallel from one LayerNorm and biases its lm_head.
Rotary embeddings (GPT-NeoX's ``rotary_pct``, Phi's partial rotary, GPT-J's ``rotary_dim``),
ALiBi (Falcon's ``alibi``, BLOOM, MPT) and the parallel residual hold no parameters. BERT is an
encoder: counted as BertModel (post-LN layers, token-type embeddings, an embedding LayerNorm
and the pooler), since its task heads differ by checkpoint. GPT-J and CodeGen leave ``n_inner``
out (4·d) and bias their lm_head; Falcon's fused q/k/v is as wide as its KV heads
(``multi_query``: one; ``new_decoder_architecture``: ``num_kv_heads``) and one ``bias`` flag
covers every projection; BLOOM norms its word embeddings; MPT's LayerNorms have no bias.
Every rule is held to transformers' own models by the oracle tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gatelab.core.budget import hfread as R
from gatelab.core.budget.model import ModelSpec
from gatelab.core.messages import Msg, error

#: The families this module reads.
CLASSIC_FAMILIES: tuple[str, ...] = ("gpt_neox", "opt", "phi", "bert", "gptj", "codegen",
                                     "falcon", "gpt_bigcode", "gpt_neo", "bloom", "mpt")
#: Families whose MLP is always 4·d wide (their config has no width key), and those whose
#: config must give the width (the others default to 4·d, as GPT-2 does).
_FOUR_D: tuple[str, ...] = ("bloom", "mpt")
_WIDTH_REQUIRED: tuple[str, ...] = ("gpt_neox", "opt", "phi", "bert")
#: Families whose config may give ``n_embed``, which transformers reads before ``hidden_size``.
_N_EMBED: tuple[str, ...] = ("falcon", "bloom")


def _hidden(cfg: Mapping[str, Any], family: str) -> int:
    if family in _N_EMBED and cfg.get("n_embed") is not None:
        return R.whole("n_embed", cfg["n_embed"], 1)
    return R.size(cfg, "hidden")


def classic_spec(cfg: Mapping[str, Any], family: str, notes: list[Any]) -> ModelSpec:
    """The ``ModelSpec`` of one of ``CLASSIC_FAMILIES`` (defaults already filled in)."""
    hidden, n_head = _hidden(cfg, family), R.size(cfg, "n_head")
    intermediate = 4 * hidden if family in _FOUR_D else R.size(
        cfg, "intermediate", default=None if family in _WIDTH_REQUIRED else 4 * hidden)
    common: dict[str, Any] = {
        "name": R.string(cfg, "_name_or_path", family), "hidden": hidden, "n_head": n_head,
        "n_layer": R.size(cfg, "n_layer"), "vocab": R.size(cfg, "vocab"),
        "intermediate": intermediate, "gated": False, "mlp_bias": True,
        "norm": "layer", "notes": tuple(notes)}
    if family == "phi":
        return _phi(cfg, common)
    if hidden % n_head:  # transformers refuses to build the others (d is split into the heads;
        # MPT builds it, and fails on its first forward pass)
        raise error("train.width_heads", width=hidden, heads=n_head)
    common["head_dim"] = hidden // n_head
    if family == "bert":
        return _bert(cfg, common, notes)
    if family in _GPT_LIKE:
        return _GPT_LIKE[family](cfg, common, notes)
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


def _tie(cfg: Mapping[str, Any], default: bool) -> bool:
    return R.flag(cfg, "tie_word_embeddings", default)


def _gptj(cfg: Mapping[str, Any], common: dict[str, Any], _notes: list[Any]) -> ModelSpec:
    """GPT-J and CodeGen: unbiased q/k/v (CodeGen's fused ``qkv_proj``) and ``out_proj``, a
    biased MLP of ``n_inner`` (None: 4·d), one LayerNorm a layer shared by the parallel
    attention and MLP, and a biased lm_head, untied by default."""
    return ModelSpec(norms_per_layer=1, lm_head_bias=True, tie_embeddings=_tie(cfg, False),
                     **common).validate()


def _falcon(cfg: Mapping[str, Any], common: dict[str, Any], _notes: list[Any]) -> ModelSpec:
    """Falcon: ``query_key_value`` holds q and ``num_kv_heads`` k/v heads
    (``new_decoder_architecture``), else one (``multi_query``) or all; ``bias`` on every
    projection, none on lm_head (tied by default); two LayerNorms a layer when attention and MLP
    run one after the other, or in parallel with ``num_ln_in_parallel_attn`` 2 (the new
    architecture's default: ``ln_attn`` and ``ln_mlp``), else one."""
    n_head = common["n_head"]
    new = R.flag(cfg, "new_decoder_architecture", False)
    if new:
        kv = R.size(cfg, "n_kv_head", default=n_head)
    else:
        kv = 1 if R.flag(cfg, "multi_query", True) else n_head
    n_ln = R.opt(cfg, "num_ln_in_parallel_attn", 2 if new else 1)
    norms = 2 if not R.flag(cfg, "parallel_attn", True) or n_ln == 2 else 1
    bias = R.flag(cfg, "bias", False)
    return ModelSpec(**dict(common, mlp_bias=bias), n_kv_head=kv, qkv_bias=bias, o_bias=bias,
                     norms_per_layer=norms, tie_embeddings=_tie(cfg, True)).validate()


def _positions(cfg: Mapping[str, Any], default: int) -> int:
    """``n_positions``, or its synonym ``max_position_embeddings`` (GPT-2's reading)."""
    if cfg.get("n_positions") is not None:
        return R.opt(cfg, "n_positions", default)
    return R.opt(cfg, "max_position_embeddings", default)


def _bigcode(cfg: Mapping[str, Any], common: dict[str, Any], notes: list[Any]) -> ModelSpec:
    """GPT-BigCode (StarCoder 1): GPT-2's layout with one k/v head under ``multi_query``
    (``c_attn`` [d + 2·head_dim, d]); ``add_cross_attention`` as GPT-2 (transformers refuses it
    with multi_query)."""
    multi_query = R.flag(cfg, "multi_query", True)
    cross = R.flag(cfg, "add_cross_attention", False)
    if cross and multi_query:
        raise error("hf.bigcode_mq_cross")
    if cross:
        notes.append(Msg("note.cross_attention"))
    return ModelSpec(**dict(common, notes=tuple(notes)), n_kv_head=1 if multi_query else None,
                     qkv_bias=True, o_bias=True, cross_attention=cross,
                     max_positions=_positions(cfg, 1024), tie_embeddings=_tie(cfg, True)).validate()


def _neo(cfg: Mapping[str, Any], common: dict[str, Any], _notes: list[Any]) -> ModelSpec:
    """GPT-Neo: unbiased q/k/v, a biased ``out_proj``, learned positions; local and global
    attention layers hold the same tensors."""
    return ModelSpec(o_bias=True, max_positions=R.opt(cfg, "max_position_embeddings", 2048),
                     tie_embeddings=_tie(cfg, True), **common).validate()


def _bloom(cfg: Mapping[str, Any], common: dict[str, Any], _notes: list[Any]) -> ModelSpec:
    """BLOOM: biased fused q/k/v and MLP (4·d), ALiBi (no position table), and a LayerNorm on
    the word embeddings (``word_embeddings_layernorm``)."""
    return ModelSpec(qkv_bias=True, o_bias=True, embed_norm=True,
                     tie_embeddings=_tie(cfg, True), **common).validate()


def _mpt(cfg: Mapping[str, Any], common: dict[str, Any], _notes: list[Any]) -> ModelSpec:
    """MPT as transformers builds it: no biases (whatever ``no_bias`` says), LayerNorms without
    bias (a weight each: counted as "rms" counts), an MLP of 4·d (``expansion_ratio`` is not
    read) and ALiBi (``learned_pos_emb`` is not read)."""
    return ModelSpec(**dict(common, mlp_bias=False, norm="rms"),
                     tie_embeddings=_tie(cfg, True)).validate()


_GPT_LIKE = {"gptj": _gptj, "codegen": _gptj, "falcon": _falcon, "gpt_bigcode": _bigcode,
             "gpt_neo": _neo, "bloom": _bloom, "mpt": _mpt}
