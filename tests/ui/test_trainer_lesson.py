"""The trainer's "Try this" steps keep their promises on the visible form, and a step whose
target is missing (no saved run yet) says what to do first instead of failing."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QPushButton

from gatelab.ui.lesson_card import LessonCard
from tests.ui.conftest import extract_ts, ts_sources
from tests.ui.test_trainer_panel import _tiny, _wait_done, panel  # noqa: F401 (fixture)


def _number(text: str) -> int:
    """The first number in ``text`` (thousands separators allowed)."""
    match = re.search(r"\d[\d,]*", text)
    assert match, text
    return int(match.group().replace(",", ""))


def _params(panel) -> int:  # noqa: ANN001
    return _number(panel.controls.params_label.text())


def test_lesson_is_well_formed(panel) -> None:  # noqa: ANN001
    lesson = panel.lesson()
    assert lesson.problems() == []
    assert 4 <= len(lesson.steps) <= 6 and 2 <= len(lesson.questions) <= 4
    assert any(q.key == "attn-gate-dropout" for q in lesson.questions)
    for q in lesson.questions:
        assert 0 <= q.answer < len(q.choices) == len(q.explanations)
        assert all(len(x.split(". ")) <= 4 and x.strip() for x in q.explanations)


def test_experiment_step_sets_up_five_seeds_and_runs_nothing(panel) -> None:  # noqa: ANN001
    step = panel.lesson().steps[0]
    assert "5 seeds" in step.title and "parameter-matched" in step.expect and "3σ" in step.expect
    assert step.run() is None
    view = panel.experiment
    assert panel.views.currentWidget() is view
    assert view.variant_a.currentData() == "swiglu" and view.variant_b.currentData() == "gelu"
    assert view.seeds.text() == "seeds: 5" and "seeds: 5" in step.expect
    assert panel.controls.steps.text() == "200" and "200 steps" in step.expect
    assert panel.controls.corpus.corpus() == "python"  # quotes in its vocabulary: see QUICK
    assert not view.is_busy() and not panel.controller.is_busy()  # running it is the user's call


def test_experiment_step_during_training_says_what_to_do(panel, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(panel.controller, "is_busy", lambda: True)
    before = panel.state()
    message = panel.lesson().steps[0].run()
    assert message and "Stop" in message
    assert panel.state() == before
    monkeypatch.undo()  # before the fixture's shutdown checks that nothing is busy


def test_attention_gate_step_adds_the_promised_parameters(qtbot, panel) -> None:  # noqa: ANN001
    qtbot.waitUntil(lambda: panel.controls.corpus.summary is not None, timeout=30000)
    step = panel.lesson().steps[1]
    from gatelab.ui.trainer_lesson import QUICK

    panel.controls.set_config(QUICK)
    without = _params(panel)
    assert step.run() is None
    assert panel.controls.attn_gate.isChecked()
    added = _params(panel) - without
    assert added == 2 * 64 * 64 and "{0:,}".format(added) in step.expect
    assert panel.plots.sink_label.text() == "first-token share: —"  # shown once a run trains


def test_width_steps_show_the_promised_m(panel) -> None:  # noqa: ANN001
    panel.controls.lr.setText("fast")  # an unparsable form: the steps still work
    steps = panel.lesson().steps
    assert steps[2].run() is None
    assert panel.controls.intermediate.text() == "688" == str(_number(steps[2].expect[
        steps[2].expect.index("m ="):]))
    assert "528,384" in steps[2].expect and "524,288" in steps[2].expect
    assert "differ by about 0.78 % from" in steps[2].expect  # 0.781 %: not "within" and "multiple of 16" in steps[2].expect
    assert steps[3].run() is None
    assert panel.controls.width.text() == "384"
    assert panel.controls.intermediate.value() == 1024
    assert "m = 1,024" in steps[3].expect


def test_card_button_runs_a_step(qtbot, panel, settings) -> None:  # noqa: ANN001
    card = LessonCard("trainer", panel.lesson, settings)
    qtbot.addWidget(card)
    card.findChild(QPushButton, "lesson-step-2").click()
    assert panel.controls.intermediate.text() == "688"


def test_replay_step_needs_a_run_first_then_replays_it(qtbot, panel) -> None:  # noqa: ANN001
    step = panel.lesson().steps[4]
    panel.runs.shutdown()
    panel.runs._show_rows([], "")
    message = step.run().now()
    assert message and message.startswith("Train a run first")
    assert panel.live.showing_intro()  # nothing changed
    panel.controls.set_config(_tiny(steps=6, eval_interval=3))
    assert panel.start()
    _wait_done(qtbot, panel)
    qtbot.waitUntil(lambda: getattr(panel.runs.row_for(panel.run_dir), "status", "") ==
                    "finished", timeout=10000)  # (listed as running when it started)
    run = panel.run_dir
    panel.controls.set_config(_tiny(steps=500, variant="gelu"))
    panel.plots.clear()
    assert step.run().now() is None
    qtbot.waitUntil(lambda: panel.bar.progress.format() == "replay: step 6 / 6 (not training)",
                    timeout=10000)
    assert panel.run_dir == run
    names = [label.item.toPlainText()  # as drawn: the label holds HTML (&lt;)
             for _s, label in panel.plots.sparsity.plot.plotItem.legend.items]
    assert names[:2] == ["closed", "g<0"] and "L1" in names  # style keys, then the layers
    csv_names = [c.name() for c in panel.plots._closed + panel.plots._neg]
    assert "L0 closed" in csv_names and "L1 g<0" in csv_names
    assert panel.controls.steps.value() == 6 and panel.controls.variant.currentData() == "swiglu"


def test_lupdate_extracts_every_lesson_and_state_string(panel, tmp_path: Path) -> None:  # noqa: ANN001
    """Strings behind a wrapper such as _tr(text) are invisible to lupdate and can never be
    translated: every lesson line and state message must be found in the extracted .ts."""
    root = Path(__file__).resolve().parents[2] / "gatelab" / "ui"
    ts = extract_ts(tmp_path, [root / f"trainer_{n}.py" for n in ("lesson", "state", "fields")])
    text = ts.read_text("utf-8")
    sources = ts_sources(ts)
    lesson = panel.lesson()
    shown = [s.title for s in lesson.steps] + [lesson.steps[0].expect, lesson.steps[4].expect]
    for q in lesson.questions:
        shown += [q.text, *q.choices, *q.explanations]
    assert [s for s in shown if s not in sources] == []
    assert "view must be one of {0}" in sources and "Optimizer steps" in sources
    assert "<name>TrainerControls</name>" in text and "<name>TrainerPanel</name>" in text


def test_step_buttons_fit_the_card(qtbot, main_window) -> None:  # noqa: ANN001
    main_window.show_tab("trainer")
    card = main_window.lesson_card("trainer")
    assert card is not None and not card.lesson.problems()
    buttons = [card.findChild(QPushButton, f"lesson-step-{i}") for i in range(5)]
    assert all(buttons) and max(b.sizeHint().width() for b in buttons) <= 240
