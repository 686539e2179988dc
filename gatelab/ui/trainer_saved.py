"""What the trainer tab keeps: saved runs (replay, resume, samples, read in helper threads) and
its settings between launches.

Why a mixin of ``TrainerPanel`` (and not a widget of its own): these actions drive the panel's
own plots, bar, form and error line. Strings keep their translations through PySide's ``tr``,
which looks the context up along the class's MRO (this class's name).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings

from gatelab.core.metrics_history import PLOT_ROWS
from gatelab.ui.export_dialog import restore_export_folder, save_export_folder
from gatelab.ui.messages import message_text
from gatelab.ui.qt_cycles import weak_call
from gatelab.ui.trainer_controls import form_config
from gatelab.ui.trainer_hold import ViewHold
from gatelab.ui.trainer_resume import ResumeRuns
from gatelab.ui.trainer_jobs import load_run_record, sample_from_run, save_sample, stats_from_arrays
from gatelab.ui.trainer_sample_job import SampleFeed, SampleJob, checkpoint_step
from gatelab.ui.trainer_sample_job import whole_lines as _whole_lines  # (its old name, here)
from gatelab.ui.trainer_worker import describe_error

TRAINING_KEY = "training_at_exit"  # settings: the run that trained when the app last saved

if TYPE_CHECKING:  # core.runs imports torch; the tab imports it only when first needed
    from gatelab.core.runs import RunRecord

REPLAY_POINTS = PLOT_ROWS  # rows of a reopened run drawn (every validation row and the last kept)


class SavedRuns(ResumeRuns):
    """Replay (Open), Resume (``ResumeRuns``) and Sample for ``TrainerPanel`` (results arrive
    in ``_on_call_result`` from the panel's ``BackgroundCalls``), and its QSettings."""

    # provided by TrainerPanel
    controller: Any
    experiment: Any
    controls: Any
    plots: Any
    bar: Any
    live: Any
    views: Any
    runs: Any
    status_changed: Any
    run_saved: Any
    run_dir: str
    _calls: Any
    _checkpoint_interval: int
    _shown_id: int
    _sample_job: SampleJob | None = None  # the sample being written, if any
    _held: ViewHold | None = None  # the live page before a Resume, back if it is refused
    _sample_feed: SampleFeed | None = None  # made on the first sample

    def open_run(self, path: str) -> bool:
        """Replay a saved run: its curves from metrics.jsonl and its last layer statistics.

        The folder is read in a helper thread (a metrics.jsonl of hundreds of MB takes seconds)
        and downsampled to REPLAY_POINTS rows; ``_show_record`` draws it when it arrives."""
        self._read_run("open", path)
        return True

    def _read_run(self, tag: str, path: str) -> None:
        self.status_changed.emit(self.tr("Reading run {0}…").format(path))
        if tag == "resume":  # with its checkpoint's step: see _resume_record
            self._calls.submit(tag, lambda: (load_run_record(path, REPLAY_POINTS),
                                             checkpoint_step(path)))
        else:
            self._calls.submit(tag, lambda: load_run_record(path, REPLAY_POINTS))

    def _report_warnings(self, record: RunRecord) -> None:
        for warning in record.warnings:
            self.status_changed.emit(self.tr("Run read with a problem: {0}")
                                     .format(message_text(warning)))

    def _show_record(self, record: RunRecord, sample: bool = True) -> None:
        """Replay ``record``; ``sample``: write the sample an ended run lacks (False: the caller
        writes it, ``ResumeRuns._finish_record``)."""
        if self.controller.is_busy():  # a run is training: keep its live plots
            self.status_changed.emit(self.tr("Not replayed: stop the current run first"))
            return
        path = record.path
        self._cancel_sample()
        self._clear_run_view()  # the replay replaces whatever the bar said about the last run
        self.plots.set_rows(record.metrics, record.config.steps)
        self.run_dir = str(path)
        self.controls.set_config(form_config(record.config))  # the form shows the run's settings
        last_step = record.metrics[-1].get("step", 0) if record.metrics else 0
        self.bar.show_replay(last_step if isinstance(last_step, int) else 0, record.config.steps)
        self._set_state_label("replay")
        self._variant = record.config.variant
        self._checkpoint_interval = record.config.checkpoint_interval
        self._stats = stats_from_arrays(record.stats)
        self._stats_step = record.metrics[-1].get("step", 0) if record.metrics else 0
        name = record.path.name
        self._show_title(lambda self: self.tr("Replay of {0}").format(name))
        self.live.set_saved_samples(_whole_lines(record.samples, 2000))
        from gatelab.core.run_samples import completed_unfinished, ended

        if sample and not record.samples.strip() and record.has_checkpoint \
                and ended(path, record.summary):
            if completed_unfinished(path, record.summary):
                # every step trained, its end not recorded: finished as Resume and --resume
                # finish it (the uninterrupted run's sample, "finished"; this replay again,
                # without a sample), not with a seed-0 sample headed with run.json's older
                # step (kill probe s22); a finish under way writes the sample already
                if not getattr(self, "_finishing", ""):
                    return self._finish_record(record)  # type: ignore[attr-defined]
            else:
                # stopped where no sample could be kept (the app closed while writing it, a
                # run of gatelab-train): written now from the checkpoint, and kept with the run
                self._note_sample(lambda self: self.tr("Sampling from the latest checkpoint…"))
                self._sample(save=True)
        self.views.setCurrentWidget(self.live)
        self._send_gate_pairs(force=True)
        self.status_changed.emit(self.tr("Opened run {0}").format(path))
        self._report_warnings(record)
        self.run_saved.emit("replay")

    def open_experiment(self, path: str) -> bool:
        """Show a saved exp-… folder in the Experiment view, as an experiment."""
        if not self.experiment.open_experiment(path):
            return False
        self.views.setCurrentWidget(self.experiment)
        return True

    def request_sample(self) -> None:
        """Sample text from the latest checkpoint of the current run, off the GUI thread (a
        second press while that sample is being written changes nothing)."""
        job = self._sample_job
        if not self.run_dir or (job is not None and job.token == self._shown_token()):
            return
        if not Path(self.run_dir).is_dir():  # deleted or moved outside the app
            self._note_sample(lambda self: self.tr("Nothing to sample: the run's folder is "
                                                   "gone (deleted or moved)."))
            return
        if not (Path(self.run_dir) / "ckpt.pt").is_file():
            every = self._checkpoint_interval
            self._note_sample(lambda self: self.tr(
                "No checkpoint yet: the run saves one at its first evaluation, every {0} steps, "
                "at least every minute and at its end.").format(every))
            return
        self._note_sample(lambda self: self.tr("Sampling from the latest checkpoint…"))
        self._sample()

    def _sample_at_end(self, status: str) -> None:
        """A note ("Sampling…", "No checkpoint yet", a sample half written) no longer holds
        once the run ended. A finished run wrote its own sample (kept: it replaced the note);
        a stopped one gets one from the checkpoint it saved at the stop, so the box never
        stays empty below its "appears here" promise; that sample is kept in the run's
        samples.txt, so the run's replay shows it too (see ``core.run_samples``)."""
        self._cancel_sample()
        if self.live.showing_note():
            self.live.set_sample("")
        if status == "stopped" and (Path(self.run_dir) / "ckpt.pt").is_file():
            self._note_sample(lambda self: self.tr(
                "Stopped: sampling from the checkpoint saved at the stop…"))
            self._sample(save=True)

    def _shown_token(self) -> tuple[str, int]:
        """What the live page shows: a sample asked for something else is not shown."""
        return (self.run_dir, self._shown_id)

    def _sample(self, save: bool = False) -> None:
        """Sample the shown run's checkpoint in a helper thread; the text shows as it is
        written (``_on_sample_text``), and the answer is dropped if the live page shows
        something else by then (another run, a replay, a restart) or another sample began.
        With ``save`` a whole sample (not one cut short) is kept in the run's samples.txt.

        The thread's closure holds the job and the feed, never the panel: a panel freed on a
        helper thread would destroy Qt objects there."""
        self._cancel_sample()
        job = self._sample_job = SampleJob(self._shown_token())
        feed = self._feed()

        def on_text(text: str, done: int) -> None:
            try:
                feed.text.emit(job, text, done)
            except RuntimeError:  # the panel went away: nobody reads this sample any more
                job.stop.set()

        def run() -> tuple[SampleJob, str, str, str]:
            try:
                job.step = checkpoint_step(job.token[0])  # the header over the text shown
                text = sample_from_run(job.token[0], job.chars, on_text=on_text, stop=job.stop)
            except Exception as exc:  # said in the box, for this job only
                return job, "", describe_error(exc), ""
            kept = save_sample(job.token[0], text) if save and not job.stop.is_set() else ""
            return job, text, "", kept

        self._calls.submit("sample", run)

    def _feed(self) -> SampleFeed:
        if self._sample_feed is None:
            self._sample_feed = SampleFeed(self)  # type: ignore[arg-type]
            self._sample_feed.text.connect(self._on_sample_text)
        return self._sample_feed

    def _cancel_sample(self) -> None:
        """Stop the sample being written (its late pieces and answer are then dropped)."""
        job, self._sample_job = self._sample_job, None
        if job is not None:
            job.stop.set()

    def _on_sample_text(self, job: SampleJob, text: str, done: int) -> None:
        """The text so far under a line counting the characters, so a bigger model's tens of
        seconds of writing are never a silent wait; a job no longer shown is stopped."""
        if job is not self._sample_job or job.token != self._shown_token():
            job.stop.set()
            return
        chars = job.chars
        self._note_sample(lambda self: self.tr(
            "Writing a sample from the checkpoint: {0} of {1} characters…").format(done, chars)
            + "\n" + text)

    def _on_sample_done(self, result: object, error: str) -> None:
        """A sample's answer from ``_sample``: (job, text, why it failed, why it was not kept);
        dropped when the job was cancelled or another began, or the page shows another run."""
        if error:  # raised outside the job's own try (the thread call itself)
            self._note_sample(lambda self: self.tr("No sample: {0}").format(error))
            return
        job, text, why, not_kept = result  # type: ignore[misc]
        if job is not self._sample_job:  # cancelled, or another sample began since
            return
        self._sample_job = None
        if job.token != self._shown_token():  # not another run's sample
            return
        if why:
            self._note_sample(lambda self: self.tr("No sample: {0}").format(why))
            return
        self.live.set_step_sample(job.step, str(text))
        if not_kept:
            self.status_changed.emit(self.tr("The sample is shown but not kept with the run: "
                                             "{0}").format(not_kept))
        else:
            self.runs.refresh()  # a run finished by its sample no longer reads "interrupted"

    def _note_sample(self, render: Callable[[Any], str] | str) -> None:
        """A note in the sample box (not model text): cleared when the run ends. A function of
        the panel (``lambda self: self.tr(…)``), so a language switch says it again in the new
        language (a plain string stays as it is); the box holds the panel weakly (a closure
        over it would be a reference cycle through the panel's own child)."""
        fn = render if callable(render) else (lambda _panel: render)
        self.live.set_note(weak_call(self, fn, ""))

    def _on_run_deleted(self, path: str) -> None:
        """The run on the live page (a replay, or the run that just ended) was deleted under
        Runs: its curves, bar and sample go, the title says so, and Sample text is disabled
        (it said "No checkpoint yet" about a folder that no longer exists)."""
        if (not self.run_dir or self.controller.is_busy()
                or os.path.realpath(self.run_dir) != os.path.realpath(path)):
            return
        name = Path(path).name
        self._cancel_sample()
        self._clear_run_view()
        self.run_dir = ""
        self.plots.clear()
        self.bar.show_idle()
        self._set_state_label("idle")
        self._show_title(lambda self: self.tr("Run {0} was deleted").format(name))
        self._update_buttons()

    def _on_call_result(self, tag: str, result: object, error: str) -> None:
        if tag == "devices":
            self.controls.set_devices(list(result) if isinstance(result, list) else [])
            if not self.controller.is_busy():
                self.runs.refresh()
        elif tag == "resume" and error:  # refused before anything changed: the page stays
            self._show_error(lambda self: self.tr("Could not read the run: {0}").format(error),
                             notice=True)
            self.runs.refresh()  # e.g. deleted meanwhile: the list drops it now
        elif tag in ("open", "resume"):
            shown = ""
            if not error:
                try:
                    if tag == "open":
                        self._show_record(result)
                    else:
                        self._resume_record(*result)  # type: ignore[misc]
                    return
                except Exception as exc:  # half applied: never "Reading run …" for ever
                    shown = describe_error(exc)
            if not self.controller.is_busy():  # no replay or older run stays on the bar
                self._held = None
                self._clear_run_view()
                self.bar.show_idle()
                self._set_state_label("idle")
                if shown:  # nor half of the record that failed
                    self.run_dir = ""
                    self.plots.clear()
                    self._show_title(lambda self: "")
            if shown:
                self._show_error(lambda self: self.tr("Could not show the run: {0}").format(shown))
            else:
                self._show_error(lambda self: self.tr("Could not read the run: {0}").format(error))
                self.runs.refresh()  # e.g. deleted meanwhile: the list drops it now
        elif tag == "sample":
            self._on_sample_done(result, error)
        elif tag == "finish":
            self._on_finish_done(result, error)
        elif tag == "ended":
            # the pointer is this window's to clear at its next save, unless another window
            # (or a gatelab-train) trains that run now: it keeps it for its own crash
            self._owns_training_key = error != "" or getattr(result, "status", "") != "running"
            if not error:
                self._say_ended_while_training(result)

    def _say_ended_while_training(self, info: object) -> None:
        """The last session closed (or died) while ``info``'s run trained: say the step it is
        saved at (its checkpoint's, which Resume continues from: after a crash run.json's step is
        the last heartbeat's, up to a minute later) and select it under Runs, one click from
        Resume. Quiet when it has finished since (another process resumed it), is gone, or
        trains now in another process."""
        from gatelab.core.runs import RunInfo

        if not isinstance(info, RunInfo) or info.status not in ("stopped", "interrupted"):
            return
        if self.controller.is_busy() or self.error_text:  # a newer message: this one is stale
            return
        name, done, total = info.name, info.kept_steps(), info.steps_total
        self.runs.select_after_refresh(str(info.path))
        self._show_error(lambda self: self.tr(
            "gatelab closed while run {0} was training; it is saved at step {1:,} of {2:,}. Select "
            "it under Runs and press Resume training to go on.").format(name, done, total),
            notice=True)

    # -- settings between launches ------------------------------------------------------------
    def save_settings(self, settings: QSettings) -> None:
        """The form, the view, the experiment's choices and where the plots were exported."""
        self.controls.save_settings(settings)
        settings.setValue("view", self.views.currentIndex())
        # the run training now: at a close (or the last autosave before a crash) the next launch
        # says it ended mid-run and where to resume it; "" once it has ended here. A window that
        # trains nothing leaves another window's pointer alone: closing an idle second window
        # after the training one was killed lost the notice (probe s15 F1).
        busy = self.controller.is_busy()
        if busy or getattr(self, "_owns_training_key", False):
            settings.setValue(TRAINING_KEY, self.run_dir if busy else "")
            self._owns_training_key = busy
        settings.beginGroup("experiment")
        try:
            self.experiment.save_settings(settings)
        finally:
            settings.endGroup()
        save_export_folder(settings)

    def restore_settings(self, settings: QSettings) -> None:
        if not self.controls.restore_settings(settings):  # a settings file cut short, say
            self.status_changed.emit(self.tr("Part of the remembered trainer form could not "
                                             "be read; those fields show their defaults."))
        try:
            index = int(settings.value("view", 0))
        except (TypeError, ValueError):
            index = 0
        if 0 <= index < self.views.count():
            self.views.setCurrentIndex(index)
        ended = settings.value(TRAINING_KEY, "")
        if isinstance(ended, str) and ended:  # its run.json is read off the GUI thread
            from gatelab.core.runs import run_info  # (not at start-up: it imports the budget)

            self._calls.submit("ended", lambda: run_info(Path(ended)))
        settings.beginGroup("experiment")
        try:
            self.experiment.restore_settings(settings)
        finally:
            settings.endGroup()
        restore_export_folder(settings)
