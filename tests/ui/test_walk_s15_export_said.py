"""An export says where it went, in the window's status bar (walkthrough s15: after Export…
nothing confirmed that the picture was written, nor where)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from tests.ui.conftest import FakeSaveDialog


def test_an_export_is_said_in_the_status_bar(qtbot, main_window, dialog: FakeSaveDialog,  # noqa: ANN001
                                             tmp_path: Path) -> None:
    trainer = main_window.show_tab("trainer")
    card = trainer.plots.loss
    target = tmp_path / "loss.png"
    dialog.answer = (str(target), "")
    qtbot.mouseClick(card.export_button, Qt.MouseButton.LeftButton)
    assert target.is_file()
    assert main_window.statusBar().currentMessage() == f"Saved {target}"
    dialog.answer = (str(tmp_path / "missing" / "loss.png"), "")  # a failure: a box, no "Saved"
    main_window.statusBar().clearMessage()
    qtbot.mouseClick(card.export_button, Qt.MouseButton.LeftButton)
    assert main_window.statusBar().currentMessage() == ""
    assert dialog.warnings and "missing" in dialog.warnings[-1]
