"""A progress bar's text stays on one line, cut with "…" where the bar is narrow: Fusion wrapped
the experiment's "已保存的实验 exp-…（已停止，10 个运行中的 0 个）" onto two lines in a
one-line bar at 1024 px, both cut through the middle (walkthrough s16)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from gatelab.ui.progress_bar import PAD, OneLineProgressBar
from tests.ui.conftest import settle

LONG = "已保存的实验 exp-20261203-0011-9f3a（已停止，10 个运行中的 0 个）"


def _ink_rows(image: QImage) -> list[int]:
    """Rows of the picture with dark text pixels."""
    rows = []
    for y in range(image.height()):
        if any(QColor(image.pixel(x, y)).lightness() < 80 for x in range(image.width())):
            rows.append(y)
    return rows


def test_a_long_text_is_cut_not_wrapped(qtbot) -> None:  # noqa: ANN001
    bar = OneLineProgressBar()
    qtbot.addWidget(bar)
    bar.setRange(0, 10)
    bar.setValue(0)  # nothing filled: only the text is dark
    bar.setFormat(LONG)
    bar.resize(300, bar.sizeHint().height())
    bar.show()
    settle(3)
    shown = bar.text()
    assert shown != LONG and shown.endswith("…") and bar.whole_text() == LONG
    assert bar.fontMetrics().horizontalAdvance(shown) <= bar.width() - 2 * PAD
    ink = _ink_rows(bar.grab().toImage())
    assert ink and max(ink) - min(ink) <= bar.fontMetrics().height()  # one line of text
    bar.resize(900, bar.height())
    settle(3)
    assert bar.text() == LONG  # room again: whole


def test_the_experiment_and_run_bars_are_one_line_bars(qtbot, main_window) -> None:  # noqa: ANN001
    panel = main_window.show_tab("trainer")
    assert isinstance(panel.bar.progress, OneLineProgressBar)
    assert isinstance(panel.experiment.progress, OneLineProgressBar)
    view = panel.experiment
    view._set_progress(lambda self: LONG)
    assert view.progress.toolTip() == LONG


def test_the_experiment_variants_cut_with_an_ellipsis_in_chinese_at_1024(
        qtbot, main_window) -> None:  # noqa: ANN001
    """At 1024 px in Chinese the variant boxes were cut mid-glyph ("GELU — 经典，2 个矩"):
    each now shows its text whole, its name alone, or the text cut with "…"."""
    from gatelab.ui.elide import FitCombo

    main_window.resize(1024, 740)
    main_window.switch_language("zh_CN")
    panel = main_window.show_tab("trainer")
    panel.views.setCurrentWidget(panel.experiment)
    settle(10)
    for combo in (panel.experiment.variant_a, panel.experiment.variant_b):
        assert isinstance(combo, FitCombo)
        shown, whole = combo.shown_text(), combo.currentText()
        assert shown == whole or shown.endswith("…") or whole.startswith(shown), (shown, whole)
        assert combo.fontMetrics().horizontalAdvance(shown) <= combo.text_room()
    main_window.switch_language("en")
