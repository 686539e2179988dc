"""Qt's own file dialog in Chinese: no English label left (Qt's qtbase_zh_CN.qm lacks the Qt 6
strings "&Look in:", "Files of &type:" and "Folder"; gatelab's catalogue supplies them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QTreeView

from gatelab.ui.language import set_language
from gatelab.ui.qt_strings import qt_dialog_strings


@pytest.fixture
def chinese(qapp) -> Iterator[None]:  # noqa: ANN001
    assert set_language("zh_CN") == "zh_CN"
    yield
    set_language("en")


def test_the_folder_dialog_reads_chinese(qtbot, chinese, tmp_path: Path) -> None:  # noqa: ANN001
    (tmp_path / "sub").mkdir()
    dialog = QFileDialog(None, "x", str(tmp_path))
    qtbot.addWidget(dialog)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.show()
    labels = {label.text() for label in dialog.findChildren(QLabel) if label.text()}
    assert {"查找范围(&L)：", "文件类型(&T)："} <= labels, labels
    assert not {"&Look in:", "Files of &type:"} & labels
    view = dialog.findChildren(QTreeView)[0]
    model = view.model()

    def folder_type() -> str:
        root = view.rootIndex()
        rows = [model.index(r, 0, root) for r in range(model.rowCount(root))]
        sub = next((i for i in rows if i.data() == "sub"), None)
        return "" if sub is None else str(model.index(sub.row(), 2, root).data())

    qtbot.waitUntil(lambda: folder_type() != "", timeout=3000)
    assert folder_type() == "文件夹"
    assert model.headerData(0, Qt.Orientation.Horizontal) == "名称"  # Qt's own catalogue too


def test_english_keeps_qt_s_words(qapp) -> None:  # noqa: ANN001
    set_language("en")
    assert qt_dialog_strings() == ("&Look in:", "Files of &type:", "Folder")
    QApplication.processEvents()
