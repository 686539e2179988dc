"""The corpus picker: built-in Python source, the generated demo text, or a UTF-8 file.

A learner should see what the model will read before training starts: the size, the vocabulary
(the model's whole "alphabet") and the first lines. Reading the stdlib corpus or a big file (and
importing torch through the data module) happens on a background thread, so the form never
freezes; a bad file shows the data module's own message in red and Start stays refused. A corpus
too short for the block size is flagged as soon as either is chosen, not after Start, and a
message disappears as soon as a usable corpus is chosen (errors are never cached).
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gatelab.core.messages import KeyedError, Msg
from gatelab.ui.elide import FitCombo, without_brackets
from gatelab.ui.export_dialog import folder_of
from gatelab.ui.focus_frame import show_focus
from gatelab.ui.messages import message_text
from gatelab.ui.trainer_jobs import CorpusSummary, corpus_summary
from gatelab.ui.trainer_worker import BackgroundCalls
from gatelab.ui import file_dialogs

BUILTIN = ("python", "generated")


def _read(spec: str) -> CorpusSummary | Msg:
    """The summary, or the engine's message (kept as a Msg so the box can word it once)."""
    try:
        return corpus_summary(spec)
    except KeyedError as exc:  # other errors reach the box as the worker's text
        return exc.msg


def builtin_names() -> dict[str, tuple[str, str]]:
    """The built-in corpora's (short, long) names in the current language. Short names fit the
    combo at 1280 px ("~1 MB" was cut to "~1 ME"); the long ones are each item's tooltip.
    (Each string written out in its own translate call: lupdate finds no other.)"""
    generated = QCoreApplication.translate("CorpusBox", "Generated demo text (60 kB, quick)")
    return {"python": (QCoreApplication.translate("CorpusBox", "Python source (~1 MB)"),
                       QCoreApplication.translate("CorpusBox",
                                                  "Python source (standard library, ~1 MB)")),
            "generated": (generated, generated)}


def corpus_name(spec: str) -> str:
    """A run's corpus as the picker names it, without its size ("Python source", not the id
    "python"); a file's path as it is."""
    names = builtin_names()
    return without_brackets(names[spec][0]) if spec in names else spec


class CorpusBox(QGroupBox):
    """Choose the corpus; ``corpus()`` is the TrainConfig.corpus string ('python', … or a path)."""

    corpus_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # the closed box shows "Generated text" where "(~60 kB, quick …)" does not fit (it was
        # cut mid-word at 1024 px), the whole name in its tooltip
        self.combo = FitCombo(least_chars=12, short=without_brackets, grow=False)
        self.combo.addItem("python", "python")
        self.combo.addItem("generated", "generated")
        self.open_button = QPushButton()
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.preview = QPlainTextEdit()
        show_focus(self.preview)
        self.preview.setReadOnly(True)
        self.preview.setMaximumHeight(60)
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        row = QHBoxLayout()
        row.addWidget(self.combo, 1)
        row.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.info)
        layout.addWidget(self.preview)
        self.error = ""  # the data module's message when the corpus is unusable
        self._error_item: str = ""  # the same as the data module's Msg (worded again on retranslate)
        self._length_msg: str = ""  # the "too short" Msg behind a length error
        self._error_line = ""  # the "Cannot use …" line the box shows for ``error``
        self.summary: CorpusSummary | None = None
        self.block_size: int | None = None  # the form's block size: a shorter corpus is refused
        self._cache: dict[str, CorpusSummary | str] = {}
        self._calls = BackgroundCalls(self)
        self._calls.call_finished.connect(self._on_summary)
        self._loaded = False
        self._too_short = False
        self._request = 0
        self._latest = ""
        self._reading = True  # "Reading…" until the first summary arrives
        self._picked = ""  # the file last chosen with Open: dropped from the list if refused
        self._good = ""  # the last corpus that was read: the choice goes back to it
        self._rejected: tuple[str, str] | None = None  # (path, message) of a refused pick
        self.retranslate()
        self.combo.currentIndexChanged.connect(self._on_combo)
        self.open_button.clicked.connect(self._on_open)

    def retranslate(self) -> None:
        """Title, built-in names, tips and the summary line in the current language."""
        self.setTitle(self.tr("Text to learn (corpus)"))
        names = builtin_names()
        for i in range(self.combo.count()):
            key = str(self.combo.itemData(i))
            if key in names:
                self.combo.setItemText(i, names[key][0])
                self.combo.setItemData(i, names[key][1], Qt.ItemDataRole.ToolTipRole)
        self.combo.setToolTip(self.tr("What the model learns to continue, one character at a time"))
        self.open_button.setText(self.tr("Open text file…"))
        self.open_button.setToolTip(self.tr("Train on any UTF-8 text file"))
        self.preview.setToolTip(self.tr("The first characters of the corpus"))
        if self._reading:
            self.info.setText(self.tr("Reading the corpus…"))
        elif self.summary is not None:
            self._show(self.corpus(), self.summary, emit=False)
        elif self.error:
            self._show(self.corpus(), self._error_item, emit=False)

    def corpus(self) -> str:
        return str(self.combo.currentData())

    def error_line(self) -> str:
        """The box's "Cannot use <path>: <why>" line for ``error`` ("" when usable), in the
        current language: what Start says too, so one problem reads one way."""
        return self._error_line if self.error else ""

    def set_corpus(self, spec: str) -> None:
        index = self.combo.findData(spec)
        if index < 0:
            self.combo.addItem(spec.rsplit("/", 1)[-1], spec)
            self.combo.setItemData(self.combo.count() - 1, spec, Qt.ItemDataRole.ToolTipRole)
            index = self.combo.count() - 1
        changed = index != self.combo.currentIndex()
        self.combo.setCurrentIndex(index)  # a change reads it via _on_combo
        if self._loaded and (not changed or self.combo.signalsBlocked()):
            self.refresh()

    def activate(self) -> None:
        """Start reading corpus details (first time the tab is shown)."""
        if not self._loaded:
            self._loaded = True
            self.refresh()

    def refresh(self) -> None:
        spec = self.corpus()
        cached = self._cache.get(spec)
        if cached is not None:
            self._show(spec, cached)
            return
        self.summary, self.error = None, ""  # nothing stale while the new text is read
        self._reading = True
        self.info.setText(self.tr("Reading the corpus…"))
        self.preview.clear()
        self._request += 1
        self._latest = f"{self._request}:{spec}"  # only the newest read may change the box
        self._calls.submit(self._latest, lambda: _read(spec))

    def set_block_size(self, block_size: int) -> None:
        """Check the corpus length against a new block size at once (no file is read: the
        summary already holds the length); silent, the form calls this from its own update."""
        if block_size == self.block_size:
            return
        self.block_size = block_size
        if self.summary is not None:
            self._show(self.corpus(), self.summary, emit=False)

    def shutdown(self) -> None:
        self._calls.join()

    # -- private -------------------------------------------------------------------------------
    def _on_combo(self) -> None:
        self._rejected = None
        self.summary = None
        self.error = ""
        self.corpus_changed.emit()
        if self._loaded:
            self.refresh()

    def _open_folder(self) -> str:
        """Where Open text file… starts: the folder of the corpus chosen when it is a file,
        else of the last file in the list, else the home folder."""
        files = [str(self.combo.itemData(i)) for i in range(self.combo.count())]
        files = [f for f in files if f not in BUILTIN]
        chosen = self.corpus()
        return folder_of(chosen if chosen in files else (files[-1] if files else ""))

    def _on_open(self) -> None:
        path, _ = file_dialogs.open_file_name(self, self.tr("Open a text file to train on"),
                                              self._open_folder(),
                                              self.tr("Text files (*.txt *.md *.py);;All files (*)"))
        if path:
            self._cache.pop(path, None)
            self._picked = path
            self.set_corpus(path)

    def _on_summary(self, tag: str, result: object, error: str) -> None:
        if tag != self._latest:
            return  # an older read of a file that may have changed since
        spec = tag.split(":", 1)[1]
        item = result if isinstance(result, (CorpusSummary, Msg)) else (error or "?")
        if isinstance(item, CorpusSummary):
            self._cache[spec] = item  # errors are not cached: a fixed file is read again
        if spec == self.corpus():
            if isinstance(item, str) and spec == self._picked and spec not in BUILTIN:
                self._reject(spec, item)
            else:
                self._show(spec, item)

    def _reject(self, spec: str, item: str) -> None:
        """A picked file that cannot be read leaves the list (its entry would shift the popup)
        and the choice goes back to the last corpus that was read; the box says why."""
        self._picked = ""
        back = self.combo.findData(self._good) if self._good != spec else -1
        back = back if back >= 0 else self.combo.findData("python")
        blocked = self.combo.blockSignals(True)
        self.combo.setCurrentIndex(back)
        self.combo.removeItem(self.combo.findData(spec))
        self.combo.blockSignals(blocked)
        self._rejected = (spec, item)
        self.summary, self.error = None, ""
        self.refresh()  # the fallback is cached (shown at once) or read again

    def _why(self, spec: str, item: str) -> str:
        """One "Cannot use …" line that names the corpus once: "Cannot use /x.txt: the file is
        empty", not "Cannot use this corpus: corpus file is empty: /x.txt"."""
        reason = item.values.get("reason") if isinstance(item, Msg) else None
        if isinstance(item, Msg) and item.key == "corpus.cannot_use" and isinstance(reason, Msg):
            path, why = self._short_reason(reason)  # a file's problem, worded after "Cannot use"
            if path and why:
                return self.tr("Cannot use {0}: {1}").format(path, why)
            return self.tr("Cannot use {0}").format(message_text(reason))
        path, why = self._short_reason(item) if isinstance(item, Msg) else ("", "")
        if why and not path and spec not in BUILTIN:  # "too short" names no path: the file's
            path = spec
        if path:
            return self.tr("Cannot use {0}: {1}").format(path, why)
        return self.tr("Cannot use this corpus: {0}").format(why or message_text(item))

    def _short_reason(self, item: Msg) -> tuple[str, str]:
        """(path, reason) of a corpus problem, worded to follow "Cannot use <path>:" or "Cannot use
        this corpus:"; core's own text names the corpus and the path again (the CLI prints it
        alone). ("", "") for any other message, which is then shown whole."""
        v = item.values
        words = {
            "corpus.too_large": lambda: self.tr("it is too large ({0:,} bytes; limit {1:,})"
                                                ).format(v["size"], v["limit"]),
            "corpus.not_found": lambda: self.tr("there is no such file"),
            "corpus.is_folder": lambda: self.tr("it is a folder, not a text file"),
            "corpus.empty": lambda: self.tr("the file is empty"),
            "corpus.blank": lambda: self.tr("it holds only whitespace, no text"),
            "corpus.binary": lambda: self.tr("it looks binary (it contains NUL bytes), not text"),
            "corpus.not_utf8": lambda: self.tr("it is not valid UTF-8 text (bad byte at offset "
                                               "{0})").format(v["offset"]),
            "corpus.too_short": lambda: self.tr(
                "it is too short ({0:,} characters); block size {1} needs at least {2:,} (one "
                "block + 1 for training and one for validation)").format(
                    v["chars"], v["block"], v["need"]),
            # a file core's fileio could not read ("{path}: is not a regular file …")
            "file.not_regular_kind": lambda: self.tr(
                "it is not a regular file (a pipe, device or socket)"),
            "file.not_regular": lambda: self.tr("it is not a regular file"),
            "file.permission": lambda: self.tr("it cannot be read (permission denied)"),
            "file.cannot_open": lambda: self.tr("it cannot be opened ({0})").format(
                message_text(v["reason"])),
            "file.read_failed": lambda: self.tr("reading it failed ({0})").format(
                message_text(v["reason"])),
            "corpus.vocab_large": lambda: self.tr(
                "it has {0:,} distinct characters; the character-level trainer accepts at most "
                "{1:,} (pick a text in fewer scripts)").format(v["n"], v["maximum"]),
        }
        if item.key not in words:
            return "", ""
        try:
            return str(v.get("path", "")), words[item.key]()
        except (KeyError, ValueError, TypeError):  # an odd Msg: shown whole, never a crash
            return "", ""

    def _show(self, spec: str, item: CorpusSummary | str, emit: bool = True) -> None:
        self._too_short, self._reading = False, False
        if isinstance(item, str):
            self.summary, self.error, self._error_item = None, message_text(item), item
            self._error_line = self._why(spec, item)
            self.info.setText("<span style='color:#b00020'>" + html.escape(self._error_line)
                              + "</span>")
            self.preview.clear()
        else:
            self._good = spec
            self.summary, self.error = item, self._length_error(item)
            text = self.tr("{0:,} characters ({1:,} bytes), vocabulary {2} symbols. "
                           "<span style='color:#666'>{3}</span>").format(
                item.chars, item.bytes, item.vocab_size, message_text(item.provenance))
            if self.error:
                self._too_short = True
                self._error_line = self._why(spec, self._length_msg)
                text += "<br><span style='color:#b00020'>" + html.escape(
                    self._error_line) + "</span>"
            if self._rejected is not None:
                text += "<br><span style='color:#b00020'>" + html.escape(
                    self._why(*self._rejected)) + "</span>"
            self.info.setText(text)
            self.preview.setPlainText(item.preview)
        if emit:
            self.corpus_changed.emit()

    def _length_error(self, summary: CorpusSummary) -> str:
        if self.block_size is None:
            return ""
        from gatelab.core.data import CorpusError, check_length  # torch: already loaded here

        try:
            check_length(summary.chars, self.block_size)
        except CorpusError as exc:
            self._length_msg = exc.msg  # worded by _why under the summary
            return message_text(exc)
        return ""
