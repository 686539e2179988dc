"""The budget tab's panel protocol: retranslate, state()/apply_state(), d/m naming, table fit."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractButton, QComboBox, QGroupBox, QLabel, QTabWidget, QTableView, QTableWidget, QWidget,
)

from gatelab.ui.budget_panel import BudgetPanel
from tests.ui.visible_text import FakeTranslator, unwrapped_strings
from tests.ui.test_budget_panel import panel  # noqa: F401 (the shown BudgetPanel fixture)


WrapTranslator = FakeTranslator  # every lookup comes back as «source»


@pytest.fixture
def wrapped() -> Iterator[None]:
    translator = WrapTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        yield
    finally:
        QCoreApplication.removeTranslator(translator)


def visible_strings(panel: BudgetPanel) -> list[str]:
    """Texts, titles, tooltips, items, headers and plot labels a learner can see in the tab."""
    out: list[str] = []
    for w in [panel, *panel.findChildren(QWidget)]:
        out.append(w.toolTip())
        if not w.isVisibleTo(panel) and w is not panel:
            continue
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append(w.text())
        elif isinstance(w, QGroupBox):
            out.append(w.title())
        elif isinstance(w, QComboBox) and w is not panel.compare_combo:  # names: proper nouns
            out += [w.itemText(i) for i in range(w.count())]
        elif isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())]
        elif isinstance(w, (QTableView, QTableWidget)):
            model = w.model()
            for c in range(model.columnCount()):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    out.append(str(model.headerData(c, Qt.Orientation.Horizontal, role) or ""))
            out += [str(model.index(r, 0).data() or "") for r in range(model.rowCount())]
    for chart in (panel.matrix_chart, panel.breakdown_chart):
        item = chart.getPlotItem()
        out.append(item.getAxis("bottom").labelText)
        out += [label for _y, label in item.getAxis("left")._tickLevels[0]]
        out += [child.label.format for child in item.items if isinstance(child, pg.InfiniteLine)]
    return [s for s in out if s]


def english_outside_guillemets(text: str, kept: set[str]) -> list[str]:
    """Words of two or more Latin letters left after removing «…» parts, tags and kept terms."""
    while True:
        stripped = re.sub(r"«[^«»]*»", " ", text)
        if stripped == text:
            break
        text = stripped
    text = re.sub(r"<[^>]+>|&\w+;", " ", text)
    for term in sorted(kept, key=len, reverse=True):
        text = text.replace(term, " ")
    return re.findall(r"[A-Za-z]{2,}", text)


def test_retranslate_routes_every_visible_string_through_tr(panel: BudgetPanel,
                                                            wrapped: None) -> None:
    panel.select_model("Mixtral-8x7B")  # MoE rows and the "active / token" bar
    panel.retranslate()
    kept = set(panel.models) | set(panel.sources.values()) | {"SwiGLU", "GeGLU", "d²", "MoE"}
    bad = {s: words for s in visible_strings(panel)
           if (words := english_outside_guillemets(s, kept))}
    assert not bad, bad
    # the framework's walker (plot items, tooltips, …); preset names are proper nouns
    assert not unwrapped_strings(panel, extra_allowed=("small", "base"))
    assert panel.form_labels["d"].text() == "«Width d»"
    assert panel.table.headers[8] == "«Total»"
    assert panel.matrix_chart.getPlotItem().getAxis("bottom").labelText == \
        "«FFN weights per layer, in units of d²»"


def test_retranslate_rewords_the_load_note_and_a_field_error(panel: BudgetPanel) -> None:
    panel.select_model("Mixtral-8x7B")
    panel.load_compare_into_fields()
    assert not panel.d_field.set_text_and_commit("abc")
    translator = WrapTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        panel.retranslate()
        assert panel.load_note.isVisible() and panel.load_note.text().startswith("«")
        assert panel.d_field.error_text().startswith("«")
    finally:
        QCoreApplication.removeTranslator(translator)
    panel.retranslate()
    assert panel.form_labels["d"].text() == "Width d"
    assert "«" not in panel.readout.text()


def test_budget_labels_say_d_and_m_never_h(panel: BudgetPanel) -> None:
    """Issue 12: h is the neuron output on the gate plane; the budget tab names d and m."""
    texts = visible_strings(panel) + [panel.readout.text()]
    assert not [t for t in texts if re.search(r"\bh\b|h²|\dh\b|·h", t)]
    assert panel.form_labels["d"].text() == "Width d" and panel.form_labels["m"].text() == "Width m"
    assert "3·d·m = 135,266,304" in panel.readout.text()
    assert panel.table.headers[1:4] == ["d", "m", "m ÷ d"]


def changed(panel: BudgetPanel) -> None:
    panel.d_field.set_text_and_commit("2048")
    panel.m_field.set_text_and_commit("8192")
    panel.variant_combo.setCurrentIndex(1)
    panel.multiple_spin.setValue(64)
    panel.bias_check.setChecked(True)
    panel.tie_check.setChecked(True)
    panel.experts_field.set_text_and_commit("8")
    panel.active_field.set_text_and_commit("2")
    panel.select_model("Qwen3.5-0.8B")
    panel.lower_tabs.setCurrentIndex(1)


def test_state_round_trips_on_the_same_and_a_fresh_panel(panel: BudgetPanel, qtbot) -> None:  # noqa: ANN001
    changed(panel)
    state = panel.state()
    assert json.loads(json.dumps(state)) == state
    assert state == {"preset": "Qwen3.5-0.8B", "d": 2048, "m": 8192, "layers": 32, "heads": 32,
                     "kv_heads": 32, "vocab": 32000, "experts": 8, "active_experts": 2,
                     "gated": False, "bias": True, "tie": True, "multiple_of": 64,
                     "view": "checkpoint"}
    total = panel.user_count.total
    panel.apply_state(state)
    assert panel.state() == state
    fresh = BudgetPanel()
    qtbot.addWidget(fresh)
    fresh.apply_state(state)
    assert fresh.state() == state
    assert fresh.user_count.total == total
    assert fresh.readout.text() == panel.readout.text()
    fresh.m_field.edit.setFocus()
    assert fresh.m_field._step == 64  # Up/Down step by the restored multiple


def test_partial_state_keeps_the_rest_and_ignores_unknown_keys(panel: BudgetPanel) -> None:
    before = panel.state()
    panel.apply_state({"d": 1024, "colour": "blue", "preset": "not loaded in this session"})
    after = panel.state()
    assert after == {**before, "d": 1024}
    assert "3·d·m = 33,816,576" in panel.readout.text()  # 3 × 1024 × 11008


@pytest.mark.parametrize("bad", [
    {"d": -1}, {"d": 0}, {"d": 10**400}, {"d": "4096"}, {"d": 4096.0}, {"d": math.nan},
    {"d": True}, {"m": None}, {"experts": -1}, {"active_experts": 0}, {"multiple_of": 0},
    {"multiple_of": 65537}, {"gated": "yes"}, {"bias": 1}, {"preset": 7}, {"preset": "x" * 5000},
    {"view": "charts"}, {"vocab": list(range(100000))}, [1, 2], "state", None,
    {"d": 2048, "m": -5},  # one bad key: the good one must not be applied either
])
def test_bad_states_raise_and_change_nothing(panel: BudgetPanel, bad: object) -> None:
    changed(panel)
    before, readout = panel.state(), panel.readout.text()
    with pytest.raises(ValueError) as info:
        panel.apply_state(bad)  # type: ignore[arg-type]
    assert "\n" not in str(info.value) and str(info.value)
    assert panel.state() == before and panel.readout.text() == readout


def test_total_column_is_visible_at_1280_px(main_window) -> None:  # noqa: ANN001
    """Issue 12: the table's Total column fits the default 1280 × 820 window."""
    main_window.resize(1280, 820)
    panel = main_window.show_tab("budget")
    main_window.set_lessons_visible(False)  # the ~260 px "Try this" card hidden
    for _ in range(3):
        QCoreApplication.processEvents()
    view = panel.table.view
    header = view.horizontalHeader()
    total = panel.table.COLUMN_TOTAL
    assert panel.table.headers[total] == "Total"
    assert main_window.width() == 1280
    assert header.sectionViewportPosition(total) >= 0
    assert header.sectionViewportPosition(total) + header.sectionSize(total) <= \
        view.viewport().width()
    assert header.sectionSize(total) >= view.sizeHintForColumn(total)  # not squeezed
    assert header.sectionSize(0) <= panel.table.MODEL_COLUMN_MAX
    main_window.set_lessons_visible(True)  # the default: the card beside the table
    for _ in range(3):
        QCoreApplication.processEvents()
    assert header.visualIndex(total) == 1  # right after Model, on screen
    assert 0 <= header.sectionViewportPosition(total)
    assert header.sectionViewportPosition(total) + header.sectionSize(total) <= \
        view.viewport().width()
    names = [view.model().index(r, 0).data(Qt.ItemDataRole.ToolTipRole)
             for r in range(view.model().rowCount())]
    assert any("Llama-4-Scout-17B-16E" in (n or "") for n in names)  # full name in the tooltip


def test_retranslate_rewords_a_shown_checkpoint(panel: BudgetPanel, qtbot, tmp_path) -> None:  # noqa: ANN001
    from gatelab.core.budget import write_safetensors_header_only

    path = tmp_path / "lonely.safetensors"
    write_safetensors_header_only(path, {"model.embed_tokens.weight": ("F16", (32000, 4096))})
    panel.select_model("Llama-2-7B")
    with qtbot.waitSignal(panel.file_loader().result_applied, timeout=10000):
        panel.load_safetensors(path)
    translator = WrapTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        panel.retranslate()
        view = panel.checkpoint_view
        assert ("«Compared with: «the selected model Llama-2-7B (no config.json beside the "
                "file)»»") in view.summary_label.text()
        assert view.compare_table.item(0, 0).text().startswith("«")  # group names
        assert view.compare_table.horizontalHeaderItem(0).text() == "«Part»"
    finally:
        QCoreApplication.removeTranslator(translator)


def test_panel_implements_the_protocol_itself(panel: BudgetPanel) -> None:
    from gatelab.ui.tabs import Panel, missing_members

    assert isinstance(panel, Panel) and missing_members(panel) == []
    assert not [name for name in dir(type(panel)) if name.startswith("sig_")]
    seen: list[str] = []
    panel.status_changed.connect(seen.append)
    panel.table.copy_csv()
    assert seen and "CSV" in seen[-1]
    panel.set_panel_lookup(lambda _name: None)
    panel.shutdown()
    panel.shutdown()  # safe twice


def test_the_form_column_fits_without_sideways_scrolling(main_window) -> None:  # noqa: ANN001
    """A walkthrough found the form column scrolled sideways at 1400 px with the card shown:
    every number field showed only its left half ("4,0" for 4,096). In both languages."""
    from gatelab.ui.language import set_language

    main_window.resize(1280, 820)
    panel = main_window.show_tab("budget")
    try:
        for code in ("en", "zh_CN"):
            main_window.switch_language(code)
            for _ in range(3):
                QCoreApplication.processEvents()
            scroll = panel.side_scroll
            assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width(), code
            assert scroll.widget().width() <= scroll.viewport().width(), code
            field = panel.d_field
            assert field.width() >= field.minimumSizeHint().width(), code
    finally:
        set_language("en")
