"""The text, shaded token by token by one neuron's h: the heart of the neuron explorer.

Why a painted widget and not rich text: every token is a box whose colour says the sign (red
> 0, blue < 0) and whose depth says |h| relative to the largest |h| of that neuron on this text,
the current token is outlined, a selected span is underlined, a hover shows g, u, act(g) and h,
a click picks the token and a drag selects a span. Boxes are laid out once per text and width;
switching neuron only changes colours, which keeps a switch far below one frame.
"""

from __future__ import annotations

import html
import math
from pathlib import Path

import numpy as np
from PySide6.QtCore import QEvent, QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QTextDocument,
)
from PySide6.QtWidgets import QSizePolicy, QStyle, QStyleOption, QToolTip, QWidget

from gatelab.ui.widgets import fmt_number, mono_font

PAD_X, PAD_Y, GAP_X, GAP_Y = 3, 3, 2, 6
POS = np.array([178, 24, 43], dtype=np.float64)  # deep red at h = +max
NEG = np.array([33, 102, 172], dtype=np.float64)  # deep blue at h = −max
WHITE = np.array([255, 255, 255], dtype=np.float64)


def display_piece(token: str) -> str:
    """How a token is drawn: whitespace made visible, nothing ever empty."""
    if token == "":
        return "∅"
    return (token.replace("\n", "↵").replace("\t", "→").replace(" ", "·")
            .replace("\r", "␍"))


def shade_colours(values: np.ndarray) -> tuple[list[QColor], float]:
    """A diverging colour per value (white at 0, full colour at ±max|values|) and that max."""
    v = np.asarray(values, dtype=np.float64)
    finite = v[np.isfinite(v)]
    # no finite value at all (NaN weights): the scale is nan, not a "max 0.0000" (s19)
    scale = float(np.max(np.abs(finite))) if finite.size else (math.nan if v.size else 0.0)
    t = np.clip(v / scale, -1.0, 1.0) if scale > 0 else np.zeros_like(v)
    t = np.nan_to_num(t)
    colours: list[QColor] = []
    for x in t:
        end = POS if x >= 0 else NEG
        rgb = WHITE + abs(x) * (end - WHITE)
        colours.append(QColor(int(rgb[0]), int(rgb[1]), int(rgb[2])))
    return colours, scale


class StaticLabel(QWidget):
    """A read-only rich-text line or block of a fixed height whose text changes on every switch.

    Why not a QLabel: every new QLabel text asks the layout to recompute (``updateGeometry``),
    which re-lays out the whole tab and repaints far more than the label; this widget only
    repaints itself. ``text()`` returns what was set (rich text, like ``QLabel.text``).
    """

    def __init__(self, lines: int = 1, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._doc = QTextDocument(self)
        self._doc.setDocumentMargin(2)
        self._text = ""
        self._lines = lines
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(lines * QFontMetrics(self.font()).lineSpacing() + 8)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(max(self.minimumWidth(), 60), self.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(self.minimumWidth(), self.height())

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name)
        if text != self._text:
            self._text = text
            self._doc.setHtml(text)
            self.update()

    def text(self) -> str:
        return self._text

    def setStyleSheet(self, sheet: str) -> None:  # noqa: N802 (QLabel's name)
        """Colour, background and font size from a QLabel-like style sheet."""
        super().setStyleSheet(sheet)
        self._doc.setDefaultStyleSheet("body {" + sheet.replace("background:", "x:") + "}")
        font = self.font()
        for part in sheet.split(";"):
            if part.strip().startswith("font-size:") and part.strip().endswith("pt"):
                font.setPointSizeF(float(part.split(":")[1].strip()[:-2]))
        self._doc.setDefaultFont(font)
        self.setFixedHeight(self._lines * QFontMetrics(font).lineSpacing() + 8)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, "background" in sheet)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        if self.testAttribute(Qt.WidgetAttribute.WA_StyledBackground):
            opt = QStyleOption()
            opt.initFrom(self)
            self.style().drawPrimitive(QStyle.PrimitiveElement.PE_Widget, opt, painter, self)
        self._doc.setTextWidth(self.width())
        if self._lines == 1:  # one line: centred vertically, like a QLabel in a row of widgets
            painter.translate(0, max(0.0, (self.height() - self._doc.size().height()) / 2))
        self._doc.drawContents(painter, QRectF(0, 0, self.width(), self.height()))
        painter.end()


def text_colour(background: QColor) -> QColor:
    return QColor("#fff") if background.lightness() < 120 else QColor("#111")


class TokenStrip(QWidget):
    """Tokens as shaded boxes; ``token_clicked(i)`` on click, ``span_selected(start, stop)`` on
    drag. The keyboard does both (see ``keyPressEvent``): a span had no way without a mouse."""

    token_clicked = Signal(int)
    span_selected = Signal(int, int)
    height_changed = Signal(int)  # the height all tokens need at the current width

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        font = mono_font()
        font.setPointSizeF(max(font.pointSizeF(), 10.0) * 1.15)
        self.setFont(font)
        self.setAutoFillBackground(True)
        self.setStyleSheet("background: white;")
        self._tokens: list[str] = []
        self._pieces: list[str] = []
        self._values = np.zeros(0)
        self._colours: list[QColor] = []
        self._scale = 0.0
        self._tips: list[str] = []
        self._rects: list[QRect] = []
        self._layout_width = -1
        self._current = -1
        self._span = (0, 0)
        self._press: int | None = None
        self._drag_to: int | None = None

    # -- content ------------------------------------------------------------------------------
    def set_tokens(self, tokens: list[str]) -> None:
        self._tokens = list(tokens)
        self._pieces = [display_piece(t) for t in self._tokens]
        self._values = np.zeros(len(tokens))
        self._colours = [QColor("white")] * len(tokens)
        self._tips = [""] * len(tokens)
        self._current = -1
        self._span = (0, 0)
        self._layout_width = -1
        self._fit_height()
        self.updateGeometry()
        self.update()

    def resizeEvent(self, ev: object) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(ev)  # type: ignore[arg-type]
        self._fit_height()

    def _fit_height(self) -> None:
        """Tall enough for every line at this width (a scroll area around it scrolls)."""
        height = self.heightForWidth(max(self.width(), 100))
        if height != self.minimumHeight():
            self.setMinimumHeight(height)
        self.height_changed.emit(height)

    def set_values(self, values: np.ndarray, tips: list[str]) -> None:
        """Shade by ``values`` (one per token) and use ``tips`` as hover texts."""
        self._values = np.asarray(values, dtype=np.float64).copy()
        self._colours, self._scale = shade_colours(self._values)
        self._tips = list(tips)
        self.update()

    def set_current(self, token: int) -> None:
        if token != self._current:
            self._current = token
            self.update()

    def set_span(self, start: int, stop: int) -> None:
        if (start, stop) != self._span:
            self._span = (start, stop)
            self.update()

    def values(self) -> np.ndarray:
        return self._values.copy()

    def scale(self) -> float:
        return self._scale

    def colour_at(self, i: int) -> QColor:
        return self._colours[i]

    def tooltip_at(self, i: int) -> str:
        return self._tips[i] if 0 <= i < len(self._tips) else ""

    def token_rect(self, i: int) -> QRect:
        """Where token ``i`` is drawn, in widget coordinates (for tests and tooltips)."""
        self._ensure_layout()
        return QRect(self._rects[i])

    # -- layout -------------------------------------------------------------------------------
    def _ensure_layout(self) -> None:
        if self._layout_width == self.width() and len(self._rects) == len(self._pieces):
            return
        self._rects = self._flow(self.width())
        self._layout_width = self.width()

    def _flow(self, width: int) -> list[QRect]:
        fm = QFontMetrics(self.font())
        h = fm.height() + 2 * PAD_Y
        x, y, rects = 4, 4, []
        for piece in self._pieces:
            w = fm.horizontalAdvance(piece) + 2 * PAD_X
            if x > 4 and x + w > width - 4:
                x, y = 4, y + h + GAP_Y
            rects.append(QRect(x, y, w, h))
            x += w + GAP_X
        return rects

    def lines_height(self, lines: int) -> int:
        """The height ``lines`` lines of tokens take (margins included, as heightForWidth)."""
        h = QFontMetrics(self.font()).height() + 2 * PAD_Y
        return 4 + (lines - 1) * (h + GAP_Y) + h - 1 + 8  # the last rect's bottom() + 8

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        rects = self._flow(width)
        return (rects[-1].bottom() + 8) if rects else QFontMetrics(self.font()).height() + 16

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(400, self.heightForWidth(max(self.width(), 400)))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(100, QFontMetrics(self.font()).height() + 16)

    def index_at(self, pos: QPoint) -> int:
        self._ensure_layout()
        for i, rect in enumerate(self._rects):
            if rect.adjusted(-GAP_X, -GAP_Y // 2, 0, GAP_Y // 2).contains(pos):
                return i
        return -1

    # -- painting -----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        self._ensure_layout()
        painter = QPainter(self)
        painter.setFont(self.font())
        lo, hi = self._pending_span()
        focus = self.palette().color(QPalette.ColorRole.Highlight)
        for i, rect in enumerate(self._rects):
            if not rect.intersects(event.rect()):
                continue
            bg = self._colours[i] if i < len(self._colours) else QColor("white")
            painter.fillRect(rect, bg)
            painter.setPen(QPen(QColor("#cfcfcf"), 1))
            painter.drawRect(rect.adjusted(0, 0, -1, -1))
            painter.setPen(text_colour(bg))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self._pieces[i])
            if lo <= i < hi:
                painter.setPen(QPen(QColor("#e6a100"), 3))
                painter.drawLine(rect.bottomLeft() + QPoint(0, 2), rect.bottomRight() + QPoint(0, 2))
            if i == self._current:  # blue while the keys move it
                painter.setPen(QPen(focus if self.hasFocus() else QColor("#111"), 2))
                painter.drawRect(rect.adjusted(-1, -1, 0, 0))
        if self.hasFocus():  # (a dotted 1 px frame was easy to miss: keyboard walkthrough)
            painter.setPen(QPen(focus, 2))
            painter.drawRect(self.rect().adjusted(1, 1, -1, -1))
        painter.end()

    def focusInEvent(self, ev: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        super().focusInEvent(ev)
        self.update()

    def focusOutEvent(self, ev: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        super().focusOutEvent(ev)
        self.update()

    # -- keys ---------------------------------------------------------------------------------
    def keyPressEvent(self, ev: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        """←/→ move the picked token, Home/End go to the ends; with Shift they stretch the span
        from its other end (from the picked token when it is at neither end), as a drag does;
        Esc drops the span."""
        n, key, here = len(self._tokens), ev.key(), max(self._current, 0)
        if key == Qt.Key.Key_Escape and self._span != (0, 0):
            self.span_selected.emit(0, 0)
            ev.accept()
            return
        target = {Qt.Key.Key_Left: here - 1, Qt.Key.Key_Right: here + 1,
                  Qt.Key.Key_Home: 0, Qt.Key.Key_End: n - 1}.get(Qt.Key(key))
        if n == 0 or target is None:
            super().keyPressEvent(ev)
            return
        target = max(0, min(n - 1, target))
        self.token_clicked.emit(target)
        if ev.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            start, stop = self._span
            anchor = (start if stop > start and here == stop - 1 else
                      stop - 1 if stop > start and here == start else here)
            self.span_selected.emit(min(anchor, target), max(anchor, target) + 1)
        ev.accept()

    def _pending_span(self) -> tuple[int, int]:
        if self._press is not None and self._drag_to is not None and self._drag_to != self._press:
            a, b = sorted((self._press, self._drag_to))
            return a, b + 1
        return self._span

    # -- mouse --------------------------------------------------------------------------------
    def mousePressEvent(self, ev: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if ev.button() == Qt.MouseButton.LeftButton:
            i = self.index_at(ev.position().toPoint())
            self._press, self._drag_to = (i, i) if i >= 0 else (None, None)
            ev.accept()
            return
        super().mousePressEvent(ev)

    def mouseMoveEvent(self, ev: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if self._press is not None:
            i = self.index_at(ev.position().toPoint())
            if i >= 0 and i != self._drag_to:
                self._drag_to = i
                self.update()
        super().mouseMoveEvent(ev)

    def mouseReleaseEvent(self, ev: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if ev.button() != Qt.MouseButton.LeftButton or self._press is None:
            super().mouseReleaseEvent(ev)
            return
        i = self.index_at(ev.position().toPoint())
        end = i if i >= 0 else self._drag_to
        start = self._press
        self._press = self._drag_to = None
        if end is None or end == start:
            self.token_clicked.emit(start)
        else:
            a, b = sorted((start, end))
            self.span_selected.emit(a, b + 1)
        self.update()
        ev.accept()

    def event(self, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.ToolTip:
            i = self.index_at(ev.pos())  # type: ignore[attr-defined]
            tip = self.tooltip_at(i)
            if tip:
                QToolTip.showText(ev.globalPos(), tip, self)  # type: ignore[attr-defined]
            else:
                QToolTip.hideText()
            return True
        return super().event(ev)

    # -- export -------------------------------------------------------------------------------
    def to_html(self, title: str) -> str:
        """A standalone HTML page with the same shading and the hover texts as titles."""
        spans = []
        for i, token in enumerate(self._tokens):
            bg = self._colours[i] if i < len(self._colours) else QColor("white")
            fg = text_colour(bg).name()
            raw = self._tips[i].replace("<br>", "\n") if i < len(self._tips) else ""
            tip = html.escape(html.unescape(_strip_tags(raw)), quote=True)
            spans.append('<span title="{0}" style="background:{1};color:{2}">{3}</span>'.format(
                tip, bg.name(), fg, html.escape(token).replace("\n", "<br>")))
        return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{0}</title>"
                "<style>body{{font-family:monospace;font-size:16px;line-height:1.9}}"
                "span{{padding:2px 1px;white-space:pre}}</style></head><body>\n<h3>{0}</h3>\n"
                "<p>{1}</p>\n</body></html>\n").format(html.escape(title), "".join(spans))

    def export_html(self, path: str | Path, title: str) -> Path:
        from gatelab.ui.inside_export import write_text_file

        return write_text_file(path, self.to_html(title))


def _strip_tags(text: str) -> str:
    import re

    return re.sub(r"<[^>]+>", "", text)


def tooltip_text(token: str, g: float, u: float, act: float, h: float) -> str:
    """Rich-text hover for one token (numbers only; labels are symbols, not words)."""
    return ("<b>{0}</b><br>g = {1}<br>u = {2}<br>act(g) = {3}<br>h = {4}").format(
        html.escape(display_piece(token)), fmt_number(g, 4), fmt_number(u, 4),
        fmt_number(act, 4), fmt_number(h, 4))
