"""Message boxes whose long file names wrap instead of running off the box's edge.

Why: QMessageBox wraps its text only between words, and a path or file name is one word, so
"Could not open this_is_an_exceptionally_long_file_name…gatelab: not a gatelab state" was cut at
the box's right edge with the rest out of sight (walkthrough 6, 160 characters). Zero-width
spaces after path separators and underscores (and every ``LONGEST`` characters of a run without
any) give the line breaks a place to go, so the whole name shows, wrapped; nothing visible is
added. Every box that may show a path goes through here.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

ZWSP = "\u200b"  # a line-break opportunity that draws nothing
LONGEST = 30  # characters of one word before a break opportunity is made for it
_BREAK_AFTER = re.compile(r"([/\\_.\-])(?=\S)")
_UNBROKEN = re.compile(r"[^\s/\\_.\-" + ZWSP + r"]{" + str(LONGEST + 1) + r",}")


def breakable(text: str) -> str:
    """``text`` with zero-width spaces inside words longer than ``LONGEST`` characters: after each
    "/", "\\", "_", ".", "-", and in runs still longer than that, every ``LONGEST`` characters."""

    def word(match: re.Match[str]) -> str:
        w = _BREAK_AFTER.sub(r"\1" + ZWSP, match.group(0))
        return _UNBROKEN.sub(lambda m: break_every(m.group(0), LONGEST), w)

    return re.sub(r"\S{" + str(LONGEST + 1) + r",}", word, text)


def break_every(run: str, n: int) -> str:
    """``run`` with a break opportunity (a zero-width space) after every ``n`` characters."""
    return ZWSP.join(run[i:i + n] for i in range(0, len(run), n))


def plain(text: str) -> str:
    """``text`` without the zero-width spaces ``breakable`` put in (what the box says)."""
    return text.replace(ZWSP, "")


def sentence(text: str) -> str:
    """``text`` ending as a sentence does in a box: a full stop ("。" in Chinese) where it ends
    in a word, a number or a bracket. Why: a box's text is a sentence around a reason from the
    catalogue, and those are fragments without one ("… this one reads format 1"). A text
    ending in a path or file name is left alone: "state.gatelab." would misname the file."""
    stripped = text.rstrip()
    if not stripped or not (stripped[-1].isalnum() or stripped[-1] in ")）]\"'"):
        return text
    last = stripped.split()[-1]
    if "/" in last or "\\" in last or re.search(r"\.[A-Za-z][A-Za-z0-9]{0,7}$", last):
        return text
    return stripped + ("。" if re.search("[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]", stripped) else ".")


def warning_box(parent: QWidget | None, title: str, text: str) -> QMessageBox:
    """A non-modal warning with an OK button, deleted when closed, its long words wrappable;
    the box is open when this returns. Non-modal: it never blocks the window (or a test)."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, breakable(sentence(text)),
                      QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def warn_modal(parent: QWidget | None, title: str, text: str) -> None:
    """``QMessageBox.warning`` (modal, OK), its long words wrappable."""
    QMessageBox.warning(parent, title, breakable(sentence(text)))


__all__ = ["ZWSP", "breakable", "plain", "sentence", "warn_modal", "warning_box"]
