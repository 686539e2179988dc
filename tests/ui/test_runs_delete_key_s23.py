"""The Delete key on the Runs list asks to delete the selected run, as Delete… does, and the
table has a name a screen reader can say (keyboard probe s23 D10: the key did nothing).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from gatelab.paths import runs_dir
from tests.core.test_runs_s9_delete import CFG, make_run
from tests.ui.conftest import trainer_with
from tests.ui.test_runs_s9_delete_ui import _listed


def test_delete_key_asks_then_deletes_the_selected_run(qtbot) -> None:  # noqa: ANN001
    panel = trainer_with(qtbot, CFG)
    try:
        keep, gone = make_run(runs_dir() / "run-keep"), make_run(runs_dir() / "run-gone")
        panel.views.setCurrentWidget(panel.runs)
        _listed(qtbot, panel)
        assert panel.runs.select_path(str(gone))
        asked: list[str] = []
        panel.runs.confirm_delete = lambda path: asked.append(path) or False  # No first
        panel.show()
        qtbot.waitExposed(panel)
        panel.activateWindow()
        panel.runs.table.setFocus()
        qtbot.waitUntil(panel.runs.table.hasFocus, timeout=3000)
        QTest.keyClick(panel.runs.table, Qt.Key.Key_Delete)
        assert asked == [str(gone)] and gone.exists()
        panel.runs.confirm_delete = lambda path: asked.append(path) or True
        QTest.keyClick(panel.runs.table, Qt.Key.Key_Delete)
        assert asked == [str(gone), str(gone)]
        assert not gone.exists() and keep.exists()
        assert panel.runs.table.accessibleName() == "Saved runs"
    finally:
        panel.shutdown()
