"""An exported plot is print-sized and says what it shows (walkthrough s11 #6): the PNG is at
least 1200 px wide with the card's proportions, the card's title (and the run's name, when the
owner sets it) is drawn above the plot, the legend scales with the picture, the SVG carries the
same lines, the dialog offers a name from the title, and a failed write is an error, not a
silent nothing."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QGraphicsItem

from gatelab.ui.export_dialog import file_name_for
from gatelab.ui.plot_card import PlotCard
from gatelab.ui.plot_card_export import MIN_EXPORT_WIDTH, export_width, margin_px
from tests.ui.conftest import FakeSaveDialog


def _card(qtbot, title: str = "Loss") -> PlotCard:  # noqa: ANN001
    """A trainer-like card, 420 px wide, with a legend under the plot and three entries."""
    card = PlotCard(title, one_line=True)
    qtbot.addWidget(card)
    card.add_fitted_legend()
    xs = np.arange(50.0)
    card.curve("train", pen="#9ecae1").setData(xs, 3 - xs / 25)
    card.curve("train (smoothed)", pen="#1f77b4").setData(xs, 3.1 - xs / 25)
    card.curve("validation", pen="#d62728").setData(xs[::10], 3 - xs[::10] / 25)
    card.resize(420, 220)
    card.show()
    qtbot.waitExposed(card)
    return card


def _dark_rows(image: QImage, top: int, bottom: int) -> int:
    """How many pixels in rows [top, bottom) are darker than mid-grey (text, not background)."""
    n = 0
    for y in range(top, bottom):
        for x in range(0, image.width(), 2):
            if QColor(image.pixel(x, y)).lightness() < 128:
                n += 1
    return n


def _rightmost_ink(image: QImage, top: int, bottom: int) -> int:
    """The largest x with a non-white pixel in rows [top, bottom); -1 when there is none."""
    for x in range(image.width() - 1, -1, -1):
        for y in range(top, bottom):
            if QColor(image.pixel(x, y)).lightness() < 240:
                return x
    return -1


def test_the_png_is_print_sized_with_the_cards_proportions(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    card = _card(qtbot)
    item = card.plot.getPlotItem()
    rect = item.sceneBoundingRect()
    assert rect.width() < 600  # on screen: the small card the walkthrough exported at 420 px
    untitled = _card(qtbot, title="")
    card.export(tmp_path / "loss.png")
    untitled.export(tmp_path / "none.png")
    image, bare = QImage(str(tmp_path / "loss.png")), QImage(str(tmp_path / "none.png"))
    edge = margin_px(2.0)  # drawn at 2×, with a margin on every side (s22: it had none)
    assert image.width() == MIN_EXPORT_WIDTH + 2 * edge == bare.width()
    # no title: only the plot, in the on-screen proportions
    plot_h = MIN_EXPORT_WIDTH * rect.height() / rect.width()
    assert abs(bare.height() - 2 * edge - plot_h) <= 2
    # with a title: the same plot under a band of its own
    band = image.height() - bare.height()
    assert 30 <= band <= 120


def test_the_title_and_the_run_are_drawn_above_the_plot(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    card = _card(qtbot)
    _card(qtbot, title="").export(tmp_path / "bare.png")
    card.export(tmp_path / "title.png")
    card.set_export_caption("run-20250101-120000")
    card.export(tmp_path / "both.png")
    title, both = QImage(str(tmp_path / "title.png")), QImage(str(tmp_path / "both.png"))
    band = title.height() - QImage(str(tmp_path / "bare.png")).height()
    top = margin_px(2.0)  # the band starts under the picture's margin (s22)
    assert _dark_rows(title, 0, top) == 0
    assert _dark_rows(title, top, top + band) > 200  # "Loss" in dark bold letters
    assert both.height() > title.height()  # a second line for the run
    extra = both.height() - title.height()
    assert _dark_rows(both, top + band, top + band + extra) > 100  # the run's name, in grey


def test_the_legend_scales_with_the_picture_and_stays_as_it_was_on_screen(
        qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    """pyqtgraph's legend ignores transformations: in a 1200 px picture it kept its 420 px
    layout, its entries bunched in the left third in tiny letters."""
    card = _card(qtbot, title="")
    legend = card.plot.getPlotItem().legend
    ignoring = QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations
    assert legend.flags() & ignoring
    on_screen = legend.mapRectToScene(legend.boundingRect())
    card.export(tmp_path / "legend.png")
    image = QImage(str(tmp_path / "legend.png"))
    scale = image.width() / card.plot.getPlotItem().sceneBoundingRect().width()
    top = int(on_screen.top() * scale) + 2
    # the last entry ("validation") ends near where it ends on screen, times the scale
    assert _rightmost_ink(image, top, image.height()) > 0.6 * on_screen.right() * scale
    assert legend.flags() & ignoring  # the screen's legend is as it was
    assert legend.mapRectToScene(legend.boundingRect()) == on_screen


def test_the_svg_holds_the_title_and_the_run(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    card = _card(qtbot, title="Gate sparsity")
    card.set_export_caption("run-7 <replay>")
    card.export(tmp_path / "g.svg")
    text = (tmp_path / "g.svg").read_text(encoding="utf-8")
    assert ">Gate sparsity</text>" in text
    assert ">run-7 &lt;replay&gt;</text>" in text
    assert "<title>Gate sparsity</title>" in text


def test_the_dialog_offers_a_name_from_the_title(qtbot, dialog: FakeSaveDialog) -> None:  # noqa: ANN001
    card = _card(qtbot, title="Gate sparsity")
    qtbot.mouseClick(card.export_button, Qt.MouseButton.LeftButton)  # cancelled
    assert Path(dialog.opened_at[-1]).name == "gate-sparsity.png"


@pytest.mark.parametrize(("title", "name"), [
    ("Loss", "loss.png"),
    ("Gate sparsity", "gate-sparsity.png"),
    ("Largest |h|", "largest-h.png"),
    ("MLP share (|MLP| / |x|)", "mlp-share-mlp-x.png"),
    ("First-token attention share, per layer and head", "first-token-attention-share-per-layer.png"),
    ("损失", "损失.png"),
    ("", "plot.png"),
    ("|/:*?", "plot.png"),
])
def test_file_names_from_titles(title: str, name: str) -> None:
    assert file_name_for(title) == name


def test_the_width_is_twice_the_screens_pixels_when_that_is_more() -> None:
    assert export_width(420, 1.0) == 1200
    assert export_width(900, 1.0) == 1800
    assert export_width(420, 2.0) == 1680  # a HiDPI screen: sharper than the screen, not blurrier
    assert export_width(10_000, 2.0) == 8000  # bounded


def test_a_failed_write_is_an_error_naming_the_file(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    """pyqtgraph's ImageExporter returned False on a failed save and nothing said so."""
    card = _card(qtbot)
    target = tmp_path / "missing-folder" / "loss.png"
    with pytest.raises(OSError, match="loss.png") as info:
        card.export(target)
    message = str(info.value)
    # its traceback's frames hold this frame, which holds it: a cycle that kept the card's
    # menus for the collector, which may run in a later test's worker thread (qt_cycles.py)
    del info
    assert "\n" not in message and not target.exists()


def test_the_trainers_cards_name_the_run_they_show(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    """The live view hands its title (the run's name) to every card, so an exported Loss
    picture says which run it is."""
    from gatelab.ui.trainer_live import LiveView

    live = LiveView()
    qtbot.addWidget(live)
    live.show_plots("run-20261202-061500-ab12 · swiglu")
    cards = live.plots.cards()
    assert cards and all(c.export_caption == "run-20261202-061500-ab12 · swiglu"
                         for c in cards.values())
    out = cards["loss"].export(tmp_path / "loss.svg")
    assert "run-20261202-061500-ab12" in out.read_text(encoding="utf-8")
