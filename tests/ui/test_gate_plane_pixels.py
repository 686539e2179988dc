"""The gate-plane maps as the user sees them: rendered pixel colours against ``gates.evaluate``.

Why: the numeric tests read the image arrays and the readouts, so they could not see that after
a resolution change (1024 → 512, 256 → 64) the new image kept the old scale and no longer filled
the g/u window. Here every check grabs the viewport, samples the pixel at the screen position of a
data point and compares it with the colour-map colour of the exact value there, after every kind
of spec change: resolution, window, variant, parameters and view.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from gatelab.core import gates, plane
from gatelab.ui.gate_plane_image import COLORMAP
from gatelab.ui.gate_plane_panel import GatePlanePanel
from tests.ui.conftest import show_panel

INDEX = {"h": 0, "dh_dg": 1, "dh_du": 2}
TOLERANCE = 18  # per channel out of 255: LUT quantisation and nearest-pixel sampling
CLEARANCE = 6  # px kept clear of outlines, crosshair and marker


@pytest.fixture
def panel(qtbot) -> GatePlanePanel:  # noqa: ANN001
    p = show_panel(qtbot, GatePlanePanel())
    p.set_point(100.0, 100.0)  # marker pinned to the top-right corner, out of the way
    return p


def cell_centre(spec: plane.PlaneSpec, g: float, u: float) -> tuple[float, float]:
    """The centre of the map cell that holds (g, u): there the image value is exact."""
    (g0, g1), (u0, u1) = spec.g_range, spec.u_range
    n = spec.resolution
    sg, su = (g1 - g0) / n, (u1 - u0) / n
    i = min(max(math.floor((g - g0) / sg), 0), n - 1)
    j = min(max(math.floor((u - u0) / su), 0), n - 1)
    return g0 + (i + 0.5) * sg, u0 + (j + 0.5) * su


def expected_colour(panel: GatePlanePanel, key: str, g: float, u: float) -> np.ndarray:
    """RGB of the colour map at the exact value, scaled by the map's symmetric levels."""
    spec = panel.spec()
    value = float(gates.evaluate(spec.variant, g, u, **spec.params)[INDEX[key]])
    lo, hi = panel.maps.views[key].levels  # the symmetric levels the map was coloured with
    x = 0.5 if hi == lo else min(max((value - lo) / (hi - lo), 0.0), 1.0)
    colour = pg.colormap.get(COLORMAP).map(x, mode="qcolor")
    return np.array([colour.red(), colour.green(), colour.blue()], dtype=float)


def grab(panel: GatePlanePanel) -> QImage:
    QApplication.processEvents()
    return panel.maps.widget.viewport().grab().toImage()


def _clear_of_overlays(panel: GatePlanePanel, key: str, g: float, u: float) -> bool:
    """False where an outline, closed-gate band, crosshair or the marker covers the pixel."""
    spec = panel.spec()
    view = panel.maps.views[key]
    here = view.data_to_viewport(g, u)
    zero_g, zero_u, closed = plane.outlines(spec)
    mg, mu = view.marker_pos()
    for line_g in [*zero_g, mg]:
        if abs(view.data_to_viewport(line_g, u).x() - here.x()) < CLEARANCE:
            return False
    for line_u in [*zero_u, mu]:
        if abs(view.data_to_viewport(g, line_u).y() - here.y()) < CLEARANCE:
            return False
    for a, b in closed:
        if view.data_to_viewport(a, u).x() - CLEARANCE <= here.x() <= (
                view.data_to_viewport(b, u).x() + CLEARANCE):
            return False
    return True


def check_geometry(panel: GatePlanePanel) -> None:
    """Every image item covers exactly the g/u window, whatever its shape."""
    (g0, g1), (u0, u1) = panel.spec().g_range, panel.spec().u_range
    for key, image in panel.maps.images.items():
        assert image.image.shape == (panel.spec().resolution,) * 2
        r = image.mapRectToParent(image.boundingRect())
        assert (r.left(), r.right(), r.top(), r.bottom()) == pytest.approx(
            (g0, g1, u0, u1), abs=1e-9), key


def check_pixels(panel: GatePlanePanel, points: list[tuple[float, float]]) -> int:
    """Compare rendered colours at data points on every visible map; return how many compared."""
    check_geometry(panel)
    shot = grab(panel)
    compared = 0
    for key, view in panel.maps.views.items():
        if not view.isVisible():
            continue
        for g, u in points:
            g, u = cell_centre(panel.spec(), g, u)
            if not _clear_of_overlays(panel, key, g, u):
                continue
            pos = view.data_to_viewport(g, u)
            x, y = int(pos.x()), int(pos.y())
            assert shot.rect().contains(x, y), (key, g, u)
            c = shot.pixelColor(x, y)
            got = np.array([c.red(), c.green(), c.blue()], dtype=float)
            want = expected_colour(panel, key, g, u)
            assert np.abs(got - want).max() <= TOLERANCE, (key, (g, u), got, want)
            compared += 1
    return compared


POINTS = [(4.5, -4.5), (-4.5, 4.5), (2.5, 2.5), (-1.5, -3.5), (5.5, 5.0), (-5.5, -5.5),
          (1.2, -0.7), (3.3, 4.1)]


def test_resolution_changes_keep_the_image_on_the_window(panel: GatePlanePanel) -> None:
    c = panel.controls
    for res in ("1024", "512", "256", "64", "16", "300"):
        assert c.resolution.set_text_and_commit(res)
        assert check_pixels(panel, POINTS) >= 12, res
    # the example: SwiGLU h ≈ −20 at (4.5, −4.5) is the strong negative (blue) colour
    h = float(gates.evaluate("swiglu", 4.5, -4.5)[0])
    assert h == pytest.approx(-20.0, abs=0.3)
    view = panel.maps.views["h"]
    pos = view.data_to_viewport(*cell_centre(panel.spec(), 4.5, -4.5))
    colour = grab(panel).pixelColor(int(pos.x()), int(pos.y()))
    assert colour.blue() > 150 and colour.red() < 120


def test_window_variant_params_and_view_changes(panel: GatePlanePanel) -> None:
    c = panel.controls
    assert c.resolution.set_text_and_commit("1024")
    assert c.resolution.set_text_and_commit("128")
    assert c.g_min.set_text_and_commit("-2")
    assert c.u_max.set_text_and_commit("9")
    shifted = [(g + 2.0, u + 3.0) for g, u in POINTS]
    assert check_pixels(panel, shifted) >= 12
    assert panel.set_variant("reglu")
    assert check_pixels(panel, shifted) >= 12
    assert panel.set_variant("swiglu_clamped")
    assert c.param_fields["limit"].set_text_and_commit("3")
    assert check_pixels(panel, shifted) >= 12
    assert c.resolution.set_text_and_commit("32")
    assert check_pixels(panel, shifted) >= 12
    for view in ("h", "dh_du", "all"):
        c.set_view_name(view)
        assert check_pixels(panel, shifted) >= 4, view
    assert panel.set_variant("geglu")
    assert c.g_min.set_text_and_commit("-6")
    assert c.u_max.set_text_and_commit("6")
    assert check_pixels(panel, POINTS) >= 12


def test_geometry_after_window_change_alone(panel: GatePlanePanel) -> None:
    assert panel.controls.resolution.set_text_and_commit("512")
    assert panel.controls.u_min.set_text_and_commit("-1")
    image = panel.maps.images["dh_dg"]
    assert image.mapRectToParent(image.boundingRect()) == QRectF(-6.0, -1.0, 12.0, 7.0)
    pos = panel.maps.views["dh_dg"].data_to_viewport(5.9, 5.9)
    assert isinstance(pos, QPointF)
    assert check_pixels(panel, [(4.5, 4.5), (-4.5, 0.5), (2.5, 2.5)]) >= 3
