"""Horizontal stacked bars for the budget panel: one row per model, one segment per part.

Why one small chart class: the lessons' picture (gate, up, down in units of d², the total pinned
at 8d² for classic 4× and gated 8/3) and the whole-model breakdown (embeddings, attention, MLP,
norms, total vs active) are the same drawing — rows of coloured segments with their values
written inside. Items are created once and updated with ``setOpts`` / ``setText``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QSize, Qt, QTimer
from PySide6.QtWidgets import QWidget

from gatelab.core import budget as B
from gatelab.ui.budget_bar_labels import BarLabel, label_spot
from gatelab.ui.qt_cycles import weak_method
from gatelab.ui.plot_axis import minus_axes

ROW_HEIGHT = 0.62
X_ROOM, MAX_X_ROOM = 1.28, 3.0  # the x axis's end, × the longest bar (see _fit_x_range)
#: "Where the parameters live": one colour per B.SPLIT_PARTS entry (attention split in two).
SPLIT_PART_COLOURS = ("#7f8c8d", "#2e86c1", "#85c1e9", "#c0392b", "#f1c40f", "#27ae60")


# Called as translate("BudgetCharts", "literal") so that lupdate extracts every string (a
# wrapper taking a variable hides them from it).
translate = QCoreApplication.translate


def split_part_labels() -> list[str]:
    """Segment names of the breakdown chart, in B.SPLIT_PARTS order."""
    return [
        translate("BudgetCharts", "embeddings"),
        translate("BudgetCharts", "full attention"),
        translate("BudgetCharts", "linear attention"),
        translate("BudgetCharts", "MLP"),
        translate("BudgetCharts", "norms"),
        translate("BudgetCharts", "LM head"),
    ]


def split_shares(parts: dict[str, int], total: int) -> list[float]:
    """Percent of ``total`` per B.SPLIT_PARTS entry (``parts`` from ``ModelCount.split_parts``)."""
    return [100 * parts[p] / total for p in B.SPLIT_PARTS]


def layer_mix_text(count: B.ModelCount) -> str:
    """One line on the token mixers and the MLP: "24 layers: 18 linear attention …"."""
    mix = count.mixer_layers
    if not mix:
        return ""
    n = mix.get("full", 0) + mix.get("linear", 0)
    if mix.get("linear"):
        text = translate(
            "BudgetCharts",
            "{0} layers: {1} linear attention (Gated DeltaNet, {2} each) + {3} full "
            "attention ({4} each)",
        ).format(
            B.format_int(n),
            B.format_int(mix["linear"]),
            B.format_int(count.linear_attention_per_layer),
            B.format_int(mix.get("full", 0)),
            B.format_int(count.attention_per_layer),
        )
    else:
        text = translate("BudgetCharts", "{0} layers, all full attention ({1} each)").format(
            B.format_int(n), B.format_int(count.attention_per_layer)
        )
    if count.same_mlp_in_every_layer:
        text += translate("BudgetCharts", "; every layer carries the same MLP ({0})").format(
            B.format_int(count.mlp_per_layer)
        )
    else:
        text += "; " + ", ".join(
            translate("BudgetCharts", "{0} {1} layers with an MLP of {2}").format(
                B.format_int(g.count),
                translate("BudgetCharts", "routed")
                if g.kind == "moe"
                else translate("BudgetCharts", "dense"),
                B.format_int(g.mlp),
            )
            for g in count.layers
        )
    if count.mtp:
        text += translate(
            "BudgetCharts",
            ". Multi-token-prediction layer (in the checkpoint, not in the total): {0}",
        ).format(B.format_int(count.mtp))
    return text


def unbroken(words: str) -> str:
    """``words`` that a line never breaks ("full" / "attention", "归一" / "化"): no-break spaces,
    and a word joiner next to each CJK character (a line may break between any two of those)."""
    out: list[str] = []
    for ch in words.replace(" ", "\u00a0"):
        if out and (ord(ch) >= 0x2E80 or ord(out[-1]) >= 0x2E80):
            out.append("\u2060")
        out.append(ch)
    return "".join(out)


class StackedBarChart(pg.PlotWidget):
    """Rows (top to bottom) of segments; ``set_rows([(label, [v_seg0, v_seg1, …]), …])``."""

    _label_extra = 0  # px the x axis's title takes beyond one line (see _fit_x_label)

    def __init__(
        self,
        segments: Sequence[str],
        colours: Sequence[str],
        max_rows: int,
        x_label: str,
        fmt: Callable[[str, float], str],
        reference: tuple[float, str] | None = None,
        x_max: float | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent=parent, background="w", axisItems=minus_axes())
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # nothing to do by keyboard: no Tab stop
        self._segments = list(segments)
        self._fmt = fmt
        self._max_rows = max_rows
        self._x_max = x_max
        item = self.getPlotItem()
        item.setMenuEnabled(False)
        item.hideButtons()
        item.setMouseEnabled(x=False, y=False)
        item.showGrid(x=True, y=False, alpha=0.2)
        for name in ("left", "bottom"):
            axis = item.getAxis(name)
            axis.setPen("#555")
            axis.setTextPen("#222")
        self._bars: list[pg.BarGraphItem] = []
        for name, colour in zip(segments, colours):
            bar = pg.BarGraphItem(
                x0=[0],
                y=[0],
                width=[0],
                height=ROW_HEIGHT,
                brush=colour,
                pen=pg.mkPen("w", width=1.5),
            )
            item.addItem(bar)
            self._bars.append(bar)
        self._colours = list(colours)
        self.legend_html = ""
        self._texts: list[list[BarLabel]] = []
        for _ in range(max_rows):
            row = []
            for _seg in segments:
                text = BarLabel()
                item.addItem(text)
                row.append(text)
            self._texts.append(row)
        self._totals = [pg.TextItem("", color="#222", anchor=(0, 0.5)) for _ in range(max_rows)]
        for text in self._totals:
            item.addItem(text)
        self._reference = None
        if reference is not None:
            value, label = reference
            self._reference = pg.InfiniteLine(
                pos=value,
                angle=90,
                label=label,
                pen=pg.mkPen("#333", width=1.5, style=Qt.PenStyle.DashLine),
                labelOpts={"position": 0.99, "color": "#333", "anchors": [(0, 0), (0, 0)]},
            )
            item.addItem(self._reference)
            for row in self._texts:  # over the line where one is drawn on its bar's colour
                for text in row:
                    text.setZValue(self._reference.zValue() + 1)
        self.rows: list[tuple[str, list[float]]] = []
        self._span = 1.0
        # (segment text, its segment's left and width, its colour): shown where it fits
        self._labelled: list[tuple[BarLabel, float, float, str]] = []
        self._regrow = QTimer(self)
        self._regrow.setSingleShot(True)
        self._regrow.timeout.connect(weak_method(self._keep_legible))
        item.vb.sigResized.connect(weak_method(self._fit_x_range))
        self.set_texts(segments, x_label, reference[1] if reference else "")

    def legible_height(self) -> int:
        """Tall enough for every row's label and the x axis with its title. Why: at the window's
        minimum size both charts were squeezed to ~15 px, their row labels on top of each
        other; the budget page scrolls instead (``BudgetPanel._arrange``)."""
        line = self.fontMetrics().height()  # (and the x axis title's lines it wraps to)
        return max(len(self.rows), 2) * (line + 8) + 3 * line + 12 + self._label_extra

    def comfortable_height(self) -> int:
        """Rows two text lines apart, so a segment's value fits inside its bar with room: what
        the charts' pane gets where the splitter has the room (``BudgetSplitMixin``). Why: at
        the legible height a bar is thinner than its label ("Classic 4×" and "4.00" clipped
        after a split saved on a taller screen, walkthrough s12 P6)."""
        line = self.fontMetrics().height()
        return max(len(self.rows), 2) * 2 * line + 3 * line + 12 + self._label_extra

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """The legible height (the view's default 480 px made the scrolled charts page tall)."""
        return QSize(super().sizeHint().width(), self.legible_height())

    def _fit_x_range(self, *_args: object) -> None:
        """0 … 1.28 × the longest bar, or further where the totals after the bars need more
        than that 28 % (a narrow chart). Why: at the window's least width the totals were cut
        at the chart's edge ("8.00 d" without its "²")."""
        room = self.getPlotItem().vb.width()
        need = max((t.textItem.boundingRect().width() for t in self._totals
                    if t.isVisible()), default=0.0) + 4
        factor = max(X_ROOM, min(MAX_X_ROOM, 1.01 * room / max(room - need, 1.0)))
        self.setXRange(0, self._span * factor, padding=0)
        per_px = self._span * factor / max(room, 1.0)  # a segment's value in it, where it fits
        for text, left, value, colour in self._labelled:
            text.setVisible(value / per_px >= text.textItem.boundingRect().width() + 2)
            self._clear_of_line(text, left, value, colour, per_px)
        self._fit_x_label()

    def _clear_of_line(self, text: BarLabel, left: float, width: float, colour: str,
                       per_px: float) -> None:
        """A segment's label where the reference line does not cross it (budget_bar_labels):
        centred on its segment, else on the side of the line with room for it, else drawn on
        its bar's colour over the line."""
        centre, cover = left + width / 2, False
        if self._reference is not None:
            half = (text.textItem.boundingRect().width() / 2 + 3) * per_px
            spot = label_spot(left, width, self._reference.value(), half)
            cover = spot is None
            centre = centre if cover else spot
        text.setPos(centre, text.pos().y())
        bar_px = ROW_HEIGHT / max(self.getPlotItem().vb.viewPixelSize()[1], 1e-12)
        text.set_cover(colour if cover else None, bar_px)

    def _fit_x_label(self) -> None:
        """The x axis's title on one line, or wrapped (centred) at the axis's width where it is
        wider: it was cut at both edges of a narrow chart ("FFN weights per layer, in units").
        The axis then grows by the lines added (pyqtgraph's own height counts 0.8 of one)."""
        axis = self.getPlotItem().getAxis("bottom")
        label = axis.label
        current = label.textWidth()
        label.setTextWidth(-1)
        one = label.boundingRect()
        room = float(int(axis.width()))
        want = room if one.width() > room + 1 and room > 40 else -1.0
        if want == current:
            label.setTextWidth(current)
            return
        axis.setHeight(None)  # pyqtgraph's height for the one-line title
        base = axis.maximumHeight()
        label.setTextWidth(want)
        option = label.document().defaultTextOption()
        option.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        label.document().setDefaultTextOption(option)
        self._label_extra = int(label.boundingRect().height() - one.height()) if want > 0 else 0
        if want > 0:
            axis.setHeight(base + self._label_extra)
        axis.resizeEvent()
        # later: this runs inside the view's resize, which a resize from here would undo
        self._regrow.start(0)

    def _keep_legible(self) -> None:
        self.setMinimumHeight(self.legible_height())

    def set_texts(self, segments: Sequence[str], x_label: str, reference_label: str = "") -> None:
        """Segment names (legend), the x-axis label and the reference line's label: the
        translatable words of the chart, re-set by the panel's ``retranslate``."""
        self._segments = list(segments)
        self.legend_html = "&nbsp; ".join(  # lines break between entries, never inside one
            "<span style='color:{0}'>■</span>&nbsp;{1}".format(c, unbroken(n))
            for n, c in zip(self._segments, self._colours)
        )
        self.getPlotItem().setLabel("bottom", x_label)
        if self._reference is not None:
            self._reference.label.setFormat(reference_label)

    def set_rows(
        self, rows: Sequence[tuple[str, Sequence[float]]], totals: Sequence[str] | None = None
    ) -> None:
        rows = [(label, [float(v) for v in values]) for label, values in rows[: self._max_rows]]
        self.rows = rows
        n = len(rows)
        ys = [n - 1 - i for i in range(n)]
        span = max(
            [sum(v) for _, v in rows]
            + [self._reference.value() if self._reference else 0.0]
            + [1e-12]
        )
        lefts = [0.0] * n
        self._labelled = labelled = []  # (segment text, its value): shown where it fits
        for s, bar in enumerate(self._bars):
            widths = [values[s] for _, values in rows]
            bar.setOpts(x0=list(lefts), y=ys, width=widths, height=ROW_HEIGHT)
            for r in range(self._max_rows):
                text = self._texts[r][s]
                if r < n and widths[r] > 0.075 * span:
                    text.setText(self._fmt(self._segments[s], widths[r]))
                    text.setPos(lefts[r] + widths[r] / 2, ys[r])
                    text.show()
                    labelled.append((text, lefts[r], widths[r], self._colours[s]))
                else:
                    text.hide()
            lefts = [left + w for left, w in zip(lefts, widths)]
        for r, text in enumerate(self._totals):
            if r < n and totals is not None:
                text.setText(totals[r])
                text.setPos(lefts[r] + 0.01 * span, ys[r])
                text.show()
            else:
                text.hide()
        self.getPlotItem().getAxis("left").setTicks(
            [[(y, label) for y, (label, _) in zip(ys, rows)]]
        )
        self._span = span
        self._fit_x_range()
        if self._x_max is not None:
            step = self._x_max / 5
            self.getPlotItem().getAxis("bottom").setTicks(
                [[(i * step, "{0:g}".format(i * step)) for i in range(6)]]
            )
        self.setYRange(-0.6, max(n, 1) - 0.4 + (0.8 if self._reference else 0.55), padding=0)
        self._keep_legible()  # it follows the number of rows
