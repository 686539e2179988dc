"""What the gate-plane tab remembers: QSettings between runs and the shareable state.

Why apart from the panel: both are "the tab's settings as plain values", and the state's rule
(check every value first, then apply; on bad input a translated ValueError and nothing changed)
reads best on its own. The checks mirror the fields' own limits (``gate_plane_controls``), so a
state file can set nothing a learner could not type. Mixed into ``GatePlanePanel``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QSettings

from gatelab.core import gates, plane
from gatelab.core.plane import PlaneSpec
from gatelab.ui.budget_reopen import checked_path
from gatelab.ui.widgets import settings_choice, settings_float, settings_int

POINT_LIMIT = 1e4  # |g|, |u| accepted for typed points (beyond this float32 maps are meaningless)
WINDOW_LIMIT = 1e4  # |g|, |u| at the map window's edges (the window fields' limit)
PARAM_LIMIT = 1e3  # |parameter| (the parameter fields' limit)
EPS_LIMIT = 1e3
DEFAULT_POINT = (1.5, -2.0)
NEURONS_KEY = "neurons_run"  # the run folder whose neurons are drawn (the folder button's)
NEURONS_LAYER_KEY = "neurons_layer"


def _real(value: object) -> bool:
    """A finite JSON number (bools are ints in Python, but not numbers in a state file)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


class GatePlaneStateMixin:
    """``state``/``apply_state`` and ``save_settings``/``restore_settings`` of the panel."""

    # -- the shareable state -----------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """Variant, its parameters, map window, resolution, ε, view and the point (g, u)."""
        s = self._spec
        return {"variant": s.variant, "params": dict(s.params), "g_range": list(s.g_range),
                "u_range": list(s.u_range), "resolution": s.resolution, "eps": s.eps,
                "view": self.controls.view_name(), "point": list(self._point)}

    def apply_state(self, state: Mapping[str, Any]) -> None:
        """Apply a ``state()`` dict; unknown keys are ignored, missing ones keep their value.

        Everything is checked before anything changes: a bad value raises ``ValueError`` with
        one translated line and leaves the tab exactly as it was.
        """
        if not isinstance(state, Mapping):
            raise ValueError(self.tr("The gate plane's state must be a JSON object."))
        s = self._spec
        variant = state.get("variant", s.variant)
        if not isinstance(variant, str) or variant not in gates.VARIANTS:
            raise ValueError(self.tr("Unknown gate variant in the state; valid: {0}.").format(
                ", ".join(gates.VARIANTS)))
        params = self._state_params(variant, state.get("params", self._params[variant]))
        g_range = self._state_pair(state, "g_range", s.g_range, WINDOW_LIMIT, ordered=True)
        u_range = self._state_pair(state, "u_range", s.u_range, WINDOW_LIMIT, ordered=True)
        point = self._state_pair(state, "point", self._point, POINT_LIMIT, ordered=False)
        resolution = state.get("resolution", s.resolution)
        if (not _real(resolution) or resolution != int(resolution)
                or not plane.MIN_RESOLUTION <= resolution <= plane.MAX_RESOLUTION):
            raise ValueError(self.tr("“resolution” must be a whole number in [{0}, {1}].").format(
                plane.MIN_RESOLUTION, plane.MAX_RESOLUTION))
        eps = state.get("eps", s.eps)
        if not _real(eps) or not 0 < eps <= EPS_LIMIT:
            raise ValueError(self.tr("“eps” must be a number > 0 and at most {0}.").format(
                int(EPS_LIMIT)))
        view = state.get("view", self.controls.view_name())
        if not isinstance(view, str) or view not in self.controls.view_names():
            raise ValueError(self.tr("“view” must be one of: {0}.").format(
                ", ".join(self.controls.view_names())))
        spec = PlaneSpec(variant=variant, params=params, g_range=g_range, u_range=u_range,
                         resolution=int(resolution), eps=float(eps))
        try:
            spec.validate()
        except ValueError:  # the checks above should have caught it; never half-apply
            raise ValueError(self.tr("The gate plane's state does not describe valid "
                                     "maps.")) from None
        self.controls.set_view_name(view)
        self._point = point
        changed = variant != s.variant
        self._set_spec(spec)  # redraws and reads the point; clears the window's messages
        self.controls.clear_variant_error()
        if changed:
            self.variant_changed.emit(variant)

    def _state_params(self, variant: str, value: object) -> dict[str, float]:
        accepted = gates.get(variant).params
        message = self.tr("“params” for {0} must map {1} to numbers within ±{2} (limit, α, β₁, "
                          "β₂ > 0; β ≠ 0).").format(variant, ", ".join(accepted) or "{}",
                                                    int(PARAM_LIMIT))
        if not isinstance(value, Mapping) or len(value) > len(accepted):
            raise ValueError(message)
        params = dict(accepted)
        for key, number in value.items():
            if key not in accepted or not _real(number) or abs(number) > PARAM_LIMIT:
                raise ValueError(message)
            if (number == 0) if key == "beta" else (number <= 0):
                raise ValueError(message)
            params[key] = float(number)
        return params

    def _state_pair(self, state: Mapping[str, Any], key: str, default: tuple[float, float],
                    limit: float, ordered: bool) -> tuple[float, float]:
        value = state.get(key, list(default))
        if (not isinstance(value, (list, tuple)) or len(value) != 2
                or not all(_real(x) and abs(x) <= limit for x in value)
                or (ordered and not value[0] < value[1])):
            if ordered:
                raise ValueError(self.tr("“{0}” must be [min, max] with min < max, both within "
                                         "±{1}.").format(key, int(limit)))
            raise ValueError(self.tr("“{0}” must be two finite numbers within ±{1}.").format(
                key, int(limit)))
        return float(value[0]), float(value[1])

    # -- QSettings (inside the panel's own group) ----------------------------------------------
    def save_settings(self, settings: QSettings) -> None:
        s = self._spec
        settings.setValue("variant", s.variant)
        for variant, params in self._params.items():
            for key, value in params.items():
                settings.setValue(f"params/{variant}/{key}", value)
        settings.setValue("g_min", s.g_range[0])
        settings.setValue("g_max", s.g_range[1])
        settings.setValue("u_min", s.u_range[0])
        settings.setValue("u_max", s.u_range[1])
        settings.setValue("resolution", s.resolution)
        settings.setValue("eps", s.eps)
        settings.setValue("view", self.controls.view_name())
        settings.setValue("g", self._point[0])
        settings.setValue("u", self._point[1])
        settings.setValue(NEURONS_KEY, self._neuron_folder)  # "": none, or not from a folder
        settings.setValue(NEURONS_LAYER_KEY, self.controls.layer())

    def restore_settings(self, settings: QSettings) -> None:
        for variant, params in self._params.items():
            for key, default in gates.get(variant).params.items():
                params[key] = settings_float(settings, f"params/{variant}/{key}", default)
            try:
                gates.resolve_params(variant, **params)
            except ValueError:
                params.update(gates.get(variant).params)
        variant = settings_choice(settings, "variant", "swiglu", gates.VARIANTS)
        candidate = PlaneSpec(
            variant=variant, params=dict(self._params[variant]),
            g_range=(settings_float(settings, "g_min", -6.0), settings_float(settings, "g_max", 6.0)),
            u_range=(settings_float(settings, "u_min", -6.0), settings_float(settings, "u_max", 6.0)),
            resolution=settings_int(settings, "resolution", 256, plane.MIN_RESOLUTION,
                                    plane.MAX_RESOLUTION),
            eps=settings_float(settings, "eps", 0.1, 1e-9, 1e6))
        try:
            candidate.validate()
        except ValueError:
            candidate = PlaneSpec(variant=variant, params=dict(self._params[variant]))
        self._set_spec(candidate)
        self.controls.set_view_name(settings_choice(settings, "view", "all",
                                                    self.controls.view_names()))
        self.set_point(settings_float(settings, "g", DEFAULT_POINT[0], -POINT_LIMIT, POINT_LIMIT),
                       settings_float(settings, "u", DEFAULT_POINT[1], -POINT_LIMIT, POINT_LIMIT))
        self._reopen_neurons(settings)

    def _reopen_neurons(self, settings: QSettings) -> None:
        """Read the run folder whose neurons were drawn at the last save again (off the GUI
        thread, as the button does), at its layer: after a restart the tab said "No neurons
        loaded." though it kept every other setting (walkthrough s23). A folder without its
        stats.npz any more is skipped without a word: nothing was asked of the learner. Even
        that check is made off the GUI thread: a hung network folder stalls a stat too."""
        folder = checked_path(settings.value(NEURONS_KEY, ""))
        if folder:
            self._wanted_layer = settings_int(settings, NEURONS_LAYER_KEY, 0, 0, 10_000)
            self.load_neurons_async(folder, quiet_if_gone=True)

    def _drawn_from(self, folder: str) -> None:
        """The neurons on show came from run ``folder`` ("": not from a folder); a layer
        remembered for it is chosen now."""
        self._neuron_folder = folder
        wanted, self._wanted_layer = self._wanted_layer, -1
        if folder and wanted >= 0:
            self.controls.layer_spin.setValue(wanted)  # (clamped to the run's layers)
