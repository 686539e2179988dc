"""The budget panel: live exact counts, rules, the 8h² bars, presets table, file import, settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication, QImage

from gatelab.core.budget import (
    ModelSpec,
    count_from_hf_config,
    count_model,
    ffn_params,
    rule_8_3,
    write_safetensors_header_only,
)
from gatelab.ui.budget_panel import BudgetPanel


@pytest.fixture
def panel(qtbot) -> BudgetPanel:  # noqa: ANN001
    p = BudgetPanel()
    qtbot.addWidget(p)
    p.resize(1400, 900)
    p.show()
    yield p
    if p._error_box is not None:
        p._error_box.close()


def load(panel: BudgetPanel, qtbot, kind: str, path: Path) -> bool:  # noqa: ANN001
    """Start a background read and wait until its result is on screen; True when it worked."""
    with qtbot.waitSignal(panel.file_loader().sig_applied, timeout=10000) as blocker:
        getattr(panel, f"load_{kind}")(path)
    return bool(blocker.args[2])


def bar_sums(panel: BudgetPanel) -> dict[str, float]:
    return {label: sum(values) for label, values in panel.matrix_chart.rows}


def test_defaults_show_llama2_exactly(panel: BudgetPanel) -> None:
    assert panel.user_count is not None
    assert panel.user_count.total == 6_738_415_616
    text = panel.readout.text()
    assert "135,266,304" in text and "6,738,415,616" in text and "6.74 B" in text
    assert "+0.78 %" in text  # 11008 vs 8h/3
    assert bar_sums(panel)[panel.tr("Classic 4×")] == pytest.approx(8.0)


def test_typing_huge_width_is_exact(panel: BudgetPanel) -> None:
    assert panel.h_field.set_text_and_commit("1,000,000,000,000")
    assert panel.m_field.set_text_and_commit("4000000000000")
    panel.variant_combo.setCurrentIndex(1)  # classic
    expected = count_model(ModelSpec(hidden=10**12, intermediate=4 * 10**12, n_layer=32,
                                     n_head=32, n_kv_head=32, vocab=32000, gated=False))
    assert panel.user_count is not None
    assert panel.user_count.total == expected.total
    assert "8,000,000,000,000,000,000,000,000" in panel.readout.text()  # 2hm, exact


@pytest.mark.parametrize(("text", "message"), [("0", "at least"), ("-5", "at least"),
                                               ("1.5", "whole"), ("abc", "not a number"),
                                               ("", "enter"), ("1e30", "digits")])
def test_bad_sizes_show_message_and_keep_state(panel: BudgetPanel, text: str,
                                               message: str) -> None:
    before = panel.user_count
    assert not panel.h_field.set_text_and_commit(text)
    assert message in panel.h_field.error_text()
    assert panel.h_field.value() == 4096 and panel.user_count is before


def test_live_update_while_typing(panel: BudgetPanel, qtbot) -> None:  # noqa: ANN001
    panel.layers_field.edit.selectAll()
    qtbot.keyClicks(panel.layers_field.edit, "1")
    assert panel.layers_field.value() == 1
    assert panel.user_count.total == (131_072_000 * 2 + 4096 + 67_108_864 + 135_266_304
                                      + 2 * 4096)


def test_rule_buttons_and_toggle(panel: BudgetPanel, qtbot) -> None:  # noqa: ANN001
    panel.h_field.set_text_and_commit("3072")
    panel.multiple_spin.setValue(1)
    qtbot.mouseClick(panel.four_button, Qt.MouseButton.LeftButton)
    assert panel.m_field.value() == 4 * 3072
    qtbot.mouseClick(panel.rule_button, Qt.MouseButton.LeftButton)
    assert panel.gated() and panel.m_field.value() == 8192
    yours = panel.tr("Yours")
    assert bar_sums(panel)[yours] == pytest.approx(8.0)
    gate, up, down = dict(panel.matrix_chart.rows)[yours]
    assert gate == up == down == pytest.approx(8 / 3)
    qtbot.mouseClick(panel.toggle_button, Qt.MouseButton.LeftButton)
    assert not panel.gated() and panel.m_field.value() == 12288
    gate, up, down = dict(panel.matrix_chart.rows)[yours]
    assert (gate, up, down) == (0.0, 4.0, 4.0)  # same 8h², redistributed over two matrices
    qtbot.mouseClick(panel.toggle_button, Qt.MouseButton.LeftButton)
    assert panel.gated() and panel.m_field.value() == rule_8_3(3072, 1)
    panel.h_field.set_text_and_commit("4096")
    panel.multiple_spin.setValue(256)
    qtbot.mouseClick(panel.llama_button, Qt.MouseButton.LeftButton)
    assert panel.m_field.value() == 11008
    panel.bias_check.setChecked(True)
    assert "{:,}".format(ffn_params(4096, 11008, True, True)) in panel.readout.text()


def test_inconsistent_heads_show_error_and_keep_previous(panel: BudgetPanel) -> None:
    before = panel.user_count
    panel.kv_field.set_text_and_commit("5")
    assert panel.model_error.isVisibleTo(panel)
    assert "KV heads" in panel.model_error.text()
    assert panel.user_count is before
    panel.kv_field.set_text_and_commit("8")
    assert not panel.model_error.isVisibleTo(panel)
    assert panel.user_count.total == 6_738_415_616 - 32 * 2 * 3072 * 4096


def test_moe_model_shows_total_and_active(panel: BudgetPanel) -> None:
    panel.select_model("Mixtral-8x7B")
    labels = [label for label, _ in panel.breakdown_chart.rows]
    assert len(labels) == 3 and labels[2] == panel.tr("active / token")
    assert "46,702,792,704" in panel.compare_note.text()
    active_row = panel.breakdown_chart.rows[2][1]
    assert sum(active_row) == pytest.approx(100 * 12_879_925_248 / 46_702_792_704)


def test_inexact_model_says_so(panel: BudgetPanel) -> None:
    # every preset is exact now (DeepSeek-V3's MLA included); an unknown family is not
    cfg = {"model_type": "brandnew", "hidden_size": 4096, "intermediate_size": 11008,
           "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000}
    panel.models["brandnew"] = count_from_hf_config(cfg)
    panel._fill_compare_combo("Llama-2-7B")
    panel.select_model("brandnew")
    note = panel.compare_note.text()
    assert "Not exact" in note and "brandnew" in note and "estimate" in note
    assert "6,738,415,616" not in note  # no exact-looking total for an estimate


def test_load_into_fields(panel: BudgetPanel) -> None:
    panel.select_model("Qwen2.5-0.5B")
    panel.use_button.click()
    assert (panel.h_field.value(), panel.m_field.value(), panel.kv_field.value()) == (896, 4864, 2)
    assert panel.tie_check.isChecked()
    # the fields express the architecture minus qkv biases
    assert panel.user_count.total == 494_032_768 - 24 * (896 + 2 * 128)


def test_table_sorts_by_value_and_copies(panel: BudgetPanel, qtbot) -> None:  # noqa: ANN001
    table = panel.table
    table.view.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    ds = [row.d for row in table.rows_in_view_order()]
    assert ds == sorted(ds, reverse=True) and ds[0] == 8192
    table.view.sortByColumn(4, Qt.SortOrder.AscendingOrder)
    ffn = [row.ffn_params for row in table.rows_in_view_order()]
    assert ffn == sorted(ffn)  # by value: 9,437,184 sorts below 13,074,432
    table.copy_md_button.click()
    md = QGuiApplication.clipboard().text()
    assert "| Llama-2-7B | 4,096 | 11,008 | 2.688 | 135,266,304 |" in md
    table.copy_csv_button.click()
    assert "Llama-2-7B,4096,11008," in QGuiApplication.clipboard().text()


def test_export_png(panel: BudgetPanel, tmp_path: Path) -> None:
    path = tmp_path / "chart.png"
    assert panel.export_chart_png(path)
    image = QImage(str(path))
    assert image.width() > 300 and image.height() > 200


def test_export_png_refuses_a_fifo(panel: BudgetPanel, tmp_path: Path) -> None:
    """Saving the charts onto an existing FIFO blocked the GUI thread (probe, issue 8)."""
    import os
    import subprocess
    import sys
    import time
    fifo = tmp_path / "chart.png"
    os.mkfifo(fifo)
    # another process unblocks the old code after 3 s by draining the FIFO (it then "succeeds");
    # a thread cannot: the blocked save() holds the GIL
    drain = ("import os, sys, time; time.sleep(3); fd = os.open(sys.argv[1], os.O_RDONLY | "
             "os.O_NONBLOCK); end = time.monotonic() + 5\n"
             "while time.monotonic() < end:\n"
             "    try: os.read(fd, 65536) or time.sleep(0.05)\n"
             "    except BlockingIOError: time.sleep(0.05)")
    rescuer = subprocess.Popen([sys.executable, "-c", drain, str(fifo)])
    try:
        t0 = time.monotonic()
        assert panel.export_chart_png(fifo) is False  # on the GUI thread, as the button calls it
        assert time.monotonic() - t0 < 2 and "not a regular file" in panel.last_error
    finally:
        rescuer.kill()
        rescuer.wait()
