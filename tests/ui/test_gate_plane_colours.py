"""The gate plane's rendered pixels are the colour map of gates.evaluate, after every change.

The maps are coloured by hand (gate_plane_image.to_rgba) for speed; this samples the painted
viewport at pixel centres and compares with the colour map of the exact values, after resolution,
window, variant and view changes (the image rect must follow each of them).
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtWidgets import QApplication

from gatelab.core import gates
from gatelab.ui.gate_plane_image import COLORMAP, to_rgba
from gatelab.ui.gate_plane_panel import GatePlanePanel
from tests.ui.conftest import show_panel

INDEX = {"h": 0, "dh_dg": 1, "dh_du": 2}


@pytest.fixture
def panel(qtbot) -> GatePlanePanel:  # noqa: ANN001
    p = show_panel(qtbot, GatePlanePanel())
    for view in p.maps.views.values():  # overlays off: the test reads the image itself
        for item in (view.band_shade, view.bands, view.zero_lines, view.crosshair, view.marker):
            item.setVisible(False)
    return p


def expected_colour(value: float, levels: tuple[float, float]) -> np.ndarray:
    """The colour map's own colour for ``value`` (pyqtgraph's ColorMap.map, no table of ours)."""
    lo, hi = levels
    frac = min(max((value - lo) / (hi - lo), 0.0), 1.0)
    return np.asarray(pg.colormap.get(COLORMAP).map([frac], mode="byte"))[0][:3].astype(int)


def check_pixels(panel: GatePlanePanel, keys: tuple[str, ...]) -> int:
    QApplication.processEvents()  # let a view change lay the maps out before the grab
    spec = panel.spec()
    n = spec.resolution
    (g0, g1), (u0, u1) = spec.g_range, spec.u_range
    shot = panel.maps.widget.viewport().grab().toImage()
    checked = 0
    for key in keys:
        view = panel.maps.views[key]
        assert view.values.shape == (n, n)
        rect = view.image.mapRectToParent(view.image.boundingRect())
        assert (rect.left(), rect.right()) == pytest.approx((g0, g1))
        assert (rect.top(), rect.bottom()) == pytest.approx((u0, u1))
        for i, j in ((1, 1), (n // 3, n - 2), (n - 2, n // 2), (n // 2 + 1, n // 4)):
            g = g0 + (i + 0.5) * (g1 - g0) / n
            u = u0 + (j + 0.5) * (u1 - u0) / n
            value = float(gates.evaluate(spec.variant, g, u, **spec.params)[INDEX[key]])
            assert float(view.values[i, j]) == pytest.approx(value, rel=1e-4, abs=1e-5)
            pos = view.data_to_viewport(g, u).toPoint()
            colour = shot.pixelColor(pos)
            got = np.array([colour.red(), colour.green(), colour.blue()])
            want = expected_colour(value, view.levels)
            assert np.abs(got - want).max() <= 6, (key, i, j, got, want)
            checked += 1
    return checked


def test_to_rgba_is_the_colour_map_row_major() -> None:
    values = np.array([[-2.0, 0.0], [1.0, 2.0]], np.float32)  # [g, u]
    rgba = to_rgba(values, (-2.0, 2.0))
    assert rgba.shape == (2, 2, 4) and rgba.dtype == np.uint8 and rgba.flags.c_contiguous
    assert (rgba[..., 3] == 255).all()
    for (gi, ui), v in np.ndenumerate(values):  # row = u index, column = g index
        assert np.abs(rgba[ui, gi, :3].astype(int) - expected_colour(float(v), (-2.0, 2.0))).max() <= 6
    flat = to_rgba(np.zeros((3, 3), np.float32), (0.0, 0.0))  # degenerate levels: no NaN, no crash
    assert (flat == flat[0, 0]).all()


def test_pixels_follow_resolution_window_variant_and_view(panel: GatePlanePanel) -> None:
    c = panel.controls
    assert check_pixels(panel, ("h", "dh_dg", "dh_du")) == 12
    assert c.resolution.set_text_and_commit("32")  # a shape change: the rect must be set again
    check_pixels(panel, ("h", "dh_dg", "dh_du"))
    assert c.resolution.set_text_and_commit("48")
    check_pixels(panel, ("h", "dh_du"))
    assert c.g_max.set_text_and_commit("2")  # a window change
    check_pixels(panel, ("h", "dh_dg"))
    assert panel.set_variant("geglu")  # new values, new levels
    check_pixels(panel, ("h", "dh_dg", "dh_du"))
    c.set_view_name("dh_dg")  # one map alone, laid out larger
    check_pixels(panel, ("dh_dg",))
    assert c.resolution.set_text_and_commit("40")
    check_pixels(panel, ("dh_dg",))
    c.set_view_name("all")
    check_pixels(panel, ("h", "dh_dg", "dh_du"))


def test_indexed_image_is_drawn_from_one_rgb32_conversion(qtbot) -> None:  # noqa: ANN001
    """The map's QImage is converted to RGB32 once per new image (so no draw converts it again)
    and holds exactly the colour table's colours of the indices."""
    from PySide6.QtGui import QImage

    from gatelab.ui.gate_plane_image import IndexedImage, colour_table
    item = IndexedImage()
    indices = np.arange(256, dtype=np.uint8).reshape(16, 16)[:, ::-1].copy()  # rows = u
    item.setImage(indices, autoLevels=False)
    item.render()
    qimage = item.qimage
    assert qimage.format() == QImage.Format.Format_RGB32 and (qimage.width(), qimage.height()) == (16, 16)
    table = colour_table()
    for row, col in ((0, 0), (3, 7), (15, 15), (9, 2)):
        colour = qimage.pixelColor(col, row)
        want = table[indices[row, col]]
        assert (colour.red(), colour.green(), colour.blue(), colour.alpha()) == tuple(int(v) for v in want)
