"""Walkthrough s21 #6: at 200 % on a 1920×1080 screen (960×540 logical px) the Live trainer's
Experiment view (and, once built, every later tab) made the main window 1920×1188 device px:
its least height was 594 logical px, so the status line, the trainer's progress bar, the
activation readout and the forward pass's caption sat below the screen's edge.

Every tab and sub-tab, in the states that make them tallest (a replayed run's six plots, a
reopened experiment's curves and table, an analysed text), must now fit 960×540 with the menu
bar, the tab bar and the status line; what needs more room scrolls. Offscreen Qt measures with
the same fonts as X (fontconfig's "Sans Serif" at 9 pt): the window asked 594 px offscreen, as
xdotool read under Xvfb.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QTabWidget

from gatelab.ui.tabs import TAB_SPECS
from tests.ui.conftest import settle
from tests.ui.inside_synth import make_trace
from tests.ui.test_trainer_panel import _tiny
from tests.ui.test_trainer_plots import _rows

SCREEN = QSize(960, 540)  # 1920×1080 at QT_SCALE_FACTOR=2, in logical px


@pytest.fixture(scope="module")
def saved_experiment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real tiny experiment (two variants, two seeds) to reopen in the Experiment view."""
    from gatelab.core.experiment import run_experiment

    root = tmp_path_factory.mktemp("runs")
    res = run_experiment(["swiglu", "gelu"], [0, 1], _tiny(steps=3, eval_interval=3), root=root)
    return Path(res.path)


def _at_their_tallest(qtbot, window, experiment: Path) -> None:  # noqa: ANN001
    """Every tab built, each in the state that asks for most height."""
    for spec in TAB_SPECS:
        window.show_tab(spec.name)
    trainer = window.panel("trainer")
    trainer.live.show_plots("run-20261203-170812-baa5")  # a replayed 4-layer run
    trainer.live.plots.add_rows(_rows(40, n_layer=4))
    trainer.live.plots.redraw_now()
    view = trainer.experiment
    assert view.open_experiment(str(experiment))
    qtbot.waitUntil(lambda: view.result is not None, timeout=20000)
    window.panel("inside")._show_trace(make_trace(n_layer=4))
    pairs = np.random.default_rng(0).normal(size=(4, 64, 2))
    window.panel("gate-plane").set_neuron_points(pairs, "run-20261203-170812-baa5", "swiglu", 0)
    settle()


def _pages(window):  # noqa: ANN001, ANN202
    """(tab, sub-tab index or -1) for every tab and sub-tab, each shown in turn."""
    for spec in TAB_SPECS:
        panel = window.show_tab(spec.name)
        settle()
        subs = panel.findChildren(QTabWidget)
        if not subs:
            yield spec.name, -1
            continue
        for i in range(subs[0].count()):
            subs[0].setCurrentIndex(i)
            settle()
            yield spec.name, i


def test_every_tab_fits_a_960x540_screen(qtbot, main_window, window_language: str,  # noqa: ANN001
                                         saved_experiment: Path) -> None:
    _at_their_tallest(qtbot, main_window, saved_experiment)
    too_large = []
    for tab, sub in _pages(main_window):
        main_window.resize(SCREEN)
        settle()
        least = main_window.minimumSizeHint()
        if least.height() > SCREEN.height() or least.width() > SCREEN.width() \
                or main_window.height() > SCREEN.height():
            too_large.append((tab, sub, least.toTuple(), main_window.size().toTuple()))
    assert not too_large, too_large


def test_the_trainer_pages_scroll_where_the_window_is_short(qtbot, main_window,  # noqa: ANN001
                                                            saved_experiment: Path) -> None:
    """What gave the height: the six plots and the experiment's curves and table. In a short
    window they scroll (their own least heights kept); in a tall one nothing scrolls."""
    _at_their_tallest(qtbot, main_window, saved_experiment)
    trainer = main_window.show_tab("trainer")
    for view, inner in ((trainer.live, trainer.live.plots), (trainer.experiment,
                                                             trainer.experiment.table)):
        trainer.views.setCurrentWidget(view)
        main_window.resize(SCREEN)
        settle()
        scroll = view.scroll
        assert scroll.verticalScrollBar().maximum() > 0  # short: it scrolls
        assert inner.height() >= inner.minimumSizeHint().height()  # nothing squeezed
        for size in ((1024, 768), (1600, 1000)):  # tall enough: the page fills the room
            main_window.resize(*size)
            settle()
            assert scroll.verticalScrollBar().maximum() == 0, size
            assert scroll.widget().height() == scroll.viewport().height(), size
    # (the experiment's curves grow into it: a wrapped title had made the column as tall as
    # it would like, 688 px in a 548 px area at 1024×768, so it scrolled there)
    assert trainer.experiment.curves.height() > trainer.experiment.table.height() * 2
