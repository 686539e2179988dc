"""Last round's trainer leftovers, each pinned by a regression test.

Why: step counts read "step 12345 / 1000000"; the end of a run was said twice ("Finished" under
the bar and again in the status bar, next to "done: … steps"); replaying a saved run left the
form on other settings; a failed resume left the previous replay's bar ("replay: step …") under
its error; notes in the sample box ("No checkpoint yet…") outlived the run they were about.
"""

from __future__ import annotations

from pathlib import Path

from gatelab.ui.trainer_worker import Outcome
from tests.ui.test_trainer_panel import _tiny, _wait_done, panel  # noqa: F401 (fixture)


def _bar(panel) -> str:  # noqa: ANN001
    return panel.bar.progress.format()


def test_step_counts_have_thousands_separators(panel) -> None:  # noqa: ANN001
    bar = panel.bar
    bar.begin(1_000_000)
    bar.show_progress(12_345, 1_000_000, 4321.0, 10.0, 10_000, "cpu")
    assert _bar(panel).startswith("step 12,345 / 1,000,000 · 4,321 tok/s · ETA ")
    bar.set_paused(True)
    assert _bar(panel) == "step 12,345 / 1,000,000 · paused"
    bar.end("stopped")
    assert _bar(panel) == "stopped at step 12,345 / 1,000,000"
    bar.end("finished")
    assert _bar(panel) == "done: 1,000,000 steps"
    bar.show_replay(2_500, 10_000)
    assert _bar(panel) == "replay: step 2,500 / 10,000 (not training)"


def test_end_of_run_said_once_then_replay_loads_its_settings(qtbot, panel) -> None:  # noqa: ANN001
    said: list[str] = []
    panel.status_changed.connect(said.append)
    panel.controls.set_config(_tiny(steps=4, eval_interval=2, variant="gelu", seed=11))
    assert panel.start()
    _wait_done(qtbot, panel)
    assert panel.run_state == "finished"
    shown = [panel.bar.state.text() if panel.bar.state.isVisible() else "", _bar(panel),
             said[-1]]
    ending = [text for text in shown if "finish" in text.lower() or "done" in text.lower()]
    assert ending == ["done: 4 steps"], shown
    assert "saved" in said[-1]  # the status bar says where the run went instead
    qtbot.waitUntil(lambda: panel.runs.row_for(panel.run_dir) is not None, timeout=10000)

    # replay: the form takes the run's own settings; an old error and a note are gone
    run = panel.run_dir
    panel.controls.set_config(_tiny(steps=900, variant="swiglu", seed=3, n_embd=64))
    panel._show_error(lambda _p: "an old error")
    panel._note_sample("No checkpoint yet: …")
    assert panel.open_run(run)
    qtbot.waitUntil(lambda: _bar(panel).startswith("replay:"), timeout=10000)
    cfg = panel.controls.config()
    assert (cfg.steps, cfg.variant, cfg.seed, cfg.n_embd, cfg.eval_interval) == (4, "gelu", 11,
                                                                                32, 2)
    assert not panel.bar.error.isVisible() and panel.error_text == ""
    assert "No checkpoint" not in panel.live.sample.toPlainText()

    # a resume whose folder cannot be read is refused before anything started: a notice, and
    # the replay on screen stays as it was (session 10, finding 1: was cleared as if it failed)
    sample = panel.live.sample.toPlainText()
    assert panel.resume_run(str(Path(run).parent / "no-such-run"))
    qtbot.waitUntil(lambda: panel.error_text.startswith("Could not read the run"), timeout=10000)
    assert _bar(panel).startswith("replay:") and panel.bar.state.text() == "Replay"
    assert panel.bar.error.isVisible() and panel.bar.showing_notice()
    assert panel.live.sample.toPlainText() == sample


def test_notes_in_the_sample_box_end_with_the_run(panel, tmp_path: Path) -> None:  # noqa: ANN001
    run = tmp_path / "run-x"
    run.mkdir()
    (run / "metrics.jsonl").write_text("")  # not empty: the folder is kept
    panel.run_dir = str(run)
    panel.request_sample()
    assert panel.live.sample.toPlainText().startswith("No checkpoint yet")
    panel._on_done(Outcome("stopped", "", str(run)))
    assert panel.live.sample.toPlainText() == ""
    assert _bar(panel).startswith("stopped")
    assert not panel.bar.state.text()  # the bar alone says how it ended
    panel.live.set_sample("a real sample")
    panel._first_step = 1  # it trained, then failed
    panel._on_done(Outcome("error", "boom", str(run)))
    assert panel.live.sample.toPlainText() == "a real sample"  # model text stays
    assert panel.error_text == "The run ended with an error: boom"
