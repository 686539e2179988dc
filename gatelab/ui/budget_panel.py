"""The parameter-budget tab: why gated MLPs use m ≈ 8h/3, counted exactly for any size.

Why this panel: "doesn't the third matrix cost 50 % more?" is answered by watching the bars —
classic 4× (up, down) and gated 8/3 (gate, up, down) both total 8h² — and by comparing real models
whose counts match their checkpoints. All arithmetic lives in ``gatelab.core.budget``; this module
only wires fields to it and formats the results.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QMessageBox, QPushButton,
    QScrollArea, QSpinBox, QSplitter, QTabWidget, QVBoxLayout, QWidget,
)

from gatelab.core import budget as B
from gatelab.ui.budget_charts import (
    SPLIT_PART_COLOURS,
    StackedBarChart,
    layer_mix_text,
    split_part_labels,
    split_shares,
)
from gatelab.ui.budget_fields import BigIntField
from gatelab.ui.budget_import import BudgetFilesMixin, CheckpointView
from gatelab.ui.budget_load import BudgetLoadMixin
from gatelab.ui.budget_settings import BudgetSettingsMixin
from gatelab.ui.budget_table import PresetTable
from gatelab.ui.messages import message_text

MATRIX_COLOURS = ("#8e44ad", "#2e86c1", "#d35400")


class BudgetPanel(BudgetFilesMixin, BudgetLoadMixin, BudgetSettingsMixin, QWidget):
    sig_status = Signal(str)
    sig_error = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.models: dict[str, B.ModelCount] = {}
        self.sources: dict[str, str] = {}
        self.user_count: B.ModelCount | None = None
        self.last_error = ""
        self._error_box: QMessageBox | None = None
        for preset in B.load_presets():
            self.models[preset.name] = preset.count()
            self.sources[preset.name] = preset.source
        self._build()
        self._refresh_table()
        self._on_inputs_changed()

    # -- construction ---------------------------------------------------------------------------
    def _field(self, value: int, tip: str, minimum: int = 1) -> BigIntField:
        field = BigIntField(value, minimum=minimum)
        field.setToolTip(tip)
        field.value_changed.connect(self._on_inputs_changed)
        return field

    def _build(self) -> None:
        self.h_field = self._field(4096, self.tr("Hidden width h (d_model); any size, exact"))
        self.m_field = self._field(11008, self.tr("Intermediate width m of the FFN (Up/Down keys "
                                                  "step by the rounding multiple)"))
        self.m_field.set_step(256)
        self.variant_combo = QComboBox()
        self.variant_combo.addItem(self.tr("Gated (gate, up, down): 3hm"), True)
        self.variant_combo.addItem(self.tr("Classic (up, down): 2hm"), False)
        self.variant_combo.setToolTip(self.tr("Gated MLPs (SwiGLU, GeGLU…) have a third matrix"))
        self.variant_combo.currentIndexChanged.connect(self._on_inputs_changed)
        self.multiple_spin = QSpinBox()
        self.multiple_spin.setRange(1, 65536)
        self.multiple_spin.setValue(256)
        self.multiple_spin.setToolTip(self.tr("The rules round m up to a multiple of this "
                                              "(64, 128, 256 or any)"))
        self.multiple_spin.valueChanged.connect(self.m_field.set_step)  # Up/Down in m: ± multiple
        self.multiple_spin.valueChanged.connect(self._on_inputs_changed)
        self.rule_button = QPushButton(self.tr("8/3 rule"))
        self.rule_button.setToolTip(self.tr("m = ceil(8h/3) rounded up to the multiple: the gated "
                                            "width matching classic 4×"))
        self.llama_button = QPushButton(self.tr("Llama rule"))
        self.llama_button.setToolTip(self.tr("m = int(2·4h/3) rounded up to the multiple "
                                             "(4096 → 11008)"))
        self.four_button = QPushButton(self.tr("4×"))
        self.four_button.setToolTip(self.tr("m = 4h, the classic transformer FFN"))
        self.rule_button.clicked.connect(self.apply_rule_8_3)
        self.llama_button.clicked.connect(
            lambda: self._set_m(B.llama_rule(self.h_field.value(), self.multiple_spin.value())))
        self.four_button.clicked.connect(lambda: self._set_m(4 * self.h_field.value()))
        self.toggle_button = QPushButton(self.tr("Toggle classic 4× ↔ gated 8/3"))
        self.toggle_button.setToolTip(self.tr("Switch between the two parameter-matched designs "
                                              "and watch the matrices share the same 8h²"))
        self.toggle_button.clicked.connect(self.toggle_classic_gated)
        self.bias_check = QCheckBox(self.tr("Biases in the FFN"))
        self.bias_check.setToolTip(self.tr("Classic adds m + h biases, gated 2m + h"))
        self.bias_check.toggled.connect(self._on_inputs_changed)
        self.layers_field = self._field(32, self.tr("Number of transformer layers"))
        self.heads_field = self._field(32, self.tr("Attention heads (head size = h ÷ heads)"))
        self.kv_field = self._field(32, self.tr("Key/value heads: = heads for MHA, fewer for "
                                                "GQA, 1 for MQA"))
        self.vocab_field = self._field(32000, self.tr("Vocabulary size (embedding rows)"))
        self.experts_field = self._field(0, self.tr("Routed experts per layer (MoE), each an FFN "
                                                    "of width m; 0 for a dense model"), minimum=0)
        self.active_field = self._field(2, self.tr("Experts each token is routed to"))
        self.tie_check = QCheckBox(self.tr("Tie LM head to the embedding"))
        self.tie_check.setToolTip(self.tr("Tied models store one [vocab, h] matrix instead of two"))
        self.tie_check.toggled.connect(self._on_inputs_changed)

        form = QFormLayout()
        form.addRow(self.tr("Width h"), self.h_field)
        form.addRow(self.tr("FFN"), self.variant_combo)
        form.addRow(self.tr("Width m"), self.m_field)
        rules = QHBoxLayout()
        for button in (self.rule_button, self.llama_button, self.four_button):
            rules.addWidget(button)
        form.addRow("", rules)
        form.addRow(self.tr("Round up to"), self.multiple_spin)
        form.addRow("", self.toggle_button)
        form.addRow("", self.bias_check)
        form.addRow(self.tr("Layers"), self.layers_field)
        form.addRow(self.tr("Heads"), self.heads_field)
        form.addRow(self.tr("KV heads"), self.kv_field)
        form.addRow(self.tr("Vocab"), self.vocab_field)
        form.addRow(self.tr("Experts"), self.experts_field)
        form.addRow(self.tr("Active experts"), self.active_field)
        form.addRow("", self.tie_check)
        yours = QGroupBox(self.tr("Your model"))
        yours.setLayout(form)
        self.model_error = QLabel()
        self.model_error.setStyleSheet("color: #c0392b;")
        self.model_error.setWordWrap(True)
        self.model_error.hide()
        self.readout = QLabel()
        self.readout.setWordWrap(True)
        self.readout.setTextFormat(Qt.TextFormat.RichText)
        self.readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.compare_combo = QComboBox()
        self.compare_combo.setToolTip(self.tr("The real model drawn beside yours"))
        self.compare_combo.currentIndexChanged.connect(self._on_inputs_changed)
        self.use_button = QPushButton(self.tr("Load into my fields"))
        self.use_button.setToolTip(self.tr("Copy this model's sizes into the fields above"))
        self.use_button.clicked.connect(self.load_compare_into_fields)
        self.open_config_button = QPushButton(self.tr("Open config.json…"))
        self.open_config_button.setToolTip(self.tr("Count a Hugging Face model from its "
                                                   "config.json"))
        self.open_config_button.clicked.connect(self._on_open_config)
        self.open_st_button = QPushButton(self.tr("Open safetensors…"))
        self.open_st_button.setToolTip(self.tr("List a .safetensors file's tensors (header only) "
                                               "and cross-check them against the config"))
        self.open_st_button.clicked.connect(self._on_open_safetensors)
        self.load_note = QLabel()  # what "Load into my fields" could not carry over
        self.load_note.setWordWrap(True)
        self.compare_note = QLabel()
        self.compare_note.setWordWrap(True)
        real = QGroupBox(self.tr("Real model"))
        real_lay = QVBoxLayout(real)
        real_lay.addWidget(self.compare_combo)
        real_lay.addWidget(self.use_button)
        real_lay.addWidget(self.load_note)
        files = QHBoxLayout()
        files.addWidget(self.open_config_button)
        files.addWidget(self.open_st_button)
        real_lay.addLayout(files)
        real_lay.addWidget(self.compare_note)

        side = QWidget()
        side_lay = QVBoxLayout(side)
        side_lay.addWidget(yours)
        side_lay.addWidget(self.model_error)
        side_lay.addWidget(self.readout)
        side_lay.addWidget(real)
        side_lay.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setMinimumWidth(360)
        scroll.setMaximumWidth(440)

        self.matrix_chart = StackedBarChart(
            [self.tr("gate"), self.tr("up"), self.tr("down")], MATRIX_COLOURS, 4,
            self.tr("FFN weights per layer, in units of h²"),
            lambda _name, v: "{0:.2f}".format(v), reference=(8.0, self.tr("8h² = classic 4×")))
        self.breakdown_chart = StackedBarChart(
            split_part_labels(), SPLIT_PART_COLOURS, 3,
            self.tr("share of the model's parameters (%)"),
            lambda _name, v: "{0:.0f}%".format(v), x_max=100.0)
        self.export_button = QPushButton(self.tr("Export charts as PNG…"))
        self.export_button.setToolTip(self.tr("Save both charts as one PNG image"))
        self.export_button.clicked.connect(self._on_export)
        self.charts = QWidget()
        charts_lay = QVBoxLayout(self.charts)
        charts_lay.setContentsMargins(0, 0, 0, 0)
        self.matrix_title = QLabel()
        self.matrix_title.setWordWrap(True)  # never widen the window
        self.breakdown_title = QLabel()
        self.breakdown_title.setWordWrap(True)  # never widen the window
        for title, chart in ((self.matrix_title, self.matrix_chart),
                             (self.breakdown_title, self.breakdown_chart)):
            charts_lay.addWidget(title)
            charts_lay.addWidget(chart, 1)
        self.table = PresetTable()
        self.table.sig_status.connect(self.sig_status)
        self.table.sig_row_activated.connect(self.select_model)
        self.checkpoint_view = CheckpointView()
        self.lower_tabs = QTabWidget()
        self.lower_tabs.addTab(self.table, self.tr("Compare presets"))
        self.lower_tabs.addTab(self.checkpoint_view, self.tr("Checkpoint (safetensors)"))
        top = QWidget()
        top_lay = QVBoxLayout(top)
        top_lay.setContentsMargins(0, 0, 0, 0)
        top_lay.addWidget(self.charts, 1)
        top_lay.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignRight)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(top)
        self.splitter.addWidget(self.lower_tabs)
        self.splitter.setSizes([520, 330])
        layout = QHBoxLayout(self)
        layout.addWidget(scroll)
        layout.addWidget(self.splitter, 1)
        self._fill_compare_combo("Llama-2-7B")

    def _fill_compare_combo(self, select: str) -> None:
        self.compare_combo.blockSignals(True)
        self.compare_combo.clear()
        for name in self.models:
            self.compare_combo.addItem(name, name)
        index = self.compare_combo.findData(select)
        self.compare_combo.setCurrentIndex(max(index, 0))
        self.compare_combo.blockSignals(False)

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
            name=self.tr("Yours"), hidden=self.h_field.value(), intermediate=self.m_field.value(),
            n_layer=self.layers_field.value(), n_head=self.heads_field.value(),
            n_kv_head=self.kv_field.value(), vocab=self.vocab_field.value(), gated=self.gated(),
            mlp_bias=self.bias_check.isChecked(), tie_embeddings=self.tie_check.isChecked(),
            **moe,  # type: ignore[arg-type]
        ).validate()

    def _set_m(self, m: int) -> None:
        self.m_field.set_value(m, emit=True)

    def apply_rule_8_3(self) -> None:
        """m = ceil(8h/3) rounded up to the chosen multiple (and gated, where the rule applies)."""
        self.variant_combo.setCurrentIndex(0)
        self._set_m(B.rule_8_3(self.h_field.value(), self.multiple_spin.value()))

    def toggle_classic_gated(self) -> None:
        """Classic 4× ↔ gated 8/3 (exact 8h/3 rounded up to the multiple): same ~8h² budget."""
        h = self.h_field.value()
        if self.gated():
            self.variant_combo.setCurrentIndex(1)
            self._set_m(4 * h)
        else:
            self.apply_rule_8_3()

    def select_model(self, name: str) -> None:
        index = self.compare_combo.findData(name)
        if index >= 0:
            self.compare_combo.setCurrentIndex(index)

    # -- updates ----------------------------------------------------------------------------------
    def _on_inputs_changed(self, *_args: object) -> None:
        self.load_note.clear()  # it described the fields as loaded; they have changed since
        self.load_note.hide()
        self.active_field.setEnabled(self.experts_field.value() > 0)
        try:
            count = B.count_model(self.user_spec())
        except ValueError as exc:
            self.model_error.setText(self.tr("Not a valid model: {0}").format(message_text(exc)))
            self.model_error.show()
            return  # the previous valid state stays on screen
        self.model_error.hide()
        self.user_count = count
        self.readout.setText(self.readout_html())
        self._update_charts()
        self._refresh_table()

    def readout_html(self) -> str:
        h, m, gated = self.h_field.value(), self.m_field.value(), self.gated()
        bias = self.bias_check.isChecked()
        ffn = B.ffn_params(h, m, gated, bias)
        h2 = B.ffn_in_h2(h, m, gated)
        err = B.rounding_error(h, m, gated)
        mult = self.multiple_spin.value()
        c = self.user_count
        assert c is not None
        experts = c.spec.n_experts
        lines = [
            self.tr("<b>FFN per layer</b>: {0} = {1} ({2} h²)").format(
                "3·h·m" if gated else "2·h·m", B.format_int(ffn), f"{float(h2):.4g}"),
            self.tr("Break-even with classic 4× (8h²): m = 8h/3 = {0}; yours: {1} params "
                    "({2:+.2f} %)").format(f"{float(B.break_even_width(h)):,.2f}",
                                           B.format_signed(B.ffn_params(h, m, gated) - 8 * h * h),
                                           100 * float(err)),
            self.tr("8/3 rule ↑{0}: {1} · Llama rule: {2} · MiniMind rule: {3}").format(
                mult, B.format_int(B.rule_8_3(h, mult)), B.format_int(B.llama_rule(h, mult)),
                B.format_int(B.minimind_rule(h))),
            self._partner_line(m, gated, mult),
            self.tr("Attention per layer: {0}").format(B.format_int(c.attention_per_layer)),
            self.tr("MoE: {0} experts of width m per layer, {1} active per token: {2} FFN "
                    "parameters per layer, {3} active").format(
                experts, c.spec.experts_per_token, B.format_int(experts * ffn),
                B.format_int(c.spec.experts_per_token * ffn)) if experts else "",
            self.tr("<b>Total</b>: {0} ({1}) · MLP share {2:.1f} % · MLP FLOPs/token {3}").format(
                B.format_int(c.total), B.format_short(c.total), 100 * c.mlp_share,
                B.format_short(c.mlp_flops_per_token)),
        ]
        return "<br>".join(line for line in lines if line)

    def _partner_line(self, m: int, gated: bool, multiple: int) -> str:
        """One exact width (the table's), with the rounded one labelled right beside it."""
        exact = B.partner_width(m, gated)
        rounded = B.partner_width(m, gated, multiple)
        text = (self.tr("Same-parameter classic width: {0} (= ⌈3m/2⌉)") if gated else
                self.tr("Same-parameter gated width: {0} (= ⌈2m/3⌉)")
                ).format(B.format_int(exact))
        if rounded != exact:
            text += self.tr(", or {0} rounded up to a multiple of {1}").format(
                B.format_int(rounded), multiple)
        return text

    def _update_charts(self) -> None:
        c = self.user_count
        if c is None:
            return
        third = 8 / 3
        rows = [(self.tr("Classic 4×"), [0.0, 4.0, 4.0]),
                (self.tr("Gated 8/3"), [third, third, third]),
                (self.tr("Yours") + (self.tr(" (1 expert)") if c.spec.is_moe else ""),
                 [float(x) for x in B.matrix_h2(
                    c.spec.hidden, c.spec.intermediate, c.spec.gated).values()])]
        model = self.models.get(self.compare_name())
        if model is not None:
            s = model.spec
            width = s.moe_intermediate if s.is_moe else s.intermediate
            label = self.compare_name() + (self.tr(" (1 expert)") if s.is_moe else "")
            rows.append((label, [float(x) for x in B.matrix_h2(s.hidden, width,
                                                               s.gated).values()]))
        self.matrix_chart.set_rows(rows, ["{0:.2f} h²".format(sum(v)) for _, v in rows])
        self.matrix_title.setText(self.tr(
            "<b>Gate, up and down</b> — classic 4× and gated 8/3 spend the same 8h²") +
            "&nbsp;&nbsp;&nbsp;" + self.matrix_chart.legend_html)

        shares = split_shares  # attention split into full and linear (Gated DeltaNet) layers
        rows = [(self.tr("Yours"), shares(c.split_parts, c.total))]
        totals = [B.format_short(c.total)]
        if model is not None:
            approx = "" if model.exact else "≈ "
            rows.append((self.compare_name(), shares(model.split_parts, model.total)))
            totals.append(approx + B.format_short(model.total) +
                          ("" if model.exact else self.tr(" (estimate)")))
            if model.spec.is_moe:
                rows.append((self.tr("active / token"),
                             shares(model.active_split_parts, model.total)))
                totals.append(approx + B.format_short(model.active))
        self.breakdown_chart.set_rows(rows, totals)
        self.breakdown_title.setText(self.tr(
            "<b>Where the parameters live</b> — whole model; for MoE, total vs active per token") +
            "&nbsp;&nbsp;&nbsp;" + self.breakdown_chart.legend_html)
        self._update_compare_note(model)

    def _update_compare_note(self, model: B.ModelCount | None) -> None:
        if model is None:
            self.compare_note.clear()
            return
        name = self.compare_name()
        text = self.tr("{0}: {1} parameters ({2}); active per token {3}; MLP FLOPs/token {4}; "
                       "source: {5}").format(
            name, B.format_int(model.total), B.format_short(model.total),
            B.format_short(model.active), B.format_short(model.mlp_flops_per_token),
            self.sources.get(name, ""))
        if not model.exact:
            text = ("<span style='color:#a05a00'><b>" + self.tr("Not exact:") + "</b> " +
                    self._notes(model) + "</span><br>" +
                    self.tr("{0}: about {1} parameters (estimate); source: {2}").format(
                        name, B.format_short(model.total), self.sources.get(name, "")))
        elif model.notes:
            text += "<br><span style='color:#555'>" + self._notes(model) + "</span>"
        if layer_mix_text(model):
            text += "<br>" + layer_mix_text(model)
        self.compare_note.setText(text)

    @staticmethod
    def _notes(model: B.ModelCount) -> str:
        """Core's notes (keyed Msgs), translated at display time."""
        return " ".join(message_text(note) for note in model.notes)

    def _refresh_table(self) -> None:
        rows = [B.comparison_row(name, count) for name, count in self.models.items()]
        if self.user_count is not None:
            rows.insert(0, B.comparison_row(self.tr("Yours"), self.user_count))
        self.table.set_rows(rows)
