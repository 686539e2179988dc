"""The budget panel's form: the "Your model" and "Real model" groups and the widgets in them.

Why apart from the panel: building these groups is long and only places widgets (which field,
which row, which button where); the panel wires them and renders the readouts. Nothing here is
translated: every label, tip and button text is set by the panel's ``_retranslate_form`` and
``_retranslate_real``, so their strings keep the context "BudgetPanel".
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QSpinBox,
    QVBoxLayout, QWidget,
)

from gatelab.ui.budget_fields import BigIntField, SizeFields
from gatelab.ui.elide import FitCombo, without_brackets

#: The size fields: attribute, default, minimum. Labels and tips are in ``_field_texts``.
FIELDS: tuple[tuple[str, int, int], ...] = (
    ("d_field", 4096, 1), ("m_field", 11008, 1), ("layers_field", 32, 1),
    ("heads_field", 32, 1), ("kv_field", 32, 1), ("vocab_field", 32000, 1),
    ("experts_field", 0, 0), ("active_field", 2, 1),
)
BUTTONS = ("rule_button", "llama_button", "four_button", "toggle_button", "use_button",
           "open_config_button", "open_st_button", "export_button")


class BudgetFormMixin(SizeFields):
    """The form's widgets for ``BudgetPanel``, made in ``_build_fields`` and ``_build_buttons``
    (attributes named in FIELDS and BUTTONS) and grouped by ``_build_form`` and
    ``_build_real_group``."""

    # made by _build_fields and _build_buttons (by name, from FIELDS and BUTTONS)
    rule_button: QPushButton
    llama_button: QPushButton
    four_button: QPushButton
    toggle_button: QPushButton
    use_button: QPushButton
    open_config_button: QPushButton
    open_st_button: QPushButton
    export_button: QPushButton

    def _build_fields(self) -> None:
        """The size fields (exact ints), the FFN kind, the rounding multiple and the checks."""
        for attr, value, minimum in FIELDS:
            setattr(self, attr, BigIntField(value, minimum=minimum))
        self.m_field.set_step(256)
        # closed: "Gated: 3dm" where the whole label is cut (whole in the list and the tooltip)
        self.variant_combo = FitCombo(short=without_brackets, grow=False)
        self.variant_combo.addItem("", True)  # gated; texts in _retranslate_form
        self.variant_combo.addItem("", False)  # classic
        self.multiple_spin = QSpinBox()
        self.multiple_spin.setRange(1, 65536)
        self.multiple_spin.setValue(256)
        self.bias_check = QCheckBox()
        self.tie_check = QCheckBox()

    def _build_buttons(self) -> None:
        """Rule, toggle, load, file and export buttons (texts in the retranslate steps)."""
        for name in BUTTONS:
            setattr(self, name, QPushButton())

    def _build_form(self) -> QGroupBox:
        """"Your model": one labelled row per field (labels kept for ``retranslate``)."""
        self.form_labels: dict[str, QLabel] = {}
        form = QFormLayout()

        def row(key: str, widget: QWidget) -> None:
            label = QLabel()
            label.setBuddy(widget)
            self.form_labels[key] = label
            form.addRow(label, widget)

        rules = QHBoxLayout()
        for button in (self.rule_button, self.llama_button, self.four_button):
            button.setMinimumWidth(48)  # three short buttons share the field's width
            rules.addWidget(button)
        row("d", self.d_field)
        row("ffn", self.variant_combo)
        row("m", self.m_field)
        form.addRow("", rules)
        row("multiple", self.multiple_spin)
        form.addRow("", self.toggle_button)
        form.addRow("", self.bias_check)
        for key, field in (("layers", self.layers_field), ("heads", self.heads_field),
                           ("kv", self.kv_field), ("vocab", self.vocab_field),
                           ("experts", self.experts_field), ("active", self.active_field)):
            row(key, field)
        form.addRow("", self.tie_check)
        self.yours_group = QGroupBox()
        self.yours_group.setLayout(form)
        return self.yours_group

    def _build_real_group(self) -> QGroupBox:
        """"Real model": the preset to compare, loading it into the fields, opening files."""
        self.compare_combo = QComboBox()
        self.load_note = QLabel()  # what "Load into my fields" could not carry over
        self.load_note.setWordWrap(True)
        self.compare_note = QLabel()
        self.compare_note.setWordWrap(True)
        self.real_group = QGroupBox()
        lay = QVBoxLayout(self.real_group)
        lay.addWidget(self.compare_combo)
        lay.addWidget(self.use_button)
        lay.addWidget(self.load_note)
        files = QHBoxLayout()
        files.addWidget(self.open_config_button)
        files.addWidget(self.open_st_button)
        lay.addLayout(files)
        lay.addWidget(self.compare_note)
        return self.real_group


__all__ = ["BUTTONS", "FIELDS", "BudgetFormMixin"]
