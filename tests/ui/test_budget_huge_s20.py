"""Probe s20 D4: a config.json of sizes 10¹⁵ (allowed) made the readout's numbers
("7,000,000,000,000,003,…") one unbreakable word, the side column's content grew wider than the
column, and the fields' values and labels were cut with no way to scroll to them."""

from __future__ import annotations

import json
from pathlib import Path

from gatelab.ui.budget_panel import BudgetPanel
from gatelab.ui.elide import breakable_numbers
from gatelab.ui.message_box import ZWSP
from tests.ui.conftest import load_budget_file, settle

HUGE = 10 ** 15


def test_breakable_numbers_only_touches_absurd_ones() -> None:
    assert breakable_numbers("671,026,419,200 params") == "671,026,419,200 params"
    assert breakable_numbers("1,026,408,232,448") == "1,026,408,232,448"  # a 1 T model
    assert breakable_numbers("x 1,000,000,000,000,000 y") == (
        f"x 1,{ZWSP}000,{ZWSP}000,{ZWSP}000,{ZWSP}000,{ZWSP}000 y")


def test_absurd_sizes_keep_the_form_inside_its_column(budget_panel: BudgetPanel, qtbot,  # noqa: ANN001
                                                      tmp_path: Path) -> None:
    panel = budget_panel
    config = {"model_type": "qwen3", "hidden_size": HUGE, "intermediate_size": HUGE,
              "num_hidden_layers": HUGE, "num_attention_heads": 1, "num_key_value_heads": 1,
              "head_dim": HUGE, "vocab_size": HUGE, "tie_word_embeddings": True}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert load_budget_file(panel, qtbot, "config", path)
    panel.use_button.click()
    settle(20)
    assert panel.d_field.value() == HUGE
    scroll = panel.side_scroll
    assert scroll.widget().width() <= scroll.viewport().width()
    for label in (panel.readout, panel.compare_note, panel.load_note):
        assert label.minimumSizeHint().width() <= scroll.viewport().width(), label.text()[:80]
    assert panel.d_field.geometry().right() <= scroll.viewport().width()


def test_the_layer_line_groups_its_digits(budget_panel: BudgetPanel) -> None:
    """Re-walk s20 E: "1000000000000000 layers, all full attention" beside grouped numbers."""
    from gatelab.core import budget as B
    from gatelab.ui.budget_charts import layer_mix_text

    count = B.count_from_hf_config({"model_type": "llama", "hidden_size": 64,
                                    "intermediate_size": 128, "num_hidden_layers": 12_345,
                                    "num_attention_heads": 4, "vocab_size": 100})
    assert layer_mix_text(count).startswith("12,345 layers, all full attention")
