"""The "gate closed" bands' shade, as the user sees it, after it moved from a translucent path fill
to a stretched image (``BandShade``: QPainter's blend of the fill cost 1.6 ms of a 6.5 ms update).

The picture must not change: the shade item paints the very pixels a translucent fill of the same
rectangle painted, and on the panel it lies over every closed band (and nowhere else) after
resolution, ε, window and variant changes.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QTransform
from PySide6.QtWidgets import QApplication, QStyleOptionGraphicsItem

from gatelab.core import gates, plane
from gatelab.ui.gate_plane_image import COLORMAP
from gatelab.ui.gate_plane_map_plot import BandShade
from gatelab.ui.gate_plane_panel import GatePlanePanel
from tests.ui.conftest import show_panel

INDEX = {"h": 0, "dh_dg": 1, "dh_du": 2}
CLEAR = 5  # px kept from a band's outline, the h = 0 lines and the crosshair


def pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    raw = np.frombuffer(image.constBits(), np.uint32).reshape(image.height(), -1)
    return raw[:, : image.width()].copy()


def painted(draw) -> np.ndarray:  # noqa: ANN001
    """What ``draw(painter)`` paints over a colourful RGB32 image, under a map's kind of
    transform (scaled, u upwards, fractional edges)."""
    image = QImage(300, 200, QImage.Format.Format_RGB32)
    ramp = np.arange(300 * 200, dtype=np.uint32).reshape(200, 300)
    base = 0xFF000000 | (ramp % 256) << 16 | (ramp // 7 % 256) << 8 | (ramp // 300 % 256)
    pixels_view = np.frombuffer(image.bits(), np.uint32).reshape(200, -1)
    pixels_view[:, :300] = base
    painter = QPainter(image)
    painter.setTransform(QTransform(23.7, 0, 0, -15.3, 141.3, 97.6))  # data → pixels
    draw(painter)
    painter.end()
    return pixels(image)


def test_the_shade_image_paints_what_the_translucent_fill_painted() -> None:
    rects = [QRectF(-6.0, -6.0, 2.4627, 12.0), QRectF(-0.2253, -6.0, 0.4085, 12.0),
             QRectF(3.01, -1.37, 0.07, 2.9)]  # a band narrower than a pixel too
    shade = BandShade()
    shade.set_rects(rects)
    got = painted(lambda p: shade.paint(p, QStyleOptionGraphicsItem()))

    def fill(p: QPainter) -> None:
        for r in rects:
            p.fillRect(r, QColor(40, 40, 40, 45))
    want = painted(fill)
    plain = painted(lambda p: None)
    assert (want != plain).sum() > 10_000  # the fill changed a good part of the image
    assert np.array_equal(got, want)
    united = rects[0].united(rects[1]).united(rects[2])
    assert shade.boundingRect() == united
    shade.set_rects([])
    assert shade.boundingRect().isEmpty() and np.array_equal(
        painted(lambda p: shade.paint(p, QStyleOptionGraphicsItem())), plain)


def colour_map(panel: GatePlanePanel, key: str, g: float, u: float) -> np.ndarray:
    spec = panel.spec()
    value = float(gates.evaluate(spec.variant, g, u, **spec.params)[INDEX[key]])
    lo, hi = panel.maps.views[key].levels
    x = 0.5 if hi == lo else min(max((value - lo) / (hi - lo), 0.0), 1.0)
    c = pg.colormap.get(COLORMAP).map(x, mode="qcolor")
    return np.array([c.red(), c.green(), c.blue()], float)


def shaded(rgb: np.ndarray) -> np.ndarray:
    """Source-over of (40, 40, 40) at alpha 45/255: the band's shade over a colour."""
    return rgb + (40.0 - rgb) * 45.0 / 255.0


def check_shade(panel: GatePlanePanel) -> int:
    """Every map's shade lies on exactly the closed bands; pixels a few px inside a band are the
    shaded colour-map colour, a few px outside it the plain one. Returns the pixels compared."""
    QApplication.processEvents()
    spec = panel.spec()
    (g0, g1), (u0, u1) = spec.g_range, spec.u_range
    zero_g, _, closed = plane.outlines(spec)
    shot = panel.maps.widget.viewport().grab().toImage()
    compared = 0
    for key, view in panel.maps.views.items():
        if not view.isVisible():
            continue
        got_rects = [r.getRect() for r in view.band_shade.rects()]
        assert got_rects == [pytest.approx((a, u0, b - a, u1 - u0)) for a, b in closed]
        assert view.band_shade.isVisible() and view.band_shade.scene() is not None
        mg, mu = view.marker_pos()
        u = u0 + 0.13 * (u1 - u0)  # a row clear of the h = 0 line and of the crosshair
        if abs(view.data_to_viewport(g0, u).y() - view.data_to_viewport(g0, mu).y()) < CLEAR:
            u = u0 + 0.87 * (u1 - u0)
        y = int(view.data_to_viewport(g0, u).y())
        lines = [view.data_to_viewport(x, u).x() for x in [*zero_g, mg]]
        for a, b in closed:
            xa, xb = view.data_to_viewport(a, u).x(), view.data_to_viewport(b, u).x()
            candidates = [(xa + CLEAR + 1, True), (xb - CLEAR - 1, True),
                          (xa - CLEAR - 1, False), (xb + CLEAR + 1, False)]
            for x, inside in candidates:
                if inside and xb - xa < 2 * CLEAR + 3:
                    continue  # a band too narrow to have pixels clear of its outline
                if any(abs(x - line) < CLEAR for line in lines):
                    continue
                gx = float(view.vb.mapSceneToView(view.widget.mapToScene(int(x), y)).x())
                if not g0 < gx < g1 or any(lo < gx < hi for lo, hi in closed) != inside:
                    continue  # off the map, or outside this band but in another
                colour = shot.pixelColor(int(x), y)
                got = np.array([colour.red(), colour.green(), colour.blue()], float)
                plain = colour_map(panel, key, gx, u)
                want = shaded(plain) if inside else plain
                assert np.abs(got - want).max() <= 12, (key, (a, b), inside, got, want)
                compared += 1
    return compared


@pytest.fixture
def panel(qtbot) -> GatePlanePanel:  # noqa: ANN001
    p = show_panel(qtbot, GatePlanePanel())
    p.set_point(5.0, 5.0)
    return p


def test_the_shade_follows_resolution_eps_window_and_variant(panel: GatePlanePanel) -> None:
    c = panel.controls
    assert c.resolution.set_text_and_commit("512")
    assert check_shade(panel) >= 12  # SwiGLU, ε 0.1: g < −3.54 and around g = 0
    assert c.resolution.set_text_and_commit("64")  # columns wider than a screen pixel
    assert check_shade(panel) >= 12
    assert c.eps.set_text_and_commit("0.5")  # one band: g < 0.74
    assert check_shade(panel) >= 9
    assert c.g_min.set_text_and_commit("1")  # SiLU(g) ≥ 0.73 here: no closed band at all
    assert check_shade(panel) == 0
    assert all(v.band_shade.rects() == [] for v in panel.maps.views.values())
    assert c.g_min.set_text_and_commit("-6")
    assert panel.set_variant("reglu")  # closed where ReLU(g) < ε: g < 0.1
    assert check_shade(panel) >= 6
    c.set_view_name("dh_du")  # one map alone, drawn larger
    assert check_shade(panel) >= 2
