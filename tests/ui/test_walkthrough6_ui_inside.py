"""Walkthrough 6, item 5: Inside → Source "Live run (trainer tab)" names the run's real status.

With the trainer replaying a run that had stopped at 163/300, the line said "The trainer's run
run-… (finished)": the trainer's state of the last run it trained. The line now says what the
Runs table says for the run on the trainer's page.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from gatelab.core.trainconfig import TrainConfig
from tests.ui.conftest import settle

CFG = TrainConfig(corpus="generated", variant="swiglu", n_layer=1, n_embd=32, n_head=2,
                  block_size=16, batch_size=4, steps=6, eval_interval=3, warmup_steps=1, seed=3,
                  device="cpu", stats_interval=3, checkpoint_interval=3, threads=1,
                  sample_chars=10)


def test_a_replayed_stopped_run_is_called_stopped(qtbot, main_window) -> None:  # noqa: ANN001
    window = main_window
    window.resize(1280, 800)
    inside = window.show_tab("inside")
    inside.source.set_kind("live")
    trainer = window.show_tab("trainer")
    trainer.controls.set_config(CFG)
    assert trainer.start()
    qtbot.waitUntil(lambda: trainer.run_state == "finished"
                    and not trainer.controller.is_busy(), timeout=60000)
    trained = Path(trainer.run_dir)
    window.show_tab("inside")
    label = inside.source.live_label
    qtbot.waitUntil(lambda: trained.name in label.text(), timeout=5000)
    assert f"The trainer's run {trained.name} (finished)" in label.text()

    stopped = Path(shutil.copytree(trained, trained.with_name("run-stopped-at-3")))
    summary = json.loads((stopped / "run.json").read_text())
    (stopped / "run.json").write_text(json.dumps({**summary, "status": "stopped", "steps": 3}))
    window.show_tab("trainer")
    assert trainer.open_run(str(stopped))
    qtbot.waitUntil(lambda: trainer.run_dir == str(stopped), timeout=10000)
    assert trainer.run_state == "finished"  # the trainer's state: still the last run it trained
    window.show_tab("inside")
    settle()
    qtbot.waitUntil(lambda: stopped.name in label.text(), timeout=5000)
    assert label.text().startswith(f"The trainer's run {stopped.name} (stopped), traced from")
    assert "finished" not in label.text()
