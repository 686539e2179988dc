"""Which rows of the trainer's form a validation message is about, and how to bring one into view.

Why: ``TrainConfig.validate()`` decides what is valid and says why in one line, shown under the
form. At 1280×800 that line sits below the fold, so a learner who typed "abc" into the learning
rate saw a disabled Start button and no reason (found by a walkthrough). The form now colours
the rows the message is about, scrolls its message into view when it appears (the field being
edited staying on screen) and, when Start is asked for anyway, scrolls to the first of them.
The rows come from the message itself: a ``value.*`` message names its field, and the few
cross-field rules are listed here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QWidget

from gatelab.core.messages import KeyedError, Msg


class LrTextError(ValueError):
    """The learning rate's text is no number (the form's own check, before validate())."""


# validate()'s messages about several fields, or about one it does not name
FIELDS_OF_KEY: dict[str, tuple[str, ...]] = {
    "train.width_heads": ("n_embd", "n_head"),
    "train.rope_even": ("n_embd", "n_head"),
    "train.kv_heads": ("n_head", "n_kv_head"),
    "train.intermediate": ("intermediate",),
    "train.variant": ("variant",),
}


def fields_of(exc: BaseException, form_keys: Collection[str]) -> tuple[str, ...]:
    """The form fields (TrainConfig keys among ``form_keys``) that ``exc`` is about; empty when
    it names none of them (e.g. the corpus)."""
    if isinstance(exc, LrTextError):
        keys: tuple[str, ...] = ("lr",)
    elif isinstance(exc, KeyedError) and isinstance(exc.msg, Msg):
        name = exc.msg.values.get("name")
        keys = (str(name),) if name else FIELDS_OF_KEY.get(exc.msg.key, ())
    else:
        keys = ()
    return tuple(k for k in keys if k in form_keys)


def mark_rows(rows: Mapping[str, QWidget], keys: Collection[str], message: str) -> None:
    """Draw the rows ``keys`` (a field's label, or a checkbox, which is its own label) in the
    error colour, a label with the message as its tooltip; every other row back to normal."""
    for key, row in rows.items():
        bad = key in keys
        row.setStyleSheet("color: #b00020; font-weight: bold;" if bad else "")
        if isinstance(row, QLabel):  # a checkbox keeps its own tip
            row.setToolTip(message if bad else "")


def reveal(widget: QWidget, *also: QWidget, focus: bool = True) -> None:
    """Scroll every scroll area around ``widget`` so that the widgets ``also`` (e.g. the
    message) and then ``widget`` itself are on screen, and focus ``widget`` (with ``focus``:
    a message that appears as the learner types scrolls, but leaves the focus alone)."""
    for shown in (*also, widget):
        parent = shown.parentWidget()
        while parent is not None:
            if isinstance(parent, QScrollArea):
                parent.ensureWidgetVisible(shown, 20, 20)
            parent = parent.parentWidget()
    if focus:
        widget.setFocus()


def show_message(form: QWidget, message: QLabel, first_bad: QWidget | None) -> None:
    """Scroll ``form``'s ``message`` into view, keeping the field being edited in ``form`` (else
    ``first_bad``) on screen, without moving the focus: the message appears as the learner types."""
    if not message.text() or not form.isVisible():
        return
    for _ in range(3):  # the message's row is laid out, then the scroll area's widget
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    focused = QApplication.focusWidget()
    keep = focused if focused is not None and form.isAncestorOf(focused) else first_bad
    reveal(keep or message, message, focus=False)


__all__ = ["FIELDS_OF_KEY", "LrTextError", "fields_of", "mark_rows", "reveal", "show_message"]
