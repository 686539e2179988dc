"""Small reusable widgets and helpers shared by gatelab's panels.

They exist so that every panel handles bad input the same way: a field that refuses a value
shows why right next to itself and keeps its last valid value, and nothing raises. Numbers are
displayed with a true minus sign (U+2212) and parsed back whether typed with '−' or '-'.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QSettings, Qt, Signal
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gatelab.ui.field_errors import ErrorLabel, ErrorLine
from gatelab.ui.field_names import form_label, name_from_frame
from gatelab.ui.messages import message_text
from gatelab.ui.qt_cycles import detach, weak_method

MINUS = "\u2212"


def fmt_number(x: float, decimals: int = 4, plus: bool = False) -> str:
    """Fixed-point text with a true minus sign; '−0.0000' is shown as '0.0000'."""
    if not math.isfinite(x):
        return "nan" if math.isnan(x) else ("∞" if x > 0 else MINUS + "∞")
    text = f"{x:+.{decimals}f}" if plus else f"{x:.{decimals}f}"
    if float(text) == 0.0:
        text = f"{0.0:.{decimals}f}"
    return text.replace("-", MINUS)


def parse_number(text: str) -> float:
    """Parse a finite number typed by a person ('−1.5', ' 2e-3 ', '1,5' is refused)."""
    cleaned = text.strip().replace(MINUS, "-").replace("\u2013", "-")
    if not cleaned:
        raise ValueError("empty")
    value = float(cleaned)  # ValueError for garbage
    if not math.isfinite(value):
        raise ValueError("not finite")
    return value


def style_axes(plot: Any, colour: str = "#333") -> None:
    """Dark, legible axes and labels on a white pyqtgraph PlotItem, with exact tick values
    (pyqtgraph's auto SI prefix turned ±0.4 into "−400 … (x0.001)" and one layer into
    "layer (x0.001)")."""
    for name in ("left", "bottom", "right", "top"):
        axis = plot.getAxis(name)
        axis.setPen(colour)
        axis.setTextPen(colour)
        axis.enableAutoSIPrefix(False)


def mono_font() -> QFont:
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    return font


class ValidatedField(QWidget):
    """A line edit with an inline error label that keeps the last valid value in force.

    One mechanism for every typed number in the app: a refused entry is explained next to (or
    under) the field and changes nothing. Subclasses say how text is parsed (``parse``: value or
    a translated reason), what is acceptable (``_problem``) and how a value is shown (``_format``),
    and declare their own ``value_changed`` signal.
    """

    value_changed: Signal

    def __init__(self, value: Any, *, vertical: bool = False, error_line: ErrorLine | None = None,
                 parent: QWidget | None = None) -> None:
        """``error_line``: a line shared with other fields, whose room is kept (nothing moves
        when a refusal appears); else the field's own line, beside or (``vertical``) under it."""
        super().__init__(parent)
        self._value = value
        self._error_again: Callable[[], str] | None = None
        self.edit = self._make_edit()
        self.edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        # the error's red border (a style sheet) drew the edit 4 px lower: its height is kept
        self.edit.setMinimumHeight(self.edit.sizeHint().height())
        self._line = error_line
        self.error_label: QLabel = error_line if error_line is not None else ErrorLabel(self)
        lay = QVBoxLayout(self) if vertical else QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        if vertical:
            lay.setSpacing(0)
        lay.addWidget(self.edit)
        name_from_frame(self.edit)  # a screen reader names the edit by the field's label
        if error_line is None:
            self.error_label.hide()
            lay.addWidget(self.error_label, 0 if vertical else 1)
        self.edit.editingFinished.connect(self._on_edited)

    def _make_edit(self) -> QLineEdit:
        return QLineEdit(self)

    # -- public ---------------------------------------------------------------------------
    def value(self) -> Any:
        return self._value

    def error_text(self) -> str:
        if self._line is not None:
            return self._line.message_of(id(self))
        return self.error_label.text() if not self.error_label.isHidden() else ""

    def set_value(self, value: Any, emit: bool = False) -> bool:
        """Set programmatically; returns False (and shows the error) when refused."""
        message = self._problem(value)
        if message:
            self.show_error(message, lambda: self._problem(value))
            return False
        self.clear_error()
        value = self._coerce(value)
        changed = value != self._value
        self._value = value
        self.edit.setText(self._format(value))
        if emit and changed:
            self.value_changed.emit(value)
        return True

    def set_text_and_commit(self, text: str) -> bool:
        """What typing ``text`` and pressing Enter does (used by tests and scripts)."""
        self.edit.setText(text)
        return self._on_edited()

    def show_error(self, message: str, again: Callable[[], str] | None = None) -> None:
        """Show ``message`` under the field; ``again`` rebuilds it after a language switch."""
        self._error_again = None if again is None else detach(again, self)  # no cycle
        if self._line is not None:
            self._line.report(id(self), self._error_again or (lambda: message),
                              detach(lambda: form_label(self), self))  # named beside another
        else:
            self.error_label.setText(message)
            self.error_label.setVisible(True)
        self.edit.setStyleSheet("border: 1px solid #c0392b;")

    def clear_error(self) -> None:
        self._error_again = None
        if self._line is not None:
            self._line.withdraw(id(self))
        elif not self.error_label.isHidden():
            self.error_label.clear()
            self.error_label.hide()
        if self.edit.styleSheet():  # restyling a line edit is not free
            self.edit.setStyleSheet("")

    def setToolTip(self, text: str) -> None:  # noqa: N802 (Qt naming)
        super().setToolTip(text)
        self.edit.setToolTip(text)

    # -- for subclasses -------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        raise NotImplementedError

    def _problem(self, value: Any) -> str:
        raise NotImplementedError

    def _format(self, value: Any) -> str:
        raise NotImplementedError

    def _coerce(self, value: Any) -> Any:
        return value

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """A language switch re-words a shown error (the refused input is still refused)."""
        again = getattr(self, "_error_again", None)
        if event.type() == QEvent.Type.LanguageChange and again is not None:
            if self._line is not None:
                self._line.refresh()
            elif not self.error_label.isHidden():
                self.error_label.setText(again())
        super().changeEvent(event)

    def _on_edited(self) -> bool:
        text = self.edit.text()
        result = self.parse(text)
        if isinstance(result, str):
            self.show_error(result, lambda: str(self.parse(text)))
            return False
        return self.set_value(result, emit=True)


class NumberField(ValidatedField):
    """A float field; ``check`` may raise ``ValueError`` with a (translated) message.

    ``value_changed`` fires only for accepted, changed values (on Enter or focus out).
    """

    value_changed = Signal(float)

    def __init__(self, value: float, *, decimals: int = 4, integer: bool = False,
                 minimum: float = -math.inf, maximum: float = math.inf,
                 check: Callable[[float], None] | None = None, width: int = 80,
                 error_line: ErrorLine | None = None, parent: QWidget | None = None) -> None:
        self._decimals = decimals
        self._integer = integer
        self._min, self._max = minimum, maximum
        self._check = weak_method(check)  # often the owner's method: held strongly, a cycle
        super().__init__(float(value), error_line=error_line, parent=parent)
        self.edit.setFixedWidth(width)
        self.edit.setText(self._format(self._value))

    def int_value(self) -> int:
        return int(round(self._value))

    def parse(self, text: str) -> float | str:
        try:
            return parse_number(text)
        except ValueError:
            return (self.tr("“{0}” is not a finite number").format(text.strip())
                    if text.strip() else self.tr("enter a number"))

    def _coerce(self, value: float) -> float:
        return float(value)

    def _format(self, value: float) -> str:
        """Fixed point where that is exact enough; else short scientific notation.

        Why: fixed point turned −1e308 into a 309-digit number and 1e−7 into "0".
        """
        decimals = 0 if self._integer else self._decimals
        size = abs(value)
        tiny = not self._integer and size < 10.0 ** (2 - decimals)  # < 3 digits would show
        if math.isfinite(value) and value != 0 and (size >= 1e15 or tiny):
            text = f"{value:.6g}"
            return MINUS + text[1:] if text.startswith("-") else text
        text = fmt_number(value, decimals)
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        return text

    def _problem(self, value: float) -> str:
        if not isinstance(value, (int, float)) or not math.isfinite(value):
            return self.tr("enter a finite number")
        if self._integer and value != int(value):
            return self.tr("enter a whole number")
        if value < self._min or value > self._max:
            lo = fmt_number(self._min, 0 if self._integer else 2)
            hi = fmt_number(self._max, 0 if self._integer else 2)
            return self.tr("must lie in [{0}, {1}]").format(lo, hi)
        if self._check is not None:
            try:
                self._check(float(value))
            except ValueError as exc:
                return message_text(exc)
        return ""


class ReadoutTable(QTableWidget):
    """A read-only table of labelled numeric rows: ``set_rows([(label, [numbers…]), …])``."""

    def __init__(self, headers: Sequence[str], decimals: int = 4,
                 parent: QWidget | None = None) -> None:
        super().__init__(0, len(headers), parent)
        self._decimals = decimals
        self.setHorizontalHeaderLabels(list(headers))
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, len(headers)):
            self.horizontalHeader().setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.setFont(mono_font())

    def set_rows(self, rows: Sequence[tuple[str, Sequence[float]]],
                 colours: Sequence[Any] | None = None) -> None:
        self.setRowCount(len(rows))
        for r, (label, values) in enumerate(rows):
            item = self._item(r, 0)
            item.setText(label)
            colour = colours[r] if colours is not None else None
            # None: the table's own colour (a reused row must not keep an earlier row's colour)
            item.setData(Qt.ItemDataRole.ForegroundRole, colour)
            for c, value in enumerate(values, start=1):
                cell = self._item(r, c)
                cell.setText(fmt_number(float(value), self._decimals))
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def cell_text(self, row_label: str, column: int) -> str:
        """Text in ``column`` of the row labelled ``row_label`` (KeyError when absent)."""
        for r in range(self.rowCount()):
            item = self.item(r, 0)
            if item is not None and item.text() == row_label:
                return self.item(r, column).text()
        raise KeyError(row_label)

    def row_labels(self) -> list[str]:
        return [self.item(r, 0).text() for r in range(self.rowCount())]

    def _item(self, r: int, c: int) -> QTableWidgetItem:
        item = self.item(r, c)
        if item is None:
            item = QTableWidgetItem()
            self.setItem(r, c, item)
        return item


class ReadoutForm(QWidget):
    """Labelled read-outs (name: value) in a monospace column; values addressable by key."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._values: dict[str, QLabel] = {}
        self._names: dict[str, QLabel] = {}
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(2)

    def add_row(self, key: str, label: str, tooltip: str = "") -> QLabel:
        row = QWidget(self)
        lay = QHBoxLayout(row)
        lay.setContentsMargins(0, 0, 0, 0)
        name = QLabel(label, row)
        value = QLabel("", row)
        value.setObjectName(f"readout-{key}")
        font = mono_font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        value.setFont(font)
        value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(name)
        lay.addStretch(1)
        lay.addWidget(value)
        if tooltip:
            row.setToolTip(tooltip)
        self._layout.addWidget(row)
        self._values[key] = value
        self._names[key] = name
        return value

    def set_label(self, key: str, label: str, tooltip: str = "") -> None:
        """Re-set a row's name and tooltip (after a language switch)."""
        self._names[key].setText(label)
        self._names[key].parentWidget().setToolTip(tooltip)

    def set_value(self, key: str, text: str) -> None:
        self._values[key].setText(text)

    def value_text(self, key: str) -> str:
        return self._values[key].text()


# -- QSettings helpers that survive garbage ------------------------------------------------
def settings_float(settings: QSettings, key: str, default: float,
                   lo: float = -math.inf, hi: float = math.inf) -> float:
    try:
        value = float(settings.value(key, default))
    except (TypeError, ValueError):
        return default
    return value if math.isfinite(value) and lo <= value <= hi else default


def settings_int(settings: QSettings, key: str, default: int, lo: int, hi: int) -> int:
    value = settings_float(settings, key, float(default), lo, hi)
    return int(value) if value == int(value) else default


def settings_bool(settings: QSettings, key: str, default: bool) -> bool:
    value = settings.value(key, default)
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false", "1", "0"):
        return value.lower() in ("true", "1")
    return default


def settings_choice(settings: QSettings, key: str, default: str, choices: Sequence[str]) -> str:
    value = settings.value(key, default)
    return value if isinstance(value, str) and value in choices else default


def settings_str_list(settings: QSettings, key: str, default: Sequence[str],
                      choices: Sequence[str]) -> list[str]:
    """The ``choices`` remembered under ``key``, in order; ``default`` when nothing is kept.

    Only an empty value (what saving an empty list writes) means "none". A value naming none
    of ``choices`` (garbage such as ``[[[[``, a stray number) gives ``default``: it had given an
    empty list, and the activation curves came up with no curve at all (probe s15 F8). A list
    with some unknown names (another version's) keeps the names this version knows."""
    value = settings.value(key, None)
    if value is None:
        return list(default)
    if value in ("", []):
        return []
    items = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
    known = [v.strip() for v in items if isinstance(v, str) and v.strip() in choices]
    return known or list(default)
