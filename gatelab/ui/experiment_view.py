"""Experiment mode: is variant A better than variant B at equal parameters, beyond the noise?

One run proves nothing: two seeds of the same config already differ. So the experiment trains
every variant with N seeds, one after another (in a worker thread, the same one the live trainer
uses), draws each variant's mean loss curve with a ± std band, and reports the difference of the
final validation losses against the noise floor (3σ of same-config reruns), with a verdict. The
statistics come from the engine's ``run_experiment``; this view only shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gatelab.core.trainconfig import FFN_VARIANTS
from gatelab.ui.experiment_draw import (
    ResultTable,
    clear_chart,
    draw_variants,
    num,
    show_values,
    verdict_text,
)
from gatelab.ui.experiment_jobs import (
    SavedExperiment,
    load_remembered,
    load_saved_experiment,
)
from gatelab.ui.experiment_saved import SavedExperiments
from gatelab.ui.messages import message_text
from gatelab.ui.qt_cycles import without_traceback
from gatelab.ui.elide import FitCombo, before_formula
from gatelab.ui.plot_card import PlotCard
from gatelab.ui.progress_bar import OneLineProgressBar
from gatelab.ui.trainer_controls import variant_label
from gatelab.ui.experiment_data import (
    ExperimentPartial,
    ExperimentProgress,
    ExperimentSummary,
    experiment_job,
)
from gatelab.ui.trainer_worker import BackgroundCalls, Outcome, Progress, TrainingController
from gatelab.ui.vscroll import FillColumn, VerticalScroll
from gatelab.ui.variant_names import variant_name


class ExperimentView(SavedExperiments, QWidget):
    status_changed = Signal(str)
    busy_changed = Signal(bool)
    runs_changed = Signal()  # a run of the experiment began or ended: the runs list is stale

    def __init__(self, controls: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controls = controls  # TrainerControls: the model and training settings to use
        self.controller = TrainingController(self)
        self._calls = BackgroundCalls(self)  # reopening a saved experiment reads a file
        self._calls.call_finished.connect(self._on_loaded)
        self._blocked = False
        self._run_index = -1  # the run the progress is about, to notice the next one begin
        self.result: ExperimentSummary | None = None
        self.error_text = ""
        self.saved: SavedExperiment | None = None  # the reopened experiment on show, if any
        self._partial: tuple[int, int] | None = None  # (runs done, of) while incomplete
        self._n_runs, self._steps = 0, 0  # runs of the experiment training now, steps of each

        # long formula labels must not widen the tab; a narrow box shows the name before the
        # formula, or the label cut with "…" (they were cut mid-glyph at 1024 px, s16)
        self.variant_a = FitCombo(least_chars=12, short=before_formula)
        self.variant_b = FitCombo(least_chars=12, short=before_formula)
        for combo, default in ((self.variant_a, "swiglu"), (self.variant_b, "gelu")):
            for name in FFN_VARIANTS:
                combo.addItem(name, name)
            combo.setCurrentIndex(combo.findData(default))
        self.seeds = QSpinBox()
        self.seeds.setRange(2, 20)
        self.seeds.setValue(3)
        # a typed 1 becomes 2, the least (it went back to 3 without a word; walkthrough s20)
        self.seeds.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
        self.btn_run = QPushButton()
        self.btn_continue = QPushButton()  # shown for a saved experiment that can be finished
        self.btn_continue.hide()
        self.btn_stop = QPushButton()
        self.progress = OneLineProgressBar()  # Fusion wrapped a long text, cut in two
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        # renderers of the progress text and the message, called with the view (no closure over
        # self: a reference cycle could be freed by the GC on a training thread and deadlock)
        self._progress_fn: Callable[[ExperimentView], str] = lambda self: self.tr("not started")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self._message_fn: Callable[[ExperimentView], str] = lambda self: self.tr(
            "Trains both variants at equal FFN parameters (gated m matched to classic 4·d, or to "
            "the form's intermediate width for the first variant) with several seeds, using the "
            "other settings on the left. Tip: a few hundred steps on the generated text take a "
            "minute or two on a CPU.")

        # a one-line title and the legend under the plot, as on the trainer's cards: the title
        # wrapped onto three lines beside an empty readout, and the legend in the plot's corner
        # covered a high mean's error bar at 1024×768 (walkthrough s23)
        self.curves = PlotCard("", one_line=True)
        self.curves.add_fitted_legend()
        self._items: list[pg.GraphicsObject] = []
        show_values(self.curves, False)  # (numbers come with the first curve)

        self.table = ResultTable()

        row = QHBoxLayout()  # two rows, so the tab fits a 1000-pixel window
        self._compare, self._with = QLabel(), QLabel()
        row.addWidget(self._compare)
        row.addWidget(self.variant_a, 1)
        row.addWidget(self._with)
        row.addWidget(self.variant_b, 1)
        actions = QHBoxLayout()
        actions.addWidget(self.seeds)
        actions.addStretch(1)
        actions.addWidget(self.btn_run)
        actions.addWidget(self.btn_stop)
        # a row of its own (empty, so no space, while hidden): beside Run and Stop it widened the
        # view by 150 px, and at 1024 px the "Try this" card lost its room (walkthrough s20 D1)
        more = QHBoxLayout()
        more.addStretch(1)
        more.addWidget(self.btn_continue)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addLayout(actions)
        layout.addLayout(more)
        layout.addWidget(self.message)
        layout.addWidget(self.progress)
        # the curves and the table scroll in a short window, under the controls and the
        # progress bar: the curves (176 px at least) over the table (all its rows, 175 px) made
        # the tab 519 px tall at least and the window 594, more than a 960×540 screen (200 %)
        # holds (walkthrough s21 #6)
        results = QWidget()
        column = FillColumn(results)  # the curves take the height the table leaves
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.curves, 1)
        column.addWidget(self.table)
        self.scroll = VerticalScroll(results)
        layout.addWidget(self.scroll, 1)

        self.btn_run.clicked.connect(self.run)
        self.btn_continue.clicked.connect(self.continue_saved)
        self.btn_stop.clicked.connect(self.controller.stop)
        self.controller.progress_reported.connect(self._on_progress)
        self.controller.job_finished.connect(self._on_done)
        self.controller.state_changed.connect(self._on_state)
        self._on_state("idle")
        self.retranslate()

    def retranslate(self) -> None:
        """Every text of the view, the dynamic ones re-rendered, in the current language."""
        self.variant_a.setToolTip(self.tr("First FFN variant"))
        self.variant_b.setToolTip(self.tr("Second FFN variant"))
        for combo in (self.variant_a, self.variant_b):
            for i in range(combo.count()):
                combo.setItemText(i, variant_label(str(combo.itemData(i))))
        self.seeds.setPrefix(self.tr("seeds: "))
        self.seeds.setToolTip(self.tr("Runs per variant, 2 to 20: the spread across seeds is the "
                                      "noise, and one run has no spread"))
        self.btn_run.setText(self.tr("▶ Run experiment"))
        self.btn_run.setToolTip(self.tr("Train every variant with every seed, one after another, "
                                        "using the model and training settings on the left"))
        self.btn_continue.setText(self.tr("▶ Continue experiment"))
        self.btn_continue.setToolTip(self.tr(
            "Finish the experiment on show in its own folder: train only its missing and "
            "unfinished runs (an interrupted run resumes from its checkpoint) with the "
            "experiment's own settings and step count, keep its finished runs, then give the "
            "verdict"))
        self.btn_stop.setText(self.tr("■ Stop"))
        self._compare.setText(self.tr("Compare"))
        self._with.setText(self.tr("with"))
        self.curves.set_title(self.tr("Validation loss: mean ± std over seeds"), self.tr(
            "Each band spans mean − std … mean + std of the seeds' curves"))
        self.curves.plot.setLabel("bottom", self.tr("step"))
        self.curves.plot.setLabel("left", self.tr("val loss"))
        self.curves.set_hover_x_label(self.tr("step"))
        self.curves.retranslate()
        self.table.setHorizontalHeaderLabels([self.tr("Quantity"), self.tr("Value")])
        self._set_progress(self._progress_fn)
        self.message.setText(self._message_fn(self))
        if self.result is not None and self.table.rowCount():
            self._fill_table(self.result)

    def is_busy(self) -> bool:
        return self.controller.is_busy()

    def set_blocked(self, blocked: bool) -> None:
        """While the live trainer runs, an experiment cannot start (one job at a time)."""
        self._blocked = blocked
        self.btn_run.setEnabled(self.controller.state == "idle" and not blocked)
        self._update_continue()

    def shutdown(self) -> None:
        self.controller.shutdown()
        self._calls.join()

    def open_experiment(self, path: str) -> bool:
        """Show a saved experiment (an exp-… folder) as it was: curves, table and verdict. The
        file is read off the GUI thread; a broken one shows its message here. False while an
        experiment is training (its result must not be replaced under it)."""
        if self.controller.is_busy():
            return False
        self._set_message(lambda self: self.tr("Opening experiment {0}…").format(Path(path).name))
        self._calls.submit("open", lambda: load_saved_experiment(path))
        return True

    def open_latest(self) -> None:
        """Show the newest saved experiment, if any (e.g. one made by gatelab-experiment)."""
        self.open_remembered("")

    def open_remembered(self, last: str) -> None:
        """At launch: the experiment shown last time, or a newer unfinished one (see
        ``experiment_jobs.load_remembered``)."""
        self._calls.submit("open", lambda: load_remembered(last))

    def run(self) -> bool:
        """Start the experiment with the form's settings; False (message shown) if invalid."""
        if self.controller.is_busy() or self._blocked:
            return False
        try:
            cfg = self._controls.config()
        except ValueError as exc:
            err = without_traceback(exc)  # kept (a language switch renders it again): its
            # traceback's frames would hold this view in a cycle (ui/qt_cycles)
            self._set_message(lambda self: self.tr("Not started: {0}").format(message_text(err)),
                              error=True)
            return False
        variants = [str(self.variant_a.currentData()), str(self.variant_b.currentData())]
        if variants[0] == variants[1]:
            self._set_message(lambda self: self.tr("Not started: pick two different variants"),
                              error=True)
            return False
        seeds = [cfg.seed + i for i in range(self.seeds.value())]
        self.result, self._run_index, self.saved, self._partial = None, -1, None, None
        self._n_runs, self._steps = len(variants) * len(seeds), cfg.steps
        self._update_continue()
        self.error_text = ""
        self._clear_result()
        self.progress.setRange(0, len(variants) * len(seeds) * cfg.steps)
        self.progress.setValue(0)
        self._set_progress(lambda self: self.tr("starting…"))
        n_runs = len(variants) * len(seeds)
        self._set_message(lambda self: self.tr("Training {0} runs…").format(n_runs))
        self.controller.start(experiment_job(variants, seeds, cfg))
        return True

    # -- private -------------------------------------------------------------------------------
    def _set_progress(self, render: Callable[[ExperimentView], str]) -> None:
        self._progress_fn = render
        self.progress.setFormat(render(self))
        self.progress.setToolTip(self.progress.whole_text())  # whole, where the bar cuts it

    def _set_message(self, text: str | Callable[[ExperimentView], str], error: bool = False
                     ) -> None:
        """``text`` or a function rendering it (re-run after a language switch)."""
        self._message_fn = text if callable(text) else (lambda _view: text)
        text = self._message_fn(self)
        if error:
            self.error_text = text
        self.message.setText(text)
        self.message.setStyleSheet("color: #b00020; font-weight: bold;" if error else "")

    def _on_state(self, state: str) -> None:
        busy = state != "idle"
        self.btn_run.setEnabled(not busy and not self._blocked)
        self.btn_stop.setEnabled(state in ("running", "paused"))
        self._update_continue()
        for w in (self.variant_a, self.variant_b, self.seeds):
            w.setEnabled(not busy)
        self.busy_changed.emit(busy)

    def _on_progress(self, progress: Progress) -> None:
        extra = progress.extra
        if isinstance(extra, ExperimentPartial):
            self._show_partial(extra)
        if not isinstance(extra, ExperimentProgress):
            return
        if extra.run_index != self._run_index:  # its folder now exists: list it
            self._run_index = extra.run_index
            self.runs_changed.emit()
        self.progress.setValue(min(extra.done_steps, self.progress.maximum()))
        self._set_progress(lambda self: self.tr("run {0} of {1}: {2}, seed {3} · step {4}")
                                .format(extra.run_index + 1, extra.n_runs, variant_name(extra.variant),
                                        extra.seed, extra.step))

    def _show_partial(self, partial: ExperimentPartial) -> None:
        """The finished runs' results while the others train (the verdict may still change)."""
        self.result = partial.summary
        self._partial = (partial.runs_done, partial.n_runs)
        self._show_result(partial.summary)
        self._set_message(lambda self: self.tr(
            "Training {0} runs… {1} finished so far: their results are below; the verdict may "
            "change as the others finish.").format(partial.n_runs, partial.runs_done))
        self.runs_changed.emit()

    def _on_done(self, outcome: Outcome) -> None:
        self.runs_changed.emit()
        if outcome.status == "error":
            self._set_progress(lambda self: self.tr("failed ({0} of {1} steps)").format(
                self.progress.value(), self.progress.maximum()))
            self._set_message(lambda self: self.tr("The experiment stopped with an error: {0}")
                              .format(outcome.message), error=True)
            return
        if outcome.status == "stopped" or not isinstance(outcome.result, ExperimentSummary):
            self._on_stopped(outcome.result)
            return
        self.result, self._partial = outcome.result, None
        self.progress.setValue(self.progress.maximum())
        self._set_progress(lambda self: self.tr("done"))
        self._show_result(outcome.result)
        verdict = outcome.result.verdict
        self._set_message(lambda self: self.tr("Verdict: {0}").format(verdict_text(verdict)))
        self.status_changed.emit(self.tr("Experiment: {0}").format(verdict_text(verdict)))

    def _on_stopped(self, result: object) -> None:
        """Keep the finished runs' results on show, as gatelab-experiment prints them on Ctrl-C."""
        self._set_progress(lambda self: self.tr("stopped ({0} of {1} steps)").format(
            self.progress.value(), self.progress.maximum()))
        summary = result if isinstance(result, ExperimentSummary) else None
        done = sum(v.n for v in summary.variants) if summary is not None else 0
        total = self._n_runs
        if summary is not None:  # experiment.json says "stopped": it can be finished later
            self.saved = SavedExperiment(summary, done, total, self._steps, done < total)
        if summary is not None and done:
            self.result, self._partial = summary, (done, total)
            self._show_result(summary)
            self._set_message(lambda self: self.tr(
                "Experiment stopped with {0} of {1} runs finished: their results are shown, "
                "which is not a verdict yet{2}. Every run is kept in Runs, and Continue "
                "experiment finishes the rest in the same folder.").format(
                done, total, self._so_far(summary.verdict)))
        else:
            self._set_message(lambda self: self.tr(
                "Experiment stopped before its first run finished; it is kept in Runs."))
        self._update_continue()
        self.status_changed.emit(self.tr("Experiment stopped: {0} of {1} runs finished")
                                 .format(done, total))

    def _so_far(self, verdict: object) -> str:
        """" (so far: …)" after a partial result, or "" where the verdict so far only says
        that it has none ("none yet: 1 of 4 runs finished (so far: none yet: …)"; re-walk s20)."""
        if getattr(verdict, "key", "") == "verdict.need_two":
            return ""
        return self.tr(" (so far: {0})").format(verdict_text(verdict))

    def _clear_result(self) -> None:
        clear_chart(self.curves, self._items)
        self.table.setRowCount(0)

    def _show_result(self, res: ExperimentSummary) -> None:
        """Draw mean ± std bands per variant and fill the table (a new result: new items)."""
        self._clear_result()
        self._items = draw_variants(self.curves, res.variants)
        self._fill_table(res)

    def _fill_table(self, res: ExperimentSummary) -> None:
        rows: list[tuple[str, str]] = []
        for var in res.variants:  # (the model's size is known once its first run started)
            label = (self.tr("{0}: final val loss (m = {1}, {2:,} params)") if var.n_params
                     else self.tr("{0}: final val loss (m = {1})"))
            rows.append((label.format(variant_name(var.name), var.intermediate, var.n_params),
                         "{0} ± {1}  (n = {2})".format(num(var.final_mean),
                                                       num(var.final_std), var.n)))
        rows.append((self.tr("difference (runner-up − best)"), num(res.difference)))
        rows.append((self.tr("noise floor (3σ of reruns)"), num(res.noise_floor)))
        verdict = verdict_text(res.verdict)
        if self._partial is not None:  # not every run has finished: no verdict yet
            verdict = self.tr("none yet: {0} of {1} runs finished{2}").format(
                self._partial[0], self._partial[1], self._so_far(res.verdict))
        rows.append((self.tr("verdict"), verdict))
        self.table.setRowCount(len(rows))
        for r, (name, value) in enumerate(rows):
            self.table.setItem(r, 0, QTableWidgetItem(name))
            item = QTableWidgetItem(value)
            if r == len(rows) - 1:  # the verdict
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(r, 1, item)
        self.table.fit()
