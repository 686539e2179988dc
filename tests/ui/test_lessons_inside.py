"""The inside tab's "Try this" lesson: every step's promise checked against the readouts it points
at (a real tiny run for the step that traces, synthetic traces with known numbers for the rest),
steps without a source say what to do first, and the questions are well formed."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QRadioButton

from gatelab.core.inside import analysis
from gatelab.ui.inside_lesson import STRING_TEXT, pick_string_neuron, string_span
from gatelab.ui.inside_panel import InsidePanel
from gatelab.ui.inside_text import display_piece
from gatelab.ui.lesson_card import LessonCard
from gatelab.ui.widgets import fmt_number

from .inside_synth import make_trace
from .test_inside_panel import CFG, panel, tiny_hf, tiny_run  # noqa: F401 (shared fixtures)

INSIDE = (STRING_TEXT.index('"') + 1, STRING_TEXT.rindex('"'))  # "inside a string", in chars


@pytest.fixture(scope="module")
def python_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny run on the Python corpus: its vocabulary has quote marks (the generated corpus's
    has none, and the strings step then says so; see test_walkthrough9_lessons)."""
    from gatelab.core.engine import train_steps

    run = tmp_path_factory.mktemp("inside-run-py") / "run-python"
    list(train_steps(dataclasses.replace(CFG, corpus="python"), run_dir=run))
    return run




def _card(qtbot, panel: InsidePanel, settings: QSettings) -> LessonCard:  # noqa: ANN001
    card = LessonCard("inside", panel.lesson, settings)
    qtbot.addWidget(card)
    card.show()
    return card


def _click_step(qtbot, card: LessonCard, i: int) -> str:  # noqa: ANN001
    qtbot.mouseClick(card.findChild(QPushButton, f"lesson-step-{i}"), Qt.MouseButton.LeftButton)
    return card.look_text() or card.result.text()  # the marked sentence, or the card's line


def test_the_lesson_is_well_formed(panel: InsidePanel) -> None:
    lesson = panel.lesson()
    assert 4 <= len(lesson.steps) <= 6 and 2 <= len(lesson.questions) <= 4
    assert lesson.problems() == []
    assert "mlp-vs-residual" in {q.key for q in lesson.questions}
    for q in lesson.questions:
        assert 0 <= q.answer < len(q.choices) == len(q.explanations)


def test_steps_without_a_source_say_what_to_do_first(qtbot, panel: InsidePanel,  # noqa: ANN001
                                                      settings: QSettings) -> None:
    panel.source.set_kind("run")
    panel.source.set_runs([])  # no saved run to pick
    lesson = panel.lesson()
    for i, step in enumerate(lesson.steps):
        todo = step.run()
        assert todo and "\n" not in todo, i
        assert "saved run" in todo and "model folder" in todo
    assert not panel.sel.has_trace() and not panel.runner.is_busy()
    assert panel.pages.currentIndex() == 0  # still the intro page, nothing half set up
    card = _card(qtbot, panel, settings)
    assert _click_step(qtbot, card, 1) == lesson.steps[1].run()


def test_the_string_step_traces_and_ranks_the_inside_of_the_string(
        qtbot, panel: InsidePanel, python_run: Path, settings: QSettings) -> None:  # noqa: ANN001,F811
    panel.source.set_kind("run")
    panel.source.select_run(str(python_run))
    card = _card(qtbot, panel, settings)
    result = _click_step(qtbot, card, 0)
    assert result == "Tracing the line…" and card.looking_at() is None  # not yet: it traces
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)
    qtbot.waitUntil(lambda: panel.sel.span != (0, 0), timeout=5000)
    # the trace shows the string neuron: now the step's sentence is marked, the line is gone
    assert card.look_text().startswith("Now look:") and card.result.text() == ""
    assert card.looking_at() is not None and "between the quotes" in card.looking_at().text()
    trace = panel.sel.trace
    assert panel.source.text.text() == STRING_TEXT and "".join(trace.tokens) == STRING_TEXT
    assert panel.sel.span == INSIDE  # one token per character in a run
    # the picked neuron is the best span score over all layers, computed directly
    best = max(((analysis.span_ranking(trace, layer, *INSIDE, k=1)[0], layer)
                for layer in range(len(trace.layers))), key=lambda f: f[0][1])
    (neuron, score), layer = best
    assert (panel.sel.layer, panel.sel.neuron) == (layer, neuron)
    assert panel.views.currentWidget() is panel.explorer
    table = panel.rankings.span_table
    assert table.item(0, 0).text() == f"#{neuron}" and table.item(0, 1).text() == fmt_number(score, 3)
    assert f"“{display_piece('inside a string')}”" in panel.rankings.span_hint.text()
    assert f"<b>Neuron L{layer} #{neuron}</b>" in panel.shaded.title.text()
    # the last step replays this run's history (saved every 4 steps of 8)
    qtbot.waitUntil(lambda: panel.history.entries() >= 2, timeout=10000)
    assert panel.lesson().steps[5].run() is None
    assert panel.history.step_label.text().startswith("step 4 (4–8, ")


def test_the_string_step_on_a_hugging_face_tokenizer(qtbot, panel: InsidePanel,  # noqa: ANN001
                                                      tiny_hf: Path) -> None:  # noqa: F811
    panel.source.set_kind("hf")
    panel.source.hf_path.setText(str(tiny_hf))
    assert panel.lesson().steps[0].run() == "Tracing the line…"
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)
    qtbot.waitUntil(lambda: panel.sel.span != (0, 0), timeout=5000)
    a, b = panel.sel.span
    pieces = panel.sel.trace.tokens
    inside = "".join(pieces[a:b])
    assert "inside" in inside and "string" in inside  # BPE pieces, not characters
    assert "label" not in inside and "name" not in inside
    assert panel.rankings.span_table.item(0, 0).text() == f"#{panel.sel.neuron}"


def test_the_string_step_on_a_run_without_quote_marks_marks_nothing(
        qtbot, panel: InsidePanel, tiny_run: Path, settings: QSettings) -> None:  # noqa: ANN001,F811
    """The generated corpus has no quote marks: once the trace says so, the card shows that
    line (amber) and marks no step sentence "Now look" (it did, before the trace ended)."""
    panel.source.set_kind("run")
    panel.source.select_run(str(tiny_run))
    card = _card(qtbot, panel, settings)
    assert _click_step(qtbot, card, 0) == "Tracing the line…"
    qtbot.waitUntil(lambda: "no quote marks" in card.result.text(), timeout=60000)
    assert card.looking_at() is None and card.look_text() == ""
    assert "#b45309" in card.result.styleSheet()  # amber: something to do
    assert "no quote marks" in panel.source.message_text()
    assert panel.sel.span == (0, 0)  # nothing picked


def test_a_later_click_drops_the_string_steps_outcome(
        qtbot, panel: InsidePanel, python_run: Path, tiny_run: Path,  # noqa: F811
        settings: QSettings) -> None:  # noqa: ANN001
    """Another step clicked while the line is traced (walkthrough s18 D2): it ran at once on
    the old trace and was marked "Now look", then the trace arrived, picked the string neuron
    and switched to the explorer, under the other step's mark. Now a step that points at a
    view says "busy" while a trace is on its way, and the strings step's pick is dropped."""
    panel.source.set_kind("run")
    panel.source.select_run(str(tiny_run))
    assert panel.analyse()
    qtbot.waitUntil(lambda: panel.sel.has_trace() and not panel.runner.is_busy(), timeout=60000)
    panel.views.setCurrentWidget(panel.mlp)
    panel.source.select_run(str(python_run))
    card = _card(qtbot, panel, settings)
    assert _click_step(qtbot, card, 0) == "Tracing the line…"
    assert panel.runner.is_busy()
    assert _click_step(qtbot, card, 1) == "Still busy: wait or press Cancel."
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)
    qtbot.wait(50)
    assert "".join(panel.sel.trace.tokens) == STRING_TEXT  # traced, but nothing picked
    assert panel.sel.span == (0, 0) and panel.views.currentWidget() is panel.mlp
    assert card.result.text() == "Still busy: wait or press Cancel." and card.looking_at() is None
    assert _click_step(qtbot, card, 1).startswith("Now look:")  # now it can point at the bars


def test_the_string_step_finds_a_planted_string_neuron(panel: InsidePanel) -> None:
    assert string_span(list(STRING_TEXT)) == INSIDE
    assert string_span(["x", " =", ' "', "in", "side", '"']) == (3, 5)
    assert string_span(["x", ' ="inside', '"+', "y"]) == (1, 2)  # quotes glued to words
    assert string_span(list("no string here")) == (0, 0)
    panel.sel.set_trace(make_trace(text=STRING_TEXT, plant=(2, 9, *INSIDE)))
    pick_string_neuron(panel)
    assert (panel.sel.layer, panel.sel.neuron, panel.sel.span) == (2, 9, INSIDE)
    assert panel.rankings.span_table.item(0, 0).text() == "#9"


def _ratios(trace) -> np.ndarray:  # noqa: ANN001
    t = len(trace.tokens) - 1
    return np.array([lt.mlp_norm[t] / lt.resid_norm[t] for lt in trace.layers], dtype=np.float64)


def test_the_contribution_bar_exercise(qtbot, panel: InsidePanel, settings: QSettings) -> None:  # noqa: ANN001
    trace = make_trace(n_layer=5, seed=4)
    panel.sel.set_trace(trace)
    ratios = _ratios(trace)
    card = _card(qtbot, panel, settings)
    for step, layer in ((1, int(np.argmax(ratios))), (2, int(np.argmin(ratios)))):
        assert _click_step(qtbot, card, step).startswith("Now look:")
        assert panel.views.currentWidget() is panel.mlp and panel.sel.layer == layer
        readout = panel.mlp.readout.text()
        assert f"<b>L{layer}</b>" in readout
        assert f"‖MLP out‖ / ‖layer out‖ = <b>{fmt_number(ratios[layer], 4)}</b>" in readout
    big, small = int(np.argmax(ratios)), int(np.argmin(ratios))
    assert big != small
    assert (f"Compared with L{big} ({fmt_number(ratios[big], 4)}): the larger ratio is "
            f"{fmt_number(ratios[big] / ratios[small], 2)}× the smaller.") in readout


def test_gates_sink_and_history_steps_point_at_their_readouts(panel: InsidePanel) -> None:
    trace = make_trace(n_layer=4)
    panel.sel.set_trace(trace)
    steps = panel.lesson().steps
    assert steps[3].run() is None
    t = len(trace.tokens) - 1
    g = trace.layers[2].g[t]
    stats = panel.gates.stats.text()
    assert panel.views.currentWidget() is panel.gates and (panel.sel.layer, panel.sel.token) == (2, t)
    assert f"<b>{fmt_number(100 * float(np.mean(g < 0)), 1)}&nbsp;%</b>" in stats
    assert "(lesson: 61.9&nbsp;%)" in stats and "(lesson: 19.0&nbsp;%)" in stats  # one unit
    assert steps[4].run() is None
    assert panel.views.currentWidget() is panel.sink
    share = fmt_number(100 * float(np.mean(trace.layers[0].attn_sink)), 1) + " %"
    assert panel.sink.table.item(0, 2).text() == share
    assert "46.7 %" in panel.sink.lesson.text() and "4.8 %" in panel.sink.lesson.text()
    assert "no training history" in steps[5].run()  # a trace without a history
    row = SimpleNamespace(frac_neg=[0.5] * 4, frac_closed=[0.2] * 4, mlp_ratio=[0.1] * 4,
                          attn_sink=[0.4] * 4, max_abs_h=[2.0] * 4, gate_pairs=np.zeros((4, 3, 2)))
    panel.history.set_history([(0, row), (50, row), (100, row)], [])
    assert steps[5].run() is None
    assert panel.history.slider.value() == 0
    assert panel.history.step_label.text() == "step 0 (0–100, 3 checkpoints)"


def test_answers_are_explained_and_remembered(qtbot, panel: InsidePanel,  # noqa: ANN001
                                              settings: QSettings) -> None:
    card = _card(qtbot, panel, settings)
    card.resize(300, 2000)
    q = next(q for q in panel.lesson().questions if q.key == "mlp-vs-residual")
    for choice in range(len(q.choices)):
        radio = card.findChild(QRadioButton, f"lesson-q-{q.key}-{choice}")
        qtbot.mouseClick(radio, Qt.MouseButton.LeftButton, pos=QPoint(8, radio.height() // 2))
        text = card.findChild(QLabel, f"lesson-x-{q.key}").text().replace("\u2060", "")  # (joiners unseen)
        assert q.explanations[choice] in text
        assert ("Right." in text) == (choice == q.answer)
    assert int(settings.value("lessons/inside/mlp-vs-residual")) == len(q.choices) - 1


def test_lupdate_extracts_every_lesson_string(panel: InsidePanel, tmp_path: Path) -> None:
    """The lesson's and the state's strings must be visible to lupdate (a helper like _tr("…")
    is not), or they can never be translated."""
    from tests.ui.conftest import extract_ts, ts_sources

    root = Path(__file__).resolve().parents[2] / "gatelab" / "ui"
    files = [root / f"inside_{n}.py" for n in ("lesson", "persist", "messages")]
    sources = ts_sources(extract_ts(tmp_path, files))
    lesson = panel.lesson()
    shown = [s.title for s in lesson.steps] + [s.expect for s in lesson.steps[1:]]
    for q in lesson.questions:
        shown += [q.text, *q.choices, *q.explanations]
    assert [s for s in shown if s not in sources] == []
    assert "State restored." in sources and "1 token through {1}{2}. Pick a layer, neuron or " \
        "token anywhere." in sources


def test_the_bar_step_scrolls_its_readout_into_sight(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    """Walkthrough s20: at 1024×768 the step said "the readout under the bars shows …" while the
    readout was below the fold of the scrolled page."""
    from tests.ui.conftest import settle

    panel.resize(900, 420)
    panel.sel.set_trace(make_trace(n_layer=5, seed=4))
    settle(10)
    page = panel.pages.widget(1)
    page.verticalScrollBar().setValue(0)
    readout = panel.mlp.readout
    assert panel.lesson().steps[1].run() is None
    settle(10)
    top = readout.mapTo(page.viewport(), readout.rect().topLeft()).y()
    assert 0 <= top and top + readout.height() <= page.viewport().height() + 1
