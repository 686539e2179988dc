"""A curve's legend sample is repainted when its lone point's dot comes and goes.

Why (walkthrough s23 #7): a layer's "Largest |h|" curve with one point is drawn as a dot
(``plot_readout.dot_when_alone``), and its legend sample, which paints the curve's options, drew
the dot too. Once the curve had two points the dot went from the plot, but nothing asked the
sample to paint again: the legend kept a dot beside "L1" on screen. Checked where Qt decides to
paint: the sample is asked to update each time the symbol changes.
"""

from __future__ import annotations

from gatelab.ui.trainer_plots import TrainerPlots
from tests.ui.conftest import settle
from tests.ui.test_walkthrough6_ui_plots import _rows, show_panel


def test_the_legend_sample_repaints_when_the_dot_goes(qtbot, monkeypatch) -> None:  # noqa: ANN001
    panel = show_panel(qtbot, TrainerPlots(), (640, 560))
    panel.set_rows(_rows(5, 2))  # one statistics step: dots
    settle()
    curve = panel._maxh[0]
    legend = panel.maxh.plot.getPlotItem().legend
    sample = next(s for s, _label in legend.items if s.item is curve)
    asked: list[int] = []
    monkeypatch.setattr(sample, "update", lambda *a: asked.append(1))
    panel.set_rows(_rows(10, 2))  # two points: a line, no dot
    assert curve.opts["symbol"] is None
    assert asked, "the legend sample still shows the dot"
