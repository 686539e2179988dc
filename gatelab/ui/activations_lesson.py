"""The activation-curves tab's teaching text: the note under the plot, the "Try this" steps and
the check-yourself questions.

Why numbers come from core here: each step's one-line promise quotes the values the readout will
show, so they are computed by the same ``curves.probe`` / ``describe_z`` calls the table and the
note use, and formatted the same way; a test then reads the visible table and note after each
step. The z where GELU and its tanh approximation differ most (``GELU_GAP_Z``) was found on a
fine grid with ``activations.evaluate``, and a test repeats that search. Mixed into
``ActivationsPanel``; ``self`` is the panel.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gatelab.core import activations, curves
from gatelab.ui.lesson_card import Lesson, Question, TryStep
from gatelab.ui.widgets import fmt_number

GELU_GAP_Z = -2.699  # |GELU − GELU tanh| is largest at z = ±2.6989 (0.00047); both signs alike



class ActivationsLessonMixin:
    """``lesson()``, the steps' set-up functions and the plain-language note."""

    def _note(self, note: curves.ZNote) -> str:
        """The plain-language note under the plot for the probe z (core chose which one).

        Moved from the panel: its strings keep the panel's context, so its zh_CN still applies.
        """
        translate = QCoreApplication.translate
        if note.kind in (curves.NOTE_NONE, curves.NOTE_ONE, curves.NOTE_GAP):
            return self._shown_note(note)
        if note.kind == curves.NOTE_FAR_NEGATIVE:
            return translate("ActivationsPanel", "z ≤ −5: SiLU ≈ {0} is nearly 0 like ReLU, and "
                             "its gradient {1} is tiny but not exactly 0.").format(
                fmt_number(note.silu, 4), fmt_number(note.dsilu, 4))
        if note.kind == curves.NOTE_SILU_MINIMUM:
            return translate("ActivationsPanel", "Near SiLU's minimum: it bottoms out at {0} at "
                             "z = {1}; its gradient is ≈ 0 here ({2}), ReLU is exactly 0.").format(
                fmt_number(note.silu_min, 4), fmt_number(note.z_min, 4),
                fmt_number(note.dsilu, 3))
        if note.kind == curves.NOTE_NEGATIVE:
            return translate("ActivationsPanel", "z < 0: ReLU is exactly 0, SiLU still leaks {0} "
                             "and has gradient {1}.").format(fmt_number(note.silu, 3),
                                                            fmt_number(note.dsilu, 3))
        if note.kind == curves.NOTE_ZERO:
            return translate("ActivationsPanel", "z = 0: ReLU has its kink here; SiLU passes "
                             "through 0 smoothly with slope {0}.").format(fmt_number(note.dsilu, 3))
        return translate("ActivationsPanel", "z > 0: ReLU passes z = {0} through unchanged; SiLU "
                         "gives {1} (a little less, approaching z as z grows) with gradient "
                         "{2}.").format(fmt_number(note.z, 3), fmt_number(note.silu, 3),
                                        fmt_number(note.dsilu, 3))

    def _shown_note(self, note: curves.ZNote) -> str:
        """The note when SiLU or ReLU is hidden: it speaks of the shown curves only. Values
        as the table shows them (4 decimals), the gap with 5 (GELU's 0.00047 would read 0.0005)."""
        translate = QCoreApplication.translate
        if note.kind == curves.NOTE_NONE:
            return translate("ActivationsPanel", "no curve shown")
        z = fmt_number(note.z, 3)
        if note.kind == curves.NOTE_ONE:
            (row,) = note.rows
            return translate("ActivationsPanel", "At z = {0}, {1} is {2} with slope {3}.").format(
                z, self._short(row.name), fmt_number(row.value, 4),
                fmt_number(row.derivative, 4))
        low, high = note.rows
        return translate("ActivationsPanel", "At z = {0}, the widest gap between the shown curves "
                         "is {1}: {2} {3} vs {4} {5}.").format(
            z, fmt_number(high.value - low.value, 5), self._short(low.name),
            fmt_number(low.value, 4), self._short(high.name), fmt_number(high.value, 4))

    def lesson(self) -> Lesson:
        """Five steps and three questions, built in the current language."""
        return Lesson(steps=self._lesson_steps(), questions=self._lesson_questions())

    # -- steps ----------------------------------------------------------------------------
    def _probe_at(self, z: float, names: tuple[str, ...], only: bool = False) -> None:
        """Show ``names`` (only them, or added to what is shown) and move the probe to z."""
        lo, hi = self.z_range()
        if not lo <= z <= hi:
            self.set_range(-6.0, 6.0)
        shown = list(names) if only else sorted(set(self.shown()) | set(names),
                                                key=activations.NAMES.index)
        self.set_shown(shown)
        self.set_z(z)

    def _step(self, title: str, expect: str, z: float, names: tuple[str, ...],
              only: bool = False) -> TryStep:
        def run() -> str | None:
            self._probe_at(z, names, only)
            return None
        return TryStep(title=title, expect=expect, run=run)

    def _lesson_steps(self) -> tuple[TryStep, ...]:
        def value(name: str, z: float, digits: int = 4) -> tuple[str, str]:
            row = curves.probe([name], z)[0]
            return fmt_number(row.value, digits), fmt_number(row.derivative, digits)

        silu_1, dsilu_1 = value("silu", -1.0, 3)
        z_min, s_min = activations.silu_minimum()
        gelu, _ = value("gelu", GELU_GAP_Z)
        gelu_t, _ = value("gelu_tanh", GELU_GAP_Z)
        gap = curves.probe(["gelu_tanh"], GELU_GAP_Z)[0].value - curves.probe(
            ["gelu"], GELU_GAP_Z)[0].value
        sig_2, _ = value("sigmoid", 2.0)
        silu_2, _ = value("silu", 2.0)
        far, dfar = value("silu", -6.0)
        return (
            self._step(self.tr("Probe z = −1"), self.tr(
                "ReLU is 0 with gradient 0, but SiLU still passes {0} with gradient {1}.").format(
                silu_1, dsilu_1), -1.0, ("silu", "relu")),
            self._step(self.tr("Find SiLU's minimum"), self.tr(
                "SiLU bottoms out at {0} at z = {1}; its slope there is 0.0000.").format(
                fmt_number(s_min, 4), fmt_number(z_min, 4)), z_min, ("silu",)),
            self._step(self.tr("Compare GELU exact and tanh"), self.tr(
                "They differ most at z = ±2.70. At z = −2.70: GELU {0} vs tanh {1}, a gap of only "
                "{2}; everywhere else it is smaller.").format(gelu, gelu_t, fmt_number(gap, 5)),
                GELU_GAP_Z, ("gelu", "gelu_tanh"), only=True),
            self._step(self.tr("SiLU is z times a sigmoid gate"), self.tr(
                "At z = 2: σ = {0}, SiLU = {1} = 2 × {0}, ReLU = 2.0000.").format(sig_2, silu_2),
                2.0, ("silu", "relu", "sigmoid")),
            self._step(self.tr("Go far left: z = −6"), self.tr(
                "SiLU {0} is nearly 0 like ReLU, yet its gradient {1} is not exactly 0.").format(
                far, dfar), -6.0, ("silu", "relu")),
        )

    # -- questions ---------------------------------------------------------------------------
    def _lesson_questions(self) -> tuple[Question, ...]:
        return (
            Question(
                key="silu-gate-range",
                text=self.tr("Is a SwiGLU gate SiLU(g) a switch between 0 and 1?"),
                choices=(self.tr("Yes: always between 0 and 1"),
                         self.tr("No: SiLU ranges over [−0.278, ∞)"),
                         self.tr("Yes, but only for g > 0")),
                answer=1,
                explanations=(
                    self.tr("That is the sigmoid σ(g), the gate of the original GLU. SiLU is g·σ(g): "
                            "it grows without bound for large g and dips below 0 for negative g."),
                    self.tr("SiLU's minimum is −0.2785 at g = −1.2785 and it has no upper "
                            "limit, so the gate can scale u up, shrink it or flip its sign. Only "
                            "sigmoid gates stay inside (0, 1)."),
                    self.tr("For g > 0 SiLU(g) lies between g/2 and g, so SiLU(3) = 2.8577 is well "
                            "above 1. Nothing keeps a SiLU gate below 1."),
                )),
            Question(
                key="relu-silu-gradient",
                text=self.tr("At z = −1, which activation still sends gradient back?"),
                choices=(self.tr("Neither: both are off for z < 0"),
                         self.tr("SiLU (0.072), not ReLU (0)"),
                         self.tr("ReLU: its kink is at z = −1")),
                answer=1,
                explanations=(
                    self.tr("ReLU is off there, but SiLU is not: SiLU(−1) = −0.269 and its slope is "
                            "0.072. A unit that lands at z = −1 still learns with SiLU."),
                    self.tr("ReLU's output and slope are exactly 0 for every z < 0, so no "
                            "gradient passes. SiLU's slope 0.072 is small but not zero, so the "
                            "weights before it keep learning."),
                    self.tr("ReLU's kink is at z = 0, not −1. For every z < 0 its slope is exactly "
                            "0, so it sends no gradient back at z = −1."),
                )),
            Question(
                key="gelu-tanh-gap",
                text=self.tr("How far apart are GELU and its tanh approximation?"),
                choices=(self.tr("Under 0.0005; most at z = ±2.70"),
                         self.tr("About 0.05 near z = 0"),
                         self.tr("They are exactly equal")),
                answer=0,
                explanations=(
                    self.tr("The largest gap is 0.00047, at z = ±2.70, and at z = 0 both are "
                            "exactly 0. The tanh form was used because it was cheaper to compute, "
                            "and the two are close enough to be treated as the same curve."),
                    self.tr("At z = 0 both curves are exactly 0, so the gap there is 0. The "
                            "largest gap anywhere is 0.00047, near z = ±2.70."),
                    self.tr("They are close but not equal: tanh only approximates the Gaussian "
                            "CDF Φ. Probe z = −2.699 and compare the two rows of the table."),
                )),
        )
