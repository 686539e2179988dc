"""The MLP view's legends sit under their plots, never over a bar or a point.

Why (HF probe s24): with 4 layers the "this token / mean over the text" legend in the bar
chart's top-right corner covered the last layer's bar, and the norm plot's legend in its
top-left corner covered the text mean's first points. Held here by geometry: each legend is
shown, names both series, and lies wholly outside its plot's data area.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import show_panel

from .inside_synth import make_trace


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel(), size=(1280, 800))
    p.sel.set_trace(make_trace())
    yield p
    p.shutdown()


def test_the_legends_are_outside_the_bars_and_points(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    view = panel.mlp
    panel.views.setCurrentWidget(view)
    panel.sel.set_token(3)
    qtbot.wait(50)
    QApplication.processEvents()
    assert len(panel.sel.trace.layers) >= 3
    for card in (view.ratio_card, view.norm_card):
        item = card.plot.getPlotItem()
        legend = item.legend
        names = [label.text for _sample, label in legend.items]
        assert names == ["this token", "mean over the text"]
        assert legend.isVisible() and legend.sceneBoundingRect().height() > 5
        data_area = item.getViewBox().sceneBoundingRect()
        assert not legend.sceneBoundingRect().intersects(data_area), (
            legend.sceneBoundingRect(), data_area)
        # and it is drawn inside the card's plot, not cut off below it
        shown = card.plot.mapToScene(card.plot.viewport().rect()).boundingRect()
        assert shown.contains(legend.sceneBoundingRect())
