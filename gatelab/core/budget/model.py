"""A whole model's parameter count from a small, explicit description (``ModelSpec``).

Why: "7B" hides where the parameters live. Counting every tensor the way the checkpoints store
them (embeddings, each attention projection, each norm, every expert) makes the MLP's share and
the cost of the third matrix visible, and lets tests compare against real checkpoints exactly.
Plain Python ints throughout; a layer stack is kept as a few groups, never as a per-layer list, so
even absurd sizes are counted instantly and exactly.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from gatelab.core.budget import mixers
from gatelab.core.budget.rules import NORM_TENSORS, check_dim, ffn_params
from gatelab.core.messages import error

PARTS: tuple[str, ...] = ("embeddings", "attention", "mlp", "norms", "lm_head")
#: PARTS with attention split by token mixer: softmax ("full") and linear (Gated DeltaNet) layers.
SPLIT_PARTS: tuple[str, ...] = ("embeddings", "attention_full", "attention_linear", "mlp", "norms",
                                "lm_head")
NORM_KINDS: tuple[str, ...] = tuple(NORM_TENSORS)  # "rms", "layer", "none"
#: Where a layer's norms sit: "pre" before attention and the MLP (Llama, Qwen, gatelab's own),
#: "sandwich" before and after each (Gemma 2/3), "post" after each only (OLMo 2, EXAONE 4).
#: Counting does not depend on it (``norms_per_layer`` does); the forward-pass map draws it.
NORM_PLACES: tuple[str, ...] = ("pre", "sandwich", "post")
ATTENTION_KINDS: tuple[str, ...] = ("standard", "mla")


@dataclass(frozen=True)
class ModelSpec:
    """What it takes to count a decoder-only (or T5-style encoder-decoder) transformer exactly.

    Build gatelab's own toy trainer model from its numbers like this (all ints)::

        ModelSpec(hidden=d, intermediate=m, n_layer=n_layer, n_head=n_head,
                  n_kv_head=n_kv_head,            # None → n_head (MHA)
                  head_dim=d // n_head,           # None means the same
                  vocab=vocab,
                  gated=variant_is_gated,         # 3·d·m (gate, up, down) vs 2·d·m (up, down)
                  attn_out_gate=attn_gate,        # doubles q_proj's output rows
                  tie_embeddings=tie,             # False adds lm_head [vocab, d]
                  max_positions=block_size if learned positions else 0)  # 0 for rotary

    Every other field keeps its default: no biases anywhere (``mlp_bias``, ``qkv_bias``,
    ``o_bias`` False), ``norm="rms"`` (weight only, d each), ``norms_per_layer=2``,
    ``final_norm=True``, no experts. That gives exactly: token embedding [vocab, d]; learned
    position embedding [block, d] or nothing; per layer two RMSNorm weights, q_proj
    [n_head·head_dim (×2 with the output gate), d], k_proj and v_proj [n_kv_head·head_dim, d], o_proj
    [d, n_head·head_dim], the FFN; a final RMSNorm [d]; lm_head [vocab, d] unless tied.

    MoE: ``n_experts`` > 0 turns every layer from ``first_dense_layers`` on into a routed layer of
    ``n_experts`` FFNs of width ``moe_intermediate`` (``experts_per_token`` active), plus an
    optional shared expert FFN of width ``shared_intermediate`` and a router [n_experts, d].
    ``first_dense_layers`` is the *number* of dense layers (where they sit does not change a sum).
    Hybrid models (Qwen3.5, Qwen3-Next): ``linear_layers`` of the ``n_layer`` layers use a Gated
    DeltaNet token mixer (``linear_*`` sizes) instead of full attention; the MLP is the same.
    Encoder-decoder (T5): ``encoder_layers`` > 0 adds an encoder stack; the ``n_layer`` decoder
    layers then also carry cross-attention and a third norm (``cross_attention`` gives a
    decoder-only stack the same, as GPT-2's ``add_cross_attention`` does).
    Classic-MLP decoders (GPT-2, GPT-NeoX, GPT-J, Falcon, OPT, Phi…): ``gated=False`` with
    biases and LayerNorms; ``embed_width`` (OPT's word_embed_proj_dim) is the token
    embedding's and lm_head's width, and when it differs from d, project_in [d, width] and
    project_out [width, d] join the embeddings; ``lm_head_bias`` adds Phi's [vocab] bias (kept when lm_head is tied).
    Encoders (BERT): ``token_types`` rows of token-type embeddings, ``embed_norm`` a norm on the
    embeddings' sum, and ``pooler`` BertModel's [d, d] dense with its bias, shown as the head
    (lm_head part); with ``tie_embeddings`` True there is no lm_head of its own.
    """

    hidden: int
    intermediate: int
    n_layer: int
    n_head: int
    vocab: int
    n_kv_head: int | None = None
    head_dim: int | None = None
    gated: bool = True
    mlp_bias: bool = False
    qkv_bias: bool = False
    o_bias: bool = False
    attn_out_gate: bool = False
    qk_norm: bool = False  # per-head RMSNorm weights on q and k (Qwen3): 2·head_dim per layer
    qk_norm_full: bool = False  # RMSNorm over all of q and k (OLMo-2): (heads + KV heads)·head_dim
    qk_norm_width: int = 0  # width of those per-head q/k norms when not head_dim (Phi: d // heads)
    attn_sinks: bool = False  # one learned sink logit per head per layer (gpt-oss)
    norm: str = "rms"  # "rms": weight only; "layer": weight and bias; "none": no weights
    norms_per_layer: int = 2
    norm_place: str = "pre"  # one of NORM_PLACES
    final_norm: bool = True
    tie_embeddings: bool = False
    max_positions: int = 0  # learned absolute position embeddings [max_positions, d]; 0 for none
    embed_width: int = 0  # token embedding and lm_head width when not d (OPT); 0 means d
    lm_head_bias: bool = False  # lm_head [vocab] bias (Phi)
    token_types: int = 0  # token-type (segment) embeddings [token_types, d] (BERT)
    embed_norm: bool = False  # a norm on the summed embeddings (BERT's embeddings.LayerNorm,
    # BLOOM's word_embeddings_layernorm)
    pooler: bool = False  # BertModel's pooler: dense [d, d] and bias, counted as the head
    # mixture of experts
    n_experts: int = 0
    experts_per_token: int = 0
    moe_intermediate: int = 0
    n_shared_experts: int = 0
    shared_intermediate: int = 0  # width of the (single, merged) shared-expert FFN
    shared_expert_gate: bool = False  # a [1, d] sigmoid gate on the shared expert (Qwen2-MoE)
    first_dense_layers: int = 0
    router_bias: bool = False
    router_correction_bias: bool = False  # DeepSeek-V3's e_score_correction_bias [n_experts]
    expert_bias: bool = False
    # encoder-decoder
    cross_attention: bool = False  # decoder-only stack whose layers also cross-attend (GPT-2's
    # add_cross_attention): one more attention block and norm per layer
    encoder_layers: int = 0
    relative_attention_buckets: int = 0  # T5: one [buckets, heads] table per stack
    # multi-head latent attention (DeepSeek-V3): exact, held to transformers in the oracle tests
    attention: str = "standard"
    q_lora_rank: int = 0
    kv_lora_rank: int = 0
    qk_rope_head_dim: int = 0
    qk_nope_head_dim: int = 0
    v_head_dim: int = 0
    # linear-attention (Gated DeltaNet) layers of a hybrid stack
    linear_layers: int = 0
    linear_key_heads: int = 0
    linear_value_heads: int = 0
    linear_key_head_dim: int = 0
    linear_value_head_dim: int = 0
    linear_conv_kernel: int = 0
    mtp_layers: int = 0  # multi-token-prediction layers (DeepSeek-V3), counted beside the total
    name: str = "custom"
    notes: tuple[str, ...] = field(default=())
    exact: bool = True  # False when the family has parts this model does not verify exactly

    # -- derived -------------------------------------------------------------------------------
    @property
    def kv_heads(self) -> int:
        return self.n_head if self.n_kv_head is None else self.n_kv_head

    @property
    def head_size(self) -> int:
        return self.hidden // self.n_head if self.head_dim is None else self.head_dim

    @property
    def is_moe(self) -> bool:
        return self.n_experts > 0

    def replace(self, **changes: object) -> ModelSpec:
        return dataclasses.replace(self, **changes)

    def validate(self) -> ModelSpec:
        """Raise ``ValueError`` naming the bad field; return self when valid."""
        for name in ("hidden", "n_layer", "n_head", "vocab"):
            check_dim(name, getattr(self, name))
        check_dim("intermediate", self.intermediate,
                  minimum=0 if self.n_experts and self.first_dense_layers == 0 else 1)
        for name in ("max_positions", "embed_width", "qk_norm_width", "token_types",
                     "n_experts", "experts_per_token", "moe_intermediate",
                     "n_shared_experts", "shared_intermediate", "first_dense_layers",
                     "encoder_layers", "relative_attention_buckets", "q_lora_rank",
                     "kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim",
                     "linear_layers", "linear_key_heads", "linear_value_heads",
                     "linear_key_head_dim", "linear_value_head_dim", "linear_conv_kernel",
                     "mtp_layers"):
            check_dim(name, getattr(self, name), minimum=0)
        check_dim("norms_per_layer", self.norms_per_layer, minimum=0, maximum=16)
        if self.n_kv_head is not None:
            check_dim("n_kv_head", self.n_kv_head)
            if self.n_head % self.n_kv_head:
                raise error("budget.kv_heads", heads=self.n_head, kv=self.n_kv_head)
        if self.head_dim is not None:
            check_dim("head_dim", self.head_dim)
        elif self.hidden // self.n_head < 1:
            raise error("budget.hidden_heads", hidden=self.hidden, heads=self.n_head)
        if self.norm not in NORM_KINDS:
            raise error("value.one_of", name="norm", valid=", ".join(NORM_KINDS), value=self.norm)
        if self.norm_place not in NORM_PLACES:
            raise error("value.one_of", name="norm_place", valid=", ".join(NORM_PLACES),
                        value=self.norm_place)
        if self.attention not in ATTENTION_KINDS:
            raise error("value.one_of", name="attention", valid=", ".join(ATTENTION_KINDS),
                        value=self.attention)
        if self.n_experts:
            check_dim("moe_intermediate", self.moe_intermediate)
            check_dim("experts_per_token", self.experts_per_token, maximum=self.n_experts)
            if self.first_dense_layers > self.n_layer:
                raise error("budget.first_dense", n=self.first_dense_layers,
                            layers=self.n_layer)
        if self.n_shared_experts:
            check_dim("shared_intermediate", self.shared_intermediate)
        if self.linear_layers:
            mixers.validate_linear(self)
        if self.attention == "mla":
            for name in ("kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim"):
                check_dim(name, getattr(self, name))
        for name in ("gated", "mlp_bias", "qkv_bias", "o_bias", "attn_out_gate", "qk_norm",
                     "qk_norm_full",
                     "attn_sinks", "final_norm", "tie_embeddings", "shared_expert_gate",
                     "router_bias", "router_correction_bias", "expert_bias", "cross_attention",
                     "lm_head_bias", "embed_norm", "pooler", "exact"):
            if not isinstance(getattr(self, name), bool):
                raise error("value.bool", name=name, value=getattr(self, name))
        return self


@dataclass(frozen=True)
class LayerGroup:
    """``count`` layers with the same MLP (dense or routed); where they sit does not matter."""

    kind: str  # "dense", "moe", "encoder" or "decoder"
    count: int
    mlp: int  # MLP parameters of one such layer (all experts, shared expert, router)
    mlp_active: int  # of those, used per token


@dataclass(frozen=True)
class ModelCount:
    """The exact parameter count of one model, split by part."""

    total: int
    active: int  # used per token (equals total for dense models)
    parts: dict[str, int]  # keys: PARTS
    active_parts: dict[str, int]
    mlp_per_layer: int  # one layer's MLP: the routed layer's for MoE, else the dense FFN
    ffn_per_mlp: int  # one FFN of the model's main width (a dense layer's FFN, or one expert)
    attention_per_layer: int  # one full-attention layer
    layers: tuple[LayerGroup, ...]
    mlp_detail: dict[str, int]  # "dense", "experts", "shared", "router"
    exact: bool
    notes: tuple[str, ...]
    spec: ModelSpec
    #: how many layers use each token mixer: {"full": …, "linear": …} (decoder-only models)
    mixer_layers: dict[str, int] = field(default_factory=dict)
    linear_attention_per_layer: int = 0  # one Gated DeltaNet layer (0 without linear layers)
    mtp: int = 0  # multi-token-prediction layers: stored in the checkpoint, not in ``total``

    @property
    def mlp(self) -> int:
        return self.parts["mlp"]

    @property
    def mlp_share(self) -> float:
        return self.parts["mlp"] / self.total

    @property
    def mlp_flops_per_token(self) -> int:
        """Forward MLP FLOPs per token: 2 × the MLP parameters active per token."""
        return 2 * self.active_parts["mlp"]

    @property
    def attention_split(self) -> dict[str, int]:
        """Attention parameters of the full-attention and of the linear-attention layers."""
        linear = self.mixer_layers.get("linear", 0) * self.linear_attention_per_layer
        return {"full": self.parts["attention"] - linear, "linear": linear}

    @property
    def split_parts(self) -> dict[str, int]:
        """``parts`` with attention split into full and linear (keys: SPLIT_PARTS)."""
        split = self.attention_split
        return {"embeddings": self.parts["embeddings"], "attention_full": split["full"],
                "attention_linear": split["linear"], "mlp": self.parts["mlp"],
                "norms": self.parts["norms"], "lm_head": self.parts["lm_head"]}

    @property
    def active_split_parts(self) -> dict[str, int]:
        """``split_parts`` counting only the MLP parameters used per token."""
        return dict(self.split_parts, mlp=self.active_parts["mlp"])

    @property
    def same_mlp_in_every_layer(self) -> bool:
        """True when every layer carries the same MLP, whatever its token mixer."""
        return len(self.layers) == 1

    def share(self, part: str) -> float:
        return self.parts[part] / self.total


def _moe_layer(spec: ModelSpec) -> tuple[int, int, dict[str, int]]:
    d = spec.hidden
    expert = ffn_params(d, spec.moe_intermediate, spec.gated, bias=spec.expert_bias)
    router = spec.n_experts * d + (spec.n_experts if spec.router_bias else 0) \
        + (spec.n_experts if spec.router_correction_bias else 0)
    shared = 0
    if spec.n_shared_experts:
        shared = ffn_params(d, spec.shared_intermediate, spec.gated, bias=spec.mlp_bias)
    shared += d if spec.shared_expert_gate else 0  # (Qwen2-MoE builds it even for width 0)
    total = spec.n_experts * expert + shared + router
    active = spec.experts_per_token * expert + shared + router
    return total, active, {"experts": spec.n_experts * expert, "shared": shared, "router": router}


def _mtp(spec: ModelSpec, attn: int, layer_mlp: int, norm_size: int) -> int:
    """DeepSeek-V3's multi-token-prediction module, as its checkpoint stores it (layer 61).

    Per MTP layer: its own copies of embed_tokens and shared_head.head [vocab, d], enorm, hnorm
    and shared_head.norm [d], eh_proj [d, 2d], and one decoder layer (attention, routed MLP,
    two norms). transformers does not build it, so it is reported beside the total.
    """
    per = (2 * spec.vocab * spec.hidden + 3 * norm_size + 2 * spec.hidden ** 2 + attn + layer_mlp
           + spec.norms_per_layer * norm_size)
    return spec.mtp_layers * per


def _embeddings_and_head(spec: ModelSpec) -> tuple[int, int]:
    """Token (and learned position) embeddings, OPT's projections, and lm_head with its bias."""
    d = spec.hidden
    width = spec.embed_width or d
    emb = spec.vocab * width + (spec.max_positions + spec.token_types) * d \
        + (2 * d * width if width != d else 0)
    lm_head = (0 if spec.tie_embeddings else spec.vocab * width) \
        + (spec.vocab if spec.lm_head_bias else 0) + (d * d + d if spec.pooler else 0)
    return emb, lm_head


def count_model(spec: ModelSpec) -> ModelCount:
    """Count every parameter tensor of ``spec`` (validated first); exact Python ints."""
    spec.validate()
    d = spec.hidden
    norm_size = d * NORM_TENSORS[spec.norm]
    emb, lm_head = _embeddings_and_head(spec)
    attn = mixers.attention(spec)
    linear_attn = mixers.linear_attention(spec) if spec.linear_layers else 0
    dense_ffn = ffn_params(d, spec.intermediate, spec.gated, bias=spec.mlp_bias) \
        if spec.intermediate else 0
    detail = {"dense": 0, "experts": 0, "shared": 0, "router": 0}
    groups: list[LayerGroup] = []
    attention = norms = mlp = mlp_active = 0
    rel = spec.relative_attention_buckets * spec.n_head
    mixer_layers: dict[str, int] = {}

    if spec.encoder_layers:  # encoder-decoder: the encoder stack first
        n = spec.encoder_layers
        groups.append(LayerGroup("encoder", n, dense_ffn, dense_ffn))
        attention += n * attn + rel
        norms += n * spec.norms_per_layer * norm_size + (norm_size if spec.final_norm else 0)
        mlp += n * dense_ffn
        detail["dense"] += n * dense_ffn
        dec_attn = attn + mixers.cross_attention(spec)
        n = spec.n_layer
        groups.append(LayerGroup("decoder", n, dense_ffn, dense_ffn))
        attention += n * dec_attn + rel
        norms += n * (spec.norms_per_layer + 1) * norm_size
        mlp += n * dense_ffn
        detail["dense"] += n * dense_ffn
        mlp_active = mlp
        main_layer_mlp = dense_ffn
        ffn_one = dense_ffn
    else:
        n_full = spec.n_layer - spec.linear_layers
        mixer_layers = {"full": n_full, "linear": spec.linear_layers}
        attention = n_full * attn + spec.linear_layers * linear_attn
        norms = spec.n_layer * spec.norms_per_layer * norm_size
        if spec.cross_attention:
            attention += spec.n_layer * mixers.cross_attention(spec)
            norms += spec.n_layer * norm_size
        n_dense = spec.first_dense_layers if spec.is_moe else spec.n_layer
        if n_dense:
            groups.append(LayerGroup("dense", n_dense, dense_ffn, dense_ffn))
            mlp += n_dense * dense_ffn
            mlp_active += n_dense * dense_ffn
            detail["dense"] = n_dense * dense_ffn
        main_layer_mlp = dense_ffn
        ffn_one = dense_ffn
        if spec.is_moe:
            n_moe = spec.n_layer - spec.first_dense_layers
            total_l, active_l, parts_l = _moe_layer(spec)
            if n_moe:
                groups.append(LayerGroup("moe", n_moe, total_l, active_l))
            mlp += n_moe * total_l
            mlp_active += n_moe * active_l
            for key, value in parts_l.items():
                detail[key] = n_moe * value
            main_layer_mlp = total_l
            ffn_one = ffn_params(d, spec.moe_intermediate, spec.gated, bias=spec.expert_bias)
    if spec.final_norm:  # (for encoder-decoder: the decoder's; the encoder's was added above)
        norms += norm_size
    if spec.embed_norm:
        norms += norm_size

    parts = {"embeddings": emb, "attention": attention, "mlp": mlp, "norms": norms,
             "lm_head": lm_head}
    active_parts = dict(parts, mlp=mlp_active)
    return ModelCount(
        total=sum(parts.values()),
        active=sum(active_parts.values()),
        parts=parts,
        active_parts=active_parts,
        mlp_per_layer=main_layer_mlp,
        ffn_per_mlp=ffn_one,
        attention_per_layer=attn,
        layers=tuple(groups),
        mlp_detail=detail,
        exact=spec.exact,
        notes=tuple(dict.fromkeys(spec.notes)),
        spec=spec,
        mixer_layers=mixer_layers,
        linear_attention_per_layer=linear_attn,
        mtp=_mtp(spec, attn, main_layer_mlp, norm_size) if spec.mtp_layers else 0,
    )
