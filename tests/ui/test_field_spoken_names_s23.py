"""A screen reader names each number field by the label in its form row, not its group box.

Why (review of the keyboard probe's D4 fix, s23): the line edits took Qt's accessible name of
their frame, and a label laid out by ``QFormLayout.addRow(label, field)`` is no buddy, so Qt
named 13 fields after their group box: g min, g max, u min, u max, resolution and ε were all
"Map window", β, limit, α, β₁, β₂ "Gate variant", z min and z max "Range and probe". The test
before only asked for a name that was not empty.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible

from gatelab.ui.widgets import ValidatedField
from tests.ui.conftest import settle, show_tab_at


@pytest.mark.parametrize(("tab", "expected"), [
    ("gate-plane", {"g min", "g max", "u min", "u max", "resolution", "ε (closed)", "g", "u"}),
    ("activations", {"z min", "z max"}),
])
def test_each_field_is_spoken_by_its_own_label(qtbot, main_window, tab: str,  # noqa: ANN001
                                               expected: set[str]) -> None:
    page = show_tab_at(qtbot, main_window, tab)
    main_window.activateWindow()
    spoken = []
    for field in page.findChildren(ValidatedField):
        if not field.isVisible():
            continue
        field.edit.setFocus(Qt.FocusReason.TabFocusReason)
        settle()
        spoken.append(QAccessible.queryAccessibleInterface(field.edit).text(QAccessible.Text.Name))
    assert expected <= set(spoken), spoken
    assert len(set(spoken)) == len(spoken), spoken  # no two fields share a name
