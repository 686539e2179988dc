"""The activation-curves panel through its widgets: probe readouts, note, curves, bad input, settings."""

from __future__ import annotations

import numpy as np
import pytest
import pyqtgraph as pg
from PySide6.QtCore import QSettings, Qt

from gatelab.core import activations
from gatelab.ui.activations_panel import SILU_MINUS_RELU, ActivationsPanel
from gatelab.ui.widgets import parse_number
from tests.ui.conftest import show_panel


@pytest.fixture
def panel(qtbot) -> ActivationsPanel:  # noqa: ANN001
    return show_panel(qtbot, ActivationsPanel(), (1300, 800))


def test_silu_of_two_in_table(qtbot, panel: ActivationsPanel) -> None:  # noqa: ANN001
    spin = panel.z_spin
    spin.selectAll()
    qtbot.keyClicks(spin, "2")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert panel.z() == 2.0
    assert panel.table.cell_text("SiLU", 1) == "1.7616"
    assert panel.table.cell_text("SiLU", 2) == "1.0908"
    assert panel.table.cell_text("ReLU", 1) == "2.0000"
    assert panel.table.cell_text("σ sigmoid", 1) == "0.8808"
    assert panel.note_text().startswith("z > 0: ReLU passes z = 2.000 through unchanged")


def test_z_minus_one_values_and_note(panel: ActivationsPanel) -> None:
    panel.set_z(-1.0)
    silu = parse_number(panel.table.cell_text("SiLU", 1))
    assert round(silu, 3) == -0.269 and panel.table.cell_text("SiLU", 1) == "−0.2689"
    assert panel.table.cell_text("ReLU", 1) == "0.0000"
    assert panel.table.cell_text("ReLU", 2) == "0.0000"
    assert panel.table.cell_text(SILU_MINUS_RELU, 1) == "−0.2689"
    assert panel.note_text() == (
        "z < 0: ReLU is exactly 0, SiLU still leaks −0.269 and has gradient 0.072.")


def test_dragging_the_marker_updates_spin_and_table(panel: ActivationsPanel) -> None:
    panel.z_line.setValue(0.5)  # what a drag does: the line moves and signals its position
    assert panel.z() == 0.5 and panel.z_spin.value() == 0.5
    assert parse_number(panel.table.cell_text("GELU", 1)) == pytest.approx(
        float(activations.evaluate("gelu", 0.5)[0]), abs=5e-5)
    panel.set_z(100.0)  # clamped into the range
    assert panel.z() == 6.0 and panel.z_line.value() == 6.0


def test_notes_for_other_regions(panel: ActivationsPanel) -> None:
    panel.set_z(-1.28)
    assert "SiLU's minimum" in panel.note_text() and "−0.2785" in panel.note_text()
    panel.set_z(0.0)
    assert panel.note_text().startswith("z = 0")
    panel.set_z(-5.5)
    assert panel.note_text().startswith("z ≤ −5")


def test_curves_are_exact_and_toggle(panel: ActivationsPanel) -> None:
    z, f = panel.curve_items("silu")[0].getData()
    np.testing.assert_array_equal(f, activations.evaluate("silu", z)[0])
    assert z[0] == -6.0 and z[-1] == 6.0
    _, df = panel.curve_items("gelu_tanh")[1].getData()
    assert df is not None and panel.curve_items("gelu_tanh")[1].isVisible()
    panel.derivative_box.setChecked(False)
    assert not panel.curve_items("gelu_tanh")[1].isVisible()
    panel.checkboxes["relu"].setChecked(False)
    assert "ReLU" not in panel.table.row_labels() and not panel.curve_items("relu")[0].isVisible()
    assert panel.curve_items("mish") is None  # never shown: never built
    panel.checkboxes["mish"].setChecked(True)
    assert "Mish" in panel.table.row_labels()
    assert SILU_MINUS_RELU not in panel.table.row_labels()  # ReLU is hidden: no gap to show
    panel.checkboxes["relu"].setChecked(True)
    assert panel.table.row_labels()[-1] == SILU_MINUS_RELU


def test_the_gap_row_keeps_the_tables_colour_as_rows_come_and_go(panel: ActivationsPanel) -> None:
    """A reused row kept an earlier curve's colour: "SiLU − ReLU" turned GELU green after the
    lesson's "Compare GELU exact and tanh" step, and stayed so after a relaunch."""
    from PySide6.QtCore import Qt

    def colour_of(label: str) -> object:
        row = panel.table.row_labels().index(label)
        return panel.table.item(row, 0).data(Qt.ItemDataRole.ForegroundRole)

    assert colour_of(SILU_MINUS_RELU) is None
    for name in panel.checkboxes:
        panel.checkboxes[name].setChecked(name in ("silu", "relu"))
    assert panel.table.row_labels() == ["SiLU", "ReLU", SILU_MINUS_RELU]
    assert colour_of(SILU_MINUS_RELU) is None  # the row that was a curve's before
    assert colour_of("SiLU") is not None and colour_of("ReLU") is not None


def test_silu_minimum_marked(panel: ActivationsPanel) -> None:
    xs, ys = panel.silu_min_marker.getData()
    assert float(xs[0]) == pytest.approx(-1.2785, abs=1e-4)
    assert float(ys[0]) == pytest.approx(-0.2785, abs=1e-4)
    assert panel.silu_min_marker.isVisible()
    panel.checkboxes["silu"].setChecked(False)
    assert not panel.silu_min_marker.isVisible()


def test_range_edit_and_bad_input(panel: ActivationsPanel) -> None:
    assert panel.z_max_field.set_text_and_commit("3")
    assert panel.z_range() == (-6.0, 3.0)
    z, _ = panel.curve_items("silu")[0].getData()
    assert z[-1] == 3.0
    for text, message in (("5", "z min must be below z max"), ("nan", "not a finite number"),
                          ("", "enter a number"), ("1e400", "not a finite number")):
        assert not panel.z_min_field.set_text_and_commit(text)
        assert message in panel.z_min_field.error_text()
        assert panel.z_range() == (-6.0, 3.0) and panel.z_min_field.value() == -6.0
    assert panel.z_min_field.set_text_and_commit("−2")  # a typed true minus sign works
    assert panel.z_range() == (-2.0, 3.0) and panel.z_min_field.error_text() == ""
    assert not panel.set_range(4.0, 1.0)
    assert panel.z_range() == (-2.0, 3.0)
    panel.set_z(float("nan"))
    assert panel.z() == -1.0


def test_hover_reads_curves(qtbot, panel: ActivationsPanel) -> None:  # noqa: ANN001
    from PySide6.QtCore import QPointF

    scene_pos = panel.plot.vb.mapViewToScene(QPointF(2.0, 0.0))
    panel._on_mouse_moved((scene_pos,))
    text = panel.hover_label.text()
    assert "hover z = 2.000" in text and "SiLU 1.762" in text


def test_settings_round_trip_and_garbage(qtbot, settings: QSettings) -> None:  # noqa: ANN001
    a = ActivationsPanel()
    qtbot.addWidget(a)
    a.checkboxes["tanh"].setChecked(True)
    a.checkboxes["gelu"].setChecked(False)
    a.derivative_box.setChecked(False)
    a.set_range(-3.0, 4.0)
    a.set_z(2.5)
    a.save_settings(settings)
    b = ActivationsPanel()
    qtbot.addWidget(b)
    b.restore_settings(settings)
    assert b.shown() == a.shown() and "tanh" in b.shown() and "gelu" not in b.shown()
    assert not b.derivative_box.isChecked()
    assert b.z_range() == (-3.0, 4.0) and b.z() == 2.5
    for key, value in (("z_min", "abc"), ("z_max", "-90"), ("z", "nan"), ("shown", 7),
                       ("derivatives", "maybe")):
        settings.setValue(key, value)
    c = ActivationsPanel()
    qtbot.addWidget(c)
    c.restore_settings(settings)
    assert c.z_range() == (-6.0, 6.0) and c.z() == -1.0 and c.derivative_box.isChecked()
    assert c.z_max_field.error_text() == ""


def test_panel_is_the_first_tab(main_window) -> None:  # noqa: ANN001
    panel = main_window.panel("activations")
    assert isinstance(panel, ActivationsPanel)
    assert panel.table.cell_text("SiLU", 1) == "−0.2689"


def test_huge_z_min_is_refused_on_its_own_field_without_a_309_digit_rewrite(
        panel: ActivationsPanel) -> None:
    """−1e308 in z min used to become a 309-digit number with the error shown under z max."""
    before = panel.z_range()
    assert not panel.z_min_field.set_text_and_commit("−1e308")
    assert "z min must be at least" in panel.z_min_field.error_text()
    assert panel.z_max_field.error_text() == ""
    assert panel.z_range() == before and panel.z_min_field.value() == before[0]
    assert len(panel.z_min_field.edit.text()) < 12  # what was typed, never 309 digits
    assert panel.z_min_field.set_text_and_commit(str(before[0]))  # fixed: the message goes
    assert panel.z_min_field.error_text() == ""
    assert not panel.z_max_field.set_text_and_commit("1e308")
    assert "z max must be at most" in panel.z_max_field.error_text()
    assert panel.z_min_field.error_text() == "" and panel.z_range() == before
    assert panel.z_max_field.set_text_and_commit(str(before[1]))
    assert not panel.set_range(-1e308, before[1])  # the API names the bad end too
    assert panel.z_min_field.error_text() and not panel.z_max_field.error_text()


def test_number_field_text_always_reads_back_as_its_value() -> None:
    from gatelab.ui.widgets import NumberField

    field = NumberField(0.0, decimals=4)
    for value in (-1e300, 1e15, 123456.25, -2.5, 1e-7, -3e-9, 0.00005, 0.0):
        assert field.set_value(value)
        text = field.edit.text()
        assert len(text) <= 14, text
        assert parse_number(text) == pytest.approx(value, rel=1e-5, abs=0), (value, text)
    assert field.set_value(-2.5) and field.edit.text() == "−2.5"


@pytest.mark.parametrize("z_max, z_min, whole", [("8", "3", True), ("6", "5", True),
                                               ("6", "-6", False)])
def test_the_y_axis_follows_the_z_range(qtbot, panel: ActivationsPanel, z_max: str,  # noqa: ANN001
                                        z_min: str, whole: bool) -> None:
    """z max 8 then z min 3 kept the y axis at about −0.5 … 4.2: SiLU, GELU and ReLU left the
    chart. A range mostly above 0 now shows every curve whole; around 0 (the default) the
    view keeps the dips legible and the tails may leave the top."""
    assert panel.z_max_field.set_text_and_commit(z_max)  # z max first, as the user typed them
    assert panel.z_min_field.set_text_and_commit(z_min)
    qtbot.wait(50)
    (x0, x1), (y0, y1) = panel.plot.getViewBox().viewRange()
    z_lo, z_hi = panel.z_range()
    assert x0 <= z_lo and x1 >= z_hi
    shown = [c for c in panel._curves.values() if c.isVisible()]
    assert len(shown) >= 3
    top = max(float(np.nanmax(c.getData()[1])) for c in shown)
    bottom = min(float(np.nanmin(c.getData()[1])) for c in shown)
    if whole:
        assert y0 <= bottom and y1 >= top, ((y0, y1), (bottom, top))
    else:
        assert y0 <= -0.278 and y1 < top  # SiLU's dip in view, the linear tails cut


def test_at_1024_px_the_whole_plot_fits_and_the_z_label_clears_the_legend(qtbot, main_window) -> None:  # noqa: ANN001
    """At 1024×700 the title's one-line width made the plot wider than its view: the scene was
    cut at z ≈ 3.8 with half the title. At z = −6 the "z = …" label sat under the legend."""
    main_window.resize(1024, 700)
    panel = main_window.show_tab("activations")
    qtbot.wait(50)
    assert panel.plot.geometry().width() <= panel.plot_widget.width()
    x0, x1 = panel.plot.vb.viewRange()[0]
    shown = panel.plot.vb.mapViewToScene(pg.Point(x1, 0)).x()
    assert x0 <= -6 and x1 >= 6 and shown <= panel.plot_widget.width()  # z = 6 on screen
    title = panel.plot.titleLabel.sceneBoundingRect()
    wrapped = panel.plot.titleLabel.item.boundingRect().height()
    assert title.right() <= panel.plot_widget.width()
    for names in (None, list(activations.NAMES)):  # the default curves, then every one
        if names is not None:
            panel.set_shown(names)
        for z in (-6.0, -3.0, 0.0, 5.0):
            panel.set_z(z)
            qtbot.wait(10)
            label = panel.z_line.label.sceneBoundingRect()
            assert not label.intersects(panel.legend.sceneBoundingRect()), (names, z)
            assert panel.plot.vb.sceneBoundingRect().contains(label.center()), (names, z)
    main_window.resize(1400, 900)
    qtbot.wait(50)
    assert wrapped > 1.5 * panel.plot.titleLabel.item.boundingRect().height()  # one line again
