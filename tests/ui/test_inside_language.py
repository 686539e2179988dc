"""The inside tab's retranslate(): after a language switch every string it shows comes from the
current translator. A fake translator wraps every source string in «…», so a string that stays
unwrapped was set once in English and never re-set."""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import SimpleNamespace

import numpy as np

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTabWidget,
    QWidget,
)

from gatelab.ui.inside_messages import trace_text
from gatelab.ui.inside_panel import InsidePanel
from gatelab.ui.inside_text import StaticLabel

from .inside_synth import make_trace
from tests.ui.conftest import WrappingTranslator

# names, symbols and units the interface keeps in every language
KEPT = {"g", "u", "h", "act", "dh", "dg", "du", "auto", "cpu", "cuda", "float32", "bf16", "dtype",
        "synthetic", "swiglu", "full_attention", "linear_attention", "m", "d", "L0", "L1", "L2"}


@pytest.fixture
def wrapping(qapp) -> Iterator[None]:  # noqa: ANN001
    translator = WrappingTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        yield
    finally:
        QCoreApplication.removeTranslator(translator)


def _plain(text: str) -> str:
    return re.sub(r"<[^>]+>", " ", text).replace("&nbsp;", " ").replace("&lt;", "<")


def shown_strings(root: QWidget) -> list[str]:
    """Every caption, tooltip, placeholder, header, tab title and plot text under ``root``."""
    out: list[str] = []
    for w in [root] + root.findChildren(QWidget):
        out.append(w.toolTip())
        if isinstance(w, (QLabel, StaticLabel, QAbstractButton)):
            out.append(w.text())
        if isinstance(w, QGroupBox):
            out.append(w.title())
        if isinstance(w, QLineEdit):
            out += [w.placeholderText(), w.text()]
        if isinstance(w, QComboBox):
            out += [w.itemText(i) for i in range(w.count())] + [w.placeholderText()]
        if isinstance(w, QTableWidget):
            out += [w.horizontalHeaderItem(c).text() for c in range(w.columnCount())
                    if w.horizontalHeaderItem(c) is not None]
        if isinstance(w, QTabWidget):
            for i in range(w.count()):
                out += [w.tabText(i), w.tabToolTip(i)]
        if isinstance(w, pg.GraphicsView):
            for item in w.scene().items():
                if isinstance(item, pg.AxisItem):
                    out.append(item.labelText)
                elif isinstance(item, pg.LabelItem):
                    out.append(item.text)
    return [s for s in out if s and s.strip()]


def unwrapped(strings: list[str]) -> list[str]:
    """Strings with an English word outside every «…» (kept terms allowed)."""
    bad = []
    for s in strings:
        rest, before = _plain(s), None
        while rest != before:  # innermost «…» first: translated strings nest
            before, rest = rest, re.sub(r"«[^«»]*»", " ", rest)
        words = [w for w in re.findall(r"[A-Za-z_][A-Za-z_0-9]+", rest) if w not in KEPT]
        if words:
            bad.append(s)
    return bad


def test_every_shown_string_follows_the_translator(qtbot, wrapping: None) -> None:  # noqa: ANN001
    panel = InsidePanel()
    qtbot.addWidget(panel)
    try:
        _fill_every_readout(panel)
        panel.retranslate()
        strings = shown_strings(panel)
        assert len(strings) > 60
        assert unwrapped(strings) == [], "\n".join(unwrapped(strings))
        # numbers are re-rendered from the current state, inside the translated sentences
        assert "«1 layer»" in panel.pickers.info.text() and "«2 tokens»" in panel.pickers.info.text()
        assert panel.source.text.text() == "«I flew from Paris to Tokyo last week»"
    finally:
        panel.shutdown()


def _fill_every_readout(panel: InsidePanel) -> None:
    """A trace, a history, top-k results, an experiment result and a message: every dynamic text."""
    panel.sel.set_trace(make_trace(n_layer=1, text="ab"))
    stats = SimpleNamespace(frac_neg=[0.5], frac_closed=[0.2], mlp_ratio=[0.1], attn_sink=[0.4],
                            max_abs_h=[2.0], gate_pairs=np.zeros((1, 4, 2)))
    panel.history.set_history([(0, stats), (10, stats)], [10])
    panel.topk.show_results([{"context_text": "abc", "position_in_context": 1, "token": "b",
                              "score": 1.5, "token_index": 7}], "L0 #1", 1000, True)
    metric = SimpleNamespace(metric="val_loss", mean={"gate off": 2.0, "gate on": 1.9},
                             std={"gate off": 0.1, "gate on": 0.1}, noise_floor=0.3, verdict="")
    panel.sink.experiment._on_finished("sink", SimpleNamespace(metrics=[metric], status="finished",
                                                               path="/tmp/x"), "", False)
    panel._say(lambda: panel.tr("Cancelled; the views still show the last trace."))


def test_back_to_english_leaves_nothing_wrapped(qtbot, qapp) -> None:  # noqa: ANN001
    panel = InsidePanel()
    qtbot.addWidget(panel)
    try:
        _fill_every_readout(panel)
        translator = WrappingTranslator()
        QCoreApplication.installTranslator(translator)
        panel.retranslate()
        QCoreApplication.removeTranslator(translator)
        panel.retranslate()
        wrapped = [s for s in shown_strings(panel) if "«" in s]
        assert wrapped == []
        assert panel.source.text.text() == "I flew from Paris to Tokyo last week"
        assert panel.source.message_text() == "Cancelled; the views still show the last trace."
        assert panel.history.step_label.text() == "step 10 (0–10, 2 checkpoints)"
        assert panel.views.tabText(2) == "MLP as a small correction"
    finally:
        panel.shutdown()


def test_plurals_in_english(qtbot) -> None:  # noqa: ANN001
    panel = InsidePanel()
    qtbot.addWidget(panel)
    try:
        one = make_trace(text="a", n_layer=1)
        panel.sel.set_trace(one)
        assert panel.pickers.info.text().endswith("· 1 token")
        assert trace_text(one).startswith("1 token through synthetic")
        panel.views.setCurrentWidget(panel.gates)
        assert "mean over the 1 token:" in panel.gates.stats.text()
        two = make_trace(text="ab", n_layer=2)
        panel.sel.set_trace(two)
        assert panel.pickers.info.text().endswith("· 2 tokens") and "· 2 layers ·" in \
            panel.pickers.info.text()
        assert trace_text(two).startswith("2 tokens through synthetic")
        assert "mean over all 2 tokens:" in panel.gates.stats.text()
    finally:
        panel.shutdown()


def _not_ours(leftovers: list[str]) -> list[str]:
    """Every leftover counts: the gate plane maps inside this tab retranslate too."""
    return leftovers


def test_framework_check_on_every_view_and_a_real_switch(qtbot) -> None:  # noqa: ANN001
    """The shared helpers (visible strings only) on each view in turn, then zh_CN for real."""
    from gatelab.ui.language import set_language

    from .visible_text import fake_translator, unwrapped_strings

    panel = InsidePanel()
    qtbot.addWidget(panel)
    panel.resize(1400, 900)
    panel.show()
    qtbot.waitExposed(panel)
    translator = fake_translator()
    try:
        _fill_every_readout(panel)
        QCoreApplication.installTranslator(translator)
        panel.retranslate()
        for i in range(panel.views.count()):
            panel.views.setCurrentIndex(i)
            qtbot.wait(10)
            assert _not_ours(unwrapped_strings(panel)) == [], panel.views.tabText(i)
        QCoreApplication.removeTranslator(translator)
        set_language("zh_CN")
        panel.retranslate()
        assert panel.views.tabText(0) == "神经元浏览器"
        assert panel.source.examples.text() == "示例"
    finally:
        QCoreApplication.removeTranslator(translator)
        set_language("en")
        panel.retranslate()
        panel.shutdown()
    assert panel.views.tabText(0) == "Neuron explorer"
