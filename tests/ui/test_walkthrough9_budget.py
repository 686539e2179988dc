"""An engineer's walkthrough of the budget tab (session 9): a refused entry changed the numbers.

Typing "100000000000000000000" into Width d: the field said "too large (at most 1e+15)" while the
readout, table and charts showed a model with d = 10¹⁵ (its longest valid prefix); typing "1e20"
left "Not a valid model: hidden size 1 is smaller than the number of heads 32" (from the "1")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gatelab.ui.budget_panel import BudgetPanel

from .conftest import show_panel


@pytest.fixture
def panel(qtbot) -> BudgetPanel:  # noqa: ANN001
    return show_panel(qtbot, BudgetPanel())


@pytest.mark.parametrize("typed", ["100000000000000000000", "1e20", "abc", "40961"])
def test_a_refused_entry_leaves_the_model_as_it_was(qtbot, panel: BudgetPanel, typed: str) -> None:  # noqa: ANN001
    before_total, before_readout = panel.user_count.total, panel.readout.text()
    field = panel.d_field
    field.edit.setFocus()
    field.edit.selectAll()
    qtbot.keyClicks(field.edit, typed)
    if typed == "40961":  # valid: the numbers follow the typing
        assert panel.user_count.total != before_total and field.error_text() == ""
        return
    assert field.error_text() != ""  # the field says why
    assert field.value() == 4096
    assert panel.user_count.total == before_total and panel.readout.text() == before_readout
    # no error about a half-typed prefix; the kept value's numbers are greyed (s19 D1)
    assert panel.model_error.text().startswith("Greyed below") and panel.readout.graphicsEffect()
    qtbot.keyClick(field.edit, Qt.Key.Key_Return)  # Enter refuses it too
    assert field.value() == 4096 and panel.user_count.total == before_total


def test_a_width_no_multiple_of_the_heads_says_the_head_size(qtbot, panel: BudgetPanel) -> None:  # noqa: ANN001
    """d = 4097 with 32 heads was counted with head size 4097 // 32 = 128 (q, k and v 4096 wide)
    with nothing on screen saying so: the attention count looked wrong. The readout says it,
    the count is transformers' own for the families that build such a model (Mistral, Qwen2 on
    the meta device), and Llama's config does refuse it, as the note says."""
    import torch
    from transformers import LlamaConfig, MistralConfig, MistralForCausalLM, Qwen2Config, \
        Qwen2ForCausalLM

    panel.d_field.set_value(4097, emit=True)
    s = panel.user_count.spec
    assert ("Attention per layer: {0} (head size ⌊4,097 / 32⌋ = 128: q, k and v are 4,096 wide, "
            "not d = 4,097, as transformers' Mistral and Qwen2 build it; its Llama refuses such "
            "a d)").format("{:,}".format(panel.user_count.attention_per_layer)) \
        in panel.readout.text()
    sizes = dict(hidden_size=4097, intermediate_size=s.intermediate, num_hidden_layers=1,
                 num_attention_heads=32, num_key_value_heads=s.kv_heads, vocab_size=s.vocab)
    for config, model_class in ((MistralConfig(**sizes), MistralForCausalLM),
                                (Qwen2Config(**sizes), Qwen2ForCausalLM)):
        with torch.device("meta"):
            model = model_class(config)
        attn = model.model.layers[0].self_attn
        assert attn.q_proj.weight.shape == (4096, 4097)
        assert panel.user_count.attention_per_layer == sum(
            p.numel() for p in attn.parameters() if p.ndim == 2)  # (Qwen2's q/k/v biases: off)
    with pytest.raises(Exception, match="not a multiple of the number of attention heads"):
        LlamaConfig(**sizes)
    panel.d_field.set_value(4096, emit=True)
    assert "head size" not in panel.readout.text()
