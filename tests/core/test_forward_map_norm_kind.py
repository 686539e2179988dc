"""The forward-pass map names a model's norm as what it is (LayerNorm or RMSNorm) and knows when a
family's layer is not the sequential pre-norm layer it draws: attention and the MLP in parallel
(GPT-NeoX, Phi, GPT-J, Falcon, Cohere) or a norm after each residual add (BERT, OPT-350m). Every
LayerNorm model was labelled "RMSNorm · d" before. The rules are held to transformers: its
modelling files for the LayerNorm table, tiny models it builds for the wiring."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gatelab.core import forward_map as fm
from gatelab.core.forward_block import LAYER_NORM_TYPES, block_of, norm_kind
from gatelab.core.trainconfig import TrainConfig

SIZES = {"hidden_size": 64, "intermediate_size": 256, "num_hidden_layers": 2,
         "num_attention_heads": 4, "vocab_size": 100}


@pytest.mark.parametrize(("config", "norm", "block", "place"), [
    ({"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4, "vocab_size": 100},
     "layer", "sequential", "pre"),
    ({"model_type": "gpt_neox", **SIZES}, "layer", "parallel", "pre"),
    ({"model_type": "gpt_neox", "use_parallel_residual": False, **SIZES}, "layer",
     "sequential", "pre"),
    ({"model_type": "phi", **SIZES}, "layer", "parallel_shared", "pre"),
    ({"model_type": "bert", **SIZES}, "layer", "post_add", "post"),
    ({"model_type": "opt", "ffn_dim": 256, **SIZES}, "layer", "sequential", "pre"),
    ({"model_type": "opt", "ffn_dim": 256, "do_layer_norm_before": False, **SIZES}, "layer",
     "post_add", "post"),
    # OPT without learned norm weights: the budget counts "none" weights, still LayerNorms
    ({"model_type": "opt", "ffn_dim": 256, "layer_norm_elementwise_affine": False, **SIZES},
     "layer", "sequential", "pre"),
    ({"model_type": "llama", **SIZES}, "rms", "sequential", "pre"),
    ({"model_type": "qwen3", "num_key_value_heads": 2, **SIZES}, "rms", "sequential", "pre"),
    ({"model_type": "gemma2", **SIZES}, "rms", "sequential", "sandwich"),
])
def test_a_config_says_its_norm_kind_and_wiring(config: dict, norm: str, block: str,
                                               place: str) -> None:
    sizes = fm.sizes_from_hf_config(config)
    assert (sizes.norm, sizes.block, sizes.norm_place) == (norm, block, place)
    label = {"layer": "LayerNorm · 64", "rms": "RMSNorm · 64"}[norm]
    texts = fm.size_texts(sizes)
    assert all(texts[key] == label for key in fm.NORM_BOXES)
    assert fm.ForwardSizes.from_dict(sizes.to_dict()) == sizes  # round trip, as the state keeps


def test_a_preset_and_the_trainer_say_theirs() -> None:
    from gatelab.core.budget import load_presets

    presets = {p.name: p for p in load_presets()}
    llama = next(p for name, p in presets.items() if "Llama" in name)
    assert fm.sizes_from_hf_config(llama.config).norm == "rms"
    trainer = fm.sizes_from_train_config(TrainConfig(n_embd=64, n_head=4))
    assert (trainer.norm, trainer.block) == ("rms", "sequential")
    assert fm.size_texts(trainer)["final_norm"] == "RMSNorm · 64"
    assert fm.size_texts(None)["attn_norm"] == "RMSNorm · d"


def test_old_saved_sizes_load_as_rmsnorm_and_bad_kinds_are_refused() -> None:
    old = {"d": 64, "m": 256, "n_layer": 2, "norm_place": "pre", "tied_head": False}
    sizes = fm.ForwardSizes.from_dict(old)
    assert (sizes.norm, sizes.block) == ("rms", "sequential")
    for bad in ({"norm": "batch"}, {"norm": 1}, {"block": "zigzag"}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            fm.ForwardSizes.from_dict({**old, **bad})


def test_a_model_without_norms_hides_every_norm_box() -> None:
    sizes = fm.ForwardSizes.from_dict({"d": 8, "m": 32, "n_layer": 1, "norm": "none",
                                       "norm_place": "sandwich"})
    assert fm.NORM_BOXES <= sizes.hidden_boxes()
    assert fm.NORM_BOXES == {"attn_norm", "mlp_norm", "attn_post_norm", "mlp_post_norm",
                             "final_norm"}


def _layer_norm_class(source: str) -> set[str]:
    """The kinds of the decoder layer's first norm in a modelling file: the class assigned to
    input_layernorm / ln_1 / norm_1 / ln_attn / attention_norm / self_attn_layer_norm."""
    pattern = (r"self\.(?:input_layernorm|ln_1|norm_1|ln_attn|attention_norm|"
               r"self_attn_layer_norm)\s*=\s*\(?\s*([\w.]+)\(")
    kinds = set()
    for cls in re.findall(pattern, source):
        kinds.add("rms" if "RMS" in cls or cls == "T5LayerNorm" else
                  "layer" if "LayerNorm" in cls else "other")
    return kinds


def test_the_layer_norm_table_matches_transformers_modelling_code() -> None:
    """Every causal-LM type whose decoder layer's first norm is a LayerNorm class (and never an
    RMSNorm one) is in LAYER_NORM_TYPES, and nothing else is."""
    import transformers
    from transformers.models.auto.configuration_auto import model_type_to_module_name
    from transformers.models.auto.modeling_auto import MODEL_FOR_CAUSAL_LM_MAPPING_NAMES

    root = Path(transformers.__file__).parent / "models"
    layer = set()
    for kind in MODEL_FOR_CAUSAL_LM_MAPPING_NAMES:
        folder = root / model_type_to_module_name(kind)
        source = "".join(f.read_text(encoding="utf-8") for f in folder.glob("modeling_*.py"))
        if _layer_norm_class(source) == {"layer"}:
            layer.add(kind)
    assert layer == LAYER_NORM_TYPES
    assert {"gpt2", "gpt_neox", "opt", "phi", "falcon", "stablelm", "cohere"} <= layer
    assert norm_kind("rms", "falcon") == "layer" and norm_kind("rms", "llama") == "rms"


def _tiny(kind: str, **changes: Any) -> Any:
    """A tiny transformers config of ``kind`` (one layer, d = 32)."""
    import transformers as T

    make = {
        "gpt_neox": lambda: T.GPTNeoXConfig(hidden_size=32, intermediate_size=64,
                                            num_attention_heads=4),
        "phi": lambda: T.PhiConfig(hidden_size=32, intermediate_size=64, num_attention_heads=4),
        "gptj": lambda: T.GPTJConfig(n_embd=32, n_head=4, rotary_dim=4),
        "codegen": lambda: T.CodeGenConfig(n_embd=32, n_head=4, rotary_dim=4),
        "cohere": lambda: T.CohereConfig(hidden_size=32, intermediate_size=64,
                                         num_attention_heads=4, num_key_value_heads=4),
        "stablelm": lambda: T.StableLmConfig(hidden_size=32, intermediate_size=64,
                                             num_attention_heads=4, num_key_value_heads=4),
        "falcon": lambda: T.FalconConfig(hidden_size=32, num_attention_heads=4, num_kv_heads=4),
        "opt": lambda: T.OPTConfig(hidden_size=32, ffn_dim=64, num_attention_heads=4,
                                   word_embed_proj_dim=32),
        "bert": lambda: T.BertConfig(hidden_size=32, intermediate_size=64,
                                     num_attention_heads=4),
        "llama": lambda: T.LlamaConfig(hidden_size=32, intermediate_size=64,
                                       num_attention_heads=4, num_key_value_heads=4),
    }[kind]
    config = make()
    for key, value in {"num_hidden_layers": 1, "vocab_size": 50, **changes}.items():
        setattr(config, key, value)
    return config


def _wiring(config: Any) -> str:
    """How transformers' own layer is wired, measured on a tiny model of ``config``: the MLP's
    input does not change when attention's output is tripled (parallel), and then is the very
    tensor attention read (one shared norm); the layer's output has zero mean and unit variance
    per token at initialisation (a norm after the residual add)."""
    import torch
    from transformers import AutoModel

    torch.manual_seed(0)
    model = AutoModel.from_config(config).eval()
    layer = next(m for m in model.modules() if type(m).__name__.endswith(("Layer", "Block"))
                 and any(hasattr(m, a) for a in ("attn", "attention", "self_attn",
                                                 "self_attention")))
    attn = next(getattr(layer, a) for a in ("attn", "attention", "self_attn", "self_attention")
                if hasattr(layer, a))
    ids = torch.tensor([[1, 7, 3, 9, 4]])
    seen: dict[str, Any] = {}
    handles = [layer.register_forward_hook(
        lambda _m, _i, out: seen.__setitem__("out", out[0] if isinstance(out, tuple) else out))]
    with torch.no_grad():
        model(ids)
    out = seen["out"]
    if torch.allclose(out.mean(-1), torch.zeros(()), atol=1e-4) and torch.allclose(
            out.var(-1, unbiased=False), torch.ones(()), atol=1e-2):
        return "post_add"
    mlp = getattr(layer, "mlp", None)
    if mlp is None:
        return "sequential"
    with torch.no_grad():  # norms' weights away from 1 and 0, so two norms differ
        for p in model.parameters():
            if p.dim() == 1:
                p.add_(0.5 * torch.randn_like(p))
    scale = {"by": 1.0}

    def attn_in(_m: Any, args: tuple, kwargs: dict) -> None:
        seen["attn_in"] = kwargs.get("hidden_states", args[0] if args else None)

    def attn_out(_m: Any, _i: Any, out: Any) -> Any:
        return (out[0] * scale["by"], *out[1:]) if isinstance(out, tuple) else out * scale["by"]

    handles += [attn.register_forward_pre_hook(attn_in, with_kwargs=True),
                attn.register_forward_hook(attn_out),
                mlp.register_forward_pre_hook(lambda _m, args: seen.__setitem__("mlp", args[0]))]
    with torch.no_grad():
        model(ids)
        first = seen["mlp"].clone()
        scale["by"] = 3.0
        model(ids)
    for h in handles:
        h.remove()
    if not torch.allclose(first, seen["mlp"]):
        return "sequential"
    return "parallel_shared" if torch.allclose(first, seen["attn_in"]) else "parallel"


@pytest.mark.parametrize(("kind", "changes", "block"), [
    ("gpt_neox", {}, "parallel"), ("gpt_neox", {"use_parallel_residual": False}, "sequential"),
    ("phi", {}, "parallel_shared"), ("gptj", {}, "parallel_shared"),
    ("codegen", {}, "parallel_shared"), ("cohere", {}, "parallel_shared"),
    ("stablelm", {}, "sequential"), ("stablelm", {"use_parallel_residual": True},
                                     "parallel_shared"),
    ("falcon", {}, "parallel_shared"), ("falcon", {"parallel_attn": False}, "sequential"),
    ("falcon", {"new_decoder_architecture": True}, "parallel"),
    ("falcon", {"new_decoder_architecture": True, "num_ln_in_parallel_attn": 1},
     "parallel_shared"),
    ("opt", {}, "sequential"), ("opt", {"do_layer_norm_before": False}, "post_add"),
    ("bert", {}, "post_add"), ("llama", {}, "sequential"),
])
def test_the_wiring_rules_match_transformers_models(kind: str, changes: dict,
                                                    block: str) -> None:
    """``block_of`` on the config as saved (only the keys that differ from the family's
    defaults, as config.json holds them) says what the tiny model really does."""
    config = _tiny(kind, **changes)
    saved = {**config.to_diff_dict(), "model_type": kind}
    assert _wiring(config) == block
    assert block_of(saved) == block


def test_a_traced_folder_carries_its_norm_kind_and_wiring(tmp_path: Path) -> None:
    """Inside the model traces gated families, Cohere among them: LayerNorm, attention and the
    MLP in parallel from one norm. A traced Llama stays RMSNorm, sequential."""
    import torch
    import transformers as T

    from gatelab.core.inside.hf_source import HfModel
    from tests.core.inside_helpers import save_hf_model, save_tokenizer

    config = T.CohereConfig(hidden_size=32, intermediate_size=48, num_attention_heads=4,
                            num_key_value_heads=2, num_hidden_layers=2, vocab_size=320,
                            max_position_embeddings=128, bos_token_id=1, eos_token_id=2,
                            pad_token_id=0)
    torch.manual_seed(0)
    T.AutoModelForCausalLM.from_config(config).save_pretrained(tmp_path / "cohere")
    save_tokenizer(tmp_path / "cohere")
    for folder, norm, block in ((tmp_path / "cohere", "layer", "parallel_shared"),
                                (save_hf_model(tmp_path / "llama", "llama"), "rms",
                                 "sequential")):
        trace = HfModel(folder, device="cpu").trace("the gate opens")
        sizes = fm.ForwardSizes.from_dict(fm.sizes_of_trace(trace) or {})
        assert (trace.norm, trace.block, sizes.norm, sizes.block) == (norm, block, norm, block)


@pytest.mark.parametrize(("config", "final_norm", "encoder"), [
    ({"model_type": "bert", **SIZES}, False, True),
    ({"model_type": "opt", "ffn_dim": 256, "do_layer_norm_before": False, **SIZES}, False, False),
    ({"model_type": "opt", "ffn_dim": 256, **SIZES}, True, False),
    ({"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4, "vocab_size": 100},
     True, False),
    ({"model_type": "llama", **SIZES}, True, False),
])
def test_a_model_without_a_final_norm_shows_none(config: dict, final_norm: bool,
                                                 encoder: bool) -> None:
    """BERT and OPT-350m normalise after each add and have no norm after the last layer: the
    map drew a "final norm" box for them. BERT is an encoder (its base model ends in a pooler)."""
    sizes = fm.sizes_from_hf_config(config, "tiny")
    assert (sizes.final_norm, sizes.encoder) == (final_norm, encoder)
    assert ("final_norm" in sizes.hidden_boxes()) == (not final_norm)
    again = fm.ForwardSizes.from_dict(sizes.to_dict())
    assert (again.final_norm, again.encoder) == (final_norm, encoder)
    old = {k: v for k, v in sizes.to_dict().items() if k not in ("final_norm", "encoder")}
    assert (fm.ForwardSizes.from_dict(old).final_norm, fm.ForwardSizes.from_dict(old).encoder) \
        == (True, False)  # saved before these fields: drawn as before


def test_the_final_norms_absence_is_transformers_own() -> None:
    """transformers builds no final norm for OPT with do_layer_norm_before=False nor for BERT
    (its layers' last op is the post-add LayerNorm), and one for default OPT."""
    import transformers as T

    opt = dict(hidden_size=32, ffn_dim=64, num_attention_heads=4, num_hidden_layers=1,
               vocab_size=50)
    assert T.OPTForCausalLM(T.OPTConfig(**opt, do_layer_norm_before=False)
                            ).model.decoder.final_layer_norm is None
    assert T.OPTForCausalLM(T.OPTConfig(**opt)).model.decoder.final_layer_norm is not None
    bert = T.BertModel(T.BertConfig(hidden_size=32, intermediate_size=64, num_attention_heads=4,
                                    num_hidden_layers=1, vocab_size=50))
    top = [name for name, _ in bert.named_children()]
    assert top == ["embeddings", "encoder", "pooler"]  # no norm after the encoder's layers
