"""The parameter-budget tab: why gated MLPs use m ≈ 8d/3, counted exactly for any size.

Why this panel: "doesn't the third matrix cost 50 % more?" is answered by watching the bars —
classic 4× (up, down) and gated 8/3 (gate, up, down) both total 8d² — and by comparing real models
whose counts match their checkpoints. d is the hidden width (``n_embd``), m the FFN's intermediate
width, as everywhere in gatelab. All arithmetic lives in ``gatelab.core.budget``; this module only
builds the widgets and wires them; ``budget_readout`` renders the numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox, QGraphicsOpacityEffect, QHBoxLayout, QLabel, QMessageBox, QScrollArea, QSplitter,
    QTabWidget, QVBoxLayout, QWidget,
)

from gatelab.core import budget as B
from gatelab.ui.budget_charts import SPLIT_PART_COLOURS, StackedBarChart, split_part_labels
from gatelab.ui.budget_form import BUTTONS, FIELDS, BudgetFormMixin  # noqa: F401 (BUTTONS: old home)
from gatelab.ui.budget_checkpoint import CheckpointView
from gatelab.ui.budget_import import BudgetFilesMixin
from gatelab.ui.budget_load import BudgetLoadMixin
from gatelab.ui.budget_readout import BudgetReadoutMixin
from gatelab.ui.budget_reopen import BudgetReopenMixin
from gatelab.ui.budget_settings import BudgetSettingsMixin
from gatelab.ui.budget_split import BudgetSplitMixin
from gatelab.ui.budget_state import BudgetStateMixin
from gatelab.ui.elide import breakable_numbers
from gatelab.ui.budget_table import PresetTable
from gatelab.ui.messages import message_text
from gatelab.ui.field_errors import ERROR_STYLE

if TYPE_CHECKING:
    from gatelab.ui.lesson_card import Lesson

MATRIX_COLOURS = ("#8e44ad", "#2e86c1", "#d35400")
STALE_OPACITY = 0.35  # the last valid model's readout and charts, while the fields make none
SIDE_WIDTH = (340, 400)  # the form column; narrow enough for the table's Total at 1280 px


class BudgetPanel(BudgetReopenMixin, BudgetSplitMixin, BudgetFilesMixin, BudgetLoadMixin,
                  BudgetReadoutMixin, BudgetStateMixin, BudgetSettingsMixin, BudgetFormMixin,
                  QWidget):
    status_changed = Signal(str)
    error_reported = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.models: dict[str, B.ModelCount] = {}
        self.sources: dict[str, str] = {}
        # config.json files opened here, by name: the Forward pass reads their activation
        self.configs: dict[str, dict[str, Any]] = {}
        self.preset_notes: dict[str, str] = {}  # English, by name; translated when shown
        self.user_count: B.ModelCount | None = None
        self.last_error = ""
        self._error_box: QMessageBox | None = None
        self._model_problem = ""  # why the fields do not make a model ("" when they do)
        self._refused_shown = False  # the numbers are greyed for a field refusing its text
        self._loaded_name = ""  # the model "Load into my fields" copied, until a field changes
        for preset in B.load_presets():
            self.models[preset.name] = preset.count()
            self.sources[preset.name] = preset.source
            if preset.note:
                self.preset_notes[preset.name] = preset.note
        self._build_fields()
        self._build_buttons()
        side = self._build_side()
        self._build_charts()
        self._build_lower_tabs()
        self._arrange(side)
        self._connect()
        self._fill_compare_combo("Llama-2-7B")
        self.retranslate()
        self._on_inputs_changed()

    # -- construction, in named steps -------------------------------------------------------------
    def _build_side(self) -> QScrollArea:
        """The left column: the form, the error line, the readout and the real model."""
        self.model_error = QLabel()
        self.model_error.setStyleSheet(ERROR_STYLE)
        self.model_error.setWordWrap(True)
        self.model_error.hide()
        self.readout = QLabel()
        self.readout.setWordWrap(True)
        self.readout.setTextFormat(Qt.TextFormat.RichText)
        self.readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        side = QWidget()
        lay = QVBoxLayout(side)
        for widget in (self._build_form(), self.model_error, self.readout,
                       self._build_real_group()):
            lay.addWidget(widget)
        lay.addStretch(1)
        self.variant_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.variant_combo.setMinimumContentsLength(14)  # long labels elide, not widen the form
        scroll = self.side_scroll = QScrollArea()
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a Tab stop that showed nothing; its
        # fields keep theirs, and the scroll area follows the focused one
        # Never sideways: a horizontal scroll bar hid the right half of every number field.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMaximumWidth(SIDE_WIDTH[1])
        return scroll

    def _fit_side(self) -> None:
        """The form column as wide as its widgets need in this language (at least SIDE_WIDTH[0])."""
        scroll = self.side_scroll
        need = (scroll.widget().minimumSizeHint().width() + 2 * scroll.frameWidth()
                + scroll.verticalScrollBar().sizeHint().width())
        scroll.setMinimumWidth(min(SIDE_WIDTH[1], max(SIDE_WIDTH[0], need)))

    def _build_charts(self) -> None:
        """The two bar charts with their titles (texts set in ``_retranslate_charts``)."""
        self.matrix_chart = StackedBarChart(["", "", ""], MATRIX_COLOURS, 4, "",
                                            lambda _name, v: "{0:.2f}".format(v),
                                            reference=(8.0, ""))
        self.breakdown_chart = StackedBarChart(split_part_labels(), SPLIT_PART_COLOURS, 4, "",
                                               lambda _name, v: "{0:.0f}%".format(v),
                                               x_max=100.0)
        self.charts = QWidget()
        lay = QVBoxLayout(self.charts)
        lay.setContentsMargins(0, 0, 0, 0)
        self.matrix_title = QLabel()
        self.breakdown_title = QLabel()
        for title, chart in ((self.matrix_title, self.matrix_chart),
                             (self.breakdown_title, self.breakdown_chart)):
            title.setWordWrap(True)  # never widen the window
            lay.addWidget(title)
            lay.addWidget(chart, 1)

    def _build_lower_tabs(self) -> None:
        self.table = PresetTable()
        self.checkpoint_view = CheckpointView()
        self.lower_tabs = QTabWidget()
        self.lower_tabs.addTab(self.table, "")
        self.lower_tabs.addTab(self.checkpoint_view, "")

    def _arrange(self, side: QScrollArea) -> None:
        """Form column on the left; charts over the table/checkpoint tabs on the right."""
        top = QWidget()
        top_lay = QVBoxLayout(top)
        top_lay.setContentsMargins(0, 0, 0, 0)
        top_lay.addWidget(self.charts, 1)
        top_lay.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignRight)
        # a short window scrolls the charts instead of squeezing them below a legible height
        # (~15 px each at the minimum window); a scroll area also honours the wrapped titles'
        # height for the width they have, which a splitter pane does not
        scroll = self.charts_scroll = QScrollArea()
        scroll.setObjectName("budget-charts-scroll")
        scroll.setWidget(top)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the export button is the Tab stop
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setObjectName("budget-charts-table")  # its sizes are remembered by name
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(self.lower_tabs)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([520, 330])
        self._watch_split()  # the charts keep a readable height where there is room
        layout = QHBoxLayout(self)
        layout.addWidget(side)
        layout.addWidget(self.splitter, 1)

    def _connect(self) -> None:
        for attr, _value, _minimum in FIELDS:
            getattr(self, attr).value_changed.connect(self._on_inputs_changed)
            getattr(self, attr).edit.textEdited.connect(self._on_field_text)
        for signal in (self.variant_combo.currentIndexChanged, self.multiple_spin.valueChanged,
                       self.bias_check.toggled, self.tie_check.toggled,
                       self.compare_combo.currentIndexChanged):
            signal.connect(self._on_inputs_changed)
        self.multiple_spin.valueChanged.connect(self.m_field.set_step)  # Up/Down: ± multiple
        self.rule_button.clicked.connect(self.apply_rule_8_3)
        self.llama_button.clicked.connect(
            lambda: self._set_m(B.llama_rule(self.d_field.value(), self.multiple_spin.value())))
        self.four_button.clicked.connect(lambda: self._set_m(4 * self.d_field.value()))
        self.toggle_button.clicked.connect(self.toggle_classic_gated)
        self.use_button.clicked.connect(self.load_compare_into_fields)
        self.open_config_button.clicked.connect(self._on_open_config)
        self.open_st_button.clicked.connect(self._on_open_safetensors)
        self.export_button.clicked.connect(self._on_export)
        self.table.status_changed.connect(self.status_changed)
        self.table.row_activated.connect(self.select_model)

    def _fill_compare_combo(self, select: str) -> None:
        """Model names are proper nouns: the combo's items are not translated."""
        self.compare_combo.blockSignals(True)
        self.compare_combo.clear()
        for name in self.models:
            self.compare_combo.addItem(name, name)
        index = self.compare_combo.findData(select)
        self.compare_combo.setCurrentIndex(max(index, 0))
        self.compare_combo.blockSignals(False)

    # -- language --------------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Re-set every visible string in the current language and re-render the readouts."""
        self._retranslate_form()
        self._retranslate_real()
        self._retranslate_charts()
        self._fit_side()
        self.table.retranslate()
        self.checkpoint_view.retranslate()
        self.lower_tabs.setTabText(0, self.tr("Compare presets"))
        self.lower_tabs.setTabText(1, self.tr("Checkpoint (safetensors)"))
        for attr, _value, _minimum in FIELDS:
            getattr(self, attr).retranslate()
        self._render()
        if self._loaded_name in self.models:
            self._show_load_note(self._loaded_name, self.models[self._loaded_name])

    def _field_texts(self) -> dict[str, tuple[str, str]]:
        """Form label and tooltip of each row, keyed as in ``form_labels``."""
        return {
            "d": (self.tr("Width d"), self.tr("Hidden width d (n_embd, d_model); any size, exact")),
            "ffn": (self.tr("FFN"), self.tr("Gated MLPs (SwiGLU, GeGLU…) have a third matrix")),
            "m": (self.tr("Width m"), self.tr("Intermediate width m of the FFN (Up/Down keys "
                                              "step by the rounding multiple)")),
            "multiple": (self.tr("Round up to"), self.tr("The rules round m up to a multiple of "
                                                         "this (64, 128, 256 or any)")),
            "layers": (self.tr("Layers"), self.tr("Number of transformer layers")),
            "heads": (self.tr("Heads"), self.tr("Attention heads (head size = d ÷ heads)")),
            "kv": (self.tr("KV heads"), self.tr("Key/value heads: = heads for MHA, fewer for "
                                                "GQA, 1 for MQA")),
            "vocab": (self.tr("Vocab"), self.tr("Vocabulary size (embedding rows)")),
            "experts": (self.tr("Experts"), self.tr("Routed experts per layer (MoE), each an FFN "
                                                    "of width m; 0 for a dense model")),
            "active": (self.tr("Active experts"), self.tr("Experts each token is routed to")),
        }

    def _retranslate_form(self) -> None:
        for key, (label, tip) in self._field_texts().items():
            self.form_labels[key].setText(label)
            self.form_labels[key].buddy().setToolTip(tip)
        self.yours_group.setTitle(self.tr("Your model"))
        self.variant_combo.setItemText(0, self.tr("Gated (gate, up, down): 3dm"))
        self.variant_combo.setItemText(1, self.tr("Classic (up, down): 2dm"))
        for button, text, tip in (
                (self.rule_button, self.tr("8/3 rule"), self.tr(
                    "m = ceil(8d/3) rounded up to the multiple: the gated width matching "
                    "classic 4×")),
                (self.llama_button, self.tr("Llama rule"), self.tr(
                    "m = int(2·4d/3) rounded up to the multiple (4096 → 11008)")),
                (self.four_button, self.tr("4×"), self.tr("m = 4d, the classic transformer FFN")),
                (self.toggle_button, self.tr("Toggle classic 4× ↔ gated 8/3"), self.tr(
                    "Switch between the two parameter-matched designs and watch the matrices "
                    "share the same 8d²")),
                (self.bias_check, self.tr("Biases in the FFN"),
                 self.tr("Classic adds m + d biases, gated 2m + d")),
                (self.tie_check, self.tr("Tie LM head to the embedding"),
                 self.tr("Tied models store one [vocab, d] matrix instead of two"))):
            button.setText(text)
            button.setToolTip(tip)

    def _retranslate_real(self) -> None:
        self.real_group.setTitle(self.tr("Real model"))
        self.compare_combo.setToolTip(self.tr("The real model drawn beside yours"))
        for button, text, tip in (
                (self.use_button, self.tr("Load into my fields"),
                 self.tr("Copy this model's sizes into the fields above")),
                (self.open_config_button, self.tr("Open config.json…"),
                 self.tr("Count a Hugging Face model from its config.json")),
                (self.open_st_button, self.tr("Open safetensors…"),
                 self.tr("List a .safetensors file's tensors (header only) and cross-check them "
                         "against the config")),
                (self.export_button, self.tr("Export charts as PNG…"),
                 self.tr("Save both charts as one PNG image"))):
            button.setText(text)
            button.setToolTip(tip)

    def _retranslate_charts(self) -> None:
        self.matrix_chart.set_texts([self.tr("gate"), self.tr("up"), self.tr("down")],
                                    self.tr("FFN weights per layer, in units of d²"),
                                    "8d²")  # the title says it is classic 4×'s: a longer
        # label ran past the chart's right edge ("8d² = cla" at 1024 px)
        self.breakdown_chart.set_texts(split_part_labels(),
                                       self.tr("share of the model's parameters (%)"))

    # -- the panel protocol -----------------------------------------------------------------------
    def set_panel_lookup(self, lookup: Callable[[str], QWidget | None]) -> None:
        """Other tabs' panels by name: the budget tab reads none, so it keeps nothing (the
        window's lookup reaches this panel: kept here, a cycle, see ui/qt_cycles)."""

    def lesson(self) -> Lesson:
        """The "Try this" steps and questions, in the current language."""
        from gatelab.ui.budget_lessons import budget_lesson  # only when the card asks

        return budget_lesson(self)

    # -- state ------------------------------------------------------------------------------------
    def gated(self) -> bool:
        return bool(self.variant_combo.currentData())

    def compare_name(self) -> str:
        return str(self.compare_combo.currentData() or "")

    def user_spec(self) -> B.ModelSpec:
        """The model the fields describe (raises ValueError when they are inconsistent)."""
        experts = self.experts_field.value()
        moe = dict(n_experts=experts, experts_per_token=self.active_field.value(),
                   moe_intermediate=self.m_field.value()) if experts else {}
        return B.ModelSpec(
            name=self.tr("Yours"), hidden=self.d_field.value(), intermediate=self.m_field.value(),
            n_layer=self.layers_field.value(), n_head=self.heads_field.value(),
            n_kv_head=self.kv_field.value(), vocab=self.vocab_field.value(), gated=self.gated(),
            mlp_bias=self.bias_check.isChecked(), tie_embeddings=self.tie_check.isChecked(),
            **moe,  # type: ignore[arg-type]
        ).validate()

    def _set_m(self, m: int) -> None:
        self.m_field.set_value(m, emit=True)

    def apply_rule_8_3(self) -> None:
        """m = ceil(8d/3) rounded up to the chosen multiple (and gated, where the rule applies)."""
        self.variant_combo.setCurrentIndex(0)
        self._set_m(B.rule_8_3(self.d_field.value(), self.multiple_spin.value()))

    def toggle_classic_gated(self) -> None:
        """Classic 4× ↔ gated 8/3 (exact 8d/3 rounded up to the multiple): same ~8d² budget."""
        d = self.d_field.value()
        if self.gated():
            self.variant_combo.setCurrentIndex(1)
            self._set_m(4 * d)
        else:
            self.apply_rule_8_3()

    def select_model(self, name: str) -> None:
        index = self.compare_combo.findData(name)
        if index >= 0:
            self.compare_combo.setCurrentIndex(index)

    # -- updates ----------------------------------------------------------------------------------
    def _on_inputs_changed(self, *_args: object) -> None:
        self._loaded_name = ""  # the load note described the fields as loaded; they changed
        self.load_note.clear()
        self.load_note.hide()
        self._render()

    def _render(self) -> None:
        """Count the fields' model and re-render every readout (the last valid one stays on
        screen, greyed under a red line, while the fields are inconsistent)."""
        self.active_field.setEnabled(self.experts_field.value() > 0)
        try:
            count = B.count_model(self.user_spec())
        except ValueError as exc:
            self._model_problem = message_text(exc)  # core's keyed message, translated
            self.model_error.setText(self.tr("Not a valid model: {0}. Greyed below: the last "
                                             "valid model's numbers.").format(self._model_problem))
            self.model_error.show()
            self._refused_shown = self._refused()
            self._show_stale(True)
            self._refresh_table(yours=False)
            return
        self._model_problem = ""
        # a field refusing its text keeps its last accepted value: those numbers, greyed
        refused = self._refused_shown = self._refused()
        self.model_error.setText(self.tr("Greyed below: the numbers of the fields' last "
                                         "accepted values.") if refused else "")
        self.model_error.setVisible(refused)
        self._show_stale(refused)
        self.user_count = count
        self.readout.setText(breakable_numbers(self.readout_html()))
        self._update_charts()
        self._fit_split()  # a row more or less, a title wrapped anew
        self._refresh_table(yours=not refused)

    def _refused(self) -> bool:
        return any(getattr(self, attr).error_text() for attr, _value, _least in FIELDS)

    def _on_field_text(self, _text: str) -> None:
        """A keystroke the field refused changes no value, so no render follows it: render
        when the refusal starts or ends (a valid one renders through value_changed)."""
        if self._refused() != self._refused_shown:
            self._render()

    def _show_stale(self, stale: bool) -> None:
        """Grey the readout and the charts while the fields make no model ("Yours" leaves the
        table then: ``_render``). Why: they kept the last valid model's totals as if current, and that
        could be a half-typed one (KV heads passing through 1 on the way to 16; walkthrough
        s19 D1)."""
        if stale and self.readout.graphicsEffect() is None:
            effect = QGraphicsOpacityEffect(self.readout)
            effect.setOpacity(STALE_OPACITY)
            self.readout.setGraphicsEffect(effect)
        elif not stale:
            self.readout.setGraphicsEffect(None)  # (deletes the effect)
        for chart in (self.matrix_chart, self.breakdown_chart):  # the plots, on their white
            chart.getPlotItem().setOpacity(STALE_OPACITY if stale else 1.0)  # (an effect on
            # the scroll area around them drew it dark)
