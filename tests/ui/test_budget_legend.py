"""The budget charts' legends break between entries, never inside one: "full" / "attention" in
English and "归一" / "化" in Chinese were split across lines at 1280 and 1440 px."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument

from gatelab.ui.budget_charts import StackedBarChart


def _lines(html: str, width: float) -> list[str]:
    doc = QTextDocument()
    doc.setHtml(html)
    doc.setTextWidth(width)
    doc.size()  # lays the text out
    block = doc.begin()
    layout = block.layout()
    text = block.text()
    return [text[layout.lineAt(i).textStart():layout.lineAt(i).textStart()
                 + layout.lineAt(i).textLength()] for i in range(layout.lineCount())]


def test_no_entry_is_split_across_lines(qtbot) -> None:  # noqa: ANN001
    names = ["embeddings", "full attention", "linear attention", "MLP", "norms", "LM head",
             "归一化", "嵌入层"]
    chart = StackedBarChart(names, ["#777"] * len(names), 2, "x", lambda _name, v: str(v))
    qtbot.addWidget(chart)
    for width in (120, 200, 330, 500):
        lines = _lines(chart.legend_html, width)
        assert len(lines) > 1 or width == 500
        flat = [line.replace("\u2060", "").replace("\u00a0", " ").strip() for line in lines]
        for name in names:
            assert any(name in line for line in flat), (width, name, flat)
