"""A narrow card's PNG looks like a plot, not like its own text blown up.

Why: the PNG is at least 1200 px wide, and a card 195 px wide (the minimum window's, or a
narrow Inside-tab card) was scaled ~6× to get there: tick labels, axis labels and legend huge,
the data area small. Such a card is now laid out at EXPORT_LOGICAL_WIDTH for the export, so its
text is drawn at 2×, as a 700 px card's is, and the card on screen is put back exactly.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QSizeF
from PySide6.QtGui import QImage

from gatelab.ui.inside_export import DataCard
from gatelab.ui.plot_card import PlotCard
from gatelab.ui.plot_card_export import (EXPORT_LOGICAL_WIDTH, MARGIN, MIN_EXPORT_WIDTH,
                                         export_layout_size)
from tests.ui.conftest import settle

INK = 200  # grey levels below this: axis lines and text (pyqtgraph's grey), not grid or paper


def _card(qtbot, width: int, kind: type[PlotCard] = PlotCard) -> PlotCard:  # noqa: ANN001
    """A trainer-like card ``width`` px wide: axis labels, a legend under the plot and a
    validation curve with symbols (an auto range padded in pixels)."""
    card = kind("Loss")
    qtbot.addWidget(card)
    card.add_fitted_legend()
    card.plot.setLabel("bottom", "step")
    card.plot.setLabel("left", "loss")
    xs = np.arange(50.0)
    card.curve("train", pen="#9ecae1").setData(xs, 3 - xs / 25)
    card.curve("train (smoothed)", pen="#1f77b4").setData(xs, 3.1 - xs / 25)
    card.curve("validation", pen="#d62728", symbol="o").setData(xs[::10], 3 - xs[::10] / 25)
    card.resize(width, 260)
    card.show()
    qtbot.waitExposed(card)
    settle()
    return card


def _grey(path: Path) -> np.ndarray:
    """The PNG at ``path`` as a (height, width) array of grey levels."""
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_Grayscale8)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return rows[:, :image.width()].copy()


def _axes(ink: np.ndarray) -> tuple[int, int]:
    """(x of the left axis line, y of the bottom axis line): the column and the row with the
    most ink (the axis lines run the plot's whole height and width)."""
    return int(ink.sum(axis=0).argmax()), int(ink.sum(axis=1).argmax())


def _tick_text_height(ink: np.ndarray, axis_y: int) -> int:
    """Height in px of the bottom axis's tick labels: the first run of inked rows below the
    axis line, after a blank row."""
    rows = ink[axis_y + 1:].any(axis=1)
    start = int(np.argmin(rows))  # past the axis line (and any tick marks)
    start += int(np.argmax(rows[start:]))  # the first row of the labels
    return int(np.argmin(rows[start:]))


def _measure(path: Path) -> tuple[int, float, int]:
    """(width, left axis x as a fraction of the width, tick label height in px)."""
    ink = _grey(path) < INK
    axis_x, axis_y = _axes(ink)
    return ink.shape[1], axis_x / ink.shape[1], _tick_text_height(ink, axis_y)


def _on_screen(card: PlotCard) -> tuple:
    """What the screen shows of ``card``: the widget's, plot's and view's geometry, the view
    range (and the range asked for) and auto range, the legend's columns and the plot's least
    height."""
    item = card.plot.getPlotItem()
    vb = item.getViewBox()
    return (card.geometry(), card.plot.geometry(), card.plot.minimumHeight(), item.geometry(),
            vb.sceneBoundingRect(), vb.viewRange(), vb.getState()["targetRange"],
            vb.autoRangeEnabled(),
            item.legend.sceneBoundingRect(), item.legend.columns,
            item.getAxis("bottom").sceneBoundingRect())


def test_the_export_size_is_the_cards_or_the_standard_width() -> None:
    assert export_layout_size(QSizeF(195, 238)) == QSizeF(EXPORT_LOGICAL_WIDTH, 238 * 600 / 195)
    assert export_layout_size(QSizeF(700, 238)) == QSizeF(700, 238)
    assert export_layout_size(QSizeF(0, 0)) == QSizeF(0, 0)  # never shown: as it is
    assert EXPORT_LOGICAL_WIDTH * 2 == MIN_EXPORT_WIDTH  # text at 2×, as a wide card's


@pytest.mark.parametrize("kind", [PlotCard, DataCard])
def test_a_narrow_cards_text_is_drawn_as_large_as_a_normal_cards(
        qtbot, tmp_path: Path, kind: type[PlotCard]) -> None:  # noqa: ANN001
    narrow, normal = _card(qtbot, 195, kind), _card(qtbot, 700, kind)
    assert narrow.plot.getPlotItem().sceneBoundingRect().width() == 195
    narrow.export(tmp_path / "narrow.png")
    normal.export(tmp_path / "normal.png")
    n_width, n_axis, n_text = _measure(tmp_path / "narrow.png")
    w_width, w_axis, w_text = _measure(tmp_path / "normal.png")
    assert n_width >= MIN_EXPORT_WIDTH and w_width >= MIN_EXPORT_WIDTH
    # the tick labels: ~20 px tall at 2× in both (they were ~3× that in the narrow card's)
    assert 8 <= w_text <= 40
    assert abs(n_text - w_text) <= 0.25 * w_text + 2, (n_text, w_text)
    # the left axis' labels take a similar share of the width (a fifth of the narrow one's was
    # its tick labels and axis title), so the data area is a similar share of the picture
    assert n_axis < 0.12 and abs(n_axis - w_axis) < 0.04, (n_axis, w_axis)


@pytest.mark.parametrize("locked", [False, True])
def test_the_card_on_screen_is_unchanged_by_an_export(
        qtbot, tmp_path: Path, locked: bool) -> None:  # noqa: ANN001
    """``locked``: an aspect-locked view (the Inside tab's history cloud), whose auto range at
    the export's size asked for another range than the screen's."""
    card = _card(qtbot, 195)
    if locked:
        card.plot.getPlotItem().setAspectLocked(True)
        settle()
    before, picture = _on_screen(card), card.plot.grab().toImage()
    card.export(tmp_path / "loss.png")
    assert _on_screen(card) == before  # at once: nothing waits on the event loop
    card.export(tmp_path / "loss.svg")
    assert _on_screen(card) == before
    settle()
    assert _on_screen(card) == before
    assert card.plot.grab().toImage() == picture  # and it paints as it did


def test_a_zoomed_view_keeps_its_range_and_its_auto_range_off(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    card = _card(qtbot, 195)
    vb = card.plot.getPlotItem().getViewBox()
    vb.setRange(xRange=(10, 30), yRange=(1.5, 2.5), padding=0)
    settle()
    before = _on_screen(card)
    card.export(tmp_path / "zoomed.png")
    settle()
    assert _on_screen(card) == before and vb.autoRangeEnabled() == [False, False]


def test_the_narrow_cards_svg_is_laid_out_at_the_standard_width(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    card = _card(qtbot, 195)
    text = card.export(tmp_path / "loss.svg").read_text(encoding="utf-8")
    # (with the picture's margin on both sides, s22)
    width = EXPORT_LOGICAL_WIDTH + 2 * round(MARGIN)
    assert f'viewBox="0 0 {width} ' in text and ">Loss</text>" in text
