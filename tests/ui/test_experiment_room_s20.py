"""Walkthrough s20 D1: at 1024x768, stopping an experiment showed "▶ Continue experiment" beside
Run and Stop, the trainer's panel grew by its width, and the "Try this" card vanished (F2 said
"widen the window by 18 px"). Continue now has a row of its own."""

from __future__ import annotations

from tests.ui.conftest import settle, show_tab_at


def test_the_continue_button_leaves_the_card_its_room(qtbot, main_window) -> None:  # noqa: ANN001
    show_tab_at(qtbot, main_window, "trainer", (1024, 740))
    panel = main_window.panel("trainer")
    panel.views.setCurrentWidget(panel.experiment)
    settle(20)
    card, room = main_window._cards["trainer"], main_window._rooms["trainer"]
    assert card.isVisible()
    before = panel.minimumSizeHint().width()
    panel.experiment.btn_continue.show()
    settle(20)
    assert panel.experiment.btn_continue.isVisible()
    assert panel.minimumSizeHint().width() == before
    assert card.isVisible() and room.lacks() == 0
    run, cont = panel.experiment.btn_run, panel.experiment.btn_continue
    assert cont.geometry().top() > run.geometry().bottom()  # below Run, not beside it


def test_view_menu_tab_entries_have_a_digit_mnemonic(main_window) -> None:  # noqa: ANN001
    """Walkthrough s20: the View menu's tab entries had no mnemonic (only Try this and Language)."""
    texts = [action.text() for action in main_window._tab_actions]
    assert texts[0] == "&1 Activation curves"
    assert [t[:3] for t in texts] == [f"&{i} " for i in range(1, len(texts) + 1)]
    from gatelab.ui.shortcuts_help import action_label
    assert action_label(texts[0]) == "Activation curves"  # the key list names the tab alone
