""""Load into my fields" keeps the experts or says what it left out; one classic width, labelled.

Why: loading Mixtral silently dropped its experts (7.24 B against 46.7 B), and the summary's
"Same-parameter classic width" (16,640, rounded) disagreed with the table's 16,512.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from gatelab.core import budget as B
from gatelab.ui.budget_panel import BudgetPanel


@pytest.fixture
def panel(qtbot) -> BudgetPanel:  # noqa: ANN001
    p = BudgetPanel()
    qtbot.addWidget(p)
    return p


def test_mixtral_loads_with_its_experts(panel: BudgetPanel) -> None:
    panel.select_model("Mixtral-8x7B")
    panel.use_button.click()
    assert (panel.experts_field.value(), panel.active_field.value()) == (8, 2)
    assert panel.m_field.value() == 14336
    assert panel.user_count is not None
    assert panel.user_count.total == 46_702_792_704 == panel.models["Mixtral-8x7B"].total
    assert panel.user_count.active == panel.models["Mixtral-8x7B"].active
    note = panel.load_note.text()
    assert note == "Loaded Mixtral-8x7B: your fields count exactly its 46,702,792,704 parameters."
    assert "8 experts of width m per layer, 2 active" in panel.readout.text()
    # a dense model afterwards: experts back to 0, the active field is disabled
    panel.select_model("Llama-2-7B")
    assert panel.load_note.text() == ""  # the note described the previous load only
    panel.use_button.click()
    assert panel.experts_field.value() == 0 and not panel.active_field.isEnabled()
    assert panel.user_count.total == panel.models["Llama-2-7B"].total
    assert "exactly" in panel.load_note.text()


@pytest.mark.parametrize("name, expected", [
    ("DeepSeek-V3", ["shared expert", "dense first layers", "latent attention (MLA",
                     "multi-token-prediction"]),
    ("Qwen3.5-0.8B", ["18 linear-attention layers (Gated DeltaNet"]),  # it named only heads
    ("Qwen2.5-0.5B", ["attention biases"]),
    ("gpt-oss-20b", ["attention sinks"]),
    ("T5 v1.1 base", ["encoder"]),
])
def test_what_does_not_fit_is_named_with_both_totals(panel: BudgetPanel, name: str,
                                                     expected: list[str]) -> None:
    panel.select_model(name)
    panel.use_button.click()
    note = panel.load_note.text()
    assert note.startswith(f"Loaded {name} only partly. Left out: ")
    for word in expected:
        assert word in note
    assert panel.user_count is not None
    assert "Your fields count {0}".format(B.format_int(panel.user_count.total)) in note
    model = panel.models[name]
    assert (B.format_int(model.total) if model.exact else B.format_short(model.total)) in note
    panel.d_field.set_value(512, emit=True)  # an edit: the note no longer describes the fields
    assert panel.load_note.text() == ""


def test_one_classic_width_with_the_rounding_labelled(panel: BudgetPanel) -> None:
    panel.d_field.set_value(4096, emit=True)
    panel.m_field.set_value(11008, emit=True)
    panel.multiple_spin.setValue(256)
    assert panel.gated()
    text = panel.readout.text()
    assert "Same-parameter classic width: 16,512 (= ⌈3m/2⌉), or 16,640 rounded up to a multiple " \
           "of 256" in text
    yours = next(r for r in panel.table.rows_in_view_order() if r.name == "Yours")
    assert yours.cells()[5] == "16,512"  # the table's "Equivalent classic width" cell
    panel.multiple_spin.setValue(128)  # 16,512 is a multiple of 128: one number, no rounding
    assert "Same-parameter classic width: 16,512 (= ⌈3m/2⌉)<br>" in panel.readout.text()


def test_expert_fields_are_remembered(qtbot, panel: BudgetPanel, settings: QSettings  # noqa: ANN001
                                      ) -> None:
    panel.select_model("Mixtral-8x7B")
    panel.use_button.click()
    panel.save_settings(settings)
    other = BudgetPanel()
    qtbot.addWidget(other)
    other.restore_settings(settings)
    assert (other.experts_field.value(), other.active_field.value()) == (8, 2)
    assert other.user_count is not None and other.user_count.total == 46_702_792_704
    settings.setValue("active_experts", "9")  # more active than experts: message, no crash
    third = BudgetPanel()
    qtbot.addWidget(third)
    third.restore_settings(settings)
    assert third.model_error.isVisibleTo(third) and "experts_per_token" in third.model_error.text()


def test_counts_of_one_read_in_the_singular(panel: BudgetPanel) -> None:
    """DeepSeek-V3's one multi-token-prediction layer read "1 multi-token-prediction layers";
    a model with one dense first layer (Kimi K2, GLM-4.5 style) would read "1 dense first
    layers" (walkthrough s23)."""
    import dataclasses

    spec = panel.models["DeepSeek-V3"].spec
    assert spec.mtp_layers == 1
    said = panel.left_out(spec)
    assert "1 multi-token-prediction layer" in said
    assert "3 dense first layers of width 18,432 (loaded as expert layers)" in said
    one_dense = dataclasses.replace(spec, first_dense_layers=1, mtp_layers=2)
    said = panel.left_out(one_dense)
    assert "1 dense first layer of width 18,432 (loaded as an expert layer)" in said
    assert "2 multi-token-prediction layers" in said
