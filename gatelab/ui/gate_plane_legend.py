"""The legend under the gate plane's maps: the zero line, the closed band, the marker, the
trained neurons (when drawn) and how the colours read.

Kept apart from the panel (at its size limit) as one function of what is drawn; its texts keep
the ``GatePlanePanel`` translation context they had there, so the shipped translations apply.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

GAP = "&nbsp;&nbsp;&nbsp;"  # between two entries: the label wraps only at the entries' spaces
# an entry's symbol and its first word: "●" was left at a line's end with "your point" on the
# next (walkthrough s16 #3); applied to the translated text, so every language keeps them so
_SYMBOL_THEN_WORD = re.compile(r"(</span>|</b>) ")


def legend_html(neurons: str | None = None) -> str:
    """The legend as rich text; ``neurons`` names the trained neurons drawn (None: none)."""
    translate = QCoreApplication.translate
    parts = [
        translate("GatePlanePanel", "<b style='color:#000'>━━</b> h = 0"),
        translate("GatePlanePanel",
                  "<span style='background:#d0d0d0; border:1px solid #464646'>&nbsp;&nbsp;"
                  "&nbsp;&nbsp;</span> gate closed |act(g)| &lt; ε"),
        translate("GatePlanePanel",
                  "<span style='color:#e6b800'>●</span> your point (◆ when pinned to the edge)"),
    ]
    if neurons is not None:
        parts.append(translate("GatePlanePanel", "<b>•</b> trained neurons: {0}").format(neurons))
    parts.append(translate("GatePlanePanel", "Colours: blue &lt; 0 &lt; red (each map has its "
                                             "own symmetric scale)."))
    return GAP.join(_SYMBOL_THEN_WORD.sub(r"\1&nbsp;", part, count=1) for part in parts)
