"""Qt's own dialog strings that Qt's shipped Chinese catalogue (qtbase_zh_CN.qm) lacks.

Why: Qt 6 gave the file dialog's labels mnemonics ("&Look in:", "Files of &type:") and moved
"Folder" to QAbstractFileIconProvider, but qtbase_zh_CN.qm still holds the Qt 5 strings, so
gatelab's Chinese file dialogs showed those three in English beside Chinese buttons (found by a
walkthrough). Listed here, pyside6-lupdate extracts them into gatelab's own catalogue under Qt's
contexts; Qt asks every installed translator, so ours answers where Qt's is silent. Nothing in
gatelab calls this at run time except the test that checks the dialog.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def qt_dialog_strings() -> tuple[str, ...]:
    """The strings, as the current language shows them."""
    translate = QCoreApplication.translate
    return (
        translate("QFileDialog", "&Look in:"),
        translate("QFileDialog", "Files of &type:"),
        translate("QAbstractFileIconProvider", "Folder", "All other platforms"),
    )


__all__ = ["qt_dialog_strings"]
