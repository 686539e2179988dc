"""Keyboard-only walkthrough, session 18: the focus scrolled into view when Tab enters a
scroll area from outside (D1), and Enter chooses the focused quiz answer as Space does (P2)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QRadioButton, QScrollArea, QWidget
from tests.ui.conftest import settle, show_tab_at

from gatelab.ui.focus_follow import show_focused


def _shown_in(widget: QWidget, area: QScrollArea) -> bool:
    """``widget`` lies wholly inside ``area``'s viewport."""
    viewport = area.viewport()
    rect = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
    return viewport.rect().contains(rect)


def _area_of(widget: QWidget) -> QScrollArea:
    parent = widget.parentWidget()
    while not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    return parent


def test_a_field_tabbed_into_from_outside_is_scrolled_into_view(qtbot, main_window) -> None:  # noqa: ANN001
    """D1: the budget form scrolled to its bottom, then Tab from outside landed on "Width d"
    above the view; typing changed d unseen."""
    panel = show_tab_at(qtbot, main_window, "budget", (1366, 768))
    edit = panel.d_field.edit
    area = _area_of(edit)
    bar = area.verticalScrollBar()
    assert bar.maximum() > 0  # the form scrolls at this size
    bar.setValue(bar.maximum())
    settle()
    assert not _shown_in(edit, area)
    outside = main_window.lessons_button  # a control outside the form
    outside.setFocus()
    qtbot.waitUntil(outside.hasFocus, timeout=2000)
    edit.setFocus(Qt.FocusReason.TabFocusReason)  # as Tab does
    qtbot.waitUntil(edit.hasFocus, timeout=2000)
    settle()
    assert _shown_in(edit, area), bar.value()


def test_a_card_step_tabbed_into_is_scrolled_into_view(qtbot, main_window) -> None:  # noqa: ANN001
    """D1: with the card scrolled down, Tab in from the tab's last control focused the first
    step above the view, and Space pressed it unseen."""
    show_tab_at(qtbot, main_window, "budget", (1366, 768))
    card = main_window._cards["budget"]
    step = card.findChild(QWidget, "lesson-step-0")
    area = card._scroll
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    settle()
    assert not _shown_in(step, area)
    show_focused(None, step)  # what the application's focusChanged calls
    settle()
    assert _shown_in(step, area)


def test_a_click_does_not_scroll_what_it_focuses(qtbot, main_window) -> None:  # noqa: ANN001
    """A mouse press that focuses a half-shown step must not move it before the release (the
    release would miss the button)."""
    show_tab_at(qtbot, main_window, "budget", (1366, 768))
    card = main_window._cards["budget"]
    step = card.findChild(QWidget, "lesson-step-0")
    bar = card._scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    settle()
    before = bar.value()
    QTest.mousePress(step, Qt.MouseButton.LeftButton, pos=QPoint(5, step.height() - 3))
    settle()
    assert bar.value() == before
    QTest.mouseRelease(step, Qt.MouseButton.LeftButton, pos=QPoint(5, step.height() - 3))


def test_enter_chooses_the_focused_quiz_answer(qtbot, main_window) -> None:  # noqa: ANN001
    """P2: Space answered a quiz question, Enter did nothing (the help says Enter / Space)."""
    show_tab_at(qtbot, main_window, "gate-plane", (1366, 768))
    card = main_window._cards["gate-plane"]
    radios = card.findChildren(QRadioButton)
    radio = radios[1]
    radio.setFocus()
    qtbot.waitUntil(radio.hasFocus, timeout=2000)
    QTest.keyClick(radio, Qt.Key.Key_Return)
    assert radio.isChecked()
    key = radio.objectName().removeprefix("lesson-q-").rsplit("-", 1)[0]  # lesson-q-<key>-<c>
    explain = card.findChild(QWidget, f"lesson-x-{key}")
    assert explain.isVisible() and ("Right." in explain.text() or "Not quite." in explain.text())


def test_the_analyse_button_shows_its_focus(qtbot, main_window) -> None:  # noqa: ANN001
    """D4: "▶ Analyse" was a default button, whose frame looked the same with the focus and
    without: Tab onto it showed nothing."""
    panel = show_tab_at(qtbot, main_window, "inside", (1366, 768))
    button = panel.source.analyse
    panel.source.text.setFocus()
    qtbot.waitUntil(panel.source.text.hasFocus, timeout=2000)
    settle()
    plain = button.grab().toImage()
    for _ in range(4):  # Tab from the text box: past Examples to the button
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        if button.hasFocus():
            break
    assert button.hasFocus()
    settle()
    focused = button.grab().toImage()
    assert plain.size() == focused.size()
    changed = sum(plain.pixel(x, y) != focused.pixel(x, y)
                  for x in range(plain.width()) for y in range(plain.height()))
    assert changed > plain.width()  # a frame's worth of pixels, at least
    seen = []
    panel.source.analyse_requested.connect(lambda: seen.append(1))
    QTest.keyClick(panel.source.text, Qt.Key.Key_Return)  # Enter in the text still analyses
    assert seen == [1]


def test_return_on_a_run_opens_it_once_and_so_does_a_double_click(qtbot) -> None:  # noqa: ANN001
    """P3: Return on a selected run did nothing (only a double click replayed it)."""
    from gatelab.paths import runs_dir
    from gatelab.ui.runs_view import RunsView
    from tests.core.test_runs_s9_delete import make_run

    view = RunsView()
    qtbot.addWidget(view)
    view.show()
    run = make_run(runs_dir() / "run-a", status="finished", steps=1)
    with qtbot.waitSignal(view.refreshed, timeout=10000):
        view.refresh()
    assert view.select_path(str(run))
    opened: list[str] = []
    view.open_requested.connect(opened.append)
    view.table.setFocus()
    qtbot.waitUntil(view.table.hasFocus, timeout=2000)
    QTest.keyClick(view.table, Qt.Key.Key_Return)
    assert opened == [str(run)]
    rect = view.table.visualRect(view.table.currentIndex())
    QTest.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QTest.mouseDClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert opened == [str(run)] * 2  # once per double click, not twice


def _highlighted(view: QWidget, colour: str) -> float:
    """The share of the view's 1 px frame (its left and right edges) in ``colour``."""
    image = view.grab().toImage()
    edge = [image.pixelColor(x, y).name() for x in (0, image.width() - 1)
            for y in range(4, image.height() - 4)]
    return sum(c == colour for c in edge) / len(edge)


def test_tables_and_text_views_show_their_focus(qtbot, main_window) -> None:  # noqa: ANN001
    """D2, D3, D5: the budget's compare table, the corpus preview, the Runs list and the Inside
    rankings showed no focus when Tab reached them (a faint cell rectangle at most). Their frame
    turns the highlight colour, and nothing moves."""
    from PySide6.QtGui import QPalette

    from .inside_synth import make_trace

    def runs(p):  # noqa: ANN001, ANN202
        p.views.setCurrentWidget(p.runs)
        return p.runs.table

    def rankings(p):  # noqa: ANN001, ANN202
        p.sel.set_trace(make_trace())
        p.views.setCurrentWidget(p.explorer)
        return p.rankings.selective

    views = (("budget", lambda p: p.table.view), ("trainer", lambda p: p.controls.corpus.preview),
             ("trainer", runs), ("inside", rankings))
    for tab, view_of in views:
        view = view_of(show_tab_at(qtbot, main_window, tab, (1366, 768)))
        settle()
        assert view.isVisible() and view.height() > 40, tab
        highlight = view.palette().color(QPalette.ColorRole.Highlight).name()
        geometry = view.viewport().geometry()
        main_window.lessons_button.setFocus()
        settle()
        assert _highlighted(view, highlight) == 0, tab
        view.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(view.hasFocus, timeout=2000)
        settle()
        assert _highlighted(view, highlight) > 0.95, tab
        assert view.viewport().geometry() == geometry  # the frame keeps its width


def test_f10_opens_the_menu_bar_and_the_help_names_it(qtbot, main_window) -> None:  # noqa: ANN001
    """P1: F10, the menu bar's key on most desktops, did nothing (Alt+letter opened a menu)."""
    from gatelab.ui.shortcuts_help import window_rows

    panel = show_tab_at(qtbot, main_window, "budget", (1366, 768))
    main_window.activateWindow()
    panel.d_field.edit.setFocus()
    settle()
    bar = main_window.menuBar()
    assert bar.activeAction() is None
    QTest.keyClick(main_window.windowHandle(), Qt.Key.Key_F10)
    settle()
    assert bar.activeAction() is main_window._file_menu.menuAction()
    QTest.keyClick(main_window.windowHandle(), Qt.Key.Key_Escape)
    settle()
    assert ("F10", "Open the menu bar") in window_rows()
