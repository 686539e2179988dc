"""The trainer's live-plots page (the run bar, once here, is in trainer_run_bar).

Before any training the live page explains, in three steps, what to do and what the plots will
show, so a learner who opens the tab for the first time is never faced with six empty axes.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtGui import QFontDatabase, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gatelab.ui.elide import ElidedLine
from gatelab.ui.focus_frame import show_focus
from gatelab.ui.qt_cycles import detach
from gatelab.ui.trainer_clock import ActiveClock, RecentRate, format_duration  # noqa: F401 (ActiveClock: old home)
from gatelab.ui.intro_page import IntroPageBase
from gatelab.ui.trainer_intro import INTRO_HTML
from gatelab.ui.trainer_plots import TrainerPlots
from gatelab.ui.trainer_run_bar import START_KEY, RunBar  # noqa: F401 (their old home)
from gatelab.ui.vscroll import VerticalScroll

# samples.txt's header line (core.run_writer writes it in English: a file format, kept as is)
SAMPLE_HEADER = re.compile(r"^--- sample at step (\d+) ---$", re.MULTILINE)


class LiveView(QWidget):
    """An intro page until the first run (or replay), then the plots, layer choice and samples."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plots = TrainerPlots()
        # the six plots scroll in a short window: three rows of cards were the tab's least
        # height, 641 px with the header and sample, more than 960×540 (200 %) leaves the
        # page; the header and the sample box stay in view (walkthrough s21 #6)
        self.scroll = VerticalScroll(self.plots)
        self.stack = QStackedWidget()
        self.stack.addWidget(self._intro_page())
        self.stack.addWidget(self.scroll)
        self.title = ElidedLine()  # the run name: cut with "…", whole in its tooltip
        self.title.setStyleSheet("font-weight: bold;")

        self.layer = QSpinBox()
        self.layer.setRange(0, 0)
        self.layer.setPrefix("L")  # the same L0, L1, … as the per-layer plots
        self.btn_sample = QPushButton()
        self.sample = QPlainTextEdit()
        show_focus(self.sample)
        self.sample.setReadOnly(True)
        self.sample.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.sample.setMaximumHeight(90)
        self.header = self._header()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.sample)
        self.header.setVisible(False)  # nothing to sample or send before the first run
        self.sample.setVisible(False)
        self._saved_samples: str | None = None  # samples.txt text, re-rendered on a switch
        self._note_fn: Callable[[], str] | None = None  # the note shown, re-rendered likewise
        self.retranslate()

    def _header(self) -> QWidget:
        """Two rows, so nothing is cut at 1280 px: the run name beside the layer choice and
        Sample text, then the first-token share, which grows with the layer count and wraps."""
        header = QWidget()
        # The run name may still be cut in a narrow window (full text in its tooltip), but it
        # must never widen the tab and squeeze the Try-this card.
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.title.setMinimumWidth(60)
        wrapping = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        wrapping.setHeightForWidth(True)
        self.plots.sink_label.setSizePolicy(wrapping)
        self.plots.sink_label.setWordWrap(True)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.title, 1)
        self.layer_caption = QLabel()
        row.addWidget(self.layer_caption)
        row.addWidget(self.layer)
        row.addWidget(self.btn_sample)
        rows = QVBoxLayout(header)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(2)
        rows.addLayout(row)
        rows.addWidget(self.plots.sink_label)
        return header

    def retranslate(self) -> None:
        self.layer.setToolTip(self.tr(
            "Whose real (g, u) pairs are sent to the Gate plane tab (one dot per MLP neuron)"))
        self.layer_caption.setText(self.tr("Gate plane shows"))
        self.btn_sample.setText(self.tr("Sample text"))
        self.btn_sample.setToolTip(self.tr("Let the model write from its latest checkpoint"))
        self.sample.setPlaceholderText(self.tr(
            "A text sample from the model appears here when a run finishes or is stopped, or "
            "when you press Sample text (it writes from the run's latest checkpoint)."))
        self.intro_text.setText(self.tr(INTRO_HTML))
        self.btn_intro_start.setText(self.tr("▶ Start training with these settings"))
        self.plots.retranslate()
        if self._saved_samples is not None:
            self.set_saved_samples(self._saved_samples)
        elif self._note_fn is not None:
            self.sample.setPlainText(self._note_fn())

    def _intro_page(self) -> QWidget:
        page = self.intro = IntroPageBase(760)
        self.intro_text, self.btn_intro_start = page.text, page.button
        return page

    def show_plots(self, title: str) -> None:
        self.stack.setCurrentWidget(self.scroll)
        self.header.setVisible(True)
        self.sample.setVisible(True)
        self.title.setText(title)  # cut on a narrow window: the whole name is its tooltip
        for card in self.plots.cards().values():  # exported pictures name the run they show
            card.set_export_caption(title)

    def showing_intro(self) -> bool:
        return self.stack.currentIndex() == 0

    def show_intro(self) -> None:
        """The first-run page again (a first Resume was refused before anything trained)."""
        self.stack.setCurrentIndex(0)
        self.header.setVisible(False)
        self.sample.setVisible(False)

    def held_sample(self) -> tuple[str | None, str]:
        """The sample box, for ``restore_sample``: samples.txt text, or model text ("" for a
        note: it was about work that a launch cancelled)."""
        return self._saved_samples, "" if self._note_fn is not None else self.sample.toPlainText()

    def restore_sample(self, held: tuple[str | None, str]) -> None:
        saved, text = held
        if saved is not None:
            self.set_saved_samples(saved)
        else:
            self.set_sample(text)

    def set_step_sample(self, step: int | None, text: str) -> None:
        """Model text written at ``step`` as samples.txt holds it (``sample_header`` above it, a
        line end after it), so a sample reads the same live and in the run's replay; bare when
        the step is unknown."""
        if step is None:
            self.set_sample(text)
        else:
            from gatelab.core.run_writer import sample_header  # (not at start-up: heavy)

            self.set_saved_samples(sample_header(step) + text + "\n")

    def set_sample(self, text: str) -> None:
        self._saved_samples, self._note_fn = None, None
        self.sample.setPlainText(text)

    def set_note(self, render: Callable[[], str]) -> None:
        """A note ("No checkpoint yet…"), as a function: a language switch says it again. Kept
        detached (``qt_cycles.detach``): one naming an ancestor (the panel) is a cycle."""
        self._saved_samples = None
        self._note_fn = detach(render, self)
        self.sample.setPlainText(self._note_fn())

    def showing_note(self) -> bool:
        """Whether the box shows a note (not model text, not samples.txt)."""
        return self._note_fn is not None

    def set_saved_samples(self, text: str) -> None:
        """Show samples.txt text with its English header lines in the current language, the
        latest sample's header at the top of the box: a replay opened at the oldest (step 525
        of a run resumed to 1000) under plots that end at the run's last step (walkthrough s23)."""
        self._note_fn = None

        def header(m: re.Match[str]) -> str:
            return self.tr("--- sample at step {0} ---").format(m.group(1))

        self.sample.setPlainText(SAMPLE_HEADER.sub(header, text))
        self._saved_samples = text
        headers = list(SAMPLE_HEADER.finditer(text))
        if len(headers) > 1:  # (one sample: the box is at its top already)
            self._show_from(header(headers[-1]))

    def _show_from(self, line: str) -> None:
        """Scroll the sample box so that the last ``line`` in it is its first visible line (or
        as near as the text's end allows): to the end, then back up just far enough to show
        it. Found as text, not by its line number: a sample may hold a \r or \u2029, which
        the box takes for line ends."""
        box = self.sample
        doc = box.document()
        found = doc.find(line, doc.characterCount(), QTextDocument.FindFlag.FindBackward)
        if found.isNull():
            return
        box.verticalScrollBar().setValue(box.verticalScrollBar().maximum())
        found.clearSelection()
        found.movePosition(QTextCursor.MoveOperation.StartOfBlock)
        box.setTextCursor(found)
        box.ensureCursorVisible()
