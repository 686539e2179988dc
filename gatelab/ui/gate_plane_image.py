"""How a gate-plane map becomes pixels: one colour table, uint8 indices, one RGB32 image.

Split from ``gate_plane_maps`` (which lays out the maps and draws markers and lines on them) so
the speed-critical colouring, and the one way to place an image over its g/u window, are read
in one place. Used by the gate plane and the Inside tab's gate maps.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, qRgba

COLORMAP = "CET-D1A"  # blue–white–red, perceptually uniform, white at the centre (0)
LUT_SIZE = 256
_LUT: np.ndarray | None = None


def colour_table() -> np.ndarray:
    """The colour map as LUT_SIZE RGBA colours [LUT_SIZE, 4] (uint8), shared by all maps."""
    global _LUT
    if _LUT is None:
        rgba = pg.colormap.get(COLORMAP).getLookupTable(nPts=LUT_SIZE, alpha=True, mode="byte")
        _LUT = np.ascontiguousarray(rgba, dtype=np.uint8)
    return _LUT


def to_indices(values: np.ndarray, levels: tuple[float, float]) -> np.ndarray:
    """A map [n_g, n_u] (float) as colour-table indices [n_u, n_g] (uint8, row-major, as QImage
    wants it): levels lo..hi span the table, values outside are clipped to its ends.

    Why by hand: handed a float map, pyqtgraph checks it for NaNs, rescales and clips it through
    its general path on every update; this is one float32 pass and one cast, and the uint8 image
    is drawn as a QImage with the colour table (Indexed8), no levels."""
    lo, hi = levels
    scale = np.float32(LUT_SIZE / (hi - lo)) if hi > lo else np.float32(0.0)
    t = np.multiply(values, scale, dtype=np.float32)  # [n_g, n_u]
    t -= np.float32(lo) * scale
    np.clip(t, 0.0, LUT_SIZE - 1, out=t)
    idx = np.empty(values.shape[::-1], np.uint8)  # [n_u, n_g]
    np.copyto(idx, t.T, casting="unsafe")  # truncates like astype; transposes in the same pass
    return idx


def to_rgba(values: np.ndarray, levels: tuple[float, float]) -> np.ndarray:
    """The colours the map shows, [n_u, n_g, 4] uint8 RGBA (for tests and exports)."""
    return colour_table()[to_indices(values, levels)]


class IndexedImage(pg.ImageItem):
    """An ImageItem for uint8 colour indices [rows = u, columns = g] with one colour table.

    Why: pyqtgraph rebuilds the QImage's 256-entry colour table in Python (and rescales its
    LUT) on every render; here the table is built once and each render only wraps the index
    array in an Indexed8 QImage (≈ 0.3 ms of a ≈ 9 ms 512² update, measured). That image is
    converted to RGB32 once per render: Qt converted an Indexed8 image to 32 bits on every
    draw, 1.1–1.8 ms of each 512² map's paint, against 0.23 ms to convert once and 0.20 ms to
    draw (measured; every repaint draws the maps again: the crosshair, a hover, an expose).
    Any other image goes through pyqtgraph's own path."""

    def __init__(self) -> None:
        super().__init__(axisOrder="row-major")
        self._table = [qRgba(*c) for c in colour_table().tolist()]
        self.map_levels: tuple[float, float] | None = None  # the values the table's ends stand for

    def getLevels(self) -> tuple[float, float] | None:  # noqa: N802 (pyqtgraph's name)
        """The value range the colour table spans (the indices themselves have no levels)."""
        return self.map_levels if self.map_levels is not None else super().getLevels()

    def render(self) -> None:
        image = self.image
        if image is None or image.dtype != np.uint8 or image.ndim != 2 or self.autoDownsample:
            super().render()
            return
        indices = np.ascontiguousarray(image)
        qimage = pg.functions.ndarray_to_qimage(indices, QImage.Format.Format_Indexed8)
        qimage.setColorTable(self._table)
        self.qimage = qimage.convertToFormat(QImage.Format.Format_RGB32)  # owns its pixels
        self._renderRequired = False
        self._unrenderable = False


def place_image(image: pg.ImageItem, data: np.ndarray, rect: QRectF) -> None:
    """Show ``data`` in ``image`` stretched over exactly ``rect`` (the g/u window).

    Why: ``ImageItem.setRect`` stores a transform scaled by the *current* image shape, so a new
    shape (a resolution change) under the old transform covers the wrong area and every colour
    lands on the wrong (g, u). Every image update must go through here; the transform is cheap.
    """
    image.setImage(data, autoLevels=False)
    image.setRect(rect)


__all__ = ["COLORMAP", "LUT_SIZE", "IndexedImage", "colour_table", "place_image", "to_indices",
           "to_rgba"]
