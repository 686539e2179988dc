"""Every splitter in every tab keeps the place the user dragged it to, between launches.

Why here and not in each panel: the trainer's form|plots, the budget's charts|table and the
activations' plot|controls splitters all came back at their built-in sizes (a walkthrough
dragged one to 700 px and found it at 380 after a relaunch), and a panel that adds a splitter
would forget to save it. The main window calls ``remember_splitters`` for each tab once its
panel is built (and again when the tab is shown, for a splitter built later): a saved split is
applied once, and each drag is written at once (``splitterMoved`` comes only from the user).

Sizes are kept as "520,760" under ``splitters/<tab>/<name>``, the name being the splitter's
objectName, else its path of class names under the tab. A saved split that no longer fits (a
different number of panes, a garbage value) is ignored; a pane saved at 0 px is given back its
minimum, so a restored split never hides a pane.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QSplitter, QWidget

from gatelab.ui.qt_cycles import weak_call

GROUP = "splitters"
_ATTACHED = "gatelab_splitter_memory"  # a dynamic property: this splitter is handled already
MAX_PANE = 100_000  # a saved pane size above this is garbage


def splitter_name(splitter: QSplitter, root: QWidget) -> str:
    """A name that stays the same between launches: the objectName, else the chain of class
    names (with the index among same-class siblings) from ``root`` down to ``splitter``."""
    if splitter.objectName():
        return splitter.objectName()
    parts: list[str] = []
    widget: QWidget | None = splitter
    while widget is not None and widget is not root:
        parent = widget.parentWidget()
        kind = type(widget).__name__
        if widget.objectName():
            parts.append(widget.objectName())
        else:
            siblings = [w for w in (parent.findChildren(type(widget)) if parent else [])
                        if w.parentWidget() is parent]
            parts.append(f"{kind}{siblings.index(widget) if widget in siblings else 0}")
        widget = parent
    return "/".join(reversed(parts))


def parse_sizes(value: object, count: int) -> list[int] | None:
    """The pane sizes saved as "520,760", if there is one per pane and all are plausible."""
    if not isinstance(value, str):
        return None
    try:
        sizes = [int(part) for part in value.split(",")]
    except ValueError:
        return None
    if len(sizes) != count or any(not 0 <= s <= MAX_PANE for s in sizes) or sum(sizes) <= 0:
        return None
    return sizes


def _restore(splitter: QSplitter, value: object) -> None:
    sizes = parse_sizes(value, splitter.count())
    if sizes is None:
        return
    # 0 would collapse a pane; 1 makes QSplitter give it its minimum size instead
    sizes = [s if s > 0 or splitter.widget(i).isHidden() else 1 for i, s in enumerate(sizes)]
    splitter.setSizes(sizes)


def remember_splitters(root: QWidget, settings: QSettings, tab: str) -> None:
    """Apply each not yet handled splitter's saved sizes under ``root`` and save every drag."""
    for splitter in root.findChildren(QSplitter):
        if splitter.property(_ATTACHED):
            continue
        splitter.setProperty(_ATTACHED, True)
        key = f"{GROUP}/{tab}/{splitter_name(splitter, root)}"
        _restore(splitter, settings.value(key))
        # the splitter held weakly: its own signal keeping it was a cycle (ui/qt_cycles)
        splitter.splitterMoved.connect(weak_call(splitter, lambda s, _pos, _index, k=key: (
            settings.setValue(k, ",".join(str(size) for size in s.sizes())))))


__all__ = ["parse_sizes", "remember_splitters", "splitter_name"]
