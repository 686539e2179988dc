"""A visible keyboard focus on tables and text views.

Why: with the focus in a table (the budget's Compare presets, the Inside rankings, the Runs
list) or the corpus preview, the style drew at most a faint rectangle around one cell, or
nothing; a keyboard user could not tell where the focus was, and the arrows then moved an
invisible current row (keyboard walkthrough s18 D2, D3, D5). The view's frame turns the
highlight colour while it has the focus; the frame keeps its width, so nothing moves.
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractScrollArea

# by object name: a style sheet reaches the view's children too, and the budget table's frozen
# column is a view of its own (it never takes the focus; its frame stays the style's)
_SHEET = ("#{0} {{ border: 1px solid palette(mid); }}"
          " #{0}:focus {{ border: 1px solid palette(highlight); }}")


def show_focus(*views: QAbstractScrollArea) -> None:
    """Give each of ``views`` a frame that shows its keyboard focus (a view without an object
    name gets one: the style sheet names it)."""
    for view in views:
        if not view.objectName():
            view.setObjectName(f"focus-framed-{id(view):x}")
        view.setStyleSheet(_SHEET.format(view.objectName()))
