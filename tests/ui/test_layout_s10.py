"""Walkthrough s10, layout: field errors have room and move nothing; readouts and lesson
feedback stay in view. Checked in the geometry the user sees, at 1366×768, in English and
Chinese (the shipped zh_CN translation).

4: budget d = 1e9 in Chinese: the two-line error ran over the FFN combo under the field.
12: its example was 10¹² whatever was typed ("1e9" → "e.g. 1000000000000").
8: the curves' hover line widened the plot column, kept its z after the mouse left, and the
   "SiLU min" label lost its left half at z max = 100000.
9: an error beside a gate-plane field pushed the edit sideways and the maps up (the next click
   missed); a quiz explanation must not move the answer buttons above it.
10: the quiz feedback opened below the card's edge at 768 px, unseen.
"""

from __future__ import annotations


import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QRadioButton, QWidget
from tests.ui.conftest import settle, show_tab_at

from gatelab.ui.field_errors import ErrorLine, wrapped_height

SIZE = (1366, 768)


def _rect(widget: QWidget, outer: QWidget) -> QRect:
    return QRect(widget.mapTo(outer, QPoint(0, 0)), widget.size())


def _need(label: QLabel) -> int:
    """The height ``label``'s text takes wrapped at its width (its margins included)."""
    m = label.contentsMargins()
    return (wrapped_height(label.fontMetrics(), label.width() - m.left() - m.right(),
                           label.text()) + m.top() + m.bottom())


# -- 4 and 12: the budget form's field error --------------------------------------------------
def test_budget_error_has_room_and_moves_no_field_it_sits_under(qtbot, main_window,  # noqa: ANN001
                                                                window_language: str) -> None:
    panel = show_tab_at(qtbot, main_window, "budget", SIZE)
    field, combo = panel.d_field, panel.variant_combo
    edit_before = _rect(field.edit, main_window)
    field.edit.setFocus()
    field.edit.selectAll()
    QTest.keyClicks(field.edit, "1e9")
    settle()
    label = field.error_label
    assert label.isVisible() and "1000000000" in label.text()
    assert "1000000000000" not in label.text()  # the old example, 10¹², not what was typed
    for text in (None, "请用数字完整写出（例如 1000000000000）"):  # the walkthrough's 2 lines
        if text is not None:
            field.show_error(text)
            settle()
            assert label.height() >= 2 * label.fontMetrics().height()  # it wraps here
        assert _rect(field.edit, main_window) == edit_before  # its red border drew it 4 px lower
        assert label.height() >= _need(label) > 0, (label.height(), _need(label))
        # nothing drawn over: the label ends inside its field, above the combo under the field
        assert _rect(label, main_window).bottom() <= _rect(field, main_window).bottom()
        assert _rect(field, main_window).bottom() < _rect(combo, main_window).top()
    QTest.keyClicks(field.edit, "\b\b\b4096")
    settle()
    assert not label.isVisible() and field.value() == 4096


def test_budget_field_writes_out_a_whole_number_it_refuses(main_window) -> None:  # noqa: ANN001
    field = main_window.panel("budget").d_field
    assert field.parse("1e9") == "write it out in digits: 1000000000"
    assert field.parse("1.5e3") == "write it out in digits: 1500"
    assert field.parse("4096.0") == "write it out in digits: 4096"
    assert field.parse("1e30").startswith("too large")  # not "write out 31 digits"
    assert field.parse("1e99999999999999999999").startswith("too large")  # past Decimal's
    assert field.parse("-1e99999999999999999999").startswith("must be at least")
    assert field.parse("1.5") == "enter a whole number (no fractions)"
    assert field.parse("1000000000") == 1_000_000_000


# -- 9: gate-plane errors move neither the fields nor the maps --------------------------------
def _gate_geometry(plane, window) -> list[object]:  # noqa: ANN001
    c = plane.controls
    fields = (c.g_field, c.u_field, c.g_min, c.g_max, c.u_min, c.u_max, c.resolution, c.eps,
              *c.param_fields.values())
    views = [(v.vb.width(), v.vb.height()) for v in plane.maps.views.values()]
    return [_rect(f.edit, window) for f in fields] + [_rect(plane.maps, window), views,
                                                       _rect(c.quick_buttons[0], window)]


@pytest.mark.parametrize("typed", ["0", "abc", "7"])
def test_gate_plane_errors_move_nothing(qtbot, main_window, window_language: str,  # noqa: ANN001
                                        typed: str) -> None:
    plane = show_tab_at(qtbot, main_window, "gate-plane", SIZE)
    c = plane.controls
    before = _gate_geometry(plane, main_window)
    field = c.g_min if typed == "7" else c.resolution  # 7: g min above g max
    assert not field.set_text_and_commit(typed)
    assert not c.g_field.set_text_and_commit("x")
    assert not c.param_fields["beta"].set_text_and_commit("0")
    settle()
    assert _gate_geometry(plane, main_window) == before  # edits moved left, the maps shrank
    for line, source in ((c.spec_error, field), (c.point_error, c.g_field),
                         (c.variant_error, c.param_fields["beta"])):
        assert line.text() and line.text() == source.error_text()  # whole, not cut
        assert line.isVisible() and line.height() >= _need(line)
        assert line.visibleRegion().boundingRect().height() >= _need(line)  # not clipped
    assert field.set_text_and_commit("256" if typed != "7" else "-6")
    assert c.g_field.set_text_and_commit("1.5")
    settle()
    assert c.spec_error.text() == "" and c.point_error.text() == ""
    assert _gate_geometry(plane, main_window) == before


def test_a_shared_error_line_shows_the_refusal_still_standing() -> None:
    line = ErrorLine(lines=2)
    line.resize(200, line.height())
    line.report("a", lambda: "first")
    line.report("b", lambda: "second")
    # both refusals stand: the line says there is another, its tooltip names both (the re-walk
    # saw only the latest, and the other field's red border with no reason anywhere)
    assert line.text() == "second (and 1 more: hover to read)"
    assert line.toolTip() == "second\nfirst"
    line.withdraw("b")
    assert line.text() == "first"  # "a" is still refused
    line.withdraw("a")
    assert line.text() == "" and line.toolTip() == ""
    line.report("a", lambda: "word " * 200)
    assert line.text().endswith("…") and line.toolTip() == ("word " * 200).strip()
    assert _need(line) <= line.height()


# -- 8 and 9: the activation curves ------------------------------------------------------------
def test_curves_range_error_moves_no_field(qtbot, main_window, window_language: str) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "activations", SIZE)
    watched = (panel.z_min_field.edit, panel.z_max_field.edit, panel.z_spin, panel.plot_widget)
    before = [_rect(w, main_window) for w in watched]
    assert not panel.z_min_field.set_text_and_commit("abc")
    settle()
    assert [_rect(w, main_window) for w in watched] == before  # the edit moved left
    assert panel.range_error.text() == panel.z_min_field.error_text() != ""
    assert panel.range_error.height() >= _need(panel.range_error)
    assert panel.z_min_field.set_text_and_commit("-6")
    settle()
    assert [_rect(w, main_window) for w in watched] == before


def _hover(panel, z: float) -> None:  # noqa: ANN001
    vb = panel.plot.vb
    panel._on_mouse_moved((vb.mapViewToScene(QPointF(z, vb.viewRange()[1][0] / 2)),))


def test_hover_line_keeps_the_layout_and_leaves_with_the_mouse(qtbot, main_window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "activations", SIZE)
    assert panel.set_range(-6.0, 100000.0)
    panel.set_shown(["silu", "relu", "gelu", "gelu_tanh", "sigmoid", "swish", "tanh"])
    settle()
    card = main_window.lesson_card("activations")
    watched = (panel.hover_label, panel.plot_widget, panel.controls, card)
    before = [_rect(w, main_window) for w in watched]
    idle = panel.hover_label.text()
    _hover(panel, 53018.122)
    settle()
    label = panel.hover_label
    assert label.text().startswith("hover z = 53018.122")
    assert [_rect(w, main_window) for w in watched] == before  # it widened the plot's column
    shown = label.shown_text()
    assert shown != label.text() and shown.endswith("…")  # cut to its width, whole in the tip
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
    assert label.toolTip() == label.text()
    QApplication.sendEvent(panel.plot_widget, QEvent(QEvent.Type.Leave))
    assert label.text() == idle  # it kept the old z after the mouse left
    _hover(panel, 2.0)
    assert label.text().startswith("hover z = 2.000")
    view = panel.plot.vb.sceneBoundingRect()
    panel._on_mouse_moved((QPointF(view.center().x(), view.bottom() + 12),))  # on the z axis
    assert label.text() == idle


@pytest.mark.parametrize("z_range", [(-6.0, 100000.0), (-100000.0, -1.0), (-6.0, 6.0)])
def test_silu_minimum_label_stays_inside_the_view(qtbot, main_window,  # noqa: ANN001
                                                  z_range: tuple[float, float]) -> None:
    panel = show_tab_at(qtbot, main_window, "activations", SIZE)
    assert panel.set_range(*z_range)
    settle()
    label, vb = panel.silu_min_label, panel.plot.vb
    assert label.isVisible()
    box = label.mapRectToScene(label.boundingRect())
    view = vb.sceneBoundingRect()
    assert view.left() <= box.left() and box.right() <= view.right(), (box, view)
    if z_range == (-6.0, 6.0):
        assert label.anchor.x() == 0.5  # centred under its point where it fits


# -- 9 and 10: the lesson card's quiz -----------------------------------------------------------
@pytest.mark.parametrize("tab", ["activations", "gate-plane", "budget"])
def test_quiz_feedback_scrolls_into_view_and_moves_no_choice(qtbot, main_window, window_language: str,  # noqa: ANN001
                                                            tab: str) -> None:
    show_tab_at(qtbot, main_window, tab, SIZE)
    card = main_window.lesson_card(tab)
    q = card.lesson.questions[0]
    radios = [card.findChild(QRadioButton, f"lesson-q-{q.key}-{c}") for c in range(len(q.choices))]
    wrong = next(c for c in range(len(q.choices)) if c != q.answer)
    scroll = card._scroll
    scroll.ensureWidgetVisible(radios[wrong], 0, 0)  # the user scrolled to the question
    settle()
    body, viewport = scroll.widget(), scroll.viewport()
    in_body = [r.geometry() for r in radios]
    explain = card.findChild(QLabel, f"lesson-x-{q.key}")
    assert not explain.isVisible()
    QTest.mouseClick(radios[wrong], Qt.MouseButton.LeftButton)
    settle()  # the card's body grows in two steps: its layout, then the scroll area
    qtbot.waitUntil(lambda: viewport.rect().contains(_rect(explain, viewport)), timeout=3000)
    assert explain.text().startswith("<b>")
    assert [r.geometry() for r in radios] == in_body  # the layout moved no choice
    asked = next(label for label in body.findChildren(QLabel) if label.text() == q.text)
    question_top = _rect(asked, viewport).top()
    assert question_top >= 0  # scrolled no further than needed: the question is still seen
    for radio in radios:
        assert viewport.rect().contains(_rect(radio, viewport))
    assert body.isAncestorOf(explain)
