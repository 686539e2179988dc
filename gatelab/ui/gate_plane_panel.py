"""The gate-plane tab: click anywhere on (g, u) and read h, ∂h/∂g and ∂h/∂u exactly.

Why: "h = SiLU(g)·u" only becomes intuitive when you can see where the gate is closed, where a
negative gate flips the sign of u, and that gradient still reaches a closed SiLU gate but not a
closed ReLU one. The maps come from ``gatelab.core.plane.compute_maps`` and every readout from
``plane.read_point`` (``gates.evaluate`` in float64), never from the image, so a point outside
the map window, like (10, 10), still reads exactly. Controls live in ``gate_plane_controls``,
the saved state in ``gate_plane_state``, the "Try this" lesson in ``gate_plane_lesson`` and
where everything goes in ``gate_plane_layout``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QWidget

from gatelab.core import gates, plane
from gatelab.core.plane import PlaneSpec, PointReading
from gatelab.ui.elide import keep_math
from gatelab.ui.gate_plane_controls import GatePlaneControls
from gatelab.ui.gate_plane_layout import GatePlaneArrangement
from gatelab.ui.gate_plane_legend import legend_html
from gatelab.ui.gate_plane_lesson import GatePlaneLessonMixin
from gatelab.ui.gate_plane_maps import GatePlaneMaps, arrow_nudge
from gatelab.ui.gate_plane_meaning import meaning_text
from gatelab.ui.gate_plane_state import DEFAULT_POINT, POINT_LIMIT, GatePlaneStateMixin
from gatelab.ui.gate_plane_tips import (
    basename,
    no_neurons,
    other_variant_note,
    other_variant_tip,
)
from gatelab.ui.messages import message_text
from gatelab.ui.qt_cycles import detach, without_traceback
from gatelab.ui.widgets import fmt_number
from gatelab.ui import file_dialogs
from gatelab.ui.field_errors import reserve_lines

NUDGE = 0.1
FINE_NUDGE = 0.01


class GatePlanePanel(GatePlaneStateMixin, GatePlaneLessonMixin, QWidget):
    """Heatmaps of h, ∂h/∂g, ∂h/∂u over (g, u), a clickable marker and an exact readout."""

    status_changed = Signal(str)
    point_changed = Signal(float, float)
    variant_changed = Signal(str)
    neurons_loaded = Signal(bool)  # a folder chosen with the button was read (True: drawn)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._params: dict[str, dict[str, float]] = {v: dict(gates.get(v).params)
                                                     for v in gates.VARIANTS}
        # with its parameters spelled out: an empty dict hid SwiGLU's β field until the variant
        # was switched (core fills defaults in, the controls show only the keys present)
        self._spec = PlaneSpec(params=dict(self._params["swiglu"]), resolution=256).validate()
        self._point = DEFAULT_POINT
        self._reading: PointReading | None = None
        self._neuron_layers: np.ndarray | None = None
        self._neuron_label: Callable[[], str] = str  # the overlay's name, in the current language
        self._neuron_variant = ""  # the variant the neurons were trained as ("" unknown)
        self._neuron_text: tuple[Callable[[], str], bool] = (
            no_neurons, False)  # the message under the button
        self._calls: Any = None  # BackgroundCalls, made on the first folder read
        self._neuron_request = ""
        self._neuron_folder = ""  # the run folder drawn, kept for the next launch (state mixin)
        self._wanted_layer = -1  # the remembered layer, chosen once that folder is read again
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # arrows after a click; Tab: the maps

        self.maps = GatePlaneMaps(self)
        self.maps.point_picked.connect(self._on_picked)
        self.maps.nudge_requested.connect(self._on_nudge)
        self.legend_label = QLabel(self)
        self.legend_label.setObjectName("gate-plane-legend")
        self.legend_label.setTextFormat(Qt.TextFormat.RichText)
        # wraps: one long line (a trained run's name) widened the tab and squeezed the lesson card
        self.legend_label.setWordWrap(True)
        self.meaning_label = QLabel(self)
        self.meaning_label.setObjectName("gate-plane-meaning")
        self.meaning_label.setWordWrap(True)
        self.meaning_label.setStyleSheet("font-size: 12pt; padding: 4px; background: #fdf6e3;")
        self.meaning_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # room for three lines from the start: a longer sentence (the clamp's) grew the label and
        # shrank all three maps, and the tab jumped at every point
        reserve_lines(self.meaning_label, 3)

        self.controls = GatePlaneControls(self._spec, self._params, self)
        self.controls.point_requested.connect(self.set_point)
        self.controls.variant_requested.connect(self.set_variant)
        self.controls.spec_requested.connect(self._on_spec_requested)
        self.controls.view_changed.connect(self.maps.show_maps)
        self.controls.load_requested.connect(self._on_load_clicked)
        self.controls.layer_changed.connect(self._on_layer_changed)
        self.controls.clear_neurons_requested.connect(lambda: self.set_neuron_points(None))
        # the boxes under the maps, or beside them with the texts in a narrow tab
        self.arrangement = GatePlaneArrangement(
            self, self.maps, [self.legend_label, self.meaning_label], self.controls)
        self.refresh()
        self.set_point(*self._point)
        self.retranslate()

    # -- language and the protocol -----------------------------------------------------------
    def retranslate(self) -> None:
        """Every string of the tab again in the current language, the readouts re-rendered."""
        self.meaning_label.setToolTip(self.tr("What the selected point means, in plain words"))
        self.controls.retranslate()
        self.maps.retranslate()
        if self._reading is not None:
            self.meaning_label.setText(keep_math(self.meaning(self._reading)))
        self._update_legend()
        self._show_neuron_text(*self._neuron_text)

    def set_panel_lookup(self, lookup: Callable[[str], QWidget | None]) -> None:
        """This tab reads no other tab (the window hands it the trainer's neurons)."""

    def _show_neuron_text(self, text: Callable[[], str], error: bool = False) -> None:
        """The message under the neuron button, kept as a function so it can be retranslated."""
        self._neuron_text = (detach(text, self), error)  # names self: no cycle (qt_cycles)
        self.controls.show_neuron_message(text(), error)
        self.controls.neuron_message.set_tip("" if self._neuron_layers is None else
                                             other_variant_tip(self._neuron_variant,
                                                               self._spec.variant))

    # -- public API ---------------------------------------------------------------------------
    def spec(self) -> PlaneSpec:
        return self._spec

    def point(self) -> tuple[float, float]:
        return self._point

    def reading(self) -> PointReading | None:
        return self._reading

    def set_point(self, g: float, u: float) -> bool:
        """Move the marker to (g, u) and read it exactly; bad values leave the point unchanged."""
        try:
            g, u = float(g), float(u)
        except (TypeError, ValueError):
            g = u = math.nan
        if not (math.isfinite(g) and math.isfinite(u)) or max(abs(g), abs(u)) > POINT_LIMIT:
            self.controls.show_point_error(lambda: self.tr(
                "g and u must be finite numbers within ±{0}").format(fmt_number(POINT_LIMIT, 0)))
            return False
        self.controls.clear_point_error()
        self._point = (g, u)
        self._reading = plane.read_point(self._spec, g, u)
        self.maps.set_marker(g, u, self._reading.in_range)
        self.controls.show_reading(self._reading)
        self.meaning_label.setText(keep_math(self.meaning(self._reading)))
        self.point_changed.emit(g, u)
        return True

    def set_variant(self, name: str) -> bool:
        """Switch the gate variant; an unknown name shows a message and keeps the current one."""
        if name not in gates.VARIANTS:
            self.controls.show_variant_error(
                lambda: self.tr("unknown variant “{0}”; choose one from the list").format(name))
            return False
        ok = self._apply(variant=name, params=dict(self._params[name]))
        if ok:
            self.controls.clear_variant_error()
            self.variant_changed.emit(name)
        return ok

    def set_neuron_points(self, pairs: np.ndarray | None,
                          label: str | Callable[[], str] = "", variant: str = "",
                          layer: int = -1) -> bool:
        """Overlay a trained model's neurons: pairs [n, 2] of (g, u) (or [n_layer, m, 2]); None clears.

        ``label`` may be a function, called again on retranslate: the live trainer sends one, so
        a language switch leaves no "layer"/"step" behind; a string is shown as it is. ``variant``:
        what the model was trained as; on maps of another variant the neuron text says so.
        ``layer``: which layer one layer's pairs are (the greyed layer box shows it; -1 unknown)."""
        return self._set_neurons(pairs, label if callable(label) else lambda: label, variant,
                                 layer)

    def _set_neurons(self, pairs: np.ndarray | None, label: Callable[[], str],
                     variant: str = "", layer: int = -1) -> bool:
        self._neuron_variant = variant if pairs is not None else ""
        self._neuron_folder = ""  # a folder's neurons say so once drawn (_drawn_from)
        if pairs is None:
            self._neuron_layers = None
            self._neuron_label = str
            self.controls.set_layers(0)
            self._show_neuron_text(no_neurons)
            self.maps.set_neurons(None)
            self._update_legend()
            return True
        arr = np.asarray(pairs, dtype=np.float64)
        if arr.ndim == 2 and arr.shape[1] == 2:
            arr = arr[None]
        if arr.ndim != 3 or arr.shape[2] != 2 or arr.shape[1] == 0:
            shape = list(np.shape(pairs))
            self._show_neuron_text(lambda: self.tr("neuron points must be an array of (g, u) "
                                                   "pairs, got shape {0}").format(shape), True)
            return False
        self._neuron_layers = arr
        self._neuron_label = detach(label, self)
        self.controls.set_layers(arr.shape[0], sent_one=np.ndim(pairs) == 2, shown=layer)
        self._on_layer_changed(self.controls.layer())
        return True

    def load_neurons_async(self, run_dir: str, quiet_if_gone: bool = False) -> None:
        """The folder button's path: ``stats.npz`` is read in a helper thread (a slow disk or a
        hostile file never freezes the window); ``neurons_loaded(ok)`` follows. ``quiet_if_gone``
        (the launch's reopening): a folder without its stats.npz is skipped without a word."""
        if self._calls is None:
            from gatelab.ui.trainer_worker import BackgroundCalls
            self._calls = BackgroundCalls(self)
            self._calls.call_finished.connect(self._on_neurons_read)
        self._neuron_request = run_dir
        if not quiet_if_gone:
            self._show_neuron_text(lambda: self.tr("Reading {0}…").format(basename(run_dir)))
        self._calls.submit(run_dir, lambda: plane.run_gate_pairs(run_dir, gone_ok=quiet_if_gone))

    def _on_neurons_read(self, run_dir: str, pairs: object, error: str) -> None:
        if run_dir != self._neuron_request:
            return  # a newer folder was chosen meanwhile
        if pairs is None and not error:  # reopening a folder gone since: nothing to say
            self._wanted_layer = -1
            return
        if error:
            self._neuron_error(error)
            self.neurons_loaded.emit(False)
            return
        pairs, variant = pairs if isinstance(pairs, tuple) else (pairs, "")
        ok = self._set_neurons(pairs, lambda: self.tr("run {0}").format(basename(run_dir)), variant)
        self._drawn_from(run_dir if ok else "")
        self.neurons_loaded.emit(ok)

    def _neuron_error(self, error: object) -> None:
        """Show why a folder could not be read, by the button and in the status bar (core's
        keyed message is rendered again on every retranslate; kept without its traceback,
        whose frames would hold this panel in a cycle: qt_cycles)."""
        if isinstance(error, BaseException):
            error = without_traceback(error)
        shown = self._neuron_label if self._neuron_layers is not None else None

        def text() -> str:  # the neurons drawn before stay: say whose (walkthrough s18 P5)
            if shown is None:
                return self.tr("Could not load neurons: {0}").format(message_text(error))
            return self.tr("Could not load neurons (the maps keep those of {0}): {1}").format(
                shown() or self.tr("neurons"), message_text(error))
        self._show_neuron_text(text, True)
        self.status_changed.emit(text())

    def shutdown(self) -> None:
        """Wait for a folder still being read (the main window calls this on close)."""
        if self._calls is not None:
            self._calls.join()

    def load_neurons_from(self, run_dir: str) -> bool:
        """Read ``stats.npz`` ``gate_pairs`` of a run folder; errors are shown by the button."""
        try:
            pairs = plane.load_gate_pairs(run_dir)
        except ValueError as exc:
            self._neuron_error(exc)
            return False
        ok = self._set_neurons(pairs, lambda: self.tr("run {0}").format(basename(run_dir)),
                               plane.run_variant(run_dir))
        self._drawn_from(run_dir if ok else "")
        return ok

    def neuron_points(self) -> np.ndarray | None:
        """The (g, u) pairs currently drawn (finite rows of the chosen layer), or None."""
        if self._neuron_layers is None:
            return None
        layers = self._neuron_layers  # one layer sent alone is row 0, whatever its number
        layer = layers[0] if len(layers) == 1 else layers[min(self.controls.layer(), len(layers) - 1)]
        return layer[np.all(np.isfinite(layer), axis=1)]

    def refresh(self) -> None:
        """Recompute all three maps, contour and bands for the current spec and redraw them."""
        spec = self._spec
        maps = plane.compute_maps(spec)
        zero_g, zero_u, closed = plane.outlines(spec)
        self.maps.set_maps(spec, maps, zero_g, zero_u, closed)

    def meaning(self, r: PointReading) -> str:
        """One plain-language sentence (or two) on what the point means (``gate_plane_meaning``)."""
        return meaning_text(r, self._spec.eps, self._spec.variant)

    # -- internals ---------------------------------------------------------------------------
    def _apply(self, **changes: object) -> bool:
        candidate = dataclasses.replace(self._spec, **changes)  # type: ignore[arg-type]
        try:
            candidate.validate()
        except ValueError as exc:
            # `exc` is unbound after the except block; the text is made again later, from the
            # error without its traceback (its frames would hold this panel: qt_cycles)
            error = without_traceback(exc)

            def message() -> str:
                return self.tr("Not applied: {0}").format(message_text(error))
            self.controls.show_spec_error(message)  # first: the status bar skips a shown text
            self.status_changed.emit(message())
            return False
        self._set_spec(candidate)
        return True

    def _set_spec(self, spec: PlaneSpec) -> None:
        self._spec = spec
        self._params[spec.variant] = dict(spec.params)
        self.controls.show_spec(spec)
        self.refresh()
        self.set_point(*self._point)
        if self._neuron_layers is not None:  # the note on another variant's maps follows
            self._on_layer_changed(self.controls.layer())

    def _on_spec_requested(self, changes: dict) -> None:
        if "params" in changes:
            merged = dict(self._spec.params)
            merged.update(changes["params"])
            changes = {**changes, "params": merged}
        self._apply(**changes)

    def _on_picked(self, g: float, u: float) -> None:
        self.set_point(g, u)

    def _on_nudge(self, dg: int, du: int, fine: bool) -> None:
        step = FINE_NUDGE if fine else NUDGE
        g, u = self._point
        self.set_point(round(g + dg * step, 6), round(u + du * step, 6))

    def keyPressEvent(self, ev: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        nudge = arrow_nudge(ev)
        if nudge is None:
            super().keyPressEvent(ev)
            return
        ev.accept()
        self._on_nudge(*nudge)

    def _on_load_clicked(self) -> None:
        folder = file_dialogs.existing_folder(
            self, self.tr("Choose a run folder (with stats.npz)"), file_dialogs.runs_start())
        if folder:
            self.load_neurons_async(folder)

    def _on_layer_changed(self, _layer: int) -> None:
        pts = self.neuron_points()
        self.maps.set_neurons(pts)
        if pts is not None and self._neuron_layers is not None:
            n_pts, layer, last = len(pts), self.controls.layer(), len(self._neuron_layers) - 1

            def text() -> str:
                name = self._neuron_label() or self.tr("neurons")
                note = other_variant_note(self._neuron_variant, self._spec.variant)
                if last == 0:
                    said = self.tr("{0}: {1} neurons").format(name, n_pts)
                else:
                    said = self.tr("{0}: layer L{1} of L0–L{2}, {3} neurons").format(
                        name, layer, last, n_pts)
                return said + ("\n" + note if note else "")
            self._show_neuron_text(text)
        self._update_legend()

    def _update_legend(self) -> None:
        neurons = None
        if self._neuron_layers is not None:
            neurons = self._neuron_label() or self.tr("layer L{0}").format(self.controls.layer())
        self.legend_label.setText(legend_html(neurons))
