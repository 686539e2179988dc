"""The wheel scrolls the page; it changes a spin box or combo box only once that field has focus.

A new-user walkthrough wheeled down the Live trainer's left panel and, passing over Steps, turned
150 into 50 (one notch) and into 1 (four notches) without ever clicking the field.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QScrollArea,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gatelab.ui.tabs import TAB_SPECS
from gatelab.ui.wheel_guard import guard_wheel


def wheel(widget: QWidget, notches: int = -1) -> bool:
    """One wheel turn (negative: down, away from the user) over the middle of ``widget``."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


class Page(QScrollArea):
    """A short scroll area over a tall form: a Steps box, a combo and a slider in the middle."""

    def __init__(self) -> None:
        super().__init__()
        body = QWidget()
        lay = QVBoxLayout(body)
        self.name = QLineEdit()  # where the focus is: the window gives it to its first field
        lay.addWidget(self.name)
        lay.addSpacing(300)
        self.steps = QSpinBox()
        self.steps.setRange(1, 1_000_000)
        self.steps.setSingleStep(100)
        self.steps.setValue(150)
        self.combo = QComboBox()
        self.combo.addItems(["swiglu", "geglu", "reglu"])
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, 100)
        self.slider.setValue(50)
        for w in (self.steps, self.combo, self.slider):
            lay.addWidget(w)
        lay.addSpacing(900)
        self.setWidget(body)
        self.setWidgetResizable(True)
        self.resize(300, 400)


@pytest.fixture
def page(qtbot) -> Iterator[Page]:  # noqa: ANN001
    p = Page()
    guard_wheel(p)
    qtbot.addWidget(p)
    p.show()
    qtbot.waitExposed(p)
    p.activateWindow()
    focus(qtbot, p.name)
    yield p


def focus(qtbot, widget: QWidget) -> None:  # noqa: ANN001
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=2000)


def test_unfocused_spin_box_keeps_its_value_and_the_page_scrolls(page: Page) -> None:
    assert not page.steps.hasFocus()
    bar = page.verticalScrollBar()
    assert bar.value() == 0
    for _ in range(4):
        assert wheel(page.steps)  # taken by the scroll area
    assert page.steps.value() == 150
    assert bar.value() > 0


def test_focused_spin_box_takes_the_wheel(qtbot, page: Page) -> None:  # noqa: ANN001
    focus(qtbot, page.steps)
    bar = page.verticalScrollBar()
    wheel(page.steps)
    assert page.steps.value() == 50
    assert bar.value() == 0


def test_unfocused_combo_box_keeps_its_choice(qtbot, page: Page) -> None:  # noqa: ANN001
    wheel(page.combo)
    assert page.combo.currentIndex() == 0
    assert page.verticalScrollBar().value() > 0
    focus(qtbot, page.combo)
    wheel(page.combo)
    assert page.combo.currentIndex() == 1


def test_slider_in_a_scroll_area_scrolls_the_page(page: Page) -> None:
    wheel(page.slider)
    assert page.slider.value() == 50
    assert page.verticalScrollBar().value() > 0


def test_slider_outside_a_scroll_area_keeps_the_wheel(qtbot) -> None:  # noqa: ANN001
    slider = QSlider(Qt.Orientation.Horizontal)
    guard_wheel(slider)
    qtbot.addWidget(slider)
    slider.setRange(0, 100)
    slider.setValue(50)
    slider.show()
    wheel(slider, notches=1)
    assert slider.value() != 50


def test_wheel_gives_no_focus(page: Page) -> None:
    """Qt's WheelFocus would focus the field on the first notch and let the next one change it."""
    for w in (page.steps, page.combo):
        assert w.focusPolicy() == Qt.FocusPolicy.StrongFocus


def test_one_guard_installed_on_the_fields_only(qtbot, monkeypatch) -> None:  # noqa: ANN001
    """Per widget, not application-wide: other widgets' events never reach Python."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject

    from gatelab.ui import wheel_guard

    seen: list[QObject] = []

    class Spy(wheel_guard.WheelGuard):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.User:
                seen.append(watched)
            return super().eventFilter(watched, event)

    monkeypatch.setitem(wheel_guard._GUARD, "guard", Spy(QCoreApplication.instance()))
    p = Page()
    qtbot.addWidget(p)
    assert guard_wheel(p) is guard_wheel(QWidget()) is wheel_guard._GUARD["guard"]
    for widget in (p, p.name, p.steps, p.combo, p.slider):
        QCoreApplication.sendEvent(widget, QEvent(QEvent.Type.User))
    assert seen == [p.steps, p.combo, p.slider]


def test_live_trainer_steps_scrolls_the_left_panel(qtbot, main_window) -> None:  # noqa: ANN001
    """The walkthrough's case at 1280×800: the pointer over Steps, the panel scrolled down."""
    main_window.resize(1280, 800)
    trainer = main_window.show_tab("trainer")
    qtbot.waitExposed(main_window)
    steps = trainer.controls.steps
    steps.setValue(150)
    scroll = next(a for a in trainer.findChildren(QScrollArea) if a.widget() is trainer.controls)
    bar = scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=3000)
    start = bar.value()
    for _ in range(4):
        wheel(steps)
    assert steps.value() == 150
    assert bar.value() > start


def test_every_tab_field_ignores_an_unfocused_wheel(qtbot, main_window) -> None:  # noqa: ANN001
    """Trainer, budget, gate plane, curves, inside and the rest: no field takes wheel focus,
    and none changes under an unfocused wheel."""
    for spec in TAB_SPECS:
        panel = main_window.show_tab(spec.name)
        qtbot.wait(20)
        for field in panel.findChildren(QAbstractSpinBox) + panel.findChildren(QComboBox):
            assert field.focusPolicy() != Qt.FocusPolicy.WheelFocus, (spec.name, field)
            if field.hasFocus() or not field.isVisible():
                continue
            before = field.text() if isinstance(field, QAbstractSpinBox) else field.currentIndex()
            wheel(field)
            after = field.text() if isinstance(field, QAbstractSpinBox) else field.currentIndex()
            assert after == before, (spec.name, field.objectName(), before, after)
