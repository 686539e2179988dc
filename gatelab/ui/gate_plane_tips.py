"""Texts of the gate-plane controls that depend on what is shown (kept out of the controls
module, which is at its size limit); translated in the ``GatePlaneControls`` context. The
panel's small formatting helpers live here too, for the same reason."""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QSpinBox, QWidget

from gatelab.core import gates, plane
from gatelab.ui.variant_names import variant_name
from gatelab.ui.widgets import fmt_number


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


class LayerSpin(QSpinBox):
    """The trained neurons' layer box, L0, L1, … (0-based, like the trainer's). Greyed when
    there is no choice: no neurons, one layer, or one layer sent by the live trainer, whose own
    number it then shows (L1, not the L0 of the one-layer array it sent). The tooltip says why."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPrefix("L")
        self.set_layers(0)

    def set_layers(self, n: int, sent_one: bool = False, shown: int = 0) -> None:
        """``n`` layers to choose from; ``sent_one``: the sender chose the layer ``shown``."""
        self._layers = (n, sent_one)
        self.blockSignals(True)
        first = max(shown, 0) if sent_one else 0
        self.setRange(first, first if sent_one else max(n - 1, 0))
        self.setEnabled(n > 1)
        self.retranslate()
        self.blockSignals(False)

    def retranslate(self) -> None:
        self.setToolTip(layer_tip(*self._layers))


def no_neurons() -> str:
    return QCoreApplication.translate("GatePlaneControls", "No neurons loaded.")


def grad_text(x: float) -> str:
    """A gradient with 4 decimals, or 3 significant digits when that would read as 0 but isn't."""
    if x == 0.0 or abs(x) >= 5e-5:
        return fmt_number(x, 4)
    return fmt_number(x, 4) if not math.isfinite(x) else f"{x:.3g}".replace("-", "\u2212")


def basename(path: str) -> str:
    return Path(path).name or str(path)


def other_variant_note(trained: str, shown: str) -> str:
    """Why trained neurons can sit on maps of another variant, or "" when they match: their
    (g, u) are the model's own, but h and the gradients drawn under them are what the *shown*
    variant makes of those inputs, not what the trained model computed (a SwiGLU run's neurons
    on gpt-oss's clamped maps looked like gpt-oss neurons). One short line: a longer one
    wrapped to four and squeezed the maps."""
    if not trained or trained == shown or trained not in gates.VARIANTS:
        return ""
    return QCoreApplication.translate(
        "GatePlaneControls", "Trained as {0}; the maps show {1}.").format(
        variant_name(trained), variant_name(shown))


def other_variant_tip(trained: str, shown: str) -> str:
    """The note's explanation, for the neuron message's tooltip ("" when they match)."""
    if not other_variant_note(trained, shown):
        return ""
    return QCoreApplication.translate(
        "GatePlaneControls", "These neurons' (g, u) come from a model trained as {0}; h and the "
                             "gradients drawn under them are what {1} makes of those inputs, "
                             "not what that model computed.").format(
        variant_name(trained), variant_name(shown))
