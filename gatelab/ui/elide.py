"""Fitting text to a width: a line cut after a whole word with "…", a plot title wrapped, a
drop-down list as wide as its longest entry.

Why: Qt's elidedText cuts mid-word ("…gradient flows to the ga…"); the status bar and the
Inside tab's model summary end after a word instead, and keep the whole text in a tooltip.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFontMetrics, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QWidget,
)

from gatelab.ui.field_errors import wrapped_height
from gatelab.ui.message_box import ZWSP, break_every

ELLIPSIS = "…"
_LONG_NUMBER = re.compile(r"\d{1,3}(?:,\d{3}){5,}")  # 10¹⁵ and up: "1,000,000,000,000,000"
TRAILING = " ,;:·—–-"  # not left dangling before the "…"


WORD_JOINER = "\u2060"  # zero width, and no line break on either side (Unicode's WJ)
_SLASH_IN_MATH = re.compile(r"(?<=\S)/(?=\S)")
_NORM = re.compile(r"‖([^‖\s][^‖]*?)‖")  # ‖x‖: a norm, its bars kept with what they hold


def keep_math(text: str) -> str:
    """``text`` with no line break after a slash inside a term: Qt may break after any "/",
    and "(∂h/∂g = −2.0826)" wrapped as "(∂h/" over "∂g = …" in the gate plane's sentence and
    the lesson card (walkthrough s16 #3); nor inside a norm's bars (zh broke "‖层输出" from its
    closing "‖"). For prose only: a path is better broken there."""
    text = _NORM.sub(lambda m: "‖" + WORD_JOINER + m.group(1) + WORD_JOINER + "‖", text)
    return _SLASH_IN_MATH.sub("/" + WORD_JOINER, text)


def one_line(text: str) -> str:
    """``text`` on one line: newlines and runs of spaces become single spaces."""
    return " ".join(text.split())


def elide_words(text: str, metrics: QFontMetrics, width: int) -> str:
    """``text`` as it fits in ``width`` pixels: whole, or cut after a word with "…".

    A text without a usable space (Chinese, one long path) is cut where it stops fitting, as
    Qt does; so is one whose last fitting word ends far back (more than a third of the room
    would stay empty)."""
    text = one_line(text)
    if metrics.horizontalAdvance(text) <= width:
        return text
    cut = metrics.elidedText(text, Qt.TextElideMode.ElideRight, max(width, 0))
    head = cut[:-1] if cut.endswith(ELLIPSIS) else cut
    if text[len(head):len(head) + 1] == " ":  # the cut already falls between two words
        word = head
    else:
        space = head.rfind(" ")
        word = head[:space] if space > 0 else ""
    word = word.rstrip(TRAILING)
    if not word or len(word) < 0.66 * len(head):
        return cut
    return word + ELLIPSIS


def wrap_plot_title(plot: Any, width: float, natural: float | None = None) -> None:
    """``plot``'s title on one line, or wrapped (centred) at ``width`` px when wider. Why: a
    title sets its plot's minimum width, and a plot wider than its view is cut at the view's
    edge (the activation curves lost z > 3.8 and half the title at 1024 px). ``natural`` is the
    title's one-line width when the caller keeps it (measured here otherwise)."""
    label = plot.titleLabel
    item = label.item
    current = item.textWidth()
    if natural is None:
        item.setTextWidth(-1)
        current, natural = -1.0, item.boundingRect().width()
    want = float(int(width)) if natural > width + 1 else -1.0
    if want != current:
        item.setTextWidth(want)
        option = item.document().defaultTextOption()
        option.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        item.document().setDefaultTextOption(option)
        label.updateMin()
        label.resizeEvent(None)


def fit_list_width(combo: QComboBox) -> None:
    """``combo``'s list opens as wide as its longest entry (the closed box may cut one).
    Measured from the font: the view's own size hint waits for a first show."""
    view = combo.view()
    text = max((view.fontMetrics().horizontalAdvance(combo.itemText(i))
                for i in range(combo.count())), default=0)
    view.setMinimumWidth(text + 2 * view.frameWidth() + 24)


class _Elided(QLabel):
    """A plain-text label that draws its text cut to fit (``_elide``, on every resize and font
    change): ``text()`` is the whole text, ``shown_text()`` what is drawn, and whenever the
    two differ the tooltip holds the whole text. Every label of the app that cuts its text is
    one: ``ElidedLine`` (a run's name, a hover readout), ``ElidedLines`` (the gate plane's
    neuron message), ``ElidedParts`` (the Inside tab's model summary). The main window shows
    tooltips even while it is inactive (``WA_AlwaysShowToolTips``, walkthrough s21 #17)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._whole = ""
        self.setTextFormat(Qt.TextFormat.PlainText)

    def text(self) -> str:
        return self._whole

    def shown_text(self) -> str:
        return super().text()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # a style sheet's font: measure again
            self._elide()

    def _elide(self) -> None:
        raise NotImplementedError


class ElidedLine(_Elided):
    """A one-line plain-text label that never widens its row: the text as it fits, else cut
    with "…" (after a word where one ends near the cut), the whole text in the tooltip.
    Why: the trainer's run name, clipped by a plain QLabel at 1024 px, ended mid-name with no
    sign of the cut and ran into the label beside it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name)
        whole = one_line(text)
        if whole == self._whole and whole:  # a hover readout is set at every mouse move
            return
        self._whole = whole
        self.setToolTip(self._whole)
        self._elide()

    def _elide(self) -> None:
        room = max(self.contentsRect().width() - 2, 0)
        QLabel.setText(self, elide_words(self._whole, self.fontMetrics(), room))


def elide_lines(text: str, metrics: QFontMetrics, width: int, lines: int) -> str:
    """``text`` as it fits in ``lines`` lines wrapped at ``width`` pixels: whole, or cut with
    "…" (after a word where one ends near the cut; its own line breaks are kept)."""
    room = wrapped_height(metrics, width, "\n".join("x" * max(lines, 1)))
    if wrapped_height(metrics, width, text) <= room:
        return text
    lo, hi = 0, len(text)  # the longest head that fits with its "…"
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if wrapped_height(metrics, width, text[:mid].rstrip() + ELLIPSIS) <= room:
            lo = mid
        else:
            hi = mid - 1
    head = text[:lo]
    space = max(head.rfind(" "), head.rfind("\n"))
    if text[lo:lo + 1] not in (" ", "\n") and space >= 0.66 * len(head):
        head = head[:space]
    return head.rstrip(TRAILING + "\n") + ELLIPSIS


class ElidedLines(_Elided):
    """A wrapping plain-text label of at most ``lines`` lines: the text cut with "…" where it
    would need more, the whole text then in the tooltip (before ``set_tip``'s own). Why: a
    long message under the gate plane's neuron button (a run's path, a note on the variant)
    made the controls taller and every map smaller."""

    def __init__(self, lines: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines, self._tip = lines, ""
        self.setWordWrap(True)

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name)
        self._whole = text
        self._elide()

    def set_tip(self, tip: str) -> None:
        """The tooltip besides the whole text (shown alone while nothing is cut)."""
        self._tip = tip
        self._elide()

    def _elide(self) -> None:
        room = max(self.contentsRect().width(), 1)
        shown = elide_lines(self._whole, self.fontMetrics(), room, self._lines)
        if shown != self.shown_text():
            QLabel.setText(self, shown)
        cut = shown != self._whole
        self.setToolTip("\n\n".join(t for t in ((self._whole if cut else ""), self._tip) if t))


class ElidedParts(_Elided):
    """A right-aligned plain-text label of "·"-joined parts: the whole text on one line where it
    fits, else its parts a line each, each ending after a word with "…" where too long; the
    whole text is its tooltip. (A right-aligned QLabel cut the start instead, model name and
    all: "…orCausalLM · 4 layers"; cutting the joined text lost the sizes line whole at 1024 px
    behind a long run name, walkthrough s15 F5.) The Inside tab's model summary."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines: list[str] = []
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name)
        self.set_lines([text] if text else [], text)

    def set_lines(self, lines: list[str], whole: str | None = None) -> None:
        """Show ``whole`` (default: ``lines`` joined by " · "), or ``lines`` one under another,
        each cut on its own, where the whole does not fit on one line."""
        self._lines = list(lines)
        self._whole = " · ".join(lines) if whole is None else whole
        self.setToolTip(self._whole)
        self._elide()

    def _elide(self) -> None:
        room = max(self.contentsRect().width() - 4, 0)
        metrics = self.fontMetrics()
        if metrics.horizontalAdvance(self._whole) > room and len(self._lines) > 1:
            # two lines beat one cut one, cut or not: the sizes keep a line of their own
            QLabel.setText(self, "\n".join(elide_words(line, metrics, room) for line in self._lines))
        else:
            QLabel.setText(self, elide_words(self._whole, metrics, room))


BRACKETS = re.compile(r"\s*[(（][^()（）]*[)）]")


def without_brackets(text: str) -> str:
    """``text`` without its bracketed asides: "Gated (gate, up, down): 3dm" → "Gated: 3dm"."""
    return BRACKETS.sub("", text).strip()


def before_formula(text: str) -> str:
    """A variant's name without its formula: "SwiGLU clamped (gpt-oss)  h = g·σ(αg)·(u+1)" →
    "SwiGLU clamped (gpt-oss)" (the closed label of a narrow variant drop-down)."""
    return text.split("h =")[0].strip()


class FitCombo(QComboBox):
    """A drop-down whose closed box asks for the width of its current text and shows it whole
    where the row has room; else ``short(text)`` (a shorter label) when that fits, else the
    text cut with "…". Whenever the box shows less than the whole text, its tooltip starts with
    it; the list opens as wide as the longest entry. Why: the gate-plane's "SwiGLU clamped
    (gpt-oss)  h = g·σ(αg)·(u+1)" and the budget's "门控式（门控、上投影、下投影）：3dm" were cut in
    the closed box at 1366 px, with no way to read the rest but opening the list.

    ``least_chars``: the narrowest it lets a layout make it (Qt's minimum contents length);
    ``grow`` False: it asks for no more than that either (a column whose width is tuned)."""

    def __init__(self, parent: QWidget | None = None, least_chars: int = 14,
                 short: Callable[[str], str] | None = None, grow: bool = True) -> None:
        super().__init__(parent)
        self._short = short
        self._grow = grow
        self._tip = ""
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(least_chars)
        self.currentIndexChanged.connect(self._text_changed)
        self.model().dataChanged.connect(self._text_changed)  # a retranslated entry

    def setToolTip(self, tip: str) -> None:  # noqa: N802 (Qt's name)
        self._tip = tip
        self._sync_tip()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        hint = super().sizeHint()
        if not self._grow:
            return hint
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        text = QSize(self.fontMetrics().horizontalAdvance(self.currentText()) + 4, hint.height())
        want = self.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, text, self)
        return QSize(max(hint.width(), want.width()), hint.height())

    def text_room(self) -> int:
        """The closed box's width for its text (the arrow and frame left out)."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        return max(field.width() - 2, 0)  # the style draws the label 1 px in from each side

    def shown_text(self) -> str:
        """What the closed box draws: the whole text, the short label or the cut text."""
        whole, room, metrics = self.currentText(), self.text_room(), self.fontMetrics()
        if metrics.horizontalAdvance(whole) <= room:
            return whole
        short = self._short(whole) if self._short is not None else ""
        if short and metrics.horizontalAdvance(short) <= room:
            return short
        return metrics.elidedText(whole, Qt.TextElideMode.ElideRight, room)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        if self.isEditable():
            super().paintEvent(event)
            return
        painter = QStylePainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self.shown_text()
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._sync_tip()

    def showPopup(self) -> None:  # noqa: N802 (Qt override)
        fit_list_width(self)  # every entry whole in the list, in this language
        super().showPopup()

    def _text_changed(self, *_args: object) -> None:
        self.updateGeometry()  # another text: another width asked for
        self._sync_tip()

    def _sync_tip(self) -> None:
        whole = self.currentText()
        lead = whole if whole and self.shown_text() != whole else ""
        super().setToolTip("\n".join(t for t in (lead, self._tip) if t))


def breakable_numbers(text: str) -> str:
    """``text`` with a line break allowed after each comma of a number of 10¹⁵ or more. Why: a
    word-wrapped label is at least as wide as its longest word, and a config.json of absurd
    sizes (10¹⁵ layers) made the budget's readout "7,000,000,…,000" wide enough to push the
    whole form out of its column (probe s20 D4). Real models' numbers (< 10¹⁵) are untouched,
    so what a user copies from them holds no invisible characters."""
    return _LONG_NUMBER.sub(lambda m: m.group(0).replace(",", "," + ZWSP), text)


LONG_WORD = 160  # chars: a path longer than this is shown cut in its middle
UNBROKEN = 40  # chars: a longer ASCII run with no "/" or space to break at gets break points
# (40: a Hugging Face snapshot folder, 40 hex digits, is left whole, so a copied path works)


def shorten_long_words(text: str, limit: int = LONG_WORD) -> str:
    """``text`` with each run of non-space characters longer than ``limit`` (a path) cut in its
    middle with "…", keeping both ends (the folder it starts in, the file it names), and with a
    line break allowed every ``UNBROKEN`` characters of an ASCII run that has no "/" or space
    to break at (Qt breaks Chinese text anywhere already). Why: a 4,285-character GATELAB_HOME
    made the trainer's error line 20 lines tall, cut at the right, and squeezed the form above
    it to 4 rows (probe s20 D5); cut to 161 characters, its 79 characters of one folder name
    were still clipped at the right, the reason after it out of sight (re-walk s20). The caller
    keeps the whole text in a tooltip. (``message_box.breakable`` breaks sooner, after every
    "_" and "." too: right for a box, but a path copied from this selectable line would carry
    the invisible characters.)"""
    keep = max(2, (limit - 1) // 2)
    short = re.sub(r"\S{%d,}" % (limit + 1),
                   lambda m: m.group(0)[:keep] + ELLIPSIS + m.group(0)[-keep:], text)
    return re.sub(r"[\x21-\x2e\x30-\x7e]{%d,}" % (UNBROKEN + 1),  # printable ASCII but "/"
                  lambda m: break_every(m.group(0), UNBROKEN), short)
