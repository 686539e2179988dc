"""Error lines for typed fields that never overlap their neighbours or move them.

Two kinds, because a field's error has two homes:

* ``ErrorLabel``: a field's own wrapping line under it (the budget form). Its minimum height is
  the height its text needs at its width, so a layout cannot give it less: a QLabel's height
  for its width was not honoured there, and a two-line Chinese error ("请用数字完整写出（例如
  …）") was drawn over the FFN combo below the field.
* ``ErrorLine``: one line for a group of fields (a box of the gate plane, the curves' range),
  with its room reserved whether or not it shows a message, so the fields and the plots above
  them stay where they are when a refusal appears or goes (a field's own error line had pushed
  its edit sideways and the gate-plane maps 20 px up, and a second click missed the field). It
  shows the latest of its fields' refusals, cut with "…" to its room (the whole text is its
  tooltip and, once cut, the status bar's).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from gatelab.ui.qt_cycles import detach

ERROR_STYLE = "color: #c0392b;"
WARNING_STYLE = "color: #a05a00;"  # amber: worth reading, nothing failed
_WRAP = int(Qt.TextFlag.TextWordWrap)


def wrapped_height(metrics: QFontMetrics, width: int, text: str) -> int:
    """The height ``text`` takes wrapped at ``width`` pixels (as a word-wrapping QLabel draws it)."""
    return metrics.boundingRect(QRect(0, 0, max(width, 1), 1_000_000), _WRAP, text).height()


def reserve_lines(label: QLabel, lines: int) -> None:
    """Keep ``lines`` lines' room in the word-wrapping ``label``, whatever it holds (its style
    sheet's font and padding measured): a floor, not a cap, so a longer text still grows it.
    Why: a note or readout whose text wrapped to one line more or less moved everything laid
    out around it (the gate plane's maps, the forward pass's diagram, the activation plot)."""
    label.ensurePolished()
    text = label.text()
    label.setText("\n".join("X" * lines))
    label.setMinimumHeight(label.sizeHint().height())
    label.setText(text)


class ErrorLabel(QLabel):
    """A red wrapping label that asks its layout for the height its text needs at its width."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setStyleSheet(ERROR_STYLE)
        self.setWordWrap(True)
        self._need = -1  # the height last asked for: a new one re-runs the layout

    def _height_needed(self) -> int:
        self.ensurePolished()  # the style sheet's font
        margins = self.contentsMargins()
        width = self.width() - margins.left() - margins.right()
        return (wrapped_height(self.fontMetrics(), width, self.text())
                + margins.top() + margins.bottom())

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        """No: its minimum says it. Why: a QFormLayout row (the budget form) was laid out by
        a height for another width, one line short, whatever the minimum said."""
        return False

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        hint = super().minimumSizeHint()
        return QSize(hint.width(), self._height_needed())

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(super().sizeHint().width(), self._height_needed())

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name)
        super().setText(text)
        self._need = -1
        self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        """A new width may need another number of lines: the layout is asked again."""
        super().resizeEvent(event)
        need = self._height_needed()
        if need != self._need:
            self._need = need
            self.updateGeometry()


class ErrorLine(QLabel):
    """``lines`` lines of reserved room under a group of fields, showing their latest refusal.

    ``report(key, make)`` shows ``make()`` (a function, so a language switch can render it
    again: ``refresh``); ``withdraw(key)`` shows the refusal reported before it, or nothing.
    ``text()`` is what is drawn (cut to the room), ``whole_text()`` the whole message.
    """

    def __init__(self, parent: QWidget | None = None, lines: int = 1) -> None:
        super().__init__(parent)
        self._lines = max(1, lines)
        self._makers: dict[object, Callable[[], str]] = {}  # key → message, the latest last
        self._names: dict[object, Callable[[], str]] = {}  # key → its field's name, where given
        self._whole = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setStyleSheet(ERROR_STYLE + " font-size: 11px;")  # the budget form's field errors'
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # never hidden, only empty: the room stays (a QFormLayout drops a hidden widget's
        # room whatever its size policy says)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._fix_height()

    def _fix_height(self) -> None:
        """Room for ``lines`` lines of Latin or Chinese text (a Chinese line is drawn in a
        fallback font, taller than this font's own line: "β 不能为 0" was cut to "β…")."""
        self.ensurePolished()
        margins = self.contentsMargins()
        sample = "\n".join(["Ag|中文"] * self._lines)
        self.setFixedHeight(wrapped_height(self.fontMetrics(), 1000, sample)
                            + margins.top() + margins.bottom())

    # -- the messages -------------------------------------------------------------------------
    def report(self, key: object, make: Callable[[], str],
               name: Callable[[], str] | None = None) -> None:
        """Show ``make()`` for ``key`` (a field, a check), the latest of the line's refusals;
        ``name()`` names its field where two refusals share the line."""
        self._makers.pop(key, None)
        self._makers[key] = detach(make, self)  # often names the line's ancestors: no cycle
        if name is not None:
            self._names[key] = detach(name, self)
        self._show()

    def withdraw(self, key: object) -> None:
        """``key`` has nothing to say any more: show the refusal before it, or nothing."""
        self._names.pop(key, None)
        if self._makers.pop(key, None) is not None or not self._makers:
            self._show()

    def message_of(self, key: object) -> str:
        make = self._makers.get(key)
        return make() if make is not None else ""

    def refresh(self) -> None:
        """Render the shown message again (in the current language)."""
        self._show()

    def whole_text(self) -> str:
        return self._whole

    # -- drawing ------------------------------------------------------------------------------
    def _show(self) -> None:
        if not self._makers:
            self._whole = ""
            self.setToolTip("")
            super().setText("")
            return
        said = [" ".join(make().split()) for make in self._makers.values()]
        self._whole = said[-1]
        if len(said) > 1:  # two fields refused at once: the line says so, the tooltip says all,
            # each named: "must lie in [16, 1024]" did not say which field (walkthrough s23 #12)
            said = [self._named(key, text) for key, text in zip(self._makers, said, strict=True)]
            self._whole = self.tr("{0} (and {1} more: hover to read)").format(said[-1], len(said) - 1)
        self.setToolTip("\n".join(reversed(said)))
        self._fit()

    def _named(self, key: object, text: str) -> str:
        name_of = self._names.get(key)
        name = name_of() if name_of is not None else ""
        return self.tr("{0}: {1}").format(name, text) if name else text

    def _fit(self) -> None:
        """The whole message, or as much of it as fits the room, then "…"."""
        rect = self.contentsRect()
        metrics = self.fontMetrics()
        text = self._whole

        def fits(candidate: str) -> bool:
            return wrapped_height(metrics, rect.width(), candidate) <= rect.height()

        if rect.width() <= 0 or fits(text):
            super().setText(text)
            return
        lo, hi = 0, len(text)  # the longest head that fits with its "…"
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if fits(text[:mid].rstrip() + "…"):
                lo = mid
            else:
                hi = mid - 1
        super().setText(text[:lo].rstrip() + "…")

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self._whole:
            self._fit()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """A new font (a style sheet, the language's) changes the room's height and the cut."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fix_height()
        elif event.type() == QEvent.Type.LanguageChange and self._whole:
            self._show()


__all__ = ["ERROR_STYLE", "ErrorLabel", "ErrorLine", "wrapped_height"]
