"""Session-14 walkthrough, keys: Ctrl+Tab steps the main tabs whatever has focus (F2), Return and
Enter press the focused button as Space does (F3), and two Tab-order quirks (F8).

The keys go to the window, as a keyboard sends them (``QTest.keyClick`` on the window handle),
not to the widget the test expects to handle them: test_keys_room_s11 sent Ctrl+Tab straight to
the main QTabWidget and so could not see a nested tab widget take it first.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QDialog, QHBoxLayout, QLineEdit,
                               QPushButton, QScrollArea, QTabBar, QWidget)

from tests.ui.conftest import settle

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def _press(window: QWidget, key: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
           ) -> None:
    QTest.keyClick(window.windowHandle(), key, mods)
    settle()


def _focus(window, widget: QWidget) -> None:  # noqa: ANN001
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    settle()
    assert QApplication.focusWidget() is widget, type(widget).__name__


def _inner_widgets(window, name: str) -> list[QWidget]:  # noqa: ANN001
    """The widgets the walkthrough found taking Ctrl+Tab: the page's nested tab bars, its item
    views (the budget's frozen-column table) and its push buttons (the trainer's Start)."""
    page = window.show_tab(name).parentWidget()
    settle()
    kinds = (QTabBar, QAbstractItemView, QPushButton)
    return [w for w in page.findChildren(QWidget)
            if isinstance(w, kinds) and w.isVisible() and w.isEnabled()
            and w.focusPolicy() & Qt.FocusPolicy.TabFocus]


# -- F2: Ctrl+Tab ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["trainer", "budget"])
def test_ctrl_tab_steps_the_main_tabs_from_inner_widgets(qtbot, main_window,  # noqa: ANN001
                                                         name: str) -> None:
    qtbot.waitExposed(main_window)
    main_window.activateWindow()
    widgets = _inner_widgets(main_window, name)
    assert any(isinstance(w, QTabBar) for w in widgets)  # the nested tab widget is there
    index = main_window.tabs.indexOf(main_window.show_tab(name).parentWidget())
    stuck = []
    for widget in widgets:
        main_window.show_tab(name)
        inner = [(bar, bar.currentIndex()) for bar in main_window.tabs.widget(index)
                 .findChildren(QTabBar)]
        _focus(main_window, widget)
        _press(main_window, Qt.Key.Key_Tab, CTRL)
        after = main_window.tabs.currentIndex()
        shown = main_window.tabs.widget((index + 1) % main_window.tabs.count()).isVisible()
        if after != (index + 1) % main_window.tabs.count() or not shown:
            stuck.append(f"{type(widget).__name__} {getattr(widget, 'text', str)()!r}")
        assert all(bar.currentIndex() == i for bar, i in inner)  # no inner tab stepped instead
    assert not stuck, stuck
    # and back: Ctrl+Shift+Tab from the same inner widgets
    for widget in widgets:
        main_window.show_tab(name)
        _focus(main_window, widget)
        _press(main_window, Qt.Key.Key_Tab, CTRL | SHIFT)
        assert main_window.tabs.currentIndex() == (index - 1) % main_window.tabs.count()
        assert main_window.tabs.widget((index - 1) % main_window.tabs.count()).isVisible()


def test_ctrl_tab_wraps_round_and_the_table_names_it(qtbot, main_window) -> None:  # noqa: ANN001
    qtbot.waitExposed(main_window)
    last = main_window.tabs.count() - 1
    main_window.tabs.setCurrentIndex(last)
    _focus(main_window, main_window.tabs.tabBar())
    _press(main_window, Qt.Key.Key_Tab, CTRL)
    assert main_window.tabs.currentIndex() == 0
    _press(main_window, Qt.Key.Key_Tab, CTRL | SHIFT)
    assert main_window.tabs.currentIndex() == last
    rows = dict(main_window.shortcut_rows())
    assert rows["Ctrl+Tab"] == "Next tab" and rows["Ctrl+Shift+Tab"] == "Previous tab"
    assert rows["Enter / Space"] == "Press the focused button"


# -- F3: Return and Enter press the focused button ----------------------------------------------------
ENTER_KEYS = [(Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier),
              (Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)]


@pytest.mark.parametrize("key, mods", ENTER_KEYS, ids=["Return", "Enter"])
def test_return_and_enter_press_buttons_on_every_tab(qtbot, main_window, key, mods) -> None:  # noqa: ANN001
    qtbot.waitExposed(main_window)
    main_window.activateWindow()
    # Gate plane: a quick point moves the point (the g field shows it)
    plane = main_window.show_tab("gate-plane")
    settle()
    controls = plane.controls
    _focus(main_window, controls.quick_buttons[1])  # (−3, −2)
    _press(main_window, key, mods)
    assert controls.g_field.edit.text() == "−3"
    # Parameter budget: "4×" then "8/3 rule" rewrite m
    budget = main_window.show_tab("budget")
    settle()
    _focus(main_window, budget.four_button)
    _press(main_window, key, mods)
    assert budget.m_field.edit.text() == "16,384"
    _focus(main_window, budget.rule_button)
    _press(main_window, key, mods)
    assert budget.m_field.edit.text() == "11,008"
    # Activation curves: a lesson step (a StepButton) says what to look for
    main_window.show_tab("activations")
    settle()
    card = main_window.lesson_card("activations")
    step = next(b for b in card.findChildren(QPushButton) if b.text().startswith("Probe z"))
    _focus(main_window, step)
    _press(main_window, key, mods)
    assert card.looking_at() is not None and card.looking_at().isVisible() and card.look_text()
    # a tool button: "Try this" hides every card
    assert card.isVisible()
    _focus(main_window, main_window.lessons_button)
    _press(main_window, key, mods)
    assert not main_window.lessons_button.isChecked() and not card.isVisible()
    _press(main_window, key, mods)
    assert card.isVisible()


def test_return_in_a_field_still_commits_it(qtbot, main_window) -> None:  # noqa: ANN001
    qtbot.waitExposed(main_window)
    plane = main_window.show_tab("gate-plane")
    settle()
    field = plane.controls.g_field.edit
    _focus(main_window, field)
    field.selectAll()
    QTest.keyClicks(field, "2.5")
    _press(main_window, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is field  # Return did not move on or press anything
    assert field.text() == "2.5"
    assert plane.reading().g == pytest.approx(2.5)


def test_a_dialogs_default_button_still_takes_return(qtbot) -> None:  # noqa: ANN001
    """In a dialog Qt's own rules hold: Return on a focused plain button (not auto-default)
    reaches the dialog's default button, as before."""
    from gatelab.ui.enter_keys import install_enter_keys

    install_enter_keys()
    dialog = QDialog()
    qtbot.addWidget(dialog)
    ok, other = QPushButton("OK", dialog), QPushButton("Other", dialog)
    other.setAutoDefault(False)
    ok.setDefault(True)
    QHBoxLayout(dialog).addWidget(ok)
    dialog.layout().addWidget(other)
    clicked: list[str] = []
    other.clicked.connect(lambda: clicked.append("other"))
    ok.clicked.connect(dialog.accept)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    _focus(dialog, other)
    _press(dialog, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted and not dialog.isVisible()
    assert clicked == []


# -- F8: Tab order ---------------------------------------------------------------------------------
def _tab_walk(window, start: QWidget, most: int = 60) -> list[QWidget]:  # noqa: ANN001
    _focus(window, start)
    seen = []
    for _ in range(most):
        _press(window, Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        if widget is start or widget in seen:
            break
        seen.append(widget)
    return seen


def test_the_show_combo_comes_after_epsilon(qtbot, main_window) -> None:  # noqa: ANN001
    qtbot.waitExposed(main_window)
    main_window.activateWindow()
    plane = main_window.show_tab("gate-plane")
    settle()
    c = plane.controls
    walk = _tab_walk(main_window, main_window.tabs.tabBar())
    window_box = [f.edit for f in (c.g_min, c.g_max, c.u_min, c.u_max, c.resolution, c.eps)]
    window_box.append(c.view_combo)
    at = [walk.index(w) for w in window_box]
    assert at == list(range(at[0], at[0] + len(window_box))), at  # top to bottom, as shown
    # the combo is drawn below ε (its row is the box's last)
    assert c.view_combo.mapTo(c, c.view_combo.rect().topLeft()).y() > \
        c.eps.mapTo(c, c.eps.rect().topLeft()).y()


def test_the_trainer_form_has_no_invisible_tab_stop(qtbot, main_window) -> None:  # noqa: ANN001
    qtbot.waitExposed(main_window)
    main_window.activateWindow()
    trainer = main_window.show_tab("trainer")
    settle()
    walk = _tab_walk(main_window, main_window.tabs.tabBar())
    assert not [w for w in walk if isinstance(w, QScrollArea)]
    assert not [w for w in walk if w.parentWidget() is not None
                and isinstance(w.parentWidget().parentWidget(), QScrollArea)
                and type(w) is QWidget]  # nor its viewport
    assert any(isinstance(w, QLineEdit) for w in walk) and trainer.isVisible()
