"""The trainer tab's "Try this" steps and check-yourself questions.

Each step only sets the form (or the experiment's choices) up; training stays the learner's
choice, and the step's settings are kept small enough to train in a minute or two on a CPU. A
step that needs a saved run returns the line saying what to do first instead of failing (a
``Needs``: the card withdraws it once a run is saved).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from gatelab.core.budget import rule_8_3
from gatelab.core.trainconfig import classic_matched_intermediate, count_params
from gatelab.ui.lesson_types import Later, Needs
from gatelab.ui.trainer_controls import DEFAULT_CONFIG

if TYPE_CHECKING:
    from gatelab.ui.trainer_panel import TrainerPanel

# a model that trains in about a minute on two CPU cores: the base of every step. The Python
# corpus, not the generated one: its runs have quote marks in their vocabulary, so the Inside
# tab's strings lesson works on the run this lesson trains (the generated text has none).
QUICK = DEFAULT_CONFIG.replace(
    corpus="python",
    variant="swiglu",
    n_embd=64,
    n_layer=2,
    n_head=2,
    n_kv_head=None,
    intermediate=None,
    block_size=32,
    attn_gate=False,
    steps=300,
    batch_size=8,
    lr=3e-3,
    warmup_steps=20,
    eval_interval=50,
    seed=1,
    compile=False,
)
EXPERIMENT_SEEDS = 5


def attn_gate_extra(cfg: Any) -> int:
    """Parameters the attention output gate adds: a d × d gate projection per layer."""
    return count_params(cfg.replace(attn_gate=True)) - count_params(cfg.replace(attn_gate=False))


def _setup(panel: TrainerPanel, **changes: Any) -> None:
    device = str(panel.controls.device.currentData() or "auto")  # the form may be unparsable
    panel.controls.set_config(QUICK.replace(device=device, **changes))


def step_experiment(panel: TrainerPanel) -> str | None:
    if panel.controller.is_busy() or panel.experiment.is_busy():
        return QCoreApplication.translate(
            "TrainerLesson", "Stop the current training first (■ Stop), then press this step again."
        )
    _setup(panel, steps=200)
    view = panel.experiment
    view.variant_a.setCurrentIndex(view.variant_a.findData("swiglu"))
    view.variant_b.setCurrentIndex(view.variant_b.findData("gelu"))
    view.seeds.setValue(EXPERIMENT_SEEDS)
    panel.views.setCurrentWidget(view)
    return None


def step_attn_gate(panel: TrainerPanel) -> str | None:
    _setup(panel, attn_gate=True)
    panel.views.setCurrentWidget(panel.live)
    return None


def _matched_numbers(d: int, multiple_of: int) -> tuple[int, int, int, float, int]:
    """(m, SwiGLU's 3·d·m, classic GELU's 2·d·4d, their gap in %, the rounding multiple): the
    matched m is rounded, so the two counts are close, not equal."""
    m = classic_matched_intermediate(d, "swiglu", multiple_of)
    gated, classic = 3 * d * m, 2 * d * 4 * d
    return m, gated, classic, 100 * abs(gated - classic) / classic, multiple_of


def step_matched(panel: TrainerPanel) -> str | None:
    _setup(panel, n_embd=256, n_head=4)
    panel.controls.btn_matched.click()
    return None


def step_rule(panel: TrainerPanel) -> str | None:
    _setup(panel, n_embd=384, n_head=6)
    panel.controls.btn_83.click()
    return None


def step_replay(panel: TrainerPanel) -> str | Later | None:
    """Replay a saved run whose Gate sparsity shows lines, not one dot per layer: the run on
    screen, else the selected one, else the newest finished (or the longest) run with at least
    ``MIN_STATS_ROWS`` statistics rows (``core.run_history``); with none such, say to train one
    rather than replay a stub whose plot cannot show what the step describes. The runs folder
    is read afresh (a run just trained by gatelab-train in a terminal counts, though the Runs
    list has not been shown since) and up to ``MAX_CHECKED`` runs' metrics with it: a
    ``Later``, so on a helper thread."""
    if panel.controller.is_busy():
        return _busy_replaying()
    first = (panel.run_dir, panel.runs.selected_path())

    def finish(path: str | None) -> str | None:
        if panel.controller.is_busy():  # a Start while the runs were read
            return _busy_replaying()
        if path is None:  # the line goes once a run is saved (ended, or replayed)
            return Needs(QCoreApplication.translate(
                "TrainerLesson",
                "Train a run first: press ▶ Start (about a minute with the quick settings "
                "of the first steps), then press this step again.",
            ), panel.run_saved)
        if not path:  # ... once a run trained to its end
            return Needs(QCoreApplication.translate(
                "TrainerLesson",
                "Every saved run stopped too early to draw its gate sparsity as lines (one "
                "point per layer): train a run to its end first (▶ Start, about a minute with "
                "the quick settings of the first steps), then press this step again.",
            ), panel.run_saved, lambda how: how == "finished")
        if not panel.runs.select_path(path):  # a run the list has not read yet
            panel.runs.refresh(select=path)
        panel.open_run(path)  # the run on screen too: the form then holds its settings
        return None

    return Later(QCoreApplication.translate(
        "TrainerLesson", "Looking for a saved run with a training history…"),
        lambda: _history_run(first), finish)


def _history_run(first: tuple[str, str]) -> str | None:
    """The run ``step_replay`` replays ("" when every saved run is a stub; None when there is
    no stopped or finished run at all). Reads the runs folder: off the GUI thread."""
    from gatelab.core.run_history import pick_history_run, steps_done
    from gatelab.ui.trainer_jobs import run_rows

    rows = [row for row in run_rows() if row.status in ("finished", "stopped")]
    if not rows:
        return None
    return pick_history_run(first, [(row.path, row.status, steps_done(row.steps)) for row in rows])


def _busy_replaying() -> str:
    return QCoreApplication.translate(
        "TrainerLesson",
        "A run is training: its gate sparsity is already on show in Live plots.",
    )


def trainer_lesson(panel: TrainerPanel) -> Any:
    """The lesson in the current language (``Lesson`` of ``gatelab.ui.lesson_card``)."""
    from gatelab.ui.lesson_card import Lesson, TryStep

    extra = attn_gate_extra(QUICK)
    steps = (
        TryStep(
            QCoreApplication.translate(
                "TrainerLesson", "SwiGLU vs GELU, 5 seeds"
            ),
            QCoreApplication.translate(
                "TrainerLesson",
                "Experiment view: SwiGLU vs parameter-matched GELU, seeds: 5, 200 steps each "
                "(10 runs, a few minutes on a CPU). Press ▶ Run experiment: the verdict says "
                "whether the gap beats the noise floor, 3σ of the reruns.",  # names, not ids
            ),
            lambda: step_experiment(panel),
        ),
        TryStep(
            QCoreApplication.translate("TrainerLesson", "Attention output gate on"),
            QCoreApplication.translate(
                "TrainerLesson",
                "The parameter count grows by {0:,} (a 64 × 64 gate per layer, 2 layers). "
                "Press ▶ Start and watch the first-token share above the plots; compare a "
                "run with the gate off.",
            ).format(extra),
            lambda: step_attn_gate(panel),
        ),
        TryStep(
            QCoreApplication.translate("TrainerLesson", "Param-matched m, d = 256"),
            QCoreApplication.translate(
                "TrainerLesson",
                "Intermediate m = {0}: SwiGLU's 3 · 256 · {0} = {1:,} weights differ by about "
                "{3:.2f} % from GELU's 2 · 256 · 1,024 = {2:,} (m is a multiple of {4}).",
            ).format(*_matched_numbers(256, QUICK.multiple_of)),
            lambda: step_matched(panel),
        ),
        TryStep(
            QCoreApplication.translate("TrainerLesson", "The 8/3 rule, d = 384"),
            QCoreApplication.translate(
                "TrainerLesson",
                "Intermediate m = {0:,}: 8/3 · 384 = 1,024, so a gated FFN costs what a "
                "classic 4·d one does.",
            ).format(rule_8_3(384, QUICK.multiple_of)),
            lambda: step_rule(panel),
        ),
        TryStep(
            QCoreApplication.translate(
                "TrainerLesson", "Replay a run: gate sparsity"
            ),
            QCoreApplication.translate(
                "TrainerLesson",
                "Live plots show the run again; in Gate sparsity each colour is a layer (L0, L1, …), "
                "solid lines are closed gates and dashed ones g<0, and the form holds the run's "
                "own settings.",
            ),
            lambda: step_replay(panel),
        ),
    )
    return Lesson(steps=steps, questions=_questions())


def _questions() -> tuple[Any, ...]:
    from gatelab.ui.lesson_card import Question

    return (
        Question(
            "attn-gate-dropout",
            QCoreApplication.translate("TrainerLesson", "Is the attention output gate a dropout?"),
            (
                QCoreApplication.translate(
                    "TrainerLesson", "Yes: it zeroes random heads while training"
                ),
                QCoreApplication.translate(
                    "TrainerLesson",
                    "No: a learned sigmoid of the block input scales each head's output, in "
                    "training and at inference alike",
                ),
                QCoreApplication.translate("TrainerLesson", "Yes, but it only acts at inference"),
            ),
            1,
            (
                QCoreApplication.translate(
                    "TrainerLesson",
                    "Dropout is random and only active while training. The output gate is neither: "
                    "it is computed from the token's own input, the same way every time.",
                ),
                QCoreApplication.translate(
                    "TrainerLesson",
                    "The gate is sigmoid(x·W) per head channel, learned with the rest of the "
                    "model and applied at inference too. It lets a head output nothing, so "
                    "attention no longer has to pile onto the first token to do so.",
                ),
                QCoreApplication.translate(
                    "TrainerLesson",
                    "It acts at inference, but nothing about it is random: the same input gives the "
                    "same gate. Dropout, in contrast, is switched off at inference.",
                ),
            ),
        ),
        Question(
            "seed-noise",
            QCoreApplication.translate(
                "TrainerLesson",
                "Two seeds of the same config end 0.02 apart in validation loss; "
                "SwiGLU beats GELU by 0.01. What follows?",
            ),
            (
                QCoreApplication.translate("TrainerLesson", "SwiGLU is the better variant"),
                QCoreApplication.translate(
                    "TrainerLesson",
                    "Nothing yet: the gap is inside the noise floor; run more seeds",
                ),
                QCoreApplication.translate("TrainerLesson", "GELU is the better variant"),
            ),
            1,
            (
                QCoreApplication.translate(
                    "TrainerLesson",
                    "A gap smaller than the spread between reruns of one config can come from the "
                    "seed alone. The experiment's verdict asks for more than 3σ of that spread.",
                ),
                QCoreApplication.translate(
                    "TrainerLesson",
                    "The noise floor is 3σ of same-config reruns; a smaller gap says nothing "
                    "about the variants. More seeds narrow the estimate.",
                ),
                QCoreApplication.translate(
                    "TrainerLesson",
                    "The numbers say SwiGLU's loss is lower, but by less than the seed noise, so "
                    "neither direction is shown.",
                ),
            ),
        ),
        Question(
            "matched-width",
            QCoreApplication.translate(
                "TrainerLesson", "Why does SwiGLU get m = 688 at d = 256, not 1,024?"
            ),
            (
                QCoreApplication.translate(
                    "TrainerLesson",
                    "It has three matrices (gate, up, down), so 3·d·m ≈ 2·d·4d keeps the FFN's "
                    "parameters equal",
                ),
                QCoreApplication.translate("TrainerLesson", "SiLU needs fewer neurons than GELU"),
                QCoreApplication.translate("TrainerLesson", "To leave memory for the attention"),
            ),
            0,
            (
                QCoreApplication.translate(
                    "TrainerLesson",
                    "gate_proj, up_proj and down_proj make 3·d·m weights against the classic "
                    "2·d·4d; m = 688 (a multiple of 16) matches 4·d = 1,024 at d = 256.",
                ),
                QCoreApplication.translate(
                    "TrainerLesson",
                    "The activation has nothing to do with the width. The width is chosen so that "
                    "both variants have the same parameter budget, which keeps the comparison fair.",
                ),
                QCoreApplication.translate(
                    "TrainerLesson",
                    "Attention's size does not depend on m. The smaller m pays for the third matrix "
                    "of the gated FFN, so both FFNs cost the same.",
                ),
            ),
        ),
    )
