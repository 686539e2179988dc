"""Walkthrough s21 #15: the gate plane's ∂h/∂u colour bar showed 11 crowded ticks "-5 -4 … 5"
beside ∂h/∂g's −5 0 5, and every axis and colour bar wrote "-5" with an ASCII hyphen while every
readout writes "−5" (U+2212). One axis class (``plot_axis.MinusAxis``) now draws every plot's
and colour bar's ticks, and colour bars label their major ticks only."""

from __future__ import annotations

import re

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsView

from gatelab.ui.plot_axis import BarAxis, ColourBar, MinusAxis, bar_step
from gatelab.ui.tabs import TAB_SPECS
from gatelab.ui.widgets import MINUS
from tests.ui.conftest import settle
from tests.ui.inside_synth import make_trace
from tests.ui.test_trainer_plots import _rows


def test_negative_ticks_have_a_true_minus(qtbot) -> None:  # noqa: ANN001 (a QApplication)
    axis = MinusAxis("bottom")
    assert axis.tickStrings([-5.0, 0.0, 5.0], 1.0, 5.0) == [MINUS + "5", "0", "5"]
    assert axis.tickStrings([-0.5, 0.5], 1.0, 0.5) == [MINUS + "0.5", "0.5"]
    assert axis.tickStrings([-1e-5], 1.0, 1e-5) == [MINUS + "1e" + MINUS + "05"]


@pytest.mark.parametrize(("low", "high", "labels"), [
    (-5.98, 5.98, ["−5", "0", "5"]), (-6.5, 6.5, ["−5", "0", "5"]),
    (-41.7, 41.7, ["−40", "0", "40"]), (-36.0, 36.0, ["−25", "0", "25"]),
    (-3.0, 3.0, ["−2.5", "0.0", "2.5"]), (-0.3, 0.3, ["−0.25", "0.00", "0.25"]),
    (0.0, 100.0, ["0", "50", "100"])])
def test_a_colour_bar_reads_three_round_labels(qtbot, low: float, high: float,  # noqa: ANN001
                                               labels: list[str]) -> None:
    step, minor = bar_step(low, high)
    assert 0 < minor < step <= (high - low) / 2
    axis = BarAxis("bottom")
    values = [v for v in axis.tickValues(low, high, 200)[0][1] if low <= v <= high]
    assert axis.tickStrings(values, 1.0, step) == labels


def _drawn_ticks(axis: pg.AxisItem) -> list[str]:
    """The tick labels ``axis`` paints now (pyqtgraph's own drawing specification)."""
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [] if specs is None else [text for _rect, _flags, text in specs[2]]


def _shown_axes(window) -> list[pg.AxisItem]:  # noqa: ANN001
    """Every axis with tick labels in every plot on every tab (all built, in use)."""
    axes = []
    for view in window.findChildren(QGraphicsView):
        scene = view.scene()
        for item in scene.items() if scene is not None else ():
            if isinstance(item, pg.AxisItem) and item.isVisible() and item.style["showValues"]:
                axes.append(item)
    return axes


def _everything_drawn(window) -> None:  # noqa: ANN001
    for spec in TAB_SPECS:
        window.show_tab(spec.name)
    trainer = window.panel("trainer")
    trainer.live.show_plots("run-x")
    trainer.live.plots.add_rows(_rows(40, n_layer=4))
    trainer.live.plots.redraw_now()
    window.panel("inside")._show_trace(make_trace(n_layer=4))
    pairs = np.random.default_rng(0).normal(size=(4, 64, 2))
    window.panel("gate-plane").set_neuron_points(pairs, "run-x", "swiglu", 0)
    settle()


def test_every_axis_and_colour_bar_writes_a_true_minus(qtbot, main_window) -> None:  # noqa: ANN001
    main_window.resize(1280, 820)
    _everything_drawn(main_window)
    negative = []
    for spec in TAB_SPECS:  # each tab shown, so its plots are laid out and ticked
        main_window.show_tab(spec.name)
        settle()
        for axis in _shown_axes(main_window):
            assert isinstance(axis, MinusAxis), (spec.name, type(axis), axis.orientation)
            ticks = _drawn_ticks(axis)
            hyphens = [t for t in ticks if re.match(r"^-[\d.]", t) or "e-" in t]
            assert not hyphens, (spec.name, ticks)  # (a name may have one: "Llama-2-7B")
            negative += [t for t in ticks if t.startswith(MINUS)]
    assert len(negative) >= 10  # the curves, the gate plane, the history cloud…


@pytest.mark.parametrize("variant", ["swiglu", "swiglu_clamped", "geglu"])
@pytest.mark.parametrize("size", [(960, 540), (1024, 768), (1280, 820), (1920, 1080)])
def test_the_gate_plane_colour_bars_label_alike_and_uncrowded(qtbot, main_window,  # noqa: ANN001
                                                              size, variant: str) -> None:
    """Symmetric bars, symmetric labels: with the clamped SwiGLU (the walkthrough's) ∂h/∂u
    spans ±5.99 and its "−5", half past the bar's end, was left out ("0 5")."""
    main_window.resize(*size)
    plane = main_window.show_tab("gate-plane")
    plane.apply_state({"variant": variant})
    settle(40)
    bars = [plane.maps.views[key].bar for key in plane.maps._shown]
    assert len(bars) == 3 and all(isinstance(bar, ColourBar) for bar in bars)
    labels = {}
    for bar in bars:
        ticks = _drawn_ticks(bar.axis)
        values = [float(t.replace(MINUS, "-")) for t in ticks]
        assert 2 <= len(ticks) <= 5, ticks  # ∂h/∂u drew 11
        steps = np.diff(values)
        assert np.allclose(steps, steps[0]), ticks  # one level, evenly spaced
        lo, hi = bar.values
        if np.isclose(lo, -hi):  # symmetric about 0: so are its labels
            assert np.allclose(sorted(values), sorted(-v for v in values)), (ticks, lo, hi)
        labels[bar.name_item.text()] = ticks
    assert {len(t) for t in labels.values()} == {3}, labels  # "−a 0 a" on each
