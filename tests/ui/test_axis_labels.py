"""Axes show exact values: no pyqtgraph SI rescaling such as "layer (x0.001)" (probe, issue 8)."""

from __future__ import annotations

import pyqtgraph as pg

from gatelab.ui.plot_card import PlotCard
from gatelab.ui.widgets import style_axes


def test_one_layer_bar_axis_has_no_scale_factor(qtbot) -> None:  # noqa: ANN001
    card = PlotCard("MLP contribution per layer")
    qtbot.addWidget(card)
    card.plot.setLabel("bottom", "layer")
    card.plot.addItem(pg.BarGraphItem(x=[0], height=[0.8], width=0.6))
    card.plot.setXRange(-0.5, 0.5, padding=0)
    card.show()
    qtbot.waitExposed(card)
    assert card.plot.getAxis("bottom").labelString().count("x0.001") == 0
    assert "layer" in card.plot.getAxis("bottom").labelString()


def test_styled_small_window_keeps_its_units(qtbot) -> None:  # noqa: ANN001
    w = pg.PlotWidget()
    qtbot.addWidget(w)
    style_axes(w.getPlotItem())
    w.setLabel("bottom", "g (gate pre-activation)")
    w.setXRange(-0.4, 0.4, padding=0)
    w.show()
    qtbot.waitExposed(w)
    axis = w.getAxis("bottom")
    assert "(x" not in axis.labelString() and axis.autoSIPrefixScale == 1.0
