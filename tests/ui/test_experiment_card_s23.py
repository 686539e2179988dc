"""The experiment chart's legend sits under the plot and its title stays on one line.

Why (walkthrough s23): at 1024×768 the legend, drawn inside the plot's top-right corner, covered
the error bar of a variant whose mean sat high ("SwiGLU (m=352)" over GELU's cap), and the title
"Validation loss: mean ± std over seeds" wrapped onto three lines beside an empty hover readout
that kept 60 % of the row. The trainer's six cards already had both fixes (FittedLegend,
one-line titles); the experiment card was the one left. Checked on geometry.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from gatelab.ui.experiment_data import ExperimentSummary, VariantSummary
from gatelab.ui.experiment_view import ExperimentView
from gatelab.ui.trainer_controls import TrainerControls


@pytest.fixture
def view(qtbot) -> ExperimentView:  # noqa: ANN001
    v = ExperimentView(TrainerControls())
    qtbot.addWidget(v)
    v.resize(v.minimumSizeHint().width(), 620)  # its least width (≈ what 1024×768 gives it)
    v.show()
    qtbot.waitExposed(v)
    yield v
    v.shutdown()


def _summary() -> ExperimentSummary:
    """Two variants, one validation point each, the second's mean and bar at the top right."""
    variants = [VariantSummary("swiglu", 352, 816256, 2, 2.544, 0.017, [60.0], [2.544], [0.017]),
                VariantSummary("gelu", 512, 799872, 2, 2.551, 0.034, [60.0], [2.551], [0.034])]
    return ExperimentSummary(variants, 0.0066, 0.0799, "within noise", "swiglu", "/tmp/exp",
                             "finished")


def test_the_legend_lies_outside_the_data_area(view: ExperimentView) -> None:
    view._show_result(_summary())
    QApplication.processEvents()
    item = view.curves.plot.getPlotItem()
    legend = item.legend
    assert legend is not None and legend.isVisible()
    names = [label.text for _sample, label in legend.items]
    assert names == ["SwiGLU (m=352)", "GELU (m=512)"]
    data_area = item.getViewBox().sceneBoundingRect()
    assert not legend.sceneBoundingRect().intersects(data_area)


def test_the_title_is_one_line_in_a_narrow_view(view: ExperimentView) -> None:
    view._show_result(_summary())
    QApplication.processEvents()
    title = view.curves.title
    line = title.fontMetrics().lineSpacing()
    assert title.height() < 2 * line, title.height()
    assert title.geometry().right() < view.curves.export_button.geometry().left()
    # the one-line title does not widen the view: its controls' row sets the least width
    assert view.curves.minimumSizeHint().width() < view.minimumSizeHint().width()
