"""Where the gate-plane tab puts its maps, its explanation and its control boxes, by the room.

Why: the four control boxes in a row under the maps need ~1000 px; at a 1000×700 window the tab
is ~750 px wide, so the row scrolled sideways and the maps, squeezed under it, were cut off on
the right. Wide enough for the row, the boxes stay under the maps (the maps take the full width);
narrower, the explanation, the legend and the boxes form a column beside the maps that scrolls
up and down, and the maps wrap onto two rows when that makes them larger (``reflow``). Either way
the boxes' scroll area follows the boxes' size, so a shown error line never pushes a row out.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QBoxLayout, QFrame, QGridLayout, QScrollArea, QVBoxLayout, QWidget

from gatelab.ui.gate_plane_maps import GatePlaneMaps

ROW, COLUMN = "row", "column"
MAX = 16777215  # QWIDGETSIZE_MAX
ROW_STRETCH = (3, 3, 3, 2)  # point, readout, variant and neurons, map window


class GatePlaneArrangement(QObject):
    """Lays out ``panel``: maps, the widgets ``texts`` (legend, explanation) and ``controls``."""

    def __init__(self, panel: QWidget, maps: GatePlaneMaps, texts: list[QWidget],
                 controls: QWidget) -> None:
        super().__init__(panel)  # the panel is our Qt parent, read back by ``panel``: a Python
        # reference to it would close a cycle (panel.arrangement -> self -> panel) that only the
        # cycle collector frees, maybe on a worker thread (see qt_cycles.py)
        self.maps, self.texts, self.controls = maps, texts, controls
        self.mode = ""
        self.body = QWidget()  # what scrolls: in a column, the texts above the boxes
        self._body = QVBoxLayout(self.body)
        self._body.setContentsMargins(0, 0, 0, 0)
        self._body.addWidget(controls)
        self.scroll = QScrollArea(panel)
        self.scroll.setObjectName("gate-plane-controls-scroll")
        self.scroll.setWidget(self.body)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its fields are the Tab stops
        self.grid = QGridLayout(panel)
        self.grid.setContentsMargins(6, 6, 6, 6)
        self.grid.addWidget(maps, 0, 0)
        self._refit = QTimer(self)  # after the boxes' layout settled (an error line shown)
        self._refit.setSingleShot(True)
        self._refit.timeout.connect(self.fit)
        self.body.installEventFilter(self)
        controls.installEventFilter(self)
        panel.installEventFilter(self)
        self.arrange(ROW)

    @property
    def panel(self) -> QWidget:
        return self.parent()  # type: ignore[return-value]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        kind = event.type()
        if kind == QEvent.Type.Resize and watched is self.panel:
            self.fit()
        elif kind == QEvent.Type.LayoutRequest and watched is not self.panel:
            self._refit.start(0)
        return False

    def _side_margins(self) -> int:
        margins = self.grid.contentsMargins()
        return margins.left() + margins.right()

    def row_width(self) -> int:
        """The width the boxes need side by side, with the panel's margins."""
        lay = self.controls.layout()
        items = [lay.itemAt(i) for i in range(lay.count())]
        need = sum(item.minimumSize().width() for item in items if not item.isEmpty())
        margins = self.grid.contentsMargins()
        return need + max(lay.spacing(), 0) * (len(items) - 1) + margins.left() + margins.right()

    def fit(self) -> None:
        """The mode the panel's width allows, and the scroll area sized to the boxes."""
        mode = ROW if self.panel.width() >= self.row_width() else COLUMN
        if mode != self.mode:
            self.arrange(mode)
        if mode == ROW:  # room for a horizontal scroll bar only where the boxes need one (it
            # would otherwise take ~15 px from the maps at every width)
            height = self.body.sizeHint().height()
            if self.body.minimumSizeHint().width() > self.panel.width() - self._side_margins():
                height += self.scroll.horizontalScrollBar().sizeHint().height()
            if self.scroll.height() != height or self.scroll.minimumHeight() != height:
                self.scroll.setFixedHeight(height)
        else:
            # the boxes' width (the texts above them wrap to it; a label's own minimum is a
            # guess made before it has a width, and briefly widened the whole window)
            width = (self.controls.minimumSizeHint().width()
                     + self.scroll.verticalScrollBar().sizeHint().width())
            if self.scroll.minimumWidth() != width:
                self.scroll.setFixedWidth(width)

    def arrange(self, mode: str) -> None:
        self.mode = mode
        lay = self.controls.layout()
        assert isinstance(lay, QBoxLayout)
        self.grid.removeWidget(self.scroll)
        for text in self.texts:
            self.maps.remove_below(text)
            self._body.removeWidget(text)
        row = mode == ROW
        lay.setDirection(QBoxLayout.Direction.LeftToRight if row else QBoxLayout.Direction.TopToBottom)
        for i, stretch in enumerate(ROW_STRETCH):
            lay.setStretch(i, stretch if row else 0)
        on, off = Qt.ScrollBarPolicy.ScrollBarAsNeeded, Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        self.scroll.setHorizontalScrollBarPolicy(on if row else off)
        self.scroll.setVerticalScrollBarPolicy(off if row else on)
        if row:  # under the maps, as wide as the tab; the texts right under the maps
            self.scroll.setMinimumWidth(0)
            self.scroll.setMaximumWidth(MAX)
            self.grid.addWidget(self.scroll, 1, 0)
            for text in self.texts:
                self.maps.add_below(text)
            self.maps.set_fill(self.texts[-1])  # width-bound maps: the explanation takes the rest
        else:  # beside the maps, as tall as the tab; the explanation first, then the legend
            self.scroll.setMinimumHeight(0)
            self.scroll.setMaximumHeight(MAX)
            self.grid.addWidget(self.scroll, 0, 1)
            for i, text in enumerate(reversed(self.texts)):
                self._body.insertWidget(i, text)
            self.maps.set_fill(None)
        self.grid.setRowStretch(0, 1)
        self.grid.setColumnStretch(0, 1)
        self.maps.reflow = not row
        self.fit()
