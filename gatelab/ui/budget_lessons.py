"""The budget tab's "Try this" steps and check-yourself questions.

Why these: the lessons' budget points are few and exact — the third matrix does not cost 50 %
more (classic 4× and gated 8/3 both spend 8d²), 11008 is 8/3 · 4096 rounded up to 256, the MLP is
twice attention at d = 4096 and in a small model about as large as the embedding table, and an MoE
model's total is not what a token pays for. Each step sets the tab up so that the number its
``expect`` line promises is on screen (tests read it back from the readouts and the table).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from gatelab.ui.lesson_card import Lesson, Question, TryStep

if TYPE_CHECKING:
    from gatelab.ui.budget_panel import BudgetPanel


# Called as translate("BudgetLessons", "literal") so that lupdate extracts every string (a
# wrapper taking a variable hides them from it).
translate = QCoreApplication.translate


def _set_fields(panel: BudgetPanel, **values: object) -> None:
    """Set the given state keys (see ``budget_state``) and render once."""
    panel.apply_state(values)


def _safe(panel: BudgetPanel, action: Callable[[], str | None]) -> Callable[[], str | None]:
    """A step never raises: a failure becomes the line the card shows instead."""

    def run() -> str | None:
        try:
            return action()
        except (ValueError, KeyError, RuntimeError) as exc:
            return translate("BudgetLessons", "This step could not set the tab up: {0}").format(exc)

    return run


def _need(panel: BudgetPanel, *names: str) -> str | None:
    missing = [n for n in names if n not in panel.models]
    if missing:
        return translate(
            "BudgetLessons", "The preset {0} is missing: reinstall gatelab's presets first."
        ).format(", ".join(missing))
    return None


def _toggle(panel: BudgetPanel) -> str | None:
    _set_fields(panel, d=4096, multiple_of=1, experts=0, bias=False)
    panel.toggle_classic_gated()
    return None


def _why_11008(panel: BudgetPanel) -> str | None:
    _set_fields(panel, d=4096, multiple_of=256, gated=True, experts=0, bias=False)
    panel.llama_button.click()
    return None


def _qwen_table(panel: BudgetPanel) -> str | None:
    name = "Qwen3.5-0.8B"
    problem = _need(panel, name)
    if problem:
        return problem
    panel.select_model(name)
    panel.lower_tabs.setCurrentWidget(panel.table)
    panel.table.show_row(name, panel.table.COLUMN_EMBEDDING)
    return None


def _attention_vs_ffn(panel: BudgetPanel) -> str | None:
    _set_fields(
        panel, d=4096, m=4 * 4096, gated=False, heads=32, kv_heads=32, experts=0, bias=False
    )
    return None


def _dense_to_moe(panel: BudgetPanel) -> str | None:
    problem = _need(panel, "Mistral-7B", "Mixtral-8x7B")
    if problem:
        return problem
    panel.select_model("Mistral-7B")
    panel.load_compare_into_fields()
    panel.select_model("Mixtral-8x7B")
    return None


def _steps(panel: BudgetPanel) -> tuple[TryStep, ...]:
    def step(title: str, expect: str, action: Callable[[BudgetPanel], str | None]) -> TryStep:
        return TryStep(title, expect, _safe(panel, lambda: action(panel)))

    return (
        step(
            translate("BudgetLessons", "Toggle classic 4× ↔ gated 8/3"),
            translate(
                "BudgetLessons",
                "Each press flips the FFN: classic 4× (m = 16,384) has 2·d·m = 134,217,728 = 8d²; "
                "gated 8/3 (m = 10,923) has 3·d·m = 134,221,824, still 8d² (+4,096).",
            ),
            _toggle,
        ),
        step(
            translate("BudgetLessons", "Why 11008? (d = 4096)"),
            translate(
                "BudgetLessons",
                "8/3 · 4096 = 10,922.67 is not a whole number; rounded up to a multiple of 256 "
                "it becomes m = 11,008, 0.78 % above 8d².",
            ),
            _why_11008,
        ),
        step(
            translate("BudgetLessons", "Qwen3.5-0.8B: MLP vs embeddings"),
            translate(
                "BudgetLessons",
                "In its table row, MLP (all layers) is 264,241,152 and the embedding table "
                "254,279,680: about as large as each other.",
            ),
            _qwen_table,
        ),
        step(
            translate("BudgetLessons", "d = 4096: attention vs FFN"),
            translate(
                "BudgetLessons",
                "Attention per layer is 4d² = 67,108,864 (≈ 67 M), the classic FFN 8d² = "
                "134,217,728 (≈ 134 M): the FFN is twice attention.",
            ),
            _attention_vs_ffn,
        ),
        step(
            translate("BudgetLessons", "Dense → MoE: total vs active"),
            translate(
                "BudgetLessons",
                "Pressing it makes Yours Mistral-7B, dense: 7,241,732,096 parameters, all used "
                "per token. Beside it Mixtral-8x7B: 46,702,792,704 in total, but 2 of 8 experts "
                "run, so 12.9 B are active.",
            ),
            _dense_to_moe,
        ),
    )


def _question(key: str, text: str, answer: int, choices: tuple[tuple[str, str], ...]) -> Question:
    return Question(key, text, tuple(c for c, _ in choices), answer, tuple(x for _, x in choices))


def _questions() -> tuple[Question, ...]:
    return (
        _question(
            "budget-mlp-largest",
            translate(
                "BudgetLessons",
                "Why is the MLP one of the largest parameter blocks in a transformer layer?",
            ),
            0,
            (
                (
                    translate(
                        "BudgetLessons",
                        "Its matrices are wide: d × m with m ≈ 2.7–4 d, about 8d² per layer",
                    ),
                    translate(
                        "BudgetLessons",
                        "Each of its two or three matrices is d × m and m is several times d, so "
                        "the FFN holds about 8d² per layer. Attention's four d × d projections hold "
                        "4d², half as much.",
                    ),
                ),
                (
                    translate("BudgetLessons", "It stores the token embedding table"),
                    translate(
                        "BudgetLessons",
                        "The embedding table (vocab × d) is a separate block before the first "
                        "layer. In a small model it can be as large as all MLPs together, but it is not "
                        "part of them.",
                    ),
                ),
                (
                    translate("BudgetLessons", "Its activation function has many parameters"),
                    translate(
                        "BudgetLessons",
                        "SiLU, GELU and ReLU have no parameters at all. All of the MLP's weights "
                        "sit in gate_proj, up_proj and down_proj.",
                    ),
                ),
            ),
        ),
        _question(
            "budget-third-matrix",
            translate(
                "BudgetLessons",
                "A gated MLP has three matrices instead of two. Does it cost 50 % more parameters?",
            ),
            1,
            (
                (
                    translate("BudgetLessons", "Yes: three matrices always cost 1.5× two"),
                    translate(
                        "BudgetLessons",
                        "Only at the same m. Gated designs shrink m from 4d to about 8d/3, so the "
                        "three matrices together stay at 8d².",
                    ),
                ),
                (
                    translate("BudgetLessons", "No: m shrinks to about 8d/3, so 3·d·m stays ≈ 8d²"),
                    translate(
                        "BudgetLessons",
                        "3 · d · 8d/3 = 8d², exactly what classic 4× spends (2 · d · 4d). "
                        "Rounding m up to a multiple of 256 adds a little, e.g. 0.78 % at 11,008.",
                    ),
                ),
                (
                    translate("BudgetLessons", "No: the gate matrix is shared between layers"),
                    translate(
                        "BudgetLessons",
                        "Every layer has its own gate_proj. The saving comes from the smaller "
                        "intermediate width m, not from sharing.",
                    ),
                ),
            ),
        ),
        _question(
            "budget-moe-active",
            translate(
                "BudgetLessons",
                "In an MoE model such as Mixtral-8x7B, which count sets the compute per token?",
            ),
            1,
            (
                (
                    translate("BudgetLessons", "The total: 46.7 B parameters"),
                    translate(
                        "BudgetLessons",
                        "The total must fit in memory, but a token only passes through the experts "
                        "the router picks. Most experts sit idle for any one token.",
                    ),
                ),
                (
                    translate(
                        "BudgetLessons",
                        "The active parameters: 12.9 B, only the routed experts run",
                    ),
                    translate(
                        "BudgetLessons",
                        "Mixtral routes each token to 2 of 8 experts, so about 12.9 B of its "
                        "46.7 B parameters do the work: memory like a big model, compute like a small "
                        "one.",
                    ),
                ),
                (
                    translate("BudgetLessons", "The embedding table"),
                    translate(
                        "BudgetLessons",
                        "Looking a token up in the embedding table is a row copy, not a matrix "
                        "product; the MLP experts and attention do the compute.",
                    ),
                ),
            ),
        ),
    )


def budget_lesson(panel: BudgetPanel) -> Lesson:
    """The budget tab's lesson, built in the current language."""
    return Lesson(steps=_steps(panel), questions=_questions())
