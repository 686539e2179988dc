"""The fourth 1280×800 walkthrough of the Inside tab: what a new user saw, checked on screen.

An 8-layer run's history, then a Hugging Face folder: the empty history plot keeps no "L7" tick
and no legend, and no greyed "Trace the text at this step" box stays ticked; the history legend
sits under the plot, off the curves; the loading text fits one line without shrinking the Text
field; the model summary names the dtype and its tooltip holds the whole line; the attention
sink table's headers fit their columns."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

pytest.importorskip("transformers")

from gatelab.ui.inside_panel import InsidePanel  # noqa: E402
from tests.ui.conftest import show_panel  # noqa: E402

TEXT = "ab ba"


@pytest.fixture(scope="module")
def run8(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.core.inside_helpers import train_tiny_run

    run = tmp_path_factory.mktemp("walk4-run") / "run-8"
    train_tiny_run(run, n_layer=8, n_embd=16, steps=4, stats_interval=2, checkpoint_interval=2,
                   eval_interval=4)
    return run


@pytest.fixture(scope="module")
def tiny_hf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.core.inside_helpers import save_hf_model

    return save_hf_model(tmp_path_factory.mktemp("walk4-hf") / "llama", "llama")


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel(), (1280, 800))
    yield p
    p.shutdown()


def _settle() -> None:
    for _ in range(10):
        QApplication.processEvents()


def analyse(qtbot, panel: InsidePanel, kind: str, path: Path, dtype: str = "float32") -> None:  # noqa: ANN001
    panel.source.set_kind(kind)
    if kind == "run":
        panel.source.select_run(str(path))
    else:
        panel.source.hf_path.setText(str(path))
        panel.source.dtype.setCurrentText(dtype)
    panel.source.text.setText(TEXT)
    qtbot.mouseClick(panel.source.analyse, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)
    assert panel.sel.trace is not None, panel.source.message_text()


def _ticks(view) -> list[str]:  # noqa: ANN001
    axis = view.lines.plot.getAxis("bottom")
    if axis._tickLevels is None:  # pyqtgraph keeps set ticks here; None: its own numbers
        return []
    return [label for level in axis._tickLevels for _v, label in level]


def test_a_hf_folder_after_a_run_clears_the_history_view(qtbot, panel: InsidePanel,  # noqa: ANN001
                                                         run8: Path, tiny_hf: Path) -> None:
    analyse(qtbot, panel, "run", run8)
    view = panel.history
    panel.views.setCurrentWidget(view)
    qtbot.waitUntil(lambda: view.entries() > 0, timeout=10000)
    _settle()
    assert "L7" in _ticks(view)
    assert view.legend.isVisible() and view.follow.isVisible()
    assert view.follow.isChecked()
    analyse(qtbot, panel, "hf", tiny_hf)
    qtbot.waitUntil(lambda: view.entries() == 0, timeout=10000)
    _settle()
    assert "no training history" in view.readout.text()
    assert _ticks(view) == []  # no "L0 … L7" of the run before
    assert not view.legend.isVisible()  # no names of curves that are not there
    assert not view.follow.isVisible()  # no greyed, ticked box under "no history"
    analyse(qtbot, panel, "run", run8)  # back to a run: all of it returns
    qtbot.waitUntil(lambda: view.entries() > 0, timeout=10000)
    _settle()
    assert "L7" in _ticks(view) and view.legend.isVisible() and view.follow.isVisible()


def test_the_history_legend_sits_off_the_curves(qtbot, panel: InsidePanel, run8: Path) -> None:  # noqa: ANN001
    analyse(qtbot, panel, "run", run8)
    view = panel.history
    panel.views.setCurrentWidget(view)
    qtbot.waitUntil(lambda: view.entries() > 0, timeout=10000)
    _settle()
    item = view.lines.plot.getPlotItem()
    legend = item.legend
    assert legend is view.legend and legend.isVisible()
    names = [label.item.toPlainText() for _s, label in legend.items]
    assert "closed gates" in names
    box = legend.sceneBoundingRect()
    assert not box.intersects(item.getViewBox().sceneBoundingRect())
    shown = view.lines.plot.mapToScene(view.lines.plot.viewport().rect()).boundingRect()
    for _sample, label in legend.items:
        assert shown.contains(label.sceneBoundingRect()), label.item.toPlainText()


def test_loading_words_fit_one_line_and_the_text_field_keeps_its_width(qtbot, panel: InsidePanel  # noqa: ANN001
                                                                       ) -> None:
    bar = panel.source
    bar.set_kind("hf")
    _settle()
    idle = bar.text.width()
    assert idle > 300
    bar.set_busy(True)
    bar.show_progress(0.0, "checking the model folder")
    _settle()
    assert bar.cancel.isVisible() and bar.progress.isVisible()
    assert bar.text.width() == idle  # the Text field did not give way to the progress
    assert "checking the model folder" not in bar.progress.text()  # not squeezed in the bar
    assert bar.message.isVisible() and bar.message_text() == "checking the model folder"
    line = bar.message.fontMetrics().height()
    assert bar.message.height() < 2 * line  # one line
    assert bar.message.fontMetrics().horizontalAdvance(bar.message_text()) < bar.message.width()
    assert bar.progress.fontMetrics().horizontalAdvance("100%") < bar.progress.width()
    bar.set_busy(False)
    _settle()
    assert bar.text.width() == idle


def test_the_sink_table_headers_fit_at_1280(qtbot, panel: InsidePanel, tiny_hf: Path) -> None:  # noqa: ANN001
    analyse(qtbot, panel, "hf", tiny_hf)
    panel.views.setCurrentWidget(panel.sink)
    _settle()
    table = panel.sink.table
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    for c in range(table.columnCount()):
        item = table.horizontalHeaderItem(c)
        assert metrics.horizontalAdvance(item.text()) + 8 <= header.sectionSize(c), item.text()
        assert item.toolTip()  # the long wording
    assert table.horizontalHeaderItem(4).toolTip() == "max |hidden|"
    # the residual stream's max, never "h" (the neuron output everywhere else in the app)
    assert table.horizontalHeaderItem(4).text() == "max |hidden|"
    # every column on screen: no sideways scrolling to reach "max |hidden|"
    assert table.horizontalScrollBar().maximum() == 0
    assert header.sectionViewportPosition(4) + header.sectionSize(4) <= table.viewport().width()


def test_the_summary_names_the_dtype_and_holds_the_whole_line_in_its_tooltip(  # noqa: ANN001
        qtbot, panel: InsidePanel, tiny_hf: Path, run8: Path) -> None:
    analyse(qtbot, panel, "hf", tiny_hf, dtype="bf16")
    _settle()
    info = panel.pickers.info
    assert info.text().startswith("LlamaForCausalLM") and info.text().endswith(" · bf16")
    assert info.toolTip() == info.text()  # the whole line, however much is shown
    assert info.isVisible() and info.shown_text()
    analyse(qtbot, panel, "hf", tiny_hf, dtype="float32")
    assert info.text().endswith(" · float32")
    analyse(qtbot, panel, "run", run8)  # a run's line names no dtype
    _settle()
    assert "float32" not in info.text() and "bf16" not in info.text()
    assert "8 layers" in info.toolTip()
