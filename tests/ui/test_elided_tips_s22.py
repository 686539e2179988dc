"""A label that elides shows its whole text as a tooltip on hover, also while the window is not
the active one (walkthrough s21 #17).

Why: at 1024×768 the gate plane's trained-neuron message ("Run run-…: layer L0 (L0–L3), 352
neurons…"), the trainer's run header ("Run run-20261203-1…") and the Inside tab's model summary
are cut with "…". Each holds its whole text as a tooltip, but hovering the gate-plane message
after "Load neurons from run…" showed none: the folder dialog had left the main window inactive
(no window manager gave it back), and Qt shows no tooltips over an inactive window unless asked
to. Checked as the user meets it: what each label draws at 1024×768, then the tooltip a mouse
hover brings up over the inactive window.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QScrollArea, QToolTip, QWidget
from pytestqt.exceptions import TimeoutError as QtTimeout

from tests.ui.conftest import settle, show_tab_at
from tests.ui.inside_synth import make_trace
from tests.ui.test_gate_plane_panel import _run_folder

RUN = "run-20261203-170812-baa5"
SIZE = (1024, 768)


def _hover_tip(qtbot, label: QLabel) -> str:  # noqa: ANN001
    """The tooltip that comes up when the mouse rests on ``label`` ("" if none does)."""
    area = label.parent()
    while area is not None and not isinstance(area, QScrollArea):
        area = area.parent()
    if area is not None:  # the mouse can only rest on what is on screen
        area.ensureWidgetVisible(label)
    settle()
    QToolTip.hideText()  # (the tip of the label hovered before fades out first)
    qtbot.waitUntil(lambda: not QToolTip.isVisible(), timeout=3000)
    spot = QPoint(min(20, label.width() // 2), label.height() // 2)
    QTest.mouseMove(label, spot)
    QTest.mouseMove(label, spot + QPoint(1, 0))
    try:
        qtbot.waitUntil(QToolTip.isVisible, timeout=3000)
    except QtTimeout:
        return ""
    return QToolTip.text()


def _away(qtbot, window) -> QWidget:  # noqa: ANN001
    """Another window takes the focus: the main window is no longer the active one."""
    other = QWidget()
    qtbot.addWidget(other)
    other.setGeometry(window.width() + 10, 0, 60, 60)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(lambda: not window.isActiveWindow(), timeout=3000)
    return other


def whole_shown(label: QLabel) -> str:
    """``label``'s whole text, once it is seen to be drawn cut with "…"."""
    whole, shown = label.text(), label.shown_text()  # type: ignore[attr-defined]
    assert shown != whole and "…" in shown, (whole, shown)
    return whole


def test_cut_labels_show_their_whole_text_on_hover(
        qtbot, main_window, window_language: str, tmp_path: Path) -> None:  # noqa: ANN001
    plane = show_tab_at(qtbot, main_window, "gate-plane", SIZE)
    (tmp_path / RUN).mkdir()
    assert plane.load_neurons_from(str(_run_folder(tmp_path / RUN, "swiglu")))
    assert plane.set_variant("swiglu_clamped")  # the maps' variant is not the run's: a note
    settle()
    labels = [plane.controls.neuron_message]
    trainer = show_tab_at(qtbot, main_window, "trainer", SIZE)
    trainer.live.show_plots(trainer.tr("Run {0}").format(RUN))
    settle()
    labels.append(trainer.live.title)
    inside = show_tab_at(qtbot, main_window, "inside", SIZE)
    inside.sel.set_trace(dataclasses.replace(make_trace(), model_name="Qwen3_5ForCausalLM"))
    settle()
    labels.append(inside.pickers.info)
    other = _away(qtbot, main_window)
    for tab, label in zip(("gate-plane", "trainer", "inside"), labels, strict=True):
        main_window.show_tab(tab)
        settle()
        assert whole_shown(label) in _hover_tip(qtbot, label), (window_language, tab)
    other.close()
