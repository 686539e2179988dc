"""Texts of the gate-plane controls that depend on what is shown (kept out of the controls
module, which is at its size limit); translated in the ``GatePlaneControls`` context."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gatelab.core import plane


def view_choices() -> list[tuple[str, str, tuple[str, ...]]]:
    translate = QCoreApplication.translate
    return [
        ("all", translate("GatePlaneControls", "all three side by side"), plane.MAP_KEYS),
        ("h", translate("GatePlaneControls", "h only"), ("h",)),
        ("dh_dg", translate("GatePlaneControls", "∂h/∂g only"), ("dh_dg",)),
        ("dh_du", translate("GatePlaneControls", "∂h/∂u only"), ("dh_du",)),
    ]


def layer_tip(n: int, sent_one: bool) -> str:
    """The layer spin box's tooltip: why it is greyed out when it is. ``sent_one``: the neurons
    came as one layer chosen by their sender (the live trainer)."""
    translate = QCoreApplication.translate
    if sent_one:
        return translate("GatePlaneControls", "These neurons come from the live training run: "
                                              "its \"Gate plane shows\" control on the Trainer "
                                              "tab sets their layer")
    if n == 0:
        return translate("GatePlaneControls", "Which layer's neurons to show (load a run's "
                                              "neurons first)")
    if n == 1:
        return translate("GatePlaneControls", "This model has one layer")
    return translate("GatePlaneControls", "Which layer's neurons to show")
