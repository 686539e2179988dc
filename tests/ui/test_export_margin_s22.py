"""Walkthrough s21 #14: exported pictures had no outer margin (a loss card's legend on the PNG's
bottom edge, its title and the budget chart's "cfg/config.json" starting at x = 0), and the
budget chart's dashed 8d² line ran through the "3.50" and "5.43" bar labels.

Every exported picture now has a margin of plot_card_export.MARGIN logical px of background
on each side, and a bar label keeps clear of the reference line (moved within its segment to
the side with room, or drawn on its bar's colour over the line where neither side has room).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPalette
from PySide6.QtSvg import QSvgRenderer

from gatelab.ui.budget_charts import ROW_HEIGHT, StackedBarChart
from gatelab.ui.budget_panel import BudgetPanel
from gatelab.ui.plot_card_export import MARGIN
from tests.ui.conftest import settle, show_panel
from tests.ui.test_plot_export_titled import _card


def _margin_is_background(image: QImage, margin: int, background: QColor) -> list[tuple]:
    """The pixels of the outer ``margin``-px frame that are not ``background`` (a few)."""
    wrong, want = [], background.rgb()
    w, h = image.width(), image.height()
    for y in range(h):
        xs = range(w) if y < margin or y >= h - margin else [*range(margin), *range(w - margin, w)]
        for x in xs:
            if image.pixel(x, y) != want:
                wrong.append((x, y, hex(image.pixel(x, y))))
                if len(wrong) > 5:
                    return wrong
    return wrong


def _ink_inside(image: QImage, margin: int, background: QColor) -> bool:
    """Whether the picture draws anything inside its margin frame (it is not empty)."""
    want = background.rgb()
    return any(image.pixel(x, y) != want for y in range(margin, image.height() - margin, 3)
               for x in range(margin, image.width() - margin, 3))


def test_a_plot_cards_png_has_a_background_margin(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    card = _card(qtbot)
    card.set_export_caption("run-20261203-170812-baa5")
    card.export(tmp_path / "loss.png")
    image = QImage(str(tmp_path / "loss.png"))
    scale = 2.0  # a 420 px card is laid out at 600 px and drawn at 2×
    margin = round(MARGIN * scale)
    assert image.width() == 1200 + 2 * margin
    white = QColor("white")
    assert margin >= 16
    assert not _margin_is_background(image, margin - 1, white)
    assert _ink_inside(image, margin, white)
    # the legend's last entry and the title: inside the frame, within a few px of it
    rows = [y for y in range(image.height()) if any(
        QColor(image.pixel(x, y)).lightness() < 200 for x in range(0, image.width(), 2))]
    assert margin <= rows[0] <= margin + 20 and image.height() - margin - 40 <= rows[-1]


def test_a_plot_cards_svg_has_the_margin_too(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    card = _card(qtbot)
    card.export(tmp_path / "loss.svg")
    renderer = QSvgRenderer(str(tmp_path / "loss.svg"))
    image = QImage(renderer.defaultSize(), QImage.Format.Format_ARGB32)
    image.fill(QColor("red"))  # anything the SVG leaves unpainted shows
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    white = QColor("white")
    assert not _margin_is_background(image, math.floor(MARGIN) - 1, white)
    assert _ink_inside(image, math.ceil(MARGIN), white)


def test_the_budget_charts_png_has_a_background_margin(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    panel = show_panel(qtbot, BudgetPanel(), (1000, 800))
    settle()
    before = panel.charts.size()
    assert panel.export_chart_png(tmp_path / "budget.png")
    image = QImage(str(tmp_path / "budget.png"))
    margin = round(MARGIN * 2)  # drawn at 2×
    assert image.width() == 2 * before.width() + 2 * margin
    background = panel.charts.palette().color(QPalette.ColorRole.Window)
    assert not _margin_is_background(image, margin - 1, background)
    assert _ink_inside(image, margin, background)
    panel.shutdown()


# -- the 8d² line and the bar labels ---------------------------------------------------------------
ROWS = [("Classic 4×", [0.0, 4.0, 4.0]), ("Gated 8/3", [8 / 3] * 3), ("Yours", [3.5] * 3),
        ("cfg/config.json", [5.43] * 3)]  # the walkthrough's rows: 3.50 and 5.43 under 8d²


def _chart(qtbot, width: int) -> StackedBarChart:  # noqa: ANN001
    chart = StackedBarChart(["gate", "up", "down"], ["#8e44ad", "#2e86c1", "#d35400"], 4,
                            "FFN weights per layer, in units of d²",
                            lambda _name, v: "{0:.2f}".format(v), reference=(8.0, "8d²"))
    chart.set_rows(ROWS, ["{0:.2f} d²".format(sum(v)) for _, v in ROWS])
    show_panel(qtbot, chart, (width, 320))
    settle()
    return chart


@pytest.mark.parametrize("width", [380, 420, 520, 651, 900, 1300])
def test_no_bar_label_is_crossed_by_the_reference_line(qtbot, width: int) -> None:  # noqa: ANN001
    chart = _chart(qtbot, width)
    line = chart._reference
    x = line.mapToScene(line.boundingRect().center()).x()  # the dashed line, in the scene
    shown = [t for row in chart._texts for t in row if t.isVisible()]
    assert len(shown) >= 8
    crossed = []
    vb = chart.getPlotItem().vb
    for text in shown:
        box: QRectF = text.textItem.mapRectToScene(text.textItem.boundingRect())
        if box.left() - 1 <= x <= box.right() + 1:
            crossed.append(text)  # drawn over the line, on a patch of its bar's colour
            assert text.cover is not None and text.zValue() > line.zValue(), \
                (width, text.textItem.toPlainText())
            patch = text.mapRectToScene(text.cover_rect())
            assert patch.left() < x < patch.right()  # the line stops at the number
            bar = vb.mapViewToScene(QPointF(0, text.pos().y() + ROW_HEIGHT / 2)).y(), \
                vb.mapViewToScene(QPointF(0, text.pos().y() - ROW_HEIGHT / 2)).y()
            assert min(bar) - 1 <= patch.top() and patch.bottom() <= max(bar) + 1  # not taller
        else:
            assert text.cover is None
    moved = [t for row in chart._texts for t in row if t.isVisible() and t not in crossed]
    assert len(moved) >= len(shown) - 2  # where there is room, the label moves aside
    if width >= 651:
        assert not crossed, [t.textItem.toPlainText() for t in crossed]
    if width == 380:  # too narrow for "3.50" beside the line: on its patch, over it
        assert [t.textItem.toPlainText() for t in crossed] == ["3.50", "5.43"]


def test_a_label_keeps_to_its_segment(qtbot) -> None:  # noqa: ANN001
    """Moved aside, "3.50" stays on its own bar segment (7 … 10.5 in d² units)."""
    chart = _chart(qtbot, 900)
    text = chart._texts[2][2]  # "Yours", down_proj: 7.0 … 10.5, the line at 8
    assert text.isVisible() and text.textItem.toPlainText() == "3.50"
    vb = chart.getPlotItem().vb
    box = text.textItem.mapRectToScene(text.textItem.boundingRect())
    left, right = (vb.mapSceneToView(box.topLeft()).x(), vb.mapSceneToView(box.topRight()).x())
    assert 8.0 < left and right < 10.5
