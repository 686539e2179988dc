"""View 1, the neuron explorer: the text shaded by one neuron, and rankings to find good neurons.

``ShadedText`` (always visible above the views) shades every token by h of the picked neuron; a
click picks the token, a drag selects a span. ``NeuronRankings`` lists the layer's neurons by
selectivity (fires strongly on few tokens) and, once a span is selected, the neurons that fire
on it more than on the rest: how a learner finds a "city-name" neuron, or learns there is none.
Scores come from ``core.inside.analysis``; a click on a row picks that neuron everywhere.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gatelab.core import gates
from gatelab.core.inside.token_text import span_text
from gatelab.ui.focus_frame import show_focus
from gatelab.ui.inside_export import ExportButton, export_widget, write_csv
from gatelab.ui.inside_gates import fmt_value, plane_variant
from gatelab.ui.inside_state import InsideSelection
from gatelab.ui.inside_caption import trace_caption
from gatelab.ui.inside_text import StaticLabel, TokenStrip, display_piece, tooltip_text
from gatelab.ui.vscroll import VerticalScroll
from gatelab.ui.widgets import fmt_number

RANK_ROWS = 50
MAX_STRIP_HEIGHT = 150  # about five lines of tokens; more scrolls
LEAST_STRIP_LINES = 2  # what the strip keeps in a short window; the rest scrolls


class ShadedText(QWidget):
    """The analysed text shaded by h of the picked neuron, with export to HTML, PNG and CSV."""

    def __init__(self, selection: InsideSelection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sel = selection
        self.title = StaticLabel(2, self)
        self.strip = TokenStrip()
        # a long text (an HF model reads up to 4096 tokens) scrolls; one Tab stop: the strip's
        self.scroll = VerticalScroll(self.strip, self)
        self.strip.height_changed.connect(self._fit_scroll)
        self.export_button = ExportButton(self.export, "neuron.html", "", self)
        head = QHBoxLayout()
        head.setContentsMargins(2, 0, 2, 0)
        head.addWidget(self.title, 1)
        head.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignTop)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        lay.addLayout(head)
        lay.addWidget(self.scroll)
        self.strip.token_clicked.connect(selection.set_token)
        self.strip.span_selected.connect(selection.set_span)
        selection.trace_changed.connect(self._on_trace)
        selection.layer_changed.connect(lambda _l: self.refresh())
        selection.neuron_changed.connect(lambda _n: self.refresh())
        selection.token_changed.connect(self._on_token)
        selection.span_changed.connect(self.strip.set_span)
        self.retranslate()

    def retranslate(self) -> None:
        self.export_button.retranslate(self.tr(
            "HTML page (*.html);;PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)"))
        self.export_button.setToolTip(self.tr("Save the shaded text as an HTML page or a "
                                              "picture, or its numbers as CSV"))
        self._on_trace()

    def _on_token(self, token: int) -> None:
        """Outline the picked token and scroll it into view in a long text."""
        self.strip.set_current(token)
        if 0 <= token < self.sel.n_tokens():
            rect = self.strip.token_rect(token)
            self.scroll.ensureVisible(rect.center().x(), rect.center().y(), 0, rect.height())

    def _fit_scroll(self, height: int) -> None:
        """Up to five lines of tokens where the window has room, two where it has not. Why: a
        fixed height raised the panel's least height with every wrapped line, so analysing a
        long text made the window grow by itself (640 → 661 px, off a scaled screen)."""
        room = min(height, MAX_STRIP_HEIGHT) + 2
        self.scroll.setMaximumHeight(room)
        self.scroll.setMinimumHeight(min(room, self.strip.lines_height(LEAST_STRIP_LINES) + 2))

    def _on_trace(self) -> None:
        trace = self.sel.trace
        self.strip.set_tokens(list(trace.tokens) if trace is not None else [])
        self.strip.set_current(self.sel.token)
        # the same text again keeps its span, without a span_changed: the strip, drawn anew,
        # lost its underline while the ranking kept using the span (walkthrough s18 D1)
        self.strip.set_span(*self.sel.span)
        self.refresh()

    def refresh(self) -> None:
        lt = self.sel.layer_trace()
        if lt is None:
            self.strip.set_values(np.zeros(0), [])
            self.title.setText(self.tr("<b>Neuron explorer</b>: analyse a text to see what each "
                                       "neuron fires on."))
            return
        n, trace = self.sel.neuron, self.sel.trace
        assert trace is not None
        g = np.asarray(lt.g[:, n], dtype=np.float64)
        u = np.asarray(lt.u[:, n], dtype=np.float64)
        h = np.asarray(lt.h[:, n], dtype=np.float64)
        act = gates.gate_branch(plane_variant(trace.variant), g)[0]
        tips = [tooltip_text(tok, g[i], u[i], act[i], h[i]) for i, tok in enumerate(trace.tokens)]
        self.strip.set_values(h, tips)
        self.title.setText(self.tr(
            "<b>Neuron L{0} #{1}</b> on this text: <span style='background:#b2182b;color:white'>"
            "&nbsp;red&nbsp;</span> h &gt; 0, <span style='background:#2166ac;color:white'>"
            "&nbsp;blue&nbsp;</span> h &lt; 0, deeper = larger |h| (max {2}). Hover a token for "
            "g, u, act(g), h; click to pick it; drag across tokens (or Shift+←/→) to select a "
            "span.").format(
            self.sel.layer, n, fmt_value(self.strip.scale())))

    def export(self, path: str) -> None:
        p = Path(path)
        suffix = p.suffix.lower()
        title = self.tr("Neuron L{0} #{1}").format(self.sel.layer, self.sel.neuron)
        if suffix in (".html", ".htm"):
            self.strip.export_html(p, title)
        elif suffix in (".png", ".svg"):
            export_widget(self.strip, p, title, trace_caption(self.sel.trace))
        elif suffix == ".csv":
            lt, trace = self.sel.layer_trace(), self.sel.trace
            if lt is None or trace is None:
                raise ValueError(self.tr("nothing to export yet"))
            n = self.sel.neuron
            rows = [[i, tok, float(lt.g[i, n]), float(lt.u[i, n]), float(lt.h[i, n])]
                    for i, tok in enumerate(trace.tokens)]
            write_csv(p, ["token_index", "token", "g", "u", "h"], rows)
        else:
            raise ValueError(self.tr("Unknown export format {0}: use .html, .png, .svg or .csv")
                             .format(suffix or "(none)"))


class _RankTable(QTableWidget):
    """A ranking whose rows pick a neuron (a click, or the arrow keys while it has the focus).
    Tabbing onto it picks nothing: Qt makes the first row current on focus-in, and with the
    focus already in, that counted as an arrow key: Tab alone changed the picked neuron
    (keyboard walkthrough s18 D6). The focus now lands on that row unselected, unpicked."""

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        if not self.currentIndex().isValid() and self.rowCount():
            self.blockSignals(True)
            try:
                self.selectionModel().setCurrentIndex(
                    self.model().index(0, 0), QItemSelectionModel.SelectionFlag.NoUpdate)
            finally:
                self.blockSignals(False)
        super().focusInEvent(event)


def _table(columns: int, parent: QWidget) -> QTableWidget:
    table = _RankTable(0, columns, parent)
    show_focus(table)
    table.setTabKeyNavigation(False)  # one Tab stop: Tab moved cell by cell, picking neurons
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    return table


def _fill(table: QTableWidget, rows: list[tuple[int, list[str]]]) -> None:
    """Rows of (neuron, cell texts); the neuron is kept on every cell for clicks. Existing items
    are reused (creating 150 items per switch costs more than the rest of the view)."""
    table.setUpdatesEnabled(False)
    table.blockSignals(True)  # the current cell a refill moves is no pick
    try:
        table.scrollToTop()  # a new ranking from its top (a new trace kept the old offset)
        table.setRowCount(len(rows))
        for r, (neuron, cells) in enumerate(rows):
            for c, text in enumerate(cells):
                item = table.item(r, c)
                if item is None:
                    item = QTableWidgetItem()
                    if c:
                        item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                              | Qt.AlignmentFlag.AlignVCenter)
                    table.setItem(r, c, item)
                item.setText(text)
                item.setData(Qt.ItemDataRole.UserRole, neuron)
    finally:
        table.blockSignals(False)
        table.setUpdatesEnabled(True)


class NeuronRankings(QWidget):
    """Two rankings of the picked layer: by selectivity, and by preference for the span."""

    def __init__(self, selection: InsideSelection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sel = selection
        self.selective = _table(3, self)
        self.span_table = _table(3, self)
        self.span_hint = QLabel(self)
        self.span_hint.setWordWrap(True)
        self.span_hint.setStyleSheet("color: #555;")
        self.sel_box = QGroupBox(self)
        sl = QVBoxLayout(self.sel_box)
        sl.addWidget(self.selective)
        self.span_box = QGroupBox(self)
        spl = QVBoxLayout(self.span_box)
        spl.addWidget(self.span_hint)
        spl.addWidget(self.span_table, 1)
        for table in (self.selective, self.span_table):
            table.cellClicked.connect(lambda r, _c, t=table: self._pick(t, r))
            # the arrow keys pick too (walkthrough s15 F2: the highlight moved, the pick did
            # not); a refill's own changes come with the signals blocked (``_fill``)
            table.currentCellChanged.connect(
                lambda r, _c, _pr, _pc, t=table: self._pick(t, r) if t.hasFocus() else None)
        self.export_button = ExportButton(self.export, "rankings.csv", "", self)
        sl.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignRight)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.sel_box)
        lay.addWidget(self.span_box)
        self._span_rows: list[tuple[int, float]] = []
        selection.trace_changed.connect(self.refresh)
        selection.layer_changed.connect(lambda _l: self.refresh())
        selection.span_changed.connect(lambda _a, _b: self.refresh_span())
        selection.neuron_changed.connect(lambda _n: self.highlight())
        self.retranslate()

    def retranslate(self) -> None:
        headers = [self.tr("neuron"), self.tr("score"), self.tr("max h")]
        for table in (self.selective, self.span_table):
            table.setHorizontalHeaderLabels(headers)
        self.span_box.setTitle(self.tr("Fires on the selected span"))
        self.export_button.retranslate(self.tr(
            "CSV data (*.csv);;PNG image (*.png);;SVG drawing (*.svg)"))
        self.export_button.setToolTip(self.tr("Save both rankings as CSV, or as a picture"))
        self.refresh()

    def refresh(self) -> None:
        self.sel_box.setTitle(self.tr("Most selective neurons of L{0}").format(self.sel.layer))
        if not self.sel.has_trace():
            _fill(self.selective, [])
            self.refresh_span()
            return
        score = self.sel.selectivity()
        order = np.argsort(-np.nan_to_num(score, nan=-np.inf), kind="stable")[:RANK_ROWS]
        _fill(self.selective, [(int(i), self._cells(int(i), float(score[i]))) for i in order])
        self.refresh_span()
        self.highlight()

    def highlight(self) -> None:
        """Select the picked neuron's row in both rankings (none where it is not ranked), so a
        neuron picked anywhere else is found here too."""
        for table in (self.selective, self.span_table):
            row = next((r for r in range(table.rowCount())
                        if table.item(r, 0) is not None and table.item(r, 0).data(
                            Qt.ItemDataRole.UserRole) == self.sel.neuron), -1)
            if row < 0:
                table.clearSelection()
            else:
                table.selectRow(row)
                table.scrollToItem(table.item(row, 0))

    def refresh_span(self) -> None:
        start, stop = self.sel.span
        trace = self.sel.trace
        if trace is None or stop <= start:
            self._span_rows = []
            _fill(self.span_table, [])
            self.span_hint.setText(self.tr(
                "Drag across tokens in the text above (say, “Paris”) to rank the neurons of this "
                "layer that fire on them more than on the rest of the text."))
            return
        from gatelab.core.inside import analysis

        self._span_rows = analysis.span_ranking(trace, self.sel.layer, start, stop, k=RANK_ROWS)
        _fill(self.span_table, [(n, self._cells(n, s)) for n, s in self._span_rows])
        self.highlight()
        text = span_text(trace, start, stop)  # the real text: pieces of 你 are not "你(1/3)…"
        self.span_hint.setText(self.tr("Span “{0}” (tokens {1}–{2}) in L{3}: score = (mean h on "
                                       "the span − mean h elsewhere) / spread.").format(
            display_piece(text), start, stop - 1, self.sel.layer))

    def span_ranking(self) -> list[tuple[int, float]]:
        return list(self._span_rows)

    def export(self, path: str) -> None:
        """CSV: both rankings (kind, rank, layer, neuron, score, max h); PNG/SVG: the two tables
        as shown."""
        p = Path(path)
        if p.suffix.lower() != ".csv":
            export_widget(self, p, "", trace_caption(self.sel.trace, layer=self.sel.layer))
            return
        rows: list[list[object]] = []
        if self.sel.has_trace():  # every column the tables show, at full precision
            score = self.sel.selectivity()
            top = self.sel.cached(("max-h", self.sel.layer), self._max_h)
            for r in range(self.selective.rowCount()):
                n = int(self.selective.item(r, 0).data(Qt.ItemDataRole.UserRole))
                rows.append(["selectivity", r + 1, self.sel.layer, n, float(score[n]),
                             float(top[n])])
            rows += [["span", r + 1, self.sel.layer, n, float(v), float(top[n])]
                     for r, (n, v) in enumerate(self._span_rows)]
        write_csv(p, ["ranking", "rank", "layer", "neuron", "score", "max_h"], rows)

    def _cells(self, neuron: int, score: float) -> list[str]:
        top = self.sel.cached(("max-h", self.sel.layer), self._max_h)
        return ["#{0}".format(neuron), fmt_number(score, 3), fmt_value(float(top[neuron]))]

    def _max_h(self) -> np.ndarray:
        lt = self.sel.layer_trace()
        assert lt is not None
        return np.max(lt.h, axis=0)

    def _pick(self, table: QTableWidget, row: int) -> None:
        item = table.item(row, 0)
        if item is not None:
            self.sel.set_neuron(int(item.data(Qt.ItemDataRole.UserRole)))
