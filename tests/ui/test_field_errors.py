"""A number field's error under the field follows a live language switch (it was left in the
language it was first shown in)."""

from __future__ import annotations

from gatelab.ui.widgets import NumberField
from tests.ui.visible_text import fake_translator


def test_a_shown_field_error_is_reworded_after_a_language_switch(qtbot, qapp) -> None:  # noqa: ANN001
    out_of_range = NumberField(4, integer=True, minimum=1, maximum=64)
    not_a_number = NumberField(0.5)
    qtbot.addWidget(out_of_range)
    qtbot.addWidget(not_a_number)
    assert not out_of_range.set_text_and_commit("100")
    assert not not_a_number.set_text_and_commit("abc")
    assert out_of_range.error_text() == "must lie in [1, 64]"
    assert not_a_number.error_text() == "“abc” is not a finite number"
    fake = fake_translator()
    qapp.installTranslator(fake)  # Qt sends LanguageChange to every widget
    try:
        qtbot.waitUntil(lambda: out_of_range.error_text().startswith("«"), timeout=2000)
        assert out_of_range.error_text() == "«must lie in [1, 64]»"
        assert not_a_number.error_text() == "«“abc” is not a finite number»"
        assert out_of_range.value() == 4.0  # the refused input still is not in force
    finally:
        qapp.removeTranslator(fake)
    qtbot.waitUntil(lambda: out_of_range.error_text() == "must lie in [1, 64]", timeout=2000)
    assert out_of_range.set_text_and_commit("8") and out_of_range.error_text() == ""
