"""Turn a Hugging Face ``config.json`` into a ``ModelSpec``: aliases, family defaults, MoE layouts.

Why: real configs spell the same number half a dozen ways (``n_embd``, ``d_model``,
``hidden_size``…), leave keys out when the family default applies, nest the language model under
``text_config``, and hide which layers are routed behind ``first_k_dense_replace`` or
``decoder_sparse_step``. Every value is type-checked, so a garbled or hostile file can only ever
produce a ``ValueError`` with a message a learner can act on.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gatelab.core.values import is_int
from gatelab.core.budget import hfdefaults as D
from gatelab.core.budget import hffamilies as F
from gatelab.core.budget.jsonio import read_json_object
from gatelab.core.budget.model import ModelCount, ModelSpec, count_model
from gatelab.core.budget.rules import MAX_DIM, minimind_rule
from gatelab.core.messages import GatelabError, Msg, error, reason
from gatelab.core.reasons import json_kind

MAX_CONFIG_BYTES = 16 * 1024 * 1024

#: Families counted exactly (every tensor of the checkpoint has a term in ``count_model``).
EXACT_FAMILIES: tuple[str, ...] = (
    "llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "gemma", "gemma2",
    "gemma3", "gemma3_text", "phi3", "gpt2", "t5", "gpt_oss", "minimind", "qwen3_5",
    "qwen3_5_text", "qwen3_5_moe", "qwen3_5_moe_text", "qwen3_next", "deepseek_v3", "llama4",
    "llama4_text", "smollm3", "olmo2", "glm4_moe", "ministral3", "granite", "exaone",
    "vaultgemma", "ernie4_5",
)
KNOWN_FAMILIES: tuple[str, ...] = EXACT_FAMILIES + ("deepseek_v2",)

_ALIASES = D.ALIASES


def _lookup(cfg: Mapping[str, Any], key: str) -> tuple[str | None, Any]:
    for alias in _ALIASES[key]:
        if alias in cfg and cfg[alias] is not None:
            return alias, cfg[alias]
    return None, None


def _int(name: str, value: Any, minimum: int = 0) -> int:
    """A whole number from JSON (integral floats such as 4096.0 are accepted)."""
    if isinstance(value, bool):
        raise error("hf.whole", name=name, value=value)
    if isinstance(value, float):
        if not value.is_integer():
            raise error("hf.whole", name=name, value=value)
        value = int(value)
    if not isinstance(value, int):
        raise error("hf.whole_type", name=name, found=json_kind(value))
    if value < minimum:
        raise error("hf.at_least", name=name, minimum=minimum, value=value)
    if value > MAX_DIM:
        raise error("hf.huge", name=name, value=value)
    return value


class ConfigDict(dict):  # type: ignore[type-arg]
    """A parsed config.json that remembers the name of its file (``source``), so that a message
    about a missing field names the file the user opened, not "config.json"."""

    source: str = "config.json"


class _Lacks(GatelabError):
    """A required field is missing (``field`` is its ``_ALIASES`` entry); re-raised by
    ``spec_from_hf_config`` with the file's name."""

    def __init__(self, field: str) -> None:
        super().__init__(Msg("hf.lacks", {"what": _ALIASES[field][0],
                                          "aliases": ", ".join(_ALIASES[field])}))
        self.field = field


def _get(cfg: Mapping[str, Any], key: str, default: int | None = None, minimum: int = 1) -> int:
    alias, value = _lookup(cfg, key)
    if alias is None:
        if default is None:
            raise _Lacks(key)
        return default
    return _int(alias, value, minimum)


def _opt(cfg: Mapping[str, Any], key: str, default: int = 0, minimum: int = 0) -> int:
    """An optional plain key (no aliases)."""
    value = cfg.get(key)
    return default if value is None else _int(key, value, minimum)


def _flag(cfg: Mapping[str, Any], key: str, default: bool) -> bool:
    value = cfg.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise error("hf.bool", name=key, value=value)
    return value


def _str(cfg: Mapping[str, Any], key: str, default: str) -> str:
    value = cfg.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise error("hf.string", name=key, found=json_kind(value))
    return value


def _unwrap(cfg: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Use the language model of a multimodal config (``text_config``), keeping top-level keys."""
    notes: list[str] = []
    text = cfg.get("text_config")
    if text is None:
        return dict(cfg), notes
    if not isinstance(text, Mapping):
        raise error("hf.text_config")
    merged = {k: v for k, v in cfg.items() if k not in ("text_config", "vision_config",
                                                          "audio_config")}
    top = merged.pop("model_type", None)
    top = top if isinstance(top, str) else None
    merged.update(text)
    if "model_type" not in text and top is not None:
        merged["model_type"] = F.TEXT_FAMILY.get(top, top)
    if top in F.WRAPPER_TIES:  # these wrappers tie lm_head by their own flag, not text_config's
        merged["tie_word_embeddings"] = cfg.get("tie_word_embeddings", F.WRAPPER_TIES[top])
    elif top in F.TEXT_FAMILY and "tie_word_embeddings" not in text:  # Llama 4: text's flag
        merged.pop("tie_word_embeddings", None)
    notes.append(F.tower_note(cfg))
    return merged, notes


def _dense_count_qwen_moe(cfg: Mapping[str, Any], n_layer: int) -> int:
    step = _opt(cfg, "decoder_sparse_step", 1, minimum=1)
    mlp_only = cfg.get("mlp_only_layers") or []
    if not isinstance(mlp_only, list) or not all(
            is_int(i) for i in mlp_only):
        raise error("hf.mlp_only_layers")
    sparse = n_layer // step
    forced = {i for i in mlp_only if 0 <= i < n_layer and (i + 1) % step == 0}
    return n_layer - (sparse - len(forced))


def _dense_count_deepseek(cfg: Mapping[str, Any], n_layer: int) -> int:
    first = min(_opt(cfg, "first_k_dense_replace", 0), n_layer)
    freq = _opt(cfg, "moe_layer_freq", 1, minimum=1)
    sparse = -(-n_layer // freq) - (-(-first // freq))  # multiples of freq in [first, n_layer)
    return n_layer - sparse


def spec_from_hf_config(config: Mapping[str, Any], source: str | None = None) -> ModelSpec:
    """Build (and validate) a ``ModelSpec`` from a parsed Hugging Face config; ``source`` (by
    default the ``ConfigDict``'s file name, else "config.json") names the file in messages."""
    try:
        return _spec(config)
    except _Lacks as exc:
        name = source or getattr(config, "source", None) or "config.json"
        names = _ALIASES[exc.field]
        nested = isinstance(config, Mapping) and isinstance(config.get("text_config"), Mapping)
        raise error("hf.lacks_text_field" if nested else "hf.lacks_field", path=name,
                    name=names[0], aliases=", ".join(names[1:])) from None


def _spec(config: Mapping[str, Any]) -> ModelSpec:
    if not isinstance(config, Mapping):
        raise error("hf.not_object", found=json_kind(config))
    cfg, notes = _unwrap(config)
    family = _str(cfg, "model_type", "")
    family = F.TEXT_FAMILY.get(family, family)
    kv_given = cfg.get("num_key_value_heads") is not None
    cfg, ignored = D.with_defaults(family, cfg)
    notes.extend(ignored)
    if family in ("t5", "mt5"):
        return _t5_spec(cfg, family, notes)
    if family == "gpt2":
        return _gpt2_spec(cfg, notes)

    hidden = _get(cfg, "hidden")
    n_head = _get(cfg, "n_head")
    n_layer = _get(cfg, "n_layer")
    head_default = 256 if family.startswith("gemma") else max(hidden // n_head, 1)
    spec: dict[str, Any] = {
        "name": _str(cfg, "_name_or_path", family or "config.json"),
        "hidden": hidden, "n_layer": n_layer, "n_head": n_head,
        "n_kv_head": _kv_heads(cfg, family, n_head, kv_given),
        "head_dim": _get(cfg, "head_dim", default=head_default),
        "vocab": _get(cfg, "vocab"),
        "tie_embeddings": _flag(cfg, "tie_word_embeddings",
                                family in ("gemma", "gemma2", "gemma3_text", "minimind")),
        "gated": True,
    }
    exact = family in EXACT_FAMILIES
    if family not in KNOWN_FAMILIES:
        notes.append(Msg("note.unknown_family", {"family": family}))
    elif not exact:
        notes.append(Msg("note.unverified", {"family": family}))
    n_linear = F.linear_layer_count(cfg, family, n_layer, KNOWN_FAMILIES)
    if n_linear:
        spec.update(linear_layers=n_linear, **F.linear_sizes(cfg))
    attn_bias = _flag(cfg, "attention_bias", family == "gpt_oss")
    spec["qkv_bias"] = attn_bias
    spec["o_bias"] = attn_bias and family != "glm4_moe"
    if family in ("qwen2", "qwen2_moe"):  # q/k/v always (qwen2_moe: its qkv_bias flag), o never
        spec["qkv_bias"] = family == "qwen2" or _flag(cfg, "qkv_bias", True)
        spec["o_bias"] = False
    spec["mlp_bias"] = _flag(cfg, "mlp_bias", False)
    if family == "ernie4_5":  # one flag for every projection's bias
        spec["qkv_bias"] = spec["o_bias"] = spec["mlp_bias"] = _flag(cfg, "use_bias", False)
    spec["qk_norm"] = family in ("qwen3", "qwen3_moe", "gemma3_text") + F.HYBRID_FAMILIES or (
        family == "glm4_moe" and _flag(cfg, "use_qk_norm", False))
    spec["qk_norm_full"] = family == "olmo2"
    spec["attn_out_gate"] = family in F.HYBRID_FAMILIES
    spec["norms_per_layer"] = 4 if family in ("gemma2", "gemma3_text") else 2
    spec["norm_place"] = F.norm_place_of(family)
    spec["attn_sinks"] = family == "gpt_oss"
    _mlp_layout(cfg, family, hidden, n_layer, spec, notes)
    if family.startswith("deepseek") and (_opt(cfg, "kv_lora_rank", 0) or family == "deepseek_v3"):
        spec.update(attention="mla", q_lora_rank=_opt(cfg, "q_lora_rank", 0),
                    kv_lora_rank=_opt(cfg, "kv_lora_rank", 0),
                    qk_rope_head_dim=_opt(cfg, "qk_rope_head_dim", 0),
                    qk_nope_head_dim=_opt(cfg, "qk_nope_head_dim", 0),
                    v_head_dim=_opt(cfg, "v_head_dim", 0))
    n_mtp = _opt(cfg, "num_nextn_predict_layers", 0, minimum=0)
    if n_mtp and family == "deepseek_v3":
        spec["mtp_layers"] = n_mtp
        notes.append(Msg("note.mtp_beside"))
    elif n_mtp or _opt(cfg, "mtp_num_hidden_layers", 0):
        notes.append(Msg("note.mtp_not_counted"))
    return ModelSpec(notes=tuple(notes), exact=exact, **spec).validate()


def _kv_heads(cfg: Mapping[str, Any], family: str, n_head: int, given: bool) -> int:
    """KV heads; transformers' family default (Mistral: 8, Qwen3: 32…) applies when none is given,
    and one that does not divide the heads is refused naming the missing key, not the default."""
    n_kv = _get(cfg, "n_kv_head", default=n_head)
    if not given and n_head % n_kv and family in D.FAMILY_DEFAULTS:
        raise error("hf.kv_default", family=family, kv=n_kv, heads=n_head)
    return n_kv


def _mlp_layout(cfg: Mapping[str, Any], family: str, hidden: int, n_layer: int,
                spec: dict[str, Any], notes: list[str]) -> None:
    """Fill the MLP fields of ``spec``: dense width, experts, shared expert, dense/routed layers."""
    n_experts = _get(cfg, "n_experts", default=0, minimum=0)
    if family == "minimind" and not _flag(cfg, "use_moe", False):
        n_experts = 0
    if family == "qwen3_5_moe_text":  # every layer is routed: experts are required
        n_experts = _get(cfg, "n_experts", minimum=1)
    if family == "llama4_text":
        spec["intermediate"] = _opt(cfg, "intermediate_size_mlp", 1, minimum=1)
    elif family == "qwen3_5_moe_text":
        spec["intermediate"] = 0  # every layer is routed; intermediate_size is never used
    elif family == "minimind" and cfg.get("intermediate_size") is None:
        spec["intermediate"] = minimind_rule(hidden)
        notes.append(Msg("note.minimind_rule", {"m": spec["intermediate"]}))
    else:
        spec["intermediate"] = _get(cfg, "intermediate", default=0 if n_experts else None,
                                    minimum=0 if n_experts else 1)
    if not n_experts:
        return
    top_k = _get(cfg, "experts_per_token", default=min(2, n_experts))
    moe_m = _opt(cfg, "moe_intermediate_size", 0, minimum=1)
    if family == "llama4_text":
        moe_m = _opt(cfg, "intermediate_size", 1, minimum=1)
    elif family in ("mixtral", "gpt_oss") or not moe_m:
        moe_m = spec["intermediate"]
    spec.update(n_experts=n_experts, experts_per_token=top_k, moe_intermediate=moe_m)
    if family in ("qwen2_moe", "qwen3_moe", "qwen3_next", "qwen3_5_moe_text"):
        if family != "qwen3_5_moe_text":
            spec["first_dense_layers"] = _dense_count_qwen_moe(cfg, n_layer)
        shared = _opt(cfg, "shared_expert_intermediate_size", 0)
        if shared:
            spec.update(n_shared_experts=1, shared_intermediate=shared)
        # the others build the shared expert's [1, d] gate whatever its width (0: gate alone)
        spec["shared_expert_gate"] = family != "qwen3_moe"
    elif family == "llama4_text":
        spec.update(first_dense_layers=n_layer - F.llama4_moe_layers(cfg, n_layer),
                    n_shared_experts=1, shared_intermediate=moe_m)
    elif family in ("deepseek_v3", "glm4_moe"):  # transformers: layer i is routed iff i ≥ k
        spec["first_dense_layers"] = min(_opt(cfg, "first_k_dense_replace", 0), n_layer)
        n_shared = _opt(cfg, "n_shared_experts", 0)
        if n_shared:
            spec.update(n_shared_experts=n_shared, shared_intermediate=n_shared * moe_m)
        spec["router_correction_bias"] = True
    elif family.startswith("deepseek") or "first_k_dense_replace" in cfg:
        spec["first_dense_layers"] = _dense_count_deepseek(cfg, n_layer)
        n_shared = _opt(cfg, "n_shared_experts", 0)
        if n_shared:
            spec.update(n_shared_experts=n_shared, shared_intermediate=n_shared * moe_m)
        spec["router_correction_bias"] = _str(cfg, "topk_method", "") == "noaux_tc"
    elif family == "minimind":
        n_shared = _opt(cfg, "n_shared_experts", 0)
        if n_shared:
            spec.update(n_shared_experts=n_shared, shared_intermediate=n_shared * moe_m)
    if family == "gpt_oss":
        spec.update(router_bias=True, expert_bias=True)
        notes.append(Msg("note.gpt_oss"))
    if spec.get("router_correction_bias"):  # counted as stored; transformers holds it as a buffer
        routed = n_layer - spec.get("first_dense_layers", 0)
        if routed > 0:
            notes.append(Msg("note.correction_bias", {"n": n_experts * routed}))
    if spec.get("first_dense_layers", 0) and not spec["intermediate"]:
        raise error("hf.no_intermediate")


def _gpt2_spec(cfg: Mapping[str, Any], notes: list[str]) -> ModelSpec:
    hidden = _get(cfg, "hidden")
    return ModelSpec(
        name=_str(cfg, "_name_or_path", "gpt2"), hidden=hidden,
        intermediate=_get(cfg, "intermediate", default=4 * hidden),
        n_layer=_get(cfg, "n_layer"), n_head=_get(cfg, "n_head"), vocab=_get(cfg, "vocab"),
        gated=False, mlp_bias=True, qkv_bias=True, o_bias=True, norm="layer",
        max_positions=_opt(cfg, "n_positions", 1024) if "n_positions" in cfg
        else _opt(cfg, "max_position_embeddings", 1024),
        tie_embeddings=_flag(cfg, "tie_word_embeddings", True), notes=tuple(notes),
    ).validate()


def _t5_spec(cfg: Mapping[str, Any], family: str, notes: list[str]) -> ModelSpec:
    hidden = _get(cfg, "hidden")
    n_head = _get(cfg, "n_head")
    n_enc = _get(cfg, "n_layer")
    proj = _str(cfg, "feed_forward_proj", "relu")
    return ModelSpec(
        name=_str(cfg, "_name_or_path", family), hidden=hidden,
        intermediate=_get(cfg, "intermediate", default=4 * hidden), n_layer=_opt(
            cfg, "num_decoder_layers", n_enc, minimum=1), n_head=n_head,
        head_dim=_get(cfg, "head_dim", default=max(hidden // n_head, 1)), vocab=_get(cfg, "vocab"),
        gated=proj.startswith("gated"), encoder_layers=n_enc,
        relative_attention_buckets=_opt(cfg, "relative_attention_num_buckets", 32),
        tie_embeddings=_flag(cfg, "tie_word_embeddings", True), notes=tuple(notes),
    ).validate()


def load_hf_config(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and parse a config.json (≤ 16 MB); every failure is a ``ValueError``."""
    out = ConfigDict(read_json_object(path, MAX_CONFIG_BYTES, Path(path).name,
                                      encoding="utf-8-sig"))
    out.source = Path(path).name
    return out


def count_from_hf_config(path_or_dict: str | os.PathLike[str] | Mapping[str, Any]) -> ModelCount:
    """Exact parameter count of the model a Hugging Face config (file or parsed dict) describes."""
    if isinstance(path_or_dict, Mapping):
        cfg: Mapping[str, Any] = path_or_dict
    elif isinstance(path_or_dict, (str, os.PathLike)):
        cfg = load_hf_config(path_or_dict)
    else:
        raise error("hf.bad_arg", found=type(path_or_dict).__name__)
    source = Path(path_or_dict).name if isinstance(path_or_dict, (str, os.PathLike)) else None
    try:
        return count_model(spec_from_hf_config(cfg, source))
    except (TypeError, KeyError, AttributeError, OverflowError, RecursionError) as exc:
        raise error("hf.malformed", reason=reason(exc)) from None
