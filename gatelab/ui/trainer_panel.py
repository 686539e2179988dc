"""The "Live trainer" tab: configure a small transformer, train it, and watch its gates live.

The panel only wires parts together (trainer_layout places them): the form (trainer_controls)
produces a validated TrainConfig, a worker thread (trainer_worker) pulls snapshots from the engine
and hands plain rows to the plots (trainer_plots) at ≈10 Hz, the runs list (runs_view) replays and
resumes saved runs (the panel's side of that is trainer_saved), and the experiment view
(experiment_view) compares variants over seeds. The GUI thread never touches a tensor; every
engine call goes through trainer_jobs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QShortcut, QShowEvent
from PySide6.QtWidgets import QTabWidget, QWidget

from gatelab.core.trainconfig import LayerStats, TrainConfig
from gatelab.ui.experiment_view import ExperimentView
from gatelab.ui.messages import message_text
from gatelab.ui.qt_cycles import without_traceback
from gatelab.ui.runs_view import RunsView
from gatelab.ui.trainer_clock import ActiveClock
from gatelab.ui.trainer_controls import TrainerControls
from gatelab.ui.trainer_error_line import ErrorLine
from gatelab.ui.trainer_gate_pairs import GatePairs, pairs_label  # noqa: F401 (pairs_label: tests)
from gatelab.ui.trainer_hold import refuse_resume, restore_form
from gatelab.ui.trainer_jobs import device_choices, new_run_folder, training_iter, warm_up
from gatelab.ui.trainer_layout import lay_out
from gatelab.ui.trainer_live import START_KEY, LiveView, RunBar
from gatelab.ui.trainer_jobs import remove_if_empty
from gatelab.ui.trainer_saved import SavedRuns
from gatelab.ui.trainer_state import apply_panel_state, panel_state
from gatelab.ui.trainer_worker import (
    BackgroundCalls,
    FinalSample,
    Outcome,
    Progress,
    TrainingController,
    snapshot_job,
)

class TrainerPanel(SavedRuns, ErrorLine, GatePairs, QWidget):
    """The trainer tab; implements the panel protocol of ``gatelab.ui.tabs``."""

    status_changed = Signal(str)
    _resuming = False  # the run on the bar was launched by Resume
    # (numpy [m, 2] of (g, u), label, variant) for the gate plane; the label is a function
    # giving it in the current language, so the plane can say it again after a language switch;
    # the variant the run trains, so the plane can say when its maps show another
    gate_pairs_changed = Signal(object, object, str, int)
    # a saved run to look at: "finished" or "stopped" (a run ended, trained) or "replay" (one
    # was opened); a Try-this "train a run first" line goes by it (lesson_types.Needs)
    run_saved = Signal(str)
    # the window's settings should be written now: a run began or ended, so the "training at
    # exit" pointer is right even if the app is killed before the next 20 s autosave
    settings_save_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controls = TrainerControls()
        self.bar = RunBar()
        self.live = LiveView()
        self.plots = self.live.plots
        self.runs = RunsView()
        self.experiment = ExperimentView(self.controls)
        self.controller = TrainingController(self)
        self._calls = BackgroundCalls(self)
        self.run_state = "idle"  # idle, running, paused, stopping, finished, stopped, error
        self.run_dir = ""
        self.error_text = ""
        self._clock = ActiveClock()  # training time without pauses, for the ETA
        self._first_step: int | None = None
        self._stats: LayerStats | None = None
        self._stats_step = 0
        self._final_sample = False
        self._pairs_sent = 0.0
        self._activated = False
        self._shut = False
        self._checkpoint_interval = 0
        self._variant = ""  # FFN variant of the run whose statistics are shown
        # renderers of the error line and the live page's title in the current language; they
        # take the panel as an argument: a closure over self would make a reference cycle that
        # Python's GC may free on a training thread, where destroying Qt objects deadlocks
        self._error_fn: Callable[[TrainerPanel], str] = lambda self: ""
        self._notice = False  # the error line holds a notice: a refusal, nothing failed
        self._title_fn: Callable[[TrainerPanel], str] = lambda self: ""
        self._label_kind = "idle"  # what the state line under the bar says (_state_label)
        self._kind_before = "idle"  # ... before an experiment took the bar
        self._shown_id = 0  # counts what the live page showed: a late sample must match it
        self._start_error = ""

        self.views = QTabWidget()
        self.views.addTab(self.live, "")
        self.views.addTab(self.runs, "")
        self.views.addTab(self.experiment, "")
        lay_out(self, self.controls, self.bar, self.views)

        self.bar.btn_start.clicked.connect(self.start)
        self.live.btn_intro_start.clicked.connect(self.start)
        self.bar.btn_pause.clicked.connect(self.toggle_pause)
        self.bar.btn_stop.clicked.connect(self.stop)
        self.live.btn_sample.clicked.connect(self.request_sample)
        self.live.layer.valueChanged.connect(lambda _v: self._send_gate_pairs(force=True))
        self.controller.progress_reported.connect(self._on_progress)
        self.controller.job_finished.connect(self._on_done)
        self.controller.state_changed.connect(self._on_controller_state)
        self.controls.config_changed.connect(self._update_buttons)
        self.controls.config_changed.connect(self._clear_start_error)
        self.controls.config_changed.connect(self._clear_notice)
        self.controls.config_changed.connect(self._explain_form)  # why Start is off, in view
        self.bar.device_name = self.controls.device_name  # "CPU (2 threads)", not "cpu"
        self._calls.call_finished.connect(self._on_call_result)
        self.runs.open_requested.connect(self.open_run)
        self.runs.resume_requested.connect(self.resume_run)
        self.runs.deleted.connect(self._on_run_deleted)
        self.runs.open_experiment_requested.connect(self.open_experiment)
        self.runs.status_changed.connect(self.status_changed)
        self.runs.refreshed.connect(self._recheck_busy_notice)
        self.experiment.status_changed.connect(self.status_changed)
        self.experiment.busy_changed.connect(self._on_experiment_busy)
        self.experiment.runs_changed.connect(self.runs.refresh)
        # Start's shortcut while the form stops Start (a disabled button ignores its own): says
        # why, beside Start, and shows the field
        self._explain_key = QShortcut(START_KEY, self.bar)
        self._explain_key.activated.connect(self.start)
        self._retranslate_own()
        self._update_buttons()

    # -- panel protocol ------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Every visible string in the current language; readouts re-rendered from the state."""
        shown = self._error_fn, self._notice  # the form says config_changed: no edit, kept
        self.controls.retranslate()
        self.bar.retranslate()
        self.live.retranslate()
        self.runs.retranslate()
        self.experiment.retranslate()
        self._error_fn, self._notice = shown
        self._retranslate_own()

    def _retranslate_own(self) -> None:
        self.views.setTabText(0, self.tr("Live plots"))
        self.views.setTabText(1, self.tr("Runs"))
        self.views.setTabText(2, self.tr("Experiment: variant vs variant"))
        self.views.setTabToolTip(0, self.tr("Loss, gates, MLP share and speed, live or replayed"))
        self.views.setTabToolTip(1, self.tr("Every saved run: replay, resume, delete"))
        self.views.setTabToolTip(2, self.tr("SwiGLU vs GELU at equal parameters, over several "
                                            "seeds, with a noise floor"))
        self.live.title.setText(self._title_fn(self))
        self.bar.set_state(self._state_label())
        was_start_error = bool(self._start_error) and self._start_error == self.error_text
        self.error_text = self._error_fn(self)
        self.bar.set_error(self.error_text, notice=self._notice)
        if was_start_error:
            self._start_error = self.error_text
        self._update_buttons()

    def set_panel_lookup(self, lookup: Callable[[str], QWidget | None]) -> None:
        """Unused: the trainer reads no other tab (the window routes its gate pairs). Not kept,
        since holding the window's lookup would tie the panel into a reference cycle."""

    def state(self) -> dict[str, Any]:
        return panel_state(self)

    def apply_state(self, state: Mapping[str, Any]) -> None:
        apply_panel_state(self, state)

    def lesson(self) -> Any:
        from gatelab.ui.trainer_lesson import trainer_lesson

        return trainer_lesson(self)

    # -- lifecycle -----------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self.activate()

    def activate(self) -> None:
        """First time the tab is shown: read the corpus and detect devices off the GUI thread
        (both import torch, a second or two), then list the runs. torch's optimizer is warmed up
        alongside, so the first Start trains at once and a Stop or close right after it is
        prompt (see ``optim.warm_up``)."""
        if self._activated:
            return
        self._activated = True
        self.controls.corpus.activate()
        self._calls.submit("devices", device_choices)
        self._calls.submit("warm", warm_up)

    def shutdown(self) -> None:
        """Stop training and every helper thread, waiting for them; idempotent."""
        if self._shut:
            return
        self._shut = True
        self.controller.shutdown()
        self.experiment.shutdown()
        self._cancel_sample()  # a sample being written stops at its next character
        self._calls.join()
        self.runs.shutdown()
        self.controls.corpus.shutdown()

    # -- actions -------------------------------------------------------------------------------
    def start(self) -> bool:
        """Validate the form and start a new run; False (with the message shown) if invalid."""
        if self.controller.is_busy() or self.experiment.is_busy():
            return False
        try:
            cfg = self.controls.config()
        except ValueError as exc:
            err = without_traceback(exc)  # kept: re-rendered on a language switch (qt_cycles)
            self._show_error(lambda self: self.tr("Not started: {0}").format(message_text(err)))
            self._start_error = self.error_text
            self.controls.reveal_error()  # the message and its field on screen, the field focused
            return False
        if self.controls.corpus.error:  # worded as the corpus box says it, in the language
            why = self.controls.corpus.error_line() or self.controls.corpus.error
            self._show_error(lambda self: self.tr("Not started: {0}").format(
                self.controls.corpus.error_line() or why))
            self._start_error = self.error_text
            return False
        try:
            run_dir = new_run_folder()
        except OSError as exc:  # e.g. the runs folder is read-only or the disk is full
            self._clear_run_view()
            self.bar.begin(cfg.steps)  # nothing of an earlier run stays on the bar
            self.bar.end("error")
            err = without_traceback(exc)  # kept: re-rendered on a language switch (qt_cycles)
            self._show_error(lambda self: self.tr("Not started: cannot create a run folder: {0}")
                             .format(message_text(err)))
            return False
        self._launch(cfg, run_dir, resume=False)
        return True

    def toggle_pause(self) -> None:
        if self.controller.state == "running":
            self.controller.pause()
        elif self.controller.state == "paused":
            self.controller.resume()

    def stop(self) -> None:
        self.controller.stop()

    # -- private -------------------------------------------------------------------------------
    def _launch(self, cfg: TrainConfig, run_dir: str, resume: bool, keep_plots: bool = False
                ) -> None:
        self._clear_run_view()  # no error, sample or progress of an earlier run stays
        self.run_dir, self._resuming = run_dir, resume
        self._checkpoint_interval = cfg.checkpoint_interval
        self._variant = cfg.variant
        if not keep_plots:
            self.plots.clear(cfg.steps)
        name = run_dir.rsplit("/", 1)[-1]
        self._show_title(lambda self: self.tr("Run {0}").format(name))
        self.views.setCurrentWidget(self.live)
        # the window's line ("Opened run …" of a replay) is older than this run: its header
        # says it, so the status bar drops the old line rather than repeat it
        self.status_changed.emit(self.tr("Run {0}").format(name))
        self.bar.begin(cfg.steps)
        self.controller.start(snapshot_job(training_iter(cfg, run_dir, resume), final_sample=True))
        self.runs.set_busy(True)

    def _clear_run_view(self) -> None:
        """Forget what the bar, error line and sample box said about an earlier run."""
        self._show_error(lambda self: "")
        self._start_error = ""
        self._stats, self._first_step = None, None
        self._final_sample = False  # the last step is done and the run writes its sample
        self._clock.reset()
        self.live.set_sample("")
        self._shown_id += 1

    def _show_title(self, render: Callable[[TrainerPanel], str]) -> None:
        self._title_fn = render
        self.live.show_plots(render(self))

    def _on_progress(self, progress: Progress) -> None:
        self.plots.add_rows(progress.rows)
        if isinstance(progress.extra, FinalSample):  # the last step is done; its sample is next
            self.bar.show_final_sample(progress.extra.step, progress.extra.total)
            self._note_sample(lambda self: self.tr(
                "Trained: writing a sample from the finished model…"))
            self._final_sample = True  # Pause and Stop cannot act on it: off until the end
            self._update_buttons()
        snap = progress.latest
        if snap is None:
            return
        if self._first_step is None:
            self._first_step, self._held = snap.step, None  # it trains: no refusal to undo
            self._clock.start()  # model building and the first step are not steady speed
            self.status_changed.emit(self.tr("Training on {0}").format(
                self.controls.device_name(snap.device) or "?"))
            self.runs.refresh()  # its run.json exists now: the list shows it running
            self.settings_save_requested.emit()  # a kill from now on is named at the next launch
        self.bar.show_progress(snap.step, snap.steps_total, snap.tokens_per_s,
                               self._clock.elapsed(), snap.step - self._first_step, snap.device,
                               snap.tokens_seen)
        if progress.stats is not None:
            self._stats, self._stats_step = progress.stats, snap.step
            self._send_gate_pairs()
        if snap.sample:  # under the header its replay shows (samples.txt's)
            self.live.set_step_sample(snap.step, snap.sample)

    def _on_done(self, outcome: Outcome) -> None:
        held, self._held = self._held, None
        if outcome.refused and held is not None and self._first_step is None:
            return refuse_resume(self, held, outcome.message)  # nothing trained, nothing failed
        self.plots.redraw_now()
        self.run_state = outcome.status
        if outcome.status == "error":
            # refused before its first step (the run trains elsewhere, the corpus is gone, the
            # model does not fit): it started nothing, and says so as Start and Resume do
            why, resuming = outcome.message, self._resuming
            unstarted = self._first_step is None
            if unstarted and resuming and held is not None:
                restore_form(self, held)  # nothing resumed: the user's form, not the run's
            self._show_error(lambda self: (
                self.tr("The run ended with an error: {0}") if not unstarted
                else self.tr("Could not resume: {0}") if resuming
                else self.tr("Not started: {0}")).format(why))
            remove_if_empty(self.run_dir)  # failed before writing anything (e.g. bad corpus)
        else:
            self._show_error(lambda self: "")  # e.g. an unreadable replay tried during the run
        self.bar.end(outcome.status)  # the bar says how it ended, once: no second state word
        self._sample_at_end(outcome.status)
        self._clock.reset()
        self._set_state_label("ended")
        self._send_gate_pairs(force=True)
        self.runs.set_busy(False)
        self.runs.refresh(select=outcome.run_dir or "")
        self.settings_save_requested.emit()  # it no longer trains: no notice at the next launch
        if outcome.status != "error":  # (an error went to the status bar already)
            self.status_changed.emit(self.tr("Run {0} saved: replay or resume it under Runs")
                                     .format(self.run_dir.rsplit("/", 1)[-1]))
            if self._first_step is not None:
                self.run_saved.emit(outcome.status)
        self._update_buttons()

    def _on_controller_state(self, state: str) -> None:
        if state != "idle":
            self.run_state = state
            self._set_state_label(state)
        if state == "paused":
            self._clock.pause()
            self.bar.set_paused(True)
        elif state == "running":
            self._clock.resume()
            self.bar.set_paused(False)
        elif state == "stopping":
            self._clock.pause()
            self.bar.show_stopping()
        self._update_buttons()

    def _on_experiment_busy(self, busy: bool) -> None:
        """An experiment trains in its own view: meanwhile the bar says so, then it describes
        the live page again (the run or replay still shown there, not "not started")."""
        if busy:
            self._show_error(lambda self: "")
            if self._label_kind != "experiment":  # (said again on running → stopping)
                self._kind_before = self._label_kind
            self.bar.show_experiment()
            self._set_state_label("experiment")
        else:
            self.bar.end_experiment()
            if self._label_kind == "experiment":  # (a replay opened meanwhile says "Replay")
                self._set_state_label(self._kind_before)
            self.runs.refresh()  # the experiment's runs belong in the list now
        self._update_buttons()

    def _set_state_label(self, kind: str) -> None:
        self._label_kind = kind
        self.bar.set_state(self._state_label())

    def _state_label(self) -> str:
        """The line under the progress bar; empty when idle (the window's status bar already
        says "Ready", and the bar "not started") and once a run ended (the bar says how)."""
        return {"running": self.tr("Running"), "paused": self.tr("Paused"),
                "stopping": self.tr("Stopping…"), "replay": self.tr("Replay"),
                "experiment": self.tr("Experiment running")}.get(self._label_kind, "")

    def _update_buttons(self) -> None:
        state = self.controller.state
        busy = self.controller.is_busy() or self.experiment.is_busy()
        valid = not self.controls.validation_error()
        self.bar.btn_start.setEnabled(not busy and valid)
        self._explain_key.setEnabled(not busy and not valid)
        self.live.btn_intro_start.setEnabled(not busy and valid)
        live = state in ("running", "paused") and not self._final_sample
        self.bar.btn_pause.setEnabled(live)
        self.bar.set_pause_label(state == "paused")
        self.bar.btn_stop.setEnabled(live)
        self.live.btn_sample.setEnabled(bool(self.run_dir))
        self.experiment.set_blocked(self.controller.is_busy())

