"""The "Live trainer" tab: configure a small transformer, train it, and watch its gates live.

The panel only wires parts together: the form (trainer_controls) produces a validated
TrainConfig, a worker thread (trainer_worker) pulls snapshots from the engine and hands plain rows
to the plots (trainer_plots) at ≈10 Hz, the runs list (runs_view) replays and resumes saved runs,
and the experiment view (experiment_view) compares variants over seeds. The GUI thread never
touches a tensor; every engine call goes through trainer_engine.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gatelab.core.trainconfig import LayerStats, TrainConfig
from gatelab.ui.experiment_view import ExperimentView
from gatelab.ui.runs_view import RunsView
from gatelab.ui.trainer_controls import TrainerControls
from gatelab.ui.trainer_engine import (
    device_choices,
    load_run_record,
    new_run_folder,
    sample_from_run,
    stats_from_arrays,
    training_iter,
)
from gatelab.ui.trainer_live import ActiveClock, LiveView, RunBar
from gatelab.ui.trainer_worker import (
    BackgroundCalls,
    Outcome,
    Progress,
    TrainingController,
    snapshot_job,
)

if TYPE_CHECKING:  # core.runs imports torch; the tab imports it only when first needed
    from gatelab.core.runs import RunRecord

GATE_PAIRS_INTERVAL_S = 0.5  # the gate plane redraws a scatter: twice a second is plenty
REPLAY_POINTS = 20_000  # rows of a reopened run drawn (every validation row and the last kept)


class TrainerPanel(QWidget):
    status_changed = Signal(str)
    gate_pairs_changed = Signal(object, str)  # (numpy [m, 2] of (g, u), label) for the gate plane

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
        self._pairs_sent = 0.0
        self._activated = False
        self._shut = False
        self._checkpoint_interval = 0
        self._variant = ""  # FFN variant of the run whose statistics are shown

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(4, 4, 4, 4)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.controls)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        left_layout.addWidget(scroll, 1)
        left_layout.addWidget(self.bar)
        left.setMinimumWidth(380)
        left.setMaximumWidth(480)

        self.views = QTabWidget()
        self.views.addTab(self.live, self.tr("Live plots"))
        self.views.addTab(self.runs, self.tr("Runs"))
        self.views.addTab(self.experiment, self.tr("Experiment: variant vs variant"))
        self.views.setTabToolTip(1, self.tr("Every saved run: replay, resume, delete"))
        self.views.setTabToolTip(2, self.tr("SwiGLU vs GELU at equal parameters, over several "
                                            "seeds, with a noise floor"))
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.views)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([420, 980])
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

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
        self._calls.call_finished.connect(self._on_call_result)
        self.runs.open_requested.connect(self.open_run)
        self.runs.resume_requested.connect(self.resume_run)
        self.runs.open_experiment_requested.connect(self.open_experiment)
        self.runs.status_changed.connect(self.status_changed)
        self.experiment.status_changed.connect(self.status_changed)
        self.experiment.busy_changed.connect(self._on_experiment_busy)
        self._update_buttons()

    # -- lifecycle -----------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self.activate()

    def activate(self) -> None:
        """First time the tab is shown: read the corpus and detect devices off the GUI thread
        (both import torch, a second or two), then list the runs."""
        if self._activated:
            return
        self._activated = True
        self.controls.corpus.activate()
        self._calls.submit("devices", device_choices)

    def shutdown(self) -> None:
        """Stop training and every helper thread, waiting for them; idempotent."""
        if self._shut:
            return
        self._shut = True
        self.controller.shutdown()
        self.experiment.shutdown()
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
            self._show_error(self.tr("Not started: {0}").format(exc))
            self._start_error = self.error_text
            return False
        if self.controls.corpus.error:
            self._show_error(self.tr("Not started: {0}").format(self.controls.corpus.error))
            self._start_error = self.error_text
            return False
        try:
            run_dir = new_run_folder()
        except OSError as exc:  # e.g. the runs folder is read-only or the disk is full
            self.bar.begin(cfg.steps)  # nothing of an earlier run stays on the bar
            self.bar.end("error")
            self._show_error(self.tr("Not started: cannot create a run folder: {0}").format(exc))
            return False
        self._launch(cfg, run_dir, resume=False)
        return True

    def resume_run(self, path: str) -> bool:
        """Continue a saved run; its folder is read off the GUI thread, then training starts."""
        if self.controller.is_busy() or self.experiment.is_busy():
            return False
        self._read_run("resume", path)
        return True

    def _resume_record(self, record: RunRecord) -> None:
        if self.controller.is_busy() or self.experiment.is_busy():
            return
        self._report_warnings(record)
        # the run's own architecture; the form's Steps may extend it (the engine checks the rest)
        cfg = record.config.replace(steps=max(record.config.steps, self.controls.steps.value()))
        self.plots.set_rows(record.metrics, cfg.steps)
        self._launch(cfg, str(record.path), resume=True, keep_plots=True)

    def toggle_pause(self) -> None:
        if self.controller.state == "running":
            self.controller.pause()
        elif self.controller.state == "paused":
            self.controller.resume()

    def stop(self) -> None:
        self.controller.stop()

    def open_run(self, path: str) -> bool:
        """Replay a saved run: its curves from metrics.jsonl and its last layer statistics.

        The folder is read in a helper thread (a metrics.jsonl of hundreds of MB takes seconds)
        and downsampled to REPLAY_POINTS rows; ``_show_record`` draws it when it arrives."""
        self._read_run("open", path)
        return True

    def _read_run(self, tag: str, path: str) -> None:
        self.status_changed.emit(self.tr("Reading run {0}…").format(path))
        self._calls.submit(tag, lambda: load_run_record(path, REPLAY_POINTS))

    def _report_warnings(self, record: RunRecord) -> None:
        for warning in record.warnings:
            self.status_changed.emit(self.tr("Run read with a problem: {0}").format(warning))

    def _show_record(self, record: RunRecord) -> None:
        if self.controller.is_busy():  # a run is training: keep its live plots
            self.status_changed.emit(self.tr("Not replayed: stop the current run first"))
            return
        path = record.path
        self.plots.set_rows(record.metrics, record.config.steps)
        self.run_dir = str(path)
        self.error_text = ""  # the replay replaces whatever the bar said about the last run
        last_step = record.metrics[-1].get("step", 0) if record.metrics else 0
        self.bar.show_replay(last_step if isinstance(last_step, int) else 0, record.config.steps)
        self.bar.set_state(self.tr("Replay"))
        self._variant = record.config.variant
        self._stats = stats_from_arrays(record.stats)
        self._stats_step = record.metrics[-1].get("step", 0) if record.metrics else 0
        self.live.show_plots(self.tr("Replay of {0}").format(record.path.name))
        self.live.set_sample(record.samples[-2000:])
        self.views.setCurrentWidget(self.live)
        self._send_gate_pairs(force=True)
        self.status_changed.emit(self.tr("Opened run {0}").format(path))
        self._report_warnings(record)
        return True

    def open_experiment(self, path: str) -> bool:
        """Show a saved exp-… folder in the Experiment view, as an experiment."""
        if not self.experiment.open_experiment(path):
            return False
        self.views.setCurrentWidget(self.experiment)
        return True

    def request_sample(self) -> None:
        """Sample text from the latest checkpoint of the current run, off the GUI thread."""
        if not self.run_dir or self._calls.busy():
            return
        if not (Path(self.run_dir) / "ckpt.pt").is_file():
            self.live.set_sample(self.tr("No checkpoint yet: the run saves one at its first "
                                         "evaluation, every {0} steps, at least every minute "
                                         "and at its end.").format(self._checkpoint_interval))
            return
        self.live.set_sample(self.tr("Sampling from the latest checkpoint…"))
        run_dir = self.run_dir
        self._calls.submit("sample", lambda: (run_dir, sample_from_run(run_dir)))

    # -- private -------------------------------------------------------------------------------
    def _launch(self, cfg: TrainConfig, run_dir: str, resume: bool, keep_plots: bool = False
                ) -> None:
        self.run_dir = run_dir
        self._checkpoint_interval = cfg.checkpoint_interval
        self._variant = cfg.variant
        self.error_text = ""
        self.bar.set_error("")
        if not keep_plots:
            self.plots.clear(cfg.steps)
        self._stats, self._first_step = None, None
        self._clock.reset()
        self.live.show_plots(self.tr("Run {0}").format(run_dir.rsplit("/", 1)[-1]))
        self.live.set_sample("")  # the previous run's text must not pass for this one's
        self.views.setCurrentWidget(self.live)
        self.bar.begin(cfg.steps)
        self.controller.start(snapshot_job(training_iter(cfg, run_dir, resume)))
        self.runs.set_busy(True)

    def _on_progress(self, progress: Progress) -> None:
        self.plots.add_rows(progress.rows)
        snap = progress.latest
        if snap is None:
            return
        if self._first_step is None:
            self._first_step = snap.step
            self._clock.start()  # model building and the first step are not steady speed
            self.status_changed.emit(self.tr("Training on {0}").format(snap.device or "?"))
        self.bar.show_progress(snap.step, snap.steps_total, snap.tokens_per_s,
                               self._clock.elapsed(), snap.step - self._first_step, snap.device)
        if progress.stats is not None:
            self._stats, self._stats_step = progress.stats, snap.step
            self._send_gate_pairs()
        if snap.sample:
            self.live.set_sample(snap.sample)

    def _on_done(self, outcome: Outcome) -> None:
        self.plots.redraw_now()
        self.run_state = outcome.status
        if outcome.status == "error":
            self._show_error(self.tr("The run ended with an error: {0}").format(outcome.message))
            _remove_if_empty(self.run_dir)  # failed before writing anything (e.g. bad corpus)
        self.bar.end(outcome.status)
        self._clock.reset()
        self.bar.set_state(self._state_text(outcome.status))
        self._send_gate_pairs(force=True)
        self.runs.set_busy(False)
        self.runs.refresh(select=outcome.run_dir or "")
        self.status_changed.emit(self._state_text(outcome.status))
        self._update_buttons()

    def _on_controller_state(self, state: str) -> None:
        if state != "idle":
            self.run_state = state
            self.bar.set_state(self._state_text(state))
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
        """An experiment trains in its own view: this bar must not keep the last run's text."""
        if busy:
            self.error_text = ""
            self.bar.set_error("")
            self.bar.show_idle(self.tr("an experiment is training (see the Experiment view)"))
            self.bar.set_state(self.tr("Experiment running"))
        else:
            self.bar.show_idle(self.tr("not started"))
            self.bar.set_state(self._state_text("idle"))
            self.runs.refresh()  # the experiment's runs belong in the list now
        self._update_buttons()

    def _on_call_result(self, tag: str, result: object, error: str) -> None:
        if tag == "devices":
            self.controls.set_devices(list(result) if isinstance(result, list) else [])
            if not self.controller.is_busy():
                self.runs.refresh()
        elif tag in ("open", "resume"):
            if error:
                self._show_error(self.tr("Could not read the run: {0}").format(error))
            elif tag == "open":
                self._show_record(result)  # type: ignore[arg-type]
            else:
                self._resume_record(result)  # type: ignore[arg-type]
        elif tag == "sample":
            if error:
                self.live.set_sample(self.tr("No sample: {0}").format(error))
                return
            run_dir, text = result if isinstance(result, tuple) else ("", "")
            if run_dir == self.run_dir:  # a sample of an older run must not land in this one
                self.live.set_sample(str(text))

    def _send_gate_pairs(self, force: bool = False) -> None:
        stats = self._stats
        now = time.monotonic()
        if stats is None or (not force and now - self._pairs_sent < GATE_PAIRS_INTERVAL_S):
            return
        pairs = np.asarray(stats.gate_pairs)
        if pairs.ndim != 3 or pairs.shape[0] == 0:
            return
        self.live.layer.setMaximum(pairs.shape[0] - 1)
        layer = min(self.live.layer.value(), pairs.shape[0] - 1)
        self._pairs_sent = now
        self.gate_pairs_changed.emit(pairs[layer], self.tr("{0}, layer L{1}, step {2}")
                                 .format(self._variant, layer, self._stats_step))

    def _clear_start_error(self) -> None:
        """A "Not started" message goes once the form and the corpus are usable again."""
        start_error = getattr(self, "_start_error", "")
        if (start_error and self.error_text == start_error
                and not self.controls.validation_error() and not self.controls.corpus.error):
            self._start_error = self.error_text = ""
            self.bar.set_error("")

    def _show_error(self, text: str) -> None:
        self.error_text = text
        self.bar.set_error(text)
        self.status_changed.emit(text)

    def _state_text(self, state: str) -> str:
        return {"running": self.tr("Running"), "paused": self.tr("Paused"),
                "stopping": self.tr("Stopping…"), "finished": self.tr("Finished"),
                "stopped": self.tr("Stopped"), "error": self.tr("Error"),
                "idle": self.tr("Ready")}.get(state, state)

    def _update_buttons(self) -> None:
        state = self.controller.state
        busy = self.controller.is_busy() or self.experiment.is_busy()
        valid = not self.controls.validation_error()
        self.bar.btn_start.setEnabled(not busy and valid)
        self.live.btn_intro_start.setEnabled(not busy and valid)
        self.bar.btn_pause.setEnabled(state in ("running", "paused"))
        self.bar.btn_pause.setText(self.tr("Resume") if state == "paused" else self.tr("Pause"))
        self.bar.btn_stop.setEnabled(state in ("running", "paused"))
        self.live.btn_sample.setEnabled(bool(self.run_dir))
        self.experiment.set_blocked(self.controller.is_busy())

    # -- settings ------------------------------------------------------------------------------
    def save_settings(self, settings: QSettings) -> None:
        self.controls.save_settings(settings)
        settings.setValue("view", self.views.currentIndex())
        settings.beginGroup("experiment")
        try:
            self.experiment.save_settings(settings)
        finally:
            settings.endGroup()

    def restore_settings(self, settings: QSettings) -> None:
        self.controls.restore_settings(settings)
        try:
            index = int(settings.value("view", 0))
        except (TypeError, ValueError):
            index = 0
        if 0 <= index < self.views.count():
            self.views.setCurrentIndex(index)
        settings.beginGroup("experiment")
        try:
            self.experiment.restore_settings(settings)
        finally:
            settings.endGroup()


def _remove_if_empty(path: str) -> None:
    try:
        Path(path).rmdir()  # only succeeds on an empty folder
    except OSError:
        pass
