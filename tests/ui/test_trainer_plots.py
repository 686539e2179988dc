"""The trainer's plots without training: rows → columns, staggered redraws, sticky y ranges."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest

from gatelab.ui.trainer_plots import DRAW_ORDER, MetricsHistory, TrainerPlots, sticky_range


def _rows(n: int, n_layer: int = 3) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for s in range(1, n + 1):
        row: dict[str, object] = {"step": s, "tokens_seen": 64 * s, "train_loss": 4.0 / s,
                                  "lr": 1e-3 * s / n, "tokens_per_s": 1000.0 + s,
                                  "elapsed_s": 0.1 * s}
        if s % 5 == 0:
            row["val_loss"] = 5.0 / s
            for key, base in (("frac_closed", 0.1), ("frac_neg", 0.5), ("max_abs_h", 2.0),
                              ("mlp_ratio", 0.3)):
                row[key] = [base + 0.01 * i + 0.001 * s for i in range(n_layer)]
        rows.append(row)
    return rows


def test_history_columns_are_exact() -> None:
    h = MetricsHistory()
    h.add_rows(_rows(10))
    assert h.steps == list(range(1, 11)) and h.train_loss[3] == 1.0
    assert h.val_steps == [5, 10] and h.val_loss == [1.0, 0.5]
    assert h.stat_steps == [5, 10] and h.n_layer == 3
    np.testing.assert_allclose(h.layer_matrix("max_abs_h"),
                               [[2.005, 2.015, 2.025], [2.01, 2.02, 2.03]])


def test_redraws_are_staggered_then_complete(qtbot) -> None:  # noqa: ANN001
    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.show()
    plots.clear(20)
    plots.add_rows(_rows(20))
    assert plots.c_train.getData()[1] is None or len(plots.c_train.getData()[1]) == 0
    qtbot.waitUntil(lambda: not plots._dirty, timeout=3000)  # one plot per event-loop turn
    assert set(plots._drawn_at) >= set(DRAW_ORDER)
    np.testing.assert_allclose(plots.c_train.getData()[1], [4.0 / s for s in range(1, 21)])
    np.testing.assert_allclose(plots._closed[2].getData()[1], [0.125, 0.13, 0.135, 0.14])
    np.testing.assert_allclose(plots.c_ratio.getData()[1], [0.32, 0.33, 0.34])
    # the step axes span the whole run, fixed
    lo, hi = plots.loss.plot.getViewBox().viewRange()[0]
    assert lo < 0.5 and hi == pytest.approx(20.4, abs=0.5)


def test_sticky_range_refits_rarely() -> None:
    assert sticky_range(None, [np.array([np.nan])]) is None
    r = sticky_range(None, [np.array([2.0, 4.0])])
    assert r == (1.5, 4.5)
    assert sticky_range(r, [np.array([2.0, 3.0])]) == r  # inside and fills ≥ 1/3: unchanged
    assert sticky_range(r, [np.array([1.0, 4.0])]) == (0.25, 4.75)  # left the range: refit
    assert sticky_range(r, [np.array([2.0, 2.1])]) == pytest.approx((1.975, 2.125))  # too small
    assert sticky_range(None, [np.array([0.0, 1.0])], floor=0.0) == (0.0, 1.25)
    # data at an edge (inside the range, but drawn half off it) refits: walkthrough s18 P2
    assert sticky_range(r, [np.array([2.0, 4.45])]) != r  # the top
    assert sticky_range(r, [np.array([1.55, 3.0])]) != r  # the bottom
    bars = sticky_range(None, [np.array([0.0, 0.6])], floor=0.0)
    assert sticky_range(bars, [np.array([0.0, 0.7])], floor=0.0) == bars  # clear of the top
    top = sticky_range(bars, [np.array([0.0, 0.74])], floor=0.0)  # the ▲ of a bar at 0.74
    assert top[0] == 0.0 and top[1] - 0.74 >= 0.04 * top[1]  # bars from the floor, ▲ whole
    rng = np.random.default_rng(0)
    loss = 1.5 + 2.7 * np.exp(-np.arange(2000) / 300) + rng.normal(0, 0.05, 2000)
    ranges = [None]
    for i in range(5, 2000, 5):
        ranges.append(sticky_range(ranges[-1], [loss[:i]]))
    assert sum(a != b for a, b in zip(ranges, ranges[1:])) <= 20  # of 399 redraws


def test_hover_readout_names_nearest_values(qtbot) -> None:  # noqa: ANN001
    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.set_rows(_rows(10))
    text = plots.loss.readout_at(4.4)
    assert text.startswith("step 4: train 1, ") and text.endswith("validation 1 (step 5)")
    assert plots.ratio.readout_at(1.2) == "layer 1: ratio 0.32"


def test_every_multi_layer_plot_has_a_legend_naming_its_layers(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_plots import TrainerPlots

    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots._ensure_layers(3)
    for card in (plots.sparsity, plots.maxh):
        legend = card.plot.plotItem.legend
        assert legend is not None
        names = [label.text for _sample, label in legend.items]
        assert all(any(n.startswith("L{0}".format(i)) for n in names) for i in range(3)), names
    sparsity_names = [label.item.toPlainText()  # as drawn: the label holds HTML (&lt;)
                      for _s, label in plots.sparsity.plot.plotItem.legend.items]
    assert sparsity_names == ["closed", "g<0", "L0", "L1", "L2"]
    plots._ensure_layers(2)  # a new model: the layer entries follow, the style keys stay
    assert [label.item.toPlainText() for _s, label in plots.sparsity.plot.plotItem.legend.items
            ] == ["closed", "g<0", "L0", "L1"]
    assert [c.name() for c in plots._neg] == ["L0 g<0", "L1 g<0"]  # hover and CSV names


def _inside_by(card, curve, radius: float) -> None:  # noqa: ANN001
    """Each of ``curve``'s markers has its centre at least ``radius`` px inside the plot."""
    vb = card.plot.getViewBox()
    area = vb.sceneBoundingRect()
    xs, ys = curve.getData()
    assert len(xs)
    for x, y in zip(xs, ys):
        here = vb.mapViewToScene(pg.Point(float(x), float(y)))
        assert area.left() + radius <= here.x() <= area.right() - radius, (card.title_text, x)
        assert area.top() + radius <= here.y() <= area.bottom() - radius, (card.title_text, y)


def test_the_last_dot_and_the_tallest_bar_are_drawn_whole(qtbot) -> None:  # noqa: ANN001
    """Walkthrough s18 P2: the last validation dot sat on the loss plot's right edge, half
    drawn, and the ▲ on the tallest MLP-share bar was cut at the top (a ratio that grew to
    the kept range's edge). Measured in pixels."""
    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.resize(560, 640)  # each plot about 230 px wide, as at 1366 × 768
    plots.show()
    qtbot.waitExposed(plots)
    rows = _rows(60)
    plots.set_rows(rows[:30], 60)
    top = plots._y["mlp_ratio"][1]
    for row in rows[30:]:
        if "mlp_ratio" in row:
            row["mlp_ratio"] = [top * 0.99, 0.2, 0.1]  # inside the range, at its very top
    plots.add_rows(rows[30:])
    plots.redraw_now()
    _inside_by(plots.loss, plots.c_val, 7 / 2 + 2)  # its outline and a pixel of air
    _inside_by(plots.ratio, plots.c_ratio, 4)
