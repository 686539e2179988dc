"""Top-k activating contexts of the picked neuron over a larger text, searched in the worker.

For the user's own runs the text is the validation split (text the model never trained on); for
HF models it is a text file the learner chooses. The search streams in batches with a progress
bar and a Cancel button, which keeps the best contexts found so far. This widget only asks
(``find_requested`` / ``cancel_requested``) and shows; the panel runs ``inside_jobs.topk_task``.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gatelab.ui.focus_frame import show_focus
from gatelab.ui.inside_export import ExportButton, export_widget, write_csv, write_text_file
from gatelab.ui.inside_gates import fmt_value
from gatelab.ui.inside_caption import SEPARATOR
from gatelab.ui.inside_text import display_piece
from gatelab.ui.qt_cycles import detach
from gatelab.ui.field_errors import ERROR_STYLE
from gatelab.ui import file_dialogs


class TopKView(QGroupBox):
    """Button, progress, cancel and the list of contexts (the top token highlighted)."""

    find_requested = Signal(str)  # text file for HF models ("" for runs)
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.what = QLabel(self)
        self.what.setWordWrap(True)
        self.what.setStyleSheet("color: #555;")
        self.file_button = QPushButton(self)
        self.file_button.clicked.connect(self._choose_file)
        self.find_button = QPushButton(self)
        self.find_button.clicked.connect(lambda: self.find_requested.emit(self.text_file))
        self.cancel_button = QPushButton(self)
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(True)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.results = QTextBrowser(self)
        show_focus(self.results)
        self.results.setOpenLinks(False)
        self.export_button = ExportButton(self.export, "contexts.csv", "", self)
        buttons = QHBoxLayout()
        buttons.addWidget(self.find_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.file_button)
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        lay = QVBoxLayout(self)
        lay.addWidget(self.what)
        lay.addLayout(buttons)
        lay.addWidget(self.progress)
        lay.addWidget(self.message)
        lay.addWidget(self.results, 1)
        self.text_file = ""
        self.is_hf = False
        self._found: list[dict] = []
        self._target = ""
        self._source = ""  # show_results: the run or model searched
        self._args = (0, 0, False, False)
        self._message: Callable[[], str] = lambda: ""  # re-rendered after a language switch
        self._searched, self._cancelled = 0, False
        self.retranslate()
        self.set_busy(False)

    def retranslate(self) -> None:
        self.setTitle(self.tr("Top activating contexts"))
        self.file_button.setText(self.tr("Text file…"))
        self.file_button.setToolTip(self.tr("A UTF-8 text file to search (HF models)"))
        self.find_button.setText(self.tr("Find top contexts"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.export_button.retranslate(self.tr(
            "CSV data (*.csv);;HTML page (*.html);;PNG image (*.png);;SVG drawing (*.svg)"))
        self.set_target(*self._args)
        self.message.setText(self._message())
        if self._found:
            self.results.setHtml(self.to_html())

    def _say(self, message: Callable[[], str], style: str = "") -> None:
        self._message = detach(message, self)  # names self: no cycle (qt_cycles)
        self.message.setStyleSheet(style)
        self.message.setText(message())

    # -- state --------------------------------------------------------------------------------
    def set_target(self, layer: int, neuron: int, is_hf: bool, available: bool) -> None:
        """Say what a search would look at; results of another neuron are marked stale."""
        self._args = (layer, neuron, is_hf, available)
        self.is_hf = is_hf
        self.file_button.setVisible(is_hf)
        target = "L{0} #{1}".format(layer, neuron)
        if is_hf:
            where = (self.tr("the text file {0}").format(Path(self.text_file).name)
                     if self.text_file else self.tr("a text file (choose one)"))
        else:
            where = self.tr("the validation split of the run (text it never trained on)")
        self.what.setText(self.tr("Where in {0} does neuron {1} fire most?").format(where, target))
        self.find_button.setEnabled(available and not self.cancel_button.isEnabled()
                                    and (self.text_file != "" or not is_hf))
        if self._found and target != self._target:
            self._say(lambda: self.tr("These contexts are for {0}; press “Find top contexts” "
                                      "for {1}.").format(self._target, target))

    def target_args(self) -> tuple[int, int, bool, bool]:
        """The last ``set_target`` arguments (to say it again, e.g. with a new text file)."""
        return self._args

    def set_busy(self, busy: bool) -> None:
        self.cancel_button.setEnabled(busy)
        self.find_button.setEnabled(not busy and self._args[3]
                                    and (self.text_file != "" or not self.is_hf))
        self.progress.setVisible(busy)
        if busy:
            self.progress.setValue(0)

    def start_search(self) -> None:
        """A search started: the last one's message (an error, a cancel) and contexts go, the
        progress bar starts at 0 with no stale text."""
        self.clear()
        self.set_busy(True)
        self.progress.setRange(0, 1000)
        self.progress.setFormat("%p%")
        self._say(lambda: self.tr("Searching… (Cancel keeps the best contexts found so far)"))

    def show_progress(self, fraction: float, text: str) -> None:
        if math.isnan(fraction):
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(round(1000 * fraction)))
        # the worker's text, or a marker of inside_jobs (TOKENIZING) translated here
        self.progress.setFormat(self.tr(text) if text else "%p%")

    def clear(self) -> None:
        """Forget the contexts found: they belong to another model (a new source or step)."""
        self._found, self._target = [], ""
        self._searched, self._cancelled = 0, False
        self.results.clear()
        self._say(lambda: "")

    def show_error(self, text: str) -> None:
        self._say(lambda: text, ERROR_STYLE)

    def show_results(self, found: list[dict], target: str, searched: int, cancelled: bool,
                     source: str = "") -> None:
        """``source``: the run or model searched, and its step (``inside_caption``), named
        under the exported picture's title with what was found."""
        self._found, self._target, self._source = list(found), target, source
        self._searched, self._cancelled = searched, cancelled
        self._say(self.results_text)
        self.results.setHtml(self.to_html())

    def results_text(self) -> str:
        """What the last search found, in the current language (plural right in English)."""
        note = self.tr(" (cancelled: the best of the part searched)") if self._cancelled else ""
        if not self._found and self._cancelled:
            return self.tr("{0}: cancelled before any context was found.").format(self._target)
        if not self._found:  # every h was NaN or infinite (a damaged model)
            return self.tr("{0}: no finite h over {1:,} characters.").format(self._target,
                                                                         self._searched)
        if len(self._found) == 1:
            return self.tr("{0}: the highest h over {1:,} characters{2}.").format(
                self._target, self._searched, note)
        return self.tr("{0}: the {1} highest h over {2:,} characters{3}.").format(
            self._target, len(self._found), self._searched, note)

    def found(self) -> list[dict]:
        return list(self._found)

    # -- rendering ----------------------------------------------------------------------------
    def to_html(self) -> str:
        rows = []
        for rank, c in enumerate(self._found, start=1):
            text, pos = c["context_text"], int(c["position_in_context"])
            # the token's own characters in the context (a piece of a split character: that
            # character), not its drawn form "你(1/3)", which is not in the text
            end = pos + int(c.get("length_in_context", len(c["token"])))
            before, token, after = text[:pos], text[pos:end], text[end:]
            rows.append(
                "<tr><td style='color:#666'>{0}</td><td align='right'><b>{1}</b></td>"
                "<td style='font-family:monospace'>{2}<span style='background:#b2182b;"
                "color:white'>{3}</span>{4}</td></tr>".format(
                    rank, html.escape(fmt_value(float(c["score"]))), _show(before),
                    _show(token), _show(after)))
        return ("<table cellspacing='4'><tr><th>#</th><th>h</th><th align='left'>{0}</th></tr>"
                "{1}</table>").format(html.escape(self.tr("context")), "".join(rows))

    def export(self, path: str) -> None:
        p = Path(path)
        if p.suffix.lower() == ".csv":
            write_csv(p, ["rank", "score", "token_index", "token", "context"],
                      [[i, float(c["score"]), int(c["token_index"]), c["token"], c["context_text"]]
                       for i, c in enumerate(self._found, start=1)])
        elif p.suffix.lower() in (".html", ".htm"):
            write_text_file(p, "<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>"
                            + self.to_html() + "</body></html>\n")
        elif p.suffix.lower() in (".png", ".svg"):
            caption = SEPARATOR.join(part for part in (self._source, self.results_text()) if part)
            export_widget(self.results, p, self.title(), caption if self._found else "")
        else:
            raise ValueError(self.tr("Unknown export format {0}: use .csv, .html, .png or .svg")
                             .format(p.suffix or "(none)"))

    def _choose_file(self) -> None:
        path, _ = file_dialogs.open_file_name(self, self.tr("Text to search"), self.text_file,
                                              self.tr("Text files (*.txt *.md);;All files (*)"))
        if path:
            self.text_file = path
            self.set_target(*self._args)


def _show(text: str) -> str:
    return html.escape(display_piece(text) if text.strip() == "" and text else text
                       ).replace("\n", "↵")
