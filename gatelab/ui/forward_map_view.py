"""The forward-pass diagram itself: boxes drawn with QPainter on a fixed logical canvas.

Why a custom paintEvent and not a QGraphicsScene: the diagram is a few dozen rectangles and lines
whose positions never change, it must scale with the window (one uniform scale, centred) and stay
crisp (vector drawing at device resolution), and keyboard focus moves between boxes, not widgets.
The widget knows nothing about models or tabs: the panel hands it each box's text and tooltip and
listens to ``box_activated`` (click, Enter, Space) and ``selection_changed`` (click, Tab, arrows).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontInfo,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QToolTip, QWidget

from gatelab.core.forward_map import BOX_KEYS, GATED_ONLY, POST_NORMS
from gatelab.ui.forward_map_fit import (LINE_GAP, BoxLayout, FittedLines, fit_box, fit_line,
                                        font_at, least_px, title_px)
from gatelab.ui.forward_map_layout import (  # noqa: F401 (CIRCLES, TINTS: re-exported)
    CANVAS, CIRCLES, FRAME, RECTS, RESIDUAL_X, TINTS)
from gatelab.ui.forward_map_wires import paint_mlp_wires, paint_wires


@dataclass(frozen=True)
class BoxText:
    title: str
    sub: str = ""
    tooltip: str = ""


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    """t·a + (1 − t)·b, channel by channel."""
    return QColor(round(a.red() * t + b.red() * (1 - t)), round(a.green() * t + b.green() * (1 - t)),
                  round(a.blue() * t + b.blue() * (1 - t)))


class ForwardMapView(QWidget):
    """Draws the map; one box is selected (highlighted), clicks and Enter activate boxes."""

    box_activated = Signal(str)
    selection_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("forward-map-view")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setMinimumSize(500, 300)
        self._texts: dict[str, BoxText] = {key: BoxText(key) for key in BOX_KEYS}
        self._frame_label = ""
        self._notes: dict[str, str] = {}
        self._gated = True
        self._hidden: frozenset[str] = POST_NORMS
        self._selected = "mlp"

    # -- content -------------------------------------------------------------------------------
    def set_content(self, texts: dict[str, BoxText], frame_label: str,
                    notes: dict[str, str] | None = None,
                    hidden: frozenset[str] = POST_NORMS) -> None:
        """Every box's text; ``hidden``: the boxes the model lacks (``ForwardSizes.hidden_boxes``:
        gate_proj and ⊙ in a classic MLP, whose activation then sits on up's path; the norms of
        the places where this model has none). Gated or not is read from ``hidden`` alone, so
        the rule that a classic MLP lacks gate_proj and ⊙ lives in core only."""
        self._texts = {key: texts.get(key, BoxText(key)) for key in BOX_KEYS}
        self._frame_label = frame_label
        self._notes = dict(notes or {})
        self._hidden = frozenset(hidden)
        self._gated = GATED_ONLY.isdisjoint(self._hidden)
        if self._selected not in self.keys():
            self._selected = "mlp"
            self.selection_changed.emit(self._selected)
        self.update()

    def keys(self) -> tuple[str, ...]:
        """The boxes on show, in keyboard order."""
        return tuple(k for k in BOX_KEYS if k not in self._hidden)

    def text(self, key: str) -> BoxText:
        return self._texts[key]

    def frame_label(self) -> str:
        return self._frame_label

    def notes(self) -> dict[str, str]:
        return dict(self._notes)

    def visible_texts(self) -> list[str]:
        """Every string painted or shown on hover (widget walks cannot see painted text)."""
        out = [self._frame_label, *self._notes.values()]
        for key in self.keys():
            text = self._texts[key]
            out += [text.title, text.sub, text.tooltip]
        return [s for s in out if s]

    def box_layout(self, key: str) -> BoxLayout:
        """How ``key``'s words fit its box (what ``_paint_text`` draws, in logical pixels)."""
        text, rect, least = self._texts[key], self._logical_rect(key), self._least_px()
        if key == "mlp":  # its title only, in the top-left corner
            return BoxLayout(self._fit_label(text.title, rect.width() - 24), FittedLines(12, ()))
        return fit_box(self.font(), text.title, text.sub, rect.width(), rect.height(), least)

    def _least_px(self) -> int:
        """The least font size (canvas px) that is readable at the map's scale now."""
        return least_px(QFontInfo(self.font()).pixelSize(), self._scale_offset()[0])

    def _fit_label(self, text: str, room: float) -> FittedLines:
        """A bold corner label (the MLP's title, "× N layers") on one line: 15 canvas px, or
        more at a small scale (as a box title), smaller only where it does not fit."""
        return fit_line(self.font(), text, room, max(15, title_px(self._least_px())), 10, True)

    def frame_px(self) -> int:
        """The "× N layers" label's size in canvas px (as painted)."""
        return self._fit_label(self._frame_label, FRAME.width() - 24).px

    def residual_px(self) -> int:
        """The residual stream's note's size in canvas px (as painted)."""
        return max(12, self._least_px())

    def tooltip(self, key: str) -> str:
        """The box's tooltip, led by its whole title and size line when the box cuts them."""
        text = self._texts[key]
        if key in CIRCLES or not self.box_layout(key).cut:
            return text.tooltip
        whole = " · ".join(s for s in (text.title, text.sub) if s)
        return "\n".join(s for s in (whole, text.tooltip) if s)

    def selected(self) -> str:
        return self._selected

    def select(self, key: str) -> None:
        if key not in self.keys():
            raise ValueError(f"no box {key!r} on the map")
        if key != self._selected:
            self._selected = key
            self.update()
            self.selection_changed.emit(key)

    # -- geometry ------------------------------------------------------------------------------
    def _logical_rect(self, key: str) -> QRectF:
        rect = RECTS[key]
        if key == "act" and not self._gated:  # classic MLP: the activation sits on up's path
            return QRectF(rect.x(), RECTS["up_proj"].y(), rect.width(), rect.height())
        return rect

    def _scale_offset(self) -> tuple[float, QPointF]:
        s = min(self.width() / CANVAS.width(), self.height() / CANVAS.height())
        off = QPointF((self.width() - CANVAS.width() * s) / 2, (self.height() - CANVAS.height() * s) / 2)
        return s, off

    def box_rect(self, key: str) -> QRectF:
        """The box's rectangle in widget pixels (what a click must hit)."""
        s, off = self._scale_offset()
        r = self._logical_rect(key)
        return QRectF(off.x() + r.x() * s, off.y() + r.y() * s, r.width() * s, r.height() * s)

    def box_at(self, pos: QPointF) -> str | None:
        """The innermost box under ``pos`` (the MLP's parts before the MLP box around them)."""
        hits = [k for k in self.keys() if self.box_rect(k).contains(pos)]
        inner = [k for k in hits if k != "mlp"]
        return inner[0] if inner else (hits[0] if hits else None)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(1000, 600)

    # -- input ---------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        key = self.box_at(event.position())
        if key is None or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self.select(key)
        self.box_activated.emit(key)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        key = self.box_at(event.position())
        self.setCursor(Qt.CursorShape.PointingHandCursor if key else Qt.CursorShape.ArrowCursor)
        self.setToolTip(self.tooltip(key) if key else "")
        if not key:
            QToolTip.hideText()
        super().mouseMoveEvent(event)

    def _step(self, delta: int) -> bool:
        keys = self.keys()
        i = keys.index(self._selected) + delta
        if not 0 <= i < len(keys):
            return False
        self.select(keys[i])
        return True

    def _sideways(self, direction: int) -> None:
        """←/→: the nearest box on that side whose row overlaps the selected box's; none, no
        move. Why not the data flow (↑/↓ and Tab walk it): → from attention went to the
        residual "+", to its left (keyboard walkthrough s18 D7)."""
        here = self._logical_rect(self._selected)
        side: list[tuple[float, str]] = []
        for key in self.keys():
            r = self._logical_rect(key)
            ahead = direction * (r.center().x() - here.center().x())  # px towards the arrow
            overlap = r.top() < here.bottom() and r.bottom() > here.top()  # the same row
            nested = r.contains(here) or here.contains(r)  # the MLP box and its parts
            if key != self._selected and ahead > 0 and overlap and not nested:
                side.append((ahead, key))
        if side:
            self.select(min(side)[1])

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.box_activated.emit(self._selected)
        elif key == Qt.Key.Key_Down:
            self._step(1)
        elif key == Qt.Key.Key_Up:
            self._step(-1)
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_Left):
            self._sideways(1 if key == Qt.Key.Key_Right else -1)
        elif key == Qt.Key.Key_Home:
            self.select(self.keys()[0])
        elif key == Qt.Key.Key_End:
            self.select(self.keys()[-1])
        else:
            super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002, N802 (Qt override)
        """Tab / Shift+Tab walk the boxes; past the last (first) box focus leaves the map."""
        if self.hasFocus() and self._step(1 if next else -1):
            return True
        return super().focusNextPrevChild(next)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        """Tab enters at the first box, Shift+Tab at the last (entering at the selected one left
        the boxes before it to the arrow keys); a click or a window switch keeps the selection."""
        reason = event.reason()
        if reason == Qt.FocusReason.TabFocusReason:
            self.select(self.keys()[0])
        elif reason == Qt.FocusReason.BacktabFocusReason:
            self.select(self.keys()[-1])
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        self.update()
        super().focusOutEvent(event)

    # -- painting ------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        p.fillRect(self.rect(), pal.color(QPalette.ColorRole.Base))
        s, off = self._scale_offset()
        p.translate(off)
        p.scale(s, s)
        fg = pal.color(QPalette.ColorRole.Text)
        line = _mix(fg, pal.color(QPalette.ColorRole.Base), 0.55)
        self._paint_frame(p, fg, line)
        rects = {k: self._logical_rect(k) for k in BOX_KEYS}
        paint_wires(p, line, rects, self._hidden)
        self._paint_box(p, "mlp", pal)  # the MLP box first: its wires and parts go on top
        p.setPen(QPen(line, 2))
        paint_mlp_wires(p, rects, self._gated)
        for key in self.keys():
            if key != "mlp":
                self._paint_box(p, key, pal)
        p.end()

    def _font(self, px: float, bold: bool = False) -> QFont:
        return font_at(self.font(), px, bold)  # logical px: the painter's scale makes it crisp

    def _paint_frame(self, p: QPainter, fg: QColor, line: QColor) -> None:
        p.setPen(QPen(line, 1.5, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(FRAME, 12, 12)
        p.setPen(fg)
        label = self._fit_label(self._frame_label, FRAME.width() - 24)
        p.setFont(self._font(label.px, bold=True))
        p.drawText(QRectF(FRAME.x() + 12, FRAME.y() + 4, FRAME.width() - 24, 24),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label.lines[0]
                   if label.lines else "")
        p.setFont(self._font(self.residual_px()))
        residual = self._notes.get("residual", "")
        if residual:
            p.drawText(QRectF(RESIDUAL_X + 10, 150, 500, 24),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, residual)

    def _paint_box(self, p: QPainter, key: str, pal: QPalette) -> None:
        rect = self._logical_rect(key)
        base, fg = pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text)
        tint = QColor(TINTS[key])
        selected = key == self._selected
        fill = _mix(tint, base, 0.10 if key == "mlp" else 0.22)
        border = pal.color(QPalette.ColorRole.Highlight) if selected else _mix(tint, fg, 0.8)
        p.setPen(QPen(border, 3.5 if selected else 1.5))
        p.setBrush(fill)
        if key in CIRCLES:
            p.drawEllipse(rect)
        else:
            p.drawRoundedRect(rect, 8, 8)
        if selected and self.hasFocus():
            p.setPen(QPen(border, 1.2, Qt.PenStyle.DotLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            ring = rect.adjusted(-5, -5, 5, 5)
            p.drawEllipse(ring) if key in CIRCLES else p.drawRoundedRect(ring, 10, 10)
        self._paint_text(p, key, rect, fg)

    def _paint_text(self, p: QPainter, key: str, rect: QRectF, fg: QColor) -> None:
        text = self._texts[key]
        p.setPen(fg)
        if key in CIRCLES:
            p.setFont(self._font(20, bold=True))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text.title)
            return
        fitted = self.box_layout(key)
        if key == "mlp":  # the title sits in the top-left corner, above the neuron view
            p.setFont(self._font(fitted.title.px, bold=True))
            p.drawText(QRectF(rect.x() + 12, rect.y() + 4, rect.width() - 24, 24),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                       fitted.title.lines[0] if fitted.title.lines else "")
            return
        # the title over the size line(s), the block centred in the box
        rows = [(line, fitted.title.px, True) for line in fitted.title.lines]
        rows += [(line, fitted.sub.px, False) for line in fitted.sub.lines]
        y = rect.center().y() - sum(px * LINE_GAP for _, px, _ in rows) / 2
        if fitted.sub.lines:  # a little air between the title and its size line
            y -= 1.5
        for i, (line, px, bold) in enumerate(rows):
            if i == len(fitted.title.lines) and i:
                y += 3
            p.setFont(self._font(px, bold))
            p.drawText(QRectF(rect.x(), y, rect.width(), px * LINE_GAP),
                       Qt.AlignmentFlag.AlignCenter, line)
            y += px * LINE_GAP
