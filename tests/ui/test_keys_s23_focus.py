"""Session-23 keyboard probe (report: D1–D5), the keys sent to the window as a keyboard sends them.

D1: Ctrl+1…6 and Ctrl+Tab left the focus on the page's bare container (a plain QWidget that draws
no focus), so nothing on screen showed it, the gate plane's arrow keys did nothing after Ctrl+2
and the first Tab went to the "Try this" toggle at the top right. D2: the tabs inside a tab had
no key. D3: Pause/Resume had none. D4: a screen reader found no name on the number fields' line
edits nor on the gate plane maps. D5: Return on a Compare-table row did nothing.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QWidget

from gatelab.ui.tabs import TAB_NAMES
from tests.ui.conftest import settle, show_tab_at

CTRL = Qt.KeyboardModifier.ControlModifier


def _press(window: QWidget, key: Qt.Key,
           mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(window.windowHandle(), key, mods)
    settle()


def _focus_in_page(window) -> QWidget:  # noqa: ANN001
    """The focused widget, checked to be a visible Tab stop inside the current page's panel."""
    focus = QApplication.focusWidget()
    page = window.tabs.currentWidget()
    assert focus is not None
    assert focus is not page, f"focus left on the bare container of {window.current_tab_name()}"
    assert page.isAncestorOf(focus), f"{type(focus).__name__} is outside the page"
    assert focus.isVisible() and focus.focusPolicy() & Qt.FocusPolicy.TabFocus
    return focus


def _start_in_activations(qtbot, window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, window, "activations")
    window.activateWindow()
    panel.z_spin.setFocus(Qt.FocusReason.TabFocusReason)
    settle()
    assert QApplication.focusWidget() is panel.z_spin


@pytest.mark.parametrize("index", range(1, len(TAB_NAMES)))
def test_ctrl_digit_puts_the_focus_inside_the_new_page(qtbot, main_window,  # noqa: ANN001
                                                      index: int) -> None:
    _start_in_activations(qtbot, main_window)
    _press(main_window, Qt.Key(Qt.Key.Key_1 + index), CTRL)
    assert main_window.current_tab_name() == TAB_NAMES[index]
    _focus_in_page(main_window)


def test_ctrl_2_then_arrows_move_the_gate_plane_point(qtbot, main_window) -> None:  # noqa: ANN001
    _start_in_activations(qtbot, main_window)
    _press(main_window, Qt.Key.Key_2, CTRL)
    plane = main_window.panel("gate-plane")
    assert _focus_in_page(main_window) is plane.maps.widget
    g, u = plane.point()
    _press(main_window, Qt.Key.Key_Right)
    assert plane.point() == pytest.approx((g + 0.1, u))


def test_a_second_visit_and_ctrl_tab_land_inside_the_page_too(qtbot, main_window) -> None:  # noqa: ANN001
    """The container kept itself as its page's last focus, so every later visit landed there."""
    _start_in_activations(qtbot, main_window)
    for key, mods in ((Qt.Key.Key_3, CTRL), (Qt.Key.Key_1, CTRL), (Qt.Key.Key_3, CTRL),
                      (Qt.Key.Key_Tab, CTRL), (Qt.Key.Key_Tab, CTRL | Qt.KeyboardModifier.ShiftModifier)):
        _press(main_window, key, mods)
        _focus_in_page(main_window)
    assert main_window.current_tab_name() == "budget"


# -- D2: the tabs inside a tab ---------------------------------------------------------------
PG_DOWN, PG_UP = Qt.Key.Key_PageDown, Qt.Key.Key_PageUp


def test_ctrl_page_down_steps_the_trainers_inner_tabs_from_the_form(qtbot, main_window) -> None:  # noqa: ANN001
    """Live plots, Runs and Experiment had no key: the Runs list was ~25 Tab presses away and
    Ctrl+PgDown did nothing."""
    trainer = show_tab_at(qtbot, main_window, "trainer")
    main_window.activateWindow()
    trainer.bar.btn_start.setFocus(Qt.FocusReason.TabFocusReason)  # outside the inner tabs
    settle()
    assert trainer.views.currentIndex() == 0
    seen = []
    for key in (PG_DOWN, PG_DOWN, PG_DOWN, PG_UP):
        _press(main_window, key, CTRL)
        seen.append(trainer.views.currentIndex())
    assert seen == [1, 2, 0, 2]  # wrapping round, both ways
    assert main_window.current_tab_name() == "trainer"  # the main tabs stay
    # the focus, outside them, went onto their tab bar: shown there, and Tab leads into the page
    assert QApplication.focusWidget() is trainer.views.tabBar()


def test_ctrl_page_down_steps_the_tabs_holding_the_focus(qtbot, main_window) -> None:  # noqa: ANN001
    budget = show_tab_at(qtbot, main_window, "budget")
    main_window.activateWindow()
    budget.table.setFocus(Qt.FocusReason.TabFocusReason)  # a table in the lower tabs
    settle()
    before = budget.lower_tabs.currentIndex()
    _press(main_window, PG_DOWN, CTRL)
    assert budget.lower_tabs.currentIndex() == (before + 1) % budget.lower_tabs.count()
    focus = QApplication.focusWidget()  # inside them it stays inside (Qt hands it to the new page)
    assert focus is not None and budget.lower_tabs.isAncestorOf(focus)


def test_ctrl_page_down_on_a_tab_without_inner_tabs_changes_nothing(qtbot, main_window) -> None:  # noqa: ANN001
    _start_in_activations(qtbot, main_window)
    _press(main_window, PG_DOWN, CTRL)
    assert main_window.current_tab_name() == "activations"


def test_the_shortcut_table_names_the_inner_tab_keys(qtbot, main_window) -> None:  # noqa: ANN001
    rows = dict(main_window.shortcut_rows())
    native = QKeySequence.SequenceFormat.NativeText
    for keys in ("Ctrl+PgDown", "Ctrl+PgUp"):
        assert QKeySequence(keys).toString(native) in rows


# -- D3: Pause / Resume ------------------------------------------------------------------------
def test_ctrl_shift_p_pauses_and_resumes_after_every_relabel(qtbot, main_window) -> None:  # noqa: ANN001
    """Start (Ctrl+Return) and Stop (Ctrl+.) had keys, Pause/Resume none: a teacher pausing a run
    to explain a plot had to Tab to it. Setting the button's text (Pause ↔ Resume, a language
    switch) replaces its shortcut, so each relabel is checked."""
    trainer = show_tab_at(qtbot, main_window, "trainer")
    key = QKeySequence("Ctrl+Shift+P")
    assert key.toString(QKeySequence.SequenceFormat.NativeText) in dict(main_window.shortcut_rows())
    button = trainer.bar.btn_pause
    button.clicked.disconnect()
    clicks: list[str] = []
    button.clicked.connect(lambda: clicks.append(button.text()))
    main_window.activateWindow()
    qtbot.waitUntil(main_window.isActiveWindow, timeout=3000)
    for n, resume in enumerate((False, True, False), start=1):
        trainer.retranslate()
        trainer.bar.set_pause_label(resume)  # (as the panel does on a pause)
        assert "(Ctrl+Shift+P)" in button.toolTip()
        button.setEnabled(True)  # (as while a run trains; retranslate set the buttons anew)
        _press(main_window, Qt.Key.Key_P, CTRL | Qt.KeyboardModifier.ShiftModifier)
        qtbot.waitUntil(lambda n=n: len(clicks) == n, timeout=3000)  # a shortcut animates the click
    assert clicks == ["Pause", "Resume", "Pause"]


# -- D4: names for a screen reader -------------------------------------------------------------
def _spoken_name(widget: QWidget) -> str:
    """What a screen reader announces as ``widget``'s name (Qt's accessibility interface)."""
    iface = QAccessible.queryAccessibleInterface(widget)
    return iface.text(QAccessible.Text.Name) if iface is not None else ""


@pytest.mark.parametrize("name", ["activations", "gate-plane", "budget", "inside"])
def test_every_focused_text_field_has_a_spoken_name(qtbot, main_window, name: str) -> None:  # noqa: ANN001
    """The number fields' labels named the field's frame, not the line edit that takes the focus,
    so a screen reader said "edit, 1.5" for g, u, β, the map window, every budget field and
    z min / z max; the Inside text box had only its placeholder."""
    page = show_tab_at(qtbot, main_window, name).parentWidget()
    main_window.activateWindow()
    edits = [e for e in page.findChildren(QLineEdit) if e.isVisible()
             and e.focusPolicy() & Qt.FocusPolicy.TabFocus and e.objectName() != "qt_spinbox_lineedit"]
    assert edits
    unnamed = []
    for edit in edits:
        edit.setFocus(Qt.FocusReason.TabFocusReason)
        settle()
        if not _spoken_name(edit).strip():
            unnamed.append(f"{edit.text()!r} ({edit.toolTip()[:30]!r})")
    assert not unnamed, unnamed


def test_the_gate_plane_maps_have_a_name_and_say_their_keys(qtbot, main_window) -> None:  # noqa: ANN001
    plane = show_tab_at(qtbot, main_window, "gate-plane")
    maps = plane.maps.widget
    assert _spoken_name(maps).strip()
    iface = QAccessible.queryAccessibleInterface(maps)
    assert "0.1" in iface.text(QAccessible.Text.Description)  # how the arrow keys move the point


def test_a_field_is_named_in_the_new_language(qtbot, main_window) -> None:  # noqa: ANN001
    plane = show_tab_at(qtbot, main_window, "gate-plane")
    main_window.activateWindow()
    edit = plane.controls.g_field.edit
    edit.setFocus(Qt.FocusReason.TabFocusReason)
    settle()
    assert _spoken_name(edit) == "g"
    label = next(lab for lab in plane.controls.findChildren(QLabel) if lab.buddy() is plane.controls.g_field)
    label.setText("g (gate)")  # as a retranslate does
    plane.controls.u_field.edit.setFocus(Qt.FocusReason.TabFocusReason)
    edit.setFocus(Qt.FocusReason.TabFocusReason)
    settle()
    assert _spoken_name(edit) == "g (gate)"


# -- D5: the budget's Compare table ------------------------------------------------------------
def test_return_on_a_compare_row_shows_that_model_as_a_double_click_does(qtbot, main_window) -> None:  # noqa: ANN001
    """"Double-click a row to show that model": Return did nothing, so a keyboard user could
    sort and walk the table but never load a row (the Runs list opens with Return since s18)."""
    budget = show_tab_at(qtbot, main_window, "budget")
    main_window.activateWindow()
    view = budget.table.view
    view.setFocus(Qt.FocusReason.TabFocusReason)
    view.setCurrentIndex(view.model().index(2, 1))
    settle()
    name = budget.table.rows_in_view_order()[2].name
    with qtbot.waitSignal(budget.table.row_activated, timeout=2000) as blocker:
        _press(main_window, Qt.Key.Key_Return)
    assert blocker.args == [name]
    assert "Enter" in view.toolTip()
