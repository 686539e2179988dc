"""A window of rich text (About, Keyboard shortcuts) that scrolls and never outgrows the screen.

Why not QMessageBox: a message box grows to its text's full height. At 200 % scaling on a
1080 px screen (540 logical pixels) About was 1546 px and Keyboard shortcuts 1356 px tall, their
OK buttons and last rows below the screen's edge, with no way to scroll (walkthrough s21 #5).
Here the text sits in a read-only browser, and the window takes at most ``SCREEN_SHARE`` of the
screen's free height (and width); the rest scrolls.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

SCREEN_SHARE = 0.85  # of the screen's available height and width
TEXT_WIDTH = 560  # the width the text is laid out at when the screen has room for it


def show_text(parent: QWidget | None, title: str, html: str) -> QDialog:
    """Open a window-modal dialog showing ``html`` (deleted when closed) and return it; Esc,
    Enter or OK close it."""
    dialog = QDialog(parent)
    dialog.setObjectName("text-dialog")
    dialog.setWindowTitle(title)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    browser = QTextBrowser(dialog)
    browser.setOpenExternalLinks(True)
    browser.setHtml(html)
    browser.setFrameShape(QTextBrowser.Shape.NoFrame)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok, dialog)
    buttons.accepted.connect(dialog.accept)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    layout.addWidget(buttons)
    dialog.resize(_fitted(dialog, browser, buttons))
    buttons.button(QDialogButtonBox.StandardButton.Ok).setFocus()
    dialog.open()
    return dialog


def _fitted(dialog: QDialog, browser: QTextBrowser, buttons: QDialogButtonBox) -> QSize:
    """The text's own size at ``TEXT_WIDTH`` (less on a narrow screen), capped to the screen."""
    screen = (dialog.screen() or QGuiApplication.primaryScreen()).availableGeometry()
    most_w, most_h = int(screen.width() * SCREEN_SHARE), int(screen.height() * SCREEN_SHARE)
    margins = dialog.layout().contentsMargins()
    frame_w = margins.left() + margins.right() + browser.verticalScrollBar().sizeHint().width()
    width = min(TEXT_WIDTH, most_w - frame_w)
    document = browser.document()
    document.setTextWidth(width)
    text_h = int(document.size().height()) + 2 * browser.frameWidth() + 4
    chrome_h = (margins.top() + margins.bottom() + dialog.layout().spacing()
                + buttons.sizeHint().height())
    return QSize(width + frame_w, min(text_h + chrome_h, most_h))
