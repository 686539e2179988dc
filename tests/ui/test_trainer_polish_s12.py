"""The live trainer after the s12 walkthrough (findings P1, P2, P3, P13, P15): an ETA only once
the speed settles, a bad field's reason in sight at 1280×800, names instead of ids, a Try-this
"train a run first" line that goes once a run is saved, and "auto" typed into Intermediate m."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QObject, QPoint, QRect, QSettings, Qt, Signal
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QScrollArea, QWidget

from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.lesson_card import LessonCard, Lesson, Needs, TryStep
from gatelab.ui.trainer_clock import format_duration
from gatelab.ui.trainer_jobs import RunRow
from gatelab.ui.trainer_run_bar import RunBar
from tests.ui.conftest import TINY_TRAIN, show_tab_at, tiny_trainer


# -- P1: "ETA 7:55" at step 4 of a one-minute run -------------------------------------------------
def test_the_bar_estimates_until_the_speed_settles(qtbot) -> None:  # noqa: ANN001
    bar = RunBar()
    qtbot.addWidget(bar)
    bar.begin(300)
    per_step = [1.6, 1.2, 0.8, 0.5, 0.3] + [0.2] * 295  # a slow start, then 0.2 s a step
    t, times = 0.0, []
    for s in per_step:
        t += s
        times.append(t)
    for step in range(1, 5):  # as the panel feeds it: its clock starts at the first report
        bar.show_progress(step, 300, 480.0, times[step - 1] - times[0], step - 1, "cpu")
    assert bar.progress.format() == "step 4 / 300 · 480 tok/s · ETA estimating…"
    for step in range(5, 101):
        bar.show_progress(step, 300, 15000.0, times[step - 1] - times[0], step - 1, "cpu")
    assert bar.progress.format().endswith("ETA " + format_duration(0.2 * 200))


# -- P2: the reason for a greyed Start was below the fold -----------------------------------------
def _inside(widget: QWidget, viewport: QWidget) -> bool:
    rect = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
    return viewport.rect().contains(rect)


def test_a_bad_field_brings_its_reason_into_view(qtbot, main_window) -> None:  # noqa: ANN001
    panel = show_tab_at(qtbot, main_window, "trainer", (1280, 800))
    controls = panel.controls
    scroll = next(a for a in panel.findChildren(QScrollArea) if a.widget().isAncestorOf(controls)
                  or a.widget() is controls)
    said: list[str] = []
    panel.status_changed.connect(said.append)
    scroll.verticalScrollBar().setValue(0)  # the top of the form, as at start-up
    scroll.ensureWidgetVisible(controls.lr)  # the learner scrolls just far enough to the field
    qtbot.wait(50)
    assert not _inside(controls.error, scroll.viewport()) or not controls.error.isVisible()
    controls.lr.setFocus()
    controls.lr.selectAll()
    QTest.keyClicks(controls.lr, "abc")
    reason = "learning rate must be a number like 1e-3, got 'abc'"
    assert controls.error.text() == reason
    qtbot.waitUntil(lambda: _inside(controls.error, scroll.viewport()), timeout=3000)
    assert _inside(controls.lr, scroll.viewport()) and controls.lr.hasFocus()  # still typing
    assert not panel.bar.btn_start.isEnabled()
    assert panel.bar.btn_start.toolTip() == "Cannot start: " + reason
    assert said and said[-1] == reason  # the status bar is told (it drops it while on screen)
    controls.lr.selectAll()
    QTest.keyClicks(controls.lr, "0.001")
    assert panel.bar.btn_start.isEnabled()
    assert panel.bar.btn_start.toolTip().startswith("Train a new model with these settings")


# -- P3: ids shown to learners --------------------------------------------------------------------
def test_the_runs_table_names_variants_and_corpora(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.runs_view import RunsView

    view = RunsView()
    qtbot.addWidget(view)
    view.shutdown()
    view._show_rows([RunRow("/x/a", "a", "swiglu", "1L d32 m96 2h", "python", "6/6", 1.0, 1.1,
                            "finished"),
                     RunRow("/x/b", "b", "gelu", "1L d32 m128 2h", "generated", "6/6", 1.0, 1.1,
                            "finished"),
                     RunRow("/x/c", "c", "relu", "1L d32 m128 2h", "/data/notes.txt", "6/6", 1.0,
                            1.1, "finished")], "")
    cells = [[view.table.item(r, c).text() for c in (1, 3)] for r in range(3)]
    assert cells == [["SwiGLU", "Python source"], ["GELU", "Generated demo text"],
                     ["ReLU", "/data/notes.txt"]]
    assert view.table.item(0, 3).toolTip() == "python"  # the id, as in run.json
    assert view.rows[0].variant == "swiglu" and view.rows[0].corpus == "python"


def test_the_first_step_names_the_variants(qtbot) -> None:  # noqa: ANN001
    panel = tiny_trainer(qtbot)
    try:
        expect = panel.lesson().steps[0].expect
        assert expect.startswith("Experiment view: SwiGLU vs parameter-matched GELU, seeds: 5")
        assert "swiglu" not in expect and "gelu" not in expect
    finally:
        panel.shutdown()


# -- P13 (+ P3's status bar): the card's "Train a run first" line after the run ---------------------
@pytest.fixture
def trainer(qtbot) -> Iterator[object]:  # noqa: ANN001
    panel = tiny_trainer(qtbot)
    yield panel
    panel.shutdown()


def test_train_a_run_first_goes_once_a_run_is_saved(qtbot, trainer, tmp_path) -> None:  # noqa: ANN001
    panel = trainer
    card = LessonCard("trainer", panel.lesson, QSettings(str(tmp_path / "s.ini"),
                                                         QSettings.Format.IniFormat))
    qtbot.addWidget(card)
    card.show()
    said: list[str] = []
    panel.status_changed.connect(said.append)
    card.run_step(card.lesson.steps[4])  # "Replay a run": there is none yet
    qtbot.waitUntil(lambda: card.result.text().startswith("Train a run first"), timeout=20000)
    panel.controls.set_config(TrainConfig(**{**TINY_TRAIN, "steps": 4, "eval_interval": 2}))
    assert panel.start()
    qtbot.waitUntil(lambda: not panel.controller.is_busy(), timeout=60000)
    assert panel.run_state == "finished", panel.error_text
    assert card.result.text() == ""  # the run it asked for is saved: nothing blocks the step
    assert any(s.startswith("Training on CPU") for s in said), said
    assert not any("Training on cpu" in s for s in said), said
    assert panel.bar.progress.toolTip().startswith("Training on CPU")


class _Tab(QObject):
    done = Signal(str)


def test_a_needs_line_goes_only_when_its_condition_is_met(qtbot, tmp_path) -> None:  # noqa: ANN001
    tab = _Tab()
    steps = (TryStep("Needs", "x", lambda: Needs("Do it first", tab.done, lambda v: v == "ok")),
             TryStep("Other", "y", lambda: "Something else first"))
    card = LessonCard("t", lambda: Lesson(steps=steps),
                      QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(card)
    assert card.run_step(steps[0]) == "Do it first"
    tab.done.emit("not yet")
    assert card.result.text() == "Do it first"
    tab.done.emit("ok")
    assert card.result.text() == ""
    card.run_step(steps[0])
    card.run_step(steps[1])  # another line: the first one's condition no longer touches it
    tab.done.emit("ok")
    assert card.result.text() == "Something else first"


# -- P15: "auto" typed into Intermediate m ----------------------------------------------------------
def _type(box, text: str) -> None:  # noqa: ANN001
    box.setValue(352)
    box.lineEdit().selectAll()
    for ch in text:  # one key at a time, as typed (QTest.keyClicks knows no CJK keys)
        box.lineEdit().insert(ch)


@pytest.mark.parametrize("typed", ["auto", "AUTO", "Auto"])
def test_typing_auto_gives_auto(qtbot, typed: str) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_controls import TrainerControls

    controls = TrainerControls()
    qtbot.addWidget(controls)
    box = controls.intermediate
    _type(box, typed)
    assert box.value() == 0 and controls.raw_config().intermediate is None
    QTest.keyClick(box, Qt.Key.Key_Return)
    assert box.text() == "auto"  # the shown word, once the edit is done
    _type(box, "aut")  # on its way: kept as typed, the value not yet changed
    assert box.lineEdit().text() == "aut" and box.value() == 352
    QTest.keyClick(box, Qt.Key.Key_Return)
    assert box.value() == 352  # an unfinished word falls back to the value
    _type(box, "512")
    assert box.value() == 512


def test_the_shown_word_of_another_language_gives_auto_too(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_controls import TrainerControls

    controls = TrainerControls()
    qtbot.addWidget(controls)
    box = controls.intermediate
    box.set_special("自动", "auto")  # what retranslate() does under the Chinese UI
    for typed in ("自动", "auto"):
        _type(box, typed)
        assert box.value() == 0, typed
        QTest.keyClick(box, Qt.Key.Key_Return)
        assert box.text() == "自动", typed
