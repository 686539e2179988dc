"""What the trainer's live page showed before a Resume, put back when the Resume is refused.

Why: a Resume can be refused before its first step for reasons of its input: the run already
completed its steps, its checkpoint belongs to another model, another process trains it, its
corpus is gone. Launching it had already replaced the plots, the title, the sample box and the
bar, so the refusal read as a failed run ("failed before the first step", a replay that lost its
title, its sample gone) and stayed on screen. Nothing trained, so nothing changed: the page goes
back to what it showed, and the reason is a plain notice that the next action clears. The form
goes back too, also after a Resume that failed before its first step (a read-only folder):
Resume had put the run's settings in it, and the next autosave stored them over the user's own
(multi-instance probe s23 D6).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gatelab.core.trainconfig import LayerStats
    from gatelab.ui.trainer_panel import TrainerPanel
    from gatelab.ui.trainer_plots import MetricsHistory


@dataclass(eq=False)
class ViewHold:
    """The live page (plots, title, sample box, bar, state line, shown view) and the panel's
    record of the run it shows, as they were before a launch."""

    history: MetricsHistory
    title_fn: Callable[[Any], str]
    intro: bool  # the first-run page was shown, not the plots
    sample: tuple[str | None, str]
    bar: tuple
    label_kind: str
    run_state: str
    run_dir: str
    variant: str
    checkpoint_interval: int
    stats: LayerStats | None
    stats_step: int
    view: int
    form: dict[str, Any]  # the trainer form's values (an lr being typed as its text)


def hold_view(panel: TrainerPanel) -> ViewHold:
    """The live page now, before a launch changes it."""
    return ViewHold(
        panel.plots.history, panel._title_fn, panel.live.showing_intro(),
        panel.live.held_sample(), panel.bar.held(), panel._label_kind, panel.run_state,
        panel.run_dir, panel._variant, panel._checkpoint_interval, panel._stats,
        panel._stats_step, panel.views.currentIndex(), panel.controls.state())


def restore_form(panel: TrainerPanel, held: ViewHold) -> None:
    """The form as ``held`` found it; an lr that was no number (being typed) as its text."""
    lr = held.form.get("lr")
    typed = not isinstance(lr, float)
    panel.controls.apply_state({k: v for k, v in held.form.items() if k != "lr" or not typed})
    if typed:
        panel.controls.lr.setText(str(lr))


def restore_view(panel: TrainerPanel, held: ViewHold) -> None:
    """Show the live page as ``held`` again: the same curves over the same steps (a fresh y
    range fitted to them), the title, sample and bar it had; the gate plane never changed."""
    steps = held.history.steps
    _mode, _step, total, *_rest = held.bar
    panel.plots.clear(max(total, steps[-1]) if steps else None)
    panel.plots.history = held.history
    panel.plots.redraw_now()
    panel._show_title(held.title_fn)
    if held.intro:
        panel.live.show_intro()
    panel.live.restore_sample(held.sample)
    panel.bar.restore(held.bar)
    panel._set_state_label(held.label_kind)
    panel.run_state, panel.run_dir = held.run_state, held.run_dir
    panel._variant, panel._checkpoint_interval = held.variant, held.checkpoint_interval
    panel._stats, panel._stats_step = held.stats, held.stats_step
    panel.views.setCurrentIndex(held.view)
    restore_form(panel, held)


def refuse_resume(panel: TrainerPanel, held: ViewHold | None, why: str) -> None:
    """A Resume the engine refused before its first step (``Outcome.refused``): the page as it
    was, the run list idle again, and why in a notice."""
    panel._cancel_sample()
    panel._clock.reset()
    if held is not None:
        restore_view(panel, held)
    panel.runs.set_busy(False)
    panel.runs.refresh()
    panel._resume_notice(why)
    panel._update_buttons()


__all__ = ["ViewHold", "hold_view", "refuse_resume", "restore_form", "restore_view"]
