"""No stale state in the trainer: the bar, ETA, errors and samples always describe the current run.

Why: after Stop, during a replay and during an experiment the bar still read "step 61 / 200 ·
ETA 0:09"; while paused the ETA counted down; a run that failed to start read "starting…"
forever; and the sample box showed the previous run's text during a new run.
"""

from __future__ import annotations


from pathlib import Path

from gatelab.ui.trainer_live import ActiveClock
from tests.ui.test_trainer_panel import _tiny, _wait_done, panel  # noqa: F401 (fixture)


def test_active_clock_leaves_out_pauses() -> None:
    now = [100.0]
    clock = ActiveClock(lambda: now[0])
    assert clock.elapsed() == 0.0  # not started
    clock.start()
    now[0] = 110.0
    assert clock.elapsed() == 10.0
    clock.pause()
    now[0] = 500.0
    assert clock.elapsed() == 10.0  # frozen while paused
    clock.resume()
    now[0] = 505.0
    assert clock.elapsed() == 15.0
    clock.pause()
    clock.start()  # (re)started during a pause: still paused
    now[0] = 600.0
    assert clock.elapsed() == 0.0
    clock.resume()
    now[0] = 602.0
    assert clock.elapsed() == 2.0


def _saved_step(panel) -> int | None:  # noqa: ANN001
    """The step of the run's checkpoint (None: not written yet, or being replaced)."""
    from gatelab.core.runs_read import load_checkpoint

    try:
        return int(load_checkpoint(Path(panel.run_dir) / "ckpt.pt")["step"])
    except Exception:  # noqa: BLE001
        return None


def _bar_text(panel) -> str:  # noqa: ANN001
    return panel.bar.progress.format()


def test_pause_stop_and_replay_show_no_stale_eta(qtbot, panel) -> None:  # noqa: ANN001
    panel.live.show_plots("old")
    panel.live.set_sample("text of the previous run")
    panel.controls.set_config(_tiny(steps=100_000, eval_interval=1000))
    assert panel.start()
    assert panel.live.sample.toPlainText() == ""  # the old run's sample is gone at once
    qtbot.waitUntil(lambda: "ETA" in _bar_text(panel), timeout=30000)
    panel.bar.btn_pause.click()
    assert "paused" in _bar_text(panel) and "ETA" not in _bar_text(panel)
    # the step under way when Pause was pressed finishes, is checkpointed (one more step when
    # the click came after the engine asked; slow on a busy machine) and its row arrives: wait
    # for that checkpoint, with the bar saying "paused" all along; then it must stay so
    def paused_at_checkpoint() -> bool:
        text = _bar_text(panel)
        assert "paused" in text and "ETA" not in text
        steps = panel.plots.history.steps
        return bool(steps) and _saved_step(panel) == steps[-1] and f"step {steps[-1]} " in text

    qtbot.waitUntil(paused_at_checkpoint, timeout=30000)
    frozen_text, frozen_s = _bar_text(panel), panel._clock.elapsed()
    assert "paused" in frozen_text and "ETA" not in frozen_text
    qtbot.wait(400)
    assert _bar_text(panel) == frozen_text and panel._clock.elapsed() == frozen_s
    panel.bar.btn_pause.click()  # resume: the ETA comes back from fresh progress
    qtbot.waitUntil(lambda: "ETA" in _bar_text(panel) and "…" not in _bar_text(panel),
                    timeout=30000)  # (as long as the first ETA may take: 10 s ran out once in
    # a full suite beside a GUI session, s19)
    panel.bar.btn_stop.click()
    qtbot.waitUntil(lambda: panel.run_state == "stopped", timeout=5000)
    text = _bar_text(panel)
    assert text.startswith("stopped at step ") and text.endswith(" / 100,000")  # separators
    assert "ETA" not in text and "tok/s" not in text
    step = int(text.split()[3].replace(",", ""))
    assert step == panel.plots.history.steps[-1]
    # replay of the stopped run: where it got to, and that it is not training
    assert panel.open_run(panel.run_dir)
    want = "replay: step {0:,} / 100,000 (not training)".format(step)
    qtbot.waitUntil(lambda: _bar_text(panel) == want, timeout=10000)  # read off the GUI thread
    assert panel.bar.progress.value() == step


def test_failed_start_does_not_say_starting_forever(qtbot, panel, tmp_path: Path  # noqa: ANN001
                                                   ) -> None:
    from gatelab.ui.trainer_jobs import new_run_folder

    panel._launch(_tiny(corpus=str(tmp_path / "missing.txt")), new_run_folder(), resume=False)
    assert _bar_text(panel).startswith("starting")
    _wait_done(qtbot, panel)
    assert panel.run_state == "error" and panel.bar.error.isVisible()
    assert _bar_text(panel) == "failed before the first step"
    # it never started: said as Start says it, not "The run ended with an error"
    assert panel.error_text.startswith("Not started: ") and "missing.txt" in panel.error_text
    # a new start clears the old error at once
    panel.controls.set_config(_tiny(steps=3, eval_interval=3))
    assert panel.start()
    assert not panel.bar.error.isVisible() and panel.error_text == ""
    _wait_done(qtbot, panel)
    assert _bar_text(panel) == "done: 3 steps"


def test_experiment_clears_the_trainer_bar(qtbot, panel) -> None:  # noqa: ANN001
    panel.bar.begin(200)
    panel.bar.show_progress(61, 200, 1234.0, 9.0, 60, "cpu")  # what a stopped run left behind
    panel.bar.set_error("an old error")
    assert "ETA" in _bar_text(panel)
    panel.controls.set_config(_tiny(steps=40, eval_interval=20))
    view = panel.experiment
    view.seeds.setValue(2)
    assert view.run()
    assert "experiment" in _bar_text(panel) and "61" not in _bar_text(panel)
    assert not panel.bar.error.isVisible()
    qtbot.waitUntil(lambda: view.progress.value() > 0, timeout=60000)
    view.btn_stop.click()
    qtbot.waitUntil(lambda: not view.is_busy(), timeout=30000)
    assert view.progress.format().startswith("stopped (")
    assert "seed" not in view.progress.format()
    assert _bar_text(panel) == "not started"
    # the experiment's first run is in the run list (read off the GUI thread), named with its
    # exp-… folder
    qtbot.waitUntil(lambda: any(row.name.startswith("exp-") and row.name.endswith("-seed7")
                                for row in panel.runs.rows), timeout=10000)


def test_a_late_sample_of_another_run_is_dropped(panel) -> None:  # noqa: ANN001
    # a sample answers with its job, whose token is (run folder, what the live page showed
    # when it was asked), and text
    from gatelab.ui.trainer_saved import SampleJob

    def answer(token: tuple[str, int], text: str, current: bool = True) -> None:
        job = SampleJob(token)
        if current:
            panel._sample_job = job
        panel._on_call_result("sample", (job, text, "", ""), "")

    panel.run_dir = "/runs/new"
    panel.live.set_sample("")
    shown = panel._shown_id
    answer(("/runs/old", shown), "text of the old run")
    assert panel.live.sample.toPlainText() == ""
    answer(("/runs/new", shown - 1), "before a restart")
    assert panel.live.sample.toPlainText() == ""  # the same folder, shown again since
    answer(("/runs/new", shown), "a cancelled sample", current=False)
    assert panel.live.sample.toPlainText() == ""  # another sample began, or it was cancelled
    answer(("/runs/new", shown), "text of this run")
    assert panel.live.sample.toPlainText() == "text of this run"


def test_run_folder_that_cannot_be_made_is_a_message(panel, monkeypatch) -> None:  # noqa: ANN001
    from gatelab.ui import trainer_panel

    def refuse() -> str:
        raise PermissionError(13, "Permission denied", "/runs")

    monkeypatch.setattr(trainer_panel, "new_run_folder", refuse)
    panel.bar.begin(200)
    panel.bar.show_progress(61, 200, 1234.0, 9.0, 60, "cpu")  # an earlier run's last state
    assert not panel.start()
    assert "cannot create a run folder" in panel.error_text and panel.bar.error.isVisible()
    assert _bar_text(panel) == "failed before the first step"
    assert not panel.controller.is_busy() and panel.bar.btn_start.isEnabled()
