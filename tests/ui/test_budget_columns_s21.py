"""No number in the budget's tables is cut: each column is at least as wide as its numbers,
and a narrow table scrolls sideways instead.

Why (walkthrough s21 #10): at 1024×768 in Chinese the preset table's last column (the embedding
matrix) showed "39,…808" and the checkpoint tables' last column "1.61" without its "M": Qt's
stretched last section takes the width left over, even when that is less than its text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QTableView

from gatelab.core.budget import write_safetensors_header_only
from tests.ui.conftest import load_budget_file, settle, show_panel


@pytest.fixture(params=["en", "zh_CN"])
def panel(request, qtbot):  # noqa: ANN001, ANN201
    """A budget panel built in each language (Chinese headers are narrower than the numbers)."""
    from gatelab.ui.budget_panel import BudgetPanel
    from gatelab.ui.language import set_language

    set_language(request.param)
    try:
        panel = show_panel(qtbot, BudgetPanel())
        yield panel
        panel.shutdown()
    finally:
        set_language("en")


def _cut_columns(view: QTableView, skip: tuple[int, ...] = ()) -> list[str]:
    """Columns narrower than their widest cell or header (``skip``: ones elided by design)."""
    header = view.horizontalHeader()
    model = view.model()
    cut = []
    for column in range(model.columnCount()):
        if column in skip or header.isSectionHidden(column):
            continue
        wanted = max(view.sizeHintForColumn(column), header.sectionSizeHint(column))
        if header.sectionSize(column) < wanted:
            cut.append(f"{column}: {header.sectionSize(column)} < {wanted}")
    return cut


@pytest.mark.parametrize("width", [700, 1400])
def test_the_preset_table_cuts_no_number(qtbot, panel, width: int) -> None:  # noqa: ANN001
    panel.resize(width, 760)
    settle()
    view = panel.table.view
    assert _cut_columns(view, skip=(0,)) == []  # (Model names elide in the middle by design)
    header = view.horizontalHeader()
    if header.length() > view.viewport().width():  # the rest is a sideways scroll away
        assert view.horizontalScrollBar().maximum() > 0


def test_the_checkpoint_tables_cut_no_number(qtbot, panel, tmp_path: Path) -> None:  # noqa: ANN001
    checkpoint = tmp_path / "model.safetensors"
    write_safetensors_header_only(checkpoint, {
        "model.embed_tokens.weight": ("BF16", (151936, 1024)),
        "model.layers.0.mlp.gate_proj.weight": ("BF16", (3072, 1024)),
        "model.layers.0.input_layernorm.weight": ("BF16", (1024,))})
    assert load_budget_file(panel, qtbot, "safetensors", checkpoint)
    panel.resize(700, 760)
    settle()
    tables = [t for t in panel.findChildren(QTableView)
              if t.model() is not None and t.model().rowCount() and t.objectName() !=
              "frozen-column" and t is not panel.table.view]
    assert len(tables) >= 2
    for table in tables:
        assert _cut_columns(table, skip=(0,)) == [], table.horizontalHeaderItem(0).text()
