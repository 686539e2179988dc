"""The registry of panels: the one place that names each tab, its module and its class.

Panels are imported and built the first time their tab is shown, so the app paints its first
window without importing torch or building plots nobody looks at yet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSettings

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from gatelab.ui.lesson_card import Lesson


@runtime_checkable
class Panel(Protocol):
    """What the main window needs from every tab's panel, and nothing more.

    ``status_changed`` is a ``Signal(str)`` whose text goes to the status bar. ``state()`` is
    plain JSON; ``apply_state`` validates everything before it changes anything and raises
    ``ValueError`` with a translated one-line message on bad input. ``retranslate`` re-sets every
    visible string after a language switch; ``lesson`` is built in the current language.
    """

    status_changed: Any

    def restore_settings(self, settings: QSettings) -> None: ...
    def save_settings(self, settings: QSettings) -> None: ...
    def shutdown(self) -> None: ...
    def set_panel_lookup(self, lookup: Callable[[str], QWidget | None]) -> None: ...
    def retranslate(self) -> None: ...
    def state(self) -> dict[str, Any]: ...
    def apply_state(self, state: Mapping[str, Any]) -> None: ...
    def lesson(self) -> Lesson: ...


@runtime_checkable
class GatePairsSource(Protocol):
    """A panel with trained neurons' (g, u): ``gate_pairs_changed`` is Signal(object, object,
    str, int) carrying the pairs, a label (a string, or a function giving it in the current
    language), the FFN variant they were trained as ("" unknown) and their layer (-1 unknown)."""

    gate_pairs_changed: Any


@runtime_checkable
class GatePairsSink(Protocol):
    """A panel that draws trained neurons' (g, u) (the gate plane)."""

    def set_neuron_points(self, pairs: object, label: Any, variant: str = "",
                          layer: int = -1) -> None: ...


@runtime_checkable
class TabLinker(Protocol):
    """A panel whose parts lead to other tabs: ``tab_requested`` is Signal(str) (a tab name)."""

    tab_requested: Any


@runtime_checkable
class SettingsSaver(Protocol):
    """A panel that asks for the settings to be written at once (``settings_save_requested``
    is Signal()): the trainer, when a run starts or ends (probe s17: a kill within 20 s of
    Start left no notice of the interrupted run, the pointer waiting for the autosave)."""

    settings_save_requested: Any


@runtime_checkable
class StateLineOwner(Protocol):
    """A panel that says "State restored." in a line of its own, to forget when a later state
    fails to open, paste or save (beside that failure it read as its outcome)."""

    def forget_state_line(self) -> None: ...


@runtime_checkable
class PanelBuilderUser(Protocol):
    """A panel that reads other tabs on the user's request even before they were opened:
    ``set_panel_builder`` gets a function that builds a tab's panel (settings restored) if
    needed and returns it, where ``set_panel_lookup``'s returns only panels already built."""

    def set_panel_builder(self, build: Callable[[str], QWidget | None]) -> None: ...


PANEL_MEMBERS: tuple[str, ...] = (
    "status_changed", "restore_settings", "save_settings", "shutdown", "set_panel_lookup",
    "retranslate", "state", "apply_state", "lesson",
)


def missing_members(panel: object) -> list[str]:
    """The Panel members ``panel`` lacks (empty for a conforming panel)."""
    return [name for name in PANEL_MEMBERS if not hasattr(panel, name)]


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
    TabSpec("forward-pass", QT_TRANSLATE_NOOP("tabs", "Forward pass"), "gatelab.ui.forward_map", "ForwardMapPanel", QT_TRANSLATE_NOOP("tabs", "A clickable map of one forward pass; each box opens the tab that explains it")),  # noqa: E501 (one line)
)

TAB_NAMES: tuple[str, ...] = tuple(spec.name for spec in TAB_SPECS)
