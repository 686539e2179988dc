"""The window's status line when a run starts (walkthrough s16 #9a).

After Runs → Open (replay plots), starting a new run kept "Opened run <folder>" of the replay in
the status bar while the header already named the new run; it was replaced only when the first
step arrived, ~2 s later. Starting a run now drops the older line at once.
"""

from __future__ import annotations

from gatelab.core.trainconfig import TrainConfig
from tests.ui.conftest import TINY_TRAIN, settle, show_tab_at


def test_starting_a_run_drops_the_replays_opened_line(qtbot, main_window) -> None:  # noqa: ANN001
    trainer = show_tab_at(qtbot, main_window, "trainer")
    bar = main_window.statusBar()
    trainer.status_changed.emit("Opened run /tmp/runs/run-20261203-000000-aaaa")
    assert bar.currentMessage().startswith("Opened run")
    trainer.controls.set_config(TrainConfig(**{**TINY_TRAIN, "steps": 100_000}))
    assert trainer.start()
    settle()
    name = trainer.run_dir.rsplit("/", 1)[-1]
    assert "Opened run" not in bar.currentMessage()  # before any step has arrived
    assert trainer.live.isVisible() and name in trainer.live.title.text()
    trainer.stop()
    qtbot.waitUntil(lambda: not trainer.controller.is_busy(), timeout=60000)


def test_ready_is_said_again_in_the_new_language(qtbot, main_window) -> None:  # noqa: ANN001
    """A switch within the first 3 s left "Ready" in the old language until it timed out."""
    from PySide6.QtCore import QCoreApplication

    from tests.ui.conftest import WrappingTranslator

    bar = main_window.statusBar()
    bar.showMessage(main_window.tr("Ready"), 60_000)  # as at start-up, however slow the machine
    translator = WrappingTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        main_window.retranslate()
        assert bar.currentMessage() == "«Ready»"
        assert 50_000 < bar._timer.remainingTime() <= 63_000  # it goes when it would have (±5 %: Qt's coarse timers)
    finally:
        QCoreApplication.removeTranslator(translator)
    main_window.retranslate()
    assert bar.currentMessage() == "Ready"
    bar.showMessage("Run run-1 saved", 8000)  # any other message is left as it is
    main_window.retranslate()
    assert bar.currentMessage() == "Run run-1 saved"


def test_the_training_pointer_is_on_disk_once_a_run_trains(qtbot, main_window,  # noqa: ANN001
                                                            settings) -> None:  # noqa: ANN001
    """Probe s17 #3: killed within 20 s of Start (before the first autosave), the next launch
    did not name the interrupted run; the pointer is now written when the run starts, and
    cleared when it ends."""
    from PySide6.QtCore import QSettings

    from gatelab.ui.trainer_saved import TRAINING_KEY

    def on_disk() -> object:  # what a fresh launch would read
        return QSettings(settings.fileName(), QSettings.Format.IniFormat).value(
            f"panels/trainer/{TRAINING_KEY}", None)

    main_window._autosave.stop()  # only the run's own request may write it
    trainer = show_tab_at(qtbot, main_window, "trainer")
    trainer.controls.set_config(TrainConfig(**{**TINY_TRAIN, "steps": 100_000}))
    assert trainer.start()
    qtbot.waitUntil(lambda: on_disk() == trainer.run_dir, timeout=60000)
    trainer.stop()
    qtbot.waitUntil(lambda: not trainer.controller.is_busy(), timeout=60000)
    qtbot.waitUntil(lambda: on_disk() == "", timeout=10000)
