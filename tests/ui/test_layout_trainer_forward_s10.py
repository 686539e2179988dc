"""What a user sees at 1024×700 (and 1280, 1366 wide) on the Live trainer and the Forward pass,
in English and Chinese, measured on screen geometry rather than on widget properties.

Why (walkthrough s10, findings 5, 6 and 14): at 1024×700 the trainer's plots were squeezed below
their own minimum (the tab needed 769 px), so the Loss and Largest |h| legends lost their last
row, Gate sparsity lost "L3" and MLP share its layer names; the run name was cut mid-name with no
"…" and ran into "Gate plane shows". The forward map's attention box cut "1024 → 2048 → 1024,
8 heads (2 key/value)" at both ends. The gate-variant and FFN drop-downs cut their current text
in the closed box. And the map's "tokens" box said just "V" until the Live trainer tab had been
opened.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF, QImage, QPainter
from PySide6.QtWidgets import QStyle, QStyleOptionComboBox, QWidget

from tests.ui.conftest import settle
from tests.ui.test_trainer_plots import _rows

RUN = "run-20261202-025938-31"
LANGUAGES = ["en", "zh_CN"]


@pytest.fixture
def window(main_window):  # noqa: ANN001, ANN201
    """The main window, switched back to English afterwards."""
    yield main_window
    main_window.switch_language("en")


def _at(window, qtbot, tab: str, lang: str, size: tuple[int, int]):  # noqa: ANN001, ANN202
    if lang != "en":
        window.switch_language(lang)
    window.resize(*size)
    panel = window.show_tab(tab)
    qtbot.waitExposed(window)
    settle()
    return panel


def _fill_trainer(panel, n_layer: int = 4) -> None:  # noqa: ANN001
    """A replayed 200-step run with a first-token share: every plot and legend has content."""
    rows = _rows(200, n_layer)
    for row in rows:
        if "frac_closed" in row:
            row["attn_sink"] = [0.05 + 0.01 * i for i in range(n_layer)]
    panel.plots.set_rows(rows)
    panel.live.show_plots(panel.tr("Run {0}").format(RUN))
    settle(40)


def _visible(card) -> QRectF:  # noqa: ANN001
    """The part of the plot's scene that its widget shows."""
    view = card.plot
    return view.mapToScene(view.viewport().rect()).boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)


def _tick_texts(axis) -> list[tuple[str, QRectF]]:  # noqa: ANN001
    """The tick labels the axis draws, with their rectangles in scene coordinates."""
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        if axis.style["tickFont"]:
            painter.setFont(axis.style["tickFont"])
        _axis, _ticks, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [(text, axis.mapRectToScene(rect)) for rect, _flags, text in texts]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_trainer_plots_show_every_legend_entry_and_axis_label_at_1024x700(
        qtbot, window, lang: str) -> None:  # noqa: ANN001
    panel = _at(window, qtbot, "trainer", lang, (1024, 700))
    _fill_trainer(panel)
    assert (window.width(), window.height()) == (1024, 700)  # the tab fits: nothing squeezed
    plots = panel.plots
    for name, card in plots.cards().items():
        visible = _visible(card)
        item = card.plot.getPlotItem()
        legend = item.legend
        if legend is not None:
            assert legend.isVisible() and legend.items, name
            for sample, label in legend.items:
                for part in (sample, label):
                    assert visible.contains(part.sceneBoundingRect()), (name, label.text)
        for side in ("left", "bottom"):
            axis = item.getAxis(side)
            texts = _tick_texts(axis)
            assert len(texts) >= 2, (name, side)
            for text, rect in texts:
                assert visible.contains(rect), (name, side, text)
            margin = axis.label.document().documentMargin()  # padding around the text
            text_rect = axis.label.sceneBoundingRect().adjusted(margin, margin, -margin, -margin)
            assert visible.contains(text_rect), (name, side)
    names = [label.text for _s, label in plots.sparsity.plot.getPlotItem().legend.items]
    assert names[-4:] == ["L0", "L1", "L2", "L3"]  # "L3" was the entry lost at 1024×700
    layers = [t for t, _r in _tick_texts(plots.ratio.plot.getPlotItem().getAxis("bottom"))]
    assert layers == ["L0", "L1", "L2", "L3"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_run_name_ends_with_an_ellipsis_when_cut_and_whole_when_there_is_room(
        qtbot, window, lang: str) -> None:  # noqa: ANN001
    panel = _at(window, qtbot, "trainer", lang, (1024, 700))
    _fill_trainer(panel)
    title = panel.live.title
    whole = panel.tr("Run {0}").format(RUN)
    shown = getattr(title, "shown_text", title.text)()
    metrics = title.fontMetrics()
    assert metrics.horizontalAdvance(whole) > title.contentsRect().width()  # it must be cut
    assert shown.endswith("…") and whole.startswith(shown[:-1]), shown
    assert metrics.horizontalAdvance(shown) <= title.contentsRect().width()
    assert title.text() == whole and title.toolTip() == whole
    caption = panel.live.layer_caption  # no overlap with "Gate plane shows"
    assert title.geometry().right() < caption.geometry().left()
    window.resize(1366, 768)
    settle()
    assert title.shown_text() == whole


# -- the forward map -------------------------------------------------------------------------------
def _check_boxes_fit(view, lang: str) -> None:  # noqa: ANN001
    """Every line of every box no wider than its box, the lines no taller than it, in logical
    pixels and in the widget's own pixels."""
    from gatelab.ui.forward_map_fit import LINE_GAP, PAD_X
    from gatelab.ui.forward_map_view import CIRCLES

    scale = view.box_rect("tokens").width() / view._logical_rect("tokens").width()
    for key in view.keys():
        if key in CIRCLES:
            continue
        fitted, rect = view.box_layout(key), view._logical_rect(key)
        room = rect.width() - (24 if key == "mlp" else 2 * PAD_X)
        rows = [(line, fitted.title.px, True) for line in fitted.title.lines]
        rows += [(line, fitted.sub.px, False) for line in fitted.sub.lines]
        for line, px, bold in rows:
            font = view._font(px, bold)
            width = QFontMetricsF(font).horizontalAdvance(line)
            assert width <= room, (lang, key, line, width, room)
            assert width * scale <= view.box_rect(key).width(), (lang, key, line)
        if key != "mlp":
            assert sum(px * LINE_GAP for _l, px, _b in rows) + 3 <= rect.height(), (lang, key)
        text = view.text(key)
        if fitted.cut:
            assert text.sub in view.tooltip(key) and text.title in view.tooltip(key)
        else:  # nothing lost: the drawn lines are the whole text
            assert " ".join(fitted.sub.lines).replace(" ", "") == text.sub.replace(" ", "")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [1024, 1280, 1366])
def test_forward_boxes_fit_their_text(qtbot, window, lang: str, width: int) -> None:  # noqa: ANN001
    panel = _at(window, qtbot, "forward-pass", lang, (width, 768))
    assert panel.show_preset("qwen3.5-0.8b")
    settle()
    view = panel.view
    attention = view.text("attention").sub
    assert "2048" in attention and attention.startswith("1024")
    fitted = view.box_layout("attention")
    assert not fitted.cut and len(fitted.sub.lines) == 2  # whole, on two lines
    # one line at the old 12 px would not fit the box (the old drawing cut both ends)
    one_line = QFontMetricsF(view._font(12)).horizontalAdvance(attention)
    assert one_line > view._logical_rect("attention").width()
    _check_boxes_fit(view, lang)


def test_forward_box_too_long_to_fit_is_cut_with_its_whole_text_in_the_tooltip(qtbot) -> None:  # noqa: ANN001
    from gatelab.core.forward_map import ForwardSizes
    from gatelab.ui.forward_map import ForwardMapPanel

    panel = ForwardMapPanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 700)
    panel.show()
    sizes = ForwardSizes(vocab=10**15, d=10**12, m=4 * 10**12, n_layer=3, n_head=10**6,
                         n_kv_head=10**5, gated=True, variant="swiglu", source="huge",
                         attn_gate=True).validate()
    panel.show_sizes(sizes)
    settle()
    view = panel.view
    assert any(view.box_layout(k).cut for k in view.keys())
    _check_boxes_fit(view, "en")


def test_forward_map_names_the_trainer_vocabulary_before_the_trainer_tab_is_opened(
        qtbot, window) -> None:  # noqa: ANN001
    """The map read the trainer's form but its corpus only once that tab had been shown."""
    panel = _at(window, qtbot, "forward-pass", "en", (1280, 800))
    assert panel.sizes() is not None and panel.sizes().origin == "trainer"
    trainer = window._panels["trainer"]
    assert window.tabs.currentWidget() is not None and not trainer.isVisible()
    qtbot.waitUntil(lambda: trainer.controls.corpus.summary is not None, timeout=30000)
    vocab = trainer.controls.corpus.summary.vocab_size
    qtbot.waitUntil(lambda: panel.view.text("tokens").sub == "V = {0:,}".format(vocab),
                    timeout=5000)
    assert panel.sizes().vocab == vocab and not trainer.isVisible()


# -- drop-downs ------------------------------------------------------------------------------------
def _drawn(combo) -> tuple[str, int]:  # noqa: ANN001
    """The closed box's text as drawn, and the width the style gives it."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, combo)
    return getattr(combo, "shown_text", combo.currentText)(), field.width()


def _assert_readable(combo, short: str) -> None:  # noqa: ANN001
    """The closed box shows its whole text, or ``short``; the tooltip then names the whole."""
    text, room = _drawn(combo)
    whole = combo.currentText()
    assert combo.fontMetrics().horizontalAdvance(text) <= room, (text, room)
    assert text in (whole, short), text
    if text != whole:
        assert combo.toolTip().startswith(whole)
    assert combo.view().minimumWidth() >= combo.fontMetrics().horizontalAdvance(whole) or \
        combo.width() >= combo.fontMetrics().horizontalAdvance(whole)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_variant_and_ffn_combos_show_a_whole_label(qtbot, window, lang: str) -> None:  # noqa: ANN001
    from gatelab.ui.elide import before_formula, fit_list_width, without_brackets

    plane = _at(window, qtbot, "gate-plane", lang, (1366, 768))
    combo = plane.controls.variant_combo
    combo.setCurrentIndex(combo.findData("swiglu_clamped"))
    settle()
    fit_list_width(combo)  # (what opening the list does)
    assert combo.fontMetrics().horizontalAdvance(combo.currentText()) > _drawn(combo)[1] or \
        _drawn(combo)[0] == combo.currentText()
    _assert_readable(combo, before_formula(combo.currentText()))
    budget = _at(window, qtbot, "budget", lang, (1366, 768))
    combo = budget.variant_combo
    combo.setCurrentIndex(0)
    settle()
    fit_list_width(combo)
    _assert_readable(combo, without_brackets(combo.currentText()))
    trainer = _at(window, qtbot, "trainer", lang, (1024, 700))
    combo = trainer.controls.variant
    combo.setCurrentIndex(combo.findData("swiglu_clamped"))
    settle()
    fit_list_width(combo)
    _assert_readable(combo, before_formula(combo.currentText()))


def test_fit_combo_whole_then_short_then_cut(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.elide import FitCombo, before_formula

    holder = QWidget()
    qtbot.addWidget(holder)
    combo = FitCombo(holder, least_chars=4, short=before_formula)
    combo.addItem("SwiGLU clamped (gpt-oss)  h = g·σ(αg)·(u+1)")
    combo.setToolTip("Which gated MLP")
    holder.show()
    whole = combo.currentText()
    combo.resize(combo.sizeHint())  # the width it asks for holds the whole text
    assert combo.shown_text() == whole and combo.toolTip() == "Which gated MLP"
    metrics = combo.fontMetrics()
    short = metrics.horizontalAdvance("SwiGLU clamped (gpt-oss)")
    combo.resize(combo.width() - metrics.horizontalAdvance(whole) + short + 4, combo.height())
    assert combo.shown_text() == "SwiGLU clamped (gpt-oss)"
    assert combo.toolTip() == whole + "\nWhich gated MLP"
    combo.resize(combo.minimumSizeHint().width(), combo.height())
    shown = combo.shown_text()
    assert shown.endswith("…") and metrics.horizontalAdvance(shown) <= combo.text_room()
