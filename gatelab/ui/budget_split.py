"""The budget's charts|table splitter: the charts keep a readable height wherever there is room.

Why: splitter sizes are remembered in pixels (``splitter_memory``). A split dragged at 1920×1060
("446,525") came back at 1280×800 as 327 px for both charts: bars thinner than their labels,
"Classic 4×" clipped, the export button half under the scroll area's edge (walkthrough s12 P6).
So the charts' pane has a minimum height, set on every resize of the splitter before the
splitter lays its panes out: the height at which every chart's rows are two text lines apart
(``StackedBarChart.comfortable_height``), or what the splitter has left above the table's
own minimum when it is shorter than that (the minimum window: the charts then scroll, at their
legible height). A user's drag stops at that minimum; the remembered split itself is unchanged.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject


class BudgetSplitMixin:
    """``_fit_split`` and the splitter's resize hook for ``BudgetPanel``."""

    splitter: Any
    charts: Any
    charts_scroll: Any
    lower_tabs: Any
    matrix_chart: Any
    breakdown_chart: Any

    def _watch_split(self) -> None:
        """Refit on each resize of the splitter (the panel filters its events: no new object
        keeping the panel, see ui/qt_cycles)."""
        self.splitter.installEventFilter(self)  # type: ignore[arg-type]

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
        """The charts' pane at least ``charts_need`` px tall, as far as the table keeps its
        minimum below it."""
        layout = self.charts.layout()
        for chart in (self.matrix_chart, self.breakdown_chart):  # more rows, more height
            layout.setStretchFactor(chart, chart.comfortable_height())
        room = (self.splitter.height() - self.splitter.handleWidth()
                - self.lower_tabs.minimumSizeHint().height())
        self.charts_scroll.setMinimumHeight(max(0, min(self.charts_need(), room)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if watched is self.splitter and event.type() == QEvent.Type.Resize:
            self._fit_split()  # its new height is set before the event is sent
        return super().eventFilter(watched, event)  # type: ignore[misc]
