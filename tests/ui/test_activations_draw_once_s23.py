"""The curves tab samples each shown curve once at start, and again only when what it shows
changes: the start sampled them three times (70 of ≈ 170 ms to the first paint, s23), and a skip
must never leave a stale curve on screen.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QSettings

from gatelab.core import curves
from gatelab.ui import activations_panel
from gatelab.ui.activations_panel import ActivationsPanel
from tests.ui.conftest import show_panel


def test_each_change_redraws_and_nothing_else_does(qtbot, monkeypatch, tmp_path) -> None:  # noqa: ANN001
    calls: list[str] = []
    real = curves.sample
    monkeypatch.setattr(activations_panel.curves, "sample",
                        lambda name, lo, hi: calls.append(name) or real(name, lo, hi))
    panel = show_panel(qtbot, ActivationsPanel())
    panel.restore_settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    shown = panel.shown()
    assert sorted(calls) == sorted(shown)  # once each, at start and restore together
    calls.clear()
    panel.set_range(-6, 6)  # the same range: nothing to draw again
    panel.set_shown(shown)
    assert calls == []
    assert panel.set_range(-3, 5)  # a new range: every shown curve, over it
    assert sorted(calls) == sorted(shown)
    for name in shown:
        z, _f = panel.curve_items(name)[0].getData()
        assert np.isclose(z[0], -3) and np.isclose(z[-1], 5)
    panel.set_shown([shown[0]], derivatives=False)  # fewer curves, no derivatives: redrawn
    assert [c for c in (panel.curve_items(n) for n in shown[1:]) if c[0].isVisible()] == []
    assert not panel.curve_items(shown[0])[1].isVisible()
