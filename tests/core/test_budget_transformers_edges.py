"""Config values transformers builds something other than the obvious from (probe s21).

Why: each of these was counted as if the value meant what it seems and called exact, while
transformers built a different model: GPT-2's ``add_cross_attention`` adds a block per layer,
a Mixtral with 0 experts has no MLP at all, a multimodal wrapper without ``text_config`` is
built from its default language model. Each is now either counted as transformers builds it
(held to its meta-device model) or refused in words that name the key and the family.
"""

from __future__ import annotations

from typing import Any

import pytest

from gatelab.core.budget import compare, count_from_hf_config, summarize
from tests.core.oracle import header, truth

pytest.importorskip("transformers")

IDS = {"pad_token_id": None, "bos_token_id": None, "eos_token_id": None}
GPT2 = {"model_type": "gpt2", "n_embd": 64, "n_head": 4, "n_layer": 3, "vocab_size": 256,
        "n_positions": 64, **IDS}


@pytest.mark.parametrize("extra", [{}, {"n_inner": 40}, {"tie_word_embeddings": False},
                                   {"n_embd": 48, "n_layer": 1}])
def test_gpt2_cross_attention_is_counted_as_transformers_builds(extra: dict[str, Any]) -> None:
    """Per layer: crossattention's c_attn [d, 2d], q_attn and c_proj [d, d], their biases, and
    ln_cross_attn: 4d² + 6d (d = 64, 3 layers: +50,304 over the plain GPT-2)."""
    cfg = dict(GPT2, add_cross_attention=True, **extra)
    got = count_from_hf_config(cfg)
    assert got.exact and got.total == truth(cfg).total
    d, layers = cfg["n_embd"], cfg["n_layer"]
    plain = count_from_hf_config(dict(GPT2, **extra))
    assert got.total - plain.total == layers * (4 * d * d + 6 * d)
    assert got.parts["norms"] - plain.parts["norms"] == layers * 2 * d
    assert [n.key for n in got.notes] == ["note.cross_attention"]


def test_the_gpt2_cross_attention_case_of_the_probe() -> None:
    assert count_from_hf_config(dict(GPT2, add_cross_attention=True)).total == 220_864


def test_a_gpt2_cross_attention_checkpoint_compares_equal_part_by_part() -> None:
    cfg = dict(GPT2, add_cross_attention=True)
    rows = compare(summarize(header(cfg)), count_from_hf_config(cfg))
    assert [(part, diff) for part, _, _, diff in rows if diff] == []
