"""The trainer tab's shareable state: the form, the experiment's choices, the view and the run.

``panel_state`` gives plain JSON for File → Save state / Copy state; ``apply_panel_state`` checks
every value first (types, ranges, NaN, sizes) and raises ValueError with one translated line,
changing nothing, before it applies any of them. Unknown keys are ignored and missing ones keep
the current value, so a state written by an older or newer gatelab still opens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from gatelab.core.trainconfig import FFN_VARIANTS

if TYPE_CHECKING:
    from gatelab.ui.trainer_panel import TrainerPanel

VIEWS = ("live", "runs", "experiment")
MAX_PATH = 4096


def panel_state(panel: TrainerPanel) -> dict[str, Any]:
    """Every form value, the experiment's variants and seeds, the view and the selected run."""
    exp = panel.experiment
    return {
        "form": panel.controls.state(),
        "experiment": {
            "variant_a": str(exp.variant_a.currentData()),
            "variant_b": str(exp.variant_b.currentData()),
            "seeds": exp.seeds.value(),
        },
        "view": VIEWS[max(0, panel.views.currentIndex())],
        "selected_run": panel.runs.selected_path(),
    }


def _check_experiment(panel: TrainerPanel, value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(QCoreApplication.translate("TrainerPanel", "experiment must be an object"))
    out: dict[str, Any] = {}
    for key in ("variant_a", "variant_b"):
        if key in value:
            if value[key] not in FFN_VARIANTS:
                raise ValueError(
                    QCoreApplication.translate(
                        "TrainerPanel", "experiment {0} must be one of {1}"
                    ).format(key, ", ".join(FFN_VARIANTS))
                )
            out[key] = value[key]
    if "seeds" in value:
        seeds = value["seeds"]
        box = panel.experiment.seeds
        if (
            isinstance(seeds, bool)
            or not isinstance(seeds, int)
            or not (box.minimum() <= seeds <= box.maximum())
        ):
            raise ValueError(
                QCoreApplication.translate(
                    "TrainerPanel", "experiment seeds must be a whole number from {0} to {1}"
                ).format(box.minimum(), box.maximum())
            )
        out["seeds"] = seeds
    return out


def check_panel_state(panel: TrainerPanel, state: Any) -> dict[str, Any]:
    """The checked values of ``state`` by part; ValueError (one translated line) if any is bad."""
    if not isinstance(state, Mapping):
        raise ValueError(
            QCoreApplication.translate("TrainerPanel", "the trainer state must be an object")
        )
    checked: dict[str, Any] = {}
    if "form" in state:
        checked["form"] = panel.controls.check_state(state["form"])
    if "experiment" in state:
        checked["experiment"] = _check_experiment(panel, state["experiment"])
    if "view" in state:
        if state["view"] not in VIEWS:
            raise ValueError(
                QCoreApplication.translate("TrainerPanel", "view must be one of {0}").format(
                    ", ".join(VIEWS)
                )
            )
        checked["view"] = state["view"]
    if "selected_run" in state:
        run = state["selected_run"]
        if not isinstance(run, str) or len(run) > MAX_PATH or "\0" in run:
            raise ValueError(
                QCoreApplication.translate("TrainerPanel", "selected_run must be a folder path")
            )
        checked["selected_run"] = run
    return checked


def apply_panel_state(panel: TrainerPanel, state: Any) -> None:
    """Check everything, then apply. The form may change during a run (the run keeps the
    config it started with); an experiment in progress keeps its variants and seeds."""
    checked = check_panel_state(panel, state)
    exp = checked.get("experiment", {})
    if exp and panel.experiment.is_busy():
        raise ValueError(
            QCoreApplication.translate(
                "TrainerPanel", "stop the experiment before loading other experiment settings"
            )
        )
    if "form" in checked:
        panel.controls.apply_state(checked["form"])
    for key, combo in (
        ("variant_a", panel.experiment.variant_a),
        ("variant_b", panel.experiment.variant_b),
    ):
        if key in exp:
            combo.setCurrentIndex(combo.findData(exp[key]))
    if "seeds" in exp:
        panel.experiment.seeds.setValue(exp["seeds"])
    if "view" in checked:
        panel.views.setCurrentIndex(VIEWS.index(checked["view"]))
    if checked.get("selected_run"):
        panel.runs.select_after_refresh(checked["selected_run"])
