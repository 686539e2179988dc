"""The sizes behind the forward-pass map: tokens → embedding → × N layers → LM head → sample.

Why a core module: the map shows a real model's numbers (1024 → 3584 → 1024 × 24 layers) wherever
the app knows one (a traced model, the trainer's form, a budget preset), and each of those speaks
its own dialect. One frozen ``ForwardSizes`` with ``validate()`` is what the panel draws; the
builders here translate each dialect into it, reusing the budget module's config reader so a
Hugging Face config is understood exactly as the budget tab understands it. No Qt, no torch.

Also here, as plain data: which box of the map opens which tab (``BOX_TABS``), so the mapping is
documented and tested in one place.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gatelab.core.budget import NORM_PLACES, ModelSpec, check_dim, rule_8_3, spec_from_hf_config
from gatelab.core.forward_block import BLOCKS, MAP_NORMS, block_of, model_type, norm_kind
from gatelab.core.messages import error, reason
from gatelab.core.reasons import json_kind
from gatelab.core.trainconfig import FFN_VARIANTS, TrainConfig, is_gated

if TYPE_CHECKING:
    from gatelab.core.inside.types import Trace

#: Where a ``ForwardSizes`` came from: the inside tab's trace, the trainer's form, a budget model,
#: a config.json, or a lesson step; "" when unknown.
ORIGINS: tuple[str, ...] = ("", "inside", "trainer", "budget", "config", "lesson")
MAX_SOURCE_CHARS = 200

#: The boxes of the map in reading (and keyboard) order.
BOX_KEYS: tuple[str, ...] = (
    "tokens", "embedding", "attn_norm", "attention", "attn_post_norm", "attn_add", "mlp_norm",
    "mlp", "gate_proj", "up_proj", "act", "mul", "down_proj", "mlp_post_norm", "mlp_add",
    "final_norm", "lm_head", "sample",
)
#: Boxes only a gated MLP has (a classic MLP is up_proj → act → down_proj).
GATED_ONLY: frozenset[str] = frozenset({"gate_proj", "mul"})
#: Where a layer's norms sit (``budget.NORM_PLACES``): the boxes of the other places are hidden.
PRE_NORMS: frozenset[str] = frozenset({"attn_norm", "mlp_norm"})
POST_NORMS: frozenset[str] = frozenset({"attn_post_norm", "mlp_post_norm"})
#: Every norm box: a model without norms (``norm`` "none") shows none of them.
NORM_BOXES: frozenset[str] = PRE_NORMS | POST_NORMS | {"final_norm"}
#: The label of a norm of each kind (formula names, not translated).
NORM_NAMES: dict[str, str] = {"rms": "RMSNorm", "layer": "LayerNorm"}

#: Which tab explains each box. Choices where the brief left room:
#: - attention → "inside": its attention-sink view shows what attention does in a trained model
#:   (its parameter count, 4d², is one row of the budget tab, but that is not what the box is).
#: - tokens → "inside": the tokenised text, shaded token by token.
#: - norms → "inside": RMSNorm rescales the residual stream whose growing norm the
#:   "MLP as a small correction" view plots.
#: - gate_proj/up_proj/down_proj, embedding, LM head → "budget": their exact [rows, cols] counts.
#: - the MLP box itself and ⊙ → "gate-plane": h = act(g)·u, one neuron at a time.
#: - act → "activations"; residual "+" → "inside" (MLP as a small correction); sample → "trainer".
BOX_TABS: dict[str, str] = {
    "tokens": "inside", "embedding": "budget", "attn_norm": "inside", "attention": "inside",
    "attn_post_norm": "inside", "mlp_post_norm": "inside", "attn_add": "inside", "mlp_norm": "inside", "mlp": "gate-plane", "gate_proj": "budget",
    "up_proj": "budget", "act": "activations", "mul": "gate-plane", "down_proj": "budget",
    "mlp_add": "inside", "final_norm": "inside", "lm_head": "budget", "sample": "trainer",
}

#: hidden_act of a Hugging Face config → gated variant (the same table as the inside tab's
#: ``core.inside.hf_source.ACT_TO_VARIANT``, which imports torch; a test holds them equal).
ACT_TO_VARIANT: dict[str, str] = {
    "silu": "swiglu", "swish": "swiglu", "gelu": "geglu", "gelu_pytorch_tanh": "geglu_tanh",
    "gelu_new": "geglu_tanh", "gelu_fast": "geglu_tanh", "relu": "reglu", "sigmoid": "glu",
}
_CLASSIC_ACT = {"gelu": "gelu", "gelu_new": "gelu", "gelu_pytorch_tanh": "gelu",
                "gelu_fast": "gelu", "relu": "relu"}

#: The activation inside each FFN variant, as the map labels it (formula names, not translated).
VARIANT_ACT: dict[str, str] = {
    "swiglu": "SiLU", "geglu": "GELU", "geglu_tanh": "GELU (tanh)", "reglu": "ReLU", "glu": "σ",
    "bilinear": "id", "swiglu_clamped": "SiLU", "swiglu_softcap": "SiLU", "gelu": "GELU",
    "relu": "ReLU",
}
#: The variant's family name (not translated).
VARIANT_NAME: dict[str, str] = {
    "swiglu": "SwiGLU", "geglu": "GEGLU", "geglu_tanh": "GEGLU (tanh)", "reglu": "ReGLU", "glu": "GLU",
    "bilinear": "Bilinear", "swiglu_clamped": "SwiGLU", "swiglu_softcap": "SwiGLU",
    "gelu": "GELU", "relu": "ReLU",
}


@dataclass(frozen=True)
class ForwardSizes:
    """The few numbers the map shows. ``vocab``/``n_head`` are None where the source lacks them.

    ``m`` is the intermediate width of one MLP (of one expert when ``n_experts`` > 0), ``variant``
    one of ``FFN_VARIANTS`` or "" (unknown: drawn as SwiGLU when gated), ``source`` a display name
    ("Qwen3.5-0.8B"), ``origin`` one of ``ORIGINS``. ``n_linear`` of the ``n_layer`` layers use
    linear attention (Gated DeltaNet, Qwen3.5's 18 of 24); ``attn_width`` is the heads' width
    H·head_dim where it is not d (Qwen3.5-0.8B: 8 × 256 = 2048), else None.
    """

    vocab: int | None
    d: int
    m: int
    n_layer: int
    n_head: int | None
    gated: bool
    variant: str
    source: str
    origin: str = ""
    n_experts: int = 0
    n_linear: int = 0
    attn_width: int | None = None
    n_kv_head: int | None = None  # key/value heads where fewer than the query heads (GQA)
    attn_gate: bool = False  # a sigmoid output gate on attention (Qwen3.5, the trainer's option)
    norm_place: str = "pre"  # one of NORM_PLACES
    tied_head: bool = False  # the LM head's weights are the embedding's
    norm: str = "rms"  # one of forward_block.MAP_NORMS: RMSNorm, LayerNorm, or no norms
    block: str = "sequential"  # one of forward_block.BLOCKS: how attention and the MLP are wired
    final_norm: bool = True  # a norm after the last layer (BERT and OPT-350m, post-norm, have none)
    encoder: bool = False  # an encoder's base model (BERT): no causal mask, a pooler, no LM head

    def validate(self) -> ForwardSizes:
        """Raise ``ValueError`` naming the bad field; return self when valid."""
        for name in ("d", "m", "n_layer"):
            check_dim(name, getattr(self, name))
        for name in ("vocab", "n_head", "attn_width", "n_kv_head"):
            if getattr(self, name) is not None:
                check_dim(name, getattr(self, name))
        check_dim("n_experts", self.n_experts, minimum=0)
        check_dim("n_linear", self.n_linear, minimum=0)
        if self.n_linear > self.n_layer:
            raise error("map.linear_layers", n_linear=self.n_linear, n_layer=self.n_layer)
        for name in ("gated", "tied_head", "final_norm", "encoder"):
            if not isinstance(getattr(self, name), bool):
                raise error("value.bool", name=name, value=getattr(self, name))
        for name, valid in (("norm_place", NORM_PLACES), ("norm", MAP_NORMS), ("block", BLOCKS)):
            if getattr(self, name) not in valid:
                raise error("value.one_of", name=name, value=getattr(self, name),
                            valid=", ".join(repr(n) for n in valid))
        if not isinstance(self.variant, str) or (self.variant and self.variant not in FFN_VARIANTS):
            raise error("train.variant", variant=self.variant, valid=", ".join(FFN_VARIANTS))
        if self.variant and is_gated(self.variant) != self.gated:
            raise error("map.disagree", variant=self.variant, gated=self.gated)
        if not isinstance(self.source, str) or len(self.source) > MAX_SOURCE_CHARS:
            raise error("map.source", maximum=MAX_SOURCE_CHARS)
        if self.origin not in ORIGINS:
            raise error("value.one_of", name="origin", valid=", ".join(repr(o) for o in ORIGINS),
                        value=self.origin)
        return self

    def hidden_boxes(self) -> frozenset[str]:
        """The boxes this model does not have: ⊙ and gate_proj in a classic MLP, the norms
        before the blocks where they come after, those after where they come before, the final
        norm where there is none, every norm in a model without norms."""
        hidden = set() if self.gated else set(GATED_ONLY)
        hidden |= POST_NORMS if self.norm_place == "pre" else set()
        hidden |= PRE_NORMS if self.norm_place == "post" else set()
        hidden |= NORM_BOXES if self.norm == "none" else set()
        hidden |= set() if self.final_norm else {"final_norm"}
        return frozenset(hidden)

    @property
    def act(self) -> str:
        """The activation's display name ("SiLU"); SiLU where the variant is unknown."""
        return VARIANT_ACT.get(self.variant, "SiLU")

    @property
    def family(self) -> str:
        """The MLP's family name ("SwiGLU", "GELU"); SwiGLU/MLP where the variant is unknown."""
        return VARIANT_NAME.get(self.variant, "SwiGLU" if self.gated else "MLP")

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ForwardSizes:
        """Build from a plain mapping (``InsidePanel.model_sizes()``); ``ValueError`` if bad.

        ``gated`` may be left out when ``variant`` says it; unknown keys are ignored."""
        if not isinstance(data, Mapping):
            raise error("map.not_mapping", found=json_kind(data))
        variant = data.get("variant", "") or ""
        if not isinstance(variant, str):
            raise error("map.variant", value=variant)
        if variant not in FFN_VARIANTS:
            variant = ""  # e.g. a trace of an unusual model: draw it generically, keep the sizes
        gated = data.get("gated", is_gated(variant) if variant else True)
        try:
            sizes = cls(vocab=data.get("vocab"), d=data["d"], m=data["m"],
                        n_layer=data["n_layer"], n_head=data.get("n_head"), gated=gated,
                        variant=variant, source=data.get("source", ""),
                        origin=data.get("origin", ""), n_experts=data.get("n_experts", 0),
                        n_linear=data.get("n_linear", 0), attn_width=data.get("attn_width"),
                        n_kv_head=data.get("n_kv_head"), attn_gate=data.get("attn_gate") is True,
                        norm_place=data.get("norm_place", "pre"),
                        tied_head=data.get("tied_head") is True, norm=data.get("norm", "rms"),
                        block=data.get("block", "sequential"),
                        final_norm=data.get("final_norm") is not False,
                        encoder=data.get("encoder") is True)
        except KeyError as exc:
            raise error("map.lacks", name=exc.args[0]) from None
        return sizes.validate()


def dim_text(n: int) -> str:
    """A size as the map prints it: plain below 10,000 ("3584"), grouped above ("248,320")."""
    return f"{n:,}" if n >= 10_000 else str(n)


def _variant_for_act(act: Any, gated: bool) -> str:
    if not isinstance(act, str):
        return ""
    if gated:
        return ACT_TO_VARIANT.get(act, "")
    return _CLASSIC_ACT.get(act, "")


#: Model types whose (text) config class declares ``hidden_activation``, each with that key's
#: default: their MLPs are built with ``ACT2FN[config.hidden_activation]`` and a stray
#: ``hidden_act`` in config.json is ignored (held to transformers' config classes by a test;
#: composite configs are listed under their own and their text config's name).
HIDDEN_ACTIVATION_TYPES: dict[str, str] = {
    **dict.fromkeys((
        "gemma2", "gemma3", "gemma3_text", "gemma3n", "gemma3n_text", "gemma4", "gemma4_text",
        "gemma4_unified", "gemma4_unified_text", "gemma4_vision", "diffusion_gemma",
        "diffusion_gemma_text", "embedding_gemma2", "embedding_gemma2_text", "recurrent_gemma",
        "t5_gemma_module", "t5gemma2_encoder", "t5gemma2_decoder", "t5gemma2_text",
        "vaultgemma"), "gelu_pytorch_tanh"),
    "modernbert": "gelu", "modernbert-decoder": "gelu", "muse_glimmer": "silu",
    "muse_glimmer_text": "silu",
}


#: The MLP activation of families whose config.json may leave it out (transformers saves only
#: the keys that differ from the config class's defaults) and whose default is not SiLU: the
#: map drew BERT's MLP with a SiLU box. Held to transformers' config classes by a test.
FAMILY_ACT: dict[str, str] = {
    "gpt2": "gelu_new", "bert": "gelu", "gpt_neox": "gelu", "opt": "relu", "phi": "gelu_new",
    "gptj": "gelu_new", "codegen": "gelu_new", "gpt_bigcode": "gelu_pytorch_tanh",
    "gpt_neo": "gelu_new",
    "starcoder2": "gelu_pytorch_tanh", "gemma": "gelu_pytorch_tanh",
}
#: Classic-MLP model types whose activation is not under ``hidden_act``/``activation_function``:
#: Falcon's config names it ``activation`` ("gelu" when left out); BLOOM's (BloomGelu, the tanh
#: approximation) and MPT's (nn.GELU) are fixed in their modelling code, whatever the config says.
OWN_ACTIVATION_KEY: dict[str, tuple[str, str]] = {"falcon": ("activation", "gelu")}
FIXED_ACTIVATION: dict[str, str] = {"bloom": "gelu_new", "mpt": "gelu"}


def _hidden_act(config: Mapping[str, Any]) -> Any:
    """The MLP activation's name, wherever the family keeps it (text_config first), read as the
    family's modelling code reads it (``hidden_activation`` where its config class declares it,
    Gemma 1's legacy "gelu" as the tanh approximation its config turns it into)."""
    text = config.get("text_config")
    for cfg in ((text, config) if isinstance(text, Mapping) else (config,)):
        model_type = cfg.get("model_type") or config.get("model_type")
        if isinstance(model_type, str) and model_type in HIDDEN_ACTIVATION_TYPES:
            act = cfg.get("hidden_activation")
            return act if isinstance(act, str) else HIDDEN_ACTIVATION_TYPES[model_type]
        if model_type in FIXED_ACTIVATION:
            return FIXED_ACTIVATION[model_type]
        if model_type in OWN_ACTIVATION_KEY:
            key, default = OWN_ACTIVATION_KEY[model_type]
            return cfg[key] if isinstance(cfg.get(key), str) else default
        for key in ("hidden_act", "hidden_activation", "activation_function"):
            if isinstance(cfg.get(key), str):
                if model_type == "gemma" and key == "hidden_act" and cfg[key] == "gelu":
                    return "gelu_pytorch_tanh"  # (GemmaConfig: "a legacy value ... tanh")
                return cfg[key]
        proj = cfg.get("feed_forward_proj")  # T5: "gated-gelu", "relu"
        if isinstance(proj, str):
            return proj.rsplit("-", 1)[-1]
        if isinstance(model_type, str) and model_type in FAMILY_ACT:
            return FAMILY_ACT[model_type]  # left out of config.json: the family's default
    return None


def sizes_from_spec(spec: ModelSpec, variant: str = "", source: str = "",
                    origin: str = "budget", family: str = "",
                    block: str = "sequential") -> ForwardSizes:
    """The map's sizes of a budget ``ModelSpec``: an MoE model whose layers are mostly routed
    shows one expert's width and the expert count; otherwise the dense width. ``family`` (the
    config's model_type) and ``block`` say what the spec does not: LayerNorm where the family
    has it, and how the layer is wired (``forward_block``)."""
    routed = spec.n_layer - spec.first_dense_layers if spec.n_experts else 0
    moe = spec.n_experts > 0 and (routed >= spec.first_dense_layers or not spec.intermediate)
    if variant and is_gated(variant) != spec.gated:
        variant = ""
    width = spec.n_head * spec.head_dim if spec.head_dim else spec.hidden
    return ForwardSizes(
        vocab=spec.vocab, d=spec.hidden, m=spec.moe_intermediate if moe else spec.intermediate,
        n_layer=spec.n_layer, n_head=spec.n_head, gated=spec.gated, variant=variant,
        source=(source or spec.name)[:MAX_SOURCE_CHARS], origin=origin,
        n_experts=spec.n_experts if moe else 0, n_linear=spec.linear_layers,
        attn_width=width if width != spec.hidden else None,
        n_kv_head=spec.n_kv_head if spec.n_kv_head != spec.n_head else None,
        attn_gate=bool(spec.attn_out_gate), tied_head=bool(spec.tie_embeddings),
        norm_place=spec.norm_place, norm=norm_kind(spec.norm, family), block=block,
        final_norm=bool(spec.final_norm), encoder=bool(spec.pooler)).validate()


def sizes_from_hf_config(config: Mapping[str, Any], source: str = "",
                         origin: str = "config") -> ForwardSizes:
    """The map's sizes of a Hugging Face config dict, read by the budget tab's own reader."""
    try:
        spec = spec_from_hf_config(config)
    except (TypeError, KeyError, AttributeError, OverflowError, RecursionError) as exc:
        raise error("hf.malformed", reason=reason(exc)) from None
    variant = _variant_for_act(_hidden_act(config), spec.gated)
    if "gpt_oss" in (config.get("model_type"), spec.name):  # clamped SwiGLU, no hidden_act key
        variant = "swiglu_clamped"
    return sizes_from_spec(spec, variant, source, origin, model_type(config), block_of(config))


def sizes_of_trace(trace: Trace) -> dict[str, Any] | None:
    """The map's sizes of a traced model (Inside the model), for ``ForwardSizes.from_dict``:
    d, m, layers and variant, and its linear-attention layers, KV heads, attention width and
    output gate. Why all of them: a Qwen3.5 folder was drawn as four softmax-attention layers
    of 4 heads, though the trace knew three were Gated DeltaNet (walkthrough s13)."""
    if not trace.layers:
        return None
    d, heads, kv = int(trace.hidden_size), trace.n_head or None, trace.n_kv_head
    return {"d": d, "m": int(trace.layers[0].g.shape[-1]), "n_layer": len(trace.layers),
            "variant": str(trace.variant), "source": str(trace.model_name),
            "vocab": trace.vocab_size or None, "n_head": heads,
            "n_linear": sum(layer.kind == "linear_attention" for layer in trace.layers),
            "n_kv_head": kv if heads and 0 < kv < heads else None,
            "attn_width": trace.attn_width if trace.attn_width not in (0, d) else None,
            "attn_gate": any(layer.attn_gate_mean is not None for layer in trace.layers),
            "norm_place": trace.norm_place, "tied_head": trace.tied_head, "norm": trace.norm,
            "block": trace.block,
            # the causal LMs that normalise after each add (OPT-350m) have no final norm
            "final_norm": trace.block != "post_add"}


def train_intermediate(config: TrainConfig) -> int:
    """The FFN width the trainer builds: explicit, else the budget's 8/3 rule (gated) or 4d."""
    if config.intermediate is not None:
        return config.intermediate
    return rule_8_3(config.n_embd, config.multiple_of) if config.gated else 4 * config.n_embd


def sizes_from_train_config(config: TrainConfig | Mapping[str, Any], vocab: int | None = None,
                            source: str = "", origin: str = "trainer") -> ForwardSizes:
    """The map's sizes of a gatelab ``TrainConfig`` (or a run's config.json dict).

    ``vocab`` is the corpus's vocabulary when known (the config alone does not fix it)."""
    if isinstance(config, Mapping):
        try:
            config = TrainConfig.from_dict(dict(config))
        except TypeError as exc:
            raise error("hf.malformed", reason=reason(exc)) from None
    if not isinstance(config, TrainConfig):
        raise error("map.bad_config", found=type(config).__name__)
    config.validate()
    return ForwardSizes(vocab=vocab, d=config.n_embd, m=train_intermediate(config),
                        n_layer=config.n_layer, n_head=config.n_head, gated=config.gated,
                        variant=config.variant, source=source[:MAX_SOURCE_CHARS],
                        origin=origin, attn_gate=config.attn_gate, norm="rms",  # model.RMSNorm
                        n_kv_head=config.n_kv_head if config.n_kv_head not in (None, config.n_head)
                        else None, tied_head=config.tie_embeddings).validate()


def mlp_widths_text(sizes: ForwardSizes | None) -> str:
    """"1024 → 3584 → 1024" (or "d → m → d" without sizes)."""
    if sizes is None:
        return "d → m → d"
    d, m = dim_text(sizes.d), dim_text(sizes.m)
    return f"{d} → {m} → {d}"


def size_texts(sizes: ForwardSizes | None) -> dict[str, str]:
    """The size line of each box that has one: numbers with sizes, the symbols d, m, V without.

    Only symbols and numbers: words around them ("heads", "layers") are the UI's to translate."""
    if sizes is None:
        v, d, m = "V", "d", "m"
    else:
        v = "V" if sizes.vocab is None else dim_text(sizes.vocab)
        d, m = dim_text(sizes.d), dim_text(sizes.m)
    norm = f"{NORM_NAMES.get(sizes.norm if sizes else 'rms', 'RMSNorm')} · {d}"
    return {
        "tokens": f"V = {v}" if v != "V" else "V",
        "embedding": f"{v} × {d}",
        **dict.fromkeys(sorted(NORM_BOXES), norm),
        "attention": (f"{d} → {dim_text(sizes.attn_width)} → {d}"
                      if sizes is not None and sizes.attn_width else f"{d} → {d}"),
        "gate_proj": f"{d} → {m}", "up_proj": f"{d} → {m}",
        "act": m, "mul": m, "down_proj": f"{m} → {d}",
        "lm_head": f"{d} → {v}",
    }

