"""A preset's note (what its count includes) is shown beside the compared model and in the
table's tooltip, translated; an imported config never inherits a preset's note or markup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gatelab.ui.budget_panel import BudgetPanel
from tests.ui.conftest import load_budget_file

OSS_NOTE = "OpenAI's 3.61 B leaves it out."


@pytest.fixture
def panel(budget_panel: BudgetPanel) -> BudgetPanel:
    return budget_panel


def _import_config(panel: BudgetPanel, qtbot, folder: Path, name: str) -> Path:  # noqa: ANN001
    """A tiny GPT-2 config.json named ``name`` in ``folder``, read by the panel."""
    config = {"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 2, "n_positions": 128,
              "vocab_size": 100, "_name_or_path": name}
    folder.mkdir(exist_ok=True)
    path = folder / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert load_budget_file(panel, qtbot, "config", path)
    return path


def _tooltip(panel: BudgetPanel, name: str) -> str:
    model = panel.table.model
    row = next(i for i, r in enumerate(model.rows) if r.name == name)
    return str(model.data(model.index(row, 0), Qt.ItemDataRole.ToolTipRole))


def test_note_beside_the_compared_model_and_in_the_table(panel: BudgetPanel) -> None:
    panel.select_model("gpt-oss-20b")
    assert OSS_NOTE in panel.compare_note.text()
    assert OSS_NOTE in _tooltip(panel, "gpt-oss-20b")
    panel.select_model("Llama-2-7B")  # a preset without a note: no stale one left
    assert OSS_NOTE not in panel.compare_note.text()
    assert "Experts and router" not in _tooltip(panel, "Llama-2-7B")


def test_note_is_translated(panel: BudgetPanel) -> None:
    from gatelab.ui.language import set_language

    panel.select_model("gpt-oss-20b")
    try:
        set_language("zh_CN")
        panel.retranslate()
        assert "OpenAI 给出的 3.61 B 不计入它" in panel.compare_note.text()
        assert "OpenAI 给出的 3.61 B 不计入它" in _tooltip(panel, "gpt-oss-20b")
    finally:
        set_language("en")
        panel.retranslate()
    assert OSS_NOTE in panel.compare_note.text()


def test_an_imported_config_named_like_a_preset_drops_its_note(panel: BudgetPanel, qtbot,  # noqa: ANN001
                                                              tmp_path: Path) -> None:
    path = _import_config(panel, qtbot, tmp_path, "gpt-oss-20b")
    assert panel.compare_name() == "gpt-oss-20b"
    assert OSS_NOTE not in panel.compare_note.text()
    assert str(path) in panel.compare_note.text()


def test_an_imported_name_is_text_not_markup(panel: BudgetPanel, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    _import_config(panel, qtbot, tmp_path / "a<b>c", "<b>bold</b>")
    text = panel.compare_note.text()
    assert "&lt;b&gt;bold&lt;/b&gt;" in text and "a&lt;b&gt;c" in text
    assert "<b>bold</b>" not in text


def test_a_states_unknown_real_model_is_said(panel: BudgetPanel, qtbot) -> None:  # noqa: ANN001
    """Re-walk s20 H: a state whose real model was a config.json opened by hand showed
    Llama-2-7B in a fresh window without a word."""
    state = panel.state()
    state["preset"] = "cfg/config.json"
    with qtbot.waitSignal(panel.status_changed, timeout=2000) as said:
        panel.apply_state(state)
    assert said.args[0] == ("The state's real model cfg/config.json is not open in this session "
                            "(a file opened by hand?): open its config.json again to compare "
                            "with it; Llama-2-7B is shown.")
    assert panel.compare_name() == "Llama-2-7B"
