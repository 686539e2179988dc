"""Putting the runs into the Runs table: each row's cells and tips, only the rows that changed,
and how wide each column's contents are, measured without laying out every cell.

Why: with ~300 runs, every poll that saw a gatelab-train run's run.json change rebuilt all the
rows, and every cell set made the table size its auto-sized columns over all rows again; the
GUI thread froze 8–15 s at a time, queued clicks then landing on a changed list (kill probe s21
D3). Now a poll that changes one run sets that row's cells alone; the columns' widths come
from the font's advance of each text (cached by text), the delegate measuring one cell per
column for its margins; and ``runs_view_columns`` gives the widths (no ResizeToContents).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem

from gatelab.ui.messages import message_text
from gatelab.ui.runs_view_columns import STATUS, STATUS_CHARS, elide_words, loss_text
from gatelab.ui.trainer_corpus import corpus_name
from gatelab.ui.trainer_fields import variant_name
from gatelab.ui.trainer_jobs import RunRow

CORPUS, STEPS = 3, 4
NUMBERS = (4, 5, 6)  # Steps, Train, Val: right-aligned


def row_cells(row: RunRow, status_word: Callable[[str], str]) -> tuple[list[str], list[str]]:
    """A run's eight cell texts and their tooltips (the whole name, corpus and reason)."""
    full = status_word(row.status) + (": " + message_text(row.error) if row.error else "")
    cells = [row.name, variant_name(row.variant), row.model, corpus_name(row.corpus), row.steps,
             loss_text(row.train_loss), loss_text(row.val_loss), elide_words(full, STATUS_CHARS)]
    tips = {CORPUS: row.corpus, STATUS: full}  # the path (Run's tip) ends with the whole name
    if row.steps.startswith("?"):  # run.json's step is implausible: the reason says why
        tips[STEPS] = full
    return [str(c) for c in cells], [tips.get(c) or row.path for c in range(len(cells))]


def fill_row(table: QTableWidget, r: int, path: str, cells: Sequence[str],
             tips: Sequence[str]) -> None:
    """Row ``r`` shows ``cells``; each item holds the run's ``path`` (what a selection names)."""
    for c, (text, tip) in enumerate(zip(cells, tips, strict=True)):
        item = QTableWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, path)
        item.setToolTip(tip)
        if c in NUMBERS:
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        table.setItem(r, c, item)


def show_cells(table: QTableWidget, shown: Sequence[tuple[str, list[str], list[str]]],
               new: Sequence[tuple[str, list[str], list[str]]]) -> bool:
    """The table goes from the (path, cells, tips) rows ``shown`` to ``new``: when the same runs
    stand in the same order (a run trained elsewhere wrote its step), only the rows whose text
    changed are set again; else every row is. True when the rows were rebuilt."""
    same = (table.rowCount() == len(shown) == len(new)
            and all(a[0] == b[0] for a, b in zip(shown, new, strict=True)))
    if not same:
        table.setRowCount(len(new))
    for r, row in enumerate(new):
        if not same or row != shown[r]:
            fill_row(table, r, *row)
    return not same


def view_anchor(table: QTableWidget) -> tuple[str, int] | None:
    """The run the user is looking at and its row's y in the view: the selected run where it
    is on screen, else the run at the view's top. None when the view is at its very top, where
    a run added above should come into view (the user is watching for it)."""
    bar = table.verticalScrollBar()
    if bar.value() <= bar.minimum() or table.rowCount() == 0:
        return None
    height = table.viewport().height()
    for r in [*(i.row() for i in table.selectionModel().selectedRows()), table.rowAt(0)]:
        rect = table.visualRect(table.model().index(r, 0))
        item = table.item(r, 0) if r >= 0 else None
        if item is not None and rect.bottom() >= 0 and rect.top() < height:
            return str(item.data(Qt.ItemDataRole.UserRole)), rect.top()
    return None


def keep_anchor(table: QTableWidget, anchor: tuple[str, int] | None,
                row_of: Callable[[str], int]) -> None:
    """Scroll so that the run of ``anchor`` stands at its old y again: runs
    are listed newest first, so each run started elsewhere moved the rows under the user's eyes
    down by one (noticed s22)."""
    if anchor is None:
        return
    row = row_of(anchor[0])
    if row < 0:  # the run is gone
        return
    table.doItemsLayout()  # the new rows' geometry and the scroll bar's range, now
    moved = table.visualRect(table.model().index(row, 0)).top() - anchor[1]
    if table.verticalScrollMode() == QAbstractItemView.ScrollMode.ScrollPerItem:
        moved = round(moved / max(1, table.rowHeight(row)))
    bar = table.verticalScrollBar()
    bar.setValue(bar.value() + moved)


class TextWidths:
    """Px each column's widest text wants, from the font's advance of each text (cached; a new
    font starts afresh): ``sizeHintForColumn`` lays out every cell's text instead."""

    def __init__(self) -> None:
        self._font = ""
        self._px: dict[str, int] = {}

    def wanted(self, table: QTableWidget, texts: Sequence[Sequence[str]]) -> list[int]:
        """Per column: its widest cell as the delegate sizes it, or its header's hint."""
        font = table.font().key()
        if font != self._font:
            self._font, self._px = font, {}
        header, model = table.horizontalHeader(), table.model()
        grid = 1 if table.showGrid() else 0
        out = []
        for c in range(table.columnCount()):
            widest = max(range(len(texts)), key=lambda r: self.advance(table, texts[r][c]),
                         default=-1)
            cell = (table.sizeHintForIndex(model.index(widest, c)).width() + grid
                    if widest >= 0 else 0)
            out.append(max(cell, header.sectionSizeHint(c)))
        return out

    def advance(self, table: QTableWidget, text: str) -> int:
        px = self._px.get(text)
        if px is None:
            px = self._px[text] = table.fontMetrics().horizontalAdvance(text)
        return px
