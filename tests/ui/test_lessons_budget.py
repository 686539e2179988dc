"""The budget tab's lesson: each step's promise, read back from what the tab shows."""

from __future__ import annotations

import pytest

from gatelab.ui.budget_panel import BudgetPanel


@pytest.fixture
def panel(qtbot) -> BudgetPanel:  # noqa: ANN001
    p = BudgetPanel()
    qtbot.addWidget(p)
    p.resize(1280, 800)
    p.show()
    return p


def steps(panel: BudgetPanel) -> dict[str, object]:
    keys = ("toggle", "11008", "qwen", "attention", "moe")
    lesson = panel.lesson()
    assert len(lesson.steps) == len(keys)
    return dict(zip(keys, lesson.steps))


def promised(step: object, *numbers: str) -> None:
    """The numbers a test reads from the screen are the ones the step's line promises."""
    for number in numbers:
        assert number in step.expect, (number, step.expect)  # type: ignore[attr-defined]


def test_toggle_keeps_8d2_both_ways(panel: BudgetPanel) -> None:
    step = steps(panel)["toggle"]
    promised(step, "16,384", "134,217,728", "10,923", "134,221,824", "+4,096")
    assert step.run() is None
    assert panel.m_field.edit.text() == "16,384" and not panel.gated()
    assert "2·d·m = 134,217,728 (8 d²)" in panel.readout.text()
    assert step.run() is None
    assert panel.m_field.edit.text() == "10,923" and panel.gated()
    assert "3·d·m = 134,221,824 (8 d²)" in panel.readout.text()
    assert "yours: +4,096 params" in panel.readout.text()
    assert panel.variant_combo.currentText().startswith("Gated")


def test_why_11008(panel: BudgetPanel) -> None:
    panel.apply_state({"d": 1024, "m": 3000, "multiple_of": 64, "gated": False})
    step = steps(panel)["11008"]
    promised(step, "10,922.67", "256", "11,008", "0.78 %")
    assert step.run() is None
    assert panel.d_field.edit.text() == "4,096" and panel.m_field.edit.text() == "11,008"
    assert panel.multiple_spin.value() == 256 and panel.gated()
    text = panel.readout.text()
    assert "m = 8d/3 = 10,922.67" in text and "(+0.78 %)" in text and "Llama rule: 11,008" in text


def test_qwen35_mlp_next_to_its_embedding_table(panel: BudgetPanel) -> None:
    step = steps(panel)["qwen"]
    promised(step, "264,241,152", "254,279,680")
    panel.lower_tabs.setCurrentIndex(1)
    assert step.run() is None
    table = panel.table
    assert panel.lower_tabs.currentWidget() is table
    selected = table.view.selectionModel().selectedRows()
    assert len(selected) == 1
    row = selected[0].row()
    cell = lambda c: table.proxy.index(row, c).data()  # noqa: E731
    assert cell(0) == "Qwen3.5-0.8B"
    assert cell(table.COLUMN_MLP) == "264,241,152"
    assert cell(table.COLUMN_EMBEDDING) == "254,279,680"
    rect = table.view.visualRect(table.proxy.index(row, table.COLUMN_EMBEDDING))
    assert table.view.viewport().rect().intersects(rect)  # scrolled into view
    assert panel.compare_name() == "Qwen3.5-0.8B"


def test_attention_is_half_the_ffn_at_d_4096(panel: BudgetPanel) -> None:
    step = steps(panel)["attention"]
    promised(step, "67,108,864", "134,217,728", "67 M", "134 M")
    assert step.run() is None
    text = panel.readout.text()
    assert "Attention per layer: 67,108,864" in text
    assert "2·d·m = 134,217,728 (8 d²)" in text


def test_dense_to_moe_total_against_active(panel: BudgetPanel) -> None:
    step = steps(panel)["moe"]
    promised(step, "7,241,732,096", "46,702,792,704", "12.9 B")
    assert step.run() is None
    assert "<b>Total</b>: 7,241,732,096" in panel.readout.text()
    note = panel.compare_note.text()
    assert "Mixtral-8x7B: 46,702,792,704 parameters" in note and "active per token 12.9 B" in note
    labels = [label for label, _values in panel.breakdown_chart.rows]
    assert labels == ["Yours", "Mixtral-8x7B", "Mixtral-8x7B: active"]


def test_a_step_without_its_preset_says_what_to_do(panel: BudgetPanel) -> None:
    del panel.models["Qwen3.5-0.8B"]
    del panel.models["Mixtral-8x7B"]
    before = panel.state()
    for key in ("qwen", "moe"):
        message = steps(panel)[key].run()
        assert isinstance(message, str) and "preset" in message
    assert panel.state() == before


def test_steps_and_questions_are_well_formed(panel: BudgetPanel) -> None:
    lesson = panel.lesson()
    assert 4 <= len(lesson.steps) <= 6 and 2 <= len(lesson.questions) <= 4
    assert all(s.title and s.expect and "\n" not in s.expect for s in lesson.steps)
    keys = [q.key for q in lesson.questions]
    assert len(set(keys)) == len(keys)
    for q in lesson.questions:
        assert 2 <= len(q.choices) <= 4 and 0 <= q.answer < len(q.choices)
        assert len(q.explanations) == len(q.choices) and all(q.explanations)
        # the card puts "Right." or "Not quite." first: the texts must not say it again
        assert not any(x.startswith(("Right", "No.", "No:")) for x in q.explanations)
    assert "why is the mlp one of the largest" in lesson.questions[0].text.lower()


def test_a_step_through_the_card_button(main_window) -> None:  # noqa: ANN001
    """The window's "Try this" card runs the step and says what to look for."""
    from PySide6.QtWidgets import QPushButton

    panel = main_window.show_tab("budget")
    card = main_window.lesson_card("budget")
    assert card is not None and not card.lesson.problems()
    button = card.findChild(QPushButton, "lesson-step-1")  # why 11008
    assert button is not None and "11008" in button.text()
    panel.apply_state({"d": 1024, "m": 3000, "multiple_of": 64})
    button.click()
    assert panel.m_field.edit.text() == "11,008"
    assert "(+0.78 %)" in panel.readout.text()
    assert "11,008" in card.look_text() and "0.78 %" in card.look_text()


def test_lesson_answers_are_explained_in_the_card(main_window) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QLabel, QRadioButton

    main_window.show_tab("budget")
    card = main_window.lesson_card("budget")
    radio = card.findChild(QRadioButton, "lesson-q-budget-third-matrix-0")  # the wrong choice
    radio.click()
    explanation = card.findChild(QLabel, "lesson-x-budget-third-matrix")
    assert explanation.isVisibleTo(card) and "8d/3" in explanation.text().replace("\u2060", "")


def test_step_buttons_fit_the_card(main_window) -> None:  # noqa: ANN001
    """Button texts do not wrap: each must fit the ~260 px card without widening it."""
    from PySide6.QtWidgets import QPushButton

    main_window.show_tab("budget")
    card = main_window.lesson_card("budget")
    buttons = [card.findChild(QPushButton, f"lesson-step-{i}") for i in range(5)]
    assert all(b is not None for b in buttons)
    assert max(b.sizeHint().width() for b in buttons) <= 260
