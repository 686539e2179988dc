"""The gate plane's maps keep their size whatever the point and the variant: the clamp step's
three-line sentence and the clamped variant's second parameter row grew the rows under the maps,
which shrank all three (and the tab jumped at every step). The variant list opens wide enough
for its longest formula."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from gatelab.core import gates


def test_the_maps_keep_their_size_through_steps_and_variants(qtbot, main_window) -> None:  # noqa: ANN001
    main_window.resize(1280, 800)
    panel = main_window.show_tab("gate-plane")
    card = main_window.lesson_card("gate-plane")
    qtbot.wait(50)
    sizes = set()
    for step in card.lesson.steps:  # two-line and three-line sentences, SwiGLU, ReGLU, clamped
        assert card.run_step(step) is None
        QApplication.processEvents()
        qtbot.wait(20)
        sizes.add((panel.maps.geometry().size().toTuple(), panel.meaning_label.height()))
    for name in gates.VARIANTS:
        panel.set_variant(name)
        QApplication.processEvents()
        qtbot.wait(20)
        sizes.add((panel.maps.geometry().size().toTuple(), panel.meaning_label.height()))
    assert len(sizes) == 1, sizes
    (width, height), _ = sizes.pop()
    assert width > 900 and height > 400


def test_the_variant_list_shows_whole_formulas(qtbot, main_window) -> None:  # noqa: ANN001
    panel = main_window.show_tab("gate-plane")
    combo = panel.controls.variant_combo
    metrics = combo.view().fontMetrics()
    longest = max(metrics.horizontalAdvance(combo.itemText(i)) for i in range(combo.count()))
    assert combo.view().minimumWidth() >= longest
