"""About and Keyboard shortcuts fit the screen and scroll (walkthrough s21 #5: at 200 % on a
1080 px screen they were 1546 and 1356 px tall, their OK buttons below the screen's edge)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser

from gatelab.ui.text_dialog import SCREEN_SHARE, show_text


def _parts(dialog: QDialog) -> tuple[QTextBrowser, QDialogButtonBox]:
    return dialog.findChild(QTextBrowser), dialog.findChild(QDialogButtonBox)


def test_a_long_text_scrolls_in_a_window_no_taller_than_the_screen(qtbot) -> None:  # noqa: ANN001
    html = "".join(f"<p>row {i}: Ctrl+{i}</p>" for i in range(200))
    dialog = show_text(None, "Keyboard shortcuts", html)
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    screen = dialog.screen().availableGeometry()
    assert dialog.frameGeometry().height() <= screen.height()
    assert dialog.height() <= int(screen.height() * SCREEN_SHARE)
    browser, buttons = _parts(dialog)
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    top_left = ok.mapTo(dialog, ok.rect().topLeft())
    assert dialog.rect().contains(top_left) and top_left.y() + ok.height() <= dialog.height()
    assert ok.isVisible()
    bar = browser.verticalScrollBar()
    assert bar.maximum() > 0  # the rest is a scroll away
    bar.setValue(bar.maximum())
    assert "row 199" in browser.toPlainText()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_a_short_text_gets_a_window_of_its_own_size(qtbot) -> None:  # noqa: ANN001
    dialog = show_text(None, "About", "<h3>gatelab</h3><p>One line.</p>")
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    browser, _buttons = _parts(dialog)
    assert browser.verticalScrollBar().maximum() == 0  # all of it shows
    assert dialog.height() < 300


def test_f1_and_ctrl_slash_open_it_with_the_whole_table(qtbot, main_window) -> None:  # noqa: ANN001
    main_window.show_shortcuts()
    dialog = main_window.findChild(QDialog, "text-dialog")
    assert dialog is not None and dialog.isVisible()
    browser, _buttons = _parts(dialog)
    assert "Ctrl+Shift+Tab" in browser.toPlainText()
    assert dialog.height() <= int(dialog.screen().availableGeometry().height() * SCREEN_SHARE)
    dialog.accept()
    main_window.show_about()
    about = [d for d in main_window.findChildren(QDialog, "text-dialog") if d.isVisible()]
    assert len(about) == 1 and "gatelab 0.1.0" in _parts(about[0])[0].toPlainText()
    about[0].accept()
