"""View 2, "Gates of a layer at a token": every neuron's real (g, u) on the gate plane itself.

Why on the plane: a dot left of the closed band is a negative pre-gate, a dot inside the band is
a closed gate, and the background says what act(g)·u does there, with the model's own variant.
Dots are coloured by |h| at that token. The shares of negative pre-gates and of closed gates
stand beside the lesson's 61.9 % / 19.0 % and their means over the text. A click picks the
nearest dot (within a few pixels) for every view and reads it exactly through
``plane.read_point`` (``gates.evaluate`` in float64); "Explore" opens it in the neuron explorer.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gatelab.core import gates, plane
from gatelab.core.plane import PlaneSpec
from gatelab.ui.gate_plane_maps import GatePlaneMaps
from gatelab.ui.inside_dots import N_SHADES, FastReadout, ShadedDots
from gatelab.ui.inside_export import ExportButton, export_picture, write_csv
from gatelab.ui.inside_state import InsideSelection
from gatelab.ui.inside_caption import trace_caption
from gatelab.ui.inside_text import StaticLabel, display_piece
from gatelab.ui.vscroll import VerticalScroll
from gatelab.ui.widgets import fmt_number

LESSON_NEG, LESSON_CLOSED = 61.9, 19.0  # Qwen3.5-0.8B, layer 2, in the lesson
PICK_RADIUS_PX = 10.0
WINDOW_SAMPLES = 50_000  # the window's percentile is read from at most this many values
READOUT_KEYS = ("neuron", "g", "u", "act", "h", "h_formula", "dh_dg", "dh_du")  # symbols: kept


def plane_variant(name: str) -> str:
    """The gate-plane variant for a model's FFN: itself, or the gated twin of a classic FFN
    (GELU → GEGLU with u = 1, which is what the trace stores for a classic FFN)."""
    if name in gates.VARIANTS:
        return name
    twin = [v.name for v in gates.VARIANTS_BY_NAME.values() if v.gate_activation == name]
    return twin[0] if twin else "swiglu"


def fmt_value(x: float) -> str:
    """Four decimals, or scientific notation where four decimals would hide the value."""
    if x == 0 or not math.isfinite(x) or 1e-3 <= abs(x) < 1e6:
        return fmt_number(x, 4)
    return "{0:.4e}".format(x).replace("-", "\u2212")


def fmt_sig(x: float, digits: int = 4) -> str:
    """``digits`` significant digits (1053, 94.12, 0.5123), scientific where that would hide
    the value; for sizes spanning many decades, such as the largest hidden activation."""
    if x == 0 or not math.isfinite(x):
        return fmt_number(x, digits - 1)
    if not 1e-3 <= abs(x) < 1e6:
        return fmt_value(x)
    rounded = float("{0:.{1}g}".format(x, digits))  # 9.9996 → 10: its decimals, not 9.9996's
    return fmt_number(x, max(0, digits - 1 - math.floor(math.log10(abs(rounded)))))


def nice_limit(x: float) -> float:
    """The next 1, 2, 2.5 or 5 × 10ᵏ at or above x (a round window edge)."""
    if not (math.isfinite(x) and x > 0):
        return 1.0
    k = math.floor(math.log10(x))
    for base in (1.0, 2.0, 2.5, 5.0, 10.0):
        if base * 10.0**k >= x:
            return base * 10.0**k
    return 10.0 ** (k + 1)


def window_limit(g: np.ndarray, u: np.ndarray) -> float:
    """Half-width of a square, round window holding ~99.9 % of a layer's (g, u) over all tokens
    (a view range, so a strided sample of the values is plenty)."""
    stride = max(1, (np.size(g) + np.size(u)) // WINDOW_SAMPLES)
    both = np.abs(np.concatenate([np.ravel(g)[::stride], np.ravel(u)[::stride]]))
    both = both[np.isfinite(both)]
    reach = float(np.percentile(both, 99.9)) if both.size else 1.0
    return nice_limit(max(reach * 1.1, 1e-3))


MAP_OPACITY = 0.45  # the h map behind the dots, and its colour bar


class GatesView(QWidget):
    """Dots at (g, u) of every neuron of the picked layer at the picked token."""

    def __init__(self, selection: InsideSelection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sel = selection
        self.maps = GatePlaneMaps(self)
        self.maps.show_maps(("h",))
        # the maps size themselves from the space they get (square); their own fixed height must
        # not feed back into the tab's minimum size, or the window grows on every resize
        self.maps.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.view = self.maps.views["h"]
        self.view.image.setOpacity(MAP_OPACITY)  # behind the dots, which carry the point
        # its colour bar faded alike: read against a full-strength bar, the background's h was
        # understated about 3× (walkthrough s17 #5)
        self.view.bar.bar.setOpacity(MAP_OPACITY)
        self.view.marker.setVisible(False)
        self.view.crosshair.setVisible(False)
        self.dots = ShadedDots(self.view.plot, z=11)
        self.ring = pg.ScatterPlotItem(size=18, pen=pg.mkPen("#111", width=2.5), brush=None)
        self.ring.setZValue(12)
        self.ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the map below
        self.view.plot.addItem(self.ring)
        for view in self.maps.views.values():  # |h| scales like 0.004 must read as such
            for name in ("left", "right", "top", "bottom"):
                view.bar.getAxis(name).enableAutoSIPrefix(False)
        self.maps.point_picked.connect(self._on_point)
        self.legend = StaticLabel(2, self)
        self.legend.setStyleSheet("color: #444;")
        self.maps.add_below(self.legend)

        self.stats = StaticLabel(7, self)
        self.stats.setObjectName("inside-gates-stats")
        self.eps = QDoubleSpinBox(self)
        self.eps.setObjectName("inside-eps")
        self.eps.setDecimals(3)
        self.eps.setRange(0.001, 10.0)
        self.eps.setSingleStep(0.01)
        self.eps.setValue(self.sel.effective_eps())
        self.eps_label = QLabel(self)
        eps_row = QHBoxLayout()
        eps_row.addWidget(self.eps_label)
        eps_row.addWidget(self.eps)
        eps_row.addStretch(1)
        self.stats_box = QGroupBox(self)
        sl = QVBoxLayout(self.stats_box)
        sl.addWidget(self.stats)
        sl.addLayout(eps_row)
        self.readout = FastReadout(self)
        for key in READOUT_KEYS:
            self.readout.add_row(key, key)
        self.explore_button = QPushButton(self)
        self.explore_button.clicked.connect(
            lambda: self.sel.explore(self.sel.layer, self.sel.neuron))
        self.neuron_box = QGroupBox(self)
        nl = QVBoxLayout(self.neuron_box)
        nl.addWidget(self.readout)
        nl.addWidget(self.explore_button)
        self.export_button = ExportButton(self.export, "gates.png", "", self)
        side = QVBoxLayout()
        side.addWidget(self.stats_box)
        side.addWidget(self.neuron_box)
        side.addStretch(1)
        side.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignRight)
        side_w = QWidget()
        side_w.setLayout(side)
        scroll = VerticalScroll(side_w, self)  # a short window scrolls the readouts, not grows
        scroll.setFixedWidth(356)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.maps, 1)
        lay.addWidget(scroll)

        self._spec: PlaneSpec | None = None
        self._pos = np.zeros((0, 2))  # drawn (clipped) positions
        self._gu = np.zeros((0, 2))  # exact (g, u) at this token
        selection.trace_changed.connect(lambda: self.refresh(new_layer=True))
        selection.layer_changed.connect(lambda _l: self.refresh(new_layer=True))
        selection.token_changed.connect(lambda _t: self.refresh())
        selection.neuron_changed.connect(lambda _n: self._show_neuron())
        selection.eps_changed.connect(lambda _e: self.refresh(new_layer=True))
        self.eps.valueChanged.connect(self.sel.set_eps)
        self.retranslate()

    def retranslate(self) -> None:
        """Captions, readout labels and the current numbers in the current language."""
        self.maps.retranslate()
        self.stats_box.setTitle(self.tr("This layer at this token"))
        self.eps_label.setText(self.tr("closed means |act(g)| < ε ="))
        self.eps.setToolTip(self.tr("ε of a closed gate; the shares above and the grey band "
                                    "follow it"))
        labels = {"neuron": self.tr("neuron"), "act": self.tr("act(g)  gate value"),
                  "h": self.tr("h  (model)"), "h_formula": self._formula_label(),
                  "g": "g", "u": "u", "dh_dg": "∂h/∂g", "dh_du": "∂h/∂u"}  # symbols: kept
        for key in READOUT_KEYS:
            self.readout.set_label(key, labels.get(key, key))
        self.explore_button.setText(self.tr("Explore this neuron"))
        self.explore_button.setToolTip(self.tr("Open it in the neuron explorer: what does it "
                                               "fire on?"))
        self.neuron_box.setTitle(self.tr("Picked neuron (click a dot)"))
        self.export_button.retranslate(self.tr(
            "PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)"))
        self.refresh()

    # -- drawing ------------------------------------------------------------------------------
    def refresh(self, new_layer: bool = False) -> None:
        lt = self.sel.layer_trace()
        _quiet_value(self.eps, self.sel.effective_eps())
        if lt is None:
            self.dots.clear()
            self.ring.clear()
            self.stats.setText(self.tr("Analyse a text to see the gates of its layers."))
            self.legend.setText("")
            return
        if new_layer or self._spec is None:
            self._set_window(self.sel.cached(("gate-window", self.sel.layer),
                                             lambda: window_limit(lt.g, lt.u)))
        t = self.sel.token
        g = np.asarray(lt.g[t], dtype=np.float64)
        u = np.asarray(lt.u[t], dtype=np.float64)
        h = np.abs(np.asarray(lt.h[t], dtype=np.float64))
        self._gu = np.column_stack([g, u])
        spec = self._spec
        assert spec is not None
        lo_g, hi_g = spec.g_range
        lo_u, hi_u = spec.u_range
        self._pos = np.column_stack([np.clip(g, lo_g, hi_g), np.clip(u, lo_u, hi_u)])
        top = (float(np.max(h[np.isfinite(h)])) if np.isfinite(h).any()
               else math.nan if len(h) else 0.0)  # (all NaN: "yellow nan", not 0.0000)
        shade = np.zeros(len(h), dtype=int) if not top > 0 else np.clip(
            np.nan_to_num(h / top) * (N_SHADES - 1), 0, N_SHADES - 1).astype(int)
        margin_g, margin_u = 0.02 * (hi_g - lo_g), 0.02 * (hi_u - lo_u)
        rect = QRectF(lo_g - margin_g, lo_u - margin_u, hi_g - lo_g + 2 * margin_g,
                      hi_u - lo_u + 2 * margin_u)
        self.dots.set_points(self._pos, shade, (self._pos != self._gu).any(axis=1), rect)
        self._show_stats(top)
        self._show_neuron()

    def _set_window(self, limit: float) -> None:
        variant = plane_variant(self.sel.trace.variant)  # type: ignore[union-attr]
        spec = PlaneSpec(variant=variant, g_range=(-limit, limit), u_range=(-limit, limit),
                         resolution=192, eps=self.sel.effective_eps()).validate()
        if spec != self._spec:
            zero_g, zero_u, closed = plane.outlines(spec)
            self.maps.set_maps(spec, plane.compute_maps(spec), zero_g, zero_u, closed)
            self._spec = spec
            self.readout.set_label("h_formula", self._formula_label())

    def _formula_label(self) -> str:
        """The formula row's label: "h = act(g)·u", or what the traced variant multiplies where
        that is not u itself (gpt-oss: "h = act(min(g, 7))·(clamp(u, ±7) + 1)"), so that the
        label says how the value beside it is made."""
        variant = self._spec.variant if self._spec is not None else ""
        if variant and gates.transforms_up(variant):
            f = gates.formulas(variant, **self._spec.params)  # type: ignore[union-attr]
            up = f"({f.up})" if " " in f.up else f.up  # "(clamp(u, ±7) + 1)": one factor
            return self.tr("h = {0}·{1}  (formula)").format(f.gate, up)
        return self.tr("h = act(g)·u  (formula)")

    def _show_stats(self, top: float) -> None:
        layer, t = self.sel.layer, self.sel.token
        now, mean = self.sel.token_summary()[layer], self.sel.mean_summary()[layer]
        trace = self.sel.trace
        assert trace is not None
        eps = fmt_number(self.sel.effective_eps(), 3)
        n, n_tokens = len(self._gu), len(trace.tokens)
        neurons = self.tr("1 neuron") if n == 1 else self.tr("{0} neurons").format(n)
        over = (self.tr("mean over the 1 token") if n_tokens == 1
                else self.tr("mean over all {0} tokens").format(n_tokens))
        self.stats.setText(self.tr(
            "<b>L{0}</b>, token {1} “{2}”, {3}<br>"
            "pre-gate g &lt; 0: <b>{4}&nbsp;%</b> &nbsp;(lesson: {5}&nbsp;%)<br>"
            "closed |act(g)| &lt; ε = {6}: <b>{7}&nbsp;%</b> &nbsp;(lesson: {8}&nbsp;%)<br>"
            "{9}: {10}&nbsp;% and {11}&nbsp;%<br>"
            "<span style='color:#666'>The lesson's numbers are Qwen3.5-0.8B's layer 2.</span>"
        ).format(layer, t, display_piece(trace.tokens[t]), neurons,
                 fmt_number(100 * now["frac_neg"], 1), fmt_number(LESSON_NEG, 1), eps,
                 fmt_number(100 * now["frac_closed"], 1), fmt_number(LESSON_CLOSED, 1),
                 over, fmt_number(100 * mean["frac_neg"], 1),
                 fmt_number(100 * mean["frac_closed"], 1)))
        self.legend.setText(self.tr(
            "Dots: every neuron of L{0} at token {1}, coloured by |h| (dark violet 0 → yellow {2}); "
            "□ lies outside the window, pinned to its edge. Background: h = act(g)·u of {3}; grey "
            "band: gate closed.").format(layer, t, fmt_value(top),
                                         " ".join(gates.get(plane_variant(trace.variant))
                                                  .label.split())))  # one space, not the label's two

    def _show_neuron(self) -> None:
        i = self.sel.neuron
        if not len(self._gu) or i >= len(self._gu) or self._spec is None:
            self.ring.clear()
            return
        g, u = float(self._gu[i, 0]), float(self._gu[i, 1])
        finite = math.isfinite(g) and math.isfinite(u)
        if finite:
            self.ring.setData(pos=self._pos[i:i + 1])
        else:  # (a NaN point crashed the app's paint, like the dots; s19)
            self.ring.clear()
        lt = self.sel.layer_trace()
        assert lt is not None
        h_model = float(lt.h[self.sel.token, i])
        values = {"neuron": "L{0} #{1}".format(self.sel.layer, i), "h": fmt_value(h_model)}
        if finite:
            r = plane.read_point(self._spec, g, u)
            values.update(g=fmt_value(r.g), u=fmt_value(r.u), act=fmt_value(r.act),
                          h_formula=fmt_value(r.h), dh_dg=fmt_value(r.dh_dg),
                          dh_du=fmt_value(r.dh_du))
        else:  # NaN weights: say so in every row (they kept another neuron's numbers; s19)
            values.update({key: fmt_value(v) for key, v in (
                ("g", g), ("u", u), ("act", math.nan), ("h_formula", math.nan),
                ("dh_dg", math.nan), ("dh_du", math.nan))})
        for key, text in values.items():
            self.readout.set_value(key, text)

    # -- picking ------------------------------------------------------------------------------
    def dot_viewport_point(self, neuron: int) -> QPointF:
        """Where neuron's dot is drawn, in the maps' viewport coordinates (for tests)."""
        return self.view.data_to_viewport(float(self._pos[neuron, 0]), float(self._pos[neuron, 1]))

    def nearest(self, g: float, u: float) -> int:
        """The neuron whose dot is nearest to data point (g, u), or −1 beyond a few pixels."""
        if not len(self._pos):
            return -1
        px, py = self.view.vb.viewPixelSize()
        d = np.hypot((self._pos[:, 0] - g) / px, (self._pos[:, 1] - u) / py)
        d = np.where(np.isfinite(d), d, np.inf)
        i = int(np.argmin(d))
        return i if d[i] <= PICK_RADIUS_PX else -1

    def _on_point(self, g: float, u: float) -> None:
        i = self.nearest(g, u)
        if i >= 0:
            self.sel.set_neuron(i)

    # -- export -------------------------------------------------------------------------------
    def export(self, path: str) -> None:
        from pathlib import Path

        p = Path(path)
        suffix = p.suffix.lower()
        if suffix == ".csv":
            lt = self.sel.layer_trace()
            if lt is None:
                raise ValueError(self.tr("nothing to export yet"))
            # which layer, token and piece each row is of, as the picture's caption says: two
            # files of different tokens read the same (walkthrough s17 #8)
            t, layer = self.sel.token, self.sel.layer
            piece = self.sel.trace.tokens[t] if self.sel.trace is not None else ""
            rows = [[layer, t, piece, i, float(lt.g[t, i]), float(lt.u[t, i]), float(lt.h[t, i])]
                    for i in range(lt.g.shape[1])]
            write_csv(p, ["layer", "token", "token_text", "neuron", "g", "u", "h"], rows)
        elif suffix in (".png", ".svg"):
            export_picture(self.maps.widget.ci, self.maps.widget, p,
                           self.tr("Every neuron's (g, u) on the gate plane"),
                           trace_caption(self.sel.trace, token=self.sel.token,
                                         layer=self.sel.layer))
        else:
            raise ValueError(self.tr("Unknown export format {0}: use .png, .svg or .csv")
                             .format(suffix or "(none)"))


def _quiet_value(box: QDoubleSpinBox, value: float) -> None:
    """Show ``value`` without the box echoing it back as the learner's choice."""
    box.blockSignals(True)
    try:
        box.setValue(value)
    finally:
        box.blockSignals(False)
