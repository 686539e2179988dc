"""A folder whose weights say no stack of blocks has mlp.gate_proj in every block (mixture of
experts, a classic MLP) is refused from the safetensors header, before loading: a 30B MoE folder
used to be loaded whole and only then refused (walkthrough s13, finding 3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.hf_check import gated_stack

pytest.importorskip("transformers")


@pytest.mark.parametrize(("names", "gated"), [
    (["model.layers.0.mlp.gate_proj.weight", "model.layers.1.mlp.gate_proj.weight"], True),
    (["model.layers.0.mlp.experts.gate_up_proj", "model.layers.0.mlp.gate.weight"], False),
    (["model.layers.0.mlp.experts.3.gate_proj.weight"], False),  # per-expert modules
    (["model.layers.0.mlp.gate_proj.weight", "model.layers.1.mlp.experts.0.gate_proj.weight",
      "model.layers.1.mlp.shared_experts.gate_proj.weight"], False),  # dense first, then MoE
    (["transformer.h.0.mlp.c_fc.weight"], False),  # GPT-2's classic MLP
    (["model.layers.0.mlp.gate_up_proj.weight", "model.layers.1.mlp.gate_up_proj.weight"],
     True),  # Phi-3, GLM-4: gate and up fused in one Linear
    # a vision tower's classic blocks beside a gated language model: the language model counts
    (["model.visual.blocks.0.mlp.fc1.weight", "model.language_model.layers.0.mlp.gate_proj.weight",
      "model.language_model.layers.0.mlp.up_proj.weight"], True),
    (["model.layers.0.feed_forward.w1.weight", "lm_head.weight"], None),  # loading decides
    ([], None),
])
def test_gated_stack_from_names(names: list[str], gated: bool | None) -> None:
    assert gated_stack(names) is gated


def test_a_moe_folder_is_refused_before_loading(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import transformers
    from transformers import AutoModelForCausalLM, Qwen3MoeConfig

    from gatelab.core.inside.hf_source import trace_hf
    from tests.core.inside_helpers import save_tokenizer

    folder = tmp_path / "moe"
    config = Qwen3MoeConfig(vocab_size=320, hidden_size=32, intermediate_size=48,
                            moe_intermediate_size=16, num_experts=4, num_experts_per_tok=2,
                            num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                            head_dim=8, max_position_embeddings=128)
    AutoModelForCausalLM.from_config(config).save_pretrained(folder)
    save_tokenizer(folder)

    def no_loading(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the folder was loaded")

    monkeypatch.setattr(transformers.AutoModelForCausalLM, "from_pretrained", no_loading)
    with pytest.raises(InsideError) as info:
        trace_hf(folder, "The cat sat.", device="cpu")
    assert "this is a mixture-of-experts model (mlp.experts)" in str(info.value)  # (s13 P2)
