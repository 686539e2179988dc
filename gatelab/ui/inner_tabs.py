"""Ctrl+PgDown / Ctrl+PgUp step the tabs inside the current main tab: the trainer's Live plots,
Runs and Experiment, the budget's lower tables, the Inside views.

Why: those tabs had no key at all. Ctrl+Tab steps the main tabs whatever has the focus (a
nested tab widget took it before), so the Runs list was some 25 Tab presses away from the
trainer's form, and Ctrl+PgDown, which many programs use for tabs, did nothing (keyboard probe
s23 D2). The tab widget holding the focus steps; with the focus elsewhere on the page, the
page's first shown one does.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTabWidget, QWidget


def inner_tabs(page: QWidget) -> QTabWidget | None:
    """The tab widget inside ``page`` that ``step_inner_tabs`` steps (None: the page has no
    shown one). ``findChildren`` lists outer ones before the ones inside them, so the last
    that holds the focus is the innermost."""
    shown = [tabs for tabs in page.findChildren(QTabWidget) if tabs.isVisible() and tabs.count() > 1]
    focus = QApplication.focusWidget()
    holding = [tabs for tabs in shown if focus is not None and tabs.isAncestorOf(focus)]
    return holding[-1] if holding else (shown[0] if shown else None)


def step_inner_tabs(page: QWidget, step: int) -> bool:
    """Show the tab ``step`` places on (wrapping round) in ``page``'s inner tab widget; False
    when the page has none. A focus inside the tab widget Qt hands to the new page; one outside
    it goes onto its tab bar, where it shows and from where Tab leads into the page (left on
    the trainer's form, it was some 25 Tab presses from the Runs list just shown)."""
    tabs = inner_tabs(page)
    if tabs is None:
        return False
    tabs.setCurrentIndex((tabs.currentIndex() + step) % tabs.count())
    focus = QApplication.focusWidget()
    if focus is None or not tabs.isAncestorOf(focus):
        tabs.tabBar().setFocus(Qt.FocusReason.ShortcutFocusReason)
    return True


__all__ = ["inner_tabs", "step_inner_tabs"]
