"""The 1280×800 walkthrough: the gate plane after a training run, and the window on that screen.

After a run the gate plane's legend grew a long "• trained neurons: SwiGLU, layer L0, step 209"
that widened the tab, so the "Try this" card shrank to ~90 px with its buttons and text cut; in
Chinese, "layer" and "step" stayed English after a language switch; and the first window was
1280×820 on a 1280×800 screen, its bottom 20 px off-screen.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRect, QSettings, QSize
from PySide6.QtWidgets import QLabel

import gatelab.ui.window_place as main_window_module  # where _available_area lives now
from gatelab.ui.lesson_card import LessonCard
from gatelab.ui.main_window import MainWindow


def trainer_label(variant: str = "swiglu", layer: int = 0, step: int = 209):  # noqa: ANN201
    """What the live trainer sends with its neurons: a function giving the label in the current
    language (TrainerPanel._pairs_label)."""
    from gatelab.ui.trainer_panel import pairs_label
    return pairs_label(variant, layer, step)


def neurons(n: int = 352) -> np.ndarray:
    return np.random.default_rng(0).normal(size=(n, 2))


def cut_labels(root) -> list[str]:  # noqa: ANN001
    """Visible labels whose text needs more room than they have (wrapped ones: more height)."""
    cut = []
    for label in root.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        if label.wordWrap():
            too_small = label.heightForWidth(label.width()) > label.height() + 1
        else:
            too_small = label.sizeHint().width() > label.width() + 1
        if too_small:
            cut.append(label.text()[:60])
    return cut


def test_long_neuron_legend_keeps_the_lesson_card_whole(qtbot, main_window) -> None:  # noqa: ANN001
    main_window.resize(1280, 800)
    plane = main_window.show_tab("gate-plane")
    plane.set_neuron_points(neurons(), trainer_label())
    qtbot.wait(50)
    card = main_window.lesson_card("gate-plane")
    assert isinstance(card, LessonCard)
    assert card.width() >= card.sizeHint().width()  # 240 px, as before the run
    legend = plane.legend_label
    assert "trained neurons: SwiGLU, layer L0, step 209" in legend.text()
    assert legend.wordWrap() and legend.width() <= plane.width()
    # the boxes refit after their layout settles (a queued timer): wait for it, on a busy machine
    # longer than the 50 ms above, then nothing may be cut
    qtbot.waitUntil(lambda: cut_labels(main_window.centralWidget()) == [], timeout=3000)


def test_trained_neurons_are_named_in_chinese_after_a_switch(qtbot, main_window) -> None:  # noqa: ANN001
    plane = main_window.show_tab("gate-plane")
    main_window._on_gate_pairs(neurons(), trainer_label())  # sent while the UI was English
    try:
        main_window.switch_language("zh_CN")
        legend, message = plane.legend_label.text(), plane.controls.neuron_message.text()
    finally:
        main_window.switch_language("en")
    for text in (legend, message):
        assert "SwiGLU，L0 层，第 209 步" in text
        assert "layer" not in text and "step" not in text
    assert "SwiGLU, layer L0, step 209: 352 neurons" in plane.controls.neuron_message.text()


def test_a_plain_label_is_shown_as_given(qtbot, main_window) -> None:  # noqa: ANN001
    plane = main_window.show_tab("gate-plane")
    main_window._on_gate_pairs(neurons(), "run 2024-05-01")
    assert "run 2024-05-01" in plane.legend_label.text()


def test_the_live_runs_neurons_carry_their_variant_to_the_plane(qtbot, main_window) -> None:  # noqa: ANN001
    """The trainer sends the variant it trains with its neurons: on gpt-oss's clamped maps the
    plane says they were trained as swiglu (they looked like gpt-oss neurons)."""
    plane = main_window.show_tab("gate-plane")
    assert plane.set_variant("swiglu_clamped")
    main_window.panel("trainer").gate_pairs_changed.emit(neurons(), trainer_label(), "swiglu", 1)
    message = plane.controls.neuron_message.text()
    assert message.split("\n")[1] == "Trained as SwiGLU; the maps show SwiGLU clamped (gpt-oss)."
    assert plane.set_variant("swiglu") and "\n" not in plane.controls.neuron_message.text()


# -- the window on a 1280×800 screen ---------------------------------------------------------
@pytest.fixture
def screen_1280x800(monkeypatch):  # noqa: ANN001, ANN201
    """A 1280×800 monitor with a 30 px top bar (the offscreen platform has no real screen)."""
    area = QRect(0, 30, 1280, 770)
    monkeypatch.setattr(main_window_module, "_available_area", lambda _w: area)
    return area


def test_first_window_fits_the_available_screen(qtbot, settings: QSettings,  # noqa: ANN001
                                                screen_1280x800: QRect) -> None:
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    assert window.size() == QSize(1280, 770)  # not 1280×820
    assert screen_1280x800.contains(window.frameGeometry())
    window.shutdown()


def test_remembered_geometry_is_clamped_to_this_screen(qtbot, settings: QSettings,  # noqa: ANN001
                                                       monkeypatch) -> None:  # noqa: ANN001
    """Saved on a larger monitor, reopened on a smaller one placed elsewhere: moved and shrunk."""
    big = MainWindow(settings=settings)
    qtbot.addWidget(big)
    big.fit_to_screen(QSize(1800, 1100), available=QRect(0, 0, 2560, 1440))
    settings.setValue("window/geometry", big.saveGeometry())
    big.shutdown()
    small = QRect(200, 100, 1280, 700)
    monkeypatch.setattr(main_window_module, "_available_area", lambda _w: small)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    assert window.width() <= 1280 and window.height() <= 700
    assert small.contains(window.frameGeometry()), window.frameGeometry()
    window.shutdown()


def test_fit_to_screen_keeps_a_size_that_fits(qtbot, main_window) -> None:  # noqa: ANN001
    main_window.fit_to_screen(QSize(1100, 700), available=QRect(0, 0, 1280, 800))
    assert main_window.size() == QSize(1100, 700)


def test_the_greyed_layer_box_shows_the_live_runs_layer(qtbot, main_window) -> None:  # noqa: ANN001
    """The trainer sends one layer's neurons (its "Gate plane shows" L1): the greyed layer box
    said L0, the number of the one-layer array it got; it shows L1 and the drawn points are the
    ones sent. A run folder's neurons (every layer) give the box back its full range."""
    plane = main_window.show_tab("gate-plane")
    sent = neurons()
    main_window.panel("trainer").gate_pairs_changed.emit(sent, trainer_label(layer=1), "swiglu", 1)
    spin = plane.controls.layer_spin
    assert (spin.text(), spin.isEnabled()) == ("L1", False)
    np.testing.assert_array_equal(plane.neuron_points(), sent)
    assert "layer L1" in plane.controls.neuron_message.text()
    every = np.stack([neurons(8), neurons(8) + 1, neurons(8) + 2])
    assert plane.set_neuron_points(every, "run")
    assert (spin.minimum(), spin.maximum(), spin.isEnabled()) == (0, 2, True)
    spin.setValue(2)
    np.testing.assert_array_equal(plane.neuron_points(), every[2])
