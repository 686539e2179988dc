"""The gate plane at 1000×700, 1600×1000 and with error lines: everything fits and is seen.

Walkthrough: at 1000×700 the row of control boxes (~1000 px) scrolled sideways and the maps,
squeezed above it, were cut off on the right; once the window had been large the tab could not
be made shorter than 758 px; at 1600×1000 ~100 px stayed empty under the explanation; and error
lines in "Map window" pushed its last row out of the box. Checked in widget geometry and pixels.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor
from tests.ui.conftest import settle, show_tab_at

from gatelab.ui.gate_plane_layout import COLUMN, ROW


def _inside(widget, outer) -> QRect:  # noqa: ANN001
    """``widget``'s rectangle in ``outer``'s coordinates."""
    return QRect(widget.mapTo(outer, QPoint(0, 0)), widget.size())


def _squares(plane) -> list[tuple[float, float]]:  # noqa: ANN001
    return [(v.vb.width(), v.vb.height()) for k, v in plane.maps.views.items()
            if k in plane.maps._shown]


def test_1000x700_needs_no_sideways_scrolling(qtbot, main_window) -> None:  # noqa: ANN001
    plane = show_tab_at(qtbot, main_window, "gate-plane", (1000, 700))
    assert (main_window.width(), main_window.height()) == (1000, 700)
    arrangement = plane.arrangement
    assert arrangement.mode == COLUMN  # the boxes beside the maps, the texts above them
    scroll = arrangement.scroll
    assert not scroll.horizontalScrollBar().isVisible()
    assert _inside(scroll, plane).right() <= plane.width()
    assert plane.controls.width() <= scroll.viewport().width()  # no box cut on the right
    assert plane.meaning_label.isVisible() and plane.meaning_label.text().startswith("Gate open")
    # the maps, all of them whole and square-ish: none cut off on the right or at the bottom
    maps = plane.maps
    view = maps.widget
    assert _inside(view, plane.maps).right() <= maps.width()
    assert _inside(view, plane.maps).bottom() <= maps.height()
    for key in maps._shown:
        rect = maps.views[key].plot.sceneBoundingRect()
        assert rect.right() <= view.viewport().width() + 1 and rect.bottom() <= view.height() + 1
    squares = _squares(plane)
    assert len(squares) == 3
    for width, height in squares:
        assert min(width, height) >= 150, squares  # were ~150×145 with two of three cut off
        assert abs(width - height) <= 12, squares


def test_the_window_shrinks_back_after_being_large(qtbot, main_window) -> None:  # noqa: ANN001
    plane = show_tab_at(qtbot, main_window, "gate-plane", (1600, 1000))
    main_window.resize(1000, 700)
    settle()
    assert (main_window.width(), main_window.height()) == (1000, 700)  # was held at 758 px
    assert plane.minimumSizeHint().height() <= plane.height()
    assert main_window.minimumSizeHint().height() <= 700
    main_window.resize(1280, 800)  # and back in a row under the maps when there is room
    settle()
    assert plane.arrangement.mode == ROW
    # 236: the explanation keeps room for three lines (so a longer one never shrinks the maps)
    assert min(min(s) for s in _squares(plane)) >= 236


def test_no_empty_band_under_the_explanation_at_1600x1000(qtbot, main_window) -> None:  # noqa: ANN001
    plane = show_tab_at(qtbot, main_window, "gate-plane", (1600, 1000))
    assert plane.arrangement.mode == ROW
    meaning = plane.meaning_label
    bottom = _inside(meaning, plane).bottom()
    controls_top = _inside(plane.controls, plane).top()
    assert controls_top - bottom <= 20, (controls_top, bottom)  # was ~100 px of nothing
    # the explanation's own background reaches down there (it takes the height, not a gap)
    shot = plane.grab().toImage()
    colour = QColor(shot.pixel(_inside(meaning, plane).left() + 3, bottom - 3))
    assert colour.name() == "#fdf6e3", colour.name()
    assert meaning.text().startswith("Gate open")


@pytest.mark.parametrize("size", [(1280, 800), (1000, 700), (1600, 1000)])
def test_map_window_errors_keep_every_row_in_the_box(qtbot, main_window, size) -> None:  # noqa: ANN001
    plane = show_tab_at(qtbot, main_window, "gate-plane", size)
    c = plane.controls
    assert not c.g_min.set_text_and_commit("7")
    assert not c.u_max.set_text_and_commit("-9")
    assert not c.eps.set_text_and_commit("0")
    settle()
    box = c.view_combo.parentWidget()
    assert box.height() >= box.sizeHint().height()
    rows = (c.g_min, c.g_max, c.u_min, c.u_max, c.resolution, c.eps, c.view_combo)
    for row in rows:
        assert row.isVisible()
        assert box.rect().contains(_inside(row, box)), (row, _inside(row, box), box.rect())
    for field in (c.g_min, c.u_max, c.eps):
        label = field.error_label
        assert label.isVisible() and label.height() >= label.heightForWidth(label.width())
    scroll = plane.arrangement.scroll
    if plane.arrangement.mode == ROW:  # the row's scroll area grew with the box: all seen
        assert _inside(box, scroll.viewport()).bottom() < scroll.viewport().height()
