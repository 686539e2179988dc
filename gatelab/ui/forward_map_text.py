"""Every word the forward-pass map shows, built in the current language from the current sizes.

Why a separate QObject: the texts depend only on the sizes (or their absence) and the language, so
``retranslate()`` simply asks for all of them again; the numbers come from ``core.forward_map``
(symbols d, m, V, N when no model is known), the words around them from ``self.tr``.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject

from gatelab.core.forward_map import (BOX_TABS, POST_NORMS, ForwardSizes, dim_text,
                                      mlp_widths_text, size_texts)
from gatelab.ui.forward_map_view import BoxText
from gatelab.ui.messages import after_label
from gatelab.ui.tabs import TAB_SPECS


def tab_title(name: str) -> str:
    """The tab's title as the tab bar shows it, in the current language."""
    spec = next(s for s in TAB_SPECS if s.name == name)
    return QCoreApplication.translate("tabs", spec.title)


class MapTexts(QObject):
    """Titles, size lines, tooltips and readouts of the map's boxes."""

    def _titles(self, sizes: ForwardSizes | None) -> dict[str, str]:
        family = "SwiGLU" if sizes is None else sizes.family
        gated = sizes is None or sizes.gated
        experts = 0 if sizes is None else sizes.n_experts
        if experts:  # one template each: a translated text never nests inside another
            mlp = (self.tr("gated MLP ({0}): {1} experts, one shown") if gated
                   else self.tr("MLP ({0}): {1} experts, one shown")).format(family, experts)
        else:
            mlp = (self.tr("gated MLP ({0})") if gated else self.tr("MLP ({0})")).format(family)
        return {
            "tokens": self.tr("tokens"), "embedding": self.tr("embedding"),
            "attn_norm": self.tr("norm"), "attention": self.tr("attention"), "attn_add": "+",
            "attn_post_norm": self.tr("norm"), "mlp_post_norm": self.tr("norm"),
            "mlp_norm": self.tr("norm"), "mlp": mlp, "gate_proj": "gate_proj",
            "up_proj": "up_proj", "act": "SiLU" if sizes is None else sizes.act, "mul": "⊙",
            "down_proj": "down_proj", "mlp_add": "+", "final_norm": self.tr("final norm"),
            "lm_head": self.tr("LM head (tied)") if sizes is not None and sizes.tied_head
            else self.tr("LM head"), "sample": self.tr("sample"),
        }

    def _subs(self, sizes: ForwardSizes | None) -> dict[str, str]:
        subs = size_texts(sizes)
        subs.pop("mul")  # the ⊙ circle holds the symbol only; its width is in the tooltip
        if sizes is not None and sizes.n_head is not None:
            heads = (self.tr("{0}, {1} heads") if sizes.n_kv_head is None
                     else self.tr("{0}, {1} heads ({2} key/value)"))
            subs["attention"] = heads.format(subs["attention"], sizes.n_head, sizes.n_kv_head)
        if sizes is not None and sizes.attn_gate:
            subs["attention"] = self.tr("{0} + output gate").format(subs["attention"])
        subs["sample"] = self.tr("softmax → next token")
        return subs

    def _norm_tips(self, sizes: ForwardSizes | None) -> dict[str, str]:
        """The norm boxes' tooltips in the model's kind: RMSNorm (gatelab's, Llama's...) only
        divides by the root mean square; LayerNorm (GPT-2, GPT-NeoX, OPT, Phi, BERT...) also
        subtracts the mean and adds a learned bias. Where the family norms after the residual
        add (post_add), the norms drawn after a block are said to come after the add."""
        if sizes is None or sizes.norm != "layer":
            return {
                "attn_norm": self.tr("RMSNorm: rescales the residual stream before attention"),
                "mlp_norm": self.tr("RMSNorm: rescales the residual stream before the MLP"),
                "attn_post_norm": self.tr(
                    "RMSNorm: rescales attention's output before it is added to the stream"),
                "mlp_post_norm": self.tr(
                    "RMSNorm: rescales the MLP's output before it is added to the stream"),
                "final_norm": self.tr("RMSNorm after the last layer"),
            }
        how = "{0}\n{1}".format(
            self.tr("LayerNorm subtracts the mean and divides by the standard deviation, with a "
                    "learned scale and bias"),
            self.tr("(RMSNorm would only divide by the root mean square, with a learned scale)"))
        post_add = sizes.block == "post_add"
        where = {
            "attn_norm": self.tr("LayerNorm of the residual stream before attention"),
            "mlp_norm": self.tr("LayerNorm of the residual stream before the MLP"),
            "attn_post_norm": self.tr("LayerNorm of the stream after attention's output is "
                                      "added to it (post-norm)") if post_add else
            self.tr("LayerNorm of attention's output before it is added to the stream"),
            "mlp_post_norm": self.tr("LayerNorm of the stream after the MLP's output is added "
                                     "to it (post-norm)") if post_add else
            self.tr("LayerNorm of the MLP's output before it is added to the stream"),
            "final_norm": self.tr("LayerNorm after the last layer"),
        }
        return {key: "{0}\n{1}".format(text, how) for key, text in where.items()}

    def _tips(self, sizes: ForwardSizes | None) -> dict[str, str]:
        m = "m" if sizes is None else dim_text(sizes.m)
        return {**self._norm_tips(sizes),
            "tokens": self.tr("The text as token ids, each below the vocabulary size V"),
            "embedding": self.tr("One learned row of d numbers per token id: the residual "
                                 "stream starts here"),
            "attention": self.tr("Mixes information between positions; the attention sink "
                                 "lives here"),
            "attn_add": self.tr("Residual add: attention's output is added to the stream"),
            "mlp": self.tr("The gated MLP: every neuron computes h = act(g)·u"),
            "gate_proj": self.tr("Widening projection d → m: the pre-gates g"),
            "up_proj": self.tr("Widening projection d → m: the values u"),
            "act": self.tr("The activation applied to g (SiLU for SwiGLU)"),
            "mul": self.tr("Element-wise product of {0} pairs: no weights, not a matrix "
                           "product").format(m),
            "down_proj": self.tr("Narrowing projection m → d back to the residual stream"),
            "mlp_add": self.tr("Residual add: the MLP's output is a small correction to the "
                               "stream"),
            "lm_head": self.tr("Projects d → V: one logit per vocabulary entry; tied: its "
                               "weights are the embedding's") if sizes is not None and
            sizes.tied_head else self.tr("Projects d → V: one logit per vocabulary entry"),
            "sample": self.tr("Softmax over the logits, then draw the next token"),
        }

    def box_texts(self, sizes: ForwardSizes | None) -> dict[str, BoxText]:
        titles, subs, tips = self._titles(sizes), self._subs(sizes), self._tips(sizes)
        opens = self.tr("Click or press Enter to open:")
        return {key: BoxText(titles[key], subs.get(key, ""),
                             "{0}\n{1}".format(tips[key], after_label(opens, tab_title(BOX_TABS[key]))))
                for key in titles}

    def frame_label(self, sizes: ForwardSizes | None) -> str:
        if sizes is None:
            return self.tr("× N layers")
        if sizes.n_linear:  # a hybrid (Qwen3.5): most layers' attention is Gated DeltaNet
            return self.tr("× {0} layers ({1} of them with linear attention)").format(
                sizes.n_layer, sizes.n_linear)
        return self.tr("× {0} layers").format(sizes.n_layer)

    def notes(self, sizes: ForwardSizes | None) -> dict[str, str]:
        d = "d" if sizes is None else "d = {0}".format(dim_text(sizes.d))
        return {"residual": self.tr("residual stream, {0}").format(d)}

    def family_note(self, sizes: ForwardSizes | None) -> str:
        """One line under the caption where the model's layer is not wired as the map draws it
        (``ForwardSizes.block``, from ``core.forward_block``): attention and the MLP in parallel
        (GPT-NeoX, Phi, GPT-J, Falcon, Cohere), or norms after each residual add (BERT, OPT-350m).
        "" for the sequential layer the map draws."""
        block = "sequential" if sizes is None else sizes.block
        note = {
            "parallel": self.tr("In this family attention and the MLP run in parallel on the same "
                                "input, each through its own norm, and both outputs are added "
                                "at once (the map draws them in turn)."),
            "parallel_shared": self.tr("In this family attention and the MLP run in parallel on "
                                       "the same normalised input (one norm shared by both), and "
                                       "both outputs are added at once (the map draws them in "
                                       "turn)."),
            "post_add": self.tr("This family normalises after each residual add (post-norm): "
                                "x → norm(x + block(x)); the map draws each norm before its +."),
        }.get(block, "")
        if sizes is not None and sizes.encoder:  # BERT: the map's last boxes are a causal LM's
            note = " ".join(filter(None, (note, self.tr(
                "It is an encoder: every token sees the whole text (no causal mask), and its base "
                "model ends in a pooler, not in an LM head; the map's last two boxes show what a "
                "causal LM does instead."))))
        return note

    def caption(self, sizes: ForwardSizes | None) -> str:
        """Where the numbers come from, and the MLP's widths in one line."""
        if sizes is None:
            return self.tr("No model known yet: generic sizes d (width), m (MLP width), "
                           "N (layers), V (vocabulary). Analyse a text in Inside the model, set "
                           "up the Live trainer or pick a preset in Parameter budget, then press "
                           "Refresh.")
        preset = self.tr("sizes from: {0} preset · MLP {1} × {2} layers")
        template = {
            "inside": self.tr("sizes from: {0} (Inside the model) · MLP {1} × {2} layers"),
            "trainer": self.tr("sizes from: {0} (the Live trainer's form) · MLP {1} × {2} layers"),
            "budget": preset, "lesson": preset,
            "config": self.tr("sizes from: {0} (Parameter budget) · MLP {1} × {2} layers"),
        }.get(sizes.origin, self.tr("sizes from: {0} · MLP {1} × {2} layers"))
        return template.format(sizes.source or "—", mlp_widths_text(sizes), sizes.n_layer)

    def description(self, key: str, sizes: ForwardSizes | None) -> str:
        """The readout line under the map for the selected box, with the numbers."""
        widths = mlp_widths_text(sizes)
        s = size_texts(sizes)
        n = "N" if sizes is None else str(sizes.n_layer)
        m = "m" if sizes is None else dim_text(sizes.m)
        act = "SiLU" if sizes is None else sizes.act
        text = {
            "tokens": self.tr("Tokens: the text as ids, {0}.").format(s["tokens"]),
            "embedding": self.tr("Embedding: a table of {0} numbers; row i starts token i's "
                                 "residual stream.").format(s["embedding"]),
            "attn_norm": self.tr("Norm before attention: {0}.").format(s["attn_norm"]),
            "attention": self.tr("Attention: {0}; it moves information between positions.")
            .format(s["attention"]),
            "attn_add": self.tr("Residual +: the stream keeps its value and adds attention's "
                                "output."),
            "mlp_norm": self.tr("Norm before the MLP: {0}.").format(s["mlp_norm"]),
            "attn_post_norm": self.tr("Norm after attention: {0}, on attention's output "
                                      "before the residual add.")
            .format(s["attn_post_norm"]),
            "mlp_post_norm": self.tr("Norm after the MLP: {0}, on the MLP's output before "
                                     "the residual add.").format(s["mlp_post_norm"]),
            "mlp": self.tr("Gated MLP: gate_proj and up_proj widen {0}, down_proj narrows {1}; "
                           "{2} in each of {3} layers.").format(s["gate_proj"], s["down_proj"],
                                                                widths, n),
            "gate_proj": self.tr("gate_proj: {0}, the pre-gates g.").format(s["gate_proj"]),
            "up_proj": self.tr("up_proj: {0}, the values u.").format(s["up_proj"]),
            "act": self.tr("{0}: applied to each of the {1} pre-gates g.").format(act, m),
            "mul": self.tr("⊙: {0}(g) ⊙ u, {1} products element by element; no weights, not a "
                           "matrix product.").format(act, m),
            "down_proj": self.tr("down_proj: {0}, back to the residual stream.")
            .format(s["down_proj"]),
            "mlp_add": self.tr("Residual +: the MLP's output is added to the stream, a small "
                               "correction."),
            "final_norm": self.tr("Final norm: {0}.").format(s["final_norm"]),
            "lm_head": self.tr("LM head: {0}, one logit per vocabulary entry.")
            .format(s["lm_head"]),
            "sample": self.tr("Sample: softmax over the logits, then draw the next token."),
        }[key]
        if sizes is not None and sizes.n_linear and key == "attention":
            text = self.tr("Attention: {0} in {1} of the {2} layers; the other {3} use linear "
                           "attention (Gated DeltaNet), with no softmax and no attention "
                           "weights.").format(s["attention"], sizes.n_layer - sizes.n_linear,
                                              sizes.n_layer, sizes.n_linear)
        if sizes is not None and sizes.tied_head and key == "lm_head":
            text = self.tr("LM head: {0}, one logit per vocabulary entry; tied: it reuses the "
                           "embedding's {1} table, no weights of its own.").format(
                s["lm_head"], s["embedding"])
        if sizes is not None and sizes.block == "post_add" and key in POST_NORMS:
            text = (self.tr("Norm after the residual add: {0}; this family normalises the stream "
                            "after attention's output is added (the map draws it before the +).")
                    if key == "attn_post_norm" else
                    self.tr("Norm after the residual add: {0}; this family normalises the stream "
                            "after the MLP's output is added (the map draws it before the +).")
                    ).format(s[key])
        if sizes is not None and not sizes.gated and key == "mlp":
            text = self.tr("MLP: up_proj widens {0}, down_proj narrows {1}; {2} in each of {3} "
                           "layers.").format(s["up_proj"], s["down_proj"], widths, n)
        return "{0} {1}".format(text, after_label(self.tr("Click or press Enter to open:"),
                                                  tab_title(BOX_TABS[key])))
