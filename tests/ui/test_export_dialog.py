"""Every Export… button goes through one dialog (gatelab.ui.export_dialog): the chosen file type
names the file when no suffix is typed, a typed suffix wins, the dialog opens where the last
export went, and that folder survives a restart in the trainer's settings too."""

from __future__ import annotations

from pathlib import Path

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QSettings, Qt

from gatelab.ui import export_dialog
from tests.ui.conftest import FakeSaveDialog
from gatelab.ui.inside_export import DataCard, ExportButton
from gatelab.ui.plot_card import PlotCard




def _card(qtbot) -> PlotCard:  # noqa: ANN001
    card = PlotCard("Loss")
    qtbot.addWidget(card)
    card.plot.addLegend()
    card.curve("train", pen="b").setData([0.0, 1.0, 2.0], [3.0, 2.0, 1.5])
    card.resize(400, 300)
    card.show()
    return card


@pytest.mark.parametrize(("chosen", "name", "head"), [
    ("SVG drawing (*.svg)", "plot.svg", b"<?xml"),
    ("PNG image (*.png)", "plot.png", b"\x89PNG"),
    ("CSV data (*.csv)", "plot.csv", b""),
])
def test_a_plot_card_writes_the_chosen_file_type_without_a_typed_suffix(
        qtbot, dialog: FakeSaveDialog, tmp_path: Path, chosen: str, name: str, head: bytes) -> None:  # noqa: ANN001
    card = _card(qtbot)
    dialog.answer = (str(tmp_path / "plot"), chosen)
    qtbot.mouseClick(card.export_button, Qt.MouseButton.LeftButton)
    assert dialog.warnings == []
    assert [p.name for p in tmp_path.iterdir()] == [name]
    data = (tmp_path / name).read_bytes()
    assert data.lstrip().startswith(head)
    if name.endswith(".csv"):
        assert b"1.5" in data  # the curve's numbers, not an empty file


def test_a_typed_suffix_wins_and_the_next_dialog_opens_in_that_folder(
        qtbot, dialog: FakeSaveDialog, tmp_path: Path) -> None:  # noqa: ANN001
    card = _card(qtbot)
    dialog.answer = (str(tmp_path / "mine.svg"), "CSV data (*.csv)")
    qtbot.mouseClick(card.export_button, Qt.MouseButton.LeftButton)
    assert (tmp_path / "mine.svg").read_bytes().lstrip().startswith(b"<?xml")
    assert not (tmp_path / "mine.svg.csv").exists()
    dialog.answer = ("", "")  # cancelled
    qtbot.mouseClick(card.export_button, Qt.MouseButton.LeftButton)
    assert Path(dialog.opened_at[-1]) == tmp_path / "loss.png"  # the card's title names it
    # the Inside tab's buttons share the folder: one dialog for the whole app
    button = ExportButton(lambda path: Path(path).write_text("x"), "ranks.csv", "CSV data (*.csv)")
    qtbot.addWidget(button)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert Path(dialog.opened_at[-1]) == tmp_path / "ranks.csv"


def test_a_failed_export_is_a_warning_and_keeps_the_folder(
        qtbot, dialog: FakeSaveDialog, tmp_path: Path) -> None:  # noqa: ANN001
    card = _card(qtbot)
    (tmp_path / "a-file").write_text("not a folder")
    dialog.answer = (str(tmp_path / "a-file" / "plot"), "PNG image (*.png)")
    qtbot.mouseClick(card.export_button, Qt.MouseButton.LeftButton)
    assert len(dialog.warnings) == 1 and export_dialog.export_folder() == ""


def test_the_trainer_remembers_the_export_folder_across_launches(
        qtbot, dialog: FakeSaveDialog, tmp_path: Path) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_panel import TrainerPanel

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = TrainerPanel()
    qtbot.addWidget(first)
    try:
        dialog.answer = (str(tmp_path / "loss"), "SVG drawing (*.svg)")
        qtbot.mouseClick(first.plots.loss.export_button, Qt.MouseButton.LeftButton)
        assert (tmp_path / "loss.svg").is_file()
        first.save_settings(settings)
    finally:
        first.shutdown()
    export_dialog.set_export_folder("")  # a new launch
    second = TrainerPanel()
    qtbot.addWidget(second)
    try:
        second.restore_settings(settings)
        qtbot.mouseClick(second.plots.speed.export_button, Qt.MouseButton.LeftButton)
        assert Path(dialog.opened_at[-1]) == tmp_path / "throughput.png"
    finally:
        second.shutdown()


def test_data_card_legend_names_are_drawn_as_typed(qtbot) -> None:  # noqa: ANN001
    """DataCard renames through PlotCard's escaping: "g<0" must not be read as an HTML tag."""
    card = DataCard("bars")
    qtbot.addWidget(card)
    card.add_fitted_legend()
    bars = pg.BarGraphItem(x=[0, 1], height=[1, 2], width=0.5, brush="b", name="old")
    card.plot.addItem(bars)
    card.rename_curve(bars, "L0 g<0 & <b>")
    label = next(lab for sample, lab in card.plot.getPlotItem().legend.items
                 if sample.item is bars)
    assert label.item.toPlainText() == "L0 g<0 & <b>"
    assert bars.opts["name"] == "L0 g<0 & <b>"  # the CSV keeps the plain name


def test_the_budget_charts_export_uses_the_same_dialog(qtbot, dialog: FakeSaveDialog,  # noqa: ANN001
                                                        tmp_path: Path) -> None:
    """"Export charts as PNG…" in the budget tab: opens in the last export's folder, writes a
    PNG for a name typed without ".png", and becomes the folder the next dialog opens in."""
    from gatelab.ui.budget_panel import BudgetPanel
    panel = BudgetPanel()
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    (tmp_path / "earlier").mkdir()
    export_dialog.set_export_folder(str(tmp_path / "earlier"))
    (tmp_path / "charts").mkdir()
    dialog.answer = (str(tmp_path / "charts" / "mine"), "PNG image (*.png)")
    panel._on_export()
    assert dialog.opened_at == [str(tmp_path / "earlier" / "budget.png")]
    assert (tmp_path / "charts" / "mine.png").read_bytes().startswith(b"\x89PNG")
    assert export_dialog.export_folder() == str(tmp_path / "charts")
