"""How long the gate plane takes to recompute and redraw all three maps after a click.

One *update* = a simulated click (``set_point``: exact readout, marker, sentence) plus a full
``refresh()`` (h, ∂h/∂g, ∂h/∂u at N², symmetric levels, h = 0 lines, closed-gate bands) plus a
synchronous repaint of the three map views. The panel itself only recomputes on variant,
parameter or window changes; this measures the worst case on purpose.

The *floor*, measured in the same run and interleaved with the updates, is the least work that
could show one such map: one numpy pass (``gates.evaluate`` on the same N² float32 grid, broadcast
the way the panel does it) plus one ``ImageItem.setImage`` of that N² map in a bare plot, sized
so that its map covers as many screen pixels as one of the panel's maps, repainted once. floor_ratio = update p50 / floor p50 (three maps against one: ~3 is
what drawing three images costs; the target is ≤ 3).

Usage:  QT_QPA_PLATFORM=offscreen python benchmarks/bench_gate_plane.py [--repeats 200] [--res 512]
Last line:  gate_plane_update_ms_p50=<x> floor_ratio=<r>
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def drawn_size(view: object, item: object) -> tuple[int, int]:
    """The on-screen pixels an image item covers in its graphics view (width, height)."""
    rect = view.mapFromScene(item.mapRectToScene(item.boundingRect())).boundingRect()  # type: ignore[attr-defined]
    return rect.width(), rect.height()


def settle(app: object, view: object, passes: int = 50) -> None:
    """Process events until the view's size has stayed the same for three passes (the gate
    plane's layout refits from zero-delay timers; one pass measured a transient, smaller map)."""
    last, same = None, 0
    for _ in range(passes):
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.01)
        size = (view.width(), view.height())  # type: ignore[attr-defined]
        same = same + 1 if size == last else 0
        last = size
        if same >= 3:
            return


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=200)
    ap.add_argument("--res", type=int, default=512)
    ap.add_argument("--warmup", type=int, default=5)
    args = ap.parse_args()

    import numpy as np
    import pyqtgraph as pg
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QApplication

    from gatelab.core import gates, plane
    from gatelab.ui.gate_plane_panel import GatePlanePanel

    app = QApplication.instance() or QApplication([])
    panel = GatePlanePanel()
    panel.resize(1400, 900)
    panel.show()
    app.processEvents()
    if not panel.controls.resolution.set_value(args.res, emit=True):
        print(f"resolution {args.res} refused: {panel.controls.resolution.error_text()}")
        return 2
    app.processEvents()
    maps_view = panel.maps.widget  # all three maps share one graphics view
    settle(app, maps_view)  # the maps refit from queued timers: measure the settled layout
    map_size = QSize(maps_view.width() // 3, maps_view.height())

    # the floor: one evaluate + one bare ImageItem in a plot of one map's size
    bare = pg.PlotWidget()
    bare.resize(map_size)
    bare_img = pg.ImageItem(axisOrder="col-major")
    bare_img.setColorMap(pg.colormap.get("CET-D1A"))
    bare.addItem(bare_img)
    bare.getPlotItem().getViewBox().setAspectLocked(True)  # drawn as large as one panel map
    bare_img.setImage(np.zeros((args.res, args.res), np.float32), autoLevels=False, levels=(-1.0, 1.0))
    bare_img.setRect(-6.0, -6.0, 12.0, 12.0)
    bare.show()
    app.processEvents()
    panel_px = drawn_size(maps_view, next(iter(panel.maps.images.values())))
    for _ in range(4):  # grow or shrink the bare plot until its map is drawn as large as the panel's
        floor_px = drawn_size(bare, bare_img)
        if floor_px == panel_px:
            break
        bare.resize(bare.width() + panel_px[0] - floor_px[0], bare.height() + panel_px[1] - floor_px[1])
        app.processEvents()
    floor_px = drawn_size(bare, bare_img)
    g = plane.pixel_centres(-6.0, 6.0, args.res)
    u = plane.pixel_centres(-6.0, 6.0, args.res)

    def floor_once() -> tuple[float, float]:
        t0, c0 = time.perf_counter(), time.process_time()
        h, _, _ = gates.evaluate("swiglu", g[None, :], u[:, None])
        bare_img.setImage(h.T, autoLevels=False, levels=(-36.0, 36.0))
        bare.viewport().repaint()
        return time.perf_counter() - t0, time.process_time() - c0

    rng = np.random.default_rng(0)

    def update_once() -> tuple[float, float]:
        gx, ux = (float(x) for x in rng.uniform(-6, 6, size=2))
        t0, c0 = time.perf_counter(), time.process_time()
        panel.set_point(gx, ux)
        panel.refresh()
        maps_view.viewport().repaint()
        return time.perf_counter() - t0, time.process_time() - c0

    for _ in range(args.warmup):
        floor_once()
        update_once()
    updates: list[tuple[float, float]] = []
    floors: list[tuple[float, float]] = []
    for _ in range(args.repeats):  # interleaved, so machine noise hits both alike
        floors.append(floor_once())
        updates.append(update_once())
        app.processEvents()

    def stats(pairs: list[tuple[float, float]], i: int) -> tuple[float, float]:
        values = [p[i] for p in pairs]
        return statistics.median(values) * 1e3, percentile(values, 0.9) * 1e3

    u50, u90 = stats(updates, 0)
    f50, f90 = stats(floors, 0)
    uc50, uc90 = stats(updates, 1)
    fc50, fc90 = stats(floors, 1)
    print(f"resolution {args.res}², {args.repeats} repeats, each map drawn {panel_px[0]}x"
          f"{panel_px[1]} px (floor's {floor_px[0]}x{floor_px[1]}), Qt platform "
          f"{app.platformName()}, load {os.getloadavg()[0]:.2f}")
    print(f"update (click + recompute + repaint 3 maps): median {u50:.2f} ms, p90 {u90:.2f} ms "
          f"(CPU time: median {uc50:.2f} ms, p90 {uc90:.2f} ms)")
    print(f"floor  (1 evaluate + 1 setImage + repaint):  median {f50:.2f} ms, p90 {f90:.2f} ms "
          f"(CPU time: median {fc50:.2f} ms, p90 {fc90:.2f} ms)")
    print(f"CPU-time ratio (robust on a busy machine): {uc50 / fc50:.2f}")
    panel.close()
    bare.close()
    print(f"gate_plane_update_ms_p50={u50:.2f} floor_ratio={u50 / f50:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
