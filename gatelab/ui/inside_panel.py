"""The "Inside the model" tab: what each neuron fires on, the gates at a token, the MLP as a small
correction and attention sinks, for your own runs and for Hugging Face checkpoints on disk.

The panel only wires parts together. The source bar (inside_source) says what to trace; one
worker (inside_worker, running inside_jobs) loads the model once and traces the text once; the
resulting ``Trace`` goes into the shared selection (inside_state), and every view re-indexes it
when the learner picks a layer, neuron or token anywhere. Errors from bad sources are shown
inline in the bar; the tab stays usable. The live run is the trainer tab's current run, traced
from its latest checkpoint (a safe copy of the weights, never the tensors being trained).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gatelab.ui.inside_gates import GatesView
from gatelab.ui.inside_history import HistoryView
from gatelab.ui.inside_intro import IntroPage
from gatelab.ui.inside_jobs import (
    SOURCE_KINDS,
    ModelCache,
    SourceSpec,
    read_history,
    topk_task,
    trace_task,
)
from gatelab.ui.inside_mlp import MlpView
from gatelab.ui.inside_neuron import NeuronRankings, ShadedText
from gatelab.ui.inside_pickers import SelectionBar
from gatelab.ui.inside_sink import SinkView
from gatelab.ui.inside_source import DEVICES, DTYPES, SourceBar
from gatelab.ui.inside_state import InsideSelection
from gatelab.ui.inside_topk import TopKView
from gatelab.ui.inside_worker import TaskRunner
from gatelab.ui.trainer_worker import BackgroundCalls
from gatelab.ui.widgets import settings_choice, settings_int


class InsidePanel(QWidget):
    sig_status = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sel = InsideSelection(self)
        self.source = SourceBar(self)
        self.pickers = SelectionBar(self.sel, self)
        self.shaded = ShadedText(self.sel, self)
        self.rankings = NeuronRankings(self.sel, self)
        self.topk = TopKView(self)
        self.gates = GatesView(self.sel, self)
        self.mlp = MlpView(self.sel, self)
        self.sink = SinkView(self.sel, self)
        self.history = HistoryView(self.sel, self)
        self.runner = TaskRunner("model", self)
        self.files = BackgroundCalls(self)
        self.cache = ModelCache()
        self._spec: SourceSpec | None = None  # the source of the trace on show
        self._trying: SourceSpec | None = None  # the source being traced now
        self._pending_step: int | None = None
        self._history_req = 0  # only the newest history read may fill the history view
        self._lookup: Callable[[str], Any] = lambda _name: None
        self._shut = False
        self._live_timer = QTimer(self)  # the trainer may start a new run at any time
        self._live_timer.setInterval(1000)
        self._live_timer.timeout.connect(self._update_live_info)

        explorer = QWidget(self)
        ex = QHBoxLayout(explorer)
        ex.setContentsMargins(4, 4, 4, 4)
        ex.addWidget(self.rankings, 3)
        ex.addWidget(self.topk, 2)
        self.views = QTabWidget(self)
        for widget, title, tip in (
                (explorer, self.tr("Neuron explorer"),
                 self.tr("What does the picked neuron fire on? Rankings and top contexts")),
                (self.gates, self.tr("Gates at a token"),
                 self.tr("Every neuron's real (g, u) on the gate plane, coloured by |h|")),
                (self.mlp, self.tr("MLP as a small correction"),
                 self.tr("‖MLP out‖ / ‖layer out‖ per layer, and the residual norm")),
                (self.sink, self.tr("Attention sink"),
                 self.tr("Attention on the first token, per layer and head")),
                (self.history, self.tr("Training history"),
                 self.tr("A saved run's statistics, checkpoint by checkpoint"))):
            self.views.setTabToolTip(self.views.addTab(widget, title), tip)
        self.explorer = explorer
        line = QFrame(self)
        line.setFrameShape(QFrame.Shape.HLine)
        line.setStyleSheet("color: #ddd;")
        body = QWidget(self)
        bl = QVBoxLayout(body)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.setSpacing(4)
        bl.addWidget(self.pickers)
        bl.addWidget(self.shaded)
        bl.addWidget(self.views, 1)
        self.intro = IntroPage(self)
        self.intro.button.clicked.connect(self.analyse)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.intro)
        self.pages.addWidget(body)
        self.sel.trace_changed.connect(
            lambda: self.pages.setCurrentIndex(1 if self.sel.has_trace() else 0))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        lay.addWidget(self.source)
        lay.addWidget(line)
        lay.addWidget(self.pages, 1)

        self.source.analyse_requested.connect(self.analyse)
        self.source.cancel_requested.connect(self.runner.cancel)
        self.source.kind_changed.connect(self._on_kind)
        self.runner.sig_progress.connect(self._on_progress)
        self.runner.sig_finished.connect(self._on_finished)
        self.runner.busy_changed.connect(self._on_busy)
        self.files.call_finished.connect(self._on_file_result)
        self.topk.sig_find.connect(self.find_top_k)
        self.topk.sig_cancel.connect(self.runner.cancel)
        self.history.sig_step.connect(self.trace_step)
        self.sel.explore_requested.connect(lambda: self.views.setCurrentWidget(self.explorer))
        for signal in (self.sel.trace_changed, self.sel.layer_changed, self.sel.neuron_changed):
            signal.connect(self._update_topk_target)
        self._update_topk_target()

    # -- lifecycle -----------------------------------------------------------------------------
    def set_panel_lookup(self, lookup: Callable[[str], Any]) -> None:
        """The main window's way to the other tabs' panels (the trainer's live run)."""
        self._lookup = lookup
        self._update_live_info()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self._on_kind(self.source.kind_key())
        self.refresh_runs()  # a run may have finished in the trainer since the tab was last shown

    def shutdown(self) -> None:
        """Stop the worker (request stop, quit, wait) and the file readers; idempotent."""
        if self._shut:
            return
        self._shut = True
        self._live_timer.stop()
        self.runner.shutdown()
        self.sink.experiment.shutdown()
        self.files.join()
        self.cache.clear()

    # -- actions -------------------------------------------------------------------------------
    def refresh_runs(self) -> None:
        """List the saved runs off the GUI thread (reading every run's files)."""
        if self._shut or self.files.busy():
            return
        from gatelab.ui.trainer_engine import run_rows

        def rows() -> list[tuple[str, str]]:
            return [(r.path, "{0} · {1} · {2}".format(r.name, r.variant, r.model))
                    for r in run_rows()]

        self.files.submit("runs", rows)

    def live_run_dir(self) -> str:
        trainer = self._lookup("trainer")
        return str(getattr(trainer, "run_dir", "") or "")

    def analyse(self) -> bool:
        """Trace the text through the chosen source in the worker; False (message shown) if not."""
        try:
            spec = self.source.spec(self.live_run_dir())
        except ValueError as exc:
            self.source.show_message(str(exc), error=True)
            return False
        text = self.source.text.text()
        if not text.strip():
            self.source.show_message(self.tr("Type a text to analyse (or pick an example)."),
                                     error=True)
            return False
        if spec.kind == "live" and not (Path(spec.path) / "ckpt.pt").is_file():
            self.source.show_message(self.tr("The live run has no checkpoint yet: it saves one "
                                             "every few steps and at its end; try again soon."),
                                     error=True)
            return False
        if not self._start_trace(spec, text):
            return False
        self._history_req += 1
        if spec.is_run():
            self.files.submit("history:{0}".format(self._history_req),
                              lambda p=spec.path: read_history(p))
        else:
            self.history.set_history([], [], self.tr("Hugging Face models have no training "
                                                     "history here."))
        return True

    def _start_trace(self, spec: SourceSpec, text: str) -> bool:
        if not self.runner.start("trace", trace_task(self.cache, spec, text)):
            self.source.show_message(self.tr("Still busy: wait or press Cancel."), error=True)
            return False
        self._trying = spec
        self.source.show_message(self.tr("Loading and tracing…"))
        return True

    def trace_step(self, step: int) -> None:
        """Re-trace the text on show, through the run on show, at a checkpoint of its history
        (the slider's step), whatever the source bar holds by now."""
        spec, trace = self._spec, self.sel.trace
        if spec is None or not spec.is_run() or trace is None:
            return
        if self.runner.is_busy():
            self._pending_step = step
            return
        self._start_trace(dataclasses.replace(spec, step=step), "".join(trace.tokens))

    def find_top_k(self, text_file: str) -> None:
        if self._spec is None or not self.sel.has_trace():
            return
        spec = self._spec
        task = topk_task(self.cache, spec, self.sel.layer, self.sel.neuron, text_file)
        target = "L{0} #{1}".format(self.sel.layer, self.sel.neuron)
        if self.runner.start("topk:" + target, task, stop_on_cancel=False):
            self.topk.set_busy(True)

    # -- worker results ------------------------------------------------------------------------
    def _on_progress(self, tag: str, fraction: float, text: str) -> None:
        if tag.startswith("topk:"):
            self.topk.show_progress(fraction, text)
        else:
            self.source.show_progress(fraction, text)

    def _on_busy(self, busy: bool) -> None:
        tag = self.runner.tag()
        self.source.set_busy(busy and not tag.startswith("topk:"))
        if not busy:
            self.topk.set_busy(False)
        self._update_topk_target()

    def _on_finished(self, tag: str, result: object, error: str, cancelled: bool) -> None:
        if tag.startswith("topk:"):
            self.topk.set_busy(False)
            if error:
                self.topk.show_error(error)
            elif isinstance(result, tuple):
                found, searched, stopped = result
                self.topk.show_results(found, tag[5:], searched, stopped or cancelled)
        elif cancelled:
            self.source.show_message(self.tr("Cancelled; the views still show the last trace."))
        elif error:
            self._clear_views()  # never leave the previous source's numbers under this error
            self.source.show_message(self.tr("Could not analyse: {0}").format(error), error=True)
            self.sig_status.emit(error)
        elif result is not None:
            self._spec = self._trying  # top-k and the step slider now use this source
            self._show_trace(result)
        if self._pending_step is not None and not self.runner.is_busy():
            step, self._pending_step = self._pending_step, None
            self.trace_step(step)

    def _clear_views(self) -> None:
        """Forget the trace on show (every view empties, the intro page returns) and any
        history read still under way, after a failed analysis."""
        self._spec = None
        self._pending_step = None
        self._history_req += 1
        self.history.set_history([], [])
        self.sel.set_trace(None)
        self._update_topk_target()

    def _show_trace(self, trace: Any) -> None:
        keep = self.sel.token if self.sel.has_trace() and len(trace.tokens) == self.sel.n_tokens() \
            else None
        self.sel.set_trace(trace, token=keep)
        step = "" if trace.step is None else self.tr(" at step {0}").format(trace.step)
        text = self.tr("{0} tokens through {1}{2}. Pick a layer, neuron or token anywhere.").format(
            len(trace.tokens), trace.model_name, step)
        unknown = tuple(getattr(trace, "unknown", ()))
        if unknown:
            shown = ", ".join(repr(trace.tokens[i]) for i in unknown[:5])
            warning = (self.tr("Warning: 1 character ({1}) is not in this run's vocabulary and "
                               "was read as {2}: its numbers describe that character.")
                       if len(unknown) == 1 else
                       self.tr("Warning: {0} characters ({1}) are not in this run's vocabulary "
                               "and were read as {2}: their numbers describe that character."))
            text += " " + warning.format(len(unknown), shown, repr(trace.unknown_as))
        self.source.show_message(text, error=bool(unknown))
        self.sig_status.emit(text)

    def _on_file_result(self, tag: str, result: object, error: str) -> None:
        if self._shut:
            return
        if tag == "runs" and isinstance(result, list):
            self.source.set_runs(result)
        elif tag.startswith("history"):
            if tag != "history:{0}".format(self._history_req):
                return  # an older source's history, arriving after a newer analysis began
            if error or not isinstance(result, tuple):
                self.history.set_history([], [], self.tr("No history: {0}").format(error))
            else:
                history, steps = result
                self.history.set_history(history, steps, self.tr(
                    "This run has no saved statistics yet."))

    def hideEvent(self, event: object) -> None:  # noqa: N802 (Qt override)
        self._live_timer.stop()
        super().hideEvent(event)  # type: ignore[arg-type]

    def _on_kind(self, kind: str) -> None:
        self._update_live_info()
        if kind == "live" and self.isVisible() and not self._shut:
            self._live_timer.start()
        else:
            self._live_timer.stop()

    def _update_live_info(self) -> None:
        trainer = self._lookup("trainer")
        run_dir = self.live_run_dir()
        if not run_dir:
            self.source.set_live_info(self.tr("No live run yet: start one in the Live trainer tab "
                                              "(Ctrl+4)."))
            return
        state = str(getattr(trainer, "run_state", ""))
        self.source.set_live_info(self.tr("The trainer's run {0} ({1}), traced from its latest "
                                          "checkpoint; Analyse again to refresh.").format(
            Path(run_dir).name, state))

    def _update_topk_target(self, *_args: object) -> None:
        spec = self._spec
        self.topk.set_target(self.sel.layer, self.sel.neuron, spec is not None and spec.kind == "hf",
                             self.sel.has_trace() and not self.runner.is_busy())

    # -- settings ------------------------------------------------------------------------------
    def save_settings(self, settings: QSettings) -> None:
        settings.setValue("kind", self.source.kind_key())
        settings.setValue("run", self.source.run_path())
        settings.setValue("hf_path", self.source.hf_path.text())
        settings.setValue("device", self.source.device.currentText())
        settings.setValue("dtype", self.source.dtype.currentText())
        settings.setValue("text", self.source.text.text())
        settings.setValue("topk_file", self.topk.text_file)
        settings.setValue("view", self.views.currentIndex())

    def restore_settings(self, settings: QSettings) -> None:
        self.source.set_kind(settings_choice(settings, "kind", "run", SOURCE_KINDS))
        run = settings.value("run", "")
        if isinstance(run, str) and run:
            self.source.set_runs([], keep=run)
        for key, widget in (("hf_path", self.source.hf_path), ("text", self.source.text)):
            value = settings.value(key, "")
            if isinstance(value, str) and value and len(value) < 100_000:
                widget.setText(value)
        self.source.device.setCurrentText(settings_choice(settings, "device", "auto", DEVICES))
        self.source.dtype.setCurrentText(settings_choice(settings, "dtype", "float32", DTYPES))
        value = settings.value("topk_file", "")
        self.topk.text_file = value if isinstance(value, str) else ""
        self.views.setCurrentIndex(settings_int(settings, "view", 0, 0, self.views.count() - 1))
