"""The forward-pass tab's "Try this" steps and check-yourself questions, in the current language.

Steps 1–4 pin the lessons' model (Qwen3.5-0.8B: 1024 → 3584 → 1024 × 24 layers) so their promised
numbers hold whatever else the app has loaded; step 5 reads the Live trainer's form and says what
to do first when that tab has not been opened. Steps select a box (the readout describes it) but
never leave the tab, so the card stays next to what it talks about.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from gatelab.ui.lesson_card import Lesson, Question, TryStep

if TYPE_CHECKING:
    from gatelab.ui.forward_map import ForwardMapPanel

__all__ = ["Lesson", "Question", "TryStep", "build_lesson"]


class ForwardMapLesson(QObject):
    """Builds the lesson; its strings live in this class's translation context."""

    def __init__(self, panel: ForwardMapPanel) -> None:
        super().__init__(panel)

    @property
    def panel(self) -> ForwardMapPanel:
        """The panel is this object's Qt parent: an attribute naming it made a reference cycle
        (the panel keeps this object), freed by the cycle collector in any thread (qt_cycles)."""
        return self.parent()  # type: ignore[return-value]

    def _preset_step(self, key: str) -> str | None:
        from gatelab.ui.forward_map import LESSON_PRESET

        try:
            if not self.panel.show_preset(LESSON_PRESET):
                return self.tr("The Qwen3.5-0.8B preset is missing from resources/presets: "
                               "reinstall gatelab.")
            self.panel.select_box(key)
        except Exception as exc:  # noqa: BLE001 - a step must never raise
            return str(exc)
        return None

    def _trainer_step(self) -> str | None:
        try:
            why = self.panel.show_trainer()
            if why == "no trainer":
                return self.tr("Open the Live trainer tab first (Ctrl+4), then run this step "
                               "again.")
            if why:
                return self.tr("The Live trainer's form has a value it cannot use: fix it in "
                               "the Live trainer tab (Ctrl+4), then run this step again.")
            self.panel.select_box("mlp")
        except Exception as exc:  # noqa: BLE001 - a step must never raise
            return str(exc)
        return None

    def steps(self) -> tuple[TryStep, ...]:
        return (
            TryStep(self.tr("Qwen3.5-0.8B's gated MLP"),
                    self.tr("gate_proj and up_proj widen 1024 → 3584, down_proj narrows "
                            "3584 → 1024; 1024 → 3584 → 1024 in each of 24 layers."),
                    lambda: self._preset_step("mlp")),
            TryStep(self.tr("Pick the ⊙"),
                    self.tr("SiLU(g) ⊙ u: 3584 products element by element; no weights, not a "
                            "matrix product."),
                    lambda: self._preset_step("mul")),
            TryStep(self.tr("Follow the residual stream"),
                    self.tr("The MLP's output is added to the stream of width 1024: a small "
                            "correction. Click the marked + to open Inside the model, which "
                            "measures how small."),
                    lambda: self._preset_step("mlp_add")),
            TryStep(self.tr("The LM head"),
                    self.tr("LM head: 1024 → 248,320, one logit per vocabulary entry; "
                            "the embedding is a table of 248,320 × 1024 numbers."),
                    lambda: self._preset_step("lm_head")),
            TryStep(self.tr("Your trainer's model"),
                    self.tr("The caption names the Live trainer's form, and the MLP box shows its "
                            "d → m → d and layer count."),
                    self._trainer_step),
        )

    def questions(self) -> tuple[Question, ...]:
        return (
            Question(
                "map-odot-matmul", self.tr("Is the ⊙ in the gated MLP a matrix product?"),
                (self.tr("Yes: an m × m weight matrix"), self.tr("No: an element-wise product"),
                 self.tr("Yes: it is down_proj")), 1,
                (self.tr("⊙ has no weights at all. The MLP's only matrices are gate_proj, "
                         "up_proj and down_proj."),
                 self.tr("Neuron i multiplies its own act(g_i) by its own u_i, so m "
                         "products and no weights. That is why the gate can switch each neuron "
                         "on or off separately."),
                 self.tr("down_proj is the narrowing matrix after ⊙: it maps the m products "
                         "back to d. ⊙ itself only multiplies pairs."))),
            Question(
                "map-widening", self.tr("Which projections widen d → m?"),
                (self.tr("gate_proj and up_proj"), self.tr("down_proj only"),
                 self.tr("all three")), 0,
                (self.tr("Both read the d-wide residual stream and produce m numbers each: "
                         "the pre-gates g and the values u. For Qwen3.5-0.8B that is "
                         "1024 → 3584."),
                 self.tr("down_proj narrows: it takes the m products back to d so they can "
                         "be added to the residual stream."),
                 self.tr("Two widen and one narrows; otherwise the output could not be added "
                         "to the d-wide residual stream."))),
            Question(
                "map-residual-add", self.tr("What does the + after the MLP do?"),
                (self.tr("It replaces the stream with the MLP's output"),
                 self.tr("It adds the MLP's output to the stream"),
                 self.tr("It multiplies the stream by the MLP's output")), 1,
                (self.tr("The stream keeps its value; the MLP's output is added on top. Drop "
                         "the MLP and the stream still flows."),
                 self.tr("Each layer adds a correction to the residual stream. Inside the "
                         "model measures it: the MLP's output is usually much smaller than the "
                         "stream it is added to."),
                 self.tr("It is a plain sum. The only element-wise product in the layer is "
                         "the ⊙ inside the gated MLP."))),
        )


def build_lesson(builder: ForwardMapLesson) -> Lesson:
    return Lesson(steps=builder.steps(), questions=builder.questions())
