"""The sortable preset comparison table (d, m, m ÷ d, FFN params, …) with Markdown/CSV copy.

Why a view over core rows: numbers are sorted by value, not by their formatted text ("9,216" must
sort below "11,008"), and what is copied is exactly what is shown, in the order shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gatelab.core.budget import ComparisonRow, to_csv, to_markdown
from gatelab.ui.budget_table_frozen import FrozenColumnView
from gatelab.ui.focus_frame import show_focus

SORT_ROLE = int(Qt.ItemDataRole.UserRole) + 1
_Index = QModelIndex | QPersistentModelIndex


class _RowsModel(QAbstractTableModel):
    """Read-only rows computed by core; the sort role gives numbers, the display role text."""

    def __init__(self, headers: list[str], tips: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headers, self.tips = headers, tips
        self.rows: list[ComparisonRow] = []
        self._cells: list[list[str]] = []
        self._keys: list[list[object]] = []
        self.inexact_tip = ""
        self.moe_suffix = ""  # short, so that the Model column's middle elision keeps it
        self.moe_tip = ""
        self.notes: Mapping[str, str] = {}  # a row's note (already translated), by row name

    def set_rows(self, rows: Sequence[ComparisonRow], notes: Mapping[str, str]) -> None:
        self.beginResetModel()
        self.rows, self.notes = list(rows), notes
        self._cells = [row.cells(self.moe_suffix) for row in self.rows]
        self._keys = [[k if isinstance(k, str) else float(k) for k in row.sort_keys()]
                      for row in self.rows]
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        r, c = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cells[r][c]
        if role == SORT_ROLE:
            return self._keys[r][c]
        if role == Qt.ItemDataRole.TextAlignmentRole and c:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and not self.rows[r].exact:
            return QColor("#a05a00")
        if role == Qt.ItemDataRole.ToolTipRole:  # the full name: the Model column may elide it
            tips = [self._cells[r][0]] if c == 0 else []
            note = self.notes.get(self.rows[r].name, "") if c == 0 else ""
            tips += [note] if note else []
            tips += [self.moe_tip] if self.rows[r].moe and c in (0, 2, 3, 4) else []
            tips += [] if self.rows[r].exact else [self.inexact_tip]
            return "\n".join(tips) or None
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole:
                return self.headers[section]
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.tips[section]
        return None


class PresetTable(QWidget):
    """Comparison table; ``status_changed`` reports copies, ``row_activated`` a double-clicked name.

    The Model column takes what the key columns (Total … FFN params / layer) leave of the
    view's width, between ``MODEL_COLUMN_MIN`` and ``MODEL_COLUMN_MAX`` px (long names are elided
    in the middle, the full name is in the tooltip): at the default 1280 px window a fixed 190 px
    pushed "FFN params / layer" off the right edge. Later columns scroll sideways, under the
    Model column, which stays at the left edge (``FrozenColumnView``).
    """

    status_changed = Signal(str)
    row_activated = Signal(str)
    MODEL_COLUMN_MAX = 190
    MODEL_COLUMN_MIN = 110
    NOTE_BESIDE = 160  # the least px for the note beside the copy buttons (else it goes above)
    KEY_COLUMNS = 7  # on screen: Model, Total, Active, d, m, m ÷ d, FFN params / layer
    COLUMN_TOTAL, COLUMN_MLP, COLUMN_EMBEDDING = 8, 10, 11

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headers: list[str] = []
        self.model = _RowsModel([], [], self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.view = FrozenColumnView(self)  # Model stays at the left edge when it scrolls
        show_focus(self.view)
        self._setup_view()
        self.copy_md_button = QPushButton()
        self.copy_csv_button = QPushButton()
        self.copy_md_button.clicked.connect(self.copy_markdown)
        self.copy_csv_button.clicked.connect(self.copy_csv)
        self.note = QLabel()
        self.note.setStyleSheet("color: #666;")
        self.note.setWordWrap(True)
        self._foot = QGridLayout()  # the note beside the buttons, or above them (_fit_foot)
        self._note_beside: bool | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # the least width is the buttons' (minimumSizeHint), not the note's and the buttons'
        # side by side: that made the budget tab 688 px wide at least, and at the window's
        # least width the "Try this" card beside it kept 122 px, its text cut at the edge
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        layout.addWidget(self.view, 1)
        layout.addLayout(self._foot)
        self._rows: list[ComparisonRow] = []
        self._notes: dict[str, str] = {}
        self.retranslate()

    def _buttons_width(self) -> int:
        """Px the two copy buttons need side by side: with the spacing before each (the note's
        column is left of them, empty under the note when that is above them)."""
        spacing = max(self._foot.horizontalSpacing(), 0)
        return (self.copy_md_button.sizeHint().width() + self.copy_csv_button.sizeHint().width()
                + 2 * spacing)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(self._buttons_width(), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit_foot()

    def _fit_foot(self) -> None:
        """The note beside the buttons where it keeps ``NOTE_BESIDE`` px, else above them."""
        beside = self.width() >= self._buttons_width() + self.NOTE_BESIDE
        if beside == self._note_beside:
            return
        foot = self._foot
        for widget in (self.note, self.copy_md_button, self.copy_csv_button):
            foot.removeWidget(widget)
        row = 0 if beside else 1
        foot.addWidget(self.note, 0, 0, 1, 1 if beside else 3)
        foot.addWidget(self.copy_md_button, row, 1)
        foot.addWidget(self.copy_csv_button, row, 2)
        foot.setColumnStretch(0, 1)
        self._note_beside = beside
        self.updateGeometry()

    def _setup_view(self) -> None:
        self.view.setModel(self.proxy)
        self.view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.view.setSortingEnabled(True)  # starts unsorted: your model first, then by size
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setAlternatingRowColors(True)
        # Tab leaves the table (21 rows × 13 columns were one Tab stop per cell before "Copy as
        # Markdown"); the arrow keys still move within it
        self.view.setTabKeyNavigation(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(22)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)  # (stretched, it took the room left even when
        # narrower than its numbers: "39,…808" at 1024 px, walkthrough s21 #10)
        self.view.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.view.doubleClicked.connect(self._on_double_clicked)
        self.view.viewport().installEventFilter(self)  # a wider or narrower view: refit Model
        self.view.sync_frozen()

    def retranslate(self) -> None:
        """Headers, tips, the MoE mark and the buttons in the current language."""
        self.headers = [self.tr("Model"), self.tr("d"), self.tr("m"), self.tr("m ÷ d"),
                        self.tr("FFN params\n/ layer"), self.tr("Classic\nequivalent"),
                        self.tr("8d/3\nrule"), self.tr("MLP\nshare"), self.tr("Total"),
                        self.tr("Active\n/ token"), self.tr("MLP\n(all layers)"),
                        self.tr("Embedding\ntable")]
        tips = [self.tr("Preset (or your model); MoE rows describe one expert"),
                self.tr("Hidden width d (n_embd)"), self.tr("Intermediate width m of the FFN"),
                self.tr("Expansion factor m ÷ d (classic 4×; gated break-even 8/3 ≈ 2.667)"),
                self.tr("Parameters of one FFN: 3·d·m gated, 2·d·m classic (plus biases)"),
                self.tr("Classic width with the same parameters (1.5·m for a gated FFN)"),
                self.tr("ceil(8d/3): the gated width matching classic 4×"),
                self.tr("MLP parameters ÷ all parameters"),
                self.tr("All parameters; ≈ marks counts that are not exact"),
                self.tr("Parameters used per token (MoE: routed experts only)"),
                self.tr("All layers' MLP parameters (every expert, shared expert and router); "
                        "for a dense model 3·d·m·layers"),
                self.tr("The token embedding table vocab × d, to set beside the MLP")]
        self.model.headers, self.model.tips = self.headers, tips
        self.model.inexact_tip = self.tr("Not exact: see the model's notes")
        # on screen a short mark that middle elision keeps, with the meaning in the tooltip;
        # a copy has no tooltip, so it spells the meaning out
        self.model.moe_suffix = self.tr(" (MoE)")
        self.model.moe_tip = self.tr("MoE: m and FFN params / layer describe one expert; Total "
                                     "counts every expert, Active / token the routed ones")
        self.moe_copy_suffix = self.tr(" (MoE: one expert)")
        self.view.setToolTip(self.tr("Click a header to sort; double-click a row (or press "
                                     "Enter on it) to show that model in the charts"))
        self.view.sync_frozen()
        self.copy_md_button.setText(self.tr("Copy as Markdown"))
        self.copy_md_button.setToolTip(self.tr("Copy the table, in its current order, as a "
                                               "Markdown table"))
        self.copy_csv_button.setText(self.tr("Copy as CSV"))
        self.copy_csv_button.setToolTip(self.tr("Copy the table as CSV with plain numbers"))
        self.note.setText(self.tr("Sizes from each model's config.json; exact where the family "
                                  "is counted tensor by tensor."))
        self._note_beside = None  # the buttons' new words: place the note again
        self._fit_foot()
        self.set_rows(self._rows, self._notes)

    def set_rows(self, rows: Sequence[ComparisonRow], notes: Mapping[str, str] | None = None) -> None:
        """Show ``rows`` (their labels and ``notes``, by row name, already translated); the Model
        column stays capped. A row's note is added to its name's tooltip."""
        self._rows, self._notes = list(rows), dict(notes or {})
        self.model.set_rows(self._rows, self._notes)
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.headers) - 1)
        self._cap_model_column()

    def _cap_model_column(self) -> None:
        header = self.view.horizontalHeader()
        if header.count() == 0:
            return
        # Total and Active right after Model, on screen only (copies keep core's column order):
        # the answer a reader came for stays in view however narrow the table is.
        for visual, logical in ((1, self.COLUMN_TOTAL), (2, self.COLUMN_TOTAL + 1)):
            if logical < header.count() and header.visualIndex(logical) != visual:
                header.moveSection(header.visualIndex(logical), visual)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)  # the rest: contents
        self._fit_model_column()

    def _fit_model_column(self) -> None:
        """Model gets the width the other key columns leave, within its min and max."""
        header = self.view.horizontalHeader()
        if header.count() == 0:
            return
        keys = [header.logicalIndex(v) for v in range(1, min(self.KEY_COLUMNS, header.count()))]
        others = sum(self._wanted(c) for c in keys)
        room = self.view.viewport().width() - others
        fit = min(self._wanted(0), self.MODEL_COLUMN_MAX, room)
        header.resizeSection(0, max(self.MODEL_COLUMN_MIN, fit))

    def _wanted(self, column: int) -> int:
        return max(self.view.sizeHintForColumn(column),
                   self.view.horizontalHeader().sectionSizeHint(column))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Resize and watched is self.view.viewport():
            self._fit_model_column()
        return False

    def show_row(self, name: str, column: int = 0) -> bool:
        """Select the row of model ``name`` and scroll ``column`` of it into view."""
        for r in range(self.proxy.rowCount()):
            index = self.proxy.index(r, column)
            if self._rows[self.proxy.mapToSource(index).row()].name == name:
                self.view.selectRow(r)
                self.view.scrollTo(index)
                return True
        return False

    def rows_in_view_order(self) -> list[ComparisonRow]:
        out = []
        for r in range(self.proxy.rowCount()):
            index = self.proxy.mapToSource(self.proxy.index(r, 0))
            out.append(self._rows[index.row()])
        return out

    def markdown(self) -> str:
        return to_markdown(self.rows_in_view_order(), self.headers, self.moe_copy_suffix)

    def csv(self) -> str:
        """The table as CSV under one-line headers: the table's two-line headers ("FFN
        params\n/ layer") became two-line header cells in a spreadsheet."""
        return to_csv(self.rows_in_view_order(), [" ".join(h.split()) for h in self.headers])

    def copy_markdown(self) -> None:
        QGuiApplication.clipboard().setText(self.markdown())
        self.status_changed.emit(self.tr("Copied {0} rows as Markdown").format(len(self._rows)))

    def copy_csv(self) -> None:
        QGuiApplication.clipboard().setText(self.csv())
        self.status_changed.emit(self.tr("Copied {0} rows as CSV").format(len(self._rows)))

    def _on_double_clicked(self, index: object) -> None:
        source = self.proxy.mapToSource(index)  # type: ignore[arg-type]
        self.row_activated.emit(self._rows[source.row()].name)
