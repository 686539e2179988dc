"""Walkthrough s20 D3: exported CSVs named every column. The experiment's ± std band edges were
"y1", "y2" and the trainer's MLP share repeated its bars as "y1" beside "ratio"."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pyqtgraph as pg

from gatelab.ui.experiment_draw import draw_variant
from gatelab.ui.plot_card import PlotCard
from gatelab.ui.plot_card_export import curves_csv


def test_experiment_band_edges_are_named(qtbot) -> None:  # noqa: ANN001
    card = PlotCard("val")
    qtbot.addWidget(card)
    var = SimpleNamespace(name="swiglu", intermediate=176, steps=[50, 100],
                          mean=[2.5, 2.0], std=[0.1, 0.2])
    draw_variant(card, 0, var, beam=1.0)
    lines = curves_csv(card.plot.getPlotItem(), "step").splitlines()
    assert lines[0] == "step,SwiGLU (m=176) + std,SwiGLU (m=176) − std,SwiGLU (m=176)"
    assert lines[1] == "50,2.6,2.4,2.5"
    assert lines[2] == "100,2.2,1.8,2"
    legend = card.plot.getPlotItem().legend
    names = [label.text for _, label in legend.items] if legend is not None else []
    assert not any("std" in name for name in names)  # the edges stay out of the legend


def test_bars_are_not_a_column_beside_their_markers(qtbot) -> None:  # noqa: ANN001
    card = PlotCard("MLP share")
    qtbot.addWidget(card)
    card.plot.addItem(pg.BarGraphItem(x=[0, 1], height=[0.5, 0.25], width=0.6))
    card.curve("ratio", pen=None, symbol="t1").setData(np.array([0.0, 1.0]), np.array([0.5, 0.25]))
    assert curves_csv(card.plot.getPlotItem(), "layer").splitlines() == [
        "layer,ratio", "0,0.5", "1,0.25"]
