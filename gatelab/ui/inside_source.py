"""Where the activations come from and which text to analyse: the tab's top bar.

Three sources: the live trainer's run (traced from its latest checkpoint), any saved run (from
the run list or any folder) and a Hugging Face model folder on disk. The bar only collects the
choice and shows progress and errors inline; the panel runs the work in its worker. Example
texts come from the lessons, in English and in Chinese.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QToolButton,
    QWidget,
)

from gatelab.paths import runs_dir
from gatelab.ui.inside_jobs import SOURCE_KINDS, SourceSpec

EXAMPLES: tuple[str, ...] = (
    "I flew from Paris to Tokyo last week",
    "The food was not bad at all",
    "Try this loop: for i in range(10):",
    "我上周从巴黎飞到东京",
    "这道菜一点也不差",
    "试试这个循环：for i in range(10):",
)
DEVICES = ("auto", "cpu", "cuda")
DTYPES = ("float32", "bf16")


class SourceBar(QWidget):
    """Source kind, run or folder, device/dtype (HF), the text, Analyse/Cancel, progress, errors."""

    analyse_requested = Signal()
    cancel_requested = Signal()
    kind_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = QComboBox(self)
        for key, label in zip(SOURCE_KINDS, (self.tr("Live run (trainer tab)"),
                                             self.tr("Saved run"),
                                             self.tr("Hugging Face model folder"))):
            self.kind.addItem(label, key)
        self.kind.setToolTip(self.tr("Whose activations to look at"))
        self.live_label = QLabel(self)
        self.live_label.setStyleSheet("color: #555;")
        self.runs = QComboBox(self)
        self.runs.setMinimumContentsLength(28)
        self.runs.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.runs.setToolTip(self.tr("Your saved runs, newest first"))
        self.runs.setPlaceholderText(self.tr("no saved runs yet: train one in the Live trainer "
                                             "tab, or open a run folder"))
        self.run_folder = QPushButton(self.tr("Folder…"), self)
        self.run_folder.setToolTip(self.tr("Open any run folder"))
        self.run_folder.clicked.connect(self._choose_run)
        self.hf_path = QLineEdit(self)
        self.hf_path.setPlaceholderText(self.tr("folder with config.json, *.safetensors and the "
                                                "tokenizer files"))
        self.hf_folder = QPushButton(self.tr("Folder…"), self)
        self.hf_folder.clicked.connect(self._choose_hf)
        self.device = QComboBox(self)
        self.device.addItems(list(DEVICES))
        self.device.setToolTip(self.tr("auto: the GPU when there is one, else the CPU"))
        self.dtype = QComboBox(self)
        self.dtype.addItems(list(DTYPES))
        self.dtype.setToolTip(self.tr("bf16 halves the memory of the weights"))
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.live_label)
        self.stack.addWidget(_row(self, self.runs, self.run_folder))
        self.stack.addWidget(_row(self, self.hf_path, self.hf_folder, QLabel(self.tr("device")),
                                  self.device, QLabel(self.tr("dtype")), self.dtype))
        self.text = QLineEdit(self)
        self.text.setObjectName("inside-text")
        self.text.setPlaceholderText(self.tr("the text to analyse"))
        self.text.setText(EXAMPLES[0])
        self.text.returnPressed.connect(self.analyse_requested)
        self.examples = QToolButton(self)
        self.examples.setText(self.tr("Examples"))
        self.examples.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        # the menu arrow takes room beside the caption: size the button for both
        self.examples.setMinimumWidth(self.examples.fontMetrics().horizontalAdvance(
            self.examples.text()) + 40)
        menu = QMenu(self.examples)
        for example in EXAMPLES:
            action = QAction(example, menu)
            action.triggered.connect(lambda _=False, e=example: self.text.setText(e))
            menu.addAction(action)
        self.examples.setMenu(menu)
        self.analyse = QPushButton(self.tr("▶ Analyse"), self)
        self.analyse.setDefault(True)
        self.analyse.setToolTip(self.tr("Run the text through the model once; switching layer, "
                                        "neuron or token afterwards is instant"))
        self.analyse.clicked.connect(self.analyse_requested)
        self.cancel = QPushButton(self.tr("Cancel"), self)
        self.cancel.clicked.connect(self.cancel_requested)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setMaximumWidth(260)
        self.message = QLabel(self)
        self.message.setObjectName("inside-message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        grid = QGridLayout(self)
        grid.setContentsMargins(6, 6, 6, 2)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
        grid.addWidget(QLabel(self.tr("Source")), 0, 0)
        grid.addWidget(self.kind, 0, 1)
        grid.addWidget(self.stack, 0, 2, 1, 3)
        grid.addWidget(QLabel(self.tr("Text")), 1, 0)
        grid.addWidget(self.text, 1, 1, 1, 2)
        grid.addWidget(self.examples, 1, 3)
        grid.addWidget(_row(self, self.analyse, self.cancel, self.progress), 1, 4)
        grid.addWidget(self.message, 2, 0, 1, 5)
        grid.setColumnStretch(2, 1)
        self.kind.currentIndexChanged.connect(self._on_kind)
        self._on_kind()
        self.set_busy(False)

    # -- reading the choice -------------------------------------------------------------------
    def kind_key(self) -> str:
        return str(self.kind.currentData())

    def set_kind(self, key: str) -> None:
        i = self.kind.findData(key)
        if i >= 0:
            self.kind.setCurrentIndex(i)

    def run_path(self) -> str:
        return str(self.runs.currentData() or "")

    def spec(self, live_path: str = "") -> SourceSpec:
        """The chosen source; ValueError with a message when nothing usable is chosen."""
        kind = self.kind_key()
        if kind == "live":
            if not live_path:
                raise ValueError(self.tr("No live run yet: start one in the Live trainer tab "
                                         "(Ctrl+4), or pick a saved run."))
            return SourceSpec("live", live_path)
        if kind == "run":
            if not self.run_path():
                raise ValueError(self.tr("Choose a saved run (or open a run folder)."))
            return SourceSpec("run", self.run_path())
        path = self.hf_path.text().strip()
        if not path:
            raise ValueError(self.tr("Choose a Hugging Face model folder on disk."))
        return SourceSpec("hf", path, self.device.currentText(), self.dtype.currentText())

    # -- filling ------------------------------------------------------------------------------
    def set_runs(self, rows: list[tuple[str, str]], keep: str = "") -> None:
        """(path, label) of the saved runs; keeps the current (or ``keep``) run selected."""
        current = keep or self.run_path()
        self.runs.blockSignals(True)
        self.runs.clear()
        for path, label in rows:
            self.runs.addItem(label, path)
        if current and self.runs.findData(current) < 0:
            self.runs.addItem(current, current)
        i = self.runs.findData(current) if current else 0
        self.runs.setCurrentIndex(max(i, 0))
        self.runs.blockSignals(False)

    def select_run(self, path: str) -> None:
        if self.runs.findData(path) < 0:
            self.runs.addItem(path, path)
        self.runs.setCurrentIndex(self.runs.findData(path))

    def set_live_info(self, text: str) -> None:
        self.live_label.setText(text)

    def set_busy(self, busy: bool) -> None:
        self.analyse.setEnabled(not busy)
        self.cancel.setVisible(busy)
        self.progress.setVisible(busy)
        if busy:
            self.progress.setRange(0, 1000)
            self.progress.setValue(0)
            self.progress.setFormat("%p%")

    def show_progress(self, fraction: float, text: str) -> None:
        if math.isnan(fraction):
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(round(1000 * fraction)))
        self.progress.setFormat(_progress_text(text))

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet("color: #c0392b; font-weight: bold;" if error else "color: #444;")
        self.message.setText(text)

    def message_text(self) -> str:
        return self.message.text()

    # -- private ------------------------------------------------------------------------------
    def _on_kind(self) -> None:
        self.stack.setCurrentIndex(max(self.kind.currentIndex(), 0))
        self.kind_changed.emit(self.kind_key())

    def _choose_run(self) -> None:
        start = runs_dir()
        folder = QFileDialog.getExistingDirectory(self, self.tr("Choose a run folder"),
                                                  str(start if start.is_dir() else start.parent))
        if folder:
            self.select_run(folder)

    def _choose_hf(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Choose a Hugging Face model "
                                                                "folder"), self.hf_path.text())
        if folder:
            self.hf_path.setText(folder)


def _progress_text(text: str) -> str:
    """The worker's message (English from the core) through the tab's translation context."""
    return QCoreApplication.translate("SourceBar", text) if text else "%p%"


def _row(parent: QWidget, *widgets: QWidget) -> QWidget:
    box = QWidget(parent)
    lay = QHBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(4)
    for w in widgets:
        lay.addWidget(w, 1 if isinstance(w, (QLineEdit, QComboBox)) and w.minimumWidth() == 0
                      else 0)
    return box
