"""The experiment chart draws what it reports, also with one or a few validation points per run.

Why: with one validation point per run (eval interval ≥ steps) the chart was empty: a line and a
fill between two curves need two points. Checked on rendered pixels, not on the item list.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from gatelab.ui.experiment_view import ExperimentView
from gatelab.ui.trainer_controls import TrainerControls
from gatelab.ui.experiment_data import ExperimentSummary, VariantSummary
from gatelab.ui.trainer_plots import layer_color


@pytest.fixture
def view(qtbot) -> ExperimentView:  # noqa: ANN001
    v = ExperimentView(TrainerControls())
    qtbot.addWidget(v)
    v.resize(900, 700)
    v.show()
    qtbot.waitExposed(v)
    yield v
    v.shutdown()


def _summary(steps: list[float], means: tuple[list[float], list[float]],
             stds: tuple[list[float], list[float]]) -> ExperimentSummary:
    variants = [VariantSummary(name, 688, 1000, 2, m[-1], s[-1], steps, m, s)
                for name, m, s in zip(("swiglu", "gelu"), means, stds)]
    return ExperimentSummary(variants, 0.3, 0.1, "swiglu wins", "swiglu", "/tmp/exp", "finished")


def _grab(view: ExperimentView) -> QImage:
    QApplication.processEvents()
    return view.curves.plot.viewport().grab().toImage()


def _pixel_at(view: ExperimentView, x: float, y: float) -> tuple[int, int]:
    vb = view.curves.plot.getPlotItem().getViewBox()
    p = view.curves.plot.mapFromScene(vb.mapViewToScene(QPointF(x, y)))
    return p.x(), p.y()


def _near(image: QImage, x: int, y: int, colour: QColor, radius: int = 2, tol: int = 40) -> bool:
    """Is ``colour`` (within ``tol`` per channel) drawn within ``radius`` px of (x, y)?"""
    want = np.array([colour.red(), colour.green(), colour.blue()])
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            c = image.pixelColor(x + dx, y + dy)
            if np.abs(np.array([c.red(), c.green(), c.blue()]) - want).max() <= tol:
                return True
    return False


def test_single_validation_point_draws_markers_and_error_bars(view: ExperimentView) -> None:
    res = _summary([8.0], ([2.0], [2.3]), ([0.05], [0.1]))
    view._show_result(res)
    image = _grab(view)
    for i, var in enumerate(res.variants):
        colour = QColor(layer_color(i))
        x, y = _pixel_at(view, 8.0, var.mean[0])
        assert image.rect().contains(x, y)
        assert _near(image, x, y, colour), var.name  # the marker at the mean
        # the ± std bar: drawn half-way up, not drawn far above the end of the bar
        _x, y_up = _pixel_at(view, 8.0, var.mean[0] + 0.6 * var.std[0])
        assert y_up < y - 3 and _near(image, x, y_up, colour, radius=1)
        _x, y_out = _pixel_at(view, 8.0, var.mean[0] + 2.0 * var.std[0])
        assert not _near(image, x, y_out, colour, radius=0, tol=25)
    # the table shows every row, the verdict included, without scrolling
    QApplication.processEvents()
    last = view.table.rowCount() - 1
    assert view.table.item(last, 0).text() == "verdict"
    cell = view.table.visualItemRect(view.table.item(last, 1))
    assert view.table.viewport().rect().contains(cell)


def test_two_points_draw_a_band_and_markers(view: ExperimentView) -> None:
    res = _summary([4.0, 8.0], ([2.4, 2.0], [2.9, 2.6]), ([0.2, 0.2], [0.2, 0.2]))
    view._show_result(res)
    image = _grab(view)
    white = np.array([255, 255, 255])
    for i, var in enumerate(res.variants):
        colour = QColor(layer_color(i))
        for step, mean in zip(var.steps, var.mean):
            assert _near(image, *_pixel_at(view, step, mean), colour)
        # inside the band, half-way along and above the mean line: tinted, not white
        x, y = _pixel_at(view, 6.0, (var.mean[0] + var.mean[1]) / 2 + 0.12)
        c = image.pixelColor(x, y)
        tint = np.array([c.red(), c.green(), c.blue()])
        assert np.abs(tint - white).max() > 20, (var.name, tint)


def _values_shown(view: ExperimentView) -> bool:
    item = view.curves.plot.getPlotItem()
    return all(item.getAxis(name).style["showValues"] for name in ("left", "bottom"))


def test_an_empty_chart_has_no_made_up_numbers(view: ExperimentView) -> None:
    """Before any run the axes read "step 0.1 … 0.9" and "val loss 0.1 … 0.9", a range no
    experiment has (walkthrough s15): numbers come with the first curve, and go with it."""
    assert not _values_shown(view)
    assert view.curves.plot.getPlotItem().getAxis("bottom").labelText == "step"  # the names stay
    view._show_result(_summary([100.0, 200.0], ([2.0, 1.8], [2.1, 1.9]), ([0.1] * 2, [0.1] * 2)))
    assert _values_shown(view)
    view._clear_result()
    assert not _values_shown(view)
