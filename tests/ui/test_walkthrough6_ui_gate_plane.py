"""Walkthrough 6, item 6: each gate-plane colour bar spans its map's data square, and is named.

The bars sat under their maps but started ~36 px left of the map's plot area (under the u axis),
and with no name the middle bar's ticks read as a second g axis. Checked at 1280×800 in scene
pixels: the colour strip's left and right edges are the map's, its name stands left of it.
"""

from __future__ import annotations

import pytest
from tests.ui.conftest import settle, show_tab_at

NAMES = {"h": "h", "dh_dg": "∂h/∂g", "dh_du": "∂h/∂u"}


@pytest.fixture
def plane(qtbot, main_window):  # noqa: ANN001, ANN201
    return show_tab_at(qtbot, main_window, "gate-plane")


def _check_bars(plane) -> None:  # noqa: ANN001
    for key in plane.maps._shown:
        view = plane.maps.views[key]
        square, strip = view.vb.sceneBoundingRect(), view.bar.vb.sceneBoundingRect()
        assert abs(strip.left() - square.left()) <= 1, (key, strip, square)
        assert abs(strip.right() - square.right()) <= 1, (key, strip, square)
        assert strip.top() >= view.plot.sceneBoundingRect().bottom() - 1  # under its map
        name = view.bar.name_item
        assert name.text() == NAMES[key] and name.isVisible()
        label = name.sceneBoundingRect()
        assert label.right() <= strip.left() - 2  # left of the strip, not over it
        assert label.left() >= view.plot.sceneBoundingRect().left()  # within its own column
        assert label.top() < strip.bottom() and label.bottom() > strip.top()  # beside it
        assert view.bar.toolTip().startswith("Colour scale of this map")


def test_each_bar_spans_its_map_and_is_named(plane) -> None:  # noqa: ANN001
    assert len(plane.maps._shown) == 3
    _check_bars(plane)
    # the squares keep their size (the name uses the room under the u axis, not a new row)
    assert min(v.vb.height() for v in plane.maps.views.values()) >= 240


def test_bars_stay_aligned_for_one_map_and_a_resize(plane, main_window) -> None:  # noqa: ANN001
    plane.maps.show_maps(("dh_dg",))
    settle()
    _check_bars(plane)
    plane.maps.show_maps(("h", "dh_dg", "dh_du"))
    main_window.resize(1500, 900)
    settle()
    _check_bars(plane)
    plane.maps.retranslate()  # a language switch keeps the names and the alignment
    settle()
    _check_bars(plane)
