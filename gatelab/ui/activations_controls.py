"""The activation-curves tab's control column: the curves shown, the z range and probe, and the
readout table, in a scroll area beside the plot.

Why a scroll area and a grid that reflows: the ten curve check boxes side by side in two columns
made the column 334 px wide at least, and at the window's minimum size (816 px, the "Try this"
card beside it) the plot kept 220 px, its data area ~160. Now the plot keeps ``MIN_PLOT_WIDTH``;
the column is two check boxes wide wherever the plot still has that much room (as before, down
to 1024 px and in the default window), and only below that the check boxes form one column and
what no longer fits in the height scrolls. Mixed into ``ActivationsPanel``; ``self`` is the
panel. No strings here: the panel's ``retranslate`` sets them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QLabel,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gatelab.core import activations, curves
from gatelab.ui.activations_names import COLOURS
from gatelab.ui.activations_widgets import MinusSpinBox
from gatelab.ui.field_errors import ErrorLine
from gatelab.ui.qt_cycles import weak_method
from gatelab.ui.widgets import NumberField, ReadoutTable

MIN_PLOT_WIDTH = 300  # px of the curves' widget the controls never take (its data area ~245)


class ActivationsControlsMixin:
    """``_build_controls`` (the column and its scroll area) and the check boxes' reflow."""

    _range: tuple[float, float]
    _z: float
    splitter: QSplitter

    def _build_controls(self) -> None:
        self.controls = QWidget()
        lay = QVBoxLayout(self.controls)
        lay.setContentsMargins(4, 0, 0, 0)
        self._build_shown_box()
        lay.addWidget(self.shown_box)
        self._build_range_box()
        lay.addWidget(self.range_box)
        self.table_box = QGroupBox(self.controls)
        tlay = QVBoxLayout(self.table_box)
        self.table = ReadoutTable(["", "", ""], decimals=4)
        tlay.addWidget(self.table)
        lay.addWidget(self.table_box, 1)
        scroll = self.controls_scroll = QScrollArea()
        scroll.setObjectName("activations-controls-scroll")
        scroll.setWidget(self.controls)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its fields are the Tab stops
        # never sideways: the check boxes take one column instead (see _reflow_checks)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._check_columns = 0
        self._columns_width = {1: 0, 2: 0}  # the column's least width with 1 or 2 check columns
        self._widen = QTimer(self.controls)  # after the splitter has placed both sides
        self._widen.setSingleShot(True)
        self._widen.timeout.connect(weak_method(self._keep_controls_wide))

    def _build_shown_box(self) -> None:
        self.shown_box = QGroupBox(self.controls)
        self._checks_grid = QGridLayout(self.shown_box)
        self.checkboxes: dict[str, QCheckBox] = {}
        for name in activations.NAMES:
            cb = QCheckBox(self.shown_box)
            cb.setChecked(name in curves.DEFAULT_SHOWN)
            cb.setStyleSheet(f"QCheckBox {{ color: {COLOURS.get(name, '#444')}; }}")
            cb.toggled.connect(self._on_selection_changed)  # type: ignore[attr-defined]
            self.checkboxes[name] = cb
        self.derivative_box = QCheckBox(self.shown_box)
        self.derivative_box.setChecked(True)
        self.derivative_box.toggled.connect(self._on_selection_changed)  # type: ignore[attr-defined]
        self._place_checks(2)

    def _build_range_box(self) -> None:
        self.range_box = QGroupBox(self.controls)
        form = QFormLayout(self.range_box)
        # the fields hold the checks weakly: a bound method of the panel kept by its own child
        # is a cycle through the panel (see ui/qt_cycles); their refusals share one line under
        # the box whose room is kept (beside a field, one pushed the edit sideways)
        self.range_error = ErrorLine(self.range_box, lines=2)
        self.z_min_field = NumberField(self._range[0], check=weak_method(self._check_min),  # type: ignore[attr-defined]
                                       error_line=self.range_error)
        self.z_max_field = NumberField(self._range[1], check=weak_method(self._check_max),  # type: ignore[attr-defined]
                                       error_line=self.range_error)
        self.z_min_field.value_changed.connect(self._on_range_edited)  # type: ignore[attr-defined]
        self.z_max_field.value_changed.connect(self._on_range_edited)  # type: ignore[attr-defined]
        self.z_spin = MinusSpinBox(self.range_box)
        self.z_spin.setDecimals(3)
        self.z_spin.setSingleStep(0.1)
        self.z_spin.setKeyboardTracking(False)
        self.z_spin.setRange(*self._range)
        self.z_spin.setValue(self._z)
        self.z_spin.valueChanged.connect(self._on_spin_changed)  # type: ignore[attr-defined]
        self.form_labels: dict[str, QLabel] = {}
        for key, field in (("z_min", self.z_min_field), ("z_max", self.z_max_field),
                           ("z", self.z_spin)):
            self.form_labels[key] = QLabel(self.range_box)
            form.addRow(self.form_labels[key], field)
        form.addRow(self.range_error)
        # Tab in reading order (Qt's order by parenting put probe z before z min and z max)
        chain = (self.derivative_box, self.z_min_field.edit, self.z_max_field.edit, self.z_spin)
        for first, second in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(first, second)

    def _place_checks(self, columns: int) -> None:
        """The curve check boxes ``columns`` to a row, "Show derivatives" under them."""
        grid = self._checks_grid
        boxes = [*self.checkboxes.values(), self.derivative_box]
        for box in boxes:
            grid.removeWidget(box)
        for i, box in enumerate(boxes[:-1]):
            grid.addWidget(box, i // columns, i % columns)
        grid.addWidget(self.derivative_box, -(-len(boxes[:-1]) // columns), 0, 1, columns)
        self.shown_box.updateGeometry()  # the column's layout asks its size again
        self._check_columns = columns

    def _fit_controls(self) -> None:
        """Measure the column with one and with two check columns (in this language), let the
        scroll area shrink to the one-column width, and place the check boxes for the room."""
        for columns in (1, 2):
            self._place_checks(columns)
            self._columns_width[columns] = self.controls.minimumSizeHint().width()
        scroll = self.controls_scroll
        scroll.setMinimumWidth(self._columns_width[1] + 2 * scroll.frameWidth()
                               + scroll.verticalScrollBar().sizeHint().width())
        self._reflow_checks()
        self._widen.start(0)

    def _reflow_checks(self) -> None:
        """Two check columns where the scroll area's viewport has their width, else one."""
        room = self.controls_scroll.viewport().width()
        columns = 2 if room >= self._columns_width[2] else 1
        if columns != self._check_columns:
            self._place_checks(columns)

    def _on_splitter_moved(self, _pos: int, _index: int) -> None:
        self._widen.start(0)  # a drag below two check columns, with the plot's room to spare

    def _keep_controls_wide(self) -> None:
        """The column narrower than two check columns only while the plot is at its least
        width: the splitter shares the width by its stretch factors (the controls' share at
        1280 px is under two columns), and before, the column's least width kept it at two."""
        sizes = self.splitter.sizes()
        scroll = self.controls_scroll
        bar = scroll.verticalScrollBar()
        want = (self._columns_width[2] + 2 * scroll.frameWidth()
                + (bar.width() if bar.isVisible() else 0))
        if len(sizes) != 2 or sizes[1] >= want or sizes[0] <= MIN_PLOT_WIDTH or sizes[1] == 0:
            return  # (0: the user collapsed the column, dragging its handle to the edge)
        wider = min(want, sizes[1] + sizes[0] - MIN_PLOT_WIDTH)
        self.splitter.setSizes([sizes[0] + sizes[1] - wider, wider])


__all__ = ["MIN_PLOT_WIDTH", "ActivationsControlsMixin"]
