"""The gate plane's plain-language sentence: what the selected (g, u) means, and where the
gradient goes.

Why apart from the panel (at its size limit): it is a pure function of core's ``PointReading``.
Its strings keep the ``GatePlanePanel`` translation context they had in the panel, so the
shipped translations of the unchanged pieces still apply.

Every number is core's (``plane.read_point``), and so is every formula: for a variant whose up
branch is not u itself the sentence names what the gate really multiplies ("scales cap(u) =
9.4988"), since "act(g) = 3.9464 scales u = 10, so h = 37.4862" did not add up.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gatelab.core import plane
from gatelab.core.plane import PointReading
from gatelab.ui.gate_plane_tips import grad_text
from gatelab.ui.widgets import fmt_number


def up_term(r: PointReading) -> str:
    """What act(g) multiplies: "u" (its value is in the readout above), or the variant's own
    B(u) with its value, "cap(u) = 9.4988" (a formula: not translated)."""
    if not r.up_transformed:
        return r.formulas.up
    return "{0} = {1}".format(r.formulas.up, fmt_number(r.up, 4))


def meaning_text(r: PointReading, eps: float, variant: str) -> str:
    """One plain-language sentence (or two) on what the point means."""
    translate = QCoreApplication.translate
    gate, a, h, up = r.formulas.gate, fmt_number(r.act, 4), fmt_number(r.h, 4), up_term(r)
    if r.gate == plane.GATE_CLOSED:
        first = translate("GatePlanePanel", "Gate closed: |act(g)| = {0} < ε = {1}, so h = {2} "
                          "≈ 0 whatever u is").format(fmt_number(abs(r.act), 4),
                                                      fmt_number(eps, 3), h)
    elif r.gate == plane.GATE_NEGATIVE and r.sign_flipped:
        first = translate("GatePlanePanel", "Negative gate: {0} = {1} < 0 flips the sign of {2}, "
                          "so h = {3} has the opposite sign of {4}").format(
            gate, a, up, fmt_number(r.h, 4, plus=True), r.formulas.up)
    elif r.gate == plane.GATE_NEGATIVE:
        first = translate("GatePlanePanel", "Negative gate: {0} = {1} < 0 would flip the sign of "
                          "{2}; here h = {3}").format(gate, a, up, h)
    else:
        first = translate("GatePlanePanel", "Gate open: {0} = {1} scales {2}, so h = {3}").format(
            gate, a, up, h)
    if r.up_zero:
        first += translate("GatePlanePanel", "; the up branch is 0 here, so h = 0 whatever the "
                           "gate")
    text = translate("GatePlanePanel", "{0}; {1}").format(first, gradient_text(r, variant))
    if not r.in_range:
        text += " " + translate("GatePlanePanel", "(Outside the map window: the marker is pinned "
                                "to the nearest edge; the numbers are exact.)")
    return text


def gradient_text(r: PointReading, variant: str) -> str:
    """Where the gradient goes, for g and for u, true in every clamp and saturation case.

    Why both: at (10, 10) gpt-oss clamps g *and* u, so ∂h/∂u = 0 too; saying only "no
    gradient reaches g" suggested u still learns there. A closed gate that still learns reads as
    one contrast ("yet … while none reaches u"), not as two "but"s in a row.
    """
    translate = QCoreApplication.translate
    flat = (translate("GatePlanePanel", "clamped") if variant == "swiglu_clamped"
            else translate("GatePlanePanel", "saturated"))
    u_flows = r.dh_du != 0.0
    closed_learns = r.gate_grad_flows and r.gate == plane.GATE_CLOSED
    if closed_learns:
        text = translate("GatePlanePanel", "yet gradient still flows to the gate (∂h/∂g = {0} "
                         "≠ 0), so training can push it open").format(grad_text(r.dh_dg))
    elif r.gate_grad_flows and u_flows:
        return translate("GatePlanePanel", "gradient flows to the gate (∂h/∂g = {0}) and to u "
                         "(∂h/∂u = {1}).").format(grad_text(r.dh_dg), grad_text(r.dh_du))
    elif r.gate_grad_flows:
        text = translate("GatePlanePanel", "gradient flows to the gate (∂h/∂g = {0})").format(
            grad_text(r.dh_dg))
    elif r.gate != plane.GATE_CLOSED and r.dact == 0.0:
        text = translate("GatePlanePanel", "but the gate branch is flat here ({0}), so no "
                         "gradient reaches g (∂h/∂g = 0)").format(flat)
    else:
        text = translate("GatePlanePanel", "no gradient reaches g (∂h/∂g = 0): the gate cannot "
                         "learn from this input")
    if u_flows:
        return text + "."
    if r.act == 0.0:  # ∂h/∂u = act(g)·B′(u): "act(g)" alone where B is u itself
        why = translate("GatePlanePanel", " (∂h/∂u = {0} = 0)").format(r.formulas.du)
    else:
        why = translate("GatePlanePanel", ": the up branch is flat here ({0}), so ∂h/∂u = "
                        "0").format(flat)
    if closed_learns:
        return translate("GatePlanePanel", "{0}, while none reaches u{1}.").format(text, why)
    tail = (translate("GatePlanePanel", "but none reaches u{0}") if r.gate_grad_flows
            else translate("GatePlanePanel", "and none reaches u either{0}")).format(why)
    return translate("GatePlanePanel", "{0}; {1}.").format(text, tail)


__all__ = ["gradient_text", "meaning_text", "up_term"]
