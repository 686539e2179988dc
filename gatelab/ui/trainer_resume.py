"""Resume training of a saved run, for ``TrainerPanel`` (a mixin of ``SavedRuns``).

Why apart from the replay: a resume decides first whether there is anything to train. A run
that trained every step but was killed before it said so (``run_samples.completed_unfinished``)
is finished instead, off the GUI thread, exactly as ``gatelab-train --resume`` finishes it
(``engine_resume.finish_completed``: the sample the uninterrupted run writes, its last history
entry, "finished"), then replayed. Its checkpoint's step, read with the run, decides: killed
inside its final checkpoint, run.json still named the checkpoint before and the last history
entry was missing, and Resume training refused the run as "already completed" for good (kill
probe s21 D1). Strings keep their translations through ``tr`` along the panel's MRO (this
class's name).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gatelab.core.messages import Msg
from gatelab.ui.messages import message_text
from gatelab.ui.trainer_controls import form_config
from gatelab.ui.trainer_hold import hold_view

if TYPE_CHECKING:  # core.runs imports torch; the tab imports it only when first needed
    from gatelab.core.runs import RunRecord


class ResumeRuns:
    """Resume training (``resume_run``) for ``TrainerPanel``; the run is read by
    ``SavedRuns._read_run``, which hands it to ``_resume_record``."""

    # provided by TrainerPanel
    controller: Any
    experiment: Any
    controls: Any
    plots: Any
    runs: Any
    status_changed: Any
    _calls: Any
    _held: Any
    run_dir: str
    _finishing: str = ""  # the run being finished in a helper thread ("" none)

    def resume_run(self, path: str) -> bool:
        """Continue a saved run; its folder is read off the GUI thread, then training starts."""
        if self.controller.is_busy() or self.experiment.is_busy():
            return False
        self._read_run("resume", path)  # type: ignore[attr-defined]
        return True

    def _resume_record(self, record: RunRecord, ckpt_step: int | None = None) -> None:
        """Resume ``record`` unless it is refused now; ``ckpt_step``, its checkpoint's step (read
        with it, off the GUI thread), tells a run with nothing left to train before launching."""
        if self.controller.is_busy() or self.experiment.is_busy() or self._finishing:
            return
        from gatelab.core.run_samples import completed_unfinished
        from gatelab.core.runs import run_busy  # (neither imports torch)

        busy = run_busy(record.path, others_only=True)  # another process trains it: refused
        if busy:
            return self._resume_notice(busy)  # type: ignore[attr-defined]
        own, wanted = record.config.steps, self.controls.steps.value()
        if completed_unfinished(record.path, record.summary, ckpt_step) and wanted <= own:
            return self._finish_record(record)  # all trained: finished as --resume does
        # its own steps; only a run that trained them all extends to the form's Steps (a form
        # left at 1000 turned a killed 400-step run into a 1000-step one); its checkpoint may
        # be ahead of run.json (killed between the two)
        done = record.summary.get("steps") if record.summary else None
        done = max(x for x in (done, ckpt_step, -1) if isinstance(x, int))
        steps = max(own, wanted) if done >= own else own
        if ckpt_step is not None and ckpt_step >= steps:  # the engine's own "already completed"
            return self._resume_notice(  # type: ignore[attr-defined]
                Msg("resume.done", {"steps": str(ckpt_step)}))
        self._cancel_sample()  # type: ignore[attr-defined]
        self._report_warnings(record)  # type: ignore[attr-defined]
        cfg = record.config.replace(steps=steps)
        self._held = hold_view(self)  # before the form and the plots change
        self.controls.set_config(form_config(cfg))  # the form shows what trains (as a replay)
        kept = ckpt_step or 0  # rows past the checkpoint are trained again: curve ran back (s13)
        self.plots.set_rows([r for r in record.metrics if r.get("step", 0) <= kept], cfg.steps)
        self._launch(cfg, str(record.path), resume=True, keep_plots=True)  # type: ignore[attr-defined]

    def _finish_record(self, record: RunRecord) -> None:
        """Finish ``record`` (every step trained, its end not recorded) in a helper thread,
        replayed at once; ``_on_finish_done`` replays it again with its sample."""
        path = self._finishing = str(record.path)
        self._show_record(record, sample=False)  # type: ignore[attr-defined]
        self._note_sample(lambda self: self.tr(  # type: ignore[attr-defined]
            "Every step was trained, only the run's end was not recorded: writing its final "
            "sample…"))

        def finish() -> tuple[str, list[Any]]:
            from gatelab.core.engine_resume import finish_completed

            warnings: list[Any] = []
            finish_completed(path, warnings.append)  # (None: finished meanwhile elsewhere)
            return path, warnings

        self._calls.submit("finish", finish)

    def _on_finish_done(self, result: object, error: str) -> None:
        """The answer of ``_finish_record``: the finished run is replayed again (its sample,
        "finished") while the page still shows it; a refusal (another process took the run
        meanwhile) is said as a resume's."""
        path, self._finishing = self._finishing, ""
        shown = self.run_dir == path and not self.controller.is_busy()  # (not another run now)
        if error:
            if shown:
                self._note_sample(  # type: ignore[attr-defined]
                    lambda self: self.tr("No sample: {0}").format(error))
            self._resume_notice(error)  # type: ignore[attr-defined]
        else:
            for warning in result[1]:  # type: ignore[index]
                self.status_changed.emit(message_text(warning))
            if shown:
                self.open_run(path)  # type: ignore[attr-defined] (its sample, "finished")
        self.runs.refresh()  # it no longer reads "interrupted"


__all__ = ["ResumeRuns"]
