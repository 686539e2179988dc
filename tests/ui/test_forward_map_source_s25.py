"""The Forward pass tab's "Sizes from" choice (walk s25 F1, F2).

Why: sizes came from Inside the model, else the Live trainer's form, else Parameter budget; the
trainer's form always knows a model, so a preset picked in the budget (GPT-2, Llama) or a
config.json opened there was never drawn, and after an Inside analysis the trainer's form was
not either. Now the learner picks the source; Automatic keeps the old order. A config.json opened
in the budget is named as such, not as a "preset".
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json
from types import SimpleNamespace

import pytest

from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtWidgets import QWidget

from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.forward_map import SOURCES, ForwardMapPanel
from tests.ui.test_forward_map import FakeBudget, FakeControls, FakeInside, _lookup
from tests.ui.test_forward_map import panel  # noqa: F401 (the shown ForwardMapPanel fixture)


def _three_sources() -> dict:
    inside = FakeInside({"d": 16, "m": 24, "n_layer": 3, "variant": "swiglu", "source": "synthetic"})
    trainer = SimpleNamespace(controls=FakeControls(TrainConfig(n_embd=128, n_layer=4, n_head=4), 96))
    return {"inside": inside, "trainer": trainer, "budget": FakeBudget("GPT-2 small")}


def _choose(panel: ForwardMapPanel, qtbot, key: str) -> None:  # noqa: ANN001
    """Pick ``key`` in the combo with the keyboard, as a learner would (Home, then Down)."""
    box = panel.source_box
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Home)
    for _ in range(SOURCES.index(key)):
        qtbot.keyClick(box, Qt.Key.Key_Down)
    assert panel.source() == key


def test_each_source_can_be_drawn_whatever_the_others_hold(panel: ForwardMapPanel,
                                                            qtbot) -> None:  # noqa: ANN001
    panel.set_panel_lookup(_lookup(**_three_sources()))
    assert panel.source() == "auto" and panel.view.text("gate_proj").sub == "16 → 24"

    _choose(panel, qtbot, "budget")  # GPT-2: classic MLP, LayerNorm, 12 layers
    assert panel.caption.text().startswith("sizes from: GPT-2 small preset")
    assert panel.view.text("attn_norm").sub == "LayerNorm · 768"
    assert panel.view.frame_label() == "× 12 layers"
    assert "gate_proj" not in panel.view.keys()  # no gate in a classic MLP
    assert "LayerNorm · 768" in panel.view.visible_texts()  # painted, not only held

    _choose(panel, qtbot, "trainer")
    assert "the Live trainer's form" in panel.caption.text()
    assert panel.view.text("gate_proj").sub == "128 → 352"

    _choose(panel, qtbot, "auto")  # back to the first that knows a model: the trace
    assert panel.view.text("gate_proj").sub == "16 → 24"


def test_the_choice_holds_when_the_tab_is_shown_again(panel: ForwardMapPanel,
                                                      qtbot) -> None:  # noqa: ANN001
    sources = _three_sources()
    panel.set_panel_lookup(_lookup(**sources))
    panel.set_source("budget")
    panel.hide()
    sources["budget"].name = "Llama-2-7B"  # picked in the budget tab meanwhile
    panel.show()
    qtbot.waitUntil(lambda: panel.view.text("attn_norm").sub == "RMSNorm · 4096")
    assert panel.source() == "budget" and panel.view.text("gate_proj").sub == "4096 → 11,008"


def test_a_chosen_source_without_a_model_shows_the_symbols(panel: ForwardMapPanel) -> None:
    sources = _three_sources()
    sources["inside"].sizes = None  # nothing analysed yet
    panel.set_panel_lookup(_lookup(**sources))
    panel.set_source("inside")
    assert panel.sizes() is None and panel.view.text("gate_proj").sub == "d → m"
    assert panel.caption.text().startswith("No model known yet")


def test_the_choice_is_remembered(qtbot, tmp_path) -> None:  # noqa: ANN001
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = ForwardMapPanel()
    qtbot.addWidget(first)
    first.set_panel_lookup(_lookup(**_three_sources()))
    first.set_source("trainer")
    first.save_settings(settings)
    second = ForwardMapPanel()
    qtbot.addWidget(second)
    second.restore_settings(settings)
    assert second.source() == "trainer"
    second.set_panel_lookup(_lookup(**_three_sources()))
    assert second.view.text("gate_proj").sub == "128 → 352"


def test_the_source_box_sits_between_caption_and_refresh(panel: ForwardMapPanel) -> None:
    box, caption, refresh = panel.source_box, panel.caption, panel.refresh_button
    assert box.isVisible() and box.toolTip().startswith("Whose model the map shows")
    assert panel.source_label.text() == "Sizes from" and panel.source_label.isVisible()
    assert [box.itemText(i) for i in range(box.count())] == [
        "Automatic", "Inside the model", "Live trainer", "Parameter budget"]
    def rect(widget: QWidget) -> QRect:  # in the panel's coordinates
        return QRect(widget.mapTo(panel, QPoint(0, 0)), widget.size())

    label, combo = rect(panel.source_label), rect(box)
    assert caption.geometry().right() < label.left() < label.right() < combo.left()
    assert combo.right() < refresh.geometry().left()
    assert abs(label.center().y() - combo.center().y()) <= 1  # on one line, not label higher
    # every item's text fits the closed box (AdjustToContents): nothing cut
    width = max(box.fontMetrics().horizontalAdvance(box.itemText(i)) for i in range(box.count()))
    assert box.width() > width


def test_a_config_json_opened_in_the_budget_is_no_preset(panel: ForwardMapPanel) -> None:
    from gatelab.core.budget.hfconfig import count_from_hf_config

    config = {"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4, "vocab_size": 100}
    count = count_from_hf_config(config)
    assert count.total == 172_032  # wte 6400 + wpe 65,536 + 2 × 49,984 + ln_f 128
    panel.set_panel_lookup(_lookup(budget=FakeBudget("gpt2tiny/config.json",
                                                     {"gpt2tiny/config.json": count})))
    assert panel.caption.text() == ("sizes from: gpt2tiny/config.json (Parameter budget) · "
                                    "MLP 64 → 256 → 64 × 2 layers")
    assert panel.view.text("attn_norm").sub == "LayerNorm · 64"
    assert panel.view.text("final_norm").sub == "LayerNorm · 64"


@pytest.mark.parametrize(("config", "act", "mlp", "norm"), [
    # GPT-2 leaves its activation out of config.json (gelu_new is the default): GELU, not SiLU
    ({"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4, "vocab_size": 100},
     "GELU", "MLP (GELU)", "LayerNorm · 64"),
    ({"model_type": "llama", "hidden_size": 64, "intermediate_size": 172, "num_hidden_layers": 2,
      "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 100,
      "hidden_act": "silu"}, "SiLU", "gated MLP (SwiGLU)", "RMSNorm · 64"),
])
def test_a_config_json_opened_in_the_real_budget_is_drawn_as_it_says(
        qtbot, tmp_path, config: dict, act: str, mlp: str, norm: str) -> None:  # noqa: ANN001
    from gatelab.ui.budget_panel import BudgetPanel

    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    budget = BudgetPanel()
    qtbot.addWidget(budget)
    try:
        with qtbot.waitSignal(budget.file_loader().result_applied, timeout=20000) as blocker:
            budget.load_config(folder / "config.json")
        assert blocker.args[2] is True and budget.compare_name() == "tiny/config.json"
        p = ForwardMapPanel()
        qtbot.addWidget(p)
        p.set_panel_lookup(_lookup(budget=budget))
        p.set_source("budget")
        assert (p.view.text("act").title, p.view.text("mlp").title) == (act, mlp)
        assert p.view.text("attn_norm").sub == norm and p.view.text("final_norm").sub == norm
        assert act in p.view.visible_texts()  # the painted box, not only the held text
    finally:
        budget.shutdown()


def test_a_config_the_budget_reads_later_is_drawn_without_refresh(qtbot, tmp_path) -> None:  # noqa: ANN001
    """After a relaunch the budget re-opens its remembered config.json in the background: the
    map, shown first on "Parameter budget", kept the budget's default preset until Refresh
    (walkthrough s25). It now redraws when the budget's file lands, and only then."""
    from gatelab.ui.budget_panel import BudgetPanel

    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(
        {"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4, "vocab_size": 100}),
        encoding="utf-8")
    budget = BudgetPanel()
    qtbot.addWidget(budget)
    try:
        p = ForwardMapPanel()
        qtbot.addWidget(p)
        p.set_panel_lookup(_lookup(budget=budget))
        p.set_source("budget")
        before = p.caption.text()
        assert before.startswith("sizes from: ") and "tiny/config.json" not in before
        with qtbot.waitSignal(budget.file_loader().result_applied, timeout=20000) as blocker:
            budget.load_config(folder / "config.json")
        assert blocker.args[2] is True
        assert "tiny/config.json" in p.caption.text()  # no Refresh pressed
        assert p.view.text("attn_norm").sub == "LayerNorm · 64"
        p.set_source("trainer")  # another tab's model chosen: a later file leaves it alone
        shown = p.caption.text()
        with qtbot.waitSignal(budget.file_loader().result_applied, timeout=20000):
            budget.load_config(folder / "config.json")
        assert p.caption.text() == shown
    finally:
        budget.shutdown()
