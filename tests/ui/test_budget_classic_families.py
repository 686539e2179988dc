"""GPT-NeoX, OPT and Phi opened as config.json: exact, drawn without a gate, and what the fields
leave out when loaded named.

Why: they were counted as Llama-style estimates; the "Gate, up and down" chart drew them a gate
bar they do not have, the totals read "≈ … (estimate)", and loading one into the fields could
not name its lm_head bias (Phi) or its narrower word embeddings (OPT-350m).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gatelab.core import budget as B
from gatelab.ui.budget_panel import BudgetPanel

IDS = {"pad_token_id": None, "bos_token_id": None, "eos_token_id": None}
CONFIGS = {
    "tiny-neox": {"model_type": "gpt_neox", "intermediate_size": 96},
    "tiny-opt": {"model_type": "opt", "ffn_dim": 96, "max_position_embeddings": 64,
                 "word_embed_proj_dim": 16},
    "tiny-phi": {"model_type": "phi", "intermediate_size": 96},
    "tiny-bert": {"model_type": "bert", "intermediate_size": 96, "max_position_embeddings": 64},
    # s25: refused (GPT-J: no intermediate_size) or gated estimates before
    "tiny-gptj": {"model_type": "gptj", "n_inner": 96, "rotary_dim": 4},
    "tiny-falcon": {"model_type": "falcon", "ffn_hidden_size": 96, "num_key_value_heads": 1},
    "tiny-bigcode": {"model_type": "gpt_bigcode", "n_inner": 96, "n_positions": 64},
    "tiny-neo": {"model_type": "gpt_neo", "intermediate_size": 96,
                 "max_position_embeddings": 64},
}


@pytest.fixture
def panel(budget_panel: BudgetPanel) -> BudgetPanel:
    return budget_panel


def _open(panel: BudgetPanel, qtbot, tmp_path: Path, name: str) -> B.ModelCount:  # noqa: ANN001
    cfg = dict(CONFIGS[name], vocab_size=320, hidden_size=32, num_hidden_layers=2,
               num_attention_heads=4, _name_or_path=name, **IDS)
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    with qtbot.waitSignal(panel.file_loader().result_applied, timeout=5000) as blocker:
        panel.load_config(path)
    assert blocker.args[2] is True
    assert panel.compare_name() == name
    return panel.models[name]


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_the_gate_bar_is_empty_and_the_count_exact(panel: BudgetPanel, qtbot,  # noqa: ANN001
                                                   tmp_path: Path, name: str) -> None:
    count = _open(panel, qtbot, tmp_path, name)
    assert count.exact and not count.spec.gated
    labels = [label for label, _ in panel.matrix_chart.rows]
    row = labels.index(name)
    gate, up, down = panel.matrix_chart.rows[row][1]
    assert (gate, up, down) == (0.0, 3.0, 3.0)  # m = 96 = 3d: up and down 3 d² each, no gate
    gate_bar = panel.matrix_chart._bars[0].opts
    assert gate_bar["width"][row] == 0.0 and panel.matrix_chart._bars[1].opts["width"][row] == 3.0
    note = panel.compare_note.text()
    assert "Not exact" not in note and "estimate" not in note
    assert ("base model" in note) == (name == "tiny-bert")
    assert B.format_int(count.total).replace(",", ",\u200b") in note \
        or B.format_int(count.total) in note


@pytest.mark.parametrize(("name", "said"), [
    ("tiny-phi", ["the lm_head bias", "MLP biases"]),
    ("tiny-opt", ["word embeddings of width 16 (projected to and from d)", "MLP biases"]),
    ("tiny-neox", ["MLP biases"]),
    ("tiny-bert", ["MLP biases", "token-type embeddings (2 types)", "the pooler"]),
    ("tiny-gptj", ["the lm_head bias", "MLP biases"]),
    ("tiny-falcon", ["its norm layout (layer, 1 per layer)"]),
])
def test_loading_one_into_the_fields_names_what_they_cannot_hold(
        panel: BudgetPanel, qtbot, tmp_path: Path, name: str, said: list[str]) -> None:  # noqa: ANN001
    count = _open(panel, qtbot, tmp_path, name)
    left_out = panel.left_out(count.spec)
    for words in said:
        assert words in left_out
    panel.use_button.click()
    assert not panel.gated()
    assert panel.load_note.text().startswith(f"Loaded {name} only partly. Left out: ")
