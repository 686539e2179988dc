"""Walkthrough s21 #8: at 200 % (960×540 logical) the note "SiLU min −0.2785 at z = −1.2785"
under SiLU's minimum was cut by the plot's bottom edge; at 1024×768 it fitted. The y range now
keeps room for the note under the minimum, and the note stays inside the plot's data area at
any size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF

from gatelab.core import activations

from tests.ui.conftest import settle


def _note_and_area(panel) -> tuple[QRectF, QRectF]:  # noqa: ANN001
    """The note's text as drawn and the data area (the view box), in scene coordinates."""
    text = panel.silu_min_label.textItem
    return text.mapRectToScene(text.boundingRect()), panel.plot.vb.sceneBoundingRect()


def _assert_inside(panel, size) -> None:  # noqa: ANN001
    note, area = _note_and_area(panel)
    assert panel.silu_min_label.isVisible()
    assert area.adjusted(-0.5, -0.5, 0.5, 0.5).contains(note), (size, note, area)


@pytest.mark.parametrize("size", [(960, 540), (816, 469), (1024, 768), (1280, 820),
                                  (1600, 1000), (960, 700), (1920, 540)])
def test_the_silu_minimum_note_stays_inside_the_plot(qtbot, main_window,  # noqa: ANN001
                                                     window_language: str, size) -> None:
    main_window.resize(*size)
    panel = main_window.show_tab("activations")
    settle(40)
    _assert_inside(panel, size)
    main_window.resize(1280, 820)  # and after a resize back and forth
    settle(40)
    main_window.resize(*size)
    settle(40)
    _assert_inside(panel, size)


def test_the_note_stays_under_its_point_with_room_for_it(qtbot, main_window) -> None:  # noqa: ANN001
    """Where the plot has room the note keeps its place under the minimum (not on the curves
    above it), and the curves keep the view the tab shows by default: −0.5 … the dips."""
    main_window.resize(960, 540)
    panel = main_window.show_tab("activations")
    settle(40)
    note, _area = _note_and_area(panel)
    z_min, s_min = activations.silu_minimum()
    dot = panel.plot.vb.mapViewToScene(QPointF(z_min, s_min))
    assert note.top() > dot.y()  # below its dot
    y0, y1 = panel.plot.vb.viewRange()[1]
    assert y0 < -0.5 and y1 > 1.2  # the default view's span, extended downwards only
