"""The budget's charts|table splitter: the charts get a readable height wherever there is room.

Why: splitter sizes are remembered in pixels (``splitter_memory``). A split dragged at 1920×1060
("446,525") came back at 1280×800 as 327 px for both charts: bars thinner than their labels,
"Classic 4×" clipped, the export button half under the scroll area's edge (walkthrough s12 P6).
So after every resize of the splitter the handle is moved down, if need be, until the charts'
pane has the height at which every chart's rows are two text lines apart
(``StackedBarChart.comfortable_height``), as far as the table keeps its own minimum below it.
The handle moves; no minimum height is set: a minimum on the pane became the window's least
size, which grew as the window narrowed (the titles wrap: 787 px at 816 px wide, taller than a
768 px screen) and, where the room was less than the need, followed the window's own height,
so on this tab the window could not be made shorter (re-walk s12). A drag is the user's: it
stands until the next resize. The remembered split itself is unchanged.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer


class BudgetSplitMixin:
    """``_fit_split`` and the splitter's resize hook for ``BudgetPanel``."""

    splitter: Any
    charts: Any
    charts_scroll: Any
    lower_tabs: Any
    checkpoint_view: Any
    CHARTS_LEAST = 180  # px the charts keep above a shown checkpoint (they scroll)
    matrix_chart: Any
    breakdown_chart: Any

    def _watch_split(self) -> None:
        """Refit on each resize of the splitter (the panel filters its events: no new object
        keeping the panel, see ui/qt_cycles)."""
        self.splitter.installEventFilter(self)  # type: ignore[arg-type]
        self.lower_tabs.currentChanged.connect(self._refit_later)

    def _refit_later(self) -> None:
        """Fit the split once the tab just picked is laid out (the panel is the context)."""
        QTimer.singleShot(0, self, self._fit_split)  # type: ignore[call-overload]

    def charts_need(self) -> int:
        """Px the charts' pane takes to show everything (the export button too) with each
        chart at its comfortable height, at the pane's current width (the titles wrap)."""
        scroll = self.charts_scroll
        # the splitter's width, not the viewport's: that one is not resized yet when the
        # splitter is, and a scroll bar coming or going would change the need it decides
        width = self.splitter.contentsRect().width() - 2 * scroll.frameWidth()
        return self.comfortable_height(scroll.widget(), width) + 2 * scroll.frameWidth()

    def comfortable_height(self, widget: Any, width: int) -> int:
        """Px ``widget`` (the charts, or the charts with the export button) takes at ``width``
        with each chart at its comfortable height; its layout counts their legible one."""
        need = widget.heightForWidth(width) if widget.hasHeightForWidth() else -1
        if need < 0:
            need = widget.sizeHint().height()
        for chart in (self.matrix_chart, self.breakdown_chart):
            laid = max(chart.sizeHint().height(), chart.minimumHeight())  # what need counted
            need += max(0, chart.comfortable_height() - laid)
        return need

    def _fit_split(self) -> None:
        """Move the handle so that the charts' pane is ``charts_need`` px tall, as far as the
        table keeps its minimum below it; never up (a taller pane stays as it is). While a
        checkpoint is shown, its part and group tables come first (``_fit_checkpoint``)."""
        if self._fit_checkpoint():
            return
        layout = self.charts.layout()
        for chart in (self.matrix_chart, self.breakdown_chart):  # more rows, more height
            layout.setStretchFactor(chart, chart.comfortable_height())
        sizes = self.splitter.sizes()
        if len(sizes) != 2 or sum(sizes) <= 0:
            return
        total = sum(sizes)
        want = max(0, min(self.charts_need(), total - self.lower_tabs.minimumSizeHint().height()))
        if sizes[0] < want:
            self.splitter.setSizes([want, total - want])

    def _fit_checkpoint(self) -> bool:
        """While the Checkpoint tab shows a checkpoint, move the handle up, if need be, until
        its tables are whole, leaving the charts (which scroll) ``CHARTS_LEAST`` px; at
        1280×800 they had three rows each under the charts (walkthrough s15). Back on the
        presets, ``_fit_split`` gives the charts their height again."""
        view = self.checkpoint_view
        if self.lower_tabs.currentWidget() is not view or view.summary is None:
            return False
        sizes = self.splitter.sizes()
        if len(sizes) != 2 or sum(sizes) <= 0:
            return True
        total = sum(sizes)
        chrome = max(self.lower_tabs.height() - view.height(),  # the tab bar and frame
                     self.lower_tabs.tabBar().sizeHint().height())
        lower = min(view.comfortable_height() + chrome, total - self.CHARTS_LEAST)
        if sizes[1] < lower:
            self.splitter.setSizes([total - lower, lower])
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if watched is self.splitter and event.type() == QEvent.Type.Resize:
            # after the splitter has laid its panes out at the new height (it does so after
            # its filters): the panel is the timer's context, so no call once it is gone
            self._refit_later()
        return super().eventFilter(watched, event)  # type: ignore[misc]
