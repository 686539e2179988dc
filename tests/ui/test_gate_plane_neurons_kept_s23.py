"""The gate plane's neurons loaded from a run folder come back on the next launch.

Why (walkthrough s23): "Load neurons from run…" drew a 4-layer run's (g, u) at layer L2; after a
restart the tab said "No neurons loaded." while every other setting of the tab (variant, window,
point) was remembered. The folder and the layer are kept now and read again at start, off the
GUI thread as by the button; a folder gone since is skipped without a word, and neurons the
live trainer sent (no folder chosen) or a Clear leave nothing to reopen.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QSettings

from gatelab.ui.gate_plane_panel import GatePlanePanel


def _run(folder: Path) -> np.ndarray:
    folder.mkdir()
    pairs = np.arange(3 * 4 * 2, dtype=np.float32).reshape(3, 4, 2) - 8
    np.savez(folder / "stats.npz", gate_pairs=pairs)
    return pairs


def _panel(qtbot) -> GatePlanePanel:  # noqa: ANN001
    p = GatePlanePanel()
    qtbot.addWidget(p)
    return p


def test_a_run_folder_and_its_layer_are_reopened(qtbot, settings: QSettings,  # noqa: ANN001
                                                 tmp_path: Path) -> None:
    pairs = _run(tmp_path / "run-a")
    a = _panel(qtbot)
    assert a.load_neurons_from(str(tmp_path / "run-a"))
    a.controls.layer_spin.setValue(2)
    a.save_settings(settings)
    b = _panel(qtbot)
    b.restore_settings(settings)
    qtbot.waitUntil(lambda: b.neuron_points() is not None, timeout=10000)
    assert b.controls.layer() == 2
    xs, ys = b.maps.views["h"].neurons.getData()
    np.testing.assert_array_equal(xs, pairs[2, :, 0])
    np.testing.assert_array_equal(ys, pairs[2, :, 1])
    assert "run run-a: layer L2 of L0–L2, 4 neurons" in b.controls.neuron_message.text()


def test_nothing_to_reopen_after_clear_or_a_live_overlay(qtbot, settings: QSettings,  # noqa: ANN001
                                                         tmp_path: Path) -> None:
    _run(tmp_path / "run-a")
    a = _panel(qtbot)
    assert a.load_neurons_from(str(tmp_path / "run-a"))
    a.set_neuron_points(np.array([[0.5, 1.0], [-1.0, 2.0]]), "layer 0, step 10")  # live trainer
    a.save_settings(settings)
    b = _panel(qtbot)
    b.restore_settings(settings)
    qtbot.wait(200)
    assert b.neuron_points() is None
    assert b.controls.neuron_message.text() == "No neurons loaded."


def test_a_folder_gone_since_is_skipped_quietly(qtbot, settings: QSettings,  # noqa: ANN001
                                                tmp_path: Path) -> None:
    _run(tmp_path / "run-a")
    a = _panel(qtbot)
    assert a.load_neurons_from(str(tmp_path / "run-a"))
    a.save_settings(settings)
    (tmp_path / "run-a" / "stats.npz").unlink()
    (tmp_path / "run-a").rmdir()
    b = _panel(qtbot)
    b.restore_settings(settings)
    qtbot.wait(200)
    assert b.neuron_points() is None
    assert b.controls.neuron_message.text() == "No neurons loaded."


def test_the_reopened_folder_is_not_even_looked_at_on_the_gui_thread(  # noqa: ANN001
        qtbot, settings: QSettings, tmp_path: Path, monkeypatch) -> None:
    """A remembered folder on a stalled network mount hangs a stat as well as a read: the
    launch's check that stats.npz is still there runs in the helper thread too (s24)."""
    import os
    import threading
    pairs = _run(tmp_path / "run-a")
    a = _panel(qtbot)
    assert a.load_neurons_from(str(tmp_path / "run-a"))
    a.save_settings(settings)
    looked: list[str] = []
    real_isfile, real_stat = os.path.isfile, os.stat

    def spy(name: str, real):  # noqa: ANN001, ANN202
        def call(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
            if "run-a" in str(path):
                looked.append(f"{name} in {threading.current_thread().name}")
            return real(path, *args, **kwargs)
        return call
    monkeypatch.setattr(os.path, "isfile", spy("isfile", real_isfile))
    monkeypatch.setattr(os, "stat", spy("stat", real_stat))
    b = _panel(qtbot)
    b.restore_settings(settings)
    qtbot.waitUntil(lambda: b.neuron_points() is not None, timeout=10000)
    np.testing.assert_array_equal(b.neuron_points(), pairs[0])
    assert looked and not [x for x in looked if x.endswith("MainThread")], looked
