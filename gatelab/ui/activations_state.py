"""What the activation-curves tab remembers: QSettings between runs and the shareable state.

Why apart from the panel: both are "the tab's settings as plain values", and the state's rule
(validate everything, then apply; on bad input a translated ValueError and nothing changed) is
easier to read and test on its own. Mixed into ``ActivationsPanel``; ``self`` is the panel.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings

from gatelab.core import activations, curves
from gatelab.ui.widgets import fmt_number, settings_bool, settings_float, settings_str_list

DEFAULT_RANGE = (-6.0, 6.0)
DEFAULT_Z = -1.0


class ActivationsStateMixin:
    """``state``/``apply_state`` and ``save_settings``/``restore_settings`` of the panel."""

    # -- the shareable state -----------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """Curves shown, derivative toggle, z range and probe z, as plain JSON values."""
        lo, hi = self._range
        return {"shown": self.shown(), "derivatives": self.derivative_box.isChecked(),
                "z_min": lo, "z_max": hi, "z": self._z}

    def apply_state(self, state: Mapping[str, Any]) -> None:
        """Apply a ``state()`` dict; unknown keys are ignored, missing ones keep their value.

        Everything is checked before anything changes: a bad value raises ``ValueError`` with
        one translated line and leaves the tab exactly as it was.
        """
        if not isinstance(state, Mapping):
            raise ValueError(self.tr("The activation curves' state must be a JSON object."))
        shown = self._state_shown(state.get("shown", self.shown()))
        derivatives = state.get("derivatives", self.derivative_box.isChecked())
        if not isinstance(derivatives, bool):
            raise ValueError(self.tr("“derivatives” must be true or false."))
        lo = self._state_number(state, "z_min", self._range[0])
        hi = self._state_number(state, "z_max", self._range[1])
        try:
            lo, hi = curves.validate_range(lo, hi)
        except ValueError:
            raise ValueError(self.tr("The z range must satisfy z min < z max and be at most "
                                     "10⁶ wide.")) from None
        z = self._state_number(state, "z", self._z)
        if not lo <= z <= hi:
            raise ValueError(self.tr("The probe z must lie inside the z range."))
        self.set_shown(shown, derivatives)
        self.set_range(lo, hi)
        self.set_z(z)

    def _state_shown(self, value: object) -> list[str]:
        if not isinstance(value, list) or len(value) > len(activations.NAMES):
            raise ValueError(self.tr("“shown” must be a list of at most {0} activation "
                                     "names.").format(len(activations.NAMES)))
        bad = [v for v in value if not isinstance(v, str) or v not in activations.NAMES]
        if bad:
            raise ValueError(self.tr("Unknown activation in “shown”; valid names: {0}.").format(
                ", ".join(activations.NAMES)))
        return list(value)

    def _state_number(self, state: Mapping[str, Any], key: str, default: float) -> float:
        value = state.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(
                value) or abs(value) > 1e6:
            raise ValueError(self.tr("“{0}” must be a finite number within ±10⁶.").format(key))
        return float(value)

    # -- the z range rule, checked in the field being typed in, so its error shows there ------
    def _check_min(self, value: float) -> None:
        translate = QCoreApplication.translate  # the panel's context: its zh_CN still applies
        hi = self._range[1]
        if value >= hi:
            raise ValueError(translate("ActivationsPanel", "z min must be below z max ({0})")
                             .format(fmt_number(hi, 2)))
        if hi - value > curves.MAX_RANGE_WIDTH:
            raise ValueError(translate("ActivationsPanel", "z min must be at least {0}: the range "
                                       "may be at most 10⁶ wide").format(
                fmt_number(hi - curves.MAX_RANGE_WIDTH, 0)))

    def _check_max(self, value: float) -> None:
        translate = QCoreApplication.translate
        lo = self._range[0]
        if value <= lo:
            raise ValueError(translate("ActivationsPanel", "z max must be above z min ({0})")
                             .format(fmt_number(lo, 2)))
        if value - lo > curves.MAX_RANGE_WIDTH:
            raise ValueError(translate("ActivationsPanel", "z max must be at most {0}: the range "
                                       "may be at most 10⁶ wide").format(
                fmt_number(lo + curves.MAX_RANGE_WIDTH, 0)))

    # -- QSettings (inside the panel's own group) ----------------------------------------------
    def save_settings(self, settings: QSettings) -> None:
        settings.setValue("shown", ",".join(self.shown()))
        settings.setValue("derivatives", self.derivative_box.isChecked())
        settings.setValue("z_min", self._range[0])
        settings.setValue("z_max", self._range[1])
        settings.setValue("z", self._z)

    def restore_settings(self, settings: QSettings) -> None:
        """Read the settings back; garbage in any key falls back to that key's default."""
        shown = settings_str_list(settings, "shown", curves.DEFAULT_SHOWN, activations.NAMES)
        self.set_shown(shown, settings_bool(settings, "derivatives", True))
        lo = settings_float(settings, "z_min", DEFAULT_RANGE[0], -1e5, 1e5)
        hi = settings_float(settings, "z_max", DEFAULT_RANGE[1], -1e5, 1e5)
        if not self.set_range(lo, hi):
            self.z_max_field.clear_error()
            self.z_min_field.clear_error()
            self.set_range(*DEFAULT_RANGE)
        self.set_z(settings_float(settings, "z", DEFAULT_Z, -1e5, 1e5))
