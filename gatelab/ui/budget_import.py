"""Opening a budget's config.json and safetensors files (off the GUI thread) and exporting its
charts; the Checkpoint view they fill is in ``budget_checkpoint``."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox

from gatelab.core import budget as B
from gatelab.core.fileio import check_write_target
from gatelab.ui.budget_checkpoint import CheckpointView, tensor_count
from gatelab.ui.budget_loader import BudgetFileLoader, CheckpointResult, ConfigResult
from gatelab.ui.export_dialog import folder_of
from gatelab.ui.message_box import breakable
from gatelab.ui.messages import message_text
from gatelab.ui import file_dialogs


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
    configs: dict[str, dict[str, Any]]
    preset_notes: dict[str, str]
    last_error: str
    _error_box: QMessageBox | None
    checkpoint_view: CheckpointView
    status_changed: Any
    error_reported: Any
    lower_tabs: Any
    charts: Any
    open_config_button: Any
    open_st_button: Any

    # provided by QWidget and BudgetPanel; annotations, not an ``if TYPE_CHECKING:`` block of
    # stubs: lupdate read that block as the class's end, and this class's strings lost their
    # translation context (they showed in English in the Chinese UI)
    tr: Callable[[str], str]
    compare_name: Callable[[], str]
    _refit_later: Callable[[], None]
    _fill_compare_combo: Callable[[str], None]
    _on_inputs_changed: Callable[..., None]
    comfortable_height: Callable[[Any, int], int]

    # -- files ------------------------------------------------------------------------------------
    def report_error(self, title: str, message: str) -> None:
        """A clear, non-blocking error dialog (also on ``error_reported`` / ``last_error`` for tests)."""
        self.last_error = message
        self.error_reported.emit(message)
        if self._error_box is not None:  # closing only hides it: it is freed here, or each
            self._error_box.close()  # refusal left a hidden box behind for the whole session
            self._error_box.deleteLater()
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
        self.configs[name] = config
        self.preset_notes.pop(name, None)  # a config named like a preset replaces it, note too
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
        self._refit_later()  # its tables whole, when it was the tab shown already
        self.status_changed.emit(self.tr("{0}: {1}, {2} parameters").format(
            label, tensor_count(len(summary.rows)), B.format_short(summary.total)))
        return True

    def checkpoint_fallback(self) -> str:
        """The model a checkpoint without a usable config.json beside it is compared with: the
        one selected, "" for none."""
        name = self.compare_name()
        return name if name in self.models else ""

    def _open_folder(self, kind: str) -> str:
        """Where an Open dialog starts: the folder of the file of this ``kind`` open now (the
        other kind's when none; they usually lie side by side), else the home folder."""
        files: dict[str, str] = getattr(self, "opened_files", dict)()
        return folder_of(files.get(kind) or next(iter(files.values()), ""))

    def _on_open_config(self) -> None:
        path, _ = file_dialogs.open_file_name(self, self.tr("Open config.json"),
                                              self._open_folder("config"),
                                              self.tr("Model config (*.json);;All files (*)"))
        if path:
            self.load_config(path)

    def _on_open_safetensors(self) -> None:
        path, _ = file_dialogs.open_file_name(
            self, self.tr("Open safetensors"), self._open_folder("safetensors"),
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

