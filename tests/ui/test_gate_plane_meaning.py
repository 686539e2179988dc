"""The gate plane's sentence tells the truth about both gradients, for every variant and clamp.

Why: for gpt-oss at (10, 10) it said "no gradient reaches g" and left out that ∂h/∂u is 0 too,
so a learner concluded that u still learns there. Every claim is checked against gates.evaluate.
"""

from __future__ import annotations

import re

import pytest

from gatelab.core import gates
from gatelab.ui.gate_plane_panel import GatePlanePanel
from gatelab.ui.gate_plane_tips import grad_text as _grad

POINTS = (-1000.0, -40.0, -10.0, -7.0, -3.0, -1.0, 0.0, 0.05, 1.5, 7.0, 10.0, 40.0, 1000.0)


@pytest.fixture(scope="module")
def panel(qapp) -> GatePlanePanel:  # noqa: ANN001
    return GatePlanePanel()


@pytest.mark.parametrize("variant", gates.VARIANTS)
def test_sentence_matches_both_gradients_everywhere(panel: GatePlanePanel, variant: str) -> None:
    assert panel.set_variant(variant)
    params = panel.spec().params
    for g in POINTS:
        for u in POINTS:
            assert panel.set_point(g, u)
            text = panel.meaning_label.text().replace("\u2060", "")
            _h, dg, du = (float(x) for x in gates.evaluate(variant, g, u, **params))
            where = (variant, g, u, text)
            if dg == 0.0:
                assert "∂h/∂g = 0)" in text and "reaches g" in text, where
            else:
                assert "no gradient reaches g" not in text, where
                assert "∂h/∂g = {0}".format(_grad(dg)) in text, where
            if du == 0.0:
                # act(g), or act(g)·cap′(u) where the up branch is not u itself
                assert re.search(r"none reaches u.*∂h/∂u = (act\(.+\) = )?0(\)|\.)", text), where
                assert "and to u" not in text, where
            else:
                assert "none reaches u" not in text, where


def test_gpt_oss_far_corner_names_both_clamps(panel: GatePlanePanel) -> None:
    assert panel.set_variant("swiglu_clamped")
    assert panel.set_point(10.0, 10.0)
    text = panel.meaning_label.text().replace("\u2060", "")
    assert ("the gate branch is flat here (clamped), so no gradient reaches g (∂h/∂g = 0)"
            in text)
    assert ("and none reaches u either: the up branch is flat here (clamped), so ∂h/∂u = 0."
            in text)
    assert panel.set_point(2.0, 10.0)  # gate open and learning, u clamped
    text = panel.meaning_label.text().replace("\u2060", "")
    assert "gradient flows to the gate (∂h/∂g = " in text and "but none reaches u" in text


def test_relu_closed_gate_blocks_u_as_well(panel: GatePlanePanel) -> None:
    assert panel.set_variant("reglu")
    assert panel.set_point(-2.0, 3.0)
    text = panel.meaning_label.text().replace("\u2060", "")
    assert "no gradient reaches g" in text and "(∂h/∂u = act(g) = 0)" in text


def test_tiny_gradient_is_not_shown_as_zero(panel: GatePlanePanel) -> None:
    assert panel.set_variant("swiglu")
    assert panel.set_point(-40.0, 1.0)  # SiLU'(−40) ≈ −1.7e−16: tiny, not zero
    text = panel.meaning_label.text().replace("\u2060", "")
    assert "∂h/∂g = 0.0000" not in text and "e−16" in text
