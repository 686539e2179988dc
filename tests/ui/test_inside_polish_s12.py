"""The s12 walkthrough's Inside-the-model and Forward-pass findings: the saved-run list follows a
run that finishes while the tab is shown (D1), variants by name (P3), a stale "State restored."
(P9) and a map that no longer jumps when its readout wraps (P14)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import torch
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from gatelab.core.trainconfig import TrainConfig
from gatelab.paths import runs_dir
from gatelab.ui.forward_map import ForwardMapPanel
from gatelab.ui.inside_panel import InsidePanel
from gatelab.ui.trainer_jobs import RunRow
from tests.ui.conftest import settle, show_panel
from tests.ui.inside_synth import make_trace

torch.set_num_threads(1)
TINY = TrainConfig(corpus="generated", variant="swiglu", n_layer=2, n_embd=32, n_head=2,
                   block_size=16, batch_size=4, steps=6, eval_interval=3, warmup_steps=2,
                   seed=7, device="cpu", threads=1, sample_chars=0)


@pytest.fixture
def inside(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    yield p
    p.shutdown()


def _label(panel: InsidePanel, path: str) -> str:
    i = panel.source.runs.findData(path)
    return panel.source.runs.itemText(i) if i >= 0 else ""


# -- D1: a run that finishes while the tab stays shown -----------------------------------------
def test_the_saved_run_list_follows_a_run_that_finishes_while_shown(qtbot, inside) -> None:  # noqa: ANN001
    from gatelab.core.engine import train_steps

    done = runs_dir() / "run-20260101-000001-aaaa"
    list(train_steps(TINY, run_dir=done))
    live = runs_dir() / "run-20260101-000002-bbbb"
    steps = train_steps(TINY, run_dir=live)  # its writer stays open between steps: "running"
    for snap in steps:
        if snap.step >= 3:
            break
    inside.source.set_kind("run")
    inside.run_list.timer.setInterval(100)  # POLL_MS (3 s) in the app
    inside.refresh_runs()
    qtbot.waitUntil(lambda: "running" in _label(inside, str(live)), timeout=20000)
    inside.source.runs.setCurrentIndex(inside.source.runs.findData(str(done)))
    inside.source.runs.activated.emit(inside.source.runs.currentIndex())  # the learner's pick
    for _snap in steps:  # the run ends, the tab stays shown
        pass
    assert inside.isVisible()
    qtbot.waitUntil(lambda: "running" not in _label(inside, str(live)), timeout=20000)
    assert _label(inside, str(live)) == "run-20260101-000002-bbbb · SwiGLU · 2L d32 m96 2h"
    assert inside.source.run_path() == str(done)  # the learner's pick is kept


def test_no_poll_runs_while_hidden(qtbot, inside) -> None:  # noqa: ANN001
    assert inside.run_list.timer.isActive()
    inside.hide()
    assert not inside.run_list.timer.isActive()
    inside.show()
    assert inside.run_list.timer.isActive()


# -- P3: the variant's name, not its id --------------------------------------------------------
def test_the_summary_names_the_variant(inside) -> None:  # noqa: ANN001
    inside.sel.set_trace(make_trace(n_layer=2, m=48))
    assert " · SwiGLU · " in inside.pickers.info.text()
    assert "swiglu" not in inside.pickers.info.text()
    inside.sel.set_trace(make_trace(n_layer=2, m=48, variant="swiglu_clamped"))
    assert " · SwiGLU clamped (gpt-oss) · " in inside.pickers.info.text()


def test_the_saved_run_list_names_the_variant(qtbot, inside, monkeypatch) -> None:  # noqa: ANN001
    rows = [RunRow("/runs/a", "a", "swiglu_clamped", "2L d32 m96 2h", "generated", "200/200",
                   1.9, 1.95, "finished", ""),
            RunRow("/runs/b", "b", "gelu", "2L d32 m128 2h", "generated", "200/200", 1.9, 1.95,
                   "finished", "")]
    monkeypatch.setattr("gatelab.ui.trainer_jobs.run_rows", lambda root=None: rows)
    inside.refresh_runs()
    qtbot.waitUntil(lambda: inside.source.runs.count() == 2, timeout=20000)
    assert [inside.source.runs.itemText(i) for i in range(2)] == [
        "a · SwiGLU clamped (gpt-oss) · 2L d32 m96 2h", "b · GELU · 2L d32 m128 2h"]


# -- P9: "State restored." goes once the learner acts -------------------------------------------
def _restored(qtbot) -> InsidePanel:  # noqa: ANN001
    panel = show_panel(qtbot, InsidePanel())
    panel.sel.set_trace(make_trace())
    panel.apply_state(panel.state())
    assert panel.source.message_text() == "State restored."
    return panel


def test_state_restored_goes_when_the_text_is_edited(qtbot) -> None:  # noqa: ANN001
    panel = _restored(qtbot)
    try:
        panel.source.text.setFocus()
        qtbot.keyClicks(panel.source.text, "x")
        assert panel.source.message_text() == ""
    finally:
        panel.shutdown()


def test_state_restored_goes_when_a_neuron_is_picked(qtbot) -> None:  # noqa: ANN001
    panel = _restored(qtbot)
    try:
        panel.pickers.neuron.setValue(panel.pickers.neuron.value() + 1)
        assert panel.source.message_text() == ""
    finally:
        panel.shutdown()


def test_analyse_replaces_state_restored(qtbot) -> None:  # noqa: ANN001
    panel = _restored(qtbot)
    try:
        panel.source.set_kind("run")
        panel.source.runs.clear()
        panel.analyse()  # no run chosen: refused, in its own words
        assert panel.source.message_text().startswith("Choose a saved run")
    finally:
        panel.shutdown()


def test_the_press_analyse_line_stays_through_an_edit(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    panel = show_panel(qtbot, InsidePanel())
    try:
        panel.apply_state({"text": "abc", "layer": 1, "neuron": 5, "token": 2})
        line = panel.source.message_text()
        assert line.startswith("State restored: press Analyse")
        qtbot.keyClicks(panel.source.text, "d")
        assert panel.source.message_text() == line  # it still has a job: the picks wait
    finally:
        panel.shutdown()


def test_a_failed_paste_clears_an_earlier_state_restored(qtbot, main_window) -> None:  # noqa: ANN001
    inside = main_window.show_tab("inside")
    inside.sel.set_trace(make_trace())
    assert main_window.paste_state(main_window.copy_state()) is True
    assert inside.source.message_text() == "State restored."
    assert main_window.paste_state('{"format": "gatelab-state", "version": 99}') is False
    assert inside.source.message_text() == ""


# -- P14: the map stays put when the readout wraps ---------------------------------------------
@pytest.fixture
def forward(qtbot) -> Iterator[ForwardMapPanel]:  # noqa: ANN001
    p = show_panel(qtbot, ForwardMapPanel(), size=(1032, 760))  # beside the card at 1280 px
    p.show_preset("qwen3.5-0.8b")
    yield p
    p.shutdown()


def _text_height(label: QLabel) -> int:
    """The height the label's text takes wrapped to its width (not its reserved room)."""
    return label.fontMetrics().boundingRect(0, 0, label.contentsRect().width(), 10_000,
                                            int(Qt.TextFlag.TextWordWrap), label.text()).height()


def test_the_map_does_not_move_when_the_readout_wraps(forward) -> None:  # noqa: ANN001
    readout = forward.readout
    line = readout.fontMetrics().lineSpacing()
    needs, geometry = {}, {}
    for key in ("mlp", "mul"):  # two lines at this width, then one (shots 111/112)
        forward.select_box(key)
        settle()
        needs[key] = _text_height(readout)
        geometry[key] = forward.view.geometry()
        assert readout.contentsRect().height() >= needs[key]  # drawn whole
    assert needs["mlp"] > 1.5 * line and needs["mul"] < 1.5 * line  # they do wrap differently
    assert geometry["mlp"] == geometry["mul"]


def test_a_longer_readout_still_shows_whole(forward) -> None:  # noqa: ANN001
    forward.resize(420, 760)  # a narrow window: the two-line room is a floor, not a cap
    forward.select_box("mlp")
    settle()
    readout = forward.readout
    assert _text_height(readout) > 2.5 * readout.fontMetrics().lineSpacing()
    assert readout.contentsRect().height() >= _text_height(readout)
