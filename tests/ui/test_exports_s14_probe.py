"""The activation tab's z probe stays visible where it crosses the legend (walkthrough s14, F4).

Why: the legend (top left) was drawn over the probe line, so for z in about −6 … −0.5 (the
lesson's SiLU minimum included) the line vanished behind it, and at QT_SCALE_FACTOR=1.5 the
legend also washed out the "z =" of its label. Checked on rendered pixels, at 1× in this process
and at 1.5× in a child process (the scale factor is fixed when the QApplication starts)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.ui.conftest import settle

PROBE = r'''
import json, os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv)
from gatelab.ui.activations_panel import ActivationsPanel

def look(panel, z):
    """Dark pixels on the probe line inside the legend's box, and whether the label meets it."""
    panel.set_z(z)
    for _ in range(30):
        app.processEvents()
    img = panel.plot_widget.grab().toImage()
    dpr = img.devicePixelRatio()
    legend = panel.legend.sceneBoundingRect()
    label = panel.z_line.label.sceneBoundingRect()
    x = round(panel.plot.vb.mapViewToScene(QPointF(z, 0)).x() * dpr)
    rows = range(int(legend.top() * dpr) + 3, int(legend.bottom() * dpr) - 3)
    dark = sum(1 for y in rows if img.pixelColor(x, y).lightness() < 120)
    return {"dark": dark, "rows": len(rows), "label_meets_legend": legend.intersects(label),
            "inside": bool(legend.left() < x / dpr < legend.right())}

def run(size):
    panel = ActivationsPanel()
    panel.resize(*size)
    panel.show()
    for _ in range(30):
        app.processEvents()
    # as the lesson's steps do: the legend refilled while the probe moves under it
    panel.set_shown(["silu"], True)
    for _ in range(10):
        app.processEvents()
    panel.set_shown(["silu", "relu", "gelu", "gelu_tanh", "sigmoid"], True)
    return [look(panel, z) for z in (-1.2785, -1.0, -3.0)]
'''


def _looks(scale: str | None, size: tuple[int, int]) -> list[dict]:
    env = dict(os.environ)
    if scale:
        env["QT_SCALE_FACTOR"] = scale
    code = PROBE + f"\nprint(json.dumps(run({size!r})))\n"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=120, cwd=Path(__file__).resolve().parents[2], check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _check(looks: list[dict]) -> None:
    for look in looks:
        assert look["inside"], look  # the probe does cross the legend here
        assert look["dark"] >= look["rows"] - 2, look  # the line is drawn the whole way down
        assert not look["label_meets_legend"], look  # "z = …" is not under the legend


def test_probe_line_drawn_over_the_legend(qtbot) -> None:  # noqa: ANN001
    from PySide6.QtCore import QPointF

    from gatelab.ui.activations_panel import ActivationsPanel

    panel = ActivationsPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    qtbot.waitExposed(panel)
    settle()
    for z in (-1.2785, -4.0):
        panel.set_z(z)
        settle()
        img = panel.plot_widget.grab().toImage()
        legend = panel.legend.sceneBoundingRect()
        x = round(panel.plot.vb.mapViewToScene(QPointF(z, 0)).x())
        assert legend.left() < x < legend.right()
        rows = range(int(legend.top()) + 3, int(legend.bottom()) - 3)
        dark = [y for y in rows if img.pixelColor(x, y).lightness() < 120]
        assert len(dark) >= len(rows) - 2, (z, len(dark), len(rows))
        assert not legend.intersects(panel.z_line.label.sceneBoundingRect())


def test_probe_over_the_legend_at_one_and_a_half() -> None:
    _check(_looks("1.5", (700, 560)))
