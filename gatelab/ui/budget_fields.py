"""An exact whole-number field for the budget panel (QSpinBox is 32-bit; sizes here are not).

Why its own widget: parameter counts of real models pass 2³¹ and a learner may type 10¹² to see
what happens; the value is parsed into a Python ``int`` (separators ',', '_', ' ' allowed), a bad
entry (empty, zero, negative, fraction, too large) is explained right under the field, and the
last valid value stays in force. Up/Down keys step by one ``step``.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget

from gatelab.core.budget import MAX_DIM
from gatelab.ui.widgets import ValidatedField
from gatelab.ui.field_errors import ERROR_STYLE


class _Edit(QLineEdit):
    step_requested = Signal(int)  # +1 (Up key) or -1 (Down key)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() == Qt.Key.Key_Up:
            self.step_requested.emit(1)
        elif event.key() == Qt.Key.Key_Down:
            self.step_requested.emit(-1)
        else:
            super().keyPressEvent(event)


class BigIntField(ValidatedField):
    """A line edit holding one exact int ≥ ``minimum``; ``value_changed`` fires on accepted edits."""

    value_changed = Signal(object)  # a Python int (object: Qt's int signal would be 32/64-bit)

    def __init__(self, value: int, minimum: int = 1, maximum: int = MAX_DIM, step: int = 1,
                 parent: QWidget | None = None) -> None:
        self._min, self._max, self._step = minimum, maximum, step
        self._committed = int(value)  # the value before the current edit (Enter, focus-out)
        super().__init__(int(value), vertical=True, parent=parent)
        self.edit.setMinimumWidth(90)
        self.error_label.setStyleSheet(ERROR_STYLE + " font-size: 11px;")
        self.edit.textEdited.connect(self._on_text_edited)
        self.edit.step_requested.connect(self._on_step)
        self.edit.setText(self._format(self._value))

    def _make_edit(self) -> QLineEdit:
        return _Edit(self)

    def retranslate(self) -> None:
        """Re-word a shown error in the current language (the refused text is still typed)."""
        if self.error_text():
            result = self.parse(self.edit.text())
            if isinstance(result, str):
                self.show_error(result)

    def set_value(self, value: object, emit: bool = False) -> bool:
        accepted = super().set_value(value, emit)
        if accepted:
            self._committed = self._value
        return accepted

    def set_step(self, step: int) -> None:
        self._step = max(1, int(step))

    # -- internals ----------------------------------------------------------------------------
    def _format(self, value: int) -> str:
        return f"{value:,}"

    def _coerce(self, value: int) -> int:
        return int(value)

    def _problem(self, value: object) -> str:
        if isinstance(value, bool) or not isinstance(value, int):
            return self.tr("enter a whole number")
        if value < self._min:
            return self.tr("must be at least {0}").format(f"{self._min:,}")
        if value > self._max:
            return self.tr("too large (at most {0})").format(f"{self._max:.0e}")
        return ""

    def parse(self, text: str) -> int | str:
        """The int typed in ``text``, or the (translated) reason it is not acceptable."""
        cleaned = text.strip().replace(",", "").replace("_", "").replace(" ", "")
        cleaned = cleaned.replace("\u2212", "-")
        if not cleaned:
            return self.tr("enter a number")
        if len(cleaned) > 40:
            return self.tr("too large (at most {0})").format(f"{self._max:.0e}")
        sign = cleaned.startswith("-")
        digits = cleaned[1:] if sign or cleaned.startswith("+") else cleaned
        if digits.isascii() and digits.isdigit():
            value = -int(digits) if sign else int(digits)
            return self._problem(value) or value
        return self._not_digits(cleaned, text)

    def _not_digits(self, cleaned: str, text: str) -> str:
        """Why ``cleaned`` (not plain digits: "1e9", "4096.0", "abc") is refused. A whole
        number is shown written out, exactly (read as a Decimal, not a float): the example
        used to be 10¹² whatever was typed, as if "1e9" were that."""
        try:
            number = Decimal(cleaned)
        except InvalidOperation:  # garbage, or an exponent past Decimal's (1e99999999999999999999)
            try:
                number = Decimal(float(cleaned))  # ±inf for a huge one, 0 for a tiny one
            except (ValueError, OverflowError):
                return self.tr("“{0}” is not a number").format(text.strip())
            if number.is_infinite():
                return self._problem(self._min - 1 if number < 0 else self._max + 1)
        if not number.is_finite():
            return self.tr("enter a finite whole number")
        if number != number.to_integral_value():
            return self.tr("enter a whole number (no fractions)")
        if number < self._min:
            return self.tr("must be at least {0}").format(f"{self._min:,}")
        if number > self._max:
            return self.tr("too large (at most {0})").format(f"{self._max:.0e}")
        return self.tr("write it out in digits: {0}").format(int(number))

    def _on_text_edited(self, text: str) -> None:
        """Live: every valid keystroke updates the value (the text is reformatted on Enter)."""
        result = self.parse(text)
        if isinstance(result, str):
            self.show_error(result)
            # A refused entry changes nothing: not even what its valid prefix set ("1" of
            # "1e20" made d = 1, and "1000000000000000" of a 1e20 made d = 10¹⁵, both shown
            # as the model while the field said the text was refused).
            if self._value != self._committed:
                self._value = self._committed
                self.value_changed.emit(self._committed)
            return
        self.clear_error()
        if result != self._value:
            self._value = result
            self.value_changed.emit(result)

    def _on_step(self, direction: int) -> None:
        self.set_value(max(self._min, min(self._max, self._value + direction * self._step)),
                       emit=True)


class SizeFields:
    """The budget form's eight size fields, declared once for the mixins that read them
    (``BudgetFormMixin`` makes them; the load and settings mixins fill and save them)."""

    d_field: BigIntField
    m_field: BigIntField
    layers_field: BigIntField
    heads_field: BigIntField
    kv_field: BigIntField
    vocab_field: BigIntField
    experts_field: BigIntField
    active_field: BigIntField
