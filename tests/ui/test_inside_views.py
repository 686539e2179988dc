"""The inside-the-model views on synthetic traces, driven by real mouse events and pickers."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from gatelab.core import gates
from gatelab.core.inside import analysis
from gatelab.ui.inside_gates import fmt_value
from gatelab.ui.inside_panel import InsidePanel
from gatelab.ui.widgets import fmt_number, parse_number
from tests.ui.conftest import show_panel

from .inside_synth import isolated_dot, make_trace

PLANT = (1, 5, 12, 17)  # layer 1, neuron 5 fires on "Paris" (characters 12–16)


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    p.sel.set_trace(make_trace(plant=PLANT, linear_layers=(2,)))
    yield p
    p.shutdown()


def _show(qtbot, panel: InsidePanel, view) -> None:  # noqa: ANN001
    panel.views.setCurrentWidget(view)
    qtbot.wait(30)


def test_shading_equals_h_of_the_picked_neuron(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    lt = panel.sel.trace.layers[1]
    n = int(np.argmin(lt.h.min(axis=0)))  # the neuron with the most negative h
    panel.pickers.layer.setCurrentIndex(1)  # the pickers drive the selection …
    panel.pickers.neuron.setValue(n)
    strip = panel.shaded.strip
    np.testing.assert_array_equal(strip.values(), lt.h[:, n].astype(np.float64))
    # sign and magnitude are readable: the largest |h| is full colour, red > 0 and blue < 0
    neg = int(np.argmin(lt.h[:, n]))
    pos = int(np.argmax(lt.h[:, n]))
    assert lt.h[neg, n] < 0 < lt.h[pos, n]
    blue, red = strip.colour_at(neg), strip.colour_at(pos)
    assert blue.blue() > 150 and blue.red() < 120 and red.red() > blue.red()
    assert red.red() > red.blue() and red.red() > red.green()
    top = neg
    # the drawn pixels carry the colour (sampled inside the box, off the glyph)
    image = strip.grab().toImage()
    rect = strip.token_rect(top)
    pixel = image.pixelColor(rect.left() + 2, rect.top() + 2)
    assert pixel.name() == blue.name()
    tip = strip.tooltip_at(top)
    act = float(gates.gate_branch("swiglu", float(lt.g[top, n]))[0])
    for number in (lt.g[top, n], lt.u[top, n], act, lt.h[top, n]):
        assert fmt_number(float(number), 4) in tip


def test_clicking_a_token_picks_it_everywhere(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    strip = panel.shaded.strip
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=strip.token_rect(3).center())
    assert panel.sel.token == 3
    assert panel.pickers.token.value() == 3
    assert "token 3" in panel.mlp.readout.text()
    summary = analysis.layer_summary(panel.sel.trace, 3)
    assert fmt_number(100 * summary[panel.sel.layer]["frac_neg"], 1) in panel.gates.stats.text()


def test_dragging_a_span_ranks_the_planted_neuron_first(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    panel.sel.set_layer(1)
    strip = panel.shaded.strip
    a, b = strip.token_rect(PLANT[2]).center(), strip.token_rect(PLANT[3] - 1).center()
    qtbot.mousePress(strip, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(strip, (a + b) / 2)
    qtbot.mouseMove(strip, b)
    qtbot.mouseRelease(strip, Qt.MouseButton.LeftButton, pos=b)
    assert panel.sel.span == (PLANT[2], PLANT[3])
    ranking = panel.rankings.span_ranking()
    assert ranking[0][0] == PLANT[1]
    assert panel.rankings.span_table.item(0, 0).text() == "#5"
    assert "Paris" in panel.rankings.span_hint.text()
    # a click on the ranking's row picks that neuron for every view
    panel.sel.set_neuron(0)
    rect = panel.rankings.span_table.visualItemRect(panel.rankings.span_table.item(0, 1))
    qtbot.mouseClick(panel.rankings.span_table.viewport(), Qt.MouseButton.LeftButton,
                     pos=rect.center())
    assert panel.sel.neuron == PLANT[1] and panel.pickers.neuron.value() == PLANT[1]


def test_gates_dots_percentages_and_a_real_click(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    panel.sel.set_layer(1)
    panel.sel.set_token(7)
    view = panel.gates
    _show(qtbot, panel, view)
    lt = panel.sel.trace.layers[1]
    assert view.dots.drawn() == lt.g.shape[1]  # one dot per intermediate neuron
    neg = 100 * float(np.mean(lt.g[7] < 0))  # direct computation
    act = gates.gate_branch("swiglu", lt.g[7].astype(np.float64))[0]
    closed = 100 * float(np.mean(np.abs(act) < 0.1))
    text = view.stats.text()
    assert f"{fmt_number(neg, 1)}&nbsp;%" in text and f"{fmt_number(closed, 1)}&nbsp;%" in text
    assert "61.9" in text and "19.0" in text
    i = isolated_dot(view)
    pos = view.dot_viewport_point(i).toPoint()
    qtbot.mouseClick(view.maps.widget.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert panel.sel.neuron == i and panel.pickers.neuron.value() == i
    g, u = float(lt.g[7, i]), float(lt.u[7, i])
    h, dg, du = (float(x) for x in gates.evaluate("swiglu", g, u))
    read = view.readout.value_text
    assert read("g") == fmt_value(g) and read("u") == fmt_value(u)
    assert read("h_formula") == fmt_value(h) and read("h") == fmt_value(float(lt.h[7, i]))
    assert read("dh_dg") == fmt_value(dg) and read("dh_du") == fmt_value(du)
    assert read("neuron") == f"L1 #{i}"
    # the ring sits on the picked dot; "Explore" opens the neuron explorer on it
    assert tuple(view.ring.data["x"]) == (view._pos[i, 0],)
    qtbot.mouseClick(view.explore_button, Qt.MouseButton.LeftButton)
    assert panel.views.currentWidget() is panel.explorer
    np.testing.assert_array_equal(panel.shaded.strip.values(), lt.h[:, i].astype(np.float64))


def test_click_far_from_every_dot_picks_nothing(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    view = panel.gates
    _show(qtbot, panel, view)
    panel.sel.set_neuron(3)
    lim = view._spec.g_range[1]
    corner = view.view.data_to_viewport(-0.97 * lim, 0.97 * lim).toPoint()
    assert view.nearest(-0.97 * lim, 0.97 * lim) == -1
    qtbot.mouseClick(view.maps.widget.viewport(), Qt.MouseButton.LeftButton, pos=corner)
    assert panel.sel.neuron == 3


def test_mlp_bars_equal_a_direct_computation_and_click_reads_exact(qtbot, panel: InsidePanel
                                                                    ) -> None:  # noqa: ANN001
    panel.sel.set_token(9)
    view = panel.mlp
    _show(qtbot, panel, view)
    trace = panel.sel.trace
    direct = np.array([lt.mlp_norm[9] / lt.resid_norm[9] for lt in trace.layers], dtype=np.float64)
    mean = np.array([np.mean(lt.mlp_norm / lt.resid_norm) for lt in trace.layers])
    np.testing.assert_allclose(view.token_bars.opts["height"], direct, rtol=1e-6)
    np.testing.assert_allclose(view.mean_bars.opts["height"], mean, rtol=1e-6)
    # the lesson's exercise: click the largest and the smallest bar
    for layer in (int(np.argmax(direct)), int(np.argmin(direct))):
        pos = view.bar_point(layer).toPoint()
        qtbot.mouseClick(view.ratio_card.plot.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        assert panel.sel.layer == layer and panel.pickers.layer.currentIndex() == layer
        assert f"<b>{fmt_number(direct[layer], 4)}</b>" in view.readout.text()
        assert f"L{layer}</b> at token 9" in view.readout.text()
    norms = np.array([lt.resid_norm[9] for lt in trace.layers], dtype=np.float64)
    np.testing.assert_allclose(view.norm_token.getData()[1], norms, rtol=1e-6)


def test_sink_heatmap_and_table(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    view = panel.sink
    _show(qtbot, panel, view)
    trace = panel.sel.trace
    np.testing.assert_allclose(view._grid[0], trace.layers[0].attn_sink)
    assert np.isnan(view._grid[2]).all()  # the linear-attention layer has no sink
    assert "no softmax" in view.table.item(2, 2).text()
    assert view.table.item(0, 3).text() == "0.116"
    assert view.table.item(1, 2).text() == fmt_number(100 * float(np.mean(trace.layers[1].attn_sink)), 1) + " %"
    rect = view.table.visualItemRect(view.table.item(1, 0))
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.sel.layer == 1 and panel.pickers.layer.currentIndex() == 1


def test_linking_works_both_ways(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    # pickers → views
    panel.pickers.layer.setCurrentIndex(2)
    panel.pickers.neuron.setValue(7)
    panel.pickers.token.setValue(4)
    lt = panel.sel.trace.layers[2]
    assert panel.gates.readout.value_text("neuron") == "L2 #7"
    assert panel.gates.readout.value_text("g") == fmt_value(float(lt.g[4, 7]))
    assert "<b>L2</b> at token 4" in panel.mlp.readout.text()
    assert panel.sink.table.currentRow() == 2
    np.testing.assert_array_equal(panel.shaded.strip.values(), lt.h[:, 7].astype(np.float64))
    # views → pickers (and the other views)
    panel.sel.explore(0, 11)
    assert (panel.pickers.layer.currentIndex(), panel.pickers.neuron.value()) == (0, 11)
    assert panel.gates.readout.value_text("neuron") == "L0 #11"
    assert panel.views.currentWidget() is panel.explorer


def test_every_view_exports(qtbot, panel: InsidePanel, tmp_path: Path) -> None:  # noqa: ANN001
    panel.sel.set_neuron(5, layer=1)
    panel.shaded.export(str(tmp_path / "n.html"))
    html = (tmp_path / "n.html").read_text(encoding="utf-8")
    assert html.count("<span title=") == len(panel.sel.trace.tokens) and "background:#" in html
    panel.shaded.export(str(tmp_path / "n.csv"))
    rows = (tmp_path / "n.csv").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 1 + len(panel.sel.trace.tokens)
    assert float(rows[13].split(",")[-1]) == float(panel.sel.trace.layers[1].h[12, 5])
    panel.shaded.export(str(tmp_path / "n.png"))
    assert not QImage(str(tmp_path / "n.png")).isNull()
    for view, export in ((panel.gates, panel.gates.export), (panel.mlp, panel.mlp.ratio_card.export),
                         (panel.sink, panel.sink.card.export)):
        _show(qtbot, panel, view)
        for suffix in (".png", ".svg", ".csv"):
            path = tmp_path / f"{type(view).__name__}{suffix}"
            export(str(path))
            assert path.stat().st_size > 100, path
    gates_csv = (tmp_path / "GatesView.csv").read_text().splitlines()
    assert len(gates_csv) == 1 + panel.sel.intermediate()
    assert gates_csv[0] == "layer,token,token_text,neuron,g,u,h"  # which token the rows are of
    import csv
    first = next(csv.reader(gates_csv[1:2]))
    sel = panel.sel
    assert first[:4] == [str(sel.layer), str(sel.token), sel.trace.tokens[sel.token], "0"]
    assert float(first[4]) == float(sel.layer_trace().g[sel.token, 0])
    mlp_csv = (tmp_path / "MlpView.csv").read_text().splitlines()
    assert mlp_csv[0].startswith("layer,mlp_ratio_token") and len(mlp_csv) == 4
    with pytest.raises(ValueError):
        panel.gates.export(str(tmp_path / "x.bmp"))


def test_a_long_text_scrolls_and_the_picked_token_is_shown(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    text = "The food was not bad at all. " * 40  # 1,160 tokens: far more than five lines
    panel.sel.set_trace(make_trace(text=text, n_layer=2, m=16))
    qtbot.wait(20)
    strip, scroll = panel.shaded.strip, panel.shaded.scroll
    assert scroll.height() <= 152 and strip.minimumHeight() > 2 * scroll.height()
    assert len(strip.values()) == len(text)
    panel.sel.set_token(len(text) - 3)
    rect = strip.token_rect(len(text) - 3)
    top = scroll.verticalScrollBar().value()
    assert top > 0 and top <= rect.top() and rect.bottom() <= top + scroll.viewport().height()


def test_no_trace_views_are_empty_and_pickers_disabled(qtbot) -> None:  # noqa: ANN001
    p = InsidePanel()
    qtbot.addWidget(p)
    p.show()
    assert not p.pickers.neuron.isEnabled()
    assert p.pages.currentWidget() is p.intro  # how to begin, until a text is analysed
    assert "analyse a text" in p.shaded.title.text()
    p.sel.set_neuron(3)  # nothing to pick: no error, nothing changes
    assert p.sel.neuron == 0
    p.sel.set_trace(make_trace())
    assert p.pages.currentIndex() == 1 and p.pickers.neuron.isEnabled()
    p.shutdown()


def test_switching_is_fast_enough(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    import time

    _show(qtbot, panel, panel.gates)
    times = []
    for k in range(12):
        start = time.perf_counter()
        panel.sel.set_neuron(k % 20)
        panel.sel.set_token(k % 30)
        panel.sel.set_layer(k % 3)
        times.append(time.perf_counter() - start)
    assert sorted(times)[-2] < 0.5  # generous on a loaded CI machine; the benchmark measures p95
    assert math.isfinite(parse_number(panel.gates.readout.value_text("g")))


def test_hover_shows_the_exact_numbers(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    panel.sel.set_neuron(5, layer=1)
    strip = panel.shaded.strip
    i = PLANT[2] + 1  # inside "Paris": the planted neuron fires here
    pos = strip.token_rect(i).center()
    QApplication.sendEvent(strip, QHelpEvent(QEvent.Type.ToolTip, pos, strip.mapToGlobal(pos)))
    lt = panel.sel.trace.layers[1]
    shown = QToolTip.text()
    assert "h = " + fmt_number(float(lt.h[i, 5]), 4) in shown and "g = 4.0000" in shown
    QToolTip.hideText()


def test_examples_menu_fills_the_text(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    actions = panel.source.examples.menu().actions()
    texts = [a.text() for a in actions]
    assert "The food was not bad at all" in texts and "这道菜一点也不差" in texts
    assert len(texts) == 6
    actions[-1].trigger()
    assert panel.source.text.text() == "试试这个循环：for i in range(10):"


def test_the_tab_fits_a_small_window_on_every_view(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    # regression: the gate maps' fixed height and the readouts once grew the window past 900 px
    for i in range(panel.views.count()):
        panel.views.setCurrentIndex(i)
        qtbot.wait(20)
        assert panel.minimumSizeHint().height() <= 600, panel.views.tabText(i)
        assert panel.height() == 900


def test_explorer_parts_export_pictures_and_numbers(qtbot, panel: InsidePanel, tmp_path: Path  # noqa: ANN001
                                                    ) -> None:
    panel.sel.set_layer(1)
    panel.sel.set_span(PLANT[2], PLANT[3])
    panel.rankings.export(str(tmp_path / "r.csv"))
    rows = [r.split(",") for r in (tmp_path / "r.csv").read_text().splitlines()]
    assert rows[0] == ["ranking", "rank", "layer", "neuron", "score", "max_h"]
    span = [r for r in rows[1:] if r[0] == "span"]
    assert span[0][3] == str(PLANT[1])
    assert float(span[0][4]) == panel.rankings.span_ranking()[0][1]
    # max h: the table's third column, at full precision (the planted neuron's largest h)
    h = panel.sel.trace.layers[1].h[:, PLANT[1]]
    assert float(span[0][5]) == pytest.approx(float(h.max()), rel=1e-6)
    sel = [r for r in rows[1:] if r[0] == "selectivity"]
    assert float(sel[0][4]) == pytest.approx(float(panel.sel.selectivity().max()))
    for name, export in (("r", panel.rankings.export), ("s", panel.shaded.export),
                         ("t", panel.topk.export)):
        for suffix in (".png", ".svg"):
            export(str(tmp_path / f"{name}{suffix}"))
            assert (tmp_path / f"{name}{suffix}").stat().st_size > 100
    assert "<svg" in (tmp_path / "s.svg").read_text()


def test_a_click_on_the_sink_heatmap_picks_that_layer(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    from PySide6.QtCore import QPointF

    view = panel.sink
    _show(qtbot, panel, view)
    vb = view.card.plot.getPlotItem().getViewBox()
    for layer in (1, 0):
        scene = vb.mapViewToScene(QPointF(2.0, float(layer)))  # head 2 of that layer's row
        pos = view.card.plot.mapFromScene(scene)
        qtbot.mouseClick(view.card.plot.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        assert panel.sel.layer == layer and view.table.currentRow() == layer
        rect = view.picked.rect()
        assert (rect.top(), rect.bottom()) == (layer - 0.5, layer + 0.5)


def test_the_formula_row_says_what_a_clamped_variant_multiplies(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    """gpt-oss's clamped SwiGLU: the row labelled "h = act(g)·u" held act(min(g, 7))·(clamp(u,
    ±7) + 1). The label now names what the value is made of; SwiGLU keeps its own."""
    view = panel.gates
    _show(qtbot, panel, view)
    caption = view.readout._captions["h_formula"]
    assert caption.text() == "h = act(g)·u  (formula)"
    panel.sel.set_trace(make_trace(variant="swiglu_clamped"))
    _show(qtbot, panel, view)
    assert caption.text() == "h = act(min(g, 7))·(clamp(u, ±7) + 1)  (formula)"
    panel.sel.set_neuron(3)
    lt = panel.sel.trace.layers[panel.sel.layer]
    g, u = float(lt.g[panel.sel.token, 3]), float(lt.u[panel.sel.token, 3])
    h = float(gates.evaluate("swiglu_clamped", g, u)[0])
    assert view.readout.value_text("h_formula") == fmt_value(h)


def test_the_gates_colour_bar_is_faded_as_its_map_is(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    """Walkthrough s17 #5: the h map is drawn faded behind the dots, its colour bar was not,
    so the background read against the bar understated h about 3×. Sampled as drawn along the
    bar's middle: even its ends are light, as the map's are (full strength: near 0 in a channel)."""
    _show(qtbot, panel, panel.gates)
    view, widget = panel.gates.view, panel.gates.maps.widget
    assert view.bar.bar.opacity() == view.image.opacity() < 1
    picture = widget.grab().toImage()
    ratio = picture.devicePixelRatio()
    rect = widget.mapFromScene(view.bar.bar.sceneBoundingRect()).boundingRect()
    y = int(rect.center().y() * ratio)
    row = [picture.pixelColor(x, y).getRgb()[:3]
           for x in range(int((rect.left() + 3) * ratio), int((rect.right() - 3) * ratio))]
    assert len(row) > 100
    assert min(min(c) for c in row) > 100  # faded: the dark blue and red ends are gone
    assert row[0][2] > row[0][0] and row[-1][0] > row[-1][2]  # still blue to red
