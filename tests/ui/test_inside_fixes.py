"""Regressions from the inside-tab probe: stale history after switching to a Hugging Face
folder, views left showing the old run after a failed analysis, characters outside a run's
vocabulary flagged."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch

from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import show_panel

from .test_inside_panel import analyse, panel, tiny_hf, tiny_run  # noqa: F401 (fixtures)

torch.set_num_threads(1)


def test_hf_source_clears_the_previous_runs_history(qtbot, panel: InsidePanel,  # noqa: ANN001,F811
                                                     tiny_run: Path, tiny_hf: Path) -> None:  # noqa: F811
    analyse(qtbot, panel, "run", str(tiny_run))
    qtbot.waitUntil(lambda: len(panel.history.dots.data) > 0, timeout=20000)
    history = panel.history._history
    analyse(qtbot, panel, "hf", str(tiny_hf), "The food was not bad")
    # the run's history read arriving late (as it did on a slow disk) must not come back
    panel._on_file_result("history:{0}".format(panel._history_req - 1), (history, []), "")
    assert len(panel.history.dots.data) == 0
    assert all(len(c.getData()[0] if c.getData()[0] is not None else []) == 0
               for c in panel.history.curves.values())
    assert "no training history" in panel.history.readout.text()


def test_a_failed_analysis_keeps_the_last_trace_and_says_so(qtbot, panel: InsidePanel, tiny_run: Path,  # noqa: ANN001,F811
                                            tmp_path: Path) -> None:
    analyse(qtbot, panel, "run", str(tiny_run))
    assert panel.sel.has_trace() and panel.pages.currentIndex() == 1
    bad = tmp_path / "not-a-model"
    bad.mkdir()
    analyse(qtbot, panel, "hf", str(bad))
    msg = panel.source.message_text()
    assert "Could not analyse" in msg and "still show the last trace" in msg
    # the last good trace stays on show, and the error says whose numbers those are
    assert panel.sel.has_trace() and panel.pages.currentIndex() == 1


def test_unknown_characters_are_warned_about(qtbot, panel: InsidePanel, tiny_run: Path) -> None:  # noqa: ANN001,F811
    analyse(qtbot, panel, "run", str(tiny_run), "a a€☃")
    trace = panel.sel.trace
    assert trace is not None and trace.unknown == (3, 4)
    msg = panel.source.message_text()
    assert "2 characters" in msg and "'€', '☃'" in msg and repr(trace.unknown_as) in msg
    assert "bold" in panel.source.message.styleSheet()
    analyse(qtbot, panel, "run", str(tiny_run), "a a")
    assert "vocabulary" not in panel.source.message_text()
    assert np.isfinite(panel.sel.trace.layers[0].g).all()


def _synth_panel(qtbot, n_layer: int) -> InsidePanel:  # noqa: ANN001
    from .inside_synth import make_trace
    p = show_panel(qtbot, InsidePanel())
    p.sel.set_trace(make_trace(n_layer=n_layer))
    return p


def test_mlp_bar_matches_its_legend_and_one_layer_shows_the_mean(qtbot) -> None:  # noqa: ANN001
    p = _synth_panel(qtbot, 1)
    try:
        view = p.mlp
        p.views.setCurrentWidget(view)
        qtbot.wait(50)
        # the mean line of a single layer is one point: it needs a marker to show at all
        assert view.norm_mean.opts["symbol"] is not None
        assert len(view.norm_mean.scatter.data) == 1
        # the (picked) bar's fill is the legend swatch's colour
        img = view.ratio_card.plot.grab().toImage()
        pt = view.bar_point(0).toPoint()
        c = img.pixelColor(pt * img.devicePixelRatio())
        legend_brush = view.token_bars.opts["brush"]
        want = pg_colour(legend_brush)
        assert abs(c.red() - want[0]) < 40 and abs(c.green() - want[1]) < 40 \
            and abs(c.blue() - want[2]) < 40, (c.getRgb(), want)
    finally:
        p.shutdown()


def pg_colour(brush) -> tuple[int, int, int]:  # noqa: ANN001
    import pyqtgraph as pg
    col = pg.mkBrush(brush).color()
    # drawn with alpha over a white background
    a = col.alphaF()
    return tuple(round(a * v + (1 - a) * 255) for v in (col.red(), col.green(), col.blue()))


def test_sink_colour_bar_is_in_percent_like_the_cells_and_not_clipped(qtbot) -> None:  # noqa: ANN001
    from PySide6.QtGui import QImage, QPainter
    p = _synth_panel(qtbot, 3)
    try:
        view = p.sink
        p.views.setCurrentWidget(view)
        qtbot.wait(50)
        assert tuple(view.bar.levels()) == (0.0, 100.0)
        np.testing.assert_allclose(view.image.image, 100 * view._grid)
        cell = view.labels[0].textItem.toPlainText()
        assert cell == str(int(round(100 * view._grid[0, 0])))
        img = QImage(10, 10, QImage.Format.Format_ARGB32)
        painter = QPainter(img)
        specs = view.bar.axis.generateDrawSpecs(painter)
        painter.end()
        texts = {text: view.bar.axis.mapRectToScene(rect) for rect, _f, text in specs[2]}
        assert "100" in texts
        scene = view.card.plot.viewport().rect()
        assert all(r.top() >= scene.top() and r.bottom() <= scene.bottom()
                   for r in texts.values()), texts
    finally:
        p.shutdown()


def test_wording_plural_footnote_and_examples_button(qtbot) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QStyle, QStyleOptionToolButton
    p = _synth_panel(qtbot, 1)
    try:
        info = p.pickers.info.text()
        assert "· 1 layer ·" in info and "1 layers" not in info
        p.views.setCurrentWidget(p.gates)
        qtbot.wait(30)
        assert "h = act(g)·u of" in p.gates.legend.text() and "  " not in p.gates.legend.text()
        button = p.source.examples
        opt = QStyleOptionToolButton()
        button.initStyleOption(opt)
        need = button.style().sizeFromContents(QStyle.ContentsType.CT_ToolButton, opt,
                                               button.fontMetrics().size(0, button.text()), button)
        assert button.width() >= button.fontMetrics().horizontalAdvance(button.text()) + 30
        assert button.width() >= need.width()
    finally:
        p.shutdown()
    p = _synth_panel(qtbot, 3)
    try:
        assert "· 3 layers ·" in p.pickers.info.text()
    finally:
        p.shutdown()


def test_no_axis_of_the_inside_tab_uses_si_prefix_scaling(qtbot) -> None:  # noqa: ANN001
    import pyqtgraph as pg
    p = _synth_panel(qtbot, 1)
    try:
        axes = []
        for view in p.findChildren(pg.GraphicsView):
            axes += [item for item in view.scene().items() if isinstance(item, pg.AxisItem)]
        assert len(axes) >= 8  # history ×2, MLP ×2, sink, gates (each with 4 axes)
        on = [(a.orientation, a.labelText) for a in axes if a.autoSIPrefix]
        assert on == [], on
    finally:
        p.shutdown()
