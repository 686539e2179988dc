"""The gate-plane tab's side column: point entry and readout, variant, map window, neurons.

Kept apart from ``gate_plane_panel`` so that the panel reads as "what happens" and this module as
"what the learner can touch". It owns no state beyond what its fields show: every change is
*requested* through a signal, the panel validates it against core and calls ``show_spec`` /
``show_reading`` back, so a refused value never leaves the maps and the fields out of step.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QVBoxLayout, QWidget)

from gatelab.core import gates, plane
from gatelab.core.plane import PlaneSpec, PointReading
from gatelab.ui.elide import ElidedLines, FitCombo, before_formula, fit_list_width
from gatelab.ui.field_errors import ERROR_STYLE, ErrorLine
from gatelab.ui.gate_plane_names import PARAM_NAMES, QUICK_POINTS, VARIANT_LABELS  # noqa: F401
from gatelab.ui.gate_plane_tips import LayerSpin, view_choices
from gatelab.ui.qt_cycles import detach
from gatelab.ui.widgets import NumberField, ReadoutForm, fmt_number

_PANEL = "panel"  # the key of the panel's own refusals on a box's error line


class GatePlaneControls(QWidget):
    point_requested = Signal(float, float)
    variant_requested = Signal(str)
    spec_requested = Signal(dict)
    view_changed = Signal(object)  # tuple of map keys to show
    load_requested = Signal()
    layer_changed = Signal(int)
    clear_neurons_requested = Signal()

    def __init__(self, spec: PlaneSpec, params: dict[str, dict[str, float]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._spec = spec
        # every string is set through _say/_keep, so retranslate() can set them all again
        self._texts: list[Callable[[], None]] = []
        self._rows: dict[str, QWidget] = {}  # the readout's rows, by key
        lay = QHBoxLayout(self)  # a row of boxes under the maps, which get the full width
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self._build_point_box(), 3)
        lay.addWidget(self._build_readout_box(), 3)
        middle = QVBoxLayout()
        middle.setSpacing(2)  # the boxes' kept error lines cost no map height: tight rows
        middle.addWidget(self._build_variant_box())
        middle.addWidget(self._build_neuron_box())
        middle.addStretch(1)
        lay.addLayout(middle, 3)
        lay.addWidget(self._build_window_box(), 2)
        self.show_spec(spec)

    def _say(self, setter: Callable[[str], None], text: Callable[[], str]) -> None:
        """Set a string now and again on every retranslate()."""
        self._keep(lambda: setter(text()))

    def _keep(self, update: Callable[[], None]) -> None:
        """Run ``update`` (which sets strings) now and again on every retranslate()."""
        update()
        self._texts.append(detach(update, self))  # names self: no cycle (qt_cycles)

    def retranslate(self) -> None:
        """Every label, title, tooltip and combo item again, in the current language."""
        for update in self._texts:
            update()
        for line in (self.point_error, self.variant_error, self.spec_error):
            line.refresh()
        for i, name in enumerate(gates.VARIANTS):
            self.variant_combo.setItemText(i, self.tr(gates.get(name).label))
        fit_list_width(self.variant_combo)  # whole formulas, in this language
        for i, (_, label, _) in enumerate(view_choices()):
            self.view_combo.setItemText(i, label)

    # -- construction -------------------------------------------------------------------------
    def _build_point_box(self) -> QGroupBox:
        box = QGroupBox(self)
        self._say(box.setTitle, lambda: self.tr("Point (g, u)"))
        v = QVBoxLayout(box)
        v.setSpacing(3)
        form = QFormLayout()
        # the box's refusals (the fields', the panel's) share one line whose room is kept:
        # shown or not, the quick-point buttons under it stay where they are
        self.point_error = ErrorLine(box, lines=2)
        self.g_field = NumberField(1.5, minimum=-1e4, maximum=1e4, width=90,
                                   error_line=self.point_error)
        self._say(self.g_field.setToolTip,
                  lambda: self.tr("Gate pre-activation g; type a value and press Enter"))
        self.u_field = NumberField(-2.0, minimum=-1e4, maximum=1e4, width=90,
                                   error_line=self.point_error)
        self._say(self.u_field.setToolTip,
                  lambda: self.tr("Up pre-activation u; type a value and press Enter"))
        for f in (self.g_field, self.u_field):
            f.value_changed.connect(self._on_point_typed)
        form.addRow("g", self.g_field)
        form.addRow("u", self.u_field)
        v.addLayout(form)
        v.addWidget(self.point_error)
        grid = QGridLayout()
        self.quick_buttons: list[QPushButton] = []
        for i, (g, u, tip) in enumerate(QUICK_POINTS):
            button = QPushButton(f"({fmt_number(g, 1).rstrip('0').rstrip('.')}, "
                                 f"{fmt_number(u, 1).rstrip('0').rstrip('.')})", box)
            self._say(button.setToolTip,
                      lambda tip=tip: QCoreApplication.translate("GatePlaneControls", tip))
            button.clicked.connect(lambda _=False, g=g, u=u: self.point_requested.emit(g, u))
            grid.addWidget(button, i // 3, i % 3)
            self.quick_buttons.append(button)
        quick = QLabel(box)
        self._say(quick.setText, lambda: self.tr("Quick points from the lessons:"))
        v.addWidget(quick)
        v.addLayout(grid)
        hint = QLabel(box)
        self._say(hint.setText,
                  lambda: self.tr("Click or drag on a map; arrow keys nudge by 0.1 (Shift: 0.01)."))
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #555;")
        v.addWidget(hint)
        v.addStretch(1)
        return box

    def _build_readout_box(self) -> QGroupBox:
        box = QGroupBox(self)
        self._say(box.setTitle, lambda: self.tr("Exact values at (g, u)"))
        v = QVBoxLayout(box)
        self.readout = ReadoutForm(box)
        self._up_formula = "B(u)"
        rows: tuple[tuple[str, Callable[[], str], Callable[[], str]], ...] = (
            ("g", lambda: "g", lambda: self.tr("gate pre-activation")),
            ("u", lambda: "u", lambda: self.tr("up pre-activation")),
            # B(u) where it is not u (cap(u)): else act(g)·u ≠ h; shown by show_reading
            ("up", lambda: self._up_formula,
             lambda: self.tr("the up branch B(u) that act(g) multiplies: h = act(g)·B(u)")),
            ("act", lambda: self.tr("act(g)  gate value"), lambda: self.tr("the gate branch")),
            ("h", lambda: self.tr("h  output"),
             lambda: self.tr("the neuron's output h = A(g)·B(u)")),
            ("dh_dg", lambda: "∂h/∂g", lambda: self.tr("gradient reaching the gate input g")),
            ("dh_du", lambda: "∂h/∂u", lambda: self.tr("gradient reaching the up input u")),
        )
        for key, label, tip in rows:
            self._rows[key] = self.readout.add_row(key, "").parentWidget()
            self._keep(lambda k=key, lab=label, t=tip: self.readout.set_label(k, lab(), t()))
        v.addWidget(self.readout)
        v.addStretch(1)
        return box

    def _build_variant_box(self) -> QGroupBox:
        box = QGroupBox(self)
        self._say(box.setTitle, lambda: self.tr("Gate variant"))
        form = QFormLayout(box)
        form.setVerticalSpacing(2)
        # closed: the whole label where the row has room, else the name alone (whole in the tip)
        self.variant_combo = FitCombo(box, short=before_formula)
        for name in gates.VARIANTS:
            self.variant_combo.addItem(self.tr(gates.get(name).label), name)
        self._say(self.variant_combo.setToolTip, lambda: self.tr("Which gated MLP: h = A(g)·B(u)"))
        self.variant_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.variant_combo.setMinimumContentsLength(22)
        self.variant_combo.activated.connect(
            lambda i: self.variant_requested.emit(self.variant_combo.itemData(i)))
        form.addRow(self.variant_combo)
        self.variant_error = ErrorLine(box)  # its parameters' refusals too, in kept room
        form.addRow(self.variant_error)
        self._param_form = form
        tips = {
            "beta": lambda: self.tr("β in SiLU(βg)·u (β = 1 is SwiGLU)"),
            "limit": lambda: self.tr("gpt-oss clamp: g ≤ limit, u ∈ [−limit, limit]"),
            "alpha": lambda: self.tr("gpt-oss α in g·σ(αg)"),
            "beta1": lambda: self.tr("soft cap β₁ of the gate: β₁·tanh(SiLU(g)/β₁)"),
            "beta2": lambda: self.tr("soft cap β₂ of the up branch: β₂·tanh(u/β₂)"),
        }
        # the one word among the parameters' symbols (β, α, β₁, β₂): a translator's note
        #: Label of the field for gpt-oss's clamp value (7 by default): g ≤ limit, u ∈ [−limit,
        #: limit]. A word to translate (e.g. 上限), not a code name; its tooltip names it too.
        labels = {"beta": lambda: "β", "limit": lambda: self.tr("limit"), "alpha": lambda: "α",
                  "beta1": lambda: "β₁", "beta2": lambda: "β₂"}
        self.param_fields: dict[str, NumberField] = {}
        for name in PARAM_NAMES:
            field = NumberField(1.0, minimum=-1e3, maximum=1e3,
                                check=detach(lambda v, n=name: self._check_param(n, v), self),
                                error_line=self.variant_error)
            self._say(field.setToolTip, tips[name])
            field.value_changed.connect(
                lambda v, n=name: self.spec_requested.emit({"params": {n: v}}))
            label = QLabel(box)
            self._say(label.setText, labels[name])
            form.addRow(label, field)
            self.param_fields[name] = field
        most = max(len(gates.get(name).params) for name in gates.VARIANTS)
        for i, name in enumerate(PARAM_NAMES):  # room for the variant with the most parameters:
            form.setRowVisible(self.param_fields[name], i < most)  # a switch never moves the maps
        box.ensurePolished()
        box.setMinimumHeight(box.sizeHint().height())
        return box

    def _build_window_box(self) -> QGroupBox:
        box = QGroupBox(self)
        self._say(box.setTitle, lambda: self.tr("Map window"))
        outer = QVBoxLayout(box)  # the tallest box: its kept error lines cost no map height
        outer.setSpacing(0)
        margins = outer.contentsMargins()  # (under them, an empty line most of the time)
        outer.setContentsMargins(margins.left(), margins.top(), margins.right(), 2)
        form = QFormLayout()
        form.setVerticalSpacing(2)
        outer.addLayout(form)
        s = self._spec
        # one line for every refusal in the box, its room kept: a field's own line beside it
        # had pushed the edit left and, wrapped, the maps up (the next click missed the field)
        self.spec_error = line = ErrorLine(box, lines=2)
        self.g_min = NumberField(s.g_range[0], error_line=line, check=detach(
            lambda v: self._check_range("g", 0, v), self))
        self.g_max = NumberField(s.g_range[1], error_line=line, check=detach(
            lambda v: self._check_range("g", 1, v), self))
        self.u_min = NumberField(s.u_range[0], error_line=line, check=detach(
            lambda v: self._check_range("u", 0, v), self))
        self.u_max = NumberField(s.u_range[1], error_line=line, check=detach(
            lambda v: self._check_range("u", 1, v), self))
        for f, tip in ((self.g_min, lambda: self.tr("left edge of the maps (g)")),
                       (self.g_max, lambda: self.tr("right edge of the maps (g)")),
                       (self.u_min, lambda: self.tr("bottom edge of the maps (u)")),
                       (self.u_max, lambda: self.tr("top edge of the maps (u)"))):
            self._say(f.setToolTip, tip)
        self.g_min.value_changed.connect(lambda _: self._emit_range("g"))
        self.g_max.value_changed.connect(lambda _: self._emit_range("g"))
        self.u_min.value_changed.connect(lambda _: self._emit_range("u"))
        self.u_max.value_changed.connect(lambda _: self._emit_range("u"))
        self.resolution = NumberField(s.resolution, integer=True, minimum=plane.MIN_RESOLUTION,
                                      maximum=plane.MAX_RESOLUTION, error_line=line)
        self._say(self.resolution.setToolTip, lambda: self.tr("pixels per side ({0}…{1})").format(
            plane.MIN_RESOLUTION, plane.MAX_RESOLUTION))
        self.resolution.value_changed.connect(
            lambda v: self.spec_requested.emit({"resolution": int(v)}))
        self.eps = NumberField(s.eps, maximum=1e3, check=self._check_eps, error_line=line)
        self._say(self.eps.setToolTip, lambda: self.tr("the gate counts as closed where |act(g)| < ε"))
        self.eps.value_changed.connect(lambda v: self.spec_requested.emit({"eps": v}))
        self.view_combo = QComboBox()  # parented by addRow: after ε in the Tab order, as shown
        for key, label, keys in view_choices():
            self.view_combo.addItem(label, key)
        self._say(self.view_combo.setToolTip,
                  lambda: self.tr("Show the three maps side by side or one at a time"))
        self.view_combo.currentIndexChanged.connect(self._on_view_changed)
        for text, field in ((lambda: self.tr("g min"), self.g_min),
                            (lambda: self.tr("g max"), self.g_max),
                            (lambda: self.tr("u min"), self.u_min),
                            (lambda: self.tr("u max"), self.u_max),
                            (lambda: self.tr("resolution"), self.resolution),
                            (lambda: self.tr("ε (closed)"), self.eps),
                            (lambda: self.tr("show"), self.view_combo)):
            label = QLabel(box)
            self._say(label.setText, text)
            form.addRow(label, field)
        outer.addWidget(self.spec_error)
        return box

    def _build_neuron_box(self) -> QGroupBox:
        box = QGroupBox(self)
        self._say(box.setTitle, lambda: self.tr("Trained neurons"))
        v = QVBoxLayout(box)
        v.setSpacing(2)  # tight: with the variant box above it, no taller than the map window's
        m = v.contentsMargins()
        v.setContentsMargins(m.left(), m.top(), m.right(), 2)
        row = QHBoxLayout()
        self.load_button = QPushButton(box)
        self._say(self.load_button.setText, lambda: self.tr("Load neurons from run…"))
        self._say(self.load_button.setToolTip, lambda: self.tr(
            "Overlay the (g, u) of a trained model's neurons (the run's stats.npz)"))
        self.load_button.clicked.connect(self.load_requested)
        self.clear_button = QPushButton(box)
        self._say(self.clear_button.setText, lambda: self.tr("Clear"))
        self._say(self.clear_button.setToolTip, lambda: self.tr("Remove the neuron overlay"))
        self.clear_button.clicked.connect(self.clear_neurons_requested)
        row.addWidget(self.load_button, 1)
        row.addWidget(self.clear_button)
        v.addLayout(row)
        layer_row = QHBoxLayout()
        layer_label = QLabel(box)
        self._say(layer_label.setText, lambda: self.tr("layer"))
        layer_row.addWidget(layer_label)
        self.layer_spin = LayerSpin(box)
        self._keep(self.layer_spin.retranslate)
        self.layer_spin.valueChanged.connect(self.layer_changed.emit)
        layer_row.addWidget(self.layer_spin)
        layer_row.addStretch(1)
        v.addLayout(layer_row)
        self.neuron_message = ElidedLines(3, box)  # the panel sets it (and on retranslate)
        v.addWidget(self.neuron_message)
        return box

    # -- checks (raise ValueError with a translated message) --------------------------------
    def _check_param(self, name: str, value: float) -> None:
        if name != "beta" and value <= 0:
            raise ValueError(self.tr("must be > 0"))
        if name == "beta" and value == 0:
            raise ValueError(self.tr("β must not be 0"))

    def _check_range(self, axis: str, end: int, value: float) -> None:
        lo, hi = self._spec.g_range if axis == "g" else self._spec.u_range
        if end == 0 and value >= hi:
            raise ValueError(self.tr("{0} min must be below {0} max ({1})").format(
                axis, fmt_number(hi, 2)))
        if end == 1 and value <= lo:
            raise ValueError(self.tr("{0} max must be above {0} min ({1})").format(
                axis, fmt_number(lo, 2)))
        if abs(value) > 1e4:
            raise ValueError(self.tr("keep |{0}| ≤ 10000").format(axis))

    def _check_eps(self, value: float) -> None:
        if not value > 0:
            raise ValueError(self.tr("ε must be > 0"))

    # -- slots / outward ---------------------------------------------------------------------
    def _emit_range(self, axis: str) -> None:
        if axis == "g":
            self.spec_requested.emit({"g_range": (self.g_min.value(), self.g_max.value())})
        else:
            self.spec_requested.emit({"u_range": (self.u_min.value(), self.u_max.value())})

    def _on_point_typed(self, _value: float) -> None:
        self.point_requested.emit(self.g_field.value(), self.u_field.value())

    def _on_view_changed(self, index: int) -> None:
        self.view_changed.emit(view_choices()[max(index, 0)][2])

    # -- inward (called by the panel) ----------------------------------------------------------
    def show_spec(self, spec: PlaneSpec) -> None:
        self._spec = spec
        self.variant_combo.setCurrentIndex(gates.VARIANTS.index(spec.variant))
        for name, field in self.param_fields.items():
            present = name in spec.params
            self._param_form.setRowVisible(field, present)
            if present:
                field.set_value(spec.params[name])
        self.g_min.set_value(spec.g_range[0])
        self.g_max.set_value(spec.g_range[1])
        self.u_min.set_value(spec.u_range[0])
        self.u_max.set_value(spec.u_range[1])
        self.resolution.set_value(spec.resolution)
        self.eps.set_value(spec.eps)
        self.spec_error.withdraw(_PANEL)

    def _show_error(self, line: ErrorLine, message: str | Callable[[], str]) -> None:
        """The panel's refusal on a box's line; given as a function, it is rendered again on
        retranslate()."""
        line.report(_PANEL, message if callable(message) else (lambda: message))

    def show_spec_error(self, message: str | Callable[[], str]) -> None:
        self._show_error(self.spec_error, message)

    def show_reading(self, r: PointReading) -> None:
        for key in ("g", "u", "up", "act", "h", "dh_dg", "dh_du"):
            self.readout.set_value(key, fmt_number(getattr(r, key), 4))
        self._up_formula = r.formulas.up
        self.readout.set_label("up", r.formulas.up, self._rows["up"].toolTip())
        self._rows["up"].setVisible(r.up_transformed)
        self.g_field.set_value(r.g)
        self.u_field.set_value(r.u)

    def show_point_error(self, message: str | Callable[[], str]) -> None:
        self._show_error(self.point_error, message)

    def clear_point_error(self) -> None:
        self.point_error.withdraw(_PANEL)

    def show_variant_error(self, message: str | Callable[[], str]) -> None:
        self._show_error(self.variant_error, message)

    def clear_variant_error(self) -> None:
        self.variant_error.withdraw(_PANEL)

    def set_layers(self, n: int, sent_one: bool = False, shown: int = 0) -> None:
        self.layer_spin.set_layers(n, sent_one, shown)

    def layer(self) -> int:
        return self.layer_spin.value()

    def show_neuron_message(self, text: str, error: bool = False) -> None:
        self.neuron_message.setText(text)
        self.neuron_message.setStyleSheet(ERROR_STYLE if error else "")

    def view_names(self) -> list[str]:
        return [key for key, _, _ in view_choices()]

    def view_name(self) -> str:
        return str(self.view_combo.currentData())

    def set_view_name(self, name: str) -> None:
        names = self.view_names()
        self.view_combo.setCurrentIndex(names.index(name) if name in names else 0)
