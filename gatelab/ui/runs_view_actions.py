"""Deleting a run from the Runs list: the refusal that comes before the question, and the question.

Why apart from ``runs_view``: the view had no room left, and the order matters on its own. A run
that another process trains (another app instance, ``gatelab-train``, a resume that holds the
folder's lock) used to be refused only after the user had answered Yes to "Delete this run and
all its files?": a question whose Yes could never be carried out. ``delete_refusal`` says why
first, in the words ``core.runs.delete_run`` refuses with (it still checks again, for a run that
starts between the question and the answer).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMessageBox, QWidget

from gatelab.ui.messages import message_text

# on the Runs table: Delete… (s23 D10). The key itself, not StandardKey.Delete: a standard key
# asks the platform theme, which does not exist before the QApplication (a crash at import)
DELETE_KEY = QKeySequence(Qt.Key.Key_Delete)


def delete_refusal(path: str) -> str:
    """Why the run at ``path`` must not be deleted now (another process trains it, holds its
    folder's lock, or its experiment still trains: ``core.runs.delete_busy``), in one line; ""
    when it may be asked about."""
    from gatelab.core.runs import delete_busy  # (imports no torch)

    busy = delete_busy(path)  # what delete_run would refuse
    return message_text(busy) if busy else ""


def ask_delete(parent: QWidget, path: str) -> bool:
    """Ask whether to delete the run at ``path`` and all its files (No is the default)."""
    answer = QMessageBox.question(
        parent, QCoreApplication.translate("RunsView", "Delete run?"),
        QCoreApplication.translate("RunsView",
                                   "Delete this run and all its files?\n\n{0}").format(path),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


__all__ = ["DELETE_KEY", "ask_delete", "delete_refusal"]
