"""The "Inside the model" tab: what each neuron fires on, the gates at a token, the MLP as a small
correction and attention sinks, for your own runs and for Hugging Face checkpoints on disk.

The panel only wires parts together (inside_layout places them). The source bar (inside_source)
says what to trace; one worker (inside_worker, running inside_jobs) loads the model once and
traces the text once; the resulting ``Trace`` goes into the shared selection (inside_state), and
every view re-indexes it when the learner picks a layer, neuron or token anywhere. Errors from
bad sources are shown inline in the bar, and the views keep the last trace. The live run is the
trainer's current run, traced from its latest checkpoint (a safe copy of the weights, never the
tensors being trained).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QStackedWidget, QTabWidget, QWidget

from gatelab.core.forward_map import sizes_of_trace
from gatelab.ui import inside_persist
from gatelab.ui.inside_gates import GatesView
from gatelab.ui.inside_history import HistoryView
from gatelab.ui.inside_intro import IntroPage
from gatelab.ui.inside_layout import column, explorer_page, rule, trace_page
from gatelab.ui.inside_lesson import build_lesson
from gatelab.ui.inside_caption import trace_caption
from gatelab.ui.inside_messages import (live_info, model_notes, swapped_example, trace_text,
                                        unknown_warning, view_titles)
from gatelab.ui.inside_jobs import ModelCache, SourceSpec, read_history, topk_task, trace_task
from gatelab.ui.inside_mlp import MlpView
from gatelab.ui.inside_neuron import NeuronRankings, ShadedText
from gatelab.ui.inside_panel_stale import check_stale, failed_text, said_for, wire
from gatelab.ui.inside_pickers import SelectionBar, model_dtype
from gatelab.ui.inside_runlist import SavedRunList
from gatelab.ui.inside_sink import SinkView
from gatelab.ui.inside_source import SourceBar
from gatelab.ui.inside_state import InsideSelection
from gatelab.ui.inside_topk import TopKView
from gatelab.ui.inside_worker import TaskRunner
from gatelab.ui.lesson_card import Lesson
from gatelab.ui.messages import message_text
from gatelab.ui.qt_cycles import detach, weak_method
from gatelab.ui.trainer_worker import BackgroundCalls

translate = QCoreApplication.translate  # lupdate reads translate("context", "text") calls


class InsidePanel(QWidget):
    status_changed = Signal(str)
    # the analysis a lesson step began (``after_trace``) has ended: "" when the tab shows what
    # the step promised, else what to do (the Try-this card's ``Awaits``)
    step_finished = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sel = InsideSelection(self)
        self._topk_source = ""  # the run or model a running top-contexts search looks at
        self.source = SourceBar(self)
        self.pickers = SelectionBar(self.sel, self, lambda: model_dtype(self.cache.model))
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
        self._trying_history = False  # read its history once traced (Analyse, not the slider)
        self._pending_step: int | None = None
        self._history_req = 0  # only the newest history read may fill the history view
        self._lookup: Callable[[str], Any] = lambda _name: None
        self._shut = False
        self.pending: dict[str, Any] | None = None  # a state's picks, waiting for their trace
        # a lesson step's, run once traced; it may return a line to add (a function: retranslated)
        self.after_trace: Callable[[], Callable[[], str] | None] | None = None
        self._live_timer = QTimer(self)  # the trainer may start a new run at any time
        self._live_timer.setInterval(1000)
        self._live_timer.timeout.connect(self._update_live_info)
        self.run_list = SavedRunList(self.source, self.files, weak_method(self.live_run_dir, ""),
                                     self)  # (weakly: the list is the panel's child)
        self._restore_line = False  # the line under the bar is apply_state's ("State restored.")

        self.explorer = explorer_page(self.rankings, self.topk, self)
        self.views = QTabWidget(self)
        for widget in (self.explorer, self.gates, self.mlp, self.sink, self.history):
            self.views.addTab(widget, "")
        line = rule(self)
        body = trace_page(self.pickers, self.shaded, self.views, self)
        # Tab reaches the view's tab bar before the view: the pages were built before the tab
        # widget, so their controls came first and the bar last (keyboard probe s23)
        QWidget.setTabOrder(self.shaded.export_button, self.views.tabBar())
        self.intro = IntroPage(self)
        self.intro.button.clicked.connect(self.analyse)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.intro)
        self.pages.addWidget(body)
        self.sel.trace_changed.connect(
            lambda: self.pages.setCurrentIndex(1 if self.sel.has_trace() else 0))
        column(self, (self.source, line), self.pages)

        self.source.analyse_requested.connect(self.analyse)
        self.source.cancel_requested.connect(self.runner.cancel)
        self.source.kind_changed.connect(self._on_kind)
        self.source.example_picked.connect(self._forget_error)
        self.runner.progress_changed.connect(self._on_progress)
        self.runner.task_finished.connect(self._on_finished)
        self.runner.busy_changed.connect(self._on_busy)
        self.files.call_finished.connect(self._on_file_result)
        self.topk.find_requested.connect(self.find_top_k)
        self.topk.cancel_requested.connect(self.runner.cancel)
        self.history.step_requested.connect(self.trace_step)
        self.sel.explore_requested.connect(lambda: self.views.setCurrentWidget(self.explorer))
        for signal in (self.sel.trace_changed, self.sel.layer_changed, self.sel.neuron_changed):
            signal.connect(self._update_topk_target)
        src = self.source  # the learner acts: a "State restored." under the bar is stale then
        for signal in (src.text.textEdited, src.hf_path.textEdited, src.kind.activated,
                       src.runs.activated, src.device.activated, src.dtype.activated,
                       src.example_picked, self.sel.layer_changed, self.sel.neuron_changed,
                       self.sel.token_changed, self.sel.span_changed):
            signal.connect(self._on_user_act)
        self._message: tuple[Callable[[], str], str] = (lambda: "", "")  # (line, level)
        wire(self)  # a note while the views show another source than the bar names
        self._update_topk_target()
        self.retranslate()

    # -- language ------------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Re-set every visible string in the current language, numbers from the current state."""
        for i, (title, tip) in enumerate(view_titles()):
            self.views.setTabText(i, title)
            self.views.setTabToolTip(i, tip)
        self.source.keep_text = self.sel.has_trace()  # the views describe the text in the box
        for part in (self.source, self.pickers, self.shaded, self.rankings, self.topk,
                     self.gates, self.mlp, self.sink, self.history, self.intro):
            part.retranslate()
        self._update_live_info()
        message, level = self._message
        self.source.show_message(message(), level)

    def _say(self, message: Callable[[], str], level: str = "") -> str:
        """Show a line under the source bar at ``level`` ("error", "warning" or plain; see
        ``SourceBar.show_message``); kept as a function so a language switch can re-render
        it. Returns the text shown."""
        self._message = (detach(message, self), level)  # names self: no cycle (qt_cycles)
        self._restore_line = False
        self._stale_saved = None  # a new line replaces the stale note (inside_panel_stale)
        said_for(self)
        text = message()
        self.source.show_message(text, level)
        return text

    # -- lifecycle -----------------------------------------------------------------------------
    def set_panel_lookup(self, lookup: Callable[[str], Any]) -> None:
        """The main window's way to the other tabs' panels (the trainer's live run)."""
        self._lookup = lookup
        self._update_live_info()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self._on_kind(self.source.kind_key())
        self.run_list.start()  # read now, then follow the runs folder while shown (D1)

    def shutdown(self) -> None:
        """Stop the worker (request stop, quit, wait) and the file readers; idempotent."""
        if self._shut:
            return
        self._shut = True
        self._live_timer.stop()
        self.run_list.shutdown()
        self.sink.experiment.runner.cancel()  # both stop at once: close waits for one span
        self.runner.shutdown()
        self.sink.experiment.shutdown()
        self.files.join()
        self.cache.clear()

    # -- actions -------------------------------------------------------------------------------
    def refresh_runs(self) -> None:
        """List the saved runs off the GUI thread (reading every run's files)."""
        self.run_list.refresh()

    def model_sizes(self) -> dict[str, Any] | None:
        """The traced model's d, m, layers and variant (for the forward-pass map), or None."""
        trace = self.sel.trace
        return None if trace is None else sizes_of_trace(trace)

    def live_run_dir(self) -> str:
        trainer = self._lookup("trainer")
        return str(getattr(trainer, "run_dir", "") or "")

    def analyse(self) -> bool:
        """Trace the text through the chosen source in the worker; False (message shown) if not."""
        try:
            spec = self.source.spec(self.live_run_dir())
        except ValueError:
            self._say(self._spec_problem, level="error")
            return False
        self.source.run_chosen |= spec.kind == "run"  # analysed: kept in the list if deleted
        text = self.source.text.text()
        if not text.strip():
            self._say(lambda: self.tr("Type a text to analyse (or pick an example)."), level="error")
            return False
        if spec.kind == "live" and not (Path(spec.path) / "ckpt.pt").is_file():
            self._say(lambda: self.tr("The live run has no checkpoint yet: it saves one every "
                                      "few steps and at its end; try again soon."), level="error")
            return False
        return self._start_trace(spec, text, history=True,
                                 fallbacks=self.source.example_fallbacks())

    def _read_history(self, spec: SourceSpec) -> None:
        """Fill the history view for the source now on show (a run's read off the GUI thread)."""
        self._history_req += 1
        if spec.is_run():
            self.files.submit("history:{0}".format(self._history_req),
                              lambda p=spec.path: read_history(p))
        else:
            self.history.show_model_without_history()

    def _spec_problem(self) -> str:
        """Why the source bar's choice cannot be analysed, in the current language."""
        try:
            self.source.spec(self.live_run_dir())
        except ValueError as exc:
            return message_text(exc)
        return ""

    def _start_trace(self, spec: SourceSpec, text: str, history: bool = False,
                     fallbacks: tuple[str, ...] = ()) -> bool:
        if not self.runner.start("trace", trace_task(self.cache, spec, text, fallbacks)):
            self._say(lambda: self.tr("Still busy: wait or press Cancel."), level="error")
            return False
        self._trying, self._trying_history = spec, history
        self._say(lambda: self.tr("Loading and tracing…"))
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
            self._topk_source = trace_caption(self.sel.trace, text=False)  # (searched, not it)
            self.topk.start_search()

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
                self.topk.show_results(found, tag[5:], searched, stopped or cancelled,
                                       self._topk_source)
        elif cancelled:
            said = self._say(lambda: self.tr("Cancelled; the views still show the last trace."))
            self._end_step(said)
        elif error:
            self._end_step(self._say(lambda: failed_text(self.sel, error), level="error"))
            self.status_changed.emit(error)
        elif result is not None:
            if self._trying != self._spec:
                self.topk.clear()  # its contexts were found in another model
            self._spec = self._trying  # top-k and the step slider now use this source
            if self._trying_history:
                self._read_history(self._spec)
            self._show_trace(*swapped_example(self.source, result))
            check_stale(self)  # the bar changed while it ran: say so over the result
        if self._pending_step is not None and not self.runner.is_busy():
            step, self._pending_step = self._pending_step, None
            self.trace_step(step)

    def _forget_error(self, _text: str = "") -> None:
        """A new example is in the text box: an error about the last text is stale."""
        if self._message[1]:
            self._say(lambda: "")

    def _show_trace(self, trace: Any, swap: Callable[[], str] | None = None) -> None:
        keep = self.sel.token if self.sel.has_trace() and len(trace.tokens) == self.sel.n_tokens() \
            else None
        self.sel.set_trace(trace, token=keep)
        if self.pending:  # a restored state's layer/neuron/token/span (clamped to this trace)
            inside_persist.pick(self, self.pending)
            self.pending = None
        then, self.after_trace = self.after_trace, None
        told = then() if then is not None else None  # a lesson step's word on this trace
        notes = model_notes(self.cache.model)  # the model that was just traced (HF: its notes)
        said = [f for f in (swap, lambda: trace_text(trace, notes), told) if f is not None]
        text = self._say(lambda: " ".join(f() for f in said),
                         level="warning" if unknown_warning(trace) or told or swap
                         or not getattr(trace, "finite", True) else "")
        self.status_changed.emit(text)
        if then is not None:
            self.step_finished.emit(told() if told else "")

    def _end_step(self, said: str) -> None:
        """An analysis ended without a trace: a lesson step waiting on it hears why."""
        if self.after_trace is not None:
            self.after_trace = None
            self.step_finished.emit(said)

    def _on_file_result(self, tag: str, result: object, error: str) -> None:
        if self._shut:
            return
        if self.run_list.on_result(tag, result, error):
            return
        if tag.startswith("history"):
            if tag != "history:{0}".format(self._history_req):
                return  # an older source's history, arriving after a newer analysis began
            if error or not isinstance(result, tuple):
                # translate, not self.tr: a function naming the panel, kept by its history
                # view, was a cycle the collector freed in a worker thread (qt_cycles.py)
                self.history.set_history([], [], lambda: translate(
                    "InsidePanel", "No history: {0}").format(error))
            else:
                history, steps, skipped = result
                self.history.set_history(history, steps, lambda: translate(
                    "InsidePanel", "This run has no saved statistics yet."), skipped)

    def hideEvent(self, event: object) -> None:  # noqa: N802 (Qt override)
        self._live_timer.stop()
        self.run_list.stop()
        super().hideEvent(event)  # type: ignore[arg-type]

    def _on_kind(self, kind: str) -> None:
        self._update_live_info()
        if kind == "live" and self.isVisible() and not self._shut:
            self._live_timer.start()
        else:
            self._live_timer.stop()

    def _update_live_info(self) -> None:
        state = str(getattr(self._lookup("trainer"), "run_state", ""))
        self.source.set_live_info(live_info(state, self.live_run_dir()))

    def _update_topk_target(self, *_args: object) -> None:
        spec = self._spec
        self.topk.set_target(self.sel.layer, self.sel.neuron, spec is not None and spec.kind == "hf",
                             self.sel.has_trace() and not self.runner.is_busy())

    # -- settings and state ----------------------------------------------------------------------
    def save_settings(self, settings: QSettings) -> None:
        inside_persist.save_settings(self, settings)

    def restore_settings(self, settings: QSettings) -> None:
        inside_persist.restore_settings(self, settings)

    def state(self) -> dict[str, Any]:
        """Source, text, ε, view and the picked layer/neuron/token/span, as plain JSON."""
        return inside_persist.panel_state(self)

    def lesson(self) -> Lesson:
        """The "Try this" steps and questions, in the current language."""
        return build_lesson(self)

    def apply_state(self, state: Mapping[str, Any]) -> None:
        """Check all of ``state`` first (ValueError, nothing changed), then apply it; a picked
        neuron that the trace on show cannot hold is picked once the text is traced."""
        message, warning = inside_persist.apply_panel_state(self, state)
        self._say(message, level="warning" if warning else "")
        self._restore_line = True

    def forget_state_line(self) -> None:
        """Clear apply_state's line ("State restored."): the window calls this when a state
        could not be opened or pasted (a rolled-back one came through apply_state too), so the
        line cannot read as that attempt's outcome."""
        if self._restore_line:
            self._say(lambda: "")

    def _on_user_act(self, *_args: object) -> None:
        """The learner edited the source or text, or picked something: a "State restored."
        from before is stale (it lingered through edits and picks). A line that still has a
        job (press Analyse: the state's picks wait for the trace) stays until the trace."""
        if self._restore_line and not self.pending:
            self._say(lambda: "")
