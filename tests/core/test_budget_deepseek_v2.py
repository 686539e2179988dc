"""DeepSeek-V2 as transformers 5 builds it: held to its meta-device models and a saved checkpoint.

Why: the count once followed DeepSeek's remote code (``moe_layer_freq``, a ``noaux_tc``
correction bias) while transformers' ``DeepseekV2`` routes every layer from
``first_k_dense_replace`` on and has no correction bias at all, stored or not. Random configs
are held to transformers by ``test_budget_oracle`` (``oracle.deepseek_v2``); these are the
probe's cases, the checkpoint, and the one corner counted only approximately.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gatelab.core.budget import compare, count_from_hf_config, read_checkpoint, summarize
from tests.core.oracle import build, truth

transformers = pytest.importorskip("transformers")
torch = pytest.importorskip("torch")

V2 = {"model_type": "deepseek_v2", "hidden_size": 64, "num_attention_heads": 4,
      "num_key_value_heads": 2, "num_hidden_layers": 3, "intermediate_size": 96,
      "vocab_size": 256, "q_lora_rank": 16, "kv_lora_rank": 8, "qk_rope_head_dim": 4,
      "qk_nope_head_dim": 8, "v_head_dim": 8, "n_routed_experts": 4, "num_experts_per_tok": 2,
      "moe_intermediate_size": 32, "n_shared_experts": 1, "n_group": 1, "topk_group": 1,
      "pad_token_id": None, "bos_token_id": None, "eos_token_id": None}


def _keys(count: Any) -> list[str]:
    return [note.key for note in count.notes]


@pytest.mark.parametrize(("changes", "total"), [
    ({"first_k_dense_replace": 1, "moe_layer_freq": 2}, 129_032),
    ({"topk_method": "noaux_tc"}, 141_576),
])
def test_the_probe_cases_count_what_transformers_builds(changes: dict, total: int) -> None:
    cfg = dict(V2, **changes)
    got = count_from_hf_config(cfg)
    assert got.total == truth(cfg, top_k=2).total == total
    assert got.active == truth(cfg, top_k=2).active
    assert got.exact and "note.correction_bias" not in _keys(got)
    assert "note.unverified" not in _keys(got)


def test_a_moe_layer_freq_transformers_ignores_is_noted_and_1_is_not() -> None:
    noted = count_from_hf_config(dict(V2, moe_layer_freq=2))
    assert [n.values for n in noted.notes if n.key == "note.ignored_keys"] == [
        {"keys": "moe_layer_freq", "family": "deepseek_v2"}]
    assert "note.ignored_keys" not in _keys(count_from_hf_config(dict(V2, moe_layer_freq=1)))


def test_a_saved_checkpoint_compares_equal_part_by_part(tmp_path: Path) -> None:
    """save_pretrained's own tensors: no e_score_correction_bias, every part equal."""
    cfg = dict(V2, topk_method="noaux_tc", first_k_dense_replace=1, mlp_bias=True,
               attention_bias=True)
    kwargs = {k: v for k, v in cfg.items() if k != "model_type"}
    model = transformers.AutoModelForCausalLM.from_config(
        transformers.AutoConfig.for_model("deepseek_v2", **kwargs))
    model.save_pretrained(tmp_path)
    summary = summarize(read_checkpoint(tmp_path / "model.safetensors"))
    assert not [r.name for r in summary.rows if "correction" in r.name]
    count = count_from_hf_config(tmp_path / "config.json")
    assert [(part, diff) for part, _, _, diff in compare(summary, count) if diff] == []
    assert summary.total == count.total == sum(p.numel() for p in model.parameters())


def test_mlp_bias_without_shared_experts_is_counted_short_and_says_so() -> None:
    """transformers builds the shared expert even with n_shared_experts 0: width 0, so only
    down_proj's bias [d] is left in each routed layer. That corner is not exact, and the note
    gives the numbers the count leaves out."""
    cfg = dict(V2, n_shared_experts=0, mlp_bias=True, first_k_dense_replace=1)
    got = count_from_hf_config(cfg)
    assert truth(cfg).total - got.total == 2 * 64
    assert not got.exact
    assert [n.values for n in got.notes if n.key == "note.empty_shared_bias"] == [{"n": 128}]
    plain = count_from_hf_config(dict(cfg, mlp_bias=False))
    assert plain.exact and plain.total == truth(dict(cfg, mlp_bias=False)).total


def test_without_kv_lora_rank_it_is_refused_as_transformers_refuses_it() -> None:
    cfg = dict(V2, kv_lora_rank=None)
    with pytest.raises(Exception):  # noqa: B017 (transformers' own validation error)
        build(cfg)
    with pytest.raises(ValueError, match="kv_lora_rank"):
        count_from_hf_config(cfg)
