"""A table view whose first column (the model's name) stays in place while the rest scrolls.

Why: the preset table is wider than its pane at 1280 px, and the budget's "Qwen3.5-0.8B: MLP vs
embeddings" step scrolls it sideways to the MLP and embedding columns. The Model column then
went off the left edge and the highlighted row had no name (walkthrough s12 P12). As in Qt's
"Frozen Column" example, a second view over the left edge shows only that column; it shares the
model, the selection and the vertical scroll with the main view, and sorts through the main
view's header (its own header covers the main view's "Model" section).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from gatelab.ui.qt_cycles import weak_method

_Index = QModelIndex | QPersistentModelIndex
FROZEN = 0  # the logical column kept in place
MAX_SHARE = 0.6  # the frozen column covers at most this share of the viewport, else it scrolls


class FrozenColumnView(QTableView):
    """``QTableView`` with logical column 0 frozen at the left (``frozen`` is the overlay)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        """Return or Enter on a row does what a double click does (shows that model): a
        keyboard user could walk the rows but load none (keyboard probe s23 D5). Not through
        ``activated``: where a click activates, it would load a row on every single click."""
        index = self.currentIndex()
        if (event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and index.isValid()
                and self.state() != QAbstractItemView.State.EditingState):
            event.accept()
            self.doubleClicked.emit(index)
            return
        super().keyPressEvent(event)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        frozen = self.frozen = QTableView(self)
        frozen.setObjectName("frozen-column")
        frozen.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the main view keeps the one Tab stop
        frozen.verticalHeader().hide()
        frozen.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        frozen.horizontalHeader().setSectionsClickable(True)
        frozen.horizontalHeader().setSortIndicatorShown(True)
        frozen.horizontalHeader().setHighlightSections(False)  # not bold beside the others
        frozen.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        for bar in (frozen.setHorizontalScrollBarPolicy, frozen.setVerticalScrollBarPolicy):
            bar(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        frozen.setFrameShape(QTableView.Shape.NoFrame)
        frozen.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.viewport().stackUnder(frozen)
        # the owner held weakly: its children's signals keeping it were cycles (ui/qt_cycles)
        self.horizontalHeader().sectionResized.connect(weak_method(self._on_column_resized))
        self.verticalHeader().sectionResized.connect(weak_method(self._on_row_resized))
        self.horizontalHeader().sortIndicatorChanged.connect(weak_method(self._show_sort))
        frozen.horizontalHeader().sortIndicatorChanged.connect(weak_method(self._sort_from_frozen))
        frozen.verticalScrollBar().valueChanged.connect(weak_method(self._scroll_main))
        self.verticalScrollBar().valueChanged.connect(weak_method(self._scroll_frozen))
        frozen.doubleClicked.connect(self.doubleClicked)

    # -- keeping the overlay like the column under it -------------------------------------------
    def setModel(self, model: object) -> None:  # noqa: N802 (Qt override)
        super().setModel(model)  # type: ignore[arg-type]
        self.frozen.setModel(model)  # type: ignore[arg-type]
        self.frozen.setSelectionModel(self.selectionModel())
        if model is not None:
            for signal in (model.modelReset, model.layoutChanged,  # type: ignore[attr-defined]
                           model.columnsInserted):  # type: ignore[attr-defined]
                signal.connect(weak_method(self._only_frozen_column))
        self._only_frozen_column()

    def sync_frozen(self) -> None:
        """Give the overlay the main view's look and behaviour (call after setting them)."""
        frozen = self.frozen
        frozen.setAlternatingRowColors(self.alternatingRowColors())
        frozen.setTextElideMode(self.textElideMode())
        frozen.setSelectionBehavior(self.selectionBehavior())
        frozen.setSelectionMode(self.selectionMode())
        frozen.setEditTriggers(self.editTriggers())
        frozen.setToolTip(self.toolTip())
        frozen.setWordWrap(self.wordWrap())
        frozen.verticalHeader().setDefaultSectionSize(self.verticalHeader().defaultSectionSize())
        self._place_frozen()

    def _only_frozen_column(self, *_args: object) -> None:
        model = self.model()
        for column in range(model.columnCount() if model is not None else 0):
            self.frozen.setColumnHidden(column, column != FROZEN)
        self._place_frozen()

    def _on_column_resized(self, logical: int, _old: int, new: int) -> None:
        if logical == FROZEN:
            self.frozen.setColumnWidth(FROZEN, new)
            self._place_frozen()

    def _on_row_resized(self, logical: int, _old: int, new: int) -> None:
        self.frozen.setRowHeight(logical, new)

    def _scroll_main(self, value: int) -> None:
        self.verticalScrollBar().setValue(value)

    def _scroll_frozen(self, value: int) -> None:
        self.frozen.verticalScrollBar().setValue(value)

    def _show_sort(self, column: int, order: Qt.SortOrder) -> None:
        header = self.frozen.horizontalHeader()
        header.blockSignals(True)
        header.setSortIndicator(column, order)
        header.blockSignals(False)
        header.viewport().update()

    def _sort_from_frozen(self, column: int, order: Qt.SortOrder) -> None:
        """A click on the overlay's "Model" header sorts as one on the main header does."""
        self.horizontalHeader().setSortIndicator(column, order)

    def frozen_width(self) -> int:
        """Px of the viewport's left edge the overlay covers (0 while it is hidden)."""
        return self.columnWidth(FROZEN) if not self.frozen.isHidden() else 0

    def _place_frozen(self) -> None:
        """Over the main view's first column, header included; hidden where that column would
        cover most of a narrow view (the other columns could not be reached)."""
        frozen, viewport, header = self.frozen, self.viewport(), self.horizontalHeader()
        width = self.columnWidth(FROZEN)
        usable = (self.model() is not None and not self.isColumnHidden(FROZEN)
                  and header.visualIndex(FROZEN) == 0
                  and 0 < width <= MAX_SHARE * viewport.width())
        frozen.setVisible(usable)
        if not usable:
            return
        head = header.height() if not header.isHidden() else 0
        frozen.horizontalHeader().setFixedHeight(head)
        frozen.horizontalHeader().setVisible(head > 0)
        frozen.setColumnWidth(FROZEN, width)
        frozen.setGeometry(viewport.x(), viewport.y() - head, width, viewport.height() + head)
        frozen.verticalScrollBar().setValue(self.verticalScrollBar().value())

    def resizeEvent(self, event: object) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._place_frozen()

    def updateGeometries(self) -> None:  # noqa: N802 (Qt override)
        super().updateGeometries()
        self._place_frozen()

    # -- scrolling never hides a cell behind the overlay ----------------------------------------
    def scrollTo(self, index: _Index,  # noqa: N802 (Qt override)
                 hint: QAbstractItemView.ScrollHint = QAbstractItemView.ScrollHint.EnsureVisible
                 ) -> None:
        bar = self.horizontalScrollBar()
        if index.isValid() and index.column() == FROZEN and self.frozen_width():
            keep = bar.value()  # the name is always in view: scroll up or down only
            super().scrollTo(index, hint)
            bar.setValue(keep)
            return
        super().scrollTo(index, hint)
        self._uncover(index)

    def _uncover(self, index: _Index) -> None:
        """Scroll right by what the overlay hides of ``index``'s cell's left edge."""
        covered = self.frozen_width()
        if not covered or not index.isValid() or index.column() == FROZEN:
            return
        left = self.visualRect(QModelIndex(index)).left()
        if left < covered:
            bar = self.horizontalScrollBar()
            bar.setValue(bar.value() - (covered - left))
