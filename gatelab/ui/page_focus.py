"""After a shortcut switches the main tab, the keyboard's focus goes to the new page's first
control, not to the page's bare container.

Why: when the focus was inside the old page, QTabWidget hands it to the new page: to the page's
last focused child, else its first Tab stop, else the page itself. A panel is built only when its
tab is first shown, after that hand-over, so the container (a plain QWidget that draws no focus)
took it, and kept itself as its page's last focus for every later visit. With Ctrl+1…6 or
Ctrl+Tab nothing on screen showed the focus, the gate plane's arrow keys did nothing after Ctrl+2
and the first Tab went to the "Try this" toggle (keyboard probe s23 D1).

Why ``findChildren`` and not a walk along ``nextInFocusChain()``: with such a walk the cycle
collector deleted the trainer's form while its window was open (tests/ui/test_keys_s14 failed
at teardown, "TrainerControls already deleted"); the garbage was the Python wrappers of its
scroll area's parts, in a cycle whose cause was not pinned down. ``findChildren`` lists the
page's widgets in the order they joined it, the Tab order unless a panel reorders it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget


def first_tab_stop(page: QWidget) -> QWidget | None:
    """The first visible, enabled Tab stop inside ``page``."""
    for widget in page.findChildren(QWidget):
        if (widget.isVisible() and widget.isEnabled()
                and widget.focusPolicy() & Qt.FocusPolicy.TabFocus):
            return widget
    return None


def focus_into_page(page: QWidget) -> None:
    """Move the focus from ``page`` itself to its first control; leave any other focus alone
    (a tab clicked with the mouse keeps it on the tab bar)."""
    if QApplication.focusWidget() is not page:
        return
    first = first_tab_stop(page)
    if first is not None:
        first.setFocus(Qt.FocusReason.TabFocusReason)


__all__ = ["first_tab_stop", "focus_into_page"]
