"""The budget panel's readouts: the numbers under "Your model", both charts, the compare note
and the table rows, rendered from the current fields and the selected real model.

Why apart from the panel: these are the texts a learner reads (and the lessons' steps check), and
all of them are re-rendered as a whole after every change and after a language switch, so they
live together, away from the widget construction. All arithmetic stays in ``gatelab.core.budget``.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication

from gatelab.core import budget as B
from gatelab.ui.budget_charts import layer_mix_text, split_shares
from gatelab.ui.budget_fields import BigIntField
from gatelab.ui.budget_table import PresetTable
from gatelab.ui.elide import breakable_numbers
from gatelab.ui.messages import message_text


class BudgetReadoutMixin:
    """Rendering for ``BudgetPanel`` (which supplies the widgets and state below)."""

    models: dict[str, B.ModelCount]
    sources: dict[str, str]
    preset_notes: dict[str, str]
    user_count: B.ModelCount | None
    d_field: BigIntField
    m_field: BigIntField
    multiple_spin: Any
    bias_check: Any
    readout: Any
    matrix_chart: Any
    matrix_title: Any
    breakdown_chart: Any
    breakdown_title: Any
    compare_note: Any
    table: PresetTable

    # provided by BudgetPanel / QWidget (annotations, not stub defs: see budget_load.py)
    gated: Callable[[], bool]
    compare_name: Callable[[], str]
    tr: Callable[[str], str]

    def readout_html(self) -> str:
        """The lines under "Your model": FFN size in d², break-even, rules, attention, total."""
        d, m, gated = self.d_field.value(), self.m_field.value(), self.gated()
        ffn = B.ffn_params(d, m, gated, self.bias_check.isChecked())
        mult = self.multiple_spin.value()
        c = self.user_count
        assert c is not None
        experts = c.spec.n_experts
        lines = [
            self.tr("<b>FFN per layer</b>: {0} = {1} ({2} d²)").format(
                "3·d·m" if gated else "2·d·m", B.format_int(ffn),
                f"{float(B.ffn_in_d2(d, m, gated)):.4g}"),
            self.tr("Break-even with classic 4× (8d²): m = 8d/3 = {0}; yours: {1} params "
                    "({2:+.2f} %)").format(f"{float(B.break_even_intermediate(d)):,.2f}",
                                           B.format_signed(B.ffn_params(d, m, gated) - 8 * d * d),
                                           100 * float(B.rounding_error(d, m, gated))),
            self.tr("8/3 rule ↑{0}: {1} · Llama rule: {2} · MiniMind rule: {3}").format(
                mult, B.format_int(B.rule_8_3(d, mult)), B.format_int(B.llama_rule(d, mult)),
                B.format_int(B.minimind_rule(d))),
            self._partner_line(m, gated, mult),
            self.tr("Attention per layer: {0}").format(B.format_int(c.attention_per_layer))
            + self._head_size_note(c.spec),
            self.tr("MoE: {0} experts of width m per layer, {1} active per token: {2} FFN "
                    "parameters per layer, {3} active").format(
                experts, c.spec.experts_per_token, B.format_int(experts * ffn),
                B.format_int(c.spec.experts_per_token * ffn)) if experts else "",
            self.tr("<b>Total</b>: {0} ({1}) · MLP share {2:.1f} % · MLP FLOPs/token {3}").format(
                B.format_int(c.total), B.format_short(c.total), 100 * c.mlp_share,
                B.format_short(c.mlp_flops_per_token)),
        ]
        return "<br>".join(line for line in lines if line)

    def _head_size_note(self, spec: B.ModelSpec) -> str:
        """When d is no multiple of the heads, the head size is d // heads, as transformers'
        Mistral and Qwen2 build it (its Llama and Gemma configs refuse such a d): attention then
        works in heads × head size dimensions, not d (4096 for d = 4097 and 32 heads); said,
        since the count would otherwise look wrong."""
        inner = spec.n_head * spec.head_size
        if spec.head_dim is not None or inner == spec.hidden:
            return ""
        return self.tr(" (head size ⌊{0} / {1}⌋ = {2}: q, k and v are {3} wide, not d = {0}, "
                       "as transformers' Mistral and Qwen2 build it; its Llama refuses such a "
                       "d)").format(
            B.format_int(spec.hidden), spec.n_head, spec.head_size, B.format_int(inner))

    def _partner_line(self, m: int, gated: bool, multiple: int) -> str:
        """One exact width (the table's), with the rounded one labelled right beside it."""
        exact = B.partner_intermediate(m, gated)
        rounded = B.partner_intermediate(m, gated, multiple)
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
        model = self.models.get(self.compare_name())
        self._update_matrix_chart(c, model)
        self._update_breakdown_chart(c, model)
        self._update_compare_note(model)

    def _update_matrix_chart(self, c: B.ModelCount, model: B.ModelCount | None) -> None:
        """Gate, up, down in units of d²: classic 4×, gated 8/3, yours, the real model."""
        third = 8 / 3
        one_expert = self.tr(" (1 expert)")
        rows = [(self.tr("Classic 4×"), [0.0, 4.0, 4.0]),
                (self.tr("Gated 8/3"), [third, third, third]),
                (self.tr("Yours") + (one_expert if c.spec.is_moe else ""),
                 [float(x) for x in B.matrix_d2(
                    c.spec.hidden, c.spec.intermediate, c.spec.gated).values()])]
        if model is not None:
            s = model.spec
            m = s.moe_intermediate if s.is_moe else s.intermediate
            label = self.compare_name() + (one_expert if s.is_moe else "")
            rows.append((label, [float(x) for x in B.matrix_d2(s.hidden, m, s.gated).values()]))
        self.matrix_chart.set_rows(rows, ["{0:.2f} d²".format(sum(v)) for _, v in rows])
        self.matrix_title.setText(self.tr(
            "<b>Gate, up and down</b> — classic 4× and gated 8/3 spend the same 8d²") +
            "&nbsp;&nbsp;&nbsp;" + self.matrix_chart.legend_html)

    def _update_breakdown_chart(self, c: B.ModelCount, model: B.ModelCount | None) -> None:
        """Where the parameters live (attention split into full and linear layers)."""
        rows = [(self.tr("Yours"), split_shares(c.split_parts, c.total))]
        totals = [B.format_short(c.total)]
        if c.spec.is_moe:  # your experts: what one token uses (only the preset's was drawn)
            rows.append((self.tr("Yours: active"), split_shares(c.active_split_parts, c.total)))
            totals.append(B.format_short(c.active))
        if model is not None:
            approx = "" if model.exact else "≈ "
            rows.append((self.compare_name(), split_shares(model.split_parts, model.total)))
            totals.append(approx + B.format_short(model.total) +
                          ("" if model.exact else self.tr(" (estimate)")))
            if model.spec.is_moe:
                rows.append((self.tr("{0}: active").format(self.compare_name()),
                             split_shares(model.active_split_parts, model.total)))
                totals.append(approx + B.format_short(model.active))
        self.breakdown_chart.set_rows(rows, totals)
        self.breakdown_title.setText(self.tr(
            "<b>Where the parameters live</b> — whole model; for MoE, total vs active per token") +
            "&nbsp;&nbsp;&nbsp;" + self.breakdown_chart.legend_html)

    def _update_compare_note(self, model: B.ModelCount | None) -> None:
        if model is None:
            self.compare_note.clear()
            return
        name = self.compare_name()
        # a name or source from an imported folder is text, not markup ("<" in a folder name)
        label, source = _text(name), _text(self.sources.get(name, ""))
        text = self.tr("{0}: {1} parameters ({2}); active per token {3}; MLP FLOPs/token {4}; "
                       "source: {5}").format(
            label, B.format_int(model.total), B.format_short(model.total),
            B.format_short(model.active), B.format_short(model.mlp_flops_per_token), source)
        if not model.exact:
            text = ("<span style='color:#a05a00'><b>" + self.tr("Not exact:") + "</b> " +
                    self._notes(model) + "</span><br>" +
                    self.tr("{0}: about {1} parameters (estimate); source: {2}").format(
                        label, B.format_short(model.total), source))
        elif model.notes:
            text += "<br><span style='color:#555'>" + self._notes(model) + "</span>"
        if name in self.preset_notes:
            text += "<br><span style='color:#555'>" + _text(self.preset_note(name)) + "</span>"
        if layer_mix_text(model):
            text += "<br>" + layer_mix_text(model)
        self.compare_note.setText(breakable_numbers(text))

    def preset_note(self, name: str) -> str:
        """The shipped preset's own note (what its count includes), in the current language."""
        note = self.preset_notes.get(name, "")
        return QCoreApplication.translate("presets", note) if note else ""

    @staticmethod
    def _notes(model: B.ModelCount) -> str:
        """Core's notes (keyed Msgs), translated at display time."""
        return " ".join(message_text(note) for note in model.notes)

    def _refresh_table(self, yours: bool = True) -> None:
        """The presets' rows, under the fields' model ("Yours") where ``yours`` and known."""
        rows = [B.comparison_row(name, count) for name, count in self.models.items()]
        if yours and self.user_count is not None:
            rows.insert(0, B.comparison_row(self.tr("Yours"), self.user_count))
        self.table.set_rows(rows, {name: self.preset_note(name) for name in self.preset_notes})


def _text(plain: str) -> str:
    """``plain`` shown as itself inside a rich-text label."""
    return html.escape(plain, quote=False)
