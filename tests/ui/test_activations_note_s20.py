"""Walkthrough s20: the activation plot changed height as the note under it wrapped to more or
fewer lines. The note keeps three lines' room, so the plot stays put."""

from __future__ import annotations

from gatelab.ui.activations_panel import ActivationsPanel
from gatelab.ui.field_errors import wrapped_height
from tests.ui.conftest import settle, show_panel


def test_the_plot_keeps_its_height_whatever_the_note_says(qtbot) -> None:  # noqa: ANN001
    panel = show_panel(qtbot, ActivationsPanel(), size=(1000, 800))
    heights, lines = set(), set()
    for z in (-6.0, -3.0, -1.278, 0.0, 2.0):
        panel.set_z(z)
        settle(5)
        label = panel.note_label
        metrics = label.fontMetrics()
        lines.add(wrapped_height(metrics, label.contentsRect().width() - 8, label.text())
                  // metrics.lineSpacing())
        heights.add(panel.plot.height())
    assert len(lines) > 1, lines  # the notes do wrap to different line counts
    assert len(heights) == 1, heights
