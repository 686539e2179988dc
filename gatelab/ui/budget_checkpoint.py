"""The "Checkpoint" view of the budget panel: a safetensors header, grouped and cross-checked.

Why: a checkpoint's tensor list is the ground truth the config-derived count must meet. This view
shows the groups (embeddings, attention, MLP gate/up/down, experts, norms…), the per-part
difference from the config's count, flags quantized storage, and lists the tensors themselves.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gatelab.core.budget import CheckpointSummary, format_int, format_short, format_signed
from gatelab.ui.focus_frame import show_focus
from gatelab.ui.messages import message_text

MAX_TENSOR_ROWS = 5000


def tensor_count(n: int) -> str:
    """"1 tensor", "2,345 tensors": the count with its noun, in the current language."""
    if n == 1:
        return QCoreApplication.translate("CheckpointView", "1 tensor")
    return QCoreApplication.translate("CheckpointView", "{0} tensors").format(format_int(n))


def _table(headers: Sequence[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    show_focus(table)
    table.setTabKeyNavigation(False)  # one Tab stop; the arrows move within
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setDefaultSectionSize(22)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(False)  # (never narrower than its numbers:
    # stretched, the last column took what was left, "1.61" without its M, walkthrough s21 #10)
    return table


def whole_height(table: QTableWidget) -> int:
    """Px ``table`` takes to show every row under its header (with a sideways scroll bar
    where its columns are wider than it)."""
    bar = table.horizontalScrollBar()
    sideways = bar.sizeHint().height() if bar.maximum() > 0 else 0
    return (table.horizontalHeader().sizeHint().height() + table.verticalHeader().length()
            + 2 * table.frameWidth() + sideways)


def whole_width(table: QTableWidget) -> int:
    """Px ``table`` takes to show every column at its contents' width (and a scroll bar); a
    few px spare, as the header's hint left "Difference" a letter short."""
    header = table.horizontalHeader()
    columns = sum(max(table.sizeHintForColumn(c), header.sectionSizeHint(c))
                  for c in range(header.count()))
    return (columns + 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width()
            + 2 * table.fontMetrics().averageCharWidth())


def _cell(text: str, right: bool = True, colour: str | None = None) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if colour:
        item.setForeground(QColor(colour))
    return item


class CheckpointView(QWidget):
    """The "Checkpoint" tab: summary line, part-by-part comparison, groups and tensors."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.compare_table = _table([""] * 4)
        self.group_table = _table([""] * 3)
        self.tensor_table = _table([""] * 5)
        self.tensor_table.setSortingEnabled(False)
        split = self.split = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        lay = self._left_layout = QVBoxLayout(left)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.compare_table, 1)
        lay.addWidget(self.group_table, 1)
        split.addWidget(left)
        split.addWidget(self.tensor_table)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([480, 520])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary_label)
        layout.addWidget(split, 1)
        self._fitted_width = -1  # the width the part/group column was last fitted to
        self.summary: CheckpointSummary | None = None
        self._shown: tuple[Any, ...] | None = None  # show_summary's arguments, for retranslate
        self.retranslate()

    def retranslate(self) -> None:
        """Headers and tips in the current language; a shown summary is rendered again."""
        self.compare_table.setHorizontalHeaderLabels([self.tr("Part"), self.tr("Checkpoint"),
                                                      self.tr("From config"),
                                                      self.tr("Difference")])
        self.compare_table.setToolTip(self.tr("Checkpoint tensor elements versus the count "
                                              "derived from the config, part by part"))
        self.group_table.setHorizontalHeaderLabels([self.tr("Group"), self.tr("Parameters"),
                                                    self.tr("Short")])
        self.tensor_table.setHorizontalHeaderLabels([self.tr("Tensor"), self.tr("dtype"),
                                                     self.tr("Shape"), self.tr("Elements"),
                                                     self.tr("Group")])
        if self._shown is not None:
            self.show_summary(*self._shown)
        else:
            self.summary_label.setText(self.tr(
                "Open a .safetensors file or a sharded model.safetensors.index.json: only the "
                "header is read (names, dtypes, shapes), never the weights."))

    def group_label(self, group: str) -> str:
        names = {
            "embeddings": self.tr("Embeddings"), "attention": self.tr("Attention"),
            "mlp.gate": self.tr("MLP gate"), "mlp.up": self.tr("MLP up"),
            "mlp.down": self.tr("MLP down"), "mlp.gate_up": self.tr("MLP gate+up (fused)"),
            "experts": self.tr("Experts (routed)"), "shared_expert": self.tr("Shared expert"),
            "router": self.tr("Router"), "norms": self.tr("Norms"), "lm_head": self.tr("LM head"),
            "other": self.tr("Other"), "towers": self.tr("Vision/audio towers"),
            "quantization": self.tr("Quantization metadata (not params)"),
            "buffers": self.tr("Buffers / tied copies (not params)"), "mlp": self.tr("MLP"),
            "total": self.tr("Total"),
        }
        return names.get(group, group)

    def show_summary(self, path_label: str, summary: CheckpointSummary,
                     comparison: Sequence[tuple[str, int, int, int]] | None,
                     compared_to: str | Callable[[], str]) -> None:
        """Show a checkpoint; ``compared_to`` may be a function giving the (translated) name of
        what the counts were compared with, so ``retranslate`` can word it again."""
        self.summary = summary
        self._shown = (path_label, summary, comparison, compared_to)
        label = compared_to() if callable(compared_to) else compared_to
        self.summary_label.setText(self._summary_html(path_label, summary,
                                                      label if comparison is not None else None))
        self._fill_tables(summary, comparison or [])
        self._fitted_width = -1  # new rows, new widths: fit the columns again
        self.fit_columns()
        for table in (self.compare_table, self.group_table):  # the room shared as each needs
            self._left_layout.setStretchFactor(table, max(whole_height(table), 1))

    def comfortable_height(self) -> int:
        """Px this view takes with the summary and the part and group tables whole (the tensor
        list beside them scrolls): the split above it gives it that much while it is shown."""
        margins = self.layout().contentsMargins()
        width = max(self.width() - margins.left() - margins.right(), 200)
        spacing = max(self.layout().spacing(), 0)
        return (margins.top() + margins.bottom() + self.summary_label.heightForWidth(width)
                + spacing + whole_height(self.compare_table) + whole_height(self.group_table)
                + max(self.split.widget(0).layout().spacing(), 0))

    def fit_columns(self) -> None:
        """The part and group tables as wide as their columns (at most 3/5 of the view), the
        tensor list the rest: at 1280 px an even split cut "Difference" off (walkthrough s15).
        A drag stands until the view's width changes."""
        total = sum(self.split.sizes())
        if total <= 0 or total == self._fitted_width:
            return
        want = max(whole_width(self.compare_table), whole_width(self.group_table))
        left = min(want, total * 3 // 5)
        self.split.setSizes([left, total - left])
        self._fitted_width = total

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.fit_columns()

    def _summary_html(self, path_label: str, summary: CheckpointSummary,
                      compared_to: str | None) -> str:
        n = len(summary.rows)
        lines = [self.tr("<b>{0}</b>: {1}, {2} parameters ({3}).").format(
            html.escape(path_label), tensor_count(n), format_int(summary.total),
            format_short(summary.total))]
        if summary.hidden and summary.intermediate:
            lines.append(self.tr("From the tensors: d = {0}, m = {1}, vocab = {2}.").format(
                format_int(summary.hidden), format_int(summary.intermediate),
                format_int(summary.vocab or 0)))
        elif summary.hidden:
            lines.append(self.tr("From the tensors: d = {0}, vocab = {1}.").format(
                format_int(summary.hidden), format_int(summary.vocab or 0)))
        if summary.quantized:
            lines.append("<span style='color:#a05a00'>" + self.tr(
                "Quantized storage detected: see the notes; stored elements are not parameters "
                "one for one.") + "</span>")
        lines += ["<span style='color:#555'>" + html.escape(message_text(note)) + "</span>"
                  for note in summary.notes]
        if compared_to is not None:
            lines.append(self.tr("Compared with: {0}").format(html.escape(compared_to)))
        return "<br>".join(lines)

    def _fill_tables(self, summary: CheckpointSummary,
                     rows: Sequence[tuple[str, int, int, int]]) -> None:
        self.compare_table.setRowCount(len(rows))
        for r, (part, ck, cfg, diff) in enumerate(rows):
            colour = "#1e8449" if diff == 0 else "#c0392b"
            self.compare_table.setItem(r, 0, _cell(self.group_label(part), right=False))
            self.compare_table.setItem(r, 1, _cell(format_int(ck)))
            self.compare_table.setItem(r, 2, _cell(format_int(cfg)))
            self.compare_table.setItem(r, 3, _cell(format_signed(diff) if diff else "0 ✓",
                                                   colour=colour))
        groups = [(g, v) for g, v in summary.groups.items() if v]
        self.group_table.setRowCount(len(groups))
        for r, (group, value) in enumerate(groups):
            self.group_table.setItem(r, 0, _cell(self.group_label(group), right=False))
            self.group_table.setItem(r, 1, _cell(format_int(value)))
            self.group_table.setItem(r, 2, _cell(format_short(value)))
        self._fill_tensor_table(summary)

    def _fill_tensor_table(self, summary: CheckpointSummary) -> None:
        n = len(summary.rows)
        shown = summary.rows[:MAX_TENSOR_ROWS]
        self.tensor_table.setRowCount(len(shown))
        for r, row in enumerate(shown):
            colour = "#a05a00" if row.quantized else None
            self.tensor_table.setItem(r, 0, _cell(row.name, right=False, colour=colour))
            self.tensor_table.setItem(r, 1, _cell(row.dtype, right=False, colour=colour))
            self.tensor_table.setItem(r, 2, _cell(" × ".join(str(d) for d in row.shape) or "()"))
            self.tensor_table.setItem(r, 3, _cell(format_int(row.elements)))
            self.tensor_table.setItem(r, 4, _cell(self.group_label(row.group), right=False))
        if n > MAX_TENSOR_ROWS:
            self.tensor_table.setToolTip(self.tr("Showing the first {0} of {1} tensors").format(
                MAX_TENSOR_ROWS, n))
