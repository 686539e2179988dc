"""Help → Keyboard shortcuts: every shortcut the window's menus hold, read from the actions
themselves (so the list cannot drift from what the keys do), plus the few keys panels handle.

Why a box of its own: the About box named the shortcuts in one sentence, which a walkthrough
found hard to find; a user looks for them in the Help menu.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence

from gatelab.ui.trainer_live import START_KEY
from gatelab.ui.runs_view_actions import DELETE_KEY
from gatelab.ui.trainer_run_bar import PAUSE_KEY, STOP_KEY


# a mnemonic in brackets, as translations write it at the end of a menu text: "打开状态(&O)…",
# "退出(&Q)" (full-width brackets too); Qt hides only the underline, so the list showed "(O)"
_BRACKET_MNEMONIC = re.compile(r"\s*[(（](?:&[A-Za-z0-9]|[A-Z])[)）]\s*$")
_ELLIPSIS = "…."


def action_label(text: str) -> str:
    """A menu action's text as a line of the list: no trailing "…", no mnemonic, neither the
    bracketed "(&O)" that translations append, the "&" inside a word ("&&" stays "&"), nor the
    View menu's leading digit ("&1 Activation curves")."""
    text = re.sub(r"^&\d+ ", "", text.rstrip(_ELLIPSIS).rstrip())
    text = _BRACKET_MNEMONIC.sub("", text).rstrip(_ELLIPSIS).rstrip()
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def action_rows(actions: Iterable[QAction]) -> list[tuple[str, str]]:
    """(key, what it does) for every action with a shortcut, in the actions' order; the text
    as ``action_label`` cleans it."""
    rows = []
    for action in actions:
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if keys:
            rows.append((keys, action_label(action.text())))
    return rows


NEXT_TAB = QKeySequence("Ctrl+Tab")  # the main window's QShortcuts (MainWindow._build_tab_keys)
PREVIOUS_TAB = QKeySequence("Ctrl+Shift+Tab")
MENU_KEY = QKeySequence("F10")  # the menu bar, as on most desktops (Alt+letter opens one menu)
NEXT_INNER_TAB = QKeySequence("Ctrl+PgDown")  # the tabs inside a tab (ui/inner_tabs)
PREVIOUS_INNER_TAB = QKeySequence("Ctrl+PgUp")


def window_rows() -> list[tuple[str, str]]:
    """Keys the window handles whatever has focus but no menu action holds: the main tabs'
    shortcuts and Return/Enter on a focused button (ui/enter_keys; Space is Qt's own)."""
    translate = QCoreApplication.translate
    native = QKeySequence.SequenceFormat.NativeText
    return [(NEXT_TAB.toString(native), translate("ShortcutsHelp", "Next tab")),
            (PREVIOUS_TAB.toString(native), translate("ShortcutsHelp", "Previous tab")),
            (NEXT_INNER_TAB.toString(native),
             translate("ShortcutsHelp", "Next tab inside this tab (such as Live plots, Runs, Experiment)")),
            (PREVIOUS_INNER_TAB.toString(native),
             translate("ShortcutsHelp", "Previous tab inside this tab")),
            (MENU_KEY.toString(native), translate("ShortcutsHelp", "Open the menu bar")),
            (translate("ShortcutsHelp", "Enter / Space"),
             translate("ShortcutsHelp", "Press the focused button"))]


def panel_rows() -> list[tuple[str, str]]:
    """Keys that panels handle themselves (not menu actions)."""
    translate = QCoreApplication.translate
    return [
        (START_KEY.toString(QKeySequence.SequenceFormat.NativeText),
         translate("ShortcutsHelp", "Live trainer: start training")),
        (STOP_KEY.toString(QKeySequence.SequenceFormat.NativeText),
         translate("ShortcutsHelp", "Live trainer: stop the run (it is kept and can be resumed)")),
        (PAUSE_KEY.toString(QKeySequence.SequenceFormat.NativeText),
         translate("ShortcutsHelp", "Live trainer: pause or resume the run")),
        (DELETE_KEY.toString(QKeySequence.SequenceFormat.NativeText),
         translate("ShortcutsHelp", "Live trainer, Runs list: delete the selected run (asks first)")),
        (translate("ShortcutsHelp", "Arrow keys"),
         translate("ShortcutsHelp", "Gate plane: move the point one step (Shift: a finer step)")),
        (translate("ShortcutsHelp", "Arrow keys"),
         translate("ShortcutsHelp", "Forward pass: move between the boxes (Enter opens a box's tab)")),
        (translate("ShortcutsHelp", "← / →, Home / End (Shift), Esc"),
         translate("ShortcutsHelp", "Inside the model, shaded text: pick the next token (Shift: "
                                    "stretch the selected span); Esc drops the span")),
    ]


def shortcuts_html(rows: Iterable[tuple[str, str]]) -> str:
    """The rows as a two-column HTML table (escaped)."""
    body = "".join(f"<tr><td><b>{html.escape(k)}</b>&nbsp;&nbsp;</td><td>{html.escape(v)}</td></tr>"
                   for k, v in rows)
    return f"<table cellspacing='4'>{body}</table>"


__all__ = ["MENU_KEY", "NEXT_INNER_TAB", "NEXT_TAB", "PREVIOUS_INNER_TAB", "PREVIOUS_TAB", "action_label", "action_rows", "panel_rows", "shortcuts_html",
           "window_rows"]
