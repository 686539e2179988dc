"""Session 10 walkthrough, Live trainer: what the user sees after a refused Resume, at a new
run's start and under a live sample.

1. Resume of a finished run (and every other Resume refused before its first step) read as a
   failure: "failed before the first step" on the bar, the replay lost its title and sample, and
   the red line stayed through form changes and experiments, over the form's own error. Now it
   is a plain notice, the page stays as it was, and the next action clears it.
14. A plot without data yet kept the last run's y range at a new run's start (Largest |h| 2–6);
    a live sample had no "sample at step N" header while its replay had one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from gatelab.core.messages import Msg
from gatelab.core.trainconfig import TrainingError
from gatelab.ui.trainer_plots import TrainerPlots
from gatelab.ui.trainer_worker import JobWorker, Outcome
from tests.ui.conftest import WrappingTranslator, trainer_with
from tests.ui.test_trainer_panel import _tiny, _wait_done, panel  # noqa: F401 (fixture)

RED = "#b00020"


def _seen(panel) -> dict[str, object]:  # noqa: ANN001
    """The live page as the user reads it (the line above the buttons apart)."""
    return {"bar": panel.bar.progress.format(), "value": panel.bar.progress.value(),
            "state": panel.bar.state.text(), "title": panel.live.title.text(),
            "intro": panel.live.showing_intro(), "sample": panel.live.sample.toPlainText(),
            "steps": list(panel.plots.history.steps), "view": panel.views.currentIndex(),
            "sample_button": panel.live.btn_sample.isEnabled()}


def _line(panel) -> tuple[str, bool, bool]:  # noqa: ANN001
    """The line above the buttons: (text, shown, a notice rather than an error)."""
    error = panel.bar.error
    return error.text(), error.isVisibleTo(panel.bar), RED not in error.styleSheet()


def _train(qtbot, panel, **changes: object) -> str:  # noqa: ANN001
    panel.controls.set_config(_tiny(**changes))
    assert panel.start()
    _wait_done(qtbot, panel)
    assert panel.run_state == "finished", panel.error_text
    return panel.run_dir


def _replay(qtbot, panel, run: str) -> None:  # noqa: ANN001
    said: list[str] = []
    panel.status_changed.connect(said.append)
    assert panel.open_run(run)
    qtbot.waitUntil(lambda: f"Opened run {run}" in said, timeout=20000)
    panel.status_changed.disconnect(said.append)


def _refused(qtbot, panel, run: str) -> str:  # noqa: ANN001
    """Press Resume on ``run`` and wait for the answer; the line's text."""
    panel.error_text = ""
    assert panel.resume_run(run)
    qtbot.waitUntil(lambda: bool(panel.error_text) and not panel.controller.is_busy(),
                    timeout=60000)
    return panel.error_text


# -- 1: a Resume refused before its first step -------------------------------------------------
def test_resume_of_a_finished_run_is_a_notice_and_the_replay_stays(qtbot, panel) -> None:  # noqa: ANN001
    run = _train(qtbot, panel, steps=4, eval_interval=2)
    _replay(qtbot, panel, run)
    before = _seen(panel)
    name = Path(run).name
    assert before["bar"] == "replay: step 4 / 4 (not training)"
    assert before["title"] == f"Replay of {name}" and before["state"] == "Replay"
    assert str(before["sample"]).startswith("--- sample at step 4 ---\n")

    text = _refused(qtbot, panel, run)
    assert text == ("Could not resume: the run already completed 4 steps; ask for more than "
                    "that to continue it")
    assert _line(panel) == (text, True, True) and panel.bar.showing_notice()
    assert _seen(panel) == before  # no "failed before the first step", title and sample kept
    assert json.loads((Path(run) / "run.json").read_text())["status"] == "finished"
    # a language switch is no action: the notice stays, in the new language
    translator = WrappingTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        panel.retranslate()
        assert _line(panel)[1:] == (True, True)
        assert panel.bar.error.text() == ("«Could not resume: «the run already completed 4 "
                                          "steps; ask for more than that to continue it»»")
    finally:
        QCoreApplication.removeTranslator(translator)
        panel.retranslate()
    assert _line(panel) == (text, True, True)

    # the next action clears it: a form change ...
    panel.controls.steps.setValue(3)
    assert _line(panel)[:2] == ("", False) and panel.error_text == ""
    assert _seen(panel)["bar"] == before["bar"]
    # ... and it never sits over the form's own error: width 33 for 2 heads
    _refused(qtbot, panel, run)
    panel.controls.width.setValue(33)
    assert not panel.bar.error.isVisibleTo(panel.bar)
    assert panel.controls.error.text() == "width 33 must be divisible by heads 2"
    assert not panel.start()  # Start (its shortcut) says why, as an error this time
    assert _line(panel) == ("Not started: width 33 must be divisible by heads 2", True, False)


def _mismatched_run(qtbot, panel) -> str:  # noqa: ANN001
    """A trained run whose config.json asks for another width than its checkpoint has, and
    more steps than it trained: its Resume gets to the engine, which refuses it."""
    run = _train(qtbot, panel, steps=4, eval_interval=2)
    config = json.loads((Path(run) / "config.json").read_text())
    (Path(run) / "config.json").write_text(json.dumps({**config, "n_embd": 48, "steps": 8}))
    return run


def test_a_resume_the_engine_refuses_puts_the_replay_back(qtbot, panel) -> None:  # noqa: ANN001
    run = _mismatched_run(qtbot, panel)
    shown = _train(qtbot, panel, steps=6, eval_interval=3)
    _replay(qtbot, panel, shown)
    panel.views.setCurrentIndex(1)  # Resume is pressed under Runs
    before = _seen(panel)
    loss_range = panel.plots.loss.plot.getViewBox().viewRange()[1]
    maxh_range = panel.plots.maxh.plot.getViewBox().viewRange()[1]
    assert before["steps"] == list(range(1, 7)) and before["view"] == 1

    text = _refused(qtbot, panel, run)
    assert text == "Could not resume: cannot resume: the run was trained with n_embd=32, not 48"
    assert _line(panel) == (text, True, True)
    assert _seen(panel) == before and panel.run_dir == shown and panel.run_state == "finished"
    assert panel.plots.loss.plot.getViewBox().viewRange()[1] == pytest.approx(loss_range)
    assert panel.plots.maxh.plot.getViewBox().viewRange()[1] == pytest.approx(maxh_range)
    assert json.loads((Path(run) / "run.json").read_text())["status"] == "finished"

    # an experiment starting clears it, and its end shows the replay's bar again
    panel.experiment.busy_changed.emit(True)
    assert _line(panel)[1] is False
    panel.experiment.busy_changed.emit(False)
    assert _seen(panel)["bar"] == "replay: step 6 / 6 (not training)"
    # a replay clears it too
    _refused(qtbot, panel, run)
    _replay(qtbot, panel, shown)
    assert _line(panel)[1] is False and panel.error_text == ""


def test_a_refused_first_resume_leaves_the_intro_page(qtbot, panel) -> None:  # noqa: ANN001
    run = _mismatched_run(qtbot, panel)
    fresh = trainer_with(qtbot, _tiny())
    try:
        fresh.show()
        before = _seen(fresh)
        assert before["intro"] and before["bar"] == "not started"
        _refused(qtbot, fresh, run)
        assert _seen(fresh) == before and _line(fresh)[1:] == (True, True)
        assert fresh.run_dir == "" and fresh.run_state == "idle"
        assert fresh.start()  # Start clears the notice at once
        assert _line(fresh)[1] is False
        _wait_done(qtbot, fresh)
    finally:
        fresh.shutdown()


def test_resume_of_a_run_another_process_trains_is_a_notice(qtbot, panel, monkeypatch,  # noqa: ANN001
                                                          ) -> None:
    from gatelab.core import runs

    run = _train(qtbot, panel, steps=4, eval_interval=2)
    _replay(qtbot, panel, run)
    before = _seen(panel)
    monkeypatch.setattr(runs, "run_busy", lambda path, others_only=False: Msg(
        "run.busy", {"path": path, "pid": "7", "host": "elsewhere"}))
    text = _refused(qtbot, panel, run)
    assert text == f"Could not resume: {run} is still being trained by process 7 on elsewhere; " \
                   "stop that run first"
    assert _line(panel) == (text, True, True) and _seen(panel) == before


def test_a_resume_that_fails_in_training_is_still_an_error(panel) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_hold import hold_view

    panel._resuming, panel._held = True, hold_view(panel)
    panel.run_dir = "/nowhere/run-x"
    panel._on_done(Outcome("error", "out of memory at step 1", "", refused=False))
    assert panel.bar.progress.format() == "failed before the first step"
    assert _line(panel) == ("Could not resume: out of memory at step 1", True, False)
    assert panel._held is None


def _outcome(job) -> Outcome:  # noqa: ANN001
    worker = JobWorker(job)
    done: list[Outcome] = []
    worker.job_finished.connect(done.append)
    worker.run()  # in this thread: the job's answer at once
    return done[0]


def test_the_worker_tells_a_refusal_from_a_failure() -> None:
    def refuse(_worker: JobWorker) -> None:
        raise ValueError("the run already completed 4 steps")

    def fail(_worker: JobWorker) -> None:
        raise TrainingError("out of memory")

    def fail_later(worker: JobWorker) -> None:
        from gatelab.core.trainconfig import Snapshot

        worker.report(Snapshot(step=1, steps_total=4, tokens_seen=64, train_loss=3.0, lr=0.0,
                               tokens_per_s=1.0, elapsed_s=0.1))
        raise ValueError("a bad row")

    assert _outcome(refuse).refused and _outcome(refuse).status == "error"
    assert not _outcome(fail).refused
    assert not _outcome(fail_later).refused  # it trained: a failure, said as one


# -- 14: every plot's range starts afresh ------------------------------------------------------
def _rows(steps: int, maxh: float, stats: bool = True) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for s in range(1, steps + 1):
        row: dict[str, object] = {"step": s, "train_loss": 4.0 - s / 100, "lr": 1e-3,
                                  "tokens_per_s": 1000.0 + s}
        if stats:
            row.update(frac_closed=[0.5, 0.4], frac_neg=[0.5, 0.6], max_abs_h=[maxh, maxh / 3],
                       mlp_ratio=[0.8, 0.4], attn_sink=[0.1, 0.1])
        out.append(row)
    return out


def _y(card) -> list[float]:  # noqa: ANN001
    return card.plot.getViewBox().viewRange()[1]


def test_a_new_run_or_replay_resets_every_plots_range(qtbot) -> None:  # noqa: ANN001
    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.resize(800, 600)
    plots.show()
    plots.set_rows(_rows(200, 6.0), 200)
    assert _y(plots.maxh)[1] > 6.0 and _y(plots.lr)[0] > 0.0
    plots.sparsity.plot.setYRange(0.4, 0.6, padding=0)  # the user zoomed in
    plots.ratio.plot.setXRange(5, 9, padding=0)  # ... and dragged the layer axis away
    plots.clear(300)  # a new run: no rows yet
    for card in (plots.loss, plots.maxh, plots.ratio, plots.lr, plots.speed):
        assert _y(card) == pytest.approx([0.0, 1.0]), card.title_text  # was 2–6 for |h|
    lo, hi = _y(plots.sparsity)
    assert lo <= 0.0 and hi >= 1.0 and hi - lo < 1.2  # the whole 0–1 of a fraction
    assert plots.loss.plot.getViewBox().viewRange()[0] == pytest.approx([-9.0, 309.0])
    # a replay of a run without statistics keeps no earlier |h| range either
    plots.set_rows(_rows(200, 6.0), 200)
    plots.set_rows(_rows(50, 0.0, stats=False), 50)
    assert _y(plots.maxh) == pytest.approx([0.0, 1.0])
    # the layer axis fits the next run's bars again
    plots.add_rows(_rows(3, 0.3))
    plots.redraw_now()
    qtbot.wait(50)  # pyqtgraph fits an auto range when it next updates the view
    lo, hi = plots.ratio.plot.getViewBox().viewRange()[0]
    assert lo < 0.0 and 1.0 < hi < 2.0


def test_a_new_runs_plots_start_without_the_last_runs_range(qtbot, panel) -> None:  # noqa: ANN001
    _train(qtbot, panel, steps=4, eval_interval=2)
    assert _y(panel.plots.maxh) != pytest.approx([0.0, 1.0])  # fitted to the run's |h|
    panel.controls.set_config(_tiny(steps=4, eval_interval=2))
    assert panel.start()
    assert _y(panel.plots.maxh) == pytest.approx([0.0, 1.0])  # before the new run's first row
    _wait_done(qtbot, panel)


# -- 14: the live sample reads as its replay does ------------------------------------------------
def test_the_live_sample_has_the_replays_header(qtbot, panel) -> None:  # noqa: ANN001
    run = _train(qtbot, panel, steps=4, eval_interval=2)
    live = panel.live.sample.toPlainText()
    assert live.startswith("--- sample at step 4 ---\n\n") and len(live) > 40
    panel.live.set_sample("")
    _replay(qtbot, panel, run)
    assert panel.live.sample.toPlainText() == live  # the very same text, header and all
    # Sample text writes from the checkpoint, under the checkpoint's step
    panel.live.btn_sample.click()
    qtbot.waitUntil(lambda: panel._sample_job is None and not panel.live.showing_note(),
                    timeout=30000)
    sampled = panel.live.sample.toPlainText()
    assert sampled.startswith("--- sample at step 4 ---\n") and sampled != live
    # the header follows a language switch
    translator = WrappingTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        panel.retranslate()
        assert panel.live.sample.toPlainText().startswith("«--- sample at step 4 ---»\n")
    finally:
        QCoreApplication.removeTranslator(translator)
        panel.retranslate()


def test_a_sample_without_a_readable_checkpoint_step_stays_bare(tmp_path: Path) -> None:
    from gatelab.ui.trainer_sample_job import checkpoint_step

    assert checkpoint_step(str(tmp_path)) is None  # no checkpoint
    (tmp_path / "ckpt.pt").write_bytes(b"not a checkpoint")
    assert checkpoint_step(str(tmp_path)) is None
    (tmp_path / "ckpt.pt").unlink()
    (tmp_path / "ckpt.pt").mkdir()  # not a regular file: never opened
    assert checkpoint_step(str(tmp_path)) is None
