"""The experiment view's side of saved experiments: reopen one with its live status, and
finish an interrupted or stopped one in its own folder (Continue experiment).

Why a mixin of ``ExperimentView``: these actions drive the view's own chart, table, progress
bar and message. Strings keep their translations through PySide's ``tr``, which looks the
context up along the class's MRO (this class's name). Why it exists: an experiment killed with
its process reopened as "(running)" with a verdict from the runs that had finished, and could
only be run again from scratch in a new folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

from gatelab.core.trainconfig import FFN_VARIANTS
from gatelab.ui.experiment_jobs import SavedExperiment, continue_job
from gatelab.ui.messages import message_text
from gatelab.ui.experiment_data import ExperimentSummary
from gatelab.ui.widgets import settings_choice, settings_int


class SavedExperiments:
    """Reopening (results arrive in ``_on_loaded`` from the view's ``BackgroundCalls``) and
    continuing saved experiments, for ``ExperimentView``."""

    # provided by ExperimentView
    variant_a: Any
    variant_b: Any
    seeds: Any
    open_remembered: Any
    controller: Any
    progress: Any
    btn_continue: Any
    result: ExperimentSummary | None
    saved: SavedExperiment | None
    error_text: str
    status_changed: Any
    _blocked: bool
    _partial: tuple[int, int] | None
    _run_index: int
    _n_runs: int
    _steps: int

    # provided by QWidget and ExperimentView (no stubs here: lupdate would read a "def tr" in
    # the class body as the end of its context, and file every string under no class at all)
    tr: Any
    _set_message: Any
    _set_progress: Any
    _show_result: Any

    def _on_loaded(self, _tag: str, result: object, error: str) -> None:
        if self.controller.is_busy():
            return  # a run started meanwhile: its result wins
        if result is None and not error:
            return  # no saved experiment to show
        if isinstance(result, ExperimentSummary):  # (a caller passing a bare summary)
            result = SavedExperiment(result, 0, 0, 0, False)
        if error or not isinstance(result, SavedExperiment):
            self._set_message(lambda self: self.tr("Could not open the experiment: {0}")
                              .format(error), error=True)
            return
        saved, summary = result, result.summary
        self.result, self.saved = summary, saved
        self.error_text = ""
        self._partial = None if saved.complete or not saved.n_runs else (saved.runs_done,
                                                                         saved.n_runs)
        self._show_result(summary)
        self.progress.setRange(0, 1)
        self.progress.setValue(1 if saved.complete else 0)
        name = Path(summary.path).name
        if saved.complete or not saved.n_runs:
            self._set_progress(lambda self: self.tr("saved experiment {0} ({1})").format(
                name, self._status_word(summary.status)))
            self._set_message(lambda self: self.tr("Verdict: {0}").format(
                message_text(summary.verdict)))
        else:
            self._set_progress(lambda self: self.tr("saved experiment {0} ({1}, {2} of {3} runs)")
                               .format(name, self._status_word(summary.status), saved.runs_done,
                                       saved.n_runs))
            self._set_message(lambda self: self._incomplete_text())
        self._update_continue()
        self.status_changed.emit(self.tr("Opened experiment {0}").format(summary.path))

    def _status_word(self, status: str) -> str:
        return {"running": self.tr("running"), "interrupted": self.tr("interrupted"),
                "stopped": self.tr("stopped"), "failed": self.tr("failed"),
                "finished": self.tr("finished")}.get(status, status or "?")

    def _incomplete_text(self) -> str:
        """What a reopened experiment without all its runs is, and what can be done about it."""
        saved = self.saved
        if saved is None:
            return ""
        done, total = saved.runs_done, saved.n_runs
        if saved.summary.status == "running":
            return self.tr("Still being trained by another process: the results below cover {0} "
                           "of {1} runs and are not a verdict yet.").format(done, total)
        head = {"interrupted": self.tr(
            "Interrupted: the process training this experiment ended before all its runs "
            "finished."), "failed": self.tr("This experiment stopped with an error.")}.get(
            saved.summary.status, self.tr("This experiment was stopped before all its runs "
                                          "finished."))
        text = head + " " + self.tr("The results below cover {0} of {1} runs; they are not a "
                                    "verdict.").format(done, total)
        if saved.can_continue:
            return text + " " + self.tr("Continue experiment trains the missing runs in the "
                                        "same folder and then gives the verdict.")
        if saved.why_not:
            return text + " " + self.tr("It cannot be continued: {0}").format(
                message_text(saved.why_not))
        return text

    def continue_saved(self) -> bool:
        """Finish the saved experiment on show in its own folder (see ``core.experiment_continue``):
        its missing and unfinished runs train with its own settings, then its verdict is written."""
        saved = self.saved
        if self.controller.is_busy() or self._blocked or saved is None or not saved.can_continue:
            return False
        path, self._n_runs, self._steps = saved.summary.path, saved.n_runs, saved.steps
        self.result, self.saved, self._run_index = saved.summary, None, -1
        self._partial = (saved.runs_done, saved.n_runs)
        self.error_text = ""
        self.progress.setRange(0, max(1, saved.n_runs * saved.steps))
        self.progress.setValue(saved.runs_done * saved.steps)
        self._set_progress(lambda self: self.tr("continuing…"))
        left = saved.n_runs - saved.runs_done
        self._set_message(lambda self: self.tr("Continuing experiment {0}: training the {1} "
                                               "missing runs of {2}…").format(
            Path(path).name, left, saved.n_runs))
        self.controller.start(continue_job(path))
        self._update_continue()
        return True

    def _update_continue(self) -> None:
        can = self.saved is not None and self.saved.can_continue
        self.btn_continue.setVisible(can)
        self.btn_continue.setEnabled(can and self.controller.state == "idle" and not self._blocked)

    # -- settings between launches (the trainer tab's "experiment" group) ----------------------
    def save_settings(self, settings: QSettings) -> None:
        """The variants, the seed count and the experiment on show, for the next launch."""
        settings.setValue("variant_a", str(self.variant_a.currentData()))
        settings.setValue("variant_b", str(self.variant_b.currentData()))
        settings.setValue("seeds", self.seeds.value())
        settings.setValue("last", self.result.path if self.result is not None else "")

    def restore_settings(self, settings: QSettings) -> None:
        """Garbage falls back to the defaults; the last experiment shown (else the newest)
        reopens."""
        for combo, key, default in ((self.variant_a, "variant_a", "swiglu"),
                                    (self.variant_b, "variant_b", "gelu")):
            combo.setCurrentIndex(combo.findData(settings_choice(settings, key, default,
                                                                 FFN_VARIANTS)))
        self.seeds.setValue(settings_int(settings, "seeds", 3, self.seeds.minimum(),
                                         self.seeds.maximum()))
        last = settings.value("last", "")
        self.open_remembered(last if isinstance(last, str) else "")  # or a newer unfinished one
