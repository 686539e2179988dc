"""The activation-curves and gate-plane lessons: every step keeps its promise on screen.

Each step is run (directly, and once through the LessonCard's own button), then the numbers its
one-line promise quotes are read back from the visible readout: the activations table and note,
the gate plane's value labels and sentence. The numbers the issue names are asserted literally,
so a step that drifted from them fails even if it stayed consistent with itself.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QPushButton, QScrollArea

from gatelab.core import activations, gates
from gatelab.ui.activations_lesson import GELU_GAP_Z
from gatelab.ui.activations_panel import ActivationsPanel
from gatelab.ui.gate_plane_panel import GatePlanePanel
from gatelab.ui.lesson_card import Lesson, LessonCard

SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


@pytest.fixture
def curves(qtbot) -> ActivationsPanel:  # noqa: ANN001
    p = ActivationsPanel()
    qtbot.addWidget(p)
    return p


@pytest.fixture
def gate_plane(qtbot) -> GatePlanePanel:  # noqa: ANN001
    p = GatePlanePanel()
    qtbot.addWidget(p)
    return p


def cell(panel: ActivationsPanel, row: str, column: int) -> str:
    return panel.table.cell_text(row, column)


def value(panel: GatePlanePanel, key: str) -> str:
    return panel.controls.readout.value_text(key)


@pytest.mark.parametrize("make", [ActivationsPanel, GatePlanePanel])
def test_lessons_are_well_formed(qtbot, make: type) -> None:  # noqa: ANN001
    panel = make()
    qtbot.addWidget(panel)
    lesson = panel.lesson()
    assert isinstance(lesson, Lesson) and lesson.problems() == []
    assert 4 <= len(lesson.steps) <= 6 and 2 <= len(lesson.questions) <= 4
    for q in lesson.questions:
        assert 2 <= len(q.choices) <= 4 and 0 <= q.answer < len(q.choices)
        assert len(q.explanations) == len(q.choices)
        for text in q.explanations:  # 2–3 sentences each, right or wrong
            assert 2 <= len(SENTENCE_END.findall(text)) <= 3, text
            assert not text.startswith("Right"), "the card adds its own verdict"
    for step in lesson.steps:
        assert step.title and step.expect and "\n" not in step.expect


def test_question_keys_are_unique_across_both_tabs(curves: ActivationsPanel,
                                                   gate_plane: GatePlanePanel) -> None:
    keys = [q.key for p in (curves, gate_plane) for q in p.lesson().questions]
    assert len(keys) == len(set(keys)) and "odot-matmul" in keys and "silu-gate-range" in keys
    gate = next(q for q in curves.lesson().questions if q.key == "silu-gate-range")
    assert "[−0.278, ∞)" in gate.choices[gate.answer]
    odot = next(q for q in gate_plane.lesson().questions if q.key == "odot-matmul")
    assert "elementwise" in odot.choices[odot.answer]


# -- activation curves ---------------------------------------------------------------------------
def test_probe_minus_one_step(curves: ActivationsPanel) -> None:
    curves.set_shown(["gelu"])  # the step must bring back the curves it talks about
    step = curves.lesson().steps[0]
    assert step.run() is None
    assert "−0.269" in step.expect and "0.072" in step.expect
    assert cell(curves, "ReLU", 1) == "0.0000" and cell(curves, "ReLU", 2) == "0.0000"
    assert cell(curves, "SiLU", 1) == "−0.2689" and cell(curves, "SiLU", 2) == "0.0723"
    assert "leaks −0.269 and has gradient 0.072" in curves.note_text()


def test_silu_minimum_step(curves: ActivationsPanel) -> None:
    step = curves.lesson().steps[1]
    assert step.run() is None
    assert "−0.2785 at z = −1.2785" in step.expect
    assert cell(curves, "SiLU", 1) == "−0.2785" and cell(curves, "SiLU", 2) == "0.0000"
    assert "bottoms out at −0.2785 at z = −1.2785" in curves.note_text()


def test_gelu_step_points_at_the_largest_gap(curves: ActivationsPanel) -> None:
    z = np.linspace(-8.0, 8.0, 320001)  # the answer, searched again with core's functions
    gap = activations.evaluate("gelu_tanh", z)[0] - activations.evaluate("gelu", z)[0]
    largest = float(np.abs(gap).max())
    for half in (z < 0, z > 0):  # the gap is even in z: one peak on each side, at ±2.699
        peak = z[half][np.argmax(np.abs(gap[half]))]
        assert abs(peak) == pytest.approx(abs(GELU_GAP_Z), abs=2e-4)
    assert abs(gap[np.abs(np.abs(z) - 2.699) > 0.5]).max() < 0.9 * largest  # nowhere else
    step = curves.lesson().steps[2]
    assert step.run() is None
    assert curves.shown() == ["gelu", "gelu_tanh"]
    exact, approx = cell(curves, "GELU", 1), cell(curves, "GELU tanh", 1)
    assert (exact, approx) == ("−0.0094", "−0.0089")
    assert f"GELU {exact} vs tanh {approx}" in step.expect and "±2.70" in step.expect
    assert f"{largest:.5f}" in step.expect  # 0.00047, the largest gap anywhere


def test_sigmoid_gate_and_far_left_steps(curves: ActivationsPanel) -> None:
    steps = curves.lesson().steps
    assert steps[3].run() is None
    assert (cell(curves, "σ sigmoid", 1), cell(curves, "SiLU", 1), cell(curves, "ReLU", 1)) == (
        "0.8808", "1.7616", "2.0000")
    assert "σ = 0.8808, SiLU = 1.7616" in steps[3].expect
    assert steps[4].run() is None
    assert cell(curves, "SiLU", 1) == "−0.0148" and cell(curves, "SiLU", 2) == "−0.0123"
    assert "SiLU ≈ −0.0148" in curves.note_text() and "−0.0148" in steps[4].expect


def test_step_widens_a_range_that_hides_its_z(curves: ActivationsPanel) -> None:
    assert curves.set_range(1.0, 3.0)
    assert curves.lesson().steps[0].run() is None
    assert curves.z() == -1.0 and curves.z_range() == (-6.0, 6.0)


# -- gate plane ----------------------------------------------------------------------------------
def test_gate_plane_steps_show_their_numbers(gate_plane: GatePlanePanel) -> None:
    gate_plane.set_variant("swiglu")
    gate_plane.controls.param_fields["beta"].set_text_and_commit("2")  # the learner's own β
    gate_plane.controls.g_max.set_text_and_commit("1")  # and a window without the point
    steps = gate_plane.lesson().steps
    assert steps[0].run() is None
    assert gate_plane.spec().params == {"beta": 1.0} and gate_plane.spec().g_range == (-6.0, 6.0)
    assert (value(gate_plane, "h"), value(gate_plane, "dh_dg")) == ("−2.4527", "−2.0826")
    assert "h = −2.4527, ∂h/∂g = −2.0826" in steps[0].expect

    assert steps[1].run() is None
    assert value(gate_plane, "h") == "0.2846" and "h = +0.2846" in steps[1].expect
    assert "flips the sign of u" in gate_plane.meaning_label.text().replace("\u2060", "")
    assert "+0.2846" in gate_plane.meaning_label.text().replace("\u2060", "")

    assert steps[2].run() is None
    g, u = (float(value(gate_plane, k)) for k in ("g", "u"))
    assert g == 0.0 and value(gate_plane, "h") == "0.0000"
    assert value(gate_plane, "dh_dg") == "1.0000" == f"{u / 2:.4f}"  # ∂h/∂g = u/2
    assert "∂h/∂g = u/2 = 1.0000" in steps[2].expect
    assert "gradient still flows to the gate" in gate_plane.meaning_label.text().replace("\u2060", "")

    assert steps[3].run() is None
    assert gate_plane.spec().variant == "reglu"
    assert gate_plane.controls.variant_combo.currentData() == "reglu"
    assert value(gate_plane, "dh_dg") == "0.0000" and gate_plane.reading().dh_dg == 0.0
    assert "exactly 0.0000" in steps[3].expect
    assert "no gradient reaches g" in gate_plane.meaning_label.text().replace("\u2060", "")


def test_far_corner_and_caps(qtbot, gate_plane: GatePlanePanel) -> None:  # noqa: ANN001
    steps = gate_plane.lesson().steps
    assert steps[4].run() is None
    assert gate_plane.spec().variant == "swiglu" and value(gate_plane, "h") == "99.9955"
    assert "h = 99.9955" in steps[4].expect and gate_plane.maps.views["h"]._pinned
    assert steps[5].run() is None
    assert gate_plane.spec().variant == "swiglu_clamped"
    assert gate_plane.spec().params["limit"] == 7.0
    assert value(gate_plane, "h") == "55.9996"
    assert value(gate_plane, "dh_dg") == value(gate_plane, "dh_du") == "0.0000"
    assert "h = 55.9996" in steps[5].expect and "h = 37.4862" in steps[5].expect
    combo = gate_plane.controls.variant_combo  # "then pick the soft cap", as the learner does
    combo.setCurrentIndex(gates.VARIANTS.index("swiglu_softcap"))
    combo.activated.emit(combo.currentIndex())
    assert gate_plane.spec().params == {"beta1": 4.0, "beta2": 25.0}
    assert value(gate_plane, "h") == "37.4862"
    h = gate_plane.maps.views["h"].values
    assert np.abs(h).max() < 100.0  # |h| ≤ 100 over the whole window


def _click_steps(qtbot, panel, name: str, settings: QSettings) -> LessonCard:  # noqa: ANN001
    card = LessonCard(name, panel.lesson, settings)
    qtbot.addWidget(card)
    card.resize(300, 1200)
    card.show()
    return card


def test_steps_through_the_card_buttons(qtbot, curves: ActivationsPanel,  # noqa: ANN001
                                        gate_plane: GatePlanePanel, settings: QSettings) -> None:
    card = _click_steps(qtbot, curves, "activations", settings)
    curves.set_z(3.0)
    qtbot.mouseClick(card.findChild(QPushButton, "lesson-step-1"), Qt.MouseButton.LeftButton)
    assert cell(curves, "SiLU", 1) == "−0.2785" and "−0.2785" in card.look_text()
    card = _click_steps(qtbot, gate_plane, "gate-plane", settings)
    qtbot.mouseClick(card.findChild(QPushButton, "lesson-step-1"), Qt.MouseButton.LeftButton)
    assert value(gate_plane, "h") == "0.2846" and "+0.2846" in card.look_text()


@pytest.mark.parametrize(("make", "tab"), [(ActivationsPanel, "activations"),
                                         (GatePlanePanel, "gate-plane")])
def test_choices_fit_the_card(qtbot, make: type, tab: str,  # noqa: ANN001
                              settings: QSettings) -> None:
    """Radio buttons do not wrap: a long choice widened the card's page past its viewport, so
    every line of the card was cut at the right edge."""
    panel = make()
    qtbot.addWidget(panel)
    card = _click_steps(qtbot, panel, tab, settings)
    card.resize(300, 700)  # the card's own maximum width, with a vertical scroll bar
    qtbot.wait(10)
    scroll = card.findChild(QScrollArea)
    assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width()
