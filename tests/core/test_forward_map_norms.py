"""Where a model's layer norms sit, and whether its LM head is tied, as the forward-pass map draws
them (walkthrough s13: Gemma 2/3 drawn without their norms after each block, OLMo 2 with norms
before the blocks it does not have, and no tied head marked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gatelab.core import forward_map as fm
from gatelab.core.budget.hffamilies import POST_NORM_TYPES, SANDWICH_NORM_TYPES, norm_place_of
from gatelab.core.trainconfig import TrainConfig

SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2,
         "num_attention_heads": 4, "vocab_size": 100}


def test_the_norm_tables_match_transformers_modelling_code() -> None:
    """Every causal-LM type whose decoder layer calls a norm on the MLP's output is "sandwich"
    when it also norms before the blocks, else "post"; every other type "pre". Read off the
    modelling files of the transformers installed (OLMo-Hybrid mixes both by layer kind)."""
    import transformers
    from transformers.models.auto.configuration_auto import model_type_to_module_name
    from transformers.models.auto.modeling_auto import MODEL_FOR_CAUSAL_LM_MAPPING_NAMES

    from gatelab.core.inside.hf_layers import POST_MLP_NORMS

    root = Path(transformers.__file__).parent / "models"
    checked = {"pre": 0, "sandwich": 0, "post": 0}
    for model_type in sorted(MODEL_FOR_CAUSAL_LM_MAPPING_NAMES):
        folder = root / model_type_to_module_name(model_type)
        source = "".join(f.read_text(encoding="utf-8") for f in folder.glob("modeling_*.py"))
        if model_type == "olmo_hybrid" or not source:
            continue
        post = any(f"self.{name}(" in source for name in POST_MLP_NORMS)
        pre = "self.input_layernorm(" in source or "self.pre_feedforward_layernorm(" in source
        expected = ("sandwich" if pre else "post") if post else "pre"
        assert norm_place_of(model_type) == expected, model_type
        checked[expected] += 1
    assert checked["sandwich"] >= 10 and checked["post"] >= 4 and checked["pre"] >= 100, checked
    assert {"gemma2", "gemma3_text"} <= SANDWICH_NORM_TYPES and "olmo2" in POST_NORM_TYPES


@pytest.mark.parametrize(("config", "place", "tied"), [
    ({"model_type": "olmo2", **SIZES}, "post", False),
    ({"model_type": "gemma2", **SIZES}, "sandwich", True),  # Gemma ties by default
    ({"model_type": "gemma3", "text_config": {"model_type": "gemma3_text", **SIZES}},
     "sandwich", True),
    ({"model_type": "llama", **SIZES}, "pre", False),
    ({"model_type": "llama", "tie_word_embeddings": True, **SIZES}, "pre", True),
    ({"model_type": "qwen3", "num_key_value_heads": 2, **SIZES}, "pre", False),
])
def test_a_config_says_where_its_norms_are_and_whether_its_head_is_tied(
        config: dict, place: str, tied: bool) -> None:
    sizes = fm.sizes_from_hf_config(config)
    assert (sizes.norm_place, sizes.tied_head) == (place, tied)
    hidden = sizes.hidden_boxes()
    assert (fm.POST_NORMS <= hidden) == (place == "pre")
    assert (fm.PRE_NORMS <= hidden) == (place == "post")
    assert fm.ForwardSizes.from_dict(sizes.to_dict()) == sizes  # round trip, as the state keeps


def test_the_trainer_and_a_classic_mlp() -> None:
    tied = fm.sizes_from_train_config(TrainConfig(n_embd=64, n_head=4, tie_embeddings=True))
    assert tied.tied_head and tied.norm_place == "pre"
    assert tied.hidden_boxes() == fm.POST_NORMS
    classic = fm.ForwardSizes(vocab=None, d=8, m=32, n_layer=1, n_head=None, gated=False,
                              variant="gelu", source="", norm_place="sandwich").validate()
    assert classic.hidden_boxes() == fm.GATED_ONLY  # both norms, no gate


@pytest.mark.parametrize("bad", [{"norm_place": "middle"}, {"norm_place": 3},
                                 {"tied_head": "yes"}])
def test_bad_values_are_refused_by_name(bad: dict) -> None:
    base = dict(vocab=None, d=8, m=32, n_layer=1, n_head=None, gated=True, variant="", source="")
    with pytest.raises(ValueError, match=next(iter(bad))):
        fm.ForwardSizes(**{**base, **bad}).validate()


@pytest.mark.parametrize(("kind", "place", "tied"), [("olmo2", "post", False),
                                                     ("gemma2", "sandwich", True),
                                                     ("llama", "pre", False)])
def test_a_traced_folder_carries_them_to_the_map(tmp_path: Path, kind: str, place: str,
                                                 tied: bool) -> None:
    from gatelab.core.inside.hf_source import HfModel
    from tests.core.inside_helpers import save_hf_model

    model = HfModel(save_hf_model(tmp_path / kind, kind), device="cpu")
    trace = model.trace("the gate opens")
    assert (trace.norm_place, trace.tied_head) == (place, tied)
    sizes = fm.ForwardSizes.from_dict(fm.sizes_of_trace(trace) or {})
    assert (sizes.norm_place, sizes.tied_head) == (place, tied)


def test_a_run_traced_carries_its_tied_head(tmp_path: Path) -> None:
    from gatelab.core.inside.run_source import RunModel
    from tests.core.inside_helpers import train_tiny_run

    train_tiny_run(tmp_path / "run", tie_embeddings=True)
    trace = RunModel(tmp_path / "run").trace("def f(x):")
    assert trace.tied_head and trace.norm_place == "pre"
