"""Walkthrough 5 at 1280×800: the gate plane's maps take the height that sat empty.

Three square maps side by side are bound by the width; each had a colour bar beside it, so the
data squares were 213 px and ~100 px stayed empty between the readout and the control boxes.
The bars now sit under the maps and the maps' size follows the room, so that height is theirs.
"""

from __future__ import annotations

import pytest
from tests.ui.conftest import settle, show_tab_at


@pytest.fixture
def plane(qtbot, main_window):  # noqa: ANN001, ANN201
    return show_tab_at(qtbot, main_window, "gate-plane")


def _squares(plane) -> list[tuple[float, float]]:  # noqa: ANN001
    return [(v.vb.width(), v.vb.height()) for k, v in plane.maps.views.items()
            if k in plane.maps._shown]


def test_no_empty_band_under_the_readout(plane) -> None:  # noqa: ANN001
    maps, readout = plane.maps, plane.meaning_label
    assert readout.isVisible() and readout.text().startswith("Gate open")
    gap = maps.height() - (readout.geometry().bottom() + 1)  # readout: in the maps' layout
    assert 0 <= gap <= 16, gap  # was ~100 px
    # the control boxes follow right under the maps block
    controls_top = plane.controls.mapTo(plane, plane.controls.rect().topLeft()).y()
    assert controls_top - maps.geometry().bottom() <= 12


def test_the_three_maps_are_equal_squares_and_larger(plane) -> None:  # noqa: ANN001
    squares = _squares(plane)
    assert len(squares) == 3
    for width, height in squares:
        assert abs(width - height) <= 4, squares  # square pixels: no blank strips in the plot
        assert min(width, height) >= 240, squares  # were 213 px tall
    widths = [w for w, _h in squares]
    assert max(widths) - min(widths) <= 6, widths  # the longer middle title no longer widens it


def test_each_colour_bar_lies_under_its_map(plane) -> None:  # noqa: ANN001
    for key in plane.maps._shown:
        view = plane.maps.views[key]
        plot, bar = view.plot.sceneBoundingRect(), view.bar.sceneBoundingRect()
        assert bar.top() >= plot.bottom() - 1 and bar.width() >= view.vb.width()
        assert abs(bar.center().x() - plot.center().x()) <= 2
        assert bar.bottom() <= plane.maps.widget.height()  # not cut off


def test_one_map_alone_stays_square_and_fills_the_height(plane) -> None:  # noqa: ANN001
    plane.maps.show_maps(("dh_dg",))
    settle()
    (width, height), = _squares(plane)
    assert abs(width - height) <= 4 and height >= 240
    gap = plane.maps.height() - (plane.meaning_label.geometry().bottom() + 1)
    assert gap <= 16
