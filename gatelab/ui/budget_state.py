"""The budget tab's shareable state: ``state()`` / ``apply_state()`` (File → Save/Open state).

Why apart and why so strict: a .gatelab file or a pasted line may come from anywhere. Every value
is checked before anything changes (whole numbers in the fields' ranges, real booleans, a known
view), so a bad state raises one translated ``ValueError`` and leaves the tab exactly as it was.
Unknown keys are ignored and missing keys keep the current value. A preset name this session does
not know (say a config.json opened in another session) keeps the current selection, and the
status bar says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gatelab.core.budget import MAX_DIM
from gatelab.ui.budget_fields import BigIntField

#: state key → (field attribute, minimum)
INT_KEYS: dict[str, tuple[str, int]] = {
    "d": ("d_field", 1), "m": ("m_field", 1), "layers": ("layers_field", 1),
    "heads": ("heads_field", 1), "kv_heads": ("kv_field", 1), "vocab": ("vocab_field", 1),
    "experts": ("experts_field", 0), "active_experts": ("active_field", 1),
}
BOOL_KEYS = ("gated", "bias", "tie")
VIEWS = ("presets", "checkpoint")  # the lower tabs, in order
MAX_MULTIPLE = 65536
MAX_NAME = 400


class BudgetStateMixin:
    """``state`` / ``apply_state`` for ``BudgetPanel`` (which supplies the widgets below)."""

    models: dict[str, Any]
    m_field: BigIntField
    variant_combo: Any
    multiple_spin: Any
    bias_check: Any
    tie_check: Any
    compare_combo: Any
    lower_tabs: Any
    status_changed: Any

    # provided by BudgetPanel / QWidget (annotations, not stub defs: see budget_load.py)
    gated: Callable[[], bool]
    compare_name: Callable[[], str]
    select_model: Callable[[str], None]
    _on_inputs_changed: Callable[..., None]
    tr: Callable[[str], str]

    def state(self) -> dict[str, Any]:
        """The tab as plain JSON: preset, every field, the toggles and the lower view."""
        out: dict[str, Any] = {"preset": self.compare_name()}
        for key, (attr, _minimum) in INT_KEYS.items():
            field: BigIntField = getattr(self, attr)
            out[key] = field.value()
        out.update(gated=self.gated(), bias=self.bias_check.isChecked(),
                   tie=self.tie_check.isChecked(), multiple_of=self.multiple_spin.value(),
                   view=VIEWS[max(0, self.lower_tabs.currentIndex())])
        return out

    def _checked_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """The values of ``state`` to apply, all checked; ValueError (translated) on any."""
        if not isinstance(state, Mapping):
            raise ValueError(self.tr("the budget's state must be an object"))
        out: dict[str, Any] = {}
        for key, (_attr, minimum) in INT_KEYS.items():
            if key in state:
                out[key] = self._whole(key, state[key], minimum, MAX_DIM)
        if "multiple_of" in state:
            out["multiple_of"] = self._whole("multiple_of", state["multiple_of"], 1, MAX_MULTIPLE)
        for key in BOOL_KEYS:
            if key in state:
                if not isinstance(state[key], bool):
                    raise ValueError(self.tr("{0} must be true or false").format(key))
                out[key] = state[key]
        if "preset" in state:
            name = state["preset"]
            if not isinstance(name, str) or len(name) > MAX_NAME:
                raise ValueError(self.tr("preset must be a model name"))
            out["preset"] = name
        if "view" in state:
            if state["view"] not in VIEWS:
                raise ValueError(self.tr("view must be one of {0}").format(
                    ", ".join(VIEWS)))
            out["view"] = state["view"]
        return out

    def _whole(self, key: str, value: Any, minimum: int, maximum: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(self.tr("{0} must be a whole number").format(key))
        if not minimum <= value <= maximum:
            raise ValueError(self.tr("{0} must be between {1} and {2}").format(
                key, minimum, f"{maximum:.0e}" if maximum > 10**6 else maximum))
        return value

    def apply_state(self, state: Mapping[str, Any]) -> None:
        """Check everything, then set the fields quietly and render once."""
        values = self._checked_state(state)
        for key, (attr, _minimum) in INT_KEYS.items():
            if key in values:
                field: BigIntField = getattr(self, attr)
                field.blockSignals(True)
                field.set_value(values[key])
                field.blockSignals(False)
        quiet: list[tuple[Any, Callable[[], None]]] = []
        if "multiple_of" in values:
            quiet.append((self.multiple_spin, lambda: self.multiple_spin.setValue(
                values["multiple_of"])))
        if "gated" in values:
            quiet.append((self.variant_combo, lambda: self.variant_combo.setCurrentIndex(
                0 if values["gated"] else 1)))
        for key, check in (("bias", self.bias_check), ("tie", self.tie_check)):
            if key in values:
                quiet.append((check, lambda c=check, k=key: c.setChecked(values[k])))
        if values.get("preset") in self.models:
            quiet.append((self.compare_combo, lambda: self.select_model(values["preset"])))
        for widget, action in quiet:
            widget.blockSignals(True)
            action()
            widget.blockSignals(False)
        if "multiple_of" in values:
            self.m_field.set_step(values["multiple_of"])  # Up/Down: ± multiple
        if "view" in values:
            self.lower_tabs.setCurrentIndex(VIEWS.index(values["view"]))
        self._on_inputs_changed()
        unknown = values.get("preset")
        if unknown is not None and unknown not in self.models:  # it showed Llama-2-7B unsaid
            self.status_changed.emit(self.tr(
                "The state's real model {0} is not open in this session (a file opened by "
                "hand?): open its config.json again to compare with it; {1} is shown.").format(
                unknown, self.compare_name()))
