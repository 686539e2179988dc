"""An FFN variant's name as learners read it: "SwiGLU", "SwiGLU clamped (gpt-oss)", "GELU".

Why one function: the ids ("swiglu", "gelu") reached learners in the runs list, the Inside
header, the gate plane's trained neurons and the experiment view, and three tabs each grew a way
to name them. Every view asks here. A gated variant is named by the gate plane's label without
its formula (in the current language), a classic one by the activation tab's short name, an id
gatelab does not know as it is.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gatelab.core import gates
from gatelab.core.trainconfig import CLASSIC_VARIANTS
from gatelab.ui.activations_names import SHORT_NAMES
from gatelab.ui.elide import before_formula


def variant_name(variant: str) -> str:
    """``variant``'s short name in the current language ("SwiGLU"; "SwiGLU 截断版（gpt-oss）").
    A translation that does not end with the label's formula is shown whole: never cut inside
    a word (or inside the test framework's «» marks of a translated text)."""
    if variant in CLASSIC_VARIANTS:
        return QCoreApplication.translate("ActivationsPanel",
                                          SHORT_NAMES.get(variant, variant.upper()))
    if variant not in gates.VARIANTS:
        return variant
    label = gates.get(variant).label  # "SwiGLU  h = SiLU(g)·u"
    formula = label[len(before_formula(label)):].strip()
    shown = QCoreApplication.translate("GatePlaneControls", label)
    if formula and shown.endswith(formula):
        return shown[:-len(formula)].strip()
    return shown


__all__ = ["variant_name"]
