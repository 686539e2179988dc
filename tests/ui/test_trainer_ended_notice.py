"""A run that was training when the app closed (or died after its last autosave) is named at the
next launch, with where it stopped, and selected under Runs: the walkthrough's relaunch showed
the intro page and nothing else, and the run could only be found by looking through Runs."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from gatelab.core.trainconfig import TrainConfig
from tests.ui.conftest import TINY_TRAIN, tiny_trainer


def _train_then_save_while_busy(qtbot, settings: QSettings) -> str:  # noqa: ANN001
    """Start a long run, save the settings while it trains (as a close or an autosave does),
    then close the panel (the run stops and is saved)."""
    panel = tiny_trainer(qtbot, settle=True)
    panel.controls.set_config(TrainConfig(**{**TINY_TRAIN, "steps": 100_000}))
    assert panel.start()
    qtbot.waitUntil(lambda: panel.bar.progress.value() >= 3, timeout=30000)
    panel.save_settings(settings)
    run = panel.run_dir
    panel.shutdown()
    return run


def test_the_next_launch_names_the_run_that_was_training(qtbot, settings: QSettings) -> None:  # noqa: ANN001
    run = _train_then_save_while_busy(qtbot, settings)
    assert settings.value("training_at_exit") == run
    second = tiny_trainer(qtbot)
    second.restore_settings(settings)
    qtbot.waitUntil(lambda: bool(second.error_text), timeout=20000)
    name = Path(run).name
    assert second.error_text.startswith(f"gatelab closed while run {name} was training; it is "
                                        f"saved at step ")
    assert "of 100,000. Select it under Runs and press Resume training" in second.error_text
    assert second._notice  # a notice, not a failure: the bar does not say "failed"
    assert "failed" not in second.bar.progress.format()
    qtbot.waitUntil(lambda: second.runs.selected_path() == run, timeout=20000)
    second.save_settings(settings)  # idle now: the next launch has nothing to say
    assert settings.value("training_at_exit") == ""
    second.shutdown()


def test_nothing_is_said_for_a_run_finished_since(qtbot, settings: QSettings, tmp_path: Path) -> None:  # noqa: ANN001
    panel = tiny_trainer(qtbot, settle=True)
    assert panel.start()  # 5 steps: it finishes
    qtbot.waitUntil(lambda: not panel.controller.is_busy(), timeout=60000)
    settings.setValue("training_at_exit", panel.run_dir)  # as if saved while it still trained
    panel.shutdown()
    second = tiny_trainer(qtbot)
    second.restore_settings(settings)
    qtbot.wait(1500)
    assert second.error_text == ""
    second.restore_settings(_with(settings, str(tmp_path / "gone")))  # a deleted run: quiet too
    qtbot.wait(1000)
    assert second.error_text == ""
    second.shutdown()


def _with(settings: QSettings, run: str) -> QSettings:
    settings.setValue("training_at_exit", run)
    return settings


def test_an_idle_second_window_leaves_the_training_windows_pointer(qtbot, settings: QSettings  # noqa: ANN001
                                                                    ) -> None:
    """Two windows on one settings file: closing the idle one (or its autosave) wrote "" over
    the run the other trained, so after the training one was killed the next launch said
    nothing (probe s15 F1). Only a window that trains, or that read the pointer of a run no
    longer training, writes it."""
    first = tiny_trainer(qtbot, settle=True)
    first.controls.set_config(TrainConfig(**{**TINY_TRAIN, "steps": 100_000}))
    assert first.start()
    qtbot.waitUntil(lambda: first.bar.progress.value() >= 3, timeout=30000)
    first.save_settings(settings)  # its autosave
    run = first.run_dir
    idle = tiny_trainer(qtbot)
    idle.restore_settings(settings)  # reads the pointer of a run training now: says nothing
    qtbot.wait(1500)
    assert idle.error_text == ""
    idle.save_settings(settings)  # the idle window closes
    assert settings.value("training_at_exit") == run
    first.shutdown()  # (as if killed: the run is left stopped at its checkpoint)
    again = tiny_trainer(qtbot)
    again.restore_settings(settings)
    qtbot.waitUntil(lambda: bool(again.error_text), timeout=20000)
    assert again.error_text.startswith(f"gatelab closed while run {Path(run).name} was training")
    again.save_settings(settings)  # said once: its next save clears it
    assert settings.value("training_at_exit") == ""
    idle.shutdown()
    again.shutdown()
