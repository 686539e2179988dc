"""The trainer form's widgets, made from its table of fields (``trainer_fields``), and the spin
box whose special value can be typed as it reads.

Why: "Intermediate m" shows "auto" at 0, but typing "auto" into it was refused keystroke by
keystroke (a QSpinBox takes only digits, and its special text only as typed exactly, which a
letter-by-letter entry never reaches); only typing 0 gave auto (walkthrough s12, P15).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QCheckBox, QLineEdit, QSpinBox, QWidget

from gatelab.ui.elide import FitCombo, before_formula
from gatelab.ui.trainer_fields import Field


class SpecialSpinBox(QSpinBox):
    """A spin box whose minimum reads as a word ("auto", "= heads") and takes that word typed:
    the shown (translated) word or its English one, in any case, leading to the minimum."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._words: tuple[str, ...] = ()

    def set_special(self, shown: str, *also: str) -> None:
        """Show ``shown`` at the minimum; accept it and the words ``also`` typed."""
        self.setSpecialValueText(shown)
        self._words = tuple(w.casefold() for w in (shown, *also) if w.strip())

    def _word(self, text: str) -> str:
        return " ".join(text.split()).casefold()

    def validate(self, text: str, pos: int) -> Any:  # noqa: D102 (Qt override)
        word = self._word(text)
        if word and word in self._words:
            return QValidator.State.Acceptable, text, pos
        if word and any(w.startswith(word) for w in self._words):  # on its way to the word
            return QValidator.State.Intermediate, text, pos
        return super().validate(text, pos)

    def valueFromText(self, text: str) -> int:  # noqa: N802 (Qt override)
        if self._word(text) in self._words:
            return self.minimum()
        return super().valueFromText(text)


def make_widget(f: Field) -> QWidget:
    """The widget of form row ``f``: a spin box (one with a typed special word when ``f`` has
    one), a drop-down, a check box or a line edit."""
    if f.kind == "spin":
        box = SpecialSpinBox() if f.special else QSpinBox()
        box.setRange(f.lo, f.hi)
        box.setSingleStep(f.step)
        box.setKeyboardTracking(True)
        box.setAccelerated(True)
        return box
    if f.kind == "combo":  # closed: a cut variant shows its name alone, whole in the tooltip
        return FitCombo(least_chars=12, short=before_formula, grow=False)
    if f.kind == "check":
        return QCheckBox()
    return QLineEdit()


__all__ = ["SpecialSpinBox", "make_widget"]
