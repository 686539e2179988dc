"""Whether a tab's "Try this" card has room to be read, and hiding it while it has none.

Why: the card has no minimum width (on a narrow window it gives way, never the panel it
explains), so at the window's least size (816 px) the Live trainer's and the Inside tab's panels
kept ~812 px and their cards were 4 px slivers whose words broke every three letters and ran past
the window's edge (walkthrough s17 #1). Below ``CARD_LEAST`` px the card now steps aside whole,
and comes back once the window is wide enough; "Try this" (F2) stays what the user chose.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

CARD_LEAST = 160  # px: two or three words a line, every button's title readable


class CardRoom(QObject):
    """Shows ``card`` when the user wants it (``set_wanted``) and its tab leaves it at least
    ``CARD_LEAST`` px beside the panel's own least width; watches the tab's page for resizes."""

    def __init__(self, card: QWidget, wanted: bool) -> None:
        super().__init__(card)
        self._card = card
        self._wanted = wanted
        page = card.parentWidget()
        if page is not None:
            page.installEventFilter(self)
        self.fit()

    def set_wanted(self, wanted: bool) -> None:
        self._wanted = wanted
        self.fit()

    def room(self) -> int:
        """The px the card would have: the page's width less its other widgets' least widths
        and the layout's spacing and margins."""
        page = self._card.parentWidget()
        layout = page.layout() if page is not None else None
        if page is None or layout is None:
            return CARD_LEAST
        others = [layout.itemAt(i).widget() for i in range(layout.count())]
        others = [w for w in others if w is not None and w is not self._card and not w.isHidden()]
        margins = layout.contentsMargins()
        used = sum(max(w.minimumSizeHint().width(), w.minimumWidth()) for w in others)
        used += layout.spacing() * len(others) + margins.left() + margins.right()
        return page.width() - used

    def lacks(self) -> int:
        """The px the page lacks for the card (0 when it has room)."""
        return max(0, CARD_LEAST - self.room())

    def fit(self) -> None:
        show = self._wanted and self.room() >= CARD_LEAST
        if self._card.isHidden() == show:
            self._card.setVisible(show)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        # a resize, or a panel's least width settling after the card was placed (the Inside
        # tab's and the trainer's at 911 px: a card of 100 px, cut at the right; s19)
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.fit()
        return False
