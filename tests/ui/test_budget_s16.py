"""Budget tab at the default 1280×800: a MoE row says it is one at a glance, whatever the
Model column's width elides, and the copy still spells the meaning out; a shown checkpoint's
part and group tables are whole."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gatelab.core.budget import write_safetensors_header_only


def _settle(window) -> None:  # noqa: ANN001
    window.resize(1280, 800)
    for _ in range(10):
        QApplication.processEvents()


def test_moe_rows_keep_their_mark_on_screen_at_1280(qtbot, main_window) -> None:  # noqa: ANN001
    panel = main_window.show_tab("budget")
    _settle(main_window)
    table = panel.table
    view, header, model = table.view, table.view.horizontalHeader(), table.model
    moe = [r for r, row in enumerate(model.rows) if row.moe]
    assert len(moe) >= 5  # gpt-oss, Qwen3 and Qwen3.5 MoE, Mixtral, Llama 4, DeepSeek-V3
    room = header.sectionSize(0) - 2 * view.style().pixelMetric(
        view.style().PixelMetric.PM_FocusFrameHMargin) - 4
    names = []
    for r in moe:
        text = model.data(model.index(r, 0))
        shown = view.fontMetrics().elidedText(text, Qt.TextElideMode.ElideMiddle, room)
        assert shown.endswith("(MoE)"), (text, shown)
        names.append(model.rows[r].name)
        tip = model.data(model.index(r, 2), Qt.ItemDataRole.ToolTipRole)
        assert "one expert" in tip and "Active / token" in tip
    assert any(view.fontMetrics().horizontalAdvance(model.data(model.index(r, 0))) > room
               for r in moe)  # the case that lost the mark before: a long name, elided
    dense = next(r for r, row in enumerate(model.rows) if not row.moe and row.exact)
    assert model.data(model.index(dense, 2), Qt.ItemDataRole.ToolTipRole) is None
    copied = table.markdown()
    assert all(f"{name} (MoE: one expert)" in copied for name in names)


def _visible_rows(table) -> int:  # noqa: ANN001
    """Rows whose whole height is inside the table's viewport."""
    port = table.viewport().height()
    return sum(1 for r in range(table.rowCount())
               if table.rowViewportPosition(r) >= 0
               and table.rowViewportPosition(r) + table.rowHeight(r) <= port)


def test_checkpoint_tables_whole_at_1280_then_charts_back(
        qtbot, main_window, tmp_path: Path) -> None:  # noqa: ANN001
    """At 1280×800 the part and group tables showed three rows each, "Difference" cut off
    (walkthrough s15): a shown checkpoint now gets their height, the presets the charts'."""
    panel = main_window.show_tab("budget")
    _settle(main_window)
    charts_before = panel.splitter.sizes()[0]
    path = _llama_checkpoint(tmp_path)
    with qtbot.waitSignal(panel.file_loader().result_applied, timeout=30000) as blocker:
        panel.load_safetensors(path)
    assert blocker.args[2]
    view = panel.checkpoint_view
    assert panel.lower_tabs.currentWidget() is view
    qtbot.waitUntil(lambda: _visible_rows(view.compare_table) == view.compare_table.rowCount(),
                    timeout=5000)
    assert _visible_rows(view.group_table) == view.group_table.rowCount() >= 5
    for table in (view.compare_table, view.group_table):
        assert table.horizontalScrollBar().maximum() == 0  # every column whole, no sideways
        header = table.horizontalHeader()
        last = header.count() - 1
        assert header.sectionSize(last) >= header.sectionSizeHint(last)
    assert view.tensor_table.width() >= 200  # the tensor list keeps room beside them
    assert panel.splitter.sizes()[0] >= panel.CHARTS_LEAST
    panel.lower_tabs.setCurrentWidget(panel.table)
    qtbot.waitUntil(lambda: panel.splitter.sizes()[0] >= min(charts_before, panel.charts_need()),
                    timeout=5000)


def _llama_checkpoint(folder: Path) -> Path:
    """A header-only Llama checkpoint (2 layers) with its config.json beside it."""
    d, m, vocab, layers = 64, 176, 300, 2
    cfg = {"model_type": "llama", "hidden_size": d, "intermediate_size": m,
           "num_hidden_layers": layers, "num_attention_heads": 4, "vocab_size": vocab}
    (folder / "config.json").write_text(json.dumps(cfg))
    tensors = {"model.embed_tokens.weight": ("F16", (vocab, d)),
               "lm_head.weight": ("F16", (vocab, d)), "model.norm.weight": ("F16", (d,))}
    for layer in range(layers):
        p = f"model.layers.{layer}."
        tensors[p + "input_layernorm.weight"] = ("F16", (d,))
        tensors[p + "post_attention_layernorm.weight"] = ("F16", (d,))
        for proj in "qkvo":
            tensors[p + f"self_attn.{proj}_proj.weight"] = ("F16", (d, d))
        for proj, shape in (("gate", (m, d)), ("up", (m, d)), ("down", (d, m))):
            tensors[p + f"mlp.{proj}_proj.weight"] = ("F16", shape)
    path = folder / "model.safetensors"
    write_safetensors_header_only(path, tensors)
    return path
