"""The trainer form says which field stops Start, where the user looks (walkthrough of
2026-12-01: "abc" in Learning rate left Start disabled with the reason below the fold)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QScrollArea

from tests.ui.conftest import settle, tiny_trainer


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    widget = tiny_trainer(qtbot, (1280, 800), settle=True)
    yield widget
    widget.shutdown()


def _marked(controls) -> set[str]:  # noqa: ANN001
    """The rows drawn in the error colour."""
    return {key for key, label in controls._labels.items() if "#b00020" in label.styleSheet()}


def test_bad_learning_rate_marks_its_row_and_clears_when_fixed(panel) -> None:  # noqa: ANN001
    c = panel.controls
    c.lr.setText("abc")
    assert _marked(c) == {"lr"}
    assert c._labels["lr"].toolTip() == c.error.text() and "'abc'" in c.error.text()
    assert c.invalid_fields() == ("lr",)
    c.lr.setText("3e-4")
    assert _marked(c) == set() and c._labels["lr"].toolTip() == "" and not c.error.isVisible()


def test_a_rule_across_fields_marks_both(panel) -> None:  # noqa: ANN001
    c = panel.controls
    c.heads.setValue(4)
    c.width.setValue(30)  # 30 is not divisible by 4 heads
    assert "divisible" in c.error.text()
    assert _marked(c) == {"n_embd", "n_head"}
    c.width.setValue(32)
    assert _marked(c) == set()


def test_reveal_error_scrolls_the_field_into_view_and_focuses_it(qtbot, panel) -> None:  # noqa: ANN001
    c = panel.controls
    area = next(w for w in _ancestors(c) if isinstance(w, QScrollArea))
    c.lr.setText("abc")
    settle()
    area.verticalScrollBar().setValue(0)  # (the form brought its new message into view: back up)
    settle()
    view = area.viewport()

    def on_screen(widget) -> bool:  # noqa: ANN001
        return view.rect().contains(QRect(widget.mapTo(view, QPoint(0, 0)), widget.size()))

    assert not on_screen(c.error)  # the message is below the fold at 1280×800
    c.reveal_error()
    settle()
    assert on_screen(c.error) and on_screen(c.lr)
    qtbot.waitUntil(lambda: c.lr.hasFocus(), timeout=2000)


def _ancestors(widget):  # noqa: ANN001, ANN202
    parent = widget.parentWidget()
    while parent is not None:
        yield parent
        parent = parent.parentWidget()


def test_start_key_on_a_bad_form_says_why_beside_start_and_shows_the_field(qtbot, panel) -> None:  # noqa: ANN001
    """Start is disabled while the form cannot start; its shortcut still answers: the reason in
    the run bar's error line and the field on screen, focused. Nothing starts."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    c = panel.controls
    c.lr.setText("abc")
    assert not panel.bar.btn_start.isEnabled()
    panel.bar.btn_start.setFocus()
    QTest.keyClick(panel.bar.btn_start, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "learning rate" in panel.error_text, timeout=2000)
    assert panel.error_text.startswith("Not started:") and not panel.controller.is_busy()
    qtbot.waitUntil(lambda: c.lr.hasFocus(), timeout=2000)
    c.lr.setText("1e-3")  # fixed: Start works again and the shortcut is Start's own
    assert panel.bar.btn_start.isEnabled() and not panel._explain_key.isEnabled()
