"""Small widgets of the activation-curves tab that write negative numbers with a true minus."""

from __future__ import annotations

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox

from gatelab.ui.widgets import MINUS, fmt_number


class MinusSpinBox(QDoubleSpinBox):
    """A QDoubleSpinBox showing "−1.000" (U+2212) like the rest of the tab, not "-1.000";
    typing either sign is accepted."""

    def textFromValue(self, value: float) -> str:  # noqa: N802 (Qt override)
        return fmt_number(value, self.decimals())

    def valueFromText(self, text: str) -> float:  # noqa: N802 (Qt override)
        return super().valueFromText(text.replace(MINUS, "-"))

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state, _plain, pos = super().validate(text.replace(MINUS, "-"), pos)
        return state, text, pos


class ProbeLabelFormat:
    """The probe line's label ("z = −1.000"): pyqtgraph calls ``format(value=…)`` on it."""

    def format(self, value: float) -> str:
        return "z = " + fmt_number(value, 3)
