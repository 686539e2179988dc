""""Load into my fields": copy a real model into the budget fields and say what did not fit.

Why apart and why the note: the fields describe a plain decoder (plus routed experts), while real
models carry more (shared experts, dense first layers, q/k norms, attention biases, an encoder…).
Loading used to drop such parts silently — Mixtral's experts vanished and "yours" read 7.24 B
against 46.7 B. Now the experts load, and whatever the fields cannot hold is named right under
the button, together with both totals, so the learner never mistakes one number for the other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gatelab.core import budget as B
from gatelab.ui.budget_fields import SizeFields
from gatelab.ui.elide import breakable_numbers


class BudgetLoadMixin(SizeFields):
    """``load_compare_into_fields`` for ``BudgetPanel`` (which supplies the widgets below)."""

    models: dict[str, B.ModelCount]
    user_count: B.ModelCount | None
    variant_combo: Any
    bias_check: Any
    tie_check: Any
    load_note: Any
    _loaded_name: str

    # provided by BudgetPanel / QWidget (annotations, not stub defs: lupdate loses the class
    # context after a def nested in an if, and files this module's strings under no context)
    compare_name: Callable[[], str]
    _on_inputs_changed: Callable[..., None]
    tr: Callable[[str], str]

    def load_compare_into_fields(self) -> None:
        """Copy the chosen real model into the fields (experts included) and report the rest."""
        name = self.compare_name()
        count = self.models.get(name)
        if count is None:
            return
        s = count.spec
        widgets = ((self.d_field, s.hidden),
                   (self.m_field, s.moe_intermediate if s.is_moe else s.intermediate),
                   (self.layers_field, s.n_layer + s.encoder_layers), (self.heads_field, s.n_head),
                   (self.kv_field, s.kv_heads), (self.vocab_field, s.vocab),
                   (self.experts_field, s.n_experts),
                   (self.active_field, s.experts_per_token if s.is_moe else 1))
        for field, value in widgets:
            field.blockSignals(True)
            field.set_value(value)
            field.blockSignals(False)
        for check, value in ((self.bias_check, s.mlp_bias), (self.tie_check, s.tie_embeddings)):
            check.blockSignals(True)
            check.setChecked(value)
            check.blockSignals(False)
        self.variant_combo.blockSignals(True)
        self.variant_combo.setCurrentIndex(0 if s.gated else 1)
        self.variant_combo.blockSignals(False)
        self._on_inputs_changed()
        self._loaded_name = name  # re-worded by retranslate until a field changes
        self._show_load_note(name, count)

    def _show_load_note(self, name: str, count: B.ModelCount) -> None:
        self.load_note.show()
        mine = self.user_count
        if mine is None:  # the fields could not take it (should not happen with shipped presets)
            self.load_note.setText(self.tr("{0} does not fit the fields.").format(name))
            return
        missing = self.left_out(count.spec)
        if not count.exact:
            missing.append(self.tr("what the preset counts only approximately (see the note "
                                   "below)"))
        if mine.total == count.total and count.exact and not missing:
            self.load_note.setStyleSheet("color: #1e6b30;")
            self.load_note.setText(breakable_numbers(self.tr(
                "Loaded {0}: your fields count exactly its {1} parameters.").format(
                name, B.format_int(count.total))))
            return
        self.load_note.setStyleSheet("color: #a05a00;")
        what = "; ".join(missing) if missing else self.tr("nothing the fields can name")
        total = (B.format_int(count.total) if count.exact
                 else self.tr("about {0}").format(B.format_short(count.total)))
        self.load_note.setText(breakable_numbers(self.tr(
            "Loaded {0} only partly. Left out: {1}. Your fields count {2} ({3}); {0} has {4}."
        ).format(name, what, B.format_int(mine.total), B.format_short(mine.total), total)))

    def left_out(self, s: B.ModelSpec) -> list[str]:
        """Each part of ``s`` the fields cannot express, in words (empty: everything fits)."""
        out: list[str] = []
        if s.head_dim is not None and s.head_dim * s.n_head != s.hidden:
            out.append(self.tr("head size {0} (the fields use d ÷ heads)").format(s.head_dim))
        if s.qkv_bias or s.o_bias:
            out.append(self.tr("attention biases"))
        if s.mlp_bias:
            out.append(self.tr("MLP biases"))
        if s.embed_width and s.embed_width != s.hidden:
            out.append(self.tr("word embeddings of width {0} (projected to and from d)").format(
                B.format_int(s.embed_width)))
        if s.lm_head_bias:
            out.append(self.tr("the lm_head bias"))
        if s.token_types:
            out.append(self.tr("token-type embeddings ({0} types)").format(
                B.format_int(s.token_types)))
        if s.pooler:
            out.append(self.tr("the pooler"))
        if s.attn_out_gate:
            out.append(self.tr("the attention output gate"))
        if s.qk_norm:
            out.append(self.tr("q/k norms"))
        if s.attn_sinks:
            out.append(self.tr("attention sinks"))
        if s.norm != "rms" or s.norms_per_layer != 2 or not s.final_norm:
            out.append(self.tr("its norm layout ({0}, {1} per layer)").format(
                s.norm, s.norms_per_layer))
        if s.max_positions:
            out.append(self.tr("learned position embeddings ({0} positions)").format(
                B.format_int(s.max_positions)))
        if s.is_moe and s.first_dense_layers:  # one layer in the singular (walkthrough s23)
            dense = (self.tr("1 dense first layer of width {1} (loaded as an expert layer)")
                     if s.first_dense_layers == 1 else
                     self.tr("{0} dense first layers of width {1} (loaded as expert layers)"))
            out.append(dense.format(s.first_dense_layers, B.format_int(s.intermediate)))
        if s.n_shared_experts:
            out.append(self.tr("the shared expert (width {0})").format(
                B.format_int(s.shared_intermediate)))
        if s.router_bias or s.router_correction_bias or s.expert_bias or s.shared_expert_gate:
            out.append(self.tr("router and expert biases or gates"))
        if s.encoder_layers:
            out.append(self.tr("the encoder–decoder structure (its {0} encoder layers are "
                               "counted as decoder layers; cross-attention is not)").format(
                s.encoder_layers))
        if s.cross_attention:
            out.append(self.tr("the cross-attention block in every layer"))
        if s.relative_attention_buckets:
            out.append(self.tr("relative-position tables"))
        if s.linear_layers:
            out.append(self.tr("its {0} linear-attention layers (Gated DeltaNet; counted as full "
                               "attention)").format(s.linear_layers))
        if s.attention == "mla":
            out.append(self.tr("multi-head latent attention (MLA; counted as plain attention)"))
        if s.mtp_layers:  # DeepSeek-V3 has one: "1 multi-token-prediction layers" read wrong
            out.append(self.tr("1 multi-token-prediction layer") if s.mtp_layers == 1 else
                       self.tr("{0} multi-token-prediction layers").format(s.mtp_layers))
        return out
