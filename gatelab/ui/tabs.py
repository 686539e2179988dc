"""The registry of panels: the one place that names each tab, its module and its class.

Panels are imported and built the first time their tab is shown, so the app paints its first
window without importing torch or building plots nobody looks at yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP


@dataclass(frozen=True)
class TabSpec:
    name: str  # stable id used by --tab and QSettings; a public contract
    title: str  # untranslated; translated with context "tabs" when shown
    module: str
    class_name: str
    tooltip: str


TAB_SPECS: tuple[TabSpec, ...] = (
    TabSpec("activations", QT_TRANSLATE_NOOP("tabs", "Activation curves"),
            "gatelab.ui.activations_panel", "ActivationsPanel",
            QT_TRANSLATE_NOOP("tabs", "SiLU, ReLU, GELU and friends, with derivatives and a z probe")),
    TabSpec("gate-plane", QT_TRANSLATE_NOOP("tabs", "Gate plane"),
            "gatelab.ui.gate_plane_panel", "GatePlanePanel",
            QT_TRANSLATE_NOOP("tabs", "h = act(g)·u and its gradients over the (g, u) plane")),
    TabSpec("budget", QT_TRANSLATE_NOOP("tabs", "Parameter budget"),
            "gatelab.ui.budget_panel", "BudgetPanel",
            QT_TRANSLATE_NOOP("tabs", "Exact parameter accounting: 8d² vs 3dm, presets, config readers")),
    TabSpec("trainer", QT_TRANSLATE_NOOP("tabs", "Live trainer"),
            "gatelab.ui.trainer_panel", "TrainerPanel",
            QT_TRANSLATE_NOOP("tabs", "Train a small transformer and watch its gates live")),
    TabSpec("inside", QT_TRANSLATE_NOOP("tabs", "Inside the model"),
            "gatelab.ui.inside_panel", "InsidePanel",
            QT_TRANSLATE_NOOP("tabs", "What each neuron fires on, the gates at a token, the MLP as a small correction, attention sinks")),  # noqa: E501 (one literal for lupdate)
)

TAB_NAMES: tuple[str, ...] = tuple(spec.name for spec in TAB_SPECS)
