"""A daily user who meets the same refusal many times keeps one error box, not one per refusal
(soak s24).

Before: the Budget tab's ``report_error`` closed the previous box and made a new one, parented
to the panel; a closed QMessageBox is only hidden, so every failed import or export left a
hidden box (with its buttons, labels and layout: ~20 QObjects) alive for the rest of the session.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox


def test_thirty_failed_imports_leave_one_error_box(qtbot, budget_panel,  # noqa: ANN001
                                                   tmp_path: Path) -> None:
    from tests.ui.conftest import load_budget_file

    bad = tmp_path / "config.json"
    bad.write_text("{ not json", encoding="utf-8")
    for _ in range(30):
        assert not load_budget_file(budget_panel, qtbot, "config", bad)
        qtbot.wait(5)  # the event loop runs (a deferred delete happens here)
    boxes = budget_panel.findChildren(QMessageBox)
    assert boxes == [budget_panel._error_box]  # the one on screen, none hidden behind it
    assert budget_panel._error_box.isVisible()
    assert "config.json" in budget_panel.last_error
