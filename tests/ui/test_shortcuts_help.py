"""Help → Keyboard shortcuts lists what the keys really do: read from the menu actions, plus the
keys panels handle (checked against the widgets that own them)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from gatelab.ui import text_dialog
from gatelab.ui.shortcuts_help import action_rows, panel_rows, shortcuts_html


def test_the_help_menu_offers_the_shortcuts(qtbot, main_window, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    menu = main_window._help_menu
    texts = [a.text() for a in menu.actions()]
    assert "&Keyboard shortcuts…" in texts and "&About gatelab" in texts
    keys = next(a for a in menu.actions() if a.text() == "&Keyboard shortcuts…")
    assert keys.shortcut() == QKeySequence("Ctrl+/")
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(text_dialog, "show_text",
                        lambda _parent, title, text: shown.append((title, text)))
    keys.trigger()
    assert shown and shown[0][0] == "Keyboard shortcuts"
    text = shown[0][1]
    for key, what in (("Ctrl+1", "Activation curves"), ("Ctrl+6", "Forward pass"),
                      ("F2", "Try this cards"), ("Ctrl+S", "Save state"), ("Ctrl+O", "Open state"),
                      ("Ctrl+Shift+C", "Copy state"), ("F1", "About gatelab"),
                      ("Ctrl+/", "Keyboard shortcuts"), ("Ctrl+Return", "start training")):
        assert f"<b>{key}</b>" in text and what in text, (key, what)
    every = [a for m in (main_window._file_menu, main_window._view_menu, menu) for a in m.actions()
             if not a.shortcut().isEmpty()]
    assert len(action_rows(every)) == len(every) >= 12  # nothing with a key is left out


def test_ctrl_return_starts_training_after_every_retranslate(qtbot, main_window) -> None:  # noqa: ANN001
    """The Start button's text replaced its shortcut (QAbstractButton.setText sets the text's
    mnemonic as the shortcut), so Ctrl+Return did nothing although its tooltip named it."""
    trainer = main_window.show_tab("trainer")
    rows = dict(panel_rows())
    for _ in range(2):
        assert trainer.bar.btn_start.shortcut() == QKeySequence("Ctrl+Return")
        assert "Ctrl+Return" in rows and "Ctrl+Return" in trainer.bar.btn_start.toolTip()
        trainer.retranslate()
    clicks: list[bool] = []
    trainer.bar.btn_start.clicked.disconnect()
    trainer.bar.btn_start.clicked.connect(lambda: clicks.append(True))
    main_window.activateWindow()
    qtbot.waitUntil(main_window.isActiveWindow, timeout=3000)
    QTest.keyClick(main_window.windowHandle(), Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: clicks == [True], timeout=3000)


def test_the_table_is_escaped() -> None:
    assert shortcuts_html([("A<B", "x & y")]) == (
        "<table cellspacing='4'><tr><td><b>A&lt;B</b>&nbsp;&nbsp;</td><td>x &amp; y</td></tr></table>")


def test_ctrl_period_stops_the_run_after_every_retranslate(qtbot, main_window) -> None:  # noqa: ANN001
    """Stop had no key: a learner who started with Ctrl+Return could only reach Stop by a long
    Tab walk over the plots (walkthrough s15 F7). Ctrl+. presses Stop, and the tables list it."""
    trainer = main_window.show_tab("trainer")
    assert "Ctrl+." in dict(panel_rows())
    for _ in range(2):
        assert trainer.bar.btn_stop.shortcut() == QKeySequence("Ctrl+.")
        assert "(Ctrl+.)" in trainer.bar.btn_stop.toolTip()
        trainer.retranslate()
    clicks: list[bool] = []
    trainer.bar.btn_stop.clicked.disconnect()
    trainer.bar.btn_stop.clicked.connect(lambda: clicks.append(True))
    trainer.bar.btn_stop.setEnabled(True)  # (as while a run trains)
    main_window.activateWindow()
    qtbot.waitUntil(main_window.isActiveWindow, timeout=3000)
    QTest.keyClick(main_window.windowHandle(), Qt.Key.Key_Period, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: clicks == [True], timeout=3000)
