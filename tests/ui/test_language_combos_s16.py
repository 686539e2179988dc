"""After a language switch every combo box is wide enough for its new items: the gate plane's
"show" read "all three sid" after 中文 → English (walkthrough s16)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from tests.ui.conftest import settle


def _short_combos(window) -> list[str]:  # noqa: ANN001
    """Visible combos whose widest item does not fit their width (with the arrow's room)."""
    short = []
    for combo in window.findChildren(QComboBox):
        if not combo.isVisible() or combo.sizeAdjustPolicy() != \
                QComboBox.SizeAdjustPolicy.AdjustToContentsOnFirstShow:
            continue
        metrics = combo.fontMetrics()
        widest = max((metrics.horizontalAdvance(combo.itemText(i)) for i in range(combo.count())),
                     default=0)
        if combo.width() < widest + 20:
            short.append(f"{combo.currentText()!r}: {combo.width()} < {widest} + 20")
    return short


def test_gate_plane_combos_fit_their_english_after_chinese(qtbot, main_window) -> None:  # noqa: ANN001
    main_window.resize(1280, 800)
    main_window.switch_language("zh_CN")
    panel = main_window.show_tab("gate-plane")
    settle(10)
    main_window.switch_language("en")
    settle(10)
    combo = panel.controls.view_combo
    assert combo.currentText() == "all three side by side"
    assert _short_combos(main_window) == []
