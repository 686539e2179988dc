"""Walkthrough 6, item 1: a plot's hover readout lives only while the mouse is over the plot.

It stayed after the mouse left, carried over to new runs and replays, kept the old language after
a switch ("Largest |h| 步数 10: …") and ran under the Export… button; a "Largest |h|" plot with a
single point drew nothing while its readout named values. The mouse is moved with QTest (the
scene's own sigMouseMoved), and leaving is the viewport's Leave event, as Qt sends it.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtWidgets import QApplication

from gatelab.ui.inside_export import DataCard
from gatelab.ui.language import set_language
from gatelab.ui.plot_card import PlotCard
from gatelab.ui.trainer_plots import TrainerPlots
from tests.ui.conftest import settle, show_panel
from tests.ui.test_trainer_plots import _rows


@pytest.fixture
def plots(qtbot) -> Iterator[TrainerPlots]:  # noqa: ANN001
    panel = show_panel(qtbot, TrainerPlots(), (640, 560))
    panel.set_rows(_rows(20, 4))
    settle()
    yield panel
    set_language("en")


def hover(qtbot, card: PlotCard, x: float) -> None:  # noqa: ANN001
    """Move the mouse over ``card``'s plot to data x (mid-height of the view)."""
    vb = card.plot.getPlotItem().getViewBox()
    y_mid = sum(vb.viewRange()[1]) / 2
    scene_pos = vb.mapViewToScene(pg.Point(x, y_mid))
    pos = card.plot.mapFromScene(scene_pos)
    move(qtbot, card, QPoint(pos.x(), pos.y()))


def move(qtbot, card: PlotCard, pos: QPoint) -> None:  # noqa: ANN001
    """A real mouse move to ``pos`` on the plot (pyqtgraph's scene drops a move that comes
    too soon after the last one, and Qt one to the same spot: wait, and come from aside)."""
    for p in (pos + QPoint(0, 3), pos):
        qtbot.wait(40)
        qtbot.mouseMove(card.plot.viewport(), p)
    qtbot.wait(5)


def leave(card: PlotCard) -> None:
    QApplication.sendEvent(card.plot.viewport(), QEvent(QEvent.Type.Leave))


def test_readout_follows_the_mouse_and_clears_when_it_leaves(plots: TrainerPlots,
                                                             qtbot) -> None:  # noqa: ANN001
    hover(qtbot, plots.loss, 10)
    assert plots.loss.readout.text().startswith("step 10: train 0.4, ")
    leave(plots.loss)
    assert plots.loss.readout.text() == "" and plots.loss.readout.shown_text() == ""
    hover(qtbot, plots.lr, 4)
    assert plots.lr.readout.text() == "step 4: lr 0.0002"
    # to the axis (out of the view, still in the plot widget): no value under the mouse
    vb = plots.lr.plot.getPlotItem().getViewBox()
    left_of_view = plots.lr.plot.mapFromScene(vb.sceneBoundingRect().topLeft())
    move(qtbot, plots.lr, QPoint(left_of_view.x() - 15, left_of_view.y() + 20))
    assert plots.lr.readout.text() == ""


def test_a_new_run_or_replay_clears_the_readout(plots: TrainerPlots, qtbot) -> None:  # noqa: ANN001
    hover(qtbot, plots.maxh, 10)
    assert plots.maxh.readout.text() == "step 10: L0 2.01, L1 2.02, L2 2.03, L3 2.04"
    plots.set_rows(_rows(5, 2), steps_total=5)  # a replay of another run
    assert plots.maxh.readout.text() == ""
    hover(qtbot, plots.maxh, 5)
    assert plots.maxh.readout.text() == "step 5: L0 2.005, L1 2.015"
    plots.clear(300)  # a new live run
    assert plots.maxh.readout.text() == ""
    # the mouse left without a Leave (a dialog opened over it): new data does not keep
    # the old line either
    hover(qtbot, plots.loss, 3)
    plots.loss._hover_x = None
    plots.add_rows(_rows(3))
    plots.redraw_now()
    assert plots.loss.readout.text() == ""


def test_readout_is_cleared_on_a_language_switch(plots: TrainerPlots, qtbot) -> None:  # noqa: ANN001
    hover(qtbot, plots.maxh, 10)
    assert plots.maxh.readout.text().startswith("step 10: ")
    set_language("zh_CN")
    plots.retranslate()
    assert plots.maxh.readout.text() == ""
    hover(qtbot, plots.maxh, 10)
    text = plots.maxh.readout.text()
    assert text.startswith("步数 10: L0 2.01") and "step" not in text


def test_readout_is_cut_before_the_export_button(plots: TrainerPlots, qtbot) -> None:  # noqa: ANN001
    card = plots.maxh
    hover(qtbot, card, 10)
    whole = card.readout.text()
    shown = card.readout.shown_text()
    assert whole == "step 10: L0 2.01, L1 2.02, L2 2.03, L3 2.04"
    assert shown != whole and shown.endswith(", …") and whole.startswith(shown[:-1])
    assert shown.startswith("step 10: L0 2.01, ")  # whole "name value" parts only
    assert card.readout.toolTip() == whole
    room = card.readout.contentsRect().width()
    assert card.readout.fontMetrics().horizontalAdvance(shown) < room
    right = card.readout.geometry().right()
    assert right < card.export_button.geometry().left()
    plots.resize(1400, 700)  # room enough: the whole line
    settle()
    assert card.readout.shown_text() == whole


def test_a_single_point_is_drawn(qtbot) -> None:  # noqa: ANN001
    panel = show_panel(qtbot, TrainerPlots(), (640, 560))
    panel.set_rows(_rows(5, 2))  # one statistics step (step 5)
    settle()
    curve = panel._maxh[0]
    assert len(curve.getData()[0]) == 1 and curve.opts["symbol"] == "o"
    assert len(curve.scatter.points()) == 1 and curve.scatter.isVisible()
    image = panel.maxh.plot.grab().toImage()
    def bluish(x: int, y: int) -> bool:  # the layer's #1f77b4, antialiased
        c = image.pixelColor(x, y)
        return abs(c.red() - 0x1F) + abs(c.green() - 0x77) + abs(c.blue() - 0xB4) < 60

    hits = sum(bluish(x, y) for x in range(image.width())
               for y in range(0, image.height() - 40))  # above the legend row
    assert hits >= 20  # a 7 px dot, not nothing
    panel.set_rows(_rows(10, 2))  # two points: a line again, no dots
    assert curve.opts["symbol"] is None


def test_inside_and_experiment_cards_share_the_fix(qtbot) -> None:  # noqa: ANN001
    card = show_panel(qtbot, DataCard("Norms"), (500, 300))
    line = card.curve("this token", pen=pg.mkPen("#1f77b4", width=2))
    line.setData(np.arange(4.0), np.array([1.0, 2.0, 3.0, 4.0]))
    card.set_hover_x_label("layer")
    settle()
    hover(qtbot, card, 2)
    assert card.readout.text() == "layer 2: this token 3"
    card.retranslate()  # the Inside tab's language switch
    assert card.readout.text() == ""
    hover(qtbot, card, 1)
    line.setData(np.arange(2.0), np.array([5.0, 6.0]))  # a new trace, mouse still over it
    assert card.readout.text() == "layer 1: this token 6"
    leave(card)
    assert card.readout.text() == ""
    hover(qtbot, card, 1)
    card.forget_curves()  # the experiment view's new result
    assert card.readout.text() == ""
