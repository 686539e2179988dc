"""The gate-plane tab's "Try this" steps and check-yourself questions.

Why the numbers are computed, not typed: each step's one-line promise quotes what the readout
will show, so it is built from the same ``plane.read_point`` the readout uses (float64, exact)
and formatted the same way; a test then reads the visible readout after each step. Every step
uses the variant's default parameters and the default ±6 window, whatever the learner changed.
Mixed into ``GatePlanePanel``; ``self`` is the panel.
"""

from __future__ import annotations

from gatelab.core import gates, plane
from gatelab.core.plane import PlaneSpec, PointReading
from gatelab.ui.lesson_card import Lesson, Question, TryStep
from gatelab.ui.widgets import fmt_number

LESSON_WINDOW = (-6.0, 6.0)


def _reading(variant: str, g: float, u: float) -> PointReading:
    spec = PlaneSpec(variant=variant, params=dict(gates.get(variant).params))
    return plane.read_point(spec, g, u)


class GatePlaneLessonMixin:
    """``lesson()`` and the steps' set-up functions."""

    def lesson(self) -> Lesson:
        """Six steps and three questions, built in the current language."""
        return Lesson(steps=self._lesson_steps(), questions=self._lesson_questions())

    def show_lesson_point(self, variant: str, g: float, u: float) -> None:
        """Switch to ``variant`` (default parameters, ±6 window) and read the point (g, u)."""
        changed = variant != self._spec.variant
        if self._apply(variant=variant, params=dict(gates.get(variant).params),
                       g_range=LESSON_WINDOW, u_range=LESSON_WINDOW):
            self.controls.clear_variant_error()
            if changed:
                self.variant_changed.emit(variant)
        self.set_point(g, u)

    def _step(self, title: str, expect: str, variant: str, g: float, u: float) -> TryStep:
        def run() -> str | None:
            self.show_lesson_point(variant, g, u)
            return None
        return TryStep(title=title, expect=expect, run=run)

    def _lesson_steps(self) -> tuple[TryStep, ...]:
        def n(x: float, plus: bool = False) -> str:
            return fmt_number(x, 4, plus=plus)

        open_, flip = _reading("swiglu", 1.5, -2.0), _reading("swiglu", -3.0, -2.0)
        closed, relu = _reading("swiglu", 0.0, 2.0), _reading("reglu", -2.0, 3.0)
        far, clamp = _reading("swiglu", 10.0, 10.0), _reading("swiglu_clamped", 10.0, 10.0)
        cap = _reading("swiglu_softcap", 10.0, 10.0)
        return (
            self._step(self.tr("Open gate: (1.5, −2)"), self.tr(
                "The gate SiLU(1.5) = {0} scales u = −2: h = {1}, ∂h/∂g = {2}.").format(
                n(open_.act), n(open_.h), n(open_.dh_dg)), "swiglu", 1.5, -2.0),
            self._step(self.tr("Negative gate: (−3, −2)"), self.tr(
                "SiLU(−3) = {0} < 0 flips the sign of u: h = {1}.").format(
                n(flip.act), n(flip.h, plus=True)), "swiglu", -3.0, -2.0),
            self._step(self.tr("Closed gate: (0, 2)"), self.tr(
                "The gate is 0, so h = {0}, but ∂h/∂g = u/2 = {1}: training can still open "
                "it.").format(n(closed.h), n(closed.dh_dg)), "swiglu", 0.0, 2.0),
            self._step(self.tr("ReGLU, g < 0: (−2, 3)"), self.tr(
                "ReLU(−2) = {0}: ∂h/∂g is exactly {1}, so this gate gets no gradient at "
                "all.").format(n(relu.act), n(relu.dh_dg)), "reglu", -2.0, 3.0),
            self._step(self.tr("Far corner: (10, 10)"), self.tr(
                "SwiGLU is unbounded: h = {0} (the marker waits at the edge as ◆).").format(
                n(far.h)), "swiglu", 10.0, 10.0),
            self._step(self.tr("Cap it: gpt-oss clamp at 7"), self.tr(
                "Clamped at 7: h = {0}, ∂h/∂g = ∂h/∂u = {1}. Then pick the soft cap (β₁ = 4, "
                "β₂ = 25): h = {2}, and |h| ≤ 100 everywhere.").format(
                n(clamp.h), n(clamp.dh_dg), n(cap.h)), "swiglu_clamped", 10.0, 10.0),
        )

    # -- questions ---------------------------------------------------------------------------
    def _lesson_questions(self) -> tuple[Question, ...]:
        return (
            Question(
                key="odot-matmul",
                text=self.tr("In h = SiLU(g) ⊙ u, is ⊙ a matrix product?"),
                choices=(self.tr("Yes: a matrix product"),
                         self.tr("No: elementwise, per neuron"),
                         self.tr("No: a dot product, one number")),
                answer=1,
                explanations=(
                    self.tr("g and u are two vectors of the same length m, one entry per neuron; "
                            "there is no matrix between them. The matrix products are gate_proj, "
                            "up_proj and down_proj around ⊙."),
                    self.tr("Neuron i's output is SiLU(g_i)·u_i, using only its own two "
                            "numbers. That is why one (g, u) plane describes every neuron."),
                    self.tr("A dot product would add all m products into one number, but h keeps "
                            "m entries, one per neuron. down_proj mixes them afterwards."),
                )),
            Question(
                key="closed-gate-learns",
                text=self.tr("At g = 0 a SwiGLU gate outputs 0, so h = 0. Can training still "
                             "open it?"),
                choices=(self.tr("No: no gradient reaches it"),
                         self.tr("Yes: ∂h/∂g = u/2 there"),
                         self.tr("Only if u = 0")),
                answer=1,
                explanations=(
                    self.tr("That is true of ReLU, whose slope is exactly 0 for g < 0. SiLU's "
                            "slope at 0 is 1/2, so the gate input still receives gradient."),
                    self.tr("∂h/∂g = SiLU′(g)·u and SiLU′(0) = 1/2, so at (0, 2) the "
                            "gradient is 1. The gate can be pushed open by training."),
                    self.tr("With u = 0 the gradient u/2 is 0 too, so that is the one case where "
                            "nothing moves the gate. Any other u gives ∂h/∂g = u/2 ≠ 0."),
                )),
            Question(
                key="softcap-bound",
                text=self.tr("With the soft cap β₁ = 4, β₂ = 25, how large can |h| get?"),
                choices=(self.tr("Without limit, like SwiGLU"),
                         self.tr("Below β₁·β₂ = 100"),
                         self.tr("At most 7, like gpt-oss's clamp")),
                answer=1,
                explanations=(
                    self.tr("Plain SwiGLU is unbounded: h = 99.9955 at (10, 10), and it keeps "
                            "growing. Each capped branch is squashed by tanh, so their product is "
                            "bounded."),
                    self.tr("The gate branch stays below β₁ = 4 and the up branch within "
                            "±β₂ = ±25, so |h| < 100. At (10, 10) h is 37.4862."),
                    self.tr("7 is gpt-oss's clamp on the inputs, a different mechanism. The soft "
                            "cap bounds the two branches with tanh, so |h| < β₁·β₂ = 100."),
                )),
        )
