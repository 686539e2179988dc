"""Remembering the budget panel's fields between sessions (``restore_settings`` / ``save_settings``).

Why apart: sizes are stored as text so ints beyond 64 bits survive QSettings, and every stored
value is re-validated on the way back, so a garbled settings file falls back to the defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings

from gatelab.ui.budget_fields import BigIntField, SizeFields


class BudgetSettingsMixin(SizeFields):
    """Settings for ``BudgetPanel`` (the window calls these inside the panel's group)."""

    bias_check: Any
    tie_check: Any
    multiple_spin: Any
    variant_combo: Any
    compare_combo: Any
    lower_tabs: Any

    if TYPE_CHECKING:  # provided by BudgetPanel
        def gated(self) -> bool: ...
        def compare_name(self) -> str: ...
        def select_model(self, name: str) -> None: ...
        def _on_inputs_changed(self, *_args: object) -> None: ...

    def _fields(self) -> dict[str, BigIntField]:
        return {"d": self.d_field, "m": self.m_field, "layers": self.layers_field,
                "heads": self.heads_field, "kv_heads": self.kv_field, "vocab": self.vocab_field,
                "experts": self.experts_field, "active_experts": self.active_field}

    def save_settings(self, settings: QSettings) -> None:
        for key, field in self._fields().items():
            settings.setValue(key, str(field.value()))  # text: ints beyond 64 bits survive
        settings.setValue("gated", self.gated())
        settings.setValue("bias", self.bias_check.isChecked())
        settings.setValue("tie", self.tie_check.isChecked())
        settings.setValue("multiple_of", self.multiple_spin.value())
        settings.setValue("compare", self.compare_name())
        settings.setValue("lower_tab", self.lower_tabs.currentIndex())

    def restore_settings(self, settings: QSettings) -> None:
        def flag(key: str, default: bool) -> bool:
            value = settings.value(key, default)
            return value in (True, "true", "1", 1) if value is not None else default

        for key, field in self._fields().items():
            if key == "d" and not settings.contains("d"):
                key = "h"  # written before d was called d
            result = field.parse(str(settings.value(key, field.value())))
            if isinstance(result, int):
                field.blockSignals(True)
                field.set_value(result)
                field.blockSignals(False)
        multiple = self.multiple_spin.value()
        try:
            multiple = int(str(settings.value("multiple_of", multiple)))
        except ValueError:
            pass
        self.multiple_spin.blockSignals(True)
        self.multiple_spin.setValue(min(max(multiple, 1), 65536))
        self.multiple_spin.blockSignals(False)
        for widget, key, default in ((self.bias_check, "bias", False),
                                     (self.tie_check, "tie", False)):
            widget.blockSignals(True)
            widget.setChecked(flag(key, default))
            widget.blockSignals(False)
        self.variant_combo.blockSignals(True)
        self.variant_combo.setCurrentIndex(0 if flag("gated", True) else 1)
        self.variant_combo.blockSignals(False)
        self.compare_combo.blockSignals(True)
        self.select_model(str(settings.value("compare", self.compare_name())))
        self.compare_combo.blockSignals(False)
        try:
            tab = int(str(settings.value("lower_tab", 0)))
        except ValueError:
            tab = 0
        self.lower_tabs.setCurrentIndex(tab if 0 <= tab < self.lower_tabs.count() else 0)
        self._on_inputs_changed()
