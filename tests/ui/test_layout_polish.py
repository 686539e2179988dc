"""What a learner sees at 1280×800: multi-layer legends inside their cards and off the curves,
the runs and budget tables' important columns on screen, and "Ready" said once."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.ui.test_trainer_plots import _rows


def _settle(window) -> None:  # noqa: ANN001
    window.resize(1280, 800)
    for _ in range(10):
        QApplication.processEvents()


@pytest.mark.parametrize("layers", [4, 8])
def test_layer_legends_fit_their_card_and_leave_the_curves_free(
        qtbot, main_window, layers: int) -> None:  # noqa: ANN001
    panel = main_window.show_tab("trainer")
    panel.plots.set_rows(_rows(20, n_layer=layers))
    panel.live.show_plots("run")
    _settle(main_window)
    assert main_window.width() == 1280
    for card, per_layer in ((panel.plots.sparsity, 2), (panel.plots.maxh, 1)):
        item = card.plot.getPlotItem()
        legend = item.legend
        assert legend is not None and legend.isVisible()
        assert len(legend.items) == per_layer * layers
        shown = card.plot.mapToScene(card.plot.viewport().rect()).boundingRect()
        box = legend.sceneBoundingRect()
        assert shown.contains(box), (card.title_text, box, shown)
        assert not box.intersects(item.getViewBox().sceneBoundingRect())  # no curve hidden
        for _sample, label in legend.items:  # every name whole: nothing cut at the right edge
            assert shown.contains(label.sceneBoundingRect()), label.item.toPlainText()
        assert item.getViewBox().height() > 40  # the plot keeps room for its curves
    names = [label.item.toPlainText() for _s, label in panel.plots.sparsity.plot.plotItem.legend.items]
    assert names[:2] == ["L0 closed", "L0 g<0"]


def test_the_legend_rewraps_when_the_card_narrows(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_plots import TrainerPlots

    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.set_rows(_rows(10, n_layer=4))
    plots.resize(1600, 700)
    plots.show()
    qtbot.waitExposed(plots)
    legend = plots.sparsity.plot.plotItem.legend
    wide = legend.columns
    plots.resize(700, 700)
    qtbot.waitUntil(lambda: legend.columns < wide, timeout=2000)
    assert legend.columns % 2 == 0  # "Lk closed" beside "Lk g<0"


def test_ready_shows_once_on_the_trainer_tab(qtbot, main_window) -> None:  # noqa: ANN001
    panel = main_window.show_tab("trainer")
    _settle(main_window)
    status = main_window.statusBar().currentMessage()
    under_bar = panel.bar.state.text() if panel.bar.state.isVisible() else ""
    assert [status, under_bar].count("Ready") == 1, (status, under_bar)
    assert panel.bar.progress.format() == "not started"
