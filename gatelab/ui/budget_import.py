"""The "Checkpoint" view of the budget panel: a safetensors header, grouped and cross-checked.

Why: a checkpoint's tensor list is the ground truth the config-derived count must meet. This view
shows the groups (embeddings, attention, MLP gate/up/down, experts, norms…), the per-part
difference from the config's count, flags quantized storage, and lists the tensors themselves.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QMessageBox,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gatelab.core import budget as B
from gatelab.core.budget import CheckpointSummary, format_int, format_short, format_signed
from gatelab.core.fileio import check_write_target
from gatelab.ui.message_box import breakable
from gatelab.ui.budget_loader import BudgetFileLoader, CheckpointResult, ConfigResult
from gatelab.ui.messages import message_text

MAX_TENSOR_ROWS = 5000


def tensor_count(n: int) -> str:
    """"1 tensor", "2,345 tensors": the count with its noun, in the current language."""
    if n == 1:
        return QCoreApplication.translate("CheckpointView", "1 tensor")
    return QCoreApplication.translate("CheckpointView", "{0} tensors").format(format_int(n))


def _table(headers: Sequence[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setDefaultSectionSize(22)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


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
        split = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        lay = QVBoxLayout(left)
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
            "other": self.tr("Other"), "quantization": self.tr("Quantization metadata (not params)"),
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


def shown_name(path: str | Path) -> str:
    """A file as the tab names it: with its folder ("qwen3-0.6b/model.safetensors"), since
    every Hugging Face checkpoint is model.safetensors and every config config.json (s13)."""
    parts = Path(path).parts
    return "/".join(parts[-2:]) if len(parts) > 1 and parts[-2] != "/" else Path(path).name


class BudgetFilesMixin:
    """Opening config.json / safetensors files and exporting charts, for ``BudgetPanel``.

    Kept apart so the panel module stays about controls and charts; files are read by a
    ``BudgetFileLoader`` thread (the open buttons are disabled meanwhile) and every failure ends
    in one non-blocking dialog via ``report_error`` (tests read ``last_error`` or ``error_reported``).
    """

    models: dict[str, B.ModelCount]
    sources: dict[str, str]
    last_error: str
    _error_box: QMessageBox | None
    checkpoint_view: CheckpointView
    status_changed: Any
    error_reported: Any
    lower_tabs: Any
    charts: Any
    open_config_button: Any
    open_st_button: Any

    if TYPE_CHECKING:  # provided by QWidget and BudgetPanel
        def tr(self, text: str) -> str: ...
        def compare_name(self) -> str: ...
        def _fill_compare_combo(self, select: str) -> None: ...
        def _on_inputs_changed(self, *_args: object) -> None: ...
        def comfortable_height(self, widget: Any, width: int) -> int: ...

    # -- files ------------------------------------------------------------------------------------
    def report_error(self, title: str, message: str) -> None:
        """A clear, non-blocking error dialog (also on ``error_reported`` / ``last_error`` for tests)."""
        self.last_error = message
        self.error_reported.emit(message)
        if self._error_box is not None:
            self._error_box.close()
        box = QMessageBox(QMessageBox.Icon.Warning, title, breakable(message),  # paths wrap
                          QMessageBox.StandardButton.Ok, self)  # type: ignore[arg-type]
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.open()
        self._error_box = box

    # -- reading happens in BudgetFileLoader's thread; results are applied here -----------------
    def file_loader(self) -> BudgetFileLoader:
        """The panel's background reader (created on first use); tests wait on its
        ``result_applied(kind, path, ok)``, emitted once a result is on screen."""
        loader: BudgetFileLoader | None = getattr(self, "_file_loader", None)
        if loader is None:
            loader = BudgetFileLoader(self)  # type: ignore[arg-type]
            loader.busy_changed.connect(self._on_files_busy)
            loader.read_finished.connect(self._on_file_done)
            loader.progress_changed.connect(self._on_file_progress)
            self._file_loader = loader
        return loader

    def load_config(self, path: str | Path) -> int:
        """Count a config.json, read in the background; the count appears beside your model
        when ``file_loader().result_applied`` fires (a dialog on failure). Returns the ticket."""
        self.status_changed.emit(self.tr("Reading {0}…").format(shown_name(path)))
        return self.file_loader().load("config", str(path))

    def load_safetensors(self, path: str | Path) -> int:
        """Read a safetensors header (or sharded index) in the background and cross-check it."""
        self.status_changed.emit(self.tr("Reading {0}…").format(shown_name(path)))
        return self.file_loader().load("safetensors", str(path))

    def shutdown(self) -> None:
        """Stop the reader thread and wait for it (called by the main window on close)."""
        loader: BudgetFileLoader | None = getattr(self, "_file_loader", None)
        if loader is not None:
            loader.shutdown()

    def _on_files_busy(self, busy: bool) -> None:
        for button in (self.open_config_button, self.open_st_button):
            button.setEnabled(not busy)
        if busy:
            self.checkpoint_view.setCursor(Qt.CursorShape.BusyCursor)
        else:
            self.checkpoint_view.unsetCursor()

    def _on_file_progress(self, path: str, done: int, total: int) -> None:
        self.status_changed.emit(self.tr("Reading {0}: shard {1} of {2}…").format(
            shown_name(path), done, total))

    def _on_file_done(self, _ticket: int, kind: str, path: str, result: object,
                      error: str) -> None:
        if kind == "config":
            ok = self._apply_config(Path(path), result, error)
        else:
            ok = self._apply_checkpoint(Path(path), result, error)
        self.file_loader().result_applied.emit(kind, path, ok)

    def _status_failed(self, p: Path) -> None:
        """The bar's "Reading …" is over: it stayed beside the error box for its 8 s."""
        self.status_changed.emit(self.tr("Could not read {0}").format(shown_name(p)))

    def _apply_config(self, p: Path, result: object, error: str) -> bool:
        if not isinstance(result, ConfigResult):
            self._status_failed(p)
            self.report_error(self.tr("Cannot read config.json"),
                              self.tr("{0}\n\n{1}").format(shown_name(p), error))
            return False
        config, count = result.config, result.count
        stem = config.get("_name_or_path") if isinstance(config.get("_name_or_path"), str) else ""
        name = stem or (p.parent.name + "/" + p.name)
        self.models[name] = count
        self.sources[name] = str(p)
        self._fill_compare_combo(name)
        self._on_inputs_changed()
        self.status_changed.emit(self.tr("Loaded {0}: {1} parameters").format(
            name, B.format_short(count.total)))
        return True

    def _apply_checkpoint(self, p: Path, result: object, error: str) -> bool:
        if not isinstance(result, CheckpointResult):
            self._status_failed(p)
            self.report_error(self.tr("Cannot read safetensors"),
                              self.tr("{0}\n\n{1}").format(shown_name(p), error))
            return False
        summary = result.summary
        target: B.ModelCount | None = result.beside
        selected = ""  # compared with the selected model: no usable config.json beside the file
        fallback = self.checkpoint_fallback() if target is None else ""
        if fallback:
            target, selected = self.models[fallback], fallback

        def compared_to() -> str:  # worded when shown, so a language switch re-words it
            # no self in here: the checkpoint view keeps this function, and a reference to the
            # panel would make a cycle through it (ui/qt_cycles); same context as self.tr
            if selected:
                return QCoreApplication.translate(
                    "BudgetFilesMixin", "the selected model {0} (no config.json beside the file)"
                ).format(selected)
            if result.beside_error:
                return QCoreApplication.translate(
                    "BudgetFilesMixin", "(config.json beside the file is unreadable: {0})"
                ).format(result.beside_error)
            return QCoreApplication.translate(
                "BudgetFilesMixin", "config.json beside the file") if target is not None else ""

        comparison = B.compare(summary, target) if target is not None else None
        label = shown_name(p)
        self.checkpoint_view.show_summary(label, summary, comparison, compared_to)
        self.checkpoint_view.summary_label.setToolTip(str(p))
        self.lower_tabs.setCurrentWidget(self.checkpoint_view)
        self.status_changed.emit(self.tr("{0}: {1}, {2} parameters").format(
            label, tensor_count(len(summary.rows)), B.format_short(summary.total)))
        return True

    def checkpoint_fallback(self) -> str:
        """The model a checkpoint without a usable config.json beside it is compared with: the
        one selected, "" for none."""
        name = self.compare_name()
        return name if name in self.models else ""

    def _on_open_config(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open config.json"), "",
                                              self.tr("Model config (*.json);;All files (*)"))
        if path:
            self.load_config(path)

    def _on_open_safetensors(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open safetensors"), "",
            self.tr("Safetensors (*.safetensors *.safetensors.index.json);;All files (*)"))
        if path:
            self.load_safetensors(path)

    def export_chart_png(self, path: str | Path) -> bool:
        """Both charts with their titles as one slide-sized PNG (``budget_export``), written
        whole or not at all; a failure is one line in a dialog."""
        from gatelab.ui.budget_export import widget_image
        from gatelab.ui.plot_card_export import write_png

        try:
            target = check_write_target(path)  # a FIFO would block the GUI thread
            charts = self.charts
            write_png(widget_image(charts, lambda width: max(  # the charts at their ease
                charts.height(), self.comfortable_height(charts, width))), target)
        except (ValueError, OSError) as exc:
            self.report_error(self.tr("Export failed"), message_text(exc) or self.tr(
                "Could not write {0}").format(path))
            return False
        self.status_changed.emit(self.tr("Saved {0}").format(path))
        return True

    def _on_export(self) -> None:
        from gatelab.ui.export_dialog import ask_export_path, set_export_folder
        # the dialog every Export… button uses: last export's folder, ".png" added when untyped
        path = ask_export_path(self, self.tr("Export charts"), "budget.png",
                               self.tr("PNG image (*.png)"))
        if path and self.export_chart_png(path if path.lower().endswith(".png") else path + ".png"):
            set_export_folder(str(Path(path).parent))

