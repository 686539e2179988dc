"""The activation-curves tab: probe SiLU, ReLU, GELU and friends at any z.

Why a panel for 1-D curves in a gated-MLP app: the gate of every GLU variant *is* one of these
curves, and the lesson "SiLU still leaks and has gradient where ReLU is dead" is easiest to feel
by dragging a z marker across 0 and watching exact numbers change. All numbers come from
``gatelab.core.curves`` / ``activations``; this module only draws and formats them. Every visible
string is set in ``retranslate`` (Qt-Designer style), so a language switch needs no rebuild; the
saved state lives in ``activations_state`` and the "Try this" lesson in ``activations_lesson``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from gatelab.core import activations, curves
from gatelab.ui.activations_controls import MIN_PLOT_WIDTH, ActivationsControlsMixin
from gatelab.ui.activations_lesson import ActivationsLessonMixin
from gatelab.ui.activations_names import (COLOURS, FORMULA_LABELS, SHORT_NAMES,  # noqa: F401
                                          SILU_MINUS_RELU)
from gatelab.ui.activations_state import DEFAULT_RANGE, DEFAULT_Z, ActivationsStateMixin
from gatelab.ui.activations_widgets import (ProbeLabelFormat, curve_pair, keep_label_inside,
                                            probe_label_position, room_below, y_view)
from gatelab.ui.messages import message_text
from gatelab.ui.plot_readout import ReadoutLabel
from gatelab.ui.plot_axis import minus_axes
from gatelab.ui.qt_cycles import weak_method
from gatelab.ui.elide import wrap_plot_title
from gatelab.ui.widgets import fmt_number, style_axes
from gatelab.ui.field_errors import reserve_lines


class ActivationsPanel(ActivationsStateMixin, ActivationsLessonMixin, ActivationsControlsMixin,
                       QWidget):
    """Curves (and derivatives) of chosen activations with a draggable z probe and readout."""

    status_changed = Signal(str)
    z_changed = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._range = DEFAULT_RANGE
        self._z = DEFAULT_Z
        self._hover_z: float | None = None
        self._syncing = False
        self._curves: dict[str, pg.PlotDataItem] = {}
        self._drawn: tuple = ()  # (shown, derivatives, range) the curves were last drawn for
        self._y_data: tuple[float, float] | None = None  # the curves' y range (y_view)
        self._y_set: tuple[float, float] | None = None  # the range set from it (_fit_y)
        self._dcurves: dict[str, pg.PlotDataItem] = {}
        self._build_plot()
        self._build_controls()
        splitter = self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.setObjectName("activations-plot-controls")  # its sizes are remembered by name
        left = QWidget()
        left_lay = QVBoxLayout(left)
        left_lay.setContentsMargins(0, 0, 0, 0)
        left_lay.addWidget(self.plot_widget, 1)
        left_lay.addWidget(self.hover_label)
        left_lay.addWidget(self.note_label)
        splitter.addWidget(left)
        splitter.addWidget(self.controls_scroll)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([900, 380])
        splitter.splitterMoved.connect(weak_method(self._on_splitter_moved))
        for watched in (self.controls_scroll, self.controls_scroll.viewport()):
            watched.installEventFilter(self)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(splitter)
        self.retranslate()  # sets every string, draws the curves and the readout

    # -- construction (no strings here: retranslate sets them) ---------------------------------
    def _build_plot(self) -> None:
        self.plot_widget = pg.PlotWidget(background="w", axisItems=minus_axes())  # "−0.5"
        self.plot_widget.setMinimumWidth(MIN_PLOT_WIDTH)  # the controls scroll instead
        # mouse only (drag the probe, hover): no Tab stop; the keyboard has the probe z field
        self.plot_widget.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.plot = self.plot_widget.getPlotItem()
        self.plot_widget.installEventFilter(self)  # the title wraps to the plot's width
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        style_axes(self.plot)
        self.plot.setMenuEnabled(False)
        self.plot.addLine(y=0, pen=pg.mkPen("#888", width=1))
        self.legend = self.plot.addLegend(offset=(10, 10), labelTextColor="#222",
                                          brush=pg.mkBrush(255, 255, 255, 220))
        # under the plotted items: the probe line crossed the legend (top left) for z in about
        # −6 … −0.5, the lesson's SiLU minimum included, and vanished behind it there
        self.legend.setZValue(self.plot.vb.childGroup.zValue() - 1)
        self.legend.geometryChanged.connect(self._place_z_label)  # its size comes later
        z_min, s_min = activations.silu_minimum()
        self.silu_min_marker = pg.ScatterPlotItem(
            [z_min], [s_min], symbol="o", size=10, brush=pg.mkBrush(COLOURS["silu"]),
            pen=pg.mkPen("w", width=1.5))
        self.silu_min_label = pg.TextItem("", color=COLOURS["silu"], anchor=(0.5, -0.4))
        self.silu_min_label.setPos(z_min, s_min)
        self.plot.addItem(self.silu_min_marker)
        self.plot.addItem(self.silu_min_label)
        self.z_line = pg.InfiniteLine(
            pos=self._z, angle=90, movable=True, pen=pg.mkPen("#333", width=2),
            hoverPen=pg.mkPen("#e67e22", width=3), label=ProbeLabelFormat(),
            labelOpts={"position": 0.95, "color": "#222", "fill": (255, 255, 255, 200)})
        self.z_line.sigPositionChanged.connect(self._on_line_moved)
        self.probe_dots = pg.ScatterPlotItem(size=8, pen=pg.mkPen("w", width=1.2))
        self.probe_dots.setZValue(20)
        self.plot.addItem(self.probe_dots)
        self.plot.addItem(self.z_line)
        # one line cut to the plot's width: a long one had widened the plot's column
        self.hover_label = ReadoutLabel(self, separator="  ·  ")
        self.hover_label.setStyleSheet("color: #555;")
        self.note_label = QLabel(self)
        self.note_label.setObjectName("activations-note")
        self.note_label.setWordWrap(True)
        self.note_label.setStyleSheet("font-size: 12pt; padding: 4px; background: #fdf6e3;")
        reserve_lines(self.note_label, 3)  # the plot above kept its height as a note wrapped anew
        self._hover_proxy = pg.SignalProxy(self.plot.scene().sigMouseMoved, rateLimit=30,
                                           slot=self._on_mouse_moved)
        self.plot.vb.sigRangeChanged.connect(self._place_min_label)
        self.plot.vb.sigResized.connect(self._refit_y)  # the note's room is in pixels
        self.plot.vb.sigResized.connect(self._place_min_label)  # (after the resize event)
        self.plot.vb.sigResized.connect(self._place_z_label)

    # -- language --------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Set every visible string in the current language and re-render the readouts."""
        title = self.tr("Activation functions f(z) (solid) and derivatives f′(z) (dashed)")
        # a word joiner keeps "f′(z)" whole: Unicode lets a line break after the prime, and at
        # 1.5× the wrapped title read "… f′ / (z) …" (walkthrough s14 F4)
        self.plot.setTitle(title.replace("′(", "′\u2060("), color="#222", size="11pt")
        self._fit_title()
        self.plot.setLabel("bottom", self.tr("z (pre-activation, unitless)"))
        self.plot.setLabel("left", self.tr("f(z), f′(z)"))
        z_min, s_min = activations.silu_minimum()
        self.silu_min_marker.setToolTip(self.tr("SiLU's minimum"))
        self.silu_min_label.setText(self.tr("SiLU min {0} at z = {1}").format(
            fmt_number(s_min), fmt_number(z_min)))
        self._place_min_label()  # its width is the language's
        self.z_line.setToolTip(self.tr("Drag to probe the curves at z"))
        self.note_label.setToolTip(self.tr("What the curves do at the probe z, in plain words"))
        self.shown_box.setTitle(self.tr("Activations shown"))
        for name, cb in self.checkboxes.items():
            cb.setText(self.tr(activations.get(name).label))
            cb.setToolTip(self.tr("Show {0} and its derivative").format(self._short(name)))
        self.derivative_box.setText(self.tr("Show derivatives f′(z) (dashed)"))
        self.derivative_box.setToolTip(self.tr("Draw each activation's exact derivative"))
        self.range_box.setTitle(self.tr("Range and probe"))
        self.z_min_field.setToolTip(self.tr("Left end of the z axis"))
        self.z_max_field.setToolTip(self.tr("Right end of the z axis"))
        self.z_spin.setToolTip(self.tr("Probe position z (or drag the vertical line)"))
        self.form_labels["z_min"].setText(self.tr("z min"))
        self.form_labels["z_max"].setText(self.tr("z max"))
        self.form_labels["z"].setText(self.tr("probe z"))
        self.table_box.setTitle(self.tr("Readout at z"))
        self.table.setHorizontalHeaderLabels([self.tr("activation"), self.tr("f(z)"),
                                              self.tr("f′(z)")])
        self.table.setToolTip(self.tr("Exact value and derivative of each shown activation at z"))
        self._fit_controls()  # this language's widths
        if not self._curves:  # the first call, from __init__: draw the curves once
            self._redraw_curves()
        self._fill_legend()
        self._update_probe()  # the table's row names and the note
        self._show_hover()

    def set_panel_lookup(self, lookup: Callable[[str], QWidget | None]) -> None:
        """This tab reads no other tab."""

    def shutdown(self) -> None:
        """No threads here: nothing to stop."""

    def _short(self, name: str) -> str:
        return self.tr(SHORT_NAMES[name])

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Resize and watched is self.controls_scroll.viewport():
            self._reflow_checks()
        elif event.type() == QEvent.Type.Resize and watched is self.controls_scroll:
            self._widen.start(0)
        kind = event.type() if watched is self.plot_widget else None
        if kind == QEvent.Type.Resize:
            self._fit_title()
            self._place_z_label()
            self._place_min_label()
        elif kind == QEvent.Type.Leave:  # the line reads no z any more (a move still queued
            self._hover_proxy.flush()  # must not bring the old one back)
            self._hover_z = None
            self._show_hover()
        return super().eventFilter(watched, event)

    def _place_min_label(self, *_args: object) -> None:
        keep_label_inside(self.silu_min_label, self.plot.vb, activations.silu_minimum()[0])

    def _place_z_label(self, *_args: object) -> None:
        self.z_line.label.setPosition(probe_label_position(self.legend, self.plot.vb, self._z))

    def _fit_title(self) -> None:
        room = self.plot_widget.width() - self.plot.getAxis("left").width() - 16  # the title's
        wrap_plot_title(self.plot, max(room, 80))  # column is the data's, right of the y axis
        # as high as the wrapped title: pyqtgraph keeps its row 30 px high, and the title on
        # three lines at the window's least width ran down over the legend and the curves
        label = self.plot.titleLabel
        height = max(30, math.ceil(label.item.boundingRect().height()))
        if label.maximumHeight() != height:
            label.setMaximumHeight(height)
            self.plot.layout.setRowFixedHeight(0, height)

    # -- public API ---------------------------------------------------------------------------
    def z(self) -> float:
        return self._z

    def set_z(self, z: float) -> None:
        """Move the probe to z (clamped into the range); non-finite values are ignored."""
        if not math.isfinite(z):
            self.status_changed.emit(self.tr("z must be a finite number"))
            return
        z = min(max(float(z), self._range[0]), self._range[1])
        self._syncing = True
        try:
            self.z_spin.setValue(z)
            self.z_line.setValue(z)
        finally:
            self._syncing = False
        if z != self._z:
            self._z = z
            self.z_changed.emit(z)
        self._place_z_label()
        self._update_probe()

    def z_range(self) -> tuple[float, float]:
        return self._range

    def set_range(self, lo: float, hi: float) -> bool:
        """Set the z range; bad ranges show a message by the fields and change nothing."""
        try:
            lo, hi = curves.validate_range(lo, hi)
        except ValueError as exc:  # on the field that holds the bad end (z max when both do)
            bad_min = not math.isfinite(lo) or (math.isfinite(hi) and lo != self._range[0]
                                                and hi == self._range[1])
            (self.z_min_field if bad_min else self.z_max_field).show_error(message_text(exc))
            return False
        self._range = (lo, hi)
        self.z_min_field.set_value(lo)
        self.z_max_field.set_value(hi)
        self.z_spin.setRange(lo, hi)
        self._redraw_curves()
        self.set_z(self._z)
        return True

    def shown(self) -> list[str]:
        return [n for n, cb in self.checkboxes.items() if cb.isChecked()]

    def set_shown(self, names: Iterable[str], derivatives: bool | None = None) -> None:
        """Show exactly ``names`` (known ones) and redraw once, not once per checkbox."""
        wanted = set(names)
        for name, cb in self.checkboxes.items():
            cb.blockSignals(True)
            cb.setChecked(name in wanted)
            cb.blockSignals(False)
        if derivatives is not None:
            self.derivative_box.blockSignals(True)
            self.derivative_box.setChecked(derivatives)
            self.derivative_box.blockSignals(False)
        self._on_selection_changed()

    def curve_items(self, name: str) -> tuple[pg.PlotDataItem, pg.PlotDataItem] | None:
        """(curve, derivative curve) of an activation, or None if it was never shown."""
        if name not in self._curves:
            return None
        return self._curves[name], self._dcurves[name]

    def note_text(self) -> str:
        return self.note_label.text()

    # -- slots ------------------------------------------------------------------------------
    def _on_range_edited(self, _value: float) -> None:
        self.set_range(self.z_min_field.value(), self.z_max_field.value())

    def _on_selection_changed(self, _checked: bool = False) -> None:
        self._redraw_curves()
        self._update_probe()

    def _on_line_moved(self, line: pg.InfiniteLine) -> None:
        if not self._syncing:
            self.set_z(float(line.value()))

    def _on_spin_changed(self, value: float) -> None:
        if not self._syncing:
            self.set_z(float(value))

    def _on_mouse_moved(self, event: tuple[QPointF]) -> None:
        """Over the curves: read them at that z; elsewhere (an axis, the title): no z."""
        z = float(self.plot.vb.mapSceneToView(event[0]).x())
        inside = self.plot.vb.sceneBoundingRect().contains(event[0]) and math.isfinite(z)
        self._hover_z = z if inside else None
        self._show_hover()

    def _show_hover(self) -> None:
        """The hover line for the last hovered z (or the hint before any hover)."""
        z = self._hover_z
        if z is None:
            self.hover_label.setText(self.tr("Hover over the plot to read every curve at that z."))
            return
        parts = [f"{self._short(r.name)} {fmt_number(r.value, 3)}"
                 for r in curves.probe(self.shown(), z)]
        self.hover_label.setText(self.tr("hover z = {0}:  {1}").format(
            fmt_number(z, 3), "  ·  ".join(parts) or self.tr("no curve shown")))

    # -- drawing -----------------------------------------------------------------------------
    def _redraw_curves(self) -> None:
        """Draw the shown curves over the range; nothing when that is what is drawn already:
        the start drew the same curves three times (__init__, then the restored selection
        and range), 70 of the window's ≈ 170 ms to its first paint."""
        shown = set(self.shown())
        show_d = self.derivative_box.isChecked()
        lo, hi = self._range
        if self._drawn == (shown, show_d, lo, hi):
            return
        self._drawn = (shown, show_d, lo, hi)
        for name in activations.NAMES:
            visible = name in shown
            if visible and name not in self._curves:  # made when first shown: a faster start
                self._curves[name], self._dcurves[name] = curve_pair(self.plot, name)
            elif name not in self._curves:
                continue
            curve, dcurve = self._curves[name], self._dcurves[name]
            if visible:
                z, f, df = curves.sample(name, lo, hi)
                curve.setData(z, f)
                dcurve.setData(z, df)
            curve.setVisible(visible)
            dcurve.setVisible(visible and show_d)
        self._fill_legend()
        z_min, _ = activations.silu_minimum()
        silu_min_visible = "silu" in shown and lo <= z_min <= hi
        self.silu_min_marker.setVisible(silu_min_visible)
        self.silu_min_label.setVisible(silu_min_visible)
        self.plot.setXRange(lo, hi, padding=0.02)
        items = [self._curves[n] for n in shown] + ([self._dcurves[n] for n in shown]
                                                    if show_d else [])
        ys = [y for y in (item.getData()[1] for item in items) if y is not None]
        self._y_data = y_view(ys, self._range) if ys else None
        self._fit_y()

    def _fit_y(self) -> None:
        """The curves' y range (``y_view``, 5 % padding), its bottom lowered where the SiLU
        minimum's note needs room under its dot (``room_below``)."""
        if self._y_data is None:  # no curve: pyqtgraph's default around −1 … 1
            self._y_set = None
            self.plot.setYRange(-1.0, 1.0)
            return
        lo, hi = self._y_data
        pad = 0.05 * (hi - lo)
        lo, hi = lo - pad, hi + pad
        if self.silu_min_label.isVisible():
            need = 1.4 * self.silu_min_label.textItem.boundingRect().height() + 4
            lo = room_below(lo, hi, activations.silu_minimum()[1], need, self.plot.vb.height())
        self._y_set = (lo, hi)
        self.plot.setYRange(lo, hi, padding=0)

    def _refit_y(self, *_args: object) -> None:
        """On a resize, the note's room again, unless the user has zoomed or panned since."""
        shown = self.plot.vb.viewRange()[1]
        if self._y_set is not None and all(abs(a - b) <= 1e-9 * max(1.0, abs(b))
                                           for a, b in zip(shown, self._y_set)):
            self._fit_y()

    def _fill_legend(self) -> None:
        """The legend's names for the shown curves (alone on retranslate: the view keeps its
        zoom)."""
        shown = self.shown()
        self.legend.clear()
        for name in shown:
            self.legend.addItem(self._curves[name], self._short(name))
        if self.derivative_box.isChecked() and shown:
            self.legend.addItem(pg.PlotDataItem(pen=pg.mkPen("#444", width=1.5,
                                                             style=Qt.PenStyle.DashLine)),
                                self.tr("dashed: derivative f′(z)"))
        self._place_z_label()

    def _update_probe(self) -> None:
        z = self._z
        shown = self.shown()
        probed = curves.probe(shown, z)
        rows = [(self._short(r.name), (r.value, r.derivative)) for r in probed]
        self.probe_dots.setData([z] * len(probed), [r.value for r in probed],
                                brush=[pg.mkBrush(COLOURS.get(r.name, "#444")) for r in probed])
        colours: list[QColor | None] = [QColor(COLOURS.get(n, "#444")) for n in shown]
        if {"silu", "relu"} <= set(shown):  # the gap between two curves on the chart
            diff = curves.silu_minus_relu(z)
            rows.append((SILU_MINUS_RELU, (diff.value, diff.derivative)))
            colours.append(None)  # the table's own text colour: it is neither curve
        self.table.set_rows(rows, colours)
        self.note_label.setText(self._note(curves.describe_z(z, shown)))
