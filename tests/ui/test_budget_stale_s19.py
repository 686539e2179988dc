"""Walkthrough s19 D1: while the fields made no model ("Not a valid model: heads (7) must be a
multiple of KV heads (16)"), the readout, the charts and the table's "Yours" row kept the last
valid model's totals as if current, and that model could be a half-typed one: KV heads typed
as "16" passes through "1". Now they are greyed (the readout and charts) or gone ("Yours")."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage

from gatelab.core import budget as B
from gatelab.ui.budget_panel import STALE_OPACITY, BudgetPanel
from tests.ui.conftest import settle, show_panel


@pytest.fixture
def panel(qtbot) -> BudgetPanel:  # noqa: ANN001
    p = show_panel(qtbot, BudgetPanel())
    p.select_model("Llama-2-7B")
    p.use_button.click()
    settle()
    return p


def _type(qtbot, field, text: str) -> None:  # noqa: ANN001
    field.edit.selectAll()
    qtbot.keyClicks(field.edit, text)
    settle()


def _ink(panel: BudgetPanel, widget) -> float:  # noqa: ANN001
    """How dark the widget is drawn in the panel (its effect applies there): mean of 255 - grey."""
    top_left = widget.mapTo(panel, widget.rect().topLeft())
    image = panel.grab(QRect(top_left, widget.size())).toImage().convertToFormat(
        QImage.Format.Format_Grayscale8)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(),
                                                                image.bytesPerLine())
    return float(255 - pixels[:, :image.width()].mean())


def _names(panel: BudgetPanel) -> list[str]:
    return [row.name for row in panel.table.rows_in_view_order()]


def test_a_half_typed_model_is_greyed_and_leaves_the_table(qtbot, panel: BudgetPanel) -> None:  # noqa: ANN001
    valid_ink = {w: _ink(panel, w) for w in (panel.readout, panel.charts_scroll)}
    assert "Yours" in _names(panel) and not panel.model_error.isVisible()
    _type(qtbot, panel.heads_field, "7")  # 7 heads, 32 KV heads: no model
    _type(qtbot, panel.kv_field, "16")  # passes through 1 (a valid model) on the way
    assert panel.model_error.isVisible()
    assert "Greyed below: the last valid model's numbers" in panel.model_error.text()
    assert "Yours" not in _names(panel) and "Llama-2-7B" in _names(panel)
    assert panel.readout.graphicsEffect().opacity() == STALE_OPACITY
    for chart in (panel.matrix_chart, panel.breakdown_chart):
        assert chart.getPlotItem().opacity() == STALE_OPACITY
    for widget, ink in valid_ink.items():
        assert _ink(panel, widget) < 0.6 * ink  # drawn paler, as the user sees it
    _type(qtbot, panel.kv_field, "1")  # a model again: its own numbers, not greyed
    assert not panel.model_error.isVisible()
    assert panel.readout.graphicsEffect() is None
    assert panel.matrix_chart.getPlotItem().opacity() == 1.0
    yours = next(r for r in panel.table.rows_in_view_order() if r.name == "Yours")
    spec = panel.user_spec()
    assert (spec.n_head, spec.n_kv_head) == (7, 1)
    assert yours == B.comparison_row("Yours", B.count_model(spec))
    assert _ink(panel, panel.readout) == pytest.approx(valid_ink[panel.readout], rel=0.35)


def test_a_refused_field_greys_the_numbers_of_its_last_accepted_value(qtbot,  # noqa: ANN001
                                                                       panel: BudgetPanel) -> None:
    total = panel.user_count.total
    panel.d_field.edit.selectAll()
    qtbot.keyClick(panel.d_field.edit, Qt.Key.Key_Backspace)  # an empty Width d: refused
    settle()
    assert panel.d_field.error_text() and panel.d_field.value() == 4096  # kept
    assert panel.model_error.isVisible()
    assert panel.model_error.text() == ("Greyed below: the numbers of the fields' last "
                                        "accepted values.")
    assert panel.readout.graphicsEffect() is not None and "Yours" not in _names(panel)
    assert panel.matrix_chart.getPlotItem().opacity() == STALE_OPACITY
    assert panel.user_count.total == total  # the numbers greyed are the kept value's
    qtbot.keyClicks(panel.d_field.edit, "2048")
    settle()
    assert not panel.model_error.isVisible() and panel.readout.graphicsEffect() is None
    assert panel.matrix_chart.getPlotItem().opacity() == 1.0
    assert "Yours" in _names(panel) and panel.user_spec().hidden == 2048
