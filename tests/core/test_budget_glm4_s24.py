"""GLM-4 (dense) counted exactly, and its checkpoint compared part by part (probe s24).

Why: GLM-4 was counted as a Llama-style decoder (not verified): o_proj given a bias it does not
have and two of its four norms per layer left out (36,192 vs transformers' 36,256 for a tiny
model). Its checkpoint's ``post_self_attn_layernorm`` was also filed under attention (the name
holds "self_attn"), as was OPT's and BART's ``self_attn_layer_norm``.
"""

from __future__ import annotations

import pytest

from gatelab.core.budget import classify, compare, count_from_hf_config, summarize
from tests.core.oracle import header, truth

pytest.importorskip("transformers")

GLM4 = {"model_type": "glm4", "hidden_size": 32, "intermediate_size": 48, "num_hidden_layers": 2,
        "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 8, "vocab_size": 320,
        "pad_token_id": None, "bos_token_id": None, "eos_token_id": None}


def test_the_probe_glm4_is_counted_exactly() -> None:
    got = count_from_hf_config(GLM4)
    assert got.exact and not got.notes
    assert got.total == truth(GLM4).total == 36_256
    assert got.parts["norms"] == 2 * 4 * 32 + 32


@pytest.mark.parametrize("bias", [True, False])
def test_a_glm4_checkpoint_compares_equal_part_by_part(bias: bool) -> None:
    cfg = dict(GLM4, attention_bias=bias)
    rows = compare(summarize(header(cfg)), count_from_hf_config(cfg))
    assert [(part, diff) for part, _, _, diff in rows if diff] == []


@pytest.mark.parametrize("name", ["model.layers.0.post_self_attn_layernorm.weight",
                                  "model.decoder.layers.3.self_attn_layer_norm.weight",
                                  "model.decoder.layers.3.self_attn_layer_norm.bias"])
def test_a_norm_named_after_self_attn_is_a_norm(name: str) -> None:
    assert classify(name) == "norms"


def test_a_norm_inside_self_attn_stays_attention() -> None:
    assert classify("model.layers.0.self_attn.q_norm.weight") == "attention"
