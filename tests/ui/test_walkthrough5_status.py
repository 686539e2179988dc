"""Walkthrough 5 at 1280×800: the status bar.

A long message was clipped at the bar's right edge, mid-word, with no way to read the rest; and
the Inside tab's "N tokens through <model>. Pick a layer, …" showed twice, under the source bar
and in the status bar. Now a long message ends after a word with "…" and the whole one is the
bar's tooltip; a panel's message that the panel already shows on screen is not repeated.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QStatusTipEvent
from PySide6.QtWidgets import QApplication

from tests.ui.inside_synth import make_trace
from tests.ui.conftest import settle, show_tab_at

LONG = ("Could not load neurons: /home/someone/gatelab/runs/run-20261201-094134-2c5f/checkpoint.pt "
        "cannot be read: it is truncated or damaged (the run stopped while it was being written); "
        "select a different run or train this one again from the start")


@pytest.fixture
def window(qtbot, main_window):  # noqa: ANN001, ANN201
    show_tab_at(qtbot, main_window, "gate-plane")
    return main_window


def _check_elided(bar, full: str) -> str:  # noqa: ANN001
    shown = bar.shown_message()
    assert shown.endswith("…") and len(shown) < len(full)
    head = shown[:-1]
    assert full.startswith(head) and full[len(head)] == " "  # ends after a whole word
    assert bar.fontMetrics().horizontalAdvance(shown) <= bar.message_room()  # all of it drawn
    assert bar.toolTip() == full and bar.currentMessage() == full  # the rest is one hover away
    return shown


def test_a_long_panel_message_ends_at_a_word_with_the_whole_in_the_tooltip(window) -> None:  # noqa: ANN001
    bar = window.statusBar()
    window.panel("trainer").status_changed.emit(LONG)  # from a tab that is not on screen
    settle()
    shown = _check_elided(bar, LONG)
    assert shown.startswith("Could not load neurons:") and len(shown) > 150  # most of it shows
    window.resize(1000, 800)  # narrower: cut again, still after a word
    settle()
    assert len(_check_elided(bar, LONG)) < len(shown)
    window.statusBar().showMessage("Short one", 8000)  # a message that fits has no tooltip
    assert bar.shown_message() == "Short one" and bar.toolTip() == ""


def test_qt_status_tips_are_elided_too(window) -> None:  # noqa: ANN001
    QApplication.sendEvent(window, QStatusTipEvent(LONG))
    _check_elided(window.statusBar(), LONG)
    QApplication.sendEvent(window, QStatusTipEvent(""))  # the pointer left the action
    assert window.statusBar().shown_message() == "" and window.statusBar().toolTip() == ""


def test_the_inside_summary_line_is_not_repeated_in_the_status_bar(qtbot, window) -> None:  # noqa: ANN001
    inside = window.show_tab("inside")
    settle()
    inside._show_trace(make_trace(n_layer=2))
    settle()
    line = inside.source.message_text()
    assert "tokens through" in line and inside.source.message.isVisible()
    assert window.statusBar().currentMessage() == ""  # shown once, under the source bar
    window.show_tab("gate-plane")  # from another tab the same news does reach the status bar
    inside.status_changed.emit(line)
    assert window.statusBar().currentMessage() == line


def test_a_gate_plane_error_shown_by_its_button_is_not_repeated(window) -> None:  # noqa: ANN001
    plane = window.panel("gate-plane")
    window.statusBar().showMessage("Ready", 3000)
    plane._neuron_error("no stats.jsonl in /tmp/run")
    settle()
    assert window.statusBar().currentMessage() == ""  # not twice, and no stale "Ready"
    labels = [lab.text() for lab in plane.controls.findChildren(type(plane.legend_label))
              if lab.isVisible()]
    assert "Could not load neurons: no stats.jsonl in /tmp/run" in labels



def test_text_without_spaces_is_cut_where_it_stops_fitting(window) -> None:  # noqa: ANN001
    from gatelab.ui.elide import elide_words

    metrics = window.statusBar().fontMetrics()
    chinese = "无法加载神经元：检查点文件已截断或损坏" * 10
    shown = elide_words(chinese, metrics, 300)
    assert shown.endswith("…") and chinese.startswith(shown[:-1]) and len(shown) > 5
    assert metrics.horizontalAdvance(shown) <= 300
    assert elide_words("a\nb  c", metrics, 300) == "a b c"  # one line


def test_a_refused_map_window_is_explained_once(window) -> None:  # noqa: ANN001
    plane = window.panel("gate-plane")
    assert not plane._apply(g_range=(6.0, -6.0))  # g min above g max
    settle()
    error = plane.controls.spec_error
    assert error.isVisible() and error.text().startswith("Not applied:")
    assert window.statusBar().currentMessage() == ""  # the box under the fields says it
