"""How the Runs table draws a cell that does not fit: a run's name keeps its own last part
and the end of its experiment's ("…f767/gelu-seed1338"), Model and Corpus are elided in their middle, and the Run cell's tooltip
names what a narrow list hides (``runs_view_columns`` hides Corpus, Train and Steps first).

Why: beside the "Try this" card at 1024 px the list is ~345–390 px wide, and the names of an
experiment's runs, "exp-20261203-171800-f767/gelu-seed1337" and "…-seed1338", were cut to "e…8"
(walkthrough s21 #9): what tells them apart is their end. ``shown_text`` says what a cell
draws, for tests and for the tooltip's choice.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFontMetrics, QHelpEvent, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QToolTip,
    QWidget,
)

ELLIPSIS = "…"
Index = QModelIndex | QPersistentModelIndex


class MiddleElide(QStyledItemDelegate):
    """Elides a cell in the middle: "4L d1…52 4h" keeps a model's layers and heads."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideMiddle


class NameElide(MiddleElide):
    """A run's name as ``elide_name`` fits it; its tooltip (``run_tip``) also holds the cells of
    the columns a narrow list hides."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = elide_name(opt.text, opt.fontMetrics, text_room(opt))
        # fitted already: the style's own pass measures the line in fractional px and, a
        # fraction over, cut "…/swiglu-seed1338" again to "…/swigl…eed1338" (xcb, hinted)
        opt.textElideMode = Qt.TextElideMode.ElideNone
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)

    def helpEvent(self, event: QHelpEvent, view: QAbstractItemView,  # noqa: N802 (Qt's name)
                  option: QStyleOptionViewItem, index: Index) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(view, QTableWidget):
            QToolTip.showText(event.globalPos(), run_tip(view, index.row()), view)
            return True
        return super().helpEvent(event, view, option, index)


def elide_name(text: str, metrics: QFontMetrics, width: int) -> str:
    """A run's name as it fits ``width`` px: whole; else the run's own part whole after as much
    of the end of its experiment's name (before the last "/": its time and id) as fits
    ("…1800-f767/gelu-seed1338"); else that part alone, cut in its middle."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    head, slash, tail = text.rpartition("/")
    room = width - metrics.horizontalAdvance(slash + tail)
    if slash and room >= metrics.horizontalAdvance(ELLIPSIS):
        return metrics.elidedText(head, Qt.TextElideMode.ElideLeft, room) + slash + tail
    return metrics.elidedText(tail, Qt.TextElideMode.ElideMiddle, max(width, 0))


def text_room(option: QStyleOptionViewItem) -> int:
    """Px a cell's text may take: the style's text rectangle less its margin on both sides (as
    QCommonStyle draws and elides it)."""
    widget = option.widget
    style = widget.style() if widget is not None else QApplication.style()
    rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, widget)
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
    return rect.width() - 2 * margin


def cell_pad(widget: QWidget) -> int:
    """Px a cell adds to its text: the style's text margins and the grid line."""
    margin = widget.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
    return 2 * margin + 1


def shown_text(table: QTableWidget, row: int, column: int) -> str:
    """The text cell (``row``, ``column``) draws now, as elided to its column's width; "" for a
    hidden column."""
    if table.isColumnHidden(column):
        return ""
    index = table.model().index(row, column)
    option = QStyleOptionViewItem()
    option.initFrom(table.viewport())
    option.font, option.fontMetrics = table.font(), table.fontMetrics()
    option.widget = table
    option.rect = table.visualRect(index)
    delegate = table.itemDelegateForIndex(index)
    delegate.initStyleOption(option, index)
    room = text_room(option)
    if isinstance(delegate, NameElide):
        return elide_name(option.text, option.fontMetrics, room)
    if option.fontMetrics.horizontalAdvance(option.text) <= room:
        return option.text
    return option.fontMetrics.elidedText(option.text, option.textElideMode, room)


def run_tip(table: QTableWidget, row: int) -> str:
    """The Run cell's tooltip: the run's folder, then "Header: cell" for each hidden column."""
    item = table.item(row, 0)
    lines = [item.toolTip() if item is not None else ""]
    for column in range(table.columnCount()):
        cell, title = table.item(row, column), table.horizontalHeaderItem(column)
        if table.isColumnHidden(column) and cell is not None and title is not None:
            lines.append(QCoreApplication.translate("RunsView", "{0}: {1}").format(
                title.text(), cell.text()))
    return "\n".join(lines)
