"""Walkthrough 6, item 2: the status bar does not repeat what a panel already shows.

The Inside tab showed "Could not analyse: <reason> — the views still show the last trace (…)"
while the status bar got "<reason>" alone: the same news twice. A message is now taken as shown
when a visible label of the panel contains it (one plain line, rich text rendered); a message
shown at all reads as a sentence ("Architecture 'nonsense_arch' …", not "architecture …").
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from gatelab.ui.status_bar import as_sentence, label_reads
from tests.ui.conftest import settle, show_tab_at
from tests.ui.inside_synth import make_trace

REASON = "architecture 'nonsense_arch' is not a causal language model"


@pytest.fixture
def window(qtbot, main_window):  # noqa: ANN001, ANN201
    show_tab_at(qtbot, main_window, "inside")
    return main_window


def test_an_inside_error_is_not_repeated_in_the_status_bar(window) -> None:  # noqa: ANN001
    inside = window.panel("inside")
    inside._show_trace(make_trace(n_layer=2))
    settle()
    window.statusBar().showMessage("Ready", 3000)
    inside._on_finished("trace", None, REASON, False)
    settle()
    line = inside.source.message_text()
    assert line.startswith("Could not analyse: " + REASON + " — the views still show the last "
                           "trace (")
    assert inside.source.message.isVisible()
    assert window.statusBar().currentMessage() == ""  # said once, by the Inside tab
    window.show_tab("gate-plane")  # from another tab the reason reaches the status bar,
    inside.status_changed.emit(REASON)  # as a sentence
    settle()
    assert window.statusBar().currentMessage() == (
        "Architecture 'nonsense_arch' is not a causal language model")


def test_a_label_contains_the_message_as_plain_text(qtbot) -> None:  # noqa: ANN001
    label = QLabel("<b>Could not load:</b> x &amp; <i>y</i>\n  is   broken — try again")
    qtbot.addWidget(label)
    assert label_reads(label, "x & y is broken")  # rendered, whitespace folded
    assert label_reads(label, "Could not load: x & y is broken — try again")
    assert not label_reads(label, "x & y is broke")  # whole words only
    assert not label_reads(label, "<b>Could")
    plain = QLabel("Stopped at step 3.")
    qtbot.addWidget(plain)
    assert label_reads(plain, "step 3") and not label_reads(plain, "topped")


def test_sentence_case_spares_names() -> None:
    assert as_sentence(REASON).startswith("Architecture 'nonsense_arch'")
    assert as_sentence("cannot read /tmp/x") == "Cannot read /tmp/x"
    for kept in ("z must be a finite number", "run-20261201 stopped", "config.json is bad",
                 "n_embd must divide", "/tmp/x.pt is gone", "Already fine", "无法加载"):
        assert as_sentence(kept) == kept
