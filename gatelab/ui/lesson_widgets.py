"""The lesson card's own widgets: wrapping labels that show lesson text as typed, and the
step button whose title wraps (kept apart from ``lesson_card``, which arranges them)."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QMargins, QObject, QRect, QSize, Qt
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QWidget,
)


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A wrapping label that shows ``text`` as typed. Why: a lesson sentence such as "0 for every
    z < 0" is otherwise guessed to be rich text and everything after the "<" vanishes."""
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


def bold_then(head: str, rest: str = "") -> str:
    """Rich text: ``head`` in bold, then ``rest``, both escaped (lesson text is plain text)."""
    return f"<b>{html.escape(head)}</b>" + (" " + html.escape(rest) if rest else "")


class ClickLabel(QLabel):
    """A wrapping label that chooses its radio button when clicked, like the button's own text,
    and draws the button's keyboard focus around itself. Why: the style draws a radio's focus
    around the radio's own text, and these radios have none, so a learner choosing with the
    arrow keys could hardly see which choice had the focus."""

    def __init__(self, text: str, radio: QRadioButton, parent: QWidget) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self._radio = radio
        radio.installEventFilter(self)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if event.button() == Qt.MouseButton.LeftButton:
            self._radio.click()
        super().mouseReleaseEvent(event)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if obj is self._radio and event.type() in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
            self.update()
        return False

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        super().paintEvent(event)
        if self._radio.hasFocus():  # drawn, not a border: the label keeps its geometry
            painter = QPainter(self)
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), 1,
                                Qt.PenStyle.DotLine))
            painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
            painter.end()


class StepButton(QPushButton):
    """A push button whose title wraps onto more lines at the card's width.

    A QPushButton cannot wrap: long step titles ("Qwen3.5-0.8B: MLP vs embedding") were cut at
    the card's edge at 1280 px. ``text()`` keeps the whole title (tests, screen readers); only
    the painting and the height for a width are this class's own.
    """

    PADDING = QMargins(7, 5, 7, 5)  # the style sheet's 4px 6px, plus the frame
    MAX_WIDTH = 240  # the card's width hint: wider titles wrap instead of widening the card

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setStyleSheet("padding: 4px 6px;")
        policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _text_rect(self, width: int) -> QRect:
        """The wrapped title's bounding box for a button ``width`` pixels wide."""
        inner = max(1, width - self.PADDING.left() - self.PADDING.right())
        return self.fontMetrics().boundingRect(QRect(0, 0, inner, 100_000),
                                               int(Qt.TextFlag.TextWordWrap), self.text())

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        return self._text_rect(width).height() + self.PADDING.top() + self.PADDING.bottom()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        pad = self.PADDING.left() + self.PADDING.right()
        width = min(self.fontMetrics().horizontalAdvance(self.text()) + pad + 1, self.MAX_WIDTH)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(0, self.heightForWidth(self.MAX_WIDTH))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        """The style's button with no text, then the title wrapped inside the padding."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = ""
        painter = QStylePainter(self)
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                    | Qt.TextFlag.TextWordWrap)
        self.style().drawItemText(painter, self.rect().marginsRemoved(self.PADDING), flags,
                                  option.palette, self.isEnabled(), self.text(),
                                  QPalette.ColorRole.ButtonText)
