"""The gate-plane panel through its widgets: real clicks, typed points, keys, bad input, settings."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt

from gatelab.core import gates
from gatelab.ui.gate_plane_panel import GatePlanePanel
from tests.ui.conftest import show_panel
from gatelab.ui.widgets import parse_number


@pytest.fixture
def panel(qtbot) -> GatePlanePanel:  # noqa: ANN001
    p = show_panel(qtbot, GatePlanePanel())
    return p


def readout(panel: GatePlanePanel, key: str) -> str:
    return panel.controls.readout.value_text(key)


def click_data(qtbot, panel: GatePlanePanel, key: str, g: float, u: float) -> None:  # noqa: ANN001
    """A real left click on map ``key`` at data point (g, u): data → scene → viewport pixels."""
    view = panel.maps.views[key]
    pos = view.data_to_viewport(g, u).toPoint()
    assert view.viewport().rect().contains(pos)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


@pytest.mark.parametrize("key", ["h", "dh_du"])
def test_real_click_reads_known_values(qtbot, panel: GatePlanePanel, key: str) -> None:  # noqa: ANN001
    panel.set_point(0.0, 0.0)
    assert readout(panel, "h") == "0.0000"
    click_data(qtbot, panel, key, 1.5, -2.0)
    assert panel.point() == (1.5, -2.0)
    assert readout(panel, "g") == "1.5000" and readout(panel, "u") == "−2.0000"
    assert readout(panel, "act") == "1.2264"
    assert readout(panel, "h") == "−2.4527"
    assert readout(panel, "dh_dg") == "−2.0826"
    assert readout(panel, "dh_du") == "1.2264"
    assert "Gate open" in panel.meaning_label.text()
    for view in panel.maps.views.values():  # the marker moved on every map
        assert view.marker_pos() == (1.5, -2.0)


def test_real_drag_moves_the_point(qtbot, panel: GatePlanePanel) -> None:  # noqa: ANN001
    view = panel.maps.views["dh_dg"]
    start = view.data_to_viewport(-2.0, 1.0).toPoint()
    end = view.data_to_viewport(3.0, -4.0).toPoint()
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), (start + end) / 2)
    qtbot.mouseMove(view.viewport(), end)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    assert panel.point() == (3.0, -4.0)
    assert parse_number(readout(panel, "h")) == pytest.approx(
        float(gates.evaluate("swiglu", 3.0, -4.0)[0]), abs=5e-5)


def test_quick_point_sign_flip(qtbot, panel: GatePlanePanel) -> None:  # noqa: ANN001
    button = next(b for b in panel.controls.quick_buttons if b.text() == "(−3, −2)")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert readout(panel, "act") == "−0.1423"
    assert readout(panel, "h") == "0.2846"
    text = panel.meaning_label.text()
    assert "flips the sign of u" in text and "+0.2846" in text


def test_typed_point(qtbot, panel: GatePlanePanel) -> None:  # noqa: ANN001
    for edit, text in ((panel.controls.g_field.edit, "2"), (panel.controls.u_field.edit, "0.5")):
        edit.selectAll()
        qtbot.keyClicks(edit, text)
        qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert panel.point() == (2.0, 0.5)
    assert readout(panel, "act") == "1.7616" and readout(panel, "h") == "0.8808"


def test_closed_silu_gate_still_has_gradient(panel: GatePlanePanel) -> None:
    panel.set_point(0.0, 1.0)
    assert readout(panel, "dh_dg") == "0.5000" and readout(panel, "h") == "0.0000"
    text = panel.meaning_label.text()
    assert "Gate closed" in text and "gradient still flows" in text


def test_reglu_negative_gate_has_no_gradient(qtbot, panel: GatePlanePanel) -> None:  # noqa: ANN001
    combo = panel.controls.variant_combo
    combo.setCurrentIndex(gates.VARIANTS.index("reglu"))
    combo.activated.emit(combo.currentIndex())  # what choosing the entry with the mouse emits
    assert panel.spec().variant == "reglu"
    click_data(qtbot, panel, "h", -2.0, 3.0)
    assert readout(panel, "act") == "0.0000" and readout(panel, "dh_dg") == "0.0000"
    assert "no gradient reaches g" in panel.meaning_label.text()


def test_far_point_is_exact_and_marker_pinned(panel: GatePlanePanel) -> None:
    assert panel.set_point(10.0, 10.0)
    assert readout(panel, "h") == "99.9955"
    assert readout(panel, "dh_du") == "9.9995"
    assert "Outside the map window" in panel.meaning_label.text()
    assert panel.maps.views["h"].marker_pos() == pytest.approx((5.82, 5.82))
    assert panel.maps.views["h"]._pinned


def test_arrow_keys_nudge(qtbot, panel: GatePlanePanel) -> None:  # noqa: ANN001
    click_data(qtbot, panel, "h", 1.5, -2.0)
    widget = panel.maps.widget
    assert widget.hasFocus()  # the click gave the maps keyboard focus
    qtbot.keyClick(widget, Qt.Key.Key_Right)
    qtbot.keyClick(widget, Qt.Key.Key_Up)
    qtbot.keyClick(widget, Qt.Key.Key_Up)
    assert panel.point() == pytest.approx((1.6, -1.8))
    qtbot.keyClick(widget, Qt.Key.Key_Left, Qt.KeyboardModifier.ShiftModifier)
    assert panel.point() == pytest.approx((1.59, -1.8))
    g, u = panel.point()
    assert parse_number(readout(panel, "h")) == pytest.approx(
        float(gates.evaluate("swiglu", g, u)[0]), abs=5e-5)


def test_image_equals_gates_evaluate(panel: GatePlanePanel) -> None:
    spec = panel.spec()
    n = spec.resolution
    step = 12.0 / n
    for key, index in (("h", 0), ("dh_dg", 1), ("dh_du", 2)):
        image = panel.maps.views[key].values
        assert image.shape == (n, n) and image.dtype == np.float32
        for i, j in ((0, 0), (n // 3, n - 1), (n - 7, n // 2)):
            g, u = -6.0 + (i + 0.5) * step, -6.0 + (j + 0.5) * step
            expected = float(gates.evaluate("swiglu", g, u)[index])
            assert float(image[i, j]) == pytest.approx(expected, rel=1e-5, abs=1e-5)
        lo, hi = panel.maps.views[key].levels
        assert lo == -hi and hi == pytest.approx(float(np.abs(image).max()))


def test_variant_params_and_unknown_variant(panel: GatePlanePanel) -> None:
    assert panel.set_variant("swiglu_clamped")
    assert panel.controls.param_fields["limit"].isVisibleTo(panel)
    assert not panel.controls.param_fields["beta"].isVisibleTo(panel)
    panel.controls.param_fields["limit"].set_text_and_commit("3")
    assert panel.spec().params["limit"] == 3.0
    panel.set_point(5.0, 1.0)  # g above the limit: clamped, no gradient into g
    assert readout(panel, "dh_dg") == "0.0000" and readout(panel, "act") != "0.0000"
    assert "flat here (clamped)" in panel.meaning_label.text()
    before = panel.spec()
    assert not panel.set_variant("swigloo")
    assert panel.controls.variant_error.isVisible()
    assert "swigloo" in panel.controls.variant_error.text()
    assert panel.spec() == before
    assert not panel.controls.param_fields["limit"].set_text_and_commit("-1")
    assert panel.controls.param_fields["limit"].error_text() == "must be > 0"
    assert panel.spec().params["limit"] == 3.0


def test_bad_window_input_keeps_state(panel: GatePlanePanel) -> None:
    c = panel.controls
    before = panel.spec()
    image_before = panel.maps.views["h"].values.copy()
    assert not c.g_min.set_text_and_commit("7")
    assert "g min must be below g max" in c.g_min.error_text()
    assert not c.u_max.set_text_and_commit("nan")
    assert "not a finite number" in c.u_max.error_text()
    assert not c.u_max.set_text_and_commit("")
    assert c.u_max.error_text()
    assert not c.resolution.set_text_and_commit("5000")
    assert "[16, 1024]" in c.resolution.error_text()
    assert not c.eps.set_text_and_commit("0")
    assert not c.g_field.set_text_and_commit("inf")
    assert panel.spec() == before
    np.testing.assert_array_equal(panel.maps.views["h"].values, image_before)
    assert c.g_min.value() == -6.0 and c.resolution.value() == 256
    assert c.resolution.set_text_and_commit("64")  # a good value clears the message and applies
    assert c.resolution.error_text() == "" and panel.maps.views["h"].values.shape == (64, 64)
    assert not panel.set_point(float("nan"), 0.0)
    assert c.point_error.isVisible()


def test_outlines_follow_the_variant(panel: GatePlanePanel) -> None:
    path = panel.maps.views["h"].zero_lines.path()
    assert path.elementCount() == 4  # SwiGLU: h = 0 on g = 0 and on u = 0
    assert panel.set_variant("glu")  # σ(g) is never 0: only u = 0 remains
    path = panel.maps.views["dh_du"].zero_lines.path()
    assert path.elementCount() == 2 and path.elementAt(0).y == path.elementAt(1).y == 0.0
    bands = panel.maps.views["h"].bands.path().boundingRect()  # σ(g) < 0.1 ⇔ g < −2.1972
    assert bands.left() == -6.0 and bands.right() == pytest.approx(-2.1972, abs=1e-3)


def test_range_edit_moves_maps(panel: GatePlanePanel) -> None:
    assert panel.controls.g_max.set_text_and_commit("2")
    assert panel.spec().g_range == (-6.0, 2.0)
    image = panel.maps.images["h"]
    assert image.mapRectToParent(image.boundingRect()).right() == pytest.approx(2.0)


def test_view_selector(panel: GatePlanePanel) -> None:
    panel.controls.set_view_name("dh_dg")
    assert panel.maps.views["dh_dg"].isVisible()
    assert not panel.maps.views["h"].isVisible() and not panel.maps.views["dh_du"].isVisible()
    panel.controls.set_view_name("all")
    assert all(v.isVisible() for v in panel.maps.views.values())


def test_settings_round_trip(qtbot, settings: QSettings) -> None:  # noqa: ANN001
    a = GatePlanePanel()
    qtbot.addWidget(a)
    a.set_variant("swiglu_softcap")
    a.controls.param_fields["beta2"].set_text_and_commit("5")
    a.controls.g_min.set_text_and_commit("-4")
    a.controls.resolution.set_text_and_commit("128")
    a.controls.eps.set_text_and_commit("0.2")
    a.controls.set_view_name("h")
    a.set_point(-3.0, -2.0)
    a.save_settings(settings)
    b = GatePlanePanel()
    qtbot.addWidget(b)
    b.restore_settings(settings)
    assert b.spec() == a.spec()
    assert b.spec().params == {"beta1": 4.0, "beta2": 5.0}
    assert b.point() == (-3.0, -2.0) and b.controls.view_name() == "h"
    assert b.maps.views["h"].values.shape == (128, 128)


def test_restore_survives_garbage(qtbot, settings: QSettings) -> None:  # noqa: ANN001
    for key, value in (("variant", "zzz"), ("resolution", "abc"), ("g_min", "nan"),
                       ("g_max", "-50"), ("eps", "-1"), ("view", 3), ("g", "x"),
                       ("params/swiglu_clamped/limit", "-4")):
        settings.setValue(key, value)
    p = GatePlanePanel()
    qtbot.addWidget(p)
    p.restore_settings(settings)
    assert p.spec().variant == "swiglu" and p.spec().resolution == 256
    assert p.spec().g_range == (-6.0, 6.0) and p.spec().eps == 0.1
    assert p.set_variant("swiglu_clamped") and p.spec().params["limit"] == 7.0


def test_neuron_points_drawn(panel: GatePlanePanel) -> None:
    pairs = np.array([[1.5, -2.0], [-3.0, -2.0], [0.0, 1.0]])
    assert panel.set_neuron_points(pairs, "test run")
    for view in panel.maps.views.values():
        xs, ys = view.neurons.getData()
        np.testing.assert_array_equal(np.column_stack([xs, ys]), pairs)
    assert "test run" in panel.legend_label.text()
    assert panel.controls.neuron_message.text() == "test run: 3 neurons"
    assert not panel.set_neuron_points(np.zeros((3, 3)))  # bad shape: message, points kept
    assert "shape" in panel.controls.neuron_message.text()
    assert len(panel.maps.views["h"].neurons.getData()[0]) == 3
    assert panel.set_neuron_points(None)
    assert len(panel.maps.views["h"].neurons.getData()[0]) == 0


def test_load_neurons_from_run(panel: GatePlanePanel, tmp_path: Path) -> None:
    pairs = np.arange(2 * 4 * 2, dtype=np.float32).reshape(2, 4, 2) - 8
    np.savez(tmp_path / "stats.npz", gate_pairs=pairs)
    assert panel.load_neurons_from(str(tmp_path))
    assert panel.controls.layer_spin.isEnabled() and panel.controls.layer_spin.maximum() == 1
    xs, _ = panel.maps.views["dh_dg"].neurons.getData()
    np.testing.assert_array_equal(xs, pairs[0, :, 0])
    panel.controls.layer_spin.setValue(1)
    xs, _ = panel.maps.views["dh_dg"].neurons.getData()
    np.testing.assert_array_equal(xs, pairs[1, :, 0])
    assert "layer L1 of L0–L1, 4 neurons" in panel.controls.neuron_message.text()
    assert not panel.load_neurons_from(str(tmp_path / "missing"))
    assert "no stats.npz" in panel.controls.neuron_message.text()


def test_panel_in_main_window(main_window) -> None:  # noqa: ANN001
    plane_panel = main_window.show_tab("gate-plane")
    assert isinstance(plane_panel, GatePlanePanel)
    assert plane_panel.reading() is not None and plane_panel.reading().h == pytest.approx(
        -2.452723428580931)


def test_trainer_pairs_reach_the_plane(main_window) -> None:  # noqa: ANN001
    """What the window does with a trainer's sig_gate_pairs(pairs [m, 2], label)."""
    pairs = np.array([[0.5, 1.0], [-1.0, 2.0]])
    main_window._on_gate_pairs(pairs, "layer 0, step 10")
    plane_panel = main_window.panel("gate-plane")
    np.testing.assert_array_equal(plane_panel.neuron_points(), pairs)
    assert "layer 0, step 10" in plane_panel.legend_label.text()


def test_the_folder_button_reads_off_the_gui_thread(qtbot, panel: GatePlanePanel,  # noqa: ANN001
                                                    tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The button's path reads stats.npz in a helper thread, never on the GUI thread."""
    import threading

    from gatelab.core import plane as core_plane
    pairs = np.arange(2 * 4 * 2, dtype=np.float32).reshape(2, 4, 2) - 8
    np.savez(tmp_path / "stats.npz", gate_pairs=pairs)
    readers: list[str] = []
    real = core_plane.load_gate_pairs

    def spy(run_dir: str) -> np.ndarray:
        readers.append(threading.current_thread().name)
        return real(run_dir)

    monkeypatch.setattr(core_plane, "load_gate_pairs", spy)
    monkeypatch.setattr("gatelab.ui.file_dialogs.existing_folder", lambda *_a, **_k: str(tmp_path))
    with qtbot.waitSignal(panel.neurons_loaded, timeout=30000) as blocker:
        panel._on_load_clicked()
    assert blocker.args == [True] and readers and readers[0] != threading.main_thread().name
    xs, _ = panel.maps.views["dh_dg"].neurons.getData()
    np.testing.assert_array_equal(xs, pairs[0, :, 0])
    with qtbot.waitSignal(panel.neurons_loaded, timeout=30000) as blocker:
        panel.load_neurons_async(str(tmp_path / "missing"))
    assert blocker.args == [False] and "no stats.npz" in panel.controls.neuron_message.text()
    panel.shutdown()


def test_no_axis_rescales_its_ticks_with_an_si_prefix(panel: GatePlanePanel) -> None:
    """A small window (h of order 0.01) must read as such, not as "−10 … (x0.001)"."""
    for view in panel.maps.views.values():
        axes = [view.bar.axis] + [view.plot.getAxis(n) for n in ("left", "bottom")]
        assert all(not axis.autoSIPrefix for axis in axes)


def _run_folder(tmp_path: Path, variant: str) -> Path:
    """A run folder as the trainer leaves it, as far as the neurons need: config.json (the
    variant) and stats.npz (gate_pairs [n_layer, m, 2])."""
    import json

    from gatelab.core.trainconfig import TrainConfig

    (tmp_path / "config.json").write_text(json.dumps(TrainConfig(variant=variant).to_dict()))
    pairs = np.random.default_rng(0).normal(size=(2, 12, 2))
    np.savez(tmp_path / "stats.npz", gate_pairs=pairs)
    return tmp_path


NOTE = "Trained as SwiGLU; the maps show SwiGLU clamped (gpt-oss)."


def test_neurons_on_another_variants_maps_say_so(panel: GatePlanePanel, tmp_path: Path) -> None:
    """A SwiGLU run's neurons on gpt-oss's clamped maps looked like gpt-oss neurons (walkthrough)."""
    assert panel.load_neurons_from(str(_run_folder(tmp_path, "swiglu")))
    message = panel.controls.neuron_message
    assert message.text().endswith("layer L0 of L0–L1, 12 neurons") and NOTE not in message.text()
    assert panel.set_variant("swiglu_clamped")
    assert message.text().split("\n") == [
        f"run {tmp_path.name}: layer L0 of L0–L1, 12 neurons", NOTE]
    assert message.toolTip().endswith("not what that model computed.")
    panel.controls.layer_spin.setValue(1)  # another layer keeps the note
    assert "layer L1 of L0–L1" in message.text() and NOTE in message.text()
    assert panel.set_variant("swiglu")
    assert "\n" not in message.text() and message.toolTip() == ""
    panel.set_variant("swiglu_clamped")
    panel.set_neuron_points(None)  # cleared: no note left behind
    assert message.text() == "No neurons loaded."


def test_neurons_read_in_the_background_carry_their_variant(panel: GatePlanePanel, qtbot,  # noqa: ANN001
                                                            tmp_path: Path) -> None:
    panel.set_variant("swiglu_clamped")
    with qtbot.waitSignal(panel.neurons_loaded, timeout=10000) as blocker:
        panel.load_neurons_async(str(_run_folder(tmp_path, "swiglu")))
    assert blocker.args == [True]
    assert NOTE in panel.controls.neuron_message.text()


def test_a_run_without_a_readable_config_shows_its_neurons_without_a_note(
        panel: GatePlanePanel, tmp_path: Path) -> None:
    folder = _run_folder(tmp_path, "swiglu")
    (folder / "config.json").write_text("{broken")
    panel.set_variant("swiglu_clamped")
    assert panel.load_neurons_from(str(folder))
    assert panel.controls.neuron_message.text() == f"run {tmp_path.name}: layer L0 of L0–L1, 12 neurons"
