"""The Budget tab on the lessons' own model: full/linear attention bars, layer mix, table figures."""

from __future__ import annotations

import pytest

from gatelab.core.budget import SPLIT_PARTS, load_presets
from gatelab.ui.budget_panel import BudgetPanel
from tests.ui.test_budget_panel import panel  # noqa: F401 (the shown BudgetPanel fixture)


def _segment_widths(chart, row: int) -> list[float]:  # noqa: ANN001
    """Drawn widths of each segment (bar item) in one chart row (row 0 = top)."""
    n = len(chart.rows)
    widths = []
    for bar in chart._bars:
        opts = bar.opts
        y = n - 1 - row
        widths.append(float(opts["width"][list(opts["y"]).index(y)]))
    return widths


def test_breakdown_splits_attention_into_full_and_linear(panel: BudgetPanel) -> None:
    panel.select_model("Qwen3.5-0.8B")
    count = panel.models["Qwen3.5-0.8B"]
    labels = [label for label, _ in panel.breakdown_chart.rows]
    assert labels[1] == "Qwen3.5-0.8B"
    drawn = _segment_widths(panel.breakdown_chart, 1)
    expected = [100 * count.split_parts[p] / count.total for p in SPLIT_PARTS]
    assert drawn == pytest.approx(expected)
    linear = SPLIT_PARTS.index("attention_linear")
    full = SPLIT_PARTS.index("attention_full")
    assert drawn[linear] > drawn[full] > 0  # 18 DeltaNet layers outweigh 6 attention layers
    assert drawn[SPLIT_PARTS.index("mlp")] == pytest.approx(100 * 264_241_152 / 752_393_024)
    # a model without linear attention draws an empty linear segment
    panel.select_model("Llama-2-7B")
    assert _segment_widths(panel.breakdown_chart, 1)[linear] == 0


def test_compare_note_names_the_layer_mix_and_the_shared_mlp(panel: BudgetPanel) -> None:
    panel.select_model("Qwen3.5-0.8B")
    note = panel.compare_note.text()
    assert "24 layers: 18 linear attention" in note and "6 full" in note
    assert "every layer carries the same MLP (11,010,048)" in note
    panel.select_model("DeepSeek-V3")
    note = panel.compare_note.text()
    assert "Not exact" not in note and "671,026,419,200" in note
    assert "13,463,426,304" in note  # the MTP layer, beside the total


def test_table_shows_the_lessons_mlp_share_and_embedding_table(panel: BudgetPanel) -> None:
    table = panel.table
    headers = table.headers
    rows = {table.proxy.index(r, 0).data(): r for r in range(table.proxy.rowCount())}
    r = rows["Qwen3.5-0.8B"]

    def cell(header_start: str) -> str:
        col = next(i for i, h in enumerate(headers) if h.startswith(header_start))
        return table.proxy.index(r, col).data()

    assert cell("MLP\n(all") == "264,241,152"
    assert cell("MLP\nshare") == "35.1 %"
    assert cell("Embedding") == "254,279,680"
    assert len(load_presets()) == table.proxy.rowCount() - 1  # plus "Yours"
