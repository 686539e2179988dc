"""Layer ticks that never print on top of each other (``ui.plot_ticks``), as pyqtgraph draws them.

Why: one tick level with a label per layer is drawn whole by pyqtgraph: the trainer's MLP share
at 8 layers and 1024 px had touching labels, and the Inside tab's plots of a 28-layer model
printed 28 labels into each other. The test reads the label rectangles pyqtgraph computes for
its drawing (``AxisItem.generateDrawSpecs``), for a narrow and a wide plot."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from gatelab.ui.plot_ticks import index_ticks


def test_every_step_th_index_is_first_and_the_rest_second() -> None:
    assert index_ticks(0) == [[]]
    assert index_ticks(4) == [[(0.0, "L0"), (1.0, "L1"), (2.0, "L2"), (3.0, "L3")]]
    major, minor = index_ticks(8)
    assert [t for _, t in major] == ["L0", "L2", "L4", "L6"]
    assert [t for _, t in minor] == ["L1", "L3", "L5", "L7"]
    major, minor = index_ticks(28, prefix="")
    assert [t for _, t in major] == ["0", "5", "10", "15", "20", "25"]
    assert len(minor) == 22 and (1.0, "1") in minor


def drawn_labels(qtbot, n: int, width: int, ticks: list) -> list[tuple[QRectF, str]]:  # noqa: ANN001
    """The bottom axis's label rectangles and texts as pyqtgraph would paint them."""
    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    widget.resize(width, 160)
    widget.show()
    qtbot.waitExposed(widget)
    widget.setXRange(-0.5, n - 0.5, padding=0)
    axis = widget.getPlotItem().getAxis("bottom")
    axis.setTicks(ticks)
    qtbot.wait(20)
    image = QImage(max(axis.width(), 1), 60, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        painter.setFont(axis.style["tickFont"] or widget.font())
        _axis, _ticks, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [(rect, text) for rect, _flags, text in texts]


def overlapping(labels: list[tuple[QRectF, str]]) -> list[tuple[str, str]]:
    rects = sorted(labels, key=lambda item: item[0].left())
    return [(a, b) for (ra, a), (rb, b) in zip(rects, rects[1:]) if ra.right() > rb.left()]


def test_a_narrow_plot_names_some_layers_apart_and_a_wide_one_all(qtbot) -> None:  # noqa: ANN001
    narrow_old = drawn_labels(qtbot, 28, 260, [[(float(i), f"L{i}") for i in range(28)]])
    assert overlapping(narrow_old)  # the old single level: labels printed into each other
    narrow = drawn_labels(qtbot, 28, 260, index_ticks(28))
    assert overlapping(narrow) == [] and {"L5", "L10", "L25"} <= {t for _, t in narrow}
    wide = drawn_labels(qtbot, 8, 700, index_ticks(8))
    assert sorted(t for _, t in wide) == [f"L{i}" for i in range(8)]
    assert overlapping(wide) == []
