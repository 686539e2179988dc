"""Regressions from a new user's walkthrough of the inside tab: stale top-k contexts after a
source switch, each card's own CSV, the export dialog's file type and folder, layer/neuron/ε
kept across launches, the rankings following the picked neuron, max |hidden|'s precision, a
failed Analyse keeping the last results, a stale error after picking an example, Enter in the
model folder field, and combos that clip their text at 1280×800."""

from __future__ import annotations

import csv
import dataclasses
import shutil
from pathlib import Path

import numpy as np
import pytest
import torch
from PySide6.QtCore import QCoreApplication, QSettings, Qt, QTranslator
from PySide6.QtWidgets import (
    QComboBox,
    QStyle,
    QStyleOptionComboBox,
)

from gatelab.ui import inside_export
from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import FakeSaveDialog, show_panel

from .inside_synth import make_trace
from .test_inside_panel import analyse, panel, tiny_hf, tiny_run  # noqa: F401 (fixtures)

torch.set_num_threads(1)


def _read_csv(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh))


def _synth(qtbot, **kw: object) -> InsidePanel:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    p.sel.set_trace(make_trace(**kw))  # type: ignore[arg-type]
    return p


# 1 -------------------------------------------------------------------------------------------
def test_top_k_contexts_are_cleared_when_the_source_changes(
        qtbot, panel: InsidePanel, tiny_run: Path, tiny_hf: Path, tmp_path: Path) -> None:  # noqa: ANN001,F811
    def find() -> None:
        qtbot.mouseClick(panel.topk.find_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)
        assert len(panel.topk.found()) == 10, panel.topk.message.text()

    analyse(qtbot, panel, "run", str(tiny_run))
    find()
    assert "L0 #0" in panel.topk.message.text() and panel.topk.results.toPlainText()
    analyse(qtbot, panel, "run", str(tiny_run), "another text")  # same model: still valid
    assert len(panel.topk.found()) == 10 and panel.topk.results.toPlainText()
    other = tmp_path / "other-run"
    shutil.copytree(tiny_run, other)
    analyse(qtbot, panel, "run", str(other))  # another run
    assert panel.topk.found() == [] and panel.topk.results.toPlainText() == ""
    assert panel.topk.message.text() == ""
    find()
    analyse(qtbot, panel, "hf", str(tiny_hf))  # run → Hugging Face model
    assert panel.sel.trace.source_kind == "hf", panel.source.message_text()
    assert panel.topk.found() == [] and panel.topk.results.toPlainText() == ""
    assert "L0 #0" not in panel.topk.message.text()


# 2 -------------------------------------------------------------------------------------------
def test_the_history_scatter_exports_the_dots_it_shows(qtbot, panel: InsidePanel,  # noqa: ANN001,F811
                                                       tiny_run: Path, tmp_path: Path) -> None:  # noqa: F811
    analyse(qtbot, panel, "run", str(tiny_run))
    history = panel.history
    qtbot.waitUntil(lambda: len(history.dots.data) > 0, timeout=20000)
    panel.sel.set_layer(1)
    history.set_index(0)
    x, y = history.dots.getData()
    out = history.cloud.export(tmp_path / "cloud.csv")
    rows = _read_csv(out)
    assert rows[0] == ["step", "layer", "neuron", "g", "u"]
    step = history.current_step()
    assert [r[:3] for r in rows[1:]] == [[str(step), "1", str(n)] for n in range(len(x))]
    np.testing.assert_allclose([[float(r[3]), float(r[4])] for r in rows[1:]],
                               np.column_stack([x, y]))
    assert _read_csv(history.lines.export(tmp_path / "lines.csv"))[0][:2] == ["step", "layer"]


# 3 -------------------------------------------------------------------------------------------


def test_the_chosen_file_type_names_the_file_and_the_folder_is_remembered(
        qtbot, dialog: FakeSaveDialog, tmp_path: Path) -> None:  # noqa: ANN001
    p = _synth(qtbot)
    try:
        first, second = tmp_path / "first", tmp_path / "second"
        first.mkdir()
        second.mkdir()
        cases = [(p.rankings.export_button, first / "ranks", "CSV data (*.csv)", "ranks.csv"),
                 (p.rankings.export_button, first / "ranks", "PNG image (*.png)", "ranks.png"),
                 (p.shaded.export_button, second / "text", "HTML page (*.html)", "text.html"),
                 (p.topk.export_button, second / "ctx", "SVG drawing (*.svg)", "ctx.svg")]
        for button, path, chosen, name in cases:
            dialog.answer = (str(path), chosen)
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            assert dialog.warnings == [] and (path.parent / name).is_file(), name
        assert _read_csv(first / "ranks.csv")[0][:2] == ["ranking", "rank"]
        assert (second / "text.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html")
        # a plot card (PlotCard's own dialog) too, and the dialog opens where the last one wrote
        dialog.answer = (str(first / "sink"), "CSV data (*.csv)")
        qtbot.mouseClick(p.sink.card.export_button, Qt.MouseButton.LeftButton)
        assert dialog.warnings == [] and _read_csv(first / "sink.csv")[0][0] == "layer"
        assert Path(dialog.opened_at[-1]).parent == second
        assert Path(dialog.opened_at[-1]).name == "first-token-attention-share-mean-over.png"
        qtbot.mouseClick(p.rankings.export_button, Qt.MouseButton.LeftButton)
        assert Path(dialog.opened_at[-1]) == first / "rankings.csv"
        # a typed suffix wins over the filter
        dialog.answer = (str(first / "mine.svg"), "CSV data (*.csv)")
        qtbot.mouseClick(p.rankings.export_button, Qt.MouseButton.LeftButton)
        assert (first / "mine.svg").read_bytes().lstrip().startswith(b"<?xml")
        # the folder survives a restart (the tab's QSettings)
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        p.save_settings(settings)
        inside_export.set_export_folder("")
        other = InsidePanel()
        qtbot.addWidget(other)
        other.restore_settings(settings)
        qtbot.mouseClick(other.rankings.export_button, Qt.MouseButton.LeftButton)
        assert Path(dialog.opened_at[-1]) == first / "rankings.csv"
        other.shutdown()
    finally:
        p.shutdown()


# 4 -------------------------------------------------------------------------------------------
def test_layer_neuron_and_eps_are_remembered_and_clamped_to_the_next_model(
        qtbot, tiny_hf: Path, tmp_path: Path) -> None:  # noqa: ANN001,F811
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    p = _synth(qtbot, n_layer=3, m=64)
    try:
        p.pickers.layer.setCurrentIndex(2)
        p.pickers.neuron.setValue(60)
        p.gates.eps.setValue(0.25)
        p.save_settings(settings)
    finally:
        p.shutdown()
    # a launch that never analyses keeps them for the next one
    idle = InsidePanel()
    qtbot.addWidget(idle)
    idle.restore_settings(settings)
    assert idle.gates.eps.value() == pytest.approx(0.25)
    idle.save_settings(settings)
    idle.shutdown()
    q = show_panel(qtbot, InsidePanel())
    try:
        q.restore_settings(settings)
        assert q.gates.eps.value() == pytest.approx(0.25)
        q.source.device.setCurrentText("cpu")
        analyse(qtbot, q, "hf", str(tiny_hf))  # 2 layers of 48 neurons
        assert q.sel.has_trace(), q.source.message_text()
        assert q.pickers.layer.currentIndex() == 1 and q.pickers.layer.currentText() == "L1"
        assert q.pickers.neuron.value() == 47 and q.gates.eps.value() == pytest.approx(0.25)
        assert "L1 #47" in q.shaded.title.text()
    finally:
        q.shutdown()


def test_bad_remembered_picks_are_ignored(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    for key, value in (("layer", "-3"), ("neuron", "x"), ("eps", "1e9")):
        settings.setValue(key, value)
    p = _synth(qtbot, n_layer=3)
    try:
        p.restore_settings(settings)
        assert p.sel.eps is None and p.pickers.layer.currentIndex() == 0
        assert p.pickers.neuron.value() == 0 and p.pending is None
    finally:
        p.shutdown()


# 5 -------------------------------------------------------------------------------------------
def _selected_neurons(table) -> list[int]:  # noqa: ANN001
    rows = sorted({i.row() for i in table.selectedItems()})
    return [int(table.item(r, 0).data(Qt.ItemDataRole.UserRole)) for r in rows]


def test_the_rankings_highlight_follows_the_neuron_picked_elsewhere(qtbot) -> None:  # noqa: ANN001
    p = _synth(qtbot, m=80, plant=(0, 11, 12, 17))
    try:
        table = p.rankings.selective
        ranked = [int(table.item(r, 0).data(Qt.ItemDataRole.UserRole))
                  for r in range(table.rowCount())]
        assert len(ranked) == 50
        p.pickers.neuron.setValue(ranked[7])  # the neuron box
        assert _selected_neurons(table) == [ranked[7]]
        assert table.item(7, 0).isSelected()
        unranked = next(n for n in range(80) if n not in ranked)
        p.pickers.neuron.setValue(unranked)
        assert _selected_neurons(table) == []
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                         pos=table.visualItemRect(table.item(3, 1)).center())  # and back
        assert p.sel.neuron == ranked[3] and p.pickers.neuron.value() == ranked[3]
        assert _selected_neurons(table) == [ranked[3]]
        p.sel.set_span(12, 17)  # the span ranking too: the planted neuron leads it
        assert p.rankings.span_ranking()[0][0] == 11
        p.sel.set_neuron(11)
        assert _selected_neurons(p.rankings.span_table) == [11]
        p.sel.set_layer(1)  # a new layer's ranking shows the (kept) neuron where it is ranked
        assert _selected_neurons(table) in ([p.sel.neuron], [])
    finally:
        p.shutdown()


# 6 -------------------------------------------------------------------------------------------
def test_max_hidden_has_four_significant_digits(qtbot) -> None:  # noqa: ANN001
    trace = make_trace(n_layer=4)
    values = (1053.2139, 94.12345, 0.512345, 0.0001234)
    trace = dataclasses.replace(trace, layers=[dataclasses.replace(lt, max_abs_hidden=v)
                                               for lt, v in zip(trace.layers, values)])
    p = show_panel(qtbot, InsidePanel())
    try:
        p.sel.set_trace(trace)
        shown = [p.sink.table.item(i, 4).text() for i in range(4)]
        assert shown == ["1053", "94.12", "0.5123", "1.2340e\u221204"]
    finally:
        p.shutdown()


# 7 -------------------------------------------------------------------------------------------
def test_a_failed_analyse_keeps_the_last_results_and_says_why(
        qtbot, panel: InsidePanel, tiny_run: Path, tmp_path: Path) -> None:  # noqa: ANN001,F811
    analyse(qtbot, panel, "run", str(tiny_run))
    qtbot.waitUntil(lambda: len(panel.history.dots.data) > 0, timeout=20000)
    panel.sel.set_neuron(5, layer=1)
    info, tokens = panel.pickers.info.text(), panel.sel.trace.tokens
    bad = tmp_path / "not-a-model"
    bad.mkdir()
    analyse(qtbot, panel, "hf", str(bad))
    shown = panel.source.message_text()
    assert "Could not analyse" in shown and "not a model folder" in shown
    assert "still show the last trace" in shown and "c0392b" in panel.source.message.styleSheet()
    assert panel.pages.currentIndex() == 1 and panel.pickers.info.text() == info
    assert panel.sel.trace.tokens == tokens and "L1 #5" in panel.shaded.title.text()
    assert len(panel.history.dots.data) > 0 and "HF" not in panel.history.readout.text()
    assert panel.topk.find_button.isEnabled()  # still searching the run on show
    analyse(qtbot, panel, "run", str(tmp_path / "nowhere"))  # and again
    assert "no such run folder" in panel.source.message_text() and panel.sel.has_trace()


# 8 -------------------------------------------------------------------------------------------
def test_picking_an_example_clears_a_stale_error(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001,F811
    panel.source.set_kind("hf")
    panel.source.hf_path.setText("/models/somewhere")
    panel.source.text.setText("")
    assert not panel.analyse()
    assert "Type a text" in panel.source.message_text()
    assert "c0392b" in panel.source.message.styleSheet()
    action = panel.source.examples.menu().actions()[1]
    action.trigger()
    assert panel.source.text.text() == action.text()
    assert panel.source.message_text() == ""
    assert "c0392b" not in panel.source.message.styleSheet()
    panel.retranslate()  # and it does not come back with a language switch
    assert panel.source.message_text() == ""


# 9 -------------------------------------------------------------------------------------------
def test_enter_in_the_model_folder_field_loads_it(qtbot, panel: InsidePanel,  # noqa: ANN001,F811
                                                  tiny_hf: Path) -> None:  # noqa: F811
    panel.source.set_kind("hf")
    panel.source.device.setCurrentText("cpu")
    panel.source.hf_path.setText(str(tiny_hf))
    panel.source.hf_path.setFocus()
    qtbot.keyClick(panel.source.hf_path, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.sel.has_trace() and not panel.runner.is_busy(), timeout=60000)
    assert panel.sel.trace.source_kind == "hf" and panel.pages.currentIndex() == 1
    assert "through" in panel.source.message_text()


# 10 ------------------------------------------------------------------------------------------
def _text_fits(combo: QComboBox) -> bool:
    """Whether the combo's text field holds its longest item without clipping."""
    opt = QStyleOptionComboBox()
    combo.initStyleOption(opt)
    room = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                        QStyle.SubControl.SC_ComboBoxEditField, combo)
    fm = combo.fontMetrics()
    need = max(fm.horizontalAdvance(combo.itemText(i)) for i in range(combo.count()))
    return need <= room.width()


class _Longer(QTranslator):
    """A language whose words are longer (German-like): every string gets a suffix."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        return source + " (übersetzt)"

    def isEmpty(self) -> bool:  # noqa: N802 (Qt's name)
        return False


def test_the_source_and_layer_combos_do_not_clip_at_1280x800(qtbot, main_window) -> None:  # noqa: ANN001
    main_window.resize(1280, 800)
    p = main_window.show_tab("inside")
    qtbot.wait(30)
    p.sel.set_trace(make_trace(n_layer=2))  # a model with short labels first ("L0")
    qtbot.wait(30)
    p.sel.set_trace(make_trace(n_layer=4, linear_layers=(0, 2)))  # then Qwen3.5's
    p.source.set_kind("hf")
    qtbot.wait(30)
    assert p.pickers.layer.itemText(0) == "L0 (linear attention)"  # words, not the HF key
    assert [p.sink.table.item(i, 1).text() for i in range(4)] == [
        "linear attention", "full attention", "linear attention", "full attention"]
    assert _text_fits(p.pickers.layer), p.pickers.layer.width()
    assert _text_fits(p.source.kind), p.source.kind.width()
    translator = _Longer()
    QCoreApplication.installTranslator(translator)
    try:
        p.retranslate()
        qtbot.wait(30)
        assert p.source.kind.itemText(2).endswith("(übersetzt)")
        assert _text_fits(p.source.kind), p.source.kind.width()
        assert p.pickers.layer.itemText(0) == "L0 (linear attention (übersetzt))"
        assert p.sink.table.item(1, 1).text() == "full attention (übersetzt)"
    finally:
        QCoreApplication.removeTranslator(translator)
        p.retranslate()
