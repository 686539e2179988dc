"""Walkthrough s12, the Parameter budget tab: a split saved on a taller screen keeps the charts
readable (P6), opened files come back after a relaunch or say why not (P7), the charts' PNG is
slide-sized (P8) and the preset table keeps the Model column in view when it scrolls (P12)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QSplitter, QTableView

from gatelab.core.budget import write_safetensors_header_only
from gatelab.ui.budget_panel import BudgetPanel
from gatelab.ui.main_window import MainWindow
from gatelab.ui.plot_card_export import EXPORT_LOGICAL_WIDTH, MIN_EXPORT_WIDTH, margin_px
from tests.ui.conftest import settle, show_panel, show_tab_at

GPT2 = {"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4, "n_positions": 128,
        "vocab_size": 500, "_name_or_path": "tiny-gpt2"}


@pytest.fixture
def window(main_window) -> MainWindow:  # noqa: ANN001
    return main_window


def _panel(qtbot, size: tuple[int, int] = (1000, 800)) -> BudgetPanel:  # noqa: ANN001
    return show_panel(qtbot, BudgetPanel(), size)


# -- P6: the charts keep a readable height after a split saved at 1920x1060 -------------------
def test_a_split_from_a_taller_screen_leaves_the_charts_readable(
        qtbot, settings: QSettings) -> None:  # noqa: ANN001
    """The walkthrough's remembered "446,525" at 1280x800: the charts came back in a 327 px
    scroll area, bars thinner than their labels and the export button cut by the edge."""
    settings.setValue("splitters/budget/budget-charts-table", "446,525")
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.show()
    try:
        panel = show_tab_at(qtbot, w, "budget", (1280, 800))
        settle(40)
        assert panel.charts_scroll.verticalScrollBar().maximum() == 0  # nothing scrolled away
        viewport = panel.charts_scroll.viewport()
        button = panel.export_button
        shown = QRect(button.mapTo(viewport, QPoint(0, 0)), button.size())
        assert viewport.rect().contains(shown), (shown, viewport.rect())
        for chart in (panel.matrix_chart, panel.breakdown_chart):
            line = chart.fontMetrics().height()  # rows two lines apart: a label fits its bar
            assert chart.height() >= len(chart.rows) * 2 * line + 3 * line, chart.height()
        tabs = panel.lower_tabs
        assert tabs.height() >= tabs.minimumSizeHint().height()  # the table keeps its minimum
        assert settings.value("splitters/budget/budget-charts-table") == "446,525"
    finally:
        w.shutdown()


def test_a_drag_is_the_users_until_the_next_resize(qtbot, window: MainWindow) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, window, "budget", (1280, 800))
    splitter = window.findChild(QSplitter, "budget-charts-table")
    handle = splitter.handle(1)
    middle = handle.rect().center()
    QTest.mousePress(handle, Qt.MouseButton.LeftButton, pos=middle)
    QTest.mouseMove(handle, middle - QPoint(0, 250))
    QTest.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=middle - QPoint(0, 250))
    settle()
    assert splitter.sizes()[0] < panel.charts_need()  # the drag stands
    window.resize(1280, 820)
    qtbot.waitUntil(lambda: splitter.sizes()[0] >= panel.charts_need(), timeout=3000)
    assert panel.charts_scroll.verticalScrollBar().maximum() == 0


def test_the_windows_least_size_does_not_follow_its_size(qtbot, window: MainWindow) -> None:  # noqa: ANN001
    """A minimum on the charts' pane became the window's least size: it followed the window's
    height and grew as it narrowed (787 px at 816 px wide, taller than a 768 px screen), so on
    the budget tab a window could not be made shorter (re-walk s12)."""
    show_tab_at(qtbot, window, "budget", (1280, 900))
    least = window.minimumSize()
    for size in ((1280, 1000), (900, 700), (300, 200)):
        window.resize(*size)
        settle()
        assert window.minimumSize() == least, size
    assert window.height() == least.height() <= 640 and window.width() == least.width()


# -- P7: opened files come back, or one line says why not -------------------------------------
def _model_files(folder: Path) -> tuple[Path, Path]:
    folder.mkdir()
    config = folder / "config.json"
    config.write_text(json.dumps(GPT2))
    checkpoint = folder / "model.safetensors"
    write_safetensors_header_only(checkpoint, {"wte.weight": ("F16", (500, 64)),
                                               "wpe.weight": ("F16", (128, 64))})
    return config, checkpoint


def _wait_reads(qtbot, panel: BudgetPanel, n: int, start) -> list[bool]:  # noqa: ANN001
    """Run ``start()`` and wait for ``n`` results on screen; their ok flags."""
    done: list[bool] = []
    panel.file_loader().result_applied.connect(lambda _kind, _path, ok: done.append(ok))
    start()
    qtbot.waitUntil(lambda: len(done) >= n, timeout=10000)
    return done


def _in_group(settings: QSettings, action) -> None:  # noqa: ANN001
    settings.beginGroup("panels/budget")  # as the main window calls the panel
    try:
        action(settings)
    finally:
        settings.endGroup()


def _reopened(qtbot, settings: QSettings, config: Path, checkpoint: Path,  # noqa: ANN001
              expected: list[bool], **remembered: str) -> tuple[BudgetPanel, list[str]]:
    """A budget panel that reopens ``config`` and ``checkpoint`` (and any other ``remembered``
    setting) as at start-up, with the status-bar lines it said; ``expected``: which reads
    worked."""
    _in_group(settings, lambda s: [s.setValue(key, value) for key, value in
                                   {"config_file": str(config), "checkpoint_file": str(checkpoint),
                                    **remembered}.items()])
    panel = _panel(qtbot)
    said: list[str] = []
    panel.status_changed.connect(said.append)
    assert _wait_reads(qtbot, panel, 2,
                       lambda: _in_group(settings, panel.restore_settings)) == expected
    return panel, said


def test_the_config_and_checkpoint_come_back_after_a_relaunch(
        qtbot, settings: QSettings, tmp_path: Path) -> None:  # noqa: ANN001
    config, checkpoint = _model_files(tmp_path / "tiny")
    first = _panel(qtbot)
    assert _wait_reads(qtbot, first, 2, lambda: (first.load_config(config),
                                                 first.load_safetensors(checkpoint))) == [True,
                                                                                          True]
    first.lower_tabs.setCurrentIndex(0)  # the presets shown when the window closed
    _in_group(settings, first.save_settings)
    first.shutdown()
    second = BudgetPanel()
    qtbot.addWidget(second)
    ok = _wait_reads(qtbot, second, 2, lambda: _in_group(settings, second.restore_settings))
    assert ok == [True, True]
    assert second.compare_name() == "tiny-gpt2"  # was: Llama-2-7B, silently
    assert second.sources["tiny-gpt2"] == str(config)
    summary = second.checkpoint_view.summary
    assert summary is not None and summary.total == 500 * 64 + 128 * 64
    assert second.lower_tabs.currentIndex() == 0  # not switched to the checkpoint
    assert second.last_error == "" and second.load_note.isHidden()
    second.shutdown()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_file_gone_or_hostile_is_said_in_one_line(qtbot, settings: QSettings,  # noqa: ANN001
                                                     tmp_path: Path) -> None:
    fifo = tmp_path / "model.safetensors"
    os.mkfifo(fifo)
    gone = tmp_path / "moved" / "config.json"
    panel, said = _reopened(qtbot, settings, gone, fifo, [False, False], compare="tiny-gpt2")
    assert panel.compare_name() == "Llama-2-7B"  # the fallback, now said
    lines = panel.load_note.text().splitlines()
    assert panel.load_note.isVisible() and len(lines) == 2
    assert lines[0].startswith("Not reopened: ") and "no such file" in lines[0]
    assert str(gone) in lines[0]
    assert "not a regular file" in lines[1]
    assert lines[0] in said and lines[1] in said  # and in the status bar
    assert panel._error_box is None and panel.last_error == ""  # no dialog at start-up
    _in_group(settings, panel.save_settings)  # a file not reopened is forgotten
    assert settings.value("panels/budget/config_file") == ""
    assert settings.value("panels/budget/checkpoint_file") == ""
    panel.shutdown()


def test_a_config_not_reopened_stays_said_after_the_checkpoint_is(qtbot, settings: QSettings,  # noqa: ANN001
                                                                  tmp_path: Path) -> None:
    """Re-walk s12 N2: the checkpoint, read after the config.json that was gone, put its own
    line in the status bar, and the failure was said there no more."""
    _config, checkpoint = _model_files(tmp_path / "tiny")
    gone = tmp_path / "moved" / "config.json"
    panel, said = _reopened(qtbot, settings, gone, checkpoint, [False, True])
    assert said[-1].startswith("Not reopened: ") and str(gone) in said[-1]
    assert panel.checkpoint_view.summary is not None  # the checkpoint came back
    panel.shutdown()


@pytest.mark.parametrize("value", ["relative/config.json", 7, "x" * 5000, "/a\x00b"])
def test_a_garbled_remembered_path_is_not_read(qtbot, settings: QSettings,  # noqa: ANN001
                                               value: object) -> None:
    _in_group(settings, lambda s: s.setValue("config_file", value))
    panel = _panel(qtbot)
    _in_group(settings, panel.restore_settings)
    assert not panel.file_loader().busy() and panel.load_note.isHidden()
    panel.shutdown()


# -- P8: the charts' PNG is slide-sized, its text at most ~2x ---------------------------------
def test_the_charts_png_is_slide_sized(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    panel = _panel(qtbot, (1000, 800))
    settle()
    charts = panel.charts
    before = charts.size()
    assert EXPORT_LOGICAL_WIDTH <= before.width() < MIN_EXPORT_WIDTH  # was written at this size
    path = tmp_path / "budget.png"
    assert panel.export_chart_png(path)
    image = QImage(str(path))
    edge = margin_px(2.0)  # a margin on every side (s22: the title began at x = 0)
    assert image.width() - 2 * edge == 2 * before.width() >= MIN_EXPORT_WIDTH  # at 2x: text too
    assert abs(image.height() - 2 * edge - 2 * before.height()) <= 2
    assert charts.size() == before  # the screen's layout is back
    panel.shutdown()


def test_a_narrow_charts_png_is_laid_out_wider_not_blown_up(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    panel = _panel(qtbot, (700, 700))
    settle()
    charts = panel.charts
    before = charts.size()
    assert before.width() < EXPORT_LOGICAL_WIDTH
    path = tmp_path / "narrow.png"
    assert panel.export_chart_png(path)
    image = QImage(str(path))
    assert image.width() == MIN_EXPORT_WIDTH + 2 * margin_px(2.0)  # laid out at 600, drawn at 2x
    # not the narrow page scaled up (its text ×(1200 / width)), nor as tall in proportion
    assert image.height() < image.width() * before.height() / before.width()
    assert image.height() >= 2 * (panel.matrix_chart.legible_height()
                                  + panel.breakdown_chart.legible_height())
    assert charts.size() == before
    panel.shutdown()


# -- P12: the Model column stays in view when the table scrolls sideways ----------------------
def _cell_shown(table, index) -> bool:  # noqa: ANN001
    """Whether some view of ``table`` (the table or a view laid over it) shows ``index``'s cell
    uncovered: inside its viewport and, in the table, right of any view laid over it."""
    main = table.view
    for view in [main, *main.findChildren(QTableView)]:
        if not view.isVisible() or view.isColumnHidden(index.column()):
            continue
        rect = view.visualRect(index)
        if not view.viewport().rect().contains(rect.center()):
            continue
        covers = [o.geometry().translated(-main.viewport().pos()) for o in
                  main.findChildren(QTableView) if o.isVisible()] if view is main else []
        if not any(c.intersects(rect) for c in covers):
            return True
    return False


def test_the_qwen_step_shows_the_name_beside_the_cells(qtbot, window: MainWindow) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, window, "budget", (1280, 800))
    step = next(s for s in panel.lesson().steps if "Qwen3.5-0.8B" in s.title)
    assert step.run() is None
    settle()
    table = panel.table
    row = table.view.selectionModel().selectedRows()[0].row()
    assert table.view.horizontalScrollBar().value() > 0  # scrolled sideways, as before
    for column in (0, table.COLUMN_MLP, table.COLUMN_EMBEDDING):
        assert _cell_shown(table, table.proxy.index(row, column)), column
    assert table.proxy.index(row, 0).data() == "Qwen3.5-0.8B"


def test_the_frozen_name_column_sorts_and_follows(qtbot) -> None:  # noqa: ANN001
    panel = _panel(qtbot, (1000, 700))
    settle()
    table = panel.table
    table.view.horizontalScrollBar().setValue(table.view.horizontalScrollBar().maximum())
    table.view.verticalScrollBar().setValue(120)
    settle()
    over = table.view.findChildren(QTableView)[0]
    assert over.verticalScrollBar().value() == 120  # rows stay side by side
    assert over.columnWidth(0) == table.view.columnWidth(0)
    assert over.horizontalHeader().height() == table.view.horizontalHeader().height()
    header = over.horizontalHeader()
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=header.rect().center())
    settle()
    assert table.view.horizontalHeader().sortIndicatorSection() == 0
    names = [row.name for row in table.rows_in_view_order()]
    assert names == sorted(names, key=str.casefold) or names == sorted(names)
    panel.shutdown()
