"""The budget panel: live exact counts, rules, the 8d² bars, presets table, file import, settings."""

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
from gatelab.ui.message_box import plain
from tests.ui.conftest import load_budget_file


@pytest.fixture
def panel(budget_panel: BudgetPanel) -> BudgetPanel:
    return budget_panel


def bar_sums(panel: BudgetPanel) -> dict[str, float]:
    return {label: sum(values) for label, values in panel.matrix_chart.rows}


def test_defaults_show_llama2_exactly(panel: BudgetPanel) -> None:
    assert panel.user_count is not None
    assert panel.user_count.total == 6_738_415_616
    text = panel.readout.text()
    assert "135,266,304" in text and "6,738,415,616" in text and "6.74 B" in text
    assert "+0.78 %" in text  # 11008 vs 8d/3
    assert bar_sums(panel)[panel.tr("Classic 4×")] == pytest.approx(8.0)


def test_typing_huge_width_is_exact(panel: BudgetPanel) -> None:
    assert panel.d_field.set_text_and_commit("1,000,000,000,000")
    assert panel.m_field.set_text_and_commit("4000000000000")
    panel.variant_combo.setCurrentIndex(1)  # classic
    expected = count_model(ModelSpec(hidden=10**12, intermediate=4 * 10**12, n_layer=32,
                                     n_head=32, n_kv_head=32, vocab=32000, gated=False))
    assert panel.user_count is not None
    assert panel.user_count.total == expected.total
    shown = plain(panel.readout.text())  # (may break after a comma: s20)
    assert "8,000,000,000,000,000,000,000,000" in shown  # 2hm, exact


@pytest.mark.parametrize(("text", "message"), [("0", "at least"), ("-5", "at least"),
                                               ("1.5", "whole"), ("abc", "not a number"),
                                               ("", "enter"), ("1e30", "too large"),
                                               ("1e9", "digits: 1000000000")])
def test_bad_sizes_show_message_and_keep_state(panel: BudgetPanel, text: str,
                                               message: str) -> None:
    before = panel.user_count
    assert not panel.d_field.set_text_and_commit(text)
    assert message in panel.d_field.error_text()
    assert panel.d_field.value() == 4096 and panel.user_count is before


def test_live_update_while_typing(panel: BudgetPanel, qtbot) -> None:  # noqa: ANN001
    panel.layers_field.edit.selectAll()
    qtbot.keyClicks(panel.layers_field.edit, "1")
    assert panel.layers_field.value() == 1
    assert panel.user_count.total == (131_072_000 * 2 + 4096 + 67_108_864 + 135_266_304
                                      + 2 * 4096)


def test_rule_buttons_and_toggle(panel: BudgetPanel, qtbot) -> None:  # noqa: ANN001
    panel.d_field.set_text_and_commit("3072")
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
    assert (gate, up, down) == (0.0, 4.0, 4.0)  # same 8d², redistributed over two matrices
    qtbot.mouseClick(panel.toggle_button, Qt.MouseButton.LeftButton)
    assert panel.gated() and panel.m_field.value() == rule_8_3(3072, 1)
    panel.d_field.set_text_and_commit("4096")
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
    assert labels == ["Yours", "Mixtral-8x7B", "Mixtral-8x7B: active"]  # whose bar it is
    assert "46,702,792,704" in panel.compare_note.text()
    active_row = panel.breakdown_chart.rows[2][1]
    assert sum(active_row) == pytest.approx(100 * 12_879_925_248 / 46_702_792_704)
    panel.use_button.click()  # your fields as Mixtral: your active share is drawn too
    labels = [label for label, _ in panel.breakdown_chart.rows]
    assert labels == ["Yours", "Yours: active", "Mixtral-8x7B", "Mixtral-8x7B: active"]
    assert panel.breakdown_chart.rows[1][1] == pytest.approx(active_row)


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
    assert (panel.d_field.value(), panel.m_field.value(), panel.kv_field.value()) == (896, 4864, 2)
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


def test_load_config_ok_and_errors(panel: BudgetPanel, tmp_path: Path, qtbot) -> None:  # noqa: ANN001
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"model_type": "gpt2", "n_embd": 768, "n_layer": 12, "n_head": 12,
                               "n_positions": 1024, "vocab_size": 50257,
                               "_name_or_path": "my-gpt2"}))
    assert load_budget_file(panel, qtbot, "config", cfg)
    assert panel.compare_name() == "my-gpt2"
    assert panel.models["my-gpt2"].total == 124_439_808
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"{\"n_embd\": ")
    with qtbot.waitSignal(panel.error_reported, timeout=5000):
        assert not load_budget_file(panel, qtbot, "config", bad)
    assert "not valid JSON" in panel.last_error
    assert panel._error_box is not None and panel._error_box.isVisible()
    assert "bad.json" in panel._error_box.text()
    assert panel.compare_name() == "my-gpt2"  # previous state kept


def test_load_safetensors_cross_checks_config_beside_it(panel: BudgetPanel, tmp_path: Path,
                                                       qtbot) -> None:  # noqa: ANN001
    d, m, vocab = 32, 64, 50
    cfg = {"model_type": "llama", "hidden_size": d, "intermediate_size": m,
           "num_hidden_layers": 1, "num_attention_heads": 4, "vocab_size": vocab}
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    p = "model.layers.0."
    tensors = {"model.embed_tokens.weight": ("F16", (vocab, d)), "lm_head.weight": ("F16", (vocab, d)),
               "model.norm.weight": ("F16", (d,)), p + "input_layernorm.weight": ("F16", (d,)),
               p + "post_attention_layernorm.weight": ("F16", (d,))}
    for proj in "qkvo":
        tensors[p + f"self_attn.{proj}_proj.weight"] = ("F16", (d, d))
    for proj, shape in (("gate", (m, d)), ("up", (m, d)), ("down", (d, m))):
        tensors[p + f"mlp.{proj}_proj.weight"] = ("F16", shape)
    path = tmp_path / "model.safetensors"
    write_safetensors_header_only(path, tensors)
    assert load_budget_file(panel, qtbot, "safetensors", path)
    view = panel.checkpoint_view
    assert panel.lower_tabs.currentWidget() is view
    last = view.compare_table.rowCount() - 1
    assert view.compare_table.item(last, 3).text() == "0 ✓"
    assert view.tensor_table.rowCount() == len(tensors)
    assert "config.json beside the file" in view.summary_label.text()
    garbage = tmp_path / "garbage.safetensors"
    garbage.write_bytes(b"\xff" * 64)
    assert not load_budget_file(panel, qtbot, "safetensors", garbage)
    assert "header length" in panel.last_error


def test_settings_round_trip_and_garbage(qtbot, settings: QSettings) -> None:  # noqa: ANN001
    a = BudgetPanel()
    qtbot.addWidget(a)
    a.d_field.set_text_and_commit(str(10**12))
    a.variant_combo.setCurrentIndex(1)
    a.select_model("Gemma-2-2B")
    a.save_settings(settings)
    b = BudgetPanel()
    qtbot.addWidget(b)
    b.restore_settings(settings)
    assert b.d_field.value() == 10**12 and not b.gated()
    assert b.compare_name() == "Gemma-2-2B"
    for key in ("d", "m", "layers", "multiple_of", "gated", "compare", "lower_tab"):
        settings.setValue(key, "garbage∞")
    c = BudgetPanel()
    qtbot.addWidget(c)
    c.restore_settings(settings)
    assert c.d_field.value() == 4096 and c.user_count is not None


def test_main_window_builds_the_budget_tab(main_window) -> None:  # noqa: ANN001
    assert isinstance(main_window.show_tab("budget"), BudgetPanel)


def test_safetensors_without_config_compares_with_selected_model(panel: BudgetPanel,
                                                                tmp_path: Path,
                                                                qtbot) -> None:  # noqa: ANN001
    path = tmp_path / "lonely.safetensors"
    write_safetensors_header_only(path, {"model.embed_tokens.weight": ("F16", (32000, 4096))})
    panel.select_model("Llama-2-7B")
    assert load_budget_file(panel, qtbot, "safetensors", path)
    view = panel.checkpoint_view
    assert "Llama-2-7B" in view.summary_label.text()
    rows = {view.compare_table.item(r, 0).text(): view.compare_table.item(r, 3).text()
            for r in range(view.compare_table.rowCount())}
    assert rows[view.group_label("embeddings")] == "0 ✓"
    assert rows[view.group_label("total")] == "{:+,}".format(131_072_000 - 6_738_415_616)


def test_up_down_keys_step_m_by_the_multiple(panel: BudgetPanel, qtbot) -> None:  # noqa: ANN001
    panel.multiple_spin.setValue(128)
    panel.m_field.edit.setFocus()
    qtbot.keyClick(panel.m_field.edit, Qt.Key.Key_Up)
    assert panel.m_field.value() == 11008 + 128
    qtbot.keyClick(panel.m_field.edit, Qt.Key.Key_Down)
    qtbot.keyClick(panel.m_field.edit, Qt.Key.Key_Down)
    assert panel.m_field.value() == 11008 - 128


def test_width_d_saved_under_the_old_key_h_is_still_read(qtbot, settings: QSettings) -> None:  # noqa: ANN001
    settings.setValue("h", "2048")
    panel = BudgetPanel()
    qtbot.addWidget(panel)
    panel.restore_settings(settings)
    assert panel.d_field.value() == 2048
