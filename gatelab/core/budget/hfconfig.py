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

from gatelab.core.budget import hfdefaults as D
from gatelab.core.budget import hffamilies as F
from gatelab.core.budget.hfclassic import CLASSIC_FAMILIES, classic_spec
from gatelab.core.budget import hfread as R
from gatelab.core.budget.hfmoe import mlp_layout
from gatelab.core.budget.jsonio import read_json_object
from gatelab.core.budget.model import ModelCount, ModelSpec, count_model
from gatelab.core.messages import GatelabError, Msg, error, join_msgs, reason
from gatelab.core.reasons import json_kind

MAX_CONFIG_BYTES = 16 * 1024 * 1024

#: Families counted exactly (every tensor of the checkpoint has a term in ``count_model``).
EXACT_FAMILIES: tuple[str, ...] = (
    "llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "gemma", "gemma2",
    "gemma3", "gemma3_text", "phi3", "gpt2", "t5", "gpt_oss", "minimind", "qwen3_5",
    "qwen3_5_text", "qwen3_5_moe", "qwen3_5_moe_text", "qwen3_next", "deepseek_v3", "llama4",
    "llama4_text", "smollm3", "olmo2", "glm4_moe", "ministral3", "granite", "exaone",
    "vaultgemma", "ernie4_5", "deepseek_v2", "glm4", "gpt_neox", "opt", "phi", "bert", "gptj",
    "codegen", "falcon", "gpt_bigcode", "gpt_neo", "bloom", "mpt",
)
#: Families counted from their config but not held to transformers (none at present).
UNVERIFIED_FAMILIES: tuple[str, ...] = ()
KNOWN_FAMILIES: tuple[str, ...] = EXACT_FAMILIES + UNVERIFIED_FAMILIES


class ConfigDict(dict):  # type: ignore[type-arg]
    """A parsed config.json that remembers the name of its file (``source``), so that a message
    about a missing field names the file the user opened, not "config.json"."""

    source: str = "config.json"


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


def spec_from_hf_config(config: Mapping[str, Any], source: str | None = None) -> ModelSpec:
    """Build (and validate) a ``ModelSpec`` from a parsed Hugging Face config; ``source`` (by
    default the ``ConfigDict``'s file name, else "config.json") names the file in messages."""
    name = source or getattr(config, "source", None) or "config.json"
    top = config.get("model_type") if isinstance(config, Mapping) else None
    if isinstance(top, str) and top in F.TEXT_FAMILY and config.get("text_config") is None:
        # transformers would build the wrapper's default language model, whatever the top
        # level says (gemma3: 2.6 B); counting the top-level keys would count another model
        raise error("hf.wrapper_flat", path=name, family=top)
    try:
        return _spec(config)
    except R.Lacks as exc:
        raise _lacks(config, exc.field, name) from None


def _lacks(config: Mapping[str, Any], field: str, path: str) -> GatelabError:
    """The refusal for a missing size, naming the spellings the family reads (all the reader
    knows for a family without a table) and those given that the family does not read."""
    nested = isinstance(config.get("text_config"), Mapping)
    cfg, _ = _unwrap(config)
    family = cfg.get("model_type")
    family = F.TEXT_FAMILY.get(family, family) if isinstance(family, str) else ""
    if family not in D.FAMILY_DEFAULTS:
        names = D.ALIASES[field]
        return error("hf.lacks_text_field" if nested else "hf.lacks_field", path=path,
                     name=names[0], aliases=", ".join(names[1:]))
    names = D.readable(family, field)
    reads = Msg("hf.reads_also", {"family": family, "aliases": ", ".join(names[1:])}) \
        if len(names) > 1 else Msg("hf.reads_only", {"family": family})
    unread = [n for n in D.ALIASES[field] if n not in names and cfg.get(n) is not None]
    if unread:
        reads = join_msgs([reads, Msg("hf.not_read", {"family": family,
                                                      "keys": ", ".join(unread)})])
    return error("hf.lacks_family_text_field" if nested else "hf.lacks_family_field", path=path,
                 name=names[0], reads=reads)


def _spec(config: Mapping[str, Any]) -> ModelSpec:
    if not isinstance(config, Mapping):
        raise error("hf.not_object", found=json_kind(config))
    cfg, notes = _unwrap(config)
    family = R.string(cfg, "model_type", "")
    family = F.TEXT_FAMILY.get(family, family)
    given = frozenset(k for k, v in cfg.items() if v is not None)  # (before the defaults)
    kv_given = "num_key_value_heads" in given
    cfg, ignored = D.with_defaults(family, cfg)
    notes.extend(ignored)
    if family in ("t5", "mt5"):
        return _t5_spec(cfg, family, notes)
    if family == "gpt2":
        return _gpt2_spec(cfg, notes)
    if family in CLASSIC_FAMILIES:
        return classic_spec(cfg, family, notes)

    hidden = R.size(cfg, "hidden")
    n_head = R.size(cfg, "n_head")
    n_layer = R.size(cfg, "n_layer")
    head_default = 256 if family.startswith("gemma") else max(hidden // n_head, 1)
    spec: dict[str, Any] = {
        "name": R.string(cfg, "_name_or_path", family or "config.json"),
        "hidden": hidden, "n_layer": n_layer, "n_head": n_head,
        "n_kv_head": _kv_heads(cfg, family, n_head, kv_given),
        "head_dim": R.size(cfg, "head_dim", default=head_default),
        "vocab": R.size(cfg, "vocab"),
        "tie_embeddings": R.flag(cfg, "tie_word_embeddings",
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
    attn_bias = R.flag(cfg, "attention_bias", family == "gpt_oss")
    spec["qkv_bias"] = attn_bias
    spec["o_bias"] = attn_bias and family not in ("glm4", "glm4_moe")
    if family in ("qwen2", "qwen2_moe"):  # q/k/v always (qwen2_moe: its qkv_bias flag), o never
        spec["qkv_bias"] = family == "qwen2" or R.flag(cfg, "qkv_bias", True)
        spec["o_bias"] = False
    spec["mlp_bias"] = R.flag(cfg, "mlp_bias", False)
    if family == "ernie4_5":  # one flag for every projection's bias
        spec["qkv_bias"] = spec["o_bias"] = spec["mlp_bias"] = R.flag(cfg, "use_bias", False)
    spec["qk_norm"] = family in ("qwen3", "qwen3_moe", "gemma3_text") + F.HYBRID_FAMILIES or (
        family == "glm4_moe" and R.flag(cfg, "use_qk_norm", False))
    spec["qk_norm_full"] = family == "olmo2"
    spec["attn_out_gate"] = family in F.HYBRID_FAMILIES
    spec["norms_per_layer"] = 4 if family in ("gemma2", "gemma3_text", "glm4") else 2
    spec["norm_place"] = F.norm_place_of(family)
    spec["attn_sinks"] = family == "gpt_oss"
    mlp_layout(cfg, family, hidden, n_layer, spec, notes, given)
    if family.startswith("deepseek") and (R.opt(cfg, "kv_lora_rank", 0)
                                          or family in ("deepseek_v2", "deepseek_v3")):
        spec.update(attention="mla", q_lora_rank=R.opt(cfg, "q_lora_rank", 0),
                    kv_lora_rank=R.opt(cfg, "kv_lora_rank", 0),
                    qk_rope_head_dim=R.opt(cfg, "qk_rope_head_dim", 0),
                    qk_nope_head_dim=R.opt(cfg, "qk_nope_head_dim", 0),
                    v_head_dim=R.opt(cfg, "v_head_dim", 0))
    n_mtp = R.opt(cfg, "num_nextn_predict_layers", 0, minimum=0)
    if n_mtp and family == "deepseek_v3":
        spec["mtp_layers"] = n_mtp
        notes.append(Msg("note.mtp_beside"))
    elif n_mtp or R.opt(cfg, "mtp_num_hidden_layers", 0):
        notes.append(Msg("note.mtp_not_counted"))
    exact = exact and spec.pop("exact", True)  # (a corner the family's count does not cover)
    return ModelSpec(notes=tuple(notes), exact=exact, **spec).validate()


def _kv_heads(cfg: Mapping[str, Any], family: str, n_head: int, given: bool) -> int:
    """KV heads; transformers' family default (Mistral: 8, Qwen3: 32…) applies when none is given,
    and one that does not divide the heads is refused naming the missing key, not the default."""
    n_kv = R.size(cfg, "n_kv_head", default=n_head)
    if not given and n_head % n_kv and family in D.FAMILY_DEFAULTS:
        raise error("hf.kv_default", family=family, kv=n_kv, heads=n_head)
    return n_kv


def _gpt2_spec(cfg: Mapping[str, Any], notes: list[str]) -> ModelSpec:
    hidden = R.size(cfg, "hidden")
    cross = R.flag(cfg, "add_cross_attention", False)
    if cross:
        notes.append(Msg("note.cross_attention"))
    return ModelSpec(cross_attention=cross,
        name=R.string(cfg, "_name_or_path", "gpt2"), hidden=hidden,
        intermediate=R.size(cfg, "intermediate", default=4 * hidden),
        n_layer=R.size(cfg, "n_layer"), n_head=R.size(cfg, "n_head"), vocab=R.size(cfg, "vocab"),
        gated=False, mlp_bias=True, qkv_bias=True, o_bias=True, norm="layer",
        max_positions=R.opt(cfg, "n_positions", 1024) if "n_positions" in cfg
        else R.opt(cfg, "max_position_embeddings", 1024),
        tie_embeddings=R.flag(cfg, "tie_word_embeddings", True), notes=tuple(notes),
    ).validate()


#: T5's and mT5's default ``num_layers``. transformers copies ``num_layers`` into
#: ``num_decoder_layers`` before it applies the synonym ``num_hidden_layers``, so a config that
#: gives only the synonym gets a decoder this deep (held to transformers by a test).
T5_DEFAULT_LAYERS: dict[str, int] = {"t5": 6, "mt5": 8}


def _t5_decoder_layers(cfg: Mapping[str, Any], family: str, n_enc: int,
                       notes: list[str]) -> int:
    decoder = R.opt(cfg, "num_decoder_layers", 0, minimum=1)
    if decoder:
        return decoder
    default = T5_DEFAULT_LAYERS[family]
    decoder = R.opt(cfg, "num_layers", default, minimum=1)
    if decoder != n_enc:
        notes.append(Msg("note.t5_decoder_depth", {"family": family, "n": decoder,
                                                   "encoder": n_enc, "default": default}))
    return decoder


def _t5_spec(cfg: Mapping[str, Any], family: str, notes: list[str]) -> ModelSpec:
    hidden = R.size(cfg, "hidden")
    n_head = R.size(cfg, "n_head")
    n_enc = R.size(cfg, "n_layer")
    proj = R.string(cfg, "feed_forward_proj", "relu")
    n_dec = _t5_decoder_layers(cfg, family, n_enc, notes)
    return ModelSpec(
        name=R.string(cfg, "_name_or_path", family), hidden=hidden,
        intermediate=R.size(cfg, "intermediate", default=4 * hidden), n_layer=n_dec,
        n_head=n_head, head_dim=R.size(cfg, "head_dim", default=max(hidden // n_head, 1)),
        vocab=R.size(cfg, "vocab"),
        gated=proj.startswith("gated"), encoder_layers=n_enc,
        relative_attention_buckets=R.opt(cfg, "relative_attention_num_buckets", 32),
        tie_embeddings=R.flag(cfg, "tie_word_embeddings", True), notes=tuple(notes),
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
