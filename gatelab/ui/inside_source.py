"""Where the activations come from and which text to analyse: the tab's top bar.

Three sources: the live trainer's run (traced from its latest checkpoint), any saved run (from
the run list or any folder) and a Hugging Face model folder on disk. The bar only collects the
choice and shows progress and errors inline; the panel runs the work in its worker. Example
texts come from the lessons, in English and in Chinese.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
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

from gatelab.core.inside.types import DTYPES, MAX_TEXT_CHARS
from gatelab.ui.inside_jobs import SOURCE_KINDS, SourceSpec
from gatelab.ui.field_errors import ERROR_STYLE, WARNING_STYLE
from gatelab.ui.elide import ElidedLine
from gatelab.ui import file_dialogs

# The lessons' examples, English first; each English one is also a translatable string (its
# translation is the Chinese example), so a language switch swaps an untouched example.
EXAMPLES: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("SourceBar", "I flew from Paris to Tokyo last week"),
    QT_TRANSLATE_NOOP("SourceBar", "The food was not bad at all"),
    QT_TRANSLATE_NOOP("SourceBar", "Try this loop: for i in range(10):"),
    "我上周从巴黎飞到东京",
    "这道菜一点也不差",
    "试试这个循环：for i in range(10):",
)
N_EXAMPLES = 3  # examples per language
TEXT_BOX_CHARS = MAX_TEXT_CHARS + 1  # the text box holds one past what is analysed
DEVICES = ("auto", "cpu", "cuda")


class SourceBar(QWidget):
    """Source kind, run or folder, device/dtype (HF), the text, Analyse/Cancel, progress, errors."""

    analyse_requested = Signal()
    cancel_requested = Signal()
    kind_changed = Signal(str)
    example_picked = Signal(str)  # a fresh text: an error about the last one is stale
    # the kind, run or model folder changed (the learner, a state, a refresh): the views may
    # now show another source than the bar names (walkthrough s15 F3)
    choice_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = QComboBox(self)
        # its captions change with the language: the width follows them, never clipping
        self.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for key in SOURCE_KINDS:
            self.kind.addItem(key, key)
        # elided, never wrapped or widening: a hidden page of the stack below still sets the
        # row's minimum width, and a long "training, step 125 of 200 …" line left the lesson card
        # a 50 px strip at 1024 px (walkthrough s14 F1)
        self.live_label = ElidedLine(self)
        self.live_label.setStyleSheet("color: #555;")
        self.runs = QComboBox(self)
        # True once a run is picked (the list, Folder…, a state file): refreshes keep it; until
        # then each refresh starts on the run the trainer shows or one with a history
        self.run_chosen = False
        self.runs.activated.connect(self._on_run_chosen)
        self.runs.setMinimumContentsLength(28)
        self.runs.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.run_folder = QPushButton(self)
        self.run_folder.clicked.connect(self._choose_run)
        self.hf_path = QLineEdit(self)
        self.hf_path.returnPressed.connect(self.analyse_requested)  # Enter loads the folder
        self.hf_folder = QPushButton(self)
        self.hf_folder.clicked.connect(self._choose_hf)
        self.device = QComboBox(self)
        for key in DEVICES:
            self.device.addItem(key, key)
        self.dtype = QComboBox(self)
        self.dtype.addItems(list(DTYPES))
        self.device_label, self.dtype_label = QLabel(self), QLabel(self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.live_label)
        self.stack.addWidget(_row(self, self.runs, self.run_folder))
        self.stack.addWidget(_row(self, self.hf_path, self.hf_folder, self.device_label,
                                  self.device, self.dtype_label, self.dtype))
        self.text = QLineEdit(self)
        # Qt's default cap (32,767) would cut a long paste silently; one past core's limit lets
        # the analysis refuse it with a message instead
        self.text.setMaxLength(TEXT_BOX_CHARS)
        self.text.setObjectName("inside-text")
        self.text.setText(EXAMPLES[0])
        self.text.returnPressed.connect(self.analyse_requested)
        # True while the box holds the example the tab chose itself (not typed, picked or
        # restored): only that one may be swapped for an example the model can read
        self.default_text = True
        self.text.textEdited.connect(self._on_edited)
        self._examples_shown: tuple[str, ...] = EXAMPLES[:N_EXAMPLES]
        # set by the panel while the views show a trace of the text in the box: a language
        # switch then leaves that text alone (the shaded tokens would describe another text)
        self.keep_text = False
        self.examples = QToolButton(self)
        self.examples.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.examples)
        for example in EXAMPLES:  # both languages, whatever the interface's
            action = QAction(example, menu)
            action.triggered.connect(lambda _=False, e=example: self.pick_example(e))
            menu.addAction(action)
        self.examples.setMenu(menu)
        self.analyse = QPushButton(self)
        # not setDefault: outside a dialog it only drew a blue frame, the same with the focus
        # and without, so Tab onto it showed nothing (keyboard walkthrough s18 D4); Enter in
        # the text or the folder field analyses (below)
        self.analyse.clicked.connect(self.analyse_requested)
        self.cancel = QPushButton(self)
        self.cancel.clicked.connect(self.cancel_requested)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        # a short bar with the percentage only: the worker's words ("checking the model
        # folder") go to the message line, which has the width; a 260 px bar with them inside
        # wrapped and cut them, and took its room from the Text field
        self.progress.setFixedWidth(90)
        self.progress.setFormat("%p%")
        for w in (self.cancel, self.progress):  # the Text field keeps its width while busy
            policy = w.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            w.setSizePolicy(policy)
        self.message = QLabel(self)
        self.message.setObjectName("inside-message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.source_label, self.text_label = QLabel(self), QLabel(self)
        self.source_label.setBuddy(self.kind)  # a screen reader names them by these labels
        self.text_label.setBuddy(self.text)

        grid = QGridLayout(self)
        grid.setContentsMargins(6, 6, 6, 2)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
        grid.addWidget(self.source_label, 0, 0)
        grid.addWidget(self.kind, 0, 1)
        grid.addWidget(self.stack, 0, 2, 1, 3)
        grid.addWidget(self.text_label, 1, 0)
        grid.addWidget(self.text, 1, 1, 1, 2)
        grid.addWidget(self.examples, 1, 3)
        grid.addWidget(_row(self, self.analyse, self.cancel, self.progress), 1, 4)
        grid.addWidget(self.message, 2, 0, 1, 5)
        grid.setColumnStretch(2, 1)
        self.kind.currentIndexChanged.connect(self._on_kind)
        self.runs.currentIndexChanged.connect(self.choice_changed)
        self.hf_path.textChanged.connect(self.choice_changed)
        self.retranslate()
        self._on_kind()
        self.set_busy(False)

    def retranslate(self) -> None:
        """Every caption, tooltip and placeholder in the current language; an example text the
        learner has not edited becomes the same example in the new language (unless
        ``keep_text``: the views show a trace of it)."""
        for i, label in enumerate((self.tr("Live run (trainer tab)"), self.tr("Saved run"),
                                   self.tr("Hugging Face model folder"))):
            self.kind.setItemText(i, label)
        self.kind.setToolTip(self.tr("Whose activations to look at"))
        self.runs.setToolTip(self.tr("Your saved runs, newest first"))
        self.runs.setPlaceholderText(self.tr("no saved runs yet: train one in the Live trainer "
                                             "tab, or open a run folder"))
        self.run_folder.setText(self.tr("Folder…"))
        self.run_folder.setToolTip(self.tr("Open any run folder"))
        self.hf_path.setPlaceholderText(self.tr("folder with config.json, *.safetensors and the "
                                                "tokenizer files"))
        self.hf_folder.setText(self.tr("Folder…"))
        self.hf_folder.setToolTip(self.tr("Choose a Hugging Face model folder"))
        self.device.setItemText(0, self.tr("auto"))  # the others are device names
        self.device.setToolTip(self.tr("auto: the GPU when there is one, else the CPU"))
        self.dtype.setToolTip(self.tr("bf16 halves the memory of the weights"))
        self.device_label.setText(self.tr("device"))
        self.dtype_label.setText(self.tr("dtype"))
        self.source_label.setText(self.tr("Source"))
        self.text_label.setText(self.tr("Text"))
        self.text.setPlaceholderText(self.tr("the text to analyse"))
        self.examples.setText(self.tr("Examples"))
        self.examples.setToolTip(self.tr("Texts from the lessons, in English and in Chinese"))
        # the menu arrow takes room beside the caption: size the button for both
        self.examples.setMinimumWidth(self.examples.fontMetrics().horizontalAdvance(
            self.examples.text()) + 40)
        self.analyse.setText(self.tr("▶ Analyse"))
        self.analyse.setToolTip(self.tr("Run the text through the model once; switching layer, "
                                        "neuron or token afterwards is instant"))
        self.cancel.setText(self.tr("Cancel"))
        shown = tuple(self.tr(e) for e in EXAMPLES[:N_EXAMPLES])
        text = "" if self.keep_text else self.text.text()
        for i in range(N_EXAMPLES):
            if text in (EXAMPLES[i], EXAMPLES[N_EXAMPLES + i], self._examples_shown[i]):
                self.text.setText(shown[i])
                break
        self._examples_shown = shown

    def pick_example(self, example: str) -> None:
        """Put an example in the text box (what its menu entry does)."""
        self.default_text = False  # the learner's choice, kept even if the model cannot read it
        self.text.setText(example)
        self.example_picked.emit(example)

    def set_text(self, text: str) -> None:
        """Put a chosen text (a restored state's) in the box: never swapped for an example."""
        self.default_text = False
        self.text.setText(text)

    def show_example(self, example: str) -> None:
        """Put the example the tab analysed in place of its default in the box (still the
        tab's own choice, so a language switch still translates it)."""
        self.text.setText(example)

    def example_fallbacks(self) -> tuple[str, ...]:
        """The examples to analyse instead when the model cannot read every character of the
        box's text, this language's first: () unless the box holds the tab's own default
        example. Why: a Chinese learner's first analysis of a run trained on Python code was
        all unknown characters (walkthrough s21 #13); a text the learner typed or picked is
        theirs, and is analysed as it is, with its warning."""
        text = self.text.text()
        if not self.default_text or text not in (*EXAMPLES, *self._examples_shown):
            return ()
        return tuple(dict.fromkeys(e for e in (*self._examples_shown, *EXAMPLES) if e != text))

    def _on_edited(self, _text: str) -> None:
        self.default_text = False

    # -- reading the choice -------------------------------------------------------------------
    def kind_key(self) -> str:
        return str(self.kind.currentData())

    def set_kind(self, key: str) -> None:
        i = self.kind.findData(key)
        if i >= 0:
            self.kind.setCurrentIndex(i)

    def device_key(self) -> str:
        """auto, cpu or cuda (the shown text of "auto" is translated)."""
        return str(self.device.currentData())

    def set_device(self, key: str) -> None:
        i = self.device.findData(key)
        if i >= 0:
            self.device.setCurrentIndex(i)

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
        return SourceSpec("hf", path, self.device_key(), self.dtype.currentText())

    # -- filling ------------------------------------------------------------------------------
    def set_runs(self, rows: list[tuple[str, str]], keep: str = "", default: str = "") -> None:
        """(path, label) of the saved runs; keeps the current (or ``keep``) run selected, or,
        while none was chosen, selects ``default`` (``saved_run_choices``: the trainer's run,
        not the newest stub)."""
        before = self.run_path()
        current = keep or (default if default and not self.run_chosen else self.run_path())
        self.runs.blockSignals(True)
        self.runs.clear()
        for path, label in rows:
            self.runs.addItem(label, path)
        if current and self.runs.findData(current) < 0:
            self.runs.addItem(current, current)
        i = self.runs.findData(current) if current else 0
        self.runs.setCurrentIndex(max(i, 0))
        self.runs.blockSignals(False)
        if self.run_path() != before:
            self.choice_changed.emit()

    def select_run(self, path: str) -> None:
        self.run_chosen = True
        if self.runs.findData(path) < 0:
            self.runs.addItem(path, path)
        self.runs.setCurrentIndex(self.runs.findData(path))

    def unchosen_run(self) -> str:
        """The run on show while the user has chosen none (a default or a remembered one:
        kept when it has a history), "" once one was chosen."""
        return "" if self.run_chosen else self.run_path()

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
        if text:
            self.show_message(_progress_text(text))

    def show_message(self, text: str, level: str = "") -> None:
        """``level`` "error" (red: something failed or cannot start), "warning" (amber: the
        numbers are there but read them with care) or "" (plain)."""
        styles = {"error": ERROR_STYLE, "warning": WARNING_STYLE}
        style = styles.get(level)
        self.message.setStyleSheet(style + " font-weight: bold;" if style else "color: #444;")
        self.message.setText(text)

    def message_text(self) -> str:
        return self.message.text()

    # -- private ------------------------------------------------------------------------------
    def _on_run_chosen(self, _index: int) -> None:
        self.run_chosen = True

    def _on_kind(self) -> None:
        self.stack.setCurrentIndex(max(self.kind.currentIndex(), 0))
        self.kind_changed.emit(self.kind_key())
        self.choice_changed.emit()

    def _choose_run(self) -> None:
        folder = file_dialogs.existing_folder(self, self.tr("Choose a run folder"),
                                              file_dialogs.runs_start())
        if folder:
            self.select_run(folder)

    def _choose_hf(self) -> None:
        folder = file_dialogs.existing_folder(self, self.tr("Choose a Hugging Face model folder"),
                                              self.hf_path.text())
        if folder:
            self.hf_path.setText(folder)


def saved_run_choices(trainer_run: str = "", current: str = ""
                      ) -> tuple[list[tuple[str, str]], str, object, tuple[str, ...]]:
    """(path, label) of every saved run, newest first (a run still training, or cut short,
    says so), the run to start on while none is chosen (``default_saved_run``: the run the
    trainer shows, else ``current`` or another with a history over a few-step stub), the runs
    folder's signature as read (``runs_view_rows.read_rows``) and the paths of the runs listed
    as running (what ``poll_signature`` asks again). Reads every run's files: call it off the
    GUI thread."""
    from gatelab.core.run_history import default_saved_run, steps_done
    from gatelab.ui.inside_messages import run_state_word
    from gatelab.ui.variant_names import variant_name
    from gatelab.ui.runs_view_rows import read_rows
    from gatelab.ui.trainer_jobs import run_rows

    signature, found = read_rows(run_rows)
    rows = [(r.path, "{0} · {1} · {2}{3}".format(
        r.name, variant_name(r.variant), r.model, "" if r.status == "finished" else
        " · {0} {1}".format(run_state_word(r.status), r.steps))) for r in found]
    runs = [(r.path, r.status, steps_done(r.steps)) for r in found]
    running = tuple(r.path for r in found if r.status == "running")
    return rows, default_saved_run(trainer_run, runs, current), signature, running


def _progress_text(text: str) -> str:
    """The worker's message (English from the core) through the tab's translation context."""
    return QCoreApplication.translate("SourceBar", text)


def _row(parent: QWidget, *widgets: QWidget) -> QWidget:
    box = QWidget(parent)
    lay = QHBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(4)
    grow = [w for w in widgets if isinstance(w, (QLineEdit, QComboBox)) and w.minimumWidth() == 0]
    # a path field takes the room, the combos beside it keep their content's width: the device
    # and dtype boxes grew to 300-400 px each beside a cut-off folder path (walkthrough s17 #4)
    edits = [w for w in grow if isinstance(w, QLineEdit)]
    for w in widgets:
        lay.addWidget(w, 1 if w in (edits or grow) else 0)
    return box
