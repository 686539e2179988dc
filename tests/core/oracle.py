"""transformers as the oracle: build a config's model on the meta device and count its tensors.

Why: ``sum(p.numel())`` over transformers' own model is the truth for any config, including sizes
no checkpoint has, and a meta-device build allocates nothing (milliseconds for tiny configs).
Persistent buffers (DeepSeek-V3's and GLM-4.5's ``e_score_correction_bias``) are stored in the
checkpoints, so they count too; tied weights count once.
"""

from __future__ import annotations

import random
import re
import warnings
from dataclasses import dataclass
from typing import Any

import pytest

transformers = pytest.importorskip("transformers")
torch = pytest.importorskip("torch")

#: Top-level parameter prefixes of multimodal wrappers that are not the language model.
#: Encoder-only families: counted as their base model (BERT: BertModel, pooler included).
ENCODERS = ("bert",)
TOWERS = ("model.vision_tower.", "model.multi_modal_projector.", "model.visual.", "visual.",
          "vision_model.", "multi_modal_projector.")


@dataclass(frozen=True)
class Truth:
    total: int
    mlp: int
    attention_full: int
    attention_linear: int
    active: int


def build(cfg: dict[str, Any]) -> Any:
    """transformers' model for a config dict (``text_config`` / ``vision_config`` nested)."""
    kwargs = dict(cfg)
    family = kwargs.pop("model_type")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        config = transformers.AutoConfig.for_model(family, **kwargs)
        auto = (transformers.AutoModelForImageTextToText if "vision_config" in cfg
                else transformers.AutoModel if family in ENCODERS
                else transformers.AutoModelForSeq2SeqLM if config.is_encoder_decoder
                else transformers.AutoModelForCausalLM)
        with torch.device("meta"):
            return auto.from_config(config)


def truth(cfg: dict[str, Any], top_k: int = 0) -> Truth:
    """Counts straight from the meta model: total, MLP, full/linear attention, active per token."""
    model = build(cfg)
    sizes = {n: p.numel() for n, p in model.named_parameters()}
    stored = set(model.state_dict())
    sizes.update({n: b.numel() for n, b in model.named_buffers() if n in stored})
    sizes = {n: v for n, v in sizes.items() if not n.startswith(TOWERS)}
    total = sum(sizes.values())
    mlp = sum(v for n, v in sizes.items() if ".mlp." in n or ".feed_forward." in n
              or ".fc1." in n or ".fc2." in n  # (OPT's MLP sits in the layer itself)
              or re.search(r"layer\.\d+\.(intermediate|output)\.dense\.", n))  # (BERT's)
    full = sum(v for n, v in sizes.items() if ".self_attn." in n or (
        re.search(r"\.(cross)?attention\.", n) and "LayerNorm" not in n))
    linear = sum(v for n, v in sizes.items() if ".linear_attn." in n)
    active = total
    if top_k:  # routed expert tensors are stacked [n_experts, …]: k of n are used per token
        for name, param in model.named_parameters():
            if ".experts." in name and not name.startswith(TOWERS):
                n_experts = param.shape[0]
                active -= param.numel() - param.numel() // n_experts * top_k
    return Truth(total, mlp, full, linear, active)


# -- seeded random small configs, one generator per family -------------------------------------

def _base(r: random.Random, head_dim: bool = True) -> dict[str, Any]:
    kv = r.choice([1, 2, 3])
    heads = kv * r.choice([1, 2, 3])
    hd = r.choice([4, 8, 12, 16])
    cfg = {"hidden_size": heads * r.choice([4, 8, 12, 16]),  # some configs check divisibility
           "num_attention_heads": heads, "num_key_value_heads": kv,
           "num_hidden_layers": r.randint(1, 6), "intermediate_size": r.randint(8, 96),
           "vocab_size": r.randint(40, 300), "pad_token_id": None, "bos_token_id": None,
           "eos_token_id": None}
    if head_dim:
        cfg["head_dim"] = hd
    if r.random() < 0.7:  # else the family's default applies
        cfg["tie_word_embeddings"] = r.random() < 0.5
    return cfg


def _moe(r: random.Random, cfg: dict[str, Any], experts_key: str = "num_experts") -> int:
    n = r.randint(2, 6)
    k = r.randint(1, n)
    cfg.update({experts_key: n, "num_experts_per_tok": k, "moe_intermediate_size": r.randint(4, 40)})
    return k


def _linear(r: random.Random, cfg: dict[str, Any]) -> None:
    nk = r.randint(1, 3)
    cfg.update(linear_num_key_heads=nk, linear_num_value_heads=nk * r.randint(1, 3),
               linear_key_head_dim=r.choice([4, 8, 12]), linear_value_head_dim=r.choice([4, 8, 12]),
               linear_conv_kernel_dim=r.randint(2, 4))
    n = cfg["num_hidden_layers"]
    if r.random() < 0.5:
        cfg["layer_types"] = [r.choice(["linear_attention", "full_attention"]) for _ in range(n)]
    else:
        cfg["full_attention_interval"] = r.randint(1, 4)


def qwen3_5_text(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_base(r), model_type="qwen3_5_text", attention_bias=r.random() < 0.3)
    _linear(r, cfg)
    return cfg, 0


def qwen3_5_moe_text(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_base(r), model_type="qwen3_5_moe_text", attention_bias=r.random() < 0.3)
    _linear(r, cfg)
    k = _moe(r, cfg)
    cfg["shared_expert_intermediate_size"] = r.randint(4, 40)
    return cfg, k


def qwen3_next(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_base(r), model_type="qwen3_next", attention_bias=r.random() < 0.3)
    _linear(r, cfg)
    k = _moe(r, cfg)
    n = cfg["num_hidden_layers"]
    cfg.update(shared_expert_intermediate_size=r.randint(4, 40),
               decoder_sparse_step=r.randint(1, 3),
               mlp_only_layers=sorted(r.sample(range(n), r.randint(0, n))))
    return cfg, k


def deepseek_v3(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_base(r, head_dim=False), model_type="deepseek_v3", n_group=1, topk_group=1,
               attention_bias=r.random() < 0.3,
               q_lora_rank=r.choice([None, r.randint(4, 16)]), kv_lora_rank=r.randint(4, 16),
               qk_rope_head_dim=r.choice([2, 4, 8]), qk_nope_head_dim=r.choice([2, 4, 8]),
               v_head_dim=r.choice([2, 4, 6]), n_shared_experts=r.randint(0, 2),
               num_nextn_predict_layers=r.randint(0, 1))
    k = _moe(r, cfg, "n_routed_experts")
    cfg["first_k_dense_replace"] = r.randint(0, cfg["num_hidden_layers"])
    return cfg, k


def deepseek_v2(r: random.Random) -> tuple[dict[str, Any], int]:
    """Every layer from first_k_dense_replace on is routed; mlp_bias reaches the dense MLP and
    the shared expert (none: see test_budget_deepseek_v2 for the empty shared expert's bias)."""
    mlp_bias = r.random() < 0.4
    cfg = dict(_base(r, head_dim=False), model_type="deepseek_v2", n_group=1, topk_group=1,
               attention_bias=r.random() < 0.3, mlp_bias=mlp_bias,
               q_lora_rank=r.choice([None, r.randint(4, 16)]), kv_lora_rank=r.randint(4, 16),
               qk_rope_head_dim=r.choice([2, 4, 8]), qk_nope_head_dim=r.choice([2, 4, 8]),
               v_head_dim=r.choice([2, 4, 6]), n_shared_experts=r.randint(int(mlp_bias), 2),
               topk_method=r.choice(["greedy", "noaux_tc"]), moe_layer_freq=r.randint(1, 3))
    k = _moe(r, cfg, "n_routed_experts")
    cfg["first_k_dense_replace"] = r.randint(0, cfg["num_hidden_layers"])
    return cfg, k


def glm4_moe(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_base(r), model_type="glm4_moe", n_group=1, topk_group=1,
               attention_bias=r.random() < 0.5, use_qk_norm=r.random() < 0.5,
               n_shared_experts=r.randint(0, 2))
    k = _moe(r, cfg, "n_routed_experts")
    cfg["first_k_dense_replace"] = r.randint(0, cfg["num_hidden_layers"])
    return cfg, k


def llama4_text(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_base(r), model_type="llama4_text", attention_bias=r.random() < 0.3,
               use_qk_norm=r.random() < 0.5, intermediate_size_mlp=r.randint(8, 96))
    n = r.randint(2, 6)
    k = r.randint(1, n)
    cfg.update(num_local_experts=n, num_experts_per_tok=k)
    if r.random() < 0.5:
        cfg["interleave_moe_layer_step"] = r.randint(1, 3)
    else:
        layers = cfg["num_hidden_layers"]
        cfg["moe_layers"] = sorted(r.sample(range(layers), r.randint(0, layers)))
    return cfg, k


def gemma3_text(r: random.Random) -> tuple[dict[str, Any], int]:
    return dict(_base(r), model_type="gemma3_text", attention_bias=r.random() < 0.3), 0


def gemma3(r: random.Random) -> tuple[dict[str, Any], int]:
    text = dict(_base(r), attention_bias=r.random() < 0.3)
    text.pop("pad_token_id"), text.pop("bos_token_id"), text.pop("eos_token_id")
    vision = {"hidden_size": 16, "intermediate_size": 24, "num_hidden_layers": 1,
              "num_attention_heads": 2, "image_size": 16, "patch_size": 4}
    return {"model_type": "gemma3", "text_config": text, "vision_config": vision,
            "mm_tokens_per_image": 4}, 0


def _wrap(r: random.Random, family: str, text: dict[str, Any],
          vision: dict[str, Any]) -> dict[str, Any]:
    """A multimodal wrapper around ``text``; the wrapper's own tie flag decides (or its default)."""
    text = {k: v for k, v in text.items() if k != "model_type"}
    cfg = {"model_type": family, "text_config": text, "vision_config": vision}
    if r.random() < 0.5:
        cfg["tie_word_embeddings"] = r.random() < 0.5
    return cfg


def qwen3_5(r: random.Random) -> tuple[dict[str, Any], int]:
    text, _ = qwen3_5_text(r)
    vision = {"depth": 1, "hidden_size": 16, "intermediate_size": 24, "num_heads": 2,
              "out_hidden_size": text["hidden_size"], "patch_size": 4,
              "num_position_embeddings": 16}
    return _wrap(r, "qwen3_5", text, vision), 0


def qwen3_5_moe(r: random.Random) -> tuple[dict[str, Any], int]:
    text, k = qwen3_5_moe_text(r)
    vision = {"depth": 1, "hidden_size": 16, "intermediate_size": 24, "num_heads": 2,
              "out_hidden_size": text["hidden_size"], "patch_size": 4,
              "num_position_embeddings": 16}
    return _wrap(r, "qwen3_5_moe", text, vision), k


def llama4(r: random.Random) -> tuple[dict[str, Any], int]:
    text, k = llama4_text(r)
    vision = {"hidden_size": 16, "intermediate_size": 24, "num_hidden_layers": 1,
              "num_attention_heads": 2, "image_size": 16, "patch_size": 4,
              "projector_input_dim": 32, "projector_output_dim": 32, "vision_output_dim": 16}
    return _wrap(r, "llama4", text, vision), k


def smollm3(r: random.Random) -> tuple[dict[str, Any], int]:
    return dict(_base(r, head_dim=False), model_type="smollm3", attention_bias=r.random() < 0.5,
                mlp_bias=r.random() < 0.5), 0


def olmo2(r: random.Random) -> tuple[dict[str, Any], int]:
    return dict(_base(r, head_dim=False), model_type="olmo2",
                attention_bias=r.random() < 0.5), 0


def _biased(family: str, attention: str = "attention_bias", mlp: str | None = "mlp_bias"):  # noqa: ANN202
    """A family whose config turns biases on by the flags ``attention`` and ``mlp``; half its
    configs leave ``head_dim`` to the family's default."""
    def gen(r: random.Random) -> tuple[dict[str, Any], int]:
        cfg = dict(_base(r, head_dim=r.random() < 0.5), model_type=family)
        for flag in (attention, mlp):
            if flag and r.random() < 0.5:
                cfg[flag] = r.random() < 0.5
        return cfg, 0
    gen.__name__ = family
    return gen


# families added in s13: each one's every config key that changes a tensor varies here
S13 = {g.__name__: g for g in (_biased("ministral3", "", None), _biased("granite"),
                               _biased("exaone"), _biased("vaultgemma", mlp=None),
                               _biased("ernie4_5", "use_bias", None))}
# s24: GLM-4 (dense): q/k/v biases by attention_bias (o_proj never), four norms per layer
S24 = {g.__name__: g for g in (_biased("glm4", mlp=None),)}



# famx: classic (non-gated) MLP decoders; every config key that changes a tensor varies here
def _classic(r: random.Random, family: str) -> dict[str, Any]:
    heads = r.choice([1, 2, 3, 4])
    cfg = {"model_type": family, "hidden_size": heads * r.choice([2, 4, 8, 12]),
           "num_attention_heads": heads, "num_hidden_layers": r.randint(1, 5),
           "vocab_size": r.randint(40, 300), "pad_token_id": None, "bos_token_id": None,
           "eos_token_id": None}
    if r.random() < 0.7:  # else the family's default applies
        cfg["tie_word_embeddings"] = r.random() < 0.5
    return cfg


def gpt_neox(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_classic(r, "gpt_neox"), intermediate_size=r.randint(8, 96),
               use_parallel_residual=r.random() < 0.5, rotary_pct=r.choice([0.25, 0.5, 1.0]))
    if r.random() < 0.7:
        cfg["attention_bias"] = r.random() < 0.5
    return cfg, 0


def opt(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_classic(r, "opt"), ffn_dim=r.randint(8, 96),
               max_position_embeddings=r.randint(4, 64))
    for key in ("enable_bias", "do_layer_norm_before", "layer_norm_elementwise_affine",
                "_remove_final_layer_norm"):
        if r.random() < 0.5:
            cfg[key] = r.random() < 0.5
    if r.random() < 0.5:
        cfg["word_embed_proj_dim"] = r.choice([cfg["hidden_size"], r.randint(4, 40)])
    return cfg, 0


def phi(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_classic(r, "phi"), intermediate_size=r.randint(8, 96),
               partial_rotary_factor=r.choice([0.25, 0.5, 1.0]))
    heads = cfg["num_attention_heads"]
    cfg["num_key_value_heads"] = r.choice([k for k in (1, 2, 3, 4) if heads % k == 0])
    if r.random() < 0.5:
        cfg["qk_layernorm"] = r.random() < 0.5
    if r.random() < 0.3:
        cfg["head_dim"] = r.choice([2, 4, 6, 8])
    return cfg, 0


def bert(r: random.Random) -> tuple[dict[str, Any], int]:
    """BertModel (encoder and pooler); half the configs a decoder that cross-attends."""
    cfg = dict(_classic(r, "bert"), intermediate_size=r.randint(8, 96),
               max_position_embeddings=r.randint(4, 64), type_vocab_size=r.randint(1, 4))
    if r.random() < 0.3:
        cfg.update(is_decoder=True, add_cross_attention=True)
    return cfg, 0


FAMX = {g.__name__: g for g in (gpt_neox, opt, phi, bert)}

GENERATORS = {f.__name__: f for f in (qwen3_5_text, qwen3_5, qwen3_5_moe_text, qwen3_5_moe,
                                      qwen3_next,
                                      deepseek_v2, deepseek_v3, glm4_moe, llama4_text, llama4,
                                      gemma3_text,
                                      gemma3, smollm3, olmo2, *S13.values(),
                                      *S24.values(), *FAMX.values())}


# -- families that were exact before (held to the oracle too, fewer configs each) --------------

def _plain(family: str, head_dim: bool = True, bias: bool = True):  # noqa: ANN202
    def gen(r: random.Random) -> tuple[dict[str, Any], int]:
        cfg = dict(_base(r, head_dim=head_dim), model_type=family)
        if bias:
            cfg["attention_bias"] = r.random() < 0.3
        return cfg, 0
    gen.__name__ = family
    return gen


def mixtral(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_base(r), model_type="mixtral")
    n = r.randint(2, 6)
    k = r.randint(1, n)
    cfg.update(num_local_experts=n, num_experts_per_tok=k)
    return cfg, k


def qwen3_moe(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_base(r), model_type="qwen3_moe", attention_bias=r.random() < 0.3)
    k = _moe(r, cfg)
    n = cfg["num_hidden_layers"]
    cfg.update(decoder_sparse_step=r.randint(1, 3),
               mlp_only_layers=sorted(r.sample(range(n), r.randint(0, n))))
    return cfg, k


def qwen2_moe(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg, k = qwen3_moe(r)
    cfg.pop("head_dim")
    cfg.update(model_type="qwen2_moe", shared_expert_intermediate_size=r.randint(4, 40))
    return cfg, k


def gpt_oss(r: random.Random) -> tuple[dict[str, Any], int]:
    cfg = dict(_base(r), model_type="gpt_oss")
    n = r.randint(2, 6)
    k = r.randint(1, n)
    cfg.update(num_local_experts=n, num_experts_per_tok=k, experts_per_token=k)
    cfg["intermediate_size"] = cfg["hidden_size"] // 2 * 2
    return cfg, k


EARLIER = {g.__name__: g for g in (_plain("llama"), _plain("mistral", bias=False), _plain("qwen2"),
                                   _plain("qwen3"), _plain("gemma"), _plain("gemma2"),
                                   _plain("phi3", head_dim=False, bias=False), mixtral,
                                   qwen3_moe, qwen2_moe, gpt_oss)}


def header(cfg: dict[str, Any]) -> dict[str, tuple[str, tuple[int, ...]]]:
    """What a checkpoint of ``cfg``'s model lists, as ``read_safetensors_header`` gives it:
    every parameter once (a tied lm_head is not stored) and the persistent buffers."""
    model = build(cfg)
    out = {n: ("F32", tuple(p.shape)) for n, p in model.named_parameters()}
    stored = set(model.state_dict())
    out.update({n: ("F32", tuple(b.shape)) for n, b in model.named_buffers() if n in stored})
    return out
