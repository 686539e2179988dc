"""The MLP side of a config: dense width, experts, shared experts, and which layers are routed.

Why a module of its own: each MoE family hides its layout in a different key
(``decoder_sparse_step`` and ``mlp_only_layers``, ``first_k_dense_replace``,
``interleave_moe_layer_step``, a shared expert's width or count), and these rules, read off
transformers' modelling code, are held to its models by the oracle tests; ``hfconfig`` stays the
generic reader.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from gatelab.core.budget import hfdefaults as D
from gatelab.core.budget import hffamilies as F
from gatelab.core.budget import hfread as R
from gatelab.core.budget.rules import minimind_rule
from gatelab.core.messages import GatelabError, Msg, error, join_msgs
from gatelab.core.values import is_int


def _dense_count_qwen_moe(cfg: Mapping[str, Any], n_layer: int) -> int:
    step = R.opt(cfg, "decoder_sparse_step", 1, minimum=1)
    mlp_only = cfg.get("mlp_only_layers") or []
    if not isinstance(mlp_only, list) or not all(
            is_int(i) for i in mlp_only):
        raise error("hf.mlp_only_layers")
    sparse = n_layer // step
    forced = {i for i in mlp_only if 0 <= i < n_layer and (i + 1) % step == 0}
    return n_layer - (sparse - len(forced))


def _dense_count_deepseek(cfg: Mapping[str, Any], n_layer: int) -> int:
    first = min(R.opt(cfg, "first_k_dense_replace", 0), n_layer)
    freq = R.opt(cfg, "moe_layer_freq", 1, minimum=1)
    sparse = -(-n_layer // freq) - (-(-first // freq))  # multiples of freq in [first, n_layer)
    return n_layer - sparse


#: Families whose routed layers are mixtures of experts whatever the expert count: transformers
#: builds them with 0 experts too (Qwen's MoE families instead build a dense MLP there).
ALWAYS_ROUTED: tuple[str, ...] = ("mixtral", "gpt_oss", "qwen3_5_moe_text", "llama4_text",
                                  "deepseek_v2", "deepseek_v3", "glm4_moe")


def _refuse_zero_experts(cfg: Mapping[str, Any], family: str, n_layer: int) -> None:
    """0 experts where transformers still builds routed layers (with nothing to route to): such
    a model cannot run, and counting its layers as dense would count another model. Where every
    layer is dense anyway (DeepSeek's first_k_dense_replace ≥ layers), the dense count stands."""
    if family == "llama4_text":
        routed = F.llama4_moe_layers(cfg, n_layer)
    elif family.startswith(("deepseek", "glm4")):
        routed = n_layer - min(R.opt(cfg, "first_k_dense_replace", 0), n_layer)
    else:
        routed = n_layer
    if routed == n_layer:
        raise error("hf.experts_every_layer", name=R.lookup(cfg, "n_experts")[0], family=family)
    if routed:
        raise error("hf.experts_some_layers", name=R.lookup(cfg, "n_experts")[0], family=family,
                    n=routed, layers=n_layer)


def _top_k(cfg: Mapping[str, Any], family: str, n_experts: int,
           given: Collection[str]) -> int:
    """Experts per token; more than there are experts is refused by the config's key, or, for
    transformers' family default, as the default (naming a spelling given but not read)."""
    top_k = R.size(cfg, "experts_per_token", default=min(2, n_experts))
    if top_k <= n_experts:
        return top_k
    name = R.lookup(cfg, "experts_per_token")[0]
    if name in given:
        raise error("hf.top_k_experts", name=name, k=top_k, n=n_experts)
    why = Msg("hf.top_k_default", {"name": name, "family": family, "k": top_k, "n": n_experts})
    unread = [n for n in D.ALIASES["experts_per_token"] if n in given]
    if unread:
        why = join_msgs([why, Msg("hf.not_read", {"family": family, "keys": ", ".join(unread)})])
    raise GatelabError(why)


def _experts(cfg: Mapping[str, Any], family: str, n_experts: int, intermediate: int,
             given: Collection[str]) -> dict[str, int]:
    """Experts per token and the experts' width, refused by the config's own key names."""
    top_k = _top_k(cfg, family, n_experts, given)
    one_width = family in ("mixtral", "gpt_oss", "llama4_text")  # experts' width: intermediate
    width_key = "intermediate_size" if one_width else "moe_intermediate_size"
    moe_m = R.opt(cfg, width_key, 0, minimum=0 if one_width else 1)
    if not one_width and not moe_m:
        moe_m = intermediate  # (the generic reader's fallback: one width for both)
    if not moe_m:
        raise error("hf.no_expert_width", name=width_key)
    return {"experts_per_token": top_k, "moe_intermediate": moe_m}


def _deepseek_layout(cfg: Mapping[str, Any], family: str, n_layer: int, spec: dict[str, Any],
                     notes: list[str]) -> None:
    """transformers' DeepSeek-V2/V3 and GLM-4.5: layer i is routed iff i ≥ first_k_dense_replace
    (no moe_layer_freq, unlike DeepSeek's remote code); V3 and GLM store a correction bias, V2
    has none. V2 builds its shared expert even for n_shared_experts 0: width 0, and with
    mlp_bias only down_proj's bias left, which ``ModelSpec`` has no term for (noted, not exact)."""
    first = min(R.opt(cfg, "first_k_dense_replace", 0), n_layer)
    spec["first_dense_layers"] = first
    n_shared = R.opt(cfg, "n_shared_experts", 0)
    if n_shared:
        spec.update(n_shared_experts=n_shared,
                    shared_intermediate=n_shared * spec["moe_intermediate"])
    elif family == "deepseek_v2" and spec["mlp_bias"] and first < n_layer:
        spec["exact"] = False
        notes.append(Msg("note.empty_shared_bias", {"n": spec["hidden"] * (n_layer - first)}))
    spec["router_correction_bias"] = family != "deepseek_v2"


def mlp_layout(cfg: Mapping[str, Any], family: str, hidden: int, n_layer: int,
               spec: dict[str, Any], notes: list[str], given: Collection[str] = ()) -> None:
    """Fill the MLP fields of ``spec``: dense width, experts, shared expert, dense/routed layers."""
    n_experts = R.size(cfg, "n_experts", default=0, minimum=0)
    if family == "minimind" and not R.flag(cfg, "use_moe", False):
        n_experts = 0
    if not n_experts and family in ALWAYS_ROUTED:
        _refuse_zero_experts(cfg, family, n_layer)
    if family == "llama4_text":
        spec["intermediate"] = R.opt(cfg, "intermediate_size_mlp", 1, minimum=1)
    elif family == "qwen3_5_moe_text":
        spec["intermediate"] = 0  # every layer is routed; intermediate_size is never used
    elif family == "minimind" and cfg.get("intermediate_size") is None:
        spec["intermediate"] = minimind_rule(hidden)
        notes.append(Msg("note.minimind_rule", {"m": spec["intermediate"]}))
    else:
        spec["intermediate"] = R.size(cfg, "intermediate", default=0 if n_experts else None,
                                      minimum=0 if n_experts else 1)
    if not n_experts:
        return
    spec.update(n_experts=n_experts,
                **_experts(cfg, family, n_experts, spec["intermediate"], given))
    moe_m = spec["moe_intermediate"]
    if family in ("qwen2_moe", "qwen3_moe", "qwen3_next", "qwen3_5_moe_text"):
        if family != "qwen3_5_moe_text":
            spec["first_dense_layers"] = _dense_count_qwen_moe(cfg, n_layer)
        shared = R.opt(cfg, "shared_expert_intermediate_size", 0)
        if shared:
            spec.update(n_shared_experts=1, shared_intermediate=shared)
        # the others build the shared expert's [1, d] gate whatever its width (0: gate alone)
        spec["shared_expert_gate"] = family != "qwen3_moe"
    elif family == "llama4_text":
        spec.update(first_dense_layers=n_layer - F.llama4_moe_layers(cfg, n_layer),
                    n_shared_experts=1, shared_intermediate=moe_m)
    elif family in ("deepseek_v2", "deepseek_v3", "glm4_moe"):
        _deepseek_layout(cfg, family, n_layer, spec, notes)
    elif family.startswith("deepseek") or "first_k_dense_replace" in cfg:
        spec["first_dense_layers"] = _dense_count_deepseek(cfg, n_layer)
        n_shared = R.opt(cfg, "n_shared_experts", 0)
        if n_shared:
            spec.update(n_shared_experts=n_shared, shared_intermediate=n_shared * moe_m)
        spec["router_correction_bias"] = R.string(cfg, "topk_method", "") == "noaux_tc"
    elif family == "minimind":
        n_shared = R.opt(cfg, "n_shared_experts", 0)
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
