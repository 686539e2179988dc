"""What a new user reads at 1280×800: nothing cut, no HTML eaten, no English file header.

From a walkthrough at 1280×800: the legend said "L0 g" for "L0 g<0" (pyqtgraph reads legend names
as HTML), a replayed run's samples kept samples.txt's English "--- sample at step N ---" lines in
every language, and the trainer header, the corpus combo ("~1 ME") and the "Try this" step
buttons were cut at the window's edge. Each test checks the text as it is drawn, at that size.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QStyle, QStyleOptionComboBox

from tests.ui.visible_text import fake_translator

RUN_TITLE = "Replay of run-20261201-094134-2c5f"


def _legend_text(card: object, item: object) -> str:
    """The legend label of ``item`` as the user reads it (the rendered text, not the HTML)."""
    legend = card.plot.getPlotItem().legend  # type: ignore[attr-defined]
    label = next(lab for sample, lab in legend.items if sample.item is item)
    return label.item.toPlainText()


def test_legend_names_with_less_than_are_shown_as_typed(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_plots import TrainerPlots

    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots._ensure_layers(3)
    assert _legend_text(plots.sparsity, plots._key_neg) == "g<0"  # the dashed style's key
    assert _legend_text(plots.sparsity, plots._key_closed) == "closed"
    assert _legend_text(plots.sparsity, plots._layer_keys[2]) == "L2"
    assert plots._neg[0].name() == "L0 g<0"  # the CSV header and hover readout: plain text
    plots.retranslate()  # a renamed key is escaped as well
    assert _legend_text(plots.sparsity, plots._key_neg) == "g<0"


def test_a_new_curve_named_with_markup_characters_reads_as_typed(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.plot_card import PlotCard

    card = PlotCard("a < b & c > d")
    qtbot.addWidget(card)
    card.plot.addLegend()
    item = card.curve("x<1 & y>2")
    assert _legend_text(card, item) == "x<1 & y>2"
    assert card.title.text() == "<b>a &lt; b &amp; c &gt; d</b>"


@pytest.fixture
def live(qtbot) -> Iterator[object]:  # noqa: ANN001
    from gatelab.ui.trainer_live import LiveView

    view = LiveView()
    qtbot.addWidget(view)
    yield view


def test_saved_samples_show_their_header_in_the_current_language(live, qapp: QApplication
                                                                 ) -> None:  # noqa: ANN001
    saved = "--- sample at step 16 ---\nabc\n--- sample at step 32 ---\ndef\n"
    live.set_saved_samples(saved)
    assert live.sample.toPlainText() == saved  # English: as in the file
    fake = fake_translator()
    qapp.installTranslator(fake)
    try:
        live.retranslate()  # a language switch redraws the shown samples
        shown = live.sample.toPlainText().splitlines()
        assert shown == ["«--- sample at step 16 ---»", "abc", "«--- sample at step 32 ---»",
                         "def"]
        live.set_sample("fresh text")  # a live sample has no header and is left as it is
        live.retranslate()
        assert live.sample.toPlainText() == "fresh text"
    finally:
        qapp.removeTranslator(fake)


def test_the_replayed_tail_starts_at_a_whole_line() -> None:
    from gatelab.ui.trainer_saved import _whole_lines

    text = "--- sample at step 1 ---\n" + "x" * 50 + "\n--- sample at step 2 ---\nyy\n"
    assert _whole_lines(text, 1000) == text
    assert _whole_lines(text, 40) == "--- sample at step 2 ---\nyy\n"


# -- 1280×800 ------------------------------------------------------------------------------------
@pytest.fixture
def window(qtbot, settings: QSettings) -> Iterator[object]:  # noqa: ANN001
    from gatelab.ui.main_window import MainWindow

    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    assert (win.width(), win.height()) == (1280, 800)
    yield win
    win.shutdown()


def _settle(qtbot) -> None:  # noqa: ANN001
    qtbot.wait(50)
    QApplication.processEvents()


def _fits_on_one_line(label: QLabel) -> bool:
    return label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()


def _combo_text_fits(combo: QComboBox) -> bool:
    """The current item's text against the width the combo draws it in (arrow excluded)."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, combo)
    return combo.fontMetrics().horizontalAdvance(combo.currentText()) <= field.width()


def _wrapped_label_fits(label: QLabel) -> bool:
    """Every wrapped line is shown (tall enough) and no single word is wider than the label."""
    words = label.text().split()
    widest = max((label.fontMetrics().horizontalAdvance(w) for w in words), default=0)
    return (widest <= label.contentsRect().width()
            and label.heightForWidth(label.width()) <= label.height())


def test_trainer_header_and_form_fit_at_1280(qtbot, window) -> None:  # noqa: ANN001
    from tests.ui.test_trainer_plots import _rows

    panel = window.show_tab("trainer")
    rows = _rows(20, n_layer=8)
    for row in rows:
        if "frac_closed" in row:
            row["attn_sink"] = [0.1 + 0.01 * i for i in range(8)]
    panel.plots.set_rows(rows)
    panel.live.show_plots(RUN_TITLE)  # what a replay shows
    _settle(qtbot)
    live = panel.live
    assert live.title.text() == RUN_TITLE and _fits_on_one_line(live.title)
    sink = panel.plots.sink_label
    assert "L7" in sink.text() and _wrapped_label_fits(sink)
    for widget in (live.layer_caption, live.btn_sample):
        assert widget.fontMetrics().horizontalAdvance(widget.text()) <= widget.width()
    controls = panel.controls
    assert controls.corpus.corpus() == "python"
    assert _combo_text_fits(controls.corpus.combo), controls.corpus.combo.currentText()
    assert "MB" in controls.corpus.combo.currentText()
    tip = controls.corpus.combo.itemData(0, Qt.ItemDataRole.ToolTipRole)
    assert "standard library" in tip  # the long name stays readable
    assert _fits_on_one_line(controls.params_label), controls.params_label.text()
    assert _combo_text_fits(controls.variant)


@pytest.mark.parametrize("tab", ["activations", "gate-plane", "budget", "trainer", "inside",
                                 "forward-pass"])
def test_try_this_buttons_show_their_whole_title_at_1280(qtbot, window, tab: str) -> None:  # noqa: ANN001
    from gatelab.ui.lesson_card import StepButton

    window.show_tab(tab)
    _settle(qtbot)
    card = window.lesson_card(tab)
    buttons = card.findChildren(StepButton)
    assert buttons and all(b.isVisible() for b in buttons)
    for b in buttons:
        inner = b.width() - b.PADDING.left() - b.PADDING.right()
        widest = max(b.fontMetrics().horizontalAdvance(w) for w in b.text().split())
        assert widest <= inner, b.text()
        assert b.heightForWidth(b.width()) <= b.height(), b.text()  # every line shown
