"""A new user's walkthrough of the gate plane and the activation curves, read back as shown.

- P4: "SwiGLU soft-capped" at (10, 10) said "act(g) = 3.9464 scales u, so h = 37.4862"
  (3.9464 × 10 = 39.46): the gate multiplies cap(u) = 9.4987, which was shown nowhere.
- P11: the closed-gate sentence had two "but"s in a row.
- P3: the live trainer's neurons were named by the variant's id ("swiglu, layer L0").
- P5: the GELU step hid SiLU and ReLU, yet the note under the plot spoke of them.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from gatelab.core import activations, gates
from gatelab.ui.activations_panel import ActivationsPanel
from gatelab.ui.gate_plane_panel import GatePlanePanel
from gatelab.ui.widgets import fmt_number, parse_number
from tests.ui.conftest import show_panel

NUMBER = r"([−+]?\d+\.\d+)"


@pytest.fixture
def plane(qtbot) -> GatePlanePanel:  # noqa: ANN001
    return show_panel(qtbot, GatePlanePanel())


def _row(panel: GatePlanePanel, key: str) -> tuple[str, str, bool]:
    """(label, value, visible) of a readout row."""
    readout = panel.controls.readout
    value = readout._values[key]
    return readout._names[key].text(), value.text(), value.parentWidget().isVisible()


def test_softcap_far_corner_shows_what_the_gate_multiplies(plane: GatePlanePanel) -> None:
    assert plane.set_variant("swiglu_softcap") and plane.set_point(10.0, 10.0)
    assert _row(plane, "up") == ("cap(u)", "9.4987", True)
    text = plane.meaning_label.text().replace("\u2060", "")
    assert text.startswith("Gate open: act(g) = 3.9464 scales cap(u) = 9.4987, so h = 37.4862;")
    assert "(∂h/∂u = 3.3767)" in text


def test_gpt_oss_far_corner_says_both_clamps(plane: GatePlanePanel) -> None:
    assert plane.set_variant("swiglu_clamped") and plane.set_point(10.0, 10.0)
    assert _row(plane, "up") == ("clamp(u, ±7) + 1", "8.0000", True)
    assert plane.meaning_label.text().replace("\u2060", "").startswith(
        "Gate open: act(min(g, 7)) = 7.0000 scales clamp(u, ±7) + 1 = 8.0000, so h = 55.9996;")


def test_plain_variants_keep_their_sentence_and_hide_the_row(plane: GatePlanePanel) -> None:
    assert plane.set_variant("swiglu") and plane.set_point(10.0, 10.0)
    assert not _row(plane, "up")[2]
    assert plane.meaning_label.text().replace("\u2060", "").startswith("Gate open: act(g) = 9.9995 scales u, so h = "
                                                 "99.9955;")


@pytest.mark.parametrize("variant", gates.VARIANTS)
def test_the_quoted_factors_multiply_to_h_everywhere(plane: GatePlanePanel, variant: str) -> None:
    """Whatever the variant and point, "X = a scales/flips … B = b …, so h = c" has a·b ≈ c."""
    assert plane.set_variant(variant)
    read = 0
    for g in (-3.0, 1.5, 10.0):
        for u in (-2.0, -0.5, 10.0):
            assert plane.set_point(g, u)
            text, r = plane.meaning_label.text().replace("\u2060", ""), plane.reading()
            m = re.match(r"(?:Gate open|Negative gate): (.+?) = " + NUMBER + r" (?:< 0 )?"
                         r"(?:scales|flips the sign of|would flip the sign of) (.+?)"
                         r"(?: = " + NUMBER + r")?(?:, so|; here) h = " + NUMBER, text)
            if m is None:
                assert text.startswith("Gate closed"), (variant, g, u, text)
                continue
            gate, act, name, b, h = m.groups()
            read += 1
            factor = parse_number(b) if b else u
            assert gate == r.formulas.gate, (variant, g, u, text)
            assert name == ("u" if b is None else r.formulas.up), (variant, g, u, text)
            assert parse_number(act) * factor == pytest.approx(parse_number(h), abs=1e-3 * max(
                1.0, abs(factor))), (variant, g, u, text)
    assert read >= 6  # the open-gate points at least, not only closed ones


def test_closed_gate_that_still_learns_reads_as_one_contrast(plane: GatePlanePanel) -> None:
    assert plane.set_point(0.0, 1.0)
    text = plane.meaning_label.text().replace("\u2060", "")
    assert text == ("Gate closed: |act(g)| = 0.0000 < ε = 0.100, so h = 0.0000 ≈ 0 whatever u "
                    "is; yet gradient still flows to the gate (∂h/∂g = 0.5000 ≠ 0), so training "
                    "can push it open, while none reaches u (∂h/∂u = act(g) = 0).")
    assert " but " not in text
    assert plane.set_variant("swiglu_softcap") and plane.set_point(0.0, 3.0)
    assert "while none reaches u (∂h/∂u = act(g)·cap′(u) = 0)." in plane.meaning_label.text().replace("\u2060", "")


def test_live_neurons_are_named_as_the_variant_list_names_them(plane: GatePlanePanel) -> None:
    from gatelab.ui.trainer_gate_pairs import pairs_label

    pairs = np.random.default_rng(0).normal(size=(20, 2))
    assert plane.set_neuron_points(pairs, pairs_label("swiglu", 0, 600), "swiglu", 0)
    legend, message = plane.legend_label.text(), plane.controls.neuron_message.text()
    assert "trained neurons: SwiGLU, layer L0, step 600" in legend
    assert message.startswith("SwiGLU, layer L0, step 600: 20 neurons")
    assert "swiglu" not in legend + message
    assert plane.set_neuron_points(pairs, pairs_label("swiglu_clamped", 1, 5), "swiglu_clamped", 1)
    assert "trained neurons: SwiGLU clamped (gpt-oss), layer L1" in plane.legend_label.text()
    assert plane.set_neuron_points(pairs, "run swiglu-7", "swiglu")  # any other label: as given
    assert "trained neurons: run swiglu-7" in plane.legend_label.text()


def test_gelu_step_note_speaks_of_the_shown_curves_only(qtbot) -> None:  # noqa: ANN001
    curves = show_panel(qtbot, ActivationsPanel(), (1300, 800))
    step = curves.lesson().steps[2]  # "Compare GELU exact and tanh"
    assert step.run() is None and curves.shown() == ["gelu", "gelu_tanh"]
    note = curves.note_text()
    assert note == ("At z = −2.699, the widest gap between the shown curves is 0.00047: "
                    "GELU −0.0094 vs GELU tanh −0.0089.")
    assert (curves.table.cell_text("GELU", 1), curves.table.cell_text("GELU tanh", 1)) == (
        "−0.0094", "−0.0089")
    curves.set_shown(["silu"])
    silu, dsilu = (fmt_number(float(x), 4) for x in activations.evaluate("silu", -2.699))
    assert curves.note_text() == f"At z = −2.699, SiLU is {silu} with slope {dsilu}."
    curves.set_shown([])
    assert curves.note_text() == "no curve shown"
    curves.set_shown(["silu", "relu"])  # both again: the SiLU-vs-ReLU note
    assert curves.note_text().startswith("z < 0: ReLU is exactly 0, SiLU still leaks")
