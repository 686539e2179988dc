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
    assert panel.model_error.isHidden()  # no error about a half-typed prefix
    qtbot.keyClick(field.edit, Qt.Key.Key_Return)  # Enter refuses it too
    assert field.value() == 4096 and panel.user_count.total == before_total
