"""The activation-curves and gate-plane panels against the Panel protocol (issue 11).

retranslate: under a translator that wraps every message in «…», every string either panel shows
must come back wrapped, so nothing visible escaped tr(); removing it brings the English back.
state: apply_state(state()) restores a changed panel on a fresh one, and every kind of bad value
raises a one-line ValueError and leaves the panel exactly as it was.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication

from gatelab.core import activations, gates
from gatelab.ui.activations_panel import FORMULA_LABELS, ActivationsPanel
from gatelab.ui.gate_plane_controls import VARIANT_LABELS
from gatelab.ui.gate_plane_panel import GatePlanePanel
from gatelab.ui.tabs import Panel, missing_members
from tests.ui.visible_text import english_words, fake_translator, visible_strings

_WRAPPED = re.compile(r"«[^«»]*»")


def not_retranslated(root) -> list[str]:  # noqa: ANN001
    """Visible strings with English outside «…» (nested «a «b» c» from format() included)."""
    out = []
    for text in visible_strings(root):
        rest = text
        while _WRAPPED.search(rest):
            rest = _WRAPPED.sub(" ", rest)
        if english_words(rest):
            out.append(text)
    return out


@pytest.fixture
def wrapped(qapp: QApplication) -> Iterator[None]:
    translator = fake_translator()
    qapp.installTranslator(translator)
    try:
        yield
    finally:
        qapp.removeTranslator(translator)


@pytest.fixture
def curves(qtbot) -> ActivationsPanel:  # noqa: ANN001
    p = ActivationsPanel()
    qtbot.addWidget(p)
    p.resize(1300, 800)
    return p


@pytest.fixture
def gate_plane(qtbot) -> GatePlanePanel:  # noqa: ANN001
    p = GatePlanePanel()
    qtbot.addWidget(p)
    p.resize(1400, 900)
    return p


def test_both_panels_implement_the_protocol(curves: ActivationsPanel,
                                            gate_plane: GatePlanePanel) -> None:
    for panel in (curves, gate_plane):
        assert missing_members(panel) == [] and isinstance(panel, Panel)
        assert not [n for n in dir(type(panel)) if n.startswith("sig_")]
        panel.set_panel_lookup(lambda name: None)  # unused here: a no-op
        panel.shutdown()
        panel.shutdown()  # safe twice


def test_formula_labels_follow_core() -> None:
    """The lupdate lists of core's labels must name exactly the labels core has."""
    assert set(FORMULA_LABELS) == {activations.get(n).label for n in activations.NAMES}
    assert set(VARIANT_LABELS) == {gates.get(v).label for v in gates.VARIANTS}


# -- retranslate ---------------------------------------------------------------------------------
def test_activations_retranslate_reaches_every_string(qtbot, curves: ActivationsPanel,  # noqa: ANN001
                                                      qapp: QApplication) -> None:
    curves.show()
    qtbot.waitExposed(curves)
    curves._on_mouse_moved((curves.plot.vb.mapViewToScene(curves.plot.vb.viewRect().center()),))
    english = sorted(visible_strings(curves))
    translator = fake_translator()
    qapp.installTranslator(translator)
    try:
        curves.retranslate()
        assert not_retranslated(curves) == []
        assert curves.note_text().startswith("«z < 0")
        assert curves.hover_label.text().startswith("«hover z")
        assert curves.table.horizontalHeaderItem(0).text() == "«activation»"
        assert curves.table.row_labels()[0] == "«SiLU»"
        assert curves.checkboxes["gelu_tanh"].text() == "«GELU (tanh approx.)»"
        lesson = curves.lesson()
        assert all(s.title.startswith("«") and s.expect.startswith("«") for s in lesson.steps)
        assert all(q.text.startswith("«") for q in lesson.questions)
    finally:
        qapp.removeTranslator(translator)
    curves.retranslate()
    assert sorted(visible_strings(curves)) == english  # and back, string for string
    assert curves.note_text().startswith("z < 0")


def test_gate_plane_retranslate_reaches_every_string(qtbot, gate_plane: GatePlanePanel,  # noqa: ANN001
                                                     qapp: QApplication) -> None:
    gate_plane.show()
    qtbot.waitExposed(gate_plane)
    gate_plane.set_neuron_points(np.array([[1.0, 2.0], [0.5, -1.0]]))
    english = sorted(visible_strings(gate_plane))
    translator = fake_translator()
    qapp.installTranslator(translator)
    try:
        gate_plane.retranslate()
        assert not_retranslated(gate_plane) == []
        assert gate_plane.meaning_label.text().replace("\u2060", "").startswith("««Gate open")
        assert gate_plane.controls.variant_combo.itemText(0).startswith("«SwiGLU")
        assert gate_plane.controls.view_combo.itemText(0) == "«all three side by side»"
        assert gate_plane.maps.views["h"].plot.titleLabel.text.startswith("«h")
        assert gate_plane.controls.neuron_message.text().startswith("««neurons»")
        steps = gate_plane.lesson().steps
        assert steps[0].expect.startswith("«") and steps[0].run() is None
        assert gate_plane.meaning_label.text().replace("\u2060", "").startswith("««Gate open")
    finally:
        qapp.removeTranslator(translator)
    gate_plane.retranslate()
    assert sorted(visible_strings(gate_plane)) == english
    assert gate_plane.controls.neuron_message.text() == "neurons: 2 neurons"


def test_a_failed_folder_message_is_retranslated_too(gate_plane: GatePlanePanel,
                                                     wrapped: None, tmp_path) -> None:  # noqa: ANN001
    assert not gate_plane.load_neurons_from(str(tmp_path / "missing"))
    gate_plane.retranslate()
    text = gate_plane.controls.neuron_message.text()
    assert text.startswith("«Could not load neurons:") and "no stats.npz" in text


# -- state: activations --------------------------------------------------------------------------
def _changed_curves(panel: ActivationsPanel) -> None:
    panel.set_shown(["silu", "tanh", "mish"], derivatives=False)
    assert panel.set_range(-3.0, 4.0)
    panel.set_z(2.5)


def test_activations_state_round_trips(qtbot, curves: ActivationsPanel) -> None:  # noqa: ANN001
    _changed_curves(curves)
    state = json.loads(json.dumps(curves.state()))  # plain JSON
    assert state == {"shown": ["silu", "tanh", "mish"], "derivatives": False, "z_min": -3.0,
                     "z_max": 4.0, "z": 2.5}
    fresh = ActivationsPanel()
    qtbot.addWidget(fresh)
    fresh.apply_state(state)
    assert fresh.state() == state
    assert fresh.table.row_labels() == curves.table.row_labels()
    assert fresh.table.cell_text("Mish", 1) == curves.table.cell_text("Mish", 1)
    assert fresh.z_spin.value() == 2.5 and not fresh.derivative_box.isChecked()
    curves.apply_state(curves.state())  # onto itself: nothing moves
    assert curves.state() == state
    curves.apply_state({"z": 1.0, "someone_elses_key": [1, 2]})  # partial; unknown keys ignored
    assert curves.state() == {**state, "z": 1.0}


BAD_CURVES = [
    [], "silu", {"shown": "silu"}, {"shown": ["silu"] * 11}, {"shown": ["nope"]}, {"shown": [1]},
    {"shown": None}, {"derivatives": "yes"}, {"derivatives": 1}, {"z": math.nan}, {"z": True},
    {"z": "1"}, {"z": 100.0}, {"z_min": 5.0, "z_max": 1.0}, {"z_min": -1e300},
    {"z_max": math.inf}, {"z_min": -6e5, "z_max": 6e5}, {"z_min": 3.0},
]


@pytest.mark.parametrize("bad", BAD_CURVES, ids=range(len(BAD_CURVES)))
def test_bad_activation_states_change_nothing(curves: ActivationsPanel, bad: object) -> None:
    _changed_curves(curves)
    before = curves.state()
    rows = [curves.table.cell_text(r, 1) for r in curves.table.row_labels()]
    with pytest.raises(ValueError) as info:
        curves.apply_state(bad)  # type: ignore[arg-type]
    assert str(info.value) and "\n" not in str(info.value)
    assert curves.state() == before
    assert [curves.table.cell_text(r, 1) for r in curves.table.row_labels()] == rows
    assert curves.z_min_field.error_text() == "" and curves.z_max_field.error_text() == ""


def test_state_errors_are_translated(curves: ActivationsPanel, gate_plane: GatePlanePanel,
                                     wrapped: None) -> None:
    for panel, bad in ((curves, {"z": "x"}), (gate_plane, {"eps": -1})):
        with pytest.raises(ValueError) as info:
            panel.apply_state(bad)
        assert str(info.value).startswith("«")


# -- state: gate plane ---------------------------------------------------------------------------
def _changed_plane(panel: GatePlanePanel) -> None:
    assert panel.set_variant("swiglu_softcap")
    assert panel.controls.param_fields["beta2"].set_text_and_commit("5")
    assert panel.controls.g_min.set_text_and_commit("-4")
    assert panel.controls.resolution.set_text_and_commit("64")
    assert panel.controls.eps.set_text_and_commit("0.2")
    panel.controls.set_view_name("dh_dg")
    assert panel.set_point(-3.0, -2.0)


def test_gate_plane_state_round_trips(qtbot, gate_plane: GatePlanePanel) -> None:  # noqa: ANN001
    _changed_plane(gate_plane)
    state = json.loads(json.dumps(gate_plane.state()))
    assert state == {"variant": "swiglu_softcap", "params": {"beta1": 4.0, "beta2": 5.0},
                     "g_range": [-4.0, 6.0], "u_range": [-6.0, 6.0], "resolution": 64,
                     "eps": 0.2, "view": "dh_dg", "point": [-3.0, -2.0]}
    fresh = GatePlanePanel()
    qtbot.addWidget(fresh)
    fresh.apply_state(state)
    assert fresh.state() == state and fresh.spec() == gate_plane.spec()
    for key in ("g", "u", "act", "h", "dh_dg", "dh_du"):
        assert (fresh.controls.readout.value_text(key)
                == gate_plane.controls.readout.value_text(key))
    assert fresh.maps.views["h"].values.shape == (64, 64)
    np.testing.assert_array_equal(fresh.maps.views["h"].values, gate_plane.maps.views["h"].values)
    assert fresh.controls.variant_combo.currentData() == "swiglu_softcap"
    assert fresh.controls.param_fields["beta2"].value() == 5.0
    gate_plane.apply_state(gate_plane.state())
    assert gate_plane.state() == state
    gate_plane.apply_state({"variant": "reglu", "x": 1})  # its own remembered parameters
    assert gate_plane.state() == {**state, "variant": "reglu", "params": {}}
    assert gate_plane.controls.readout.value_text("h") == "0.0000"


BAD_PLANE = [
    [], {"variant": "zzz"}, {"variant": 3}, {"params": {"beta2": -1}}, {"params": {"nope": 1}},
    {"params": [1]}, {"params": {"beta1": True}}, {"params": {"beta1": 1e9}},
    {"variant": "swiglu", "params": {"beta": 0}},
    {"variant": "swiglu_clamped", "params": {"beta": 1.0}}, {"g_range": [1, -1]},
    {"g_range": [0, math.nan]}, {"g_range": [0.0] * 1000}, {"g_range": [-1e5, 0]},
    {"u_range": "0,1"}, {"resolution": 5000}, {"resolution": 100.5}, {"resolution": True},
    {"eps": 0}, {"eps": -1}, {"eps": math.inf}, {"view": "x"}, {"point": [1e5, 0]},
    {"point": ["a", 1]}, {"point": [math.inf, 0]}, {"point": [1.0]},
]


@pytest.mark.parametrize("bad", BAD_PLANE, ids=range(len(BAD_PLANE)))
def test_bad_gate_plane_states_change_nothing(gate_plane: GatePlanePanel, bad: object) -> None:
    _changed_plane(gate_plane)
    before, image = gate_plane.state(), gate_plane.maps.views["h"].values.copy()
    readout = gate_plane.controls.readout.value_text("h")
    with pytest.raises(ValueError) as info:
        gate_plane.apply_state(bad)  # type: ignore[arg-type]
    assert str(info.value) and "\n" not in str(info.value)
    assert gate_plane.state() == before
    np.testing.assert_array_equal(gate_plane.maps.views["h"].values, image)
    assert gate_plane.controls.readout.value_text("h") == readout
    assert gate_plane.controls.variant_combo.currentData() == "swiglu_softcap"


def test_a_fresh_gate_plane_shows_swiglus_beta(gate_plane: GatePlanePanel) -> None:
    """The first spec had params={}, so β's row stayed hidden until the variant was switched."""
    assert gate_plane.controls.param_fields["beta"].isVisibleTo(gate_plane)
    assert gate_plane.state()["params"] == {"beta": 1.0}
    assert not gate_plane.controls.param_fields["limit"].isVisibleTo(gate_plane)


def test_retranslate_keeps_the_learners_zoom(curves: ActivationsPanel, wrapped: None) -> None:
    """A language switch renames the legend; it must not redraw and re-fit the plot."""
    curves.plot.setXRange(-1.5, -1.0, padding=0)
    before = curves.plot.vb.viewRange()
    curves.retranslate()
    assert curves.plot.vb.viewRange() == before
    names = [label.text for _, label in curves.legend.items]
    assert names[0] == "«SiLU»" and names[-1] == "«dashed: derivative f′(z)»"


def test_error_lines_follow_the_language(gate_plane: GatePlanePanel, qapp: QApplication) -> None:
    assert not gate_plane.set_point(math.nan, 0.0)
    assert not gate_plane.set_variant("swigloo")
    assert not gate_plane._apply(eps=-1.0)
    c = gate_plane.controls
    english = (c.point_error.text(), c.variant_error.text(), c.spec_error.text())
    assert english[2].startswith("Not applied: ")
    translator = fake_translator()
    qapp.installTranslator(translator)
    try:
        gate_plane.retranslate()
        for label, text in zip((c.point_error, c.variant_error, c.spec_error), english):
            assert label.text().startswith("«") and label.text() != text
    finally:
        qapp.removeTranslator(translator)
    gate_plane.retranslate()
    assert (c.point_error.text(), c.variant_error.text(), c.spec_error.text()) == english
