"""CSV exports a spreadsheet reads as they are (walkthrough s14, F5).

Why: a trainer plot's CSV was pyqtgraph's raw format, the step column repeated per curve
("L0 closed_x,L0 closed_y,…") and every step written "10."; the budget's "Copy as CSV" kept the
table's two-line headers ("FFN params\\n/ layer"), two-line cells in a spreadsheet. The files are
read back with the csv module and held to the plotted data and the table on screen."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from tests.ui.test_trainer_plots import _rows


def _read(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8-sig", newline="") as fh:
        return list(csv.reader(fh))


def test_trainer_sparsity_csv_has_a_step_column_and_one_per_curve(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_plots import TrainerPlots

    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.show()
    plots.set_rows(_rows(20, n_layer=2))
    plots.redraw_now()
    card = plots.sparsity
    rows = _read(card.export(tmp_path / "gate-sparsity.csv"))
    curves = [i for i in card.plot.getPlotItem().items if i.name() and i.getData()[0] is not None
              and len(i.getData()[0])]
    assert rows[0] == ["step", *(c.name() for c in curves)]  # one header row of the curve names
    assert "L0 closed" in rows[0] and "L1 g<0" in rows[0]
    assert [r[0] for r in rows[1:]] == ["5", "10", "15", "20"]  # integers, no trailing dot
    for col, curve in enumerate(curves, start=1):  # the values drawn, step by step
        xs, ys = curve.getData()
        got = {int(r[0]): float(r[col]) for r in rows[1:] if r[col]}
        assert got == {int(x): pytest.approx(float(y)) for x, y in zip(xs, ys, strict=True)}
    assert float(rows[4][rows[0].index("L1 closed")]) == pytest.approx(0.1 + 0.01 + 0.02)


def test_loss_csv_leaves_cells_empty_where_a_curve_has_no_step(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_plots import TrainerPlots

    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.set_rows(_rows(10))
    plots.redraw_now()
    rows = _read(plots.loss.export(tmp_path / "loss.csv"))
    head = rows[0]
    assert head[0] == "step" and {"train", "validation"} <= set(head)
    assert [r[0] for r in rows[1:]] == [str(s) for s in range(1, 11)]  # the union of steps
    train, val = head.index("train"), head.index("validation")
    assert [float(r[train]) for r in rows[1:]] == pytest.approx([4.0 / s for s in range(1, 11)])
    assert [r[val] for r in rows[1:]] == ["", "", "", "", "1", "", "", "", "", "0.5"]


def test_a_plot_card_csv_with_fractional_x_keeps_the_fractions(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from gatelab.ui.plot_card import PlotCard

    card = PlotCard("t")
    qtbot.addWidget(card)
    card.set_hover_x_label("z")
    card.curve("a").setData([0.5, 1.0], [1.0, 2.25])
    card.curve("b").setData([1.0, 2.0], [3.0, 4.0])
    assert _read(card.export(tmp_path / "t.csv")) == [
        ["z", "a", "b"], ["0.5", "1", ""], ["1", "2.25", "3"], ["2", "", "4"]]


def test_budget_copy_as_csv_has_one_line_headers(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.budget_panel import BudgetPanel

    panel = BudgetPanel()
    qtbot.addWidget(panel)
    panel.resize(1400, 900)
    panel.show()
    table = panel.table
    table.copy_csv_button.click()
    rows = list(csv.reader(io.StringIO(QGuiApplication.clipboard().text())))
    assert all("\n" not in h and "  " not in h for h in rows[0])
    assert "FFN params / layer" in rows[0] and "MLP (all layers)" in rows[0]
    # the table on screen keeps its two-line headers
    shown = [table.view.model().headerData(c, Qt.Orientation.Horizontal)
             for c in range(table.view.model().columnCount())]
    assert "FFN params\n/ layer" in shown
    assert [" ".join(h.split()) for h in shown] == rows[0]
    by_name = {r[0]: r for r in rows[1:]}
    llama = next(r for r in table.rows_in_view_order() if r.name == "Llama-2-7B")
    assert by_name["Llama-2-7B"][rows[0].index("FFN params / layer")] == str(llama.ffn_params)
