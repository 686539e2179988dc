"""Walkthrough s10 #3, #7 and #14 as the user sees them: the unknown-character warning of a
Hugging Face model names what was typed, the replay lesson and the Inside tab's run list start
on a run whose history shows a trend (not the newest few-step stub), and a Hugging Face model's
Training history says it has none instead of drawing empty axes.

Every run and model is made here (tiny, on the CPU); nothing is downloaded."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
import torch

from gatelab.core.trainconfig import TrainConfig
from gatelab.paths import runs_dir
from gatelab.ui.inside_messages import trace_text
from gatelab.ui.inside_panel import InsidePanel
from tests.core.test_inside_unknown_chars import save_lowercase_llama
from tests.ui.conftest import show_panel
from tests.ui.inside_synth import make_trace
from tests.ui.test_trainer_panel import panel  # noqa: F401 (the trainer fixture)

from .test_inside_panel import analyse

torch.set_num_threads(1)
TINY = TrainConfig(corpus="generated", variant="swiglu", n_layer=2, n_embd=32, n_head=2,
                   block_size=16, batch_size=4, steps=6, eval_interval=3, warmup_steps=2,
                   seed=7, device="cpu", threads=1, sample_chars=0)


def _run(name: str, stop_at: int | None = None) -> str:
    """A saved run in the runs folder: finished after 6 steps (statistics rows at 3 and 6), or,
    with ``stop_at``, a 200-step run stopped there (one statistics row, at step 10)."""
    from gatelab.core.engine import train_steps

    run = runs_dir() / name
    if stop_at is None:
        list(train_steps(TINY, run_dir=run))
        return str(run)
    stop = threading.Event()
    for snap in train_steps(TINY.replace(steps=200, eval_interval=250, stats_interval=10),
                            stop_event=stop, run_dir=run):
        if snap.step >= stop_at:
            stop.set()
    return str(run)


def _listed(qtbot, trainer) -> list[str]:  # noqa: ANN001
    trainer.runs.refresh()
    qtbot.waitUntil(lambda: len(trainer.runs.rows) >= 2, timeout=20000)
    return [row.path for row in trainer.runs.rows]


# -- #7: the replay lesson ---------------------------------------------------------------------
def test_the_replay_step_skips_the_newest_stub_for_a_run_with_lines(qtbot, panel) -> None:  # noqa: ANN001,F811
    done = _run("run-20260101-000001-aaaa")
    stub = _run("run-20260101-000002-bbbb", stop_at=12)
    assert _listed(qtbot, panel)[0] == stub  # the newest, as the old step replayed
    assert panel.lesson().steps[4].run().now() is None
    qtbot.waitUntil(lambda: panel.bar.progress.format() == "replay: step 6 / 6 (not training)",
                    timeout=20000)
    assert panel.run_dir == done and panel.runs.selected_path() == done
    assert len(panel.plots.history.stat_steps) == 2  # lines, not one dot per layer


def test_the_replay_step_keeps_the_run_on_screen(qtbot, panel) -> None:  # noqa: ANN001,F811
    older = _run("run-20260101-000001-aaaa")
    newer = _run("run-20260101-000002-bbbb")
    assert _listed(qtbot, panel)[0] == newer
    panel.open_run(older)
    qtbot.waitUntil(lambda: panel.run_dir == older, timeout=20000)
    assert panel.lesson().steps[4].run().now() is None
    qtbot.waitUntil(lambda: panel.runs.selected_path() == older, timeout=20000)
    assert panel.run_dir == older


def test_the_replay_step_with_only_stubs_says_to_train_one(qtbot, panel) -> None:  # noqa: ANN001,F811
    _run("run-20260101-000001-aaaa", stop_at=12)
    _run("run-20260101-000002-bbbb", stop_at=12)
    _listed(qtbot, panel)
    message = panel.lesson().steps[4].run().now()
    assert message and message.startswith("Every saved run stopped too early")
    assert "train a run to its end" in message
    assert panel.run_dir == "" and panel.live.showing_intro()  # no stub replayed



def test_the_replay_step_reads_the_runs_off_the_gui_thread(qtbot, panel, settings,  # noqa: ANN001,F811
                                                          monkeypatch) -> None:
    """From the card: the step says what it is looking for while the runs' metrics are read on
    a helper thread (they used to be read on the GUI thread, up to 50 runs × 64 MB), then
    replays the run it found and says what to look at; a click on another step meanwhile wins."""
    from gatelab.core import run_history
    from gatelab.ui.lesson_card import LessonCard

    done = _run("run-20260101-000001-aaaa")
    _run("run-20260101-000002-bbbb", stop_at=12)
    _listed(qtbot, panel)
    threads: list[str] = []
    gate = threading.Event()
    real = run_history.has_history

    def slow_history(path: str) -> bool:
        threads.append(threading.current_thread().name)
        gate.wait(10)
        return real(path)

    monkeypatch.setattr(run_history, "has_history", slow_history)
    monkeypatch.setattr(run_history.pick_history_run, "__defaults__", (slow_history,))
    card = LessonCard("trainer", panel.lesson, settings)
    qtbot.addWidget(card)
    step = card.lesson.steps[4]
    assert card.run_step(step) == "Looking for a saved run with a training history…"
    assert card.result.text() == "Looking for a saved run with a training history…"
    qtbot.waitUntil(lambda: bool(threads), timeout=5000)
    gate.set()
    qtbot.waitUntil(lambda: card.look_text().startswith("Now look:"), timeout=20000)
    assert threads and "MainThread" not in threads
    qtbot.waitUntil(lambda: panel.run_dir == done, timeout=20000)
    # a later click on another step: the late answer of the first no longer replays anything
    gate.clear()
    opened: list[str] = []
    monkeypatch.setattr(panel, "open_run", opened.append)
    threads.clear()
    assert card.run_step(step) == "Looking for a saved run with a training history…"
    assert card.run_step(card.lesson.steps[0]) is None
    shown = card.look_text()
    assert shown.startswith("Now look:")
    gate.set()
    qtbot.waitUntil(lambda: card._calls is not None and not card._calls.busy(), timeout=20000)
    qtbot.wait(100)  # the late answer's queued signal
    assert threads and card.look_text() == shown and opened == []



def test_the_replay_step_finds_a_run_the_list_has_not_read_yet(qtbot, panel) -> None:  # noqa: ANN001,F811
    """A run trained by gatelab-train in a terminal while the app was open: the Runs list had
    not been shown since, so the step said "Train a run first" (re-walk s11). The step reads
    the runs folder itself (on its helper thread)."""
    panel.runs.shutdown()
    panel.runs._show_rows([], "")  # the list as it was before the run existed
    done = _run("run-20260101-000001-aaaa")
    assert panel.lesson().steps[4].run().now() is None
    qtbot.waitUntil(lambda: panel.run_dir == done, timeout=20000)
    qtbot.waitUntil(lambda: panel.runs.selected_path() == done, timeout=20000)


# -- #7: the Inside tab's saved-run list -------------------------------------------------------
@pytest.fixture
def inside(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    yield p
    p.shutdown()


def _refresh(qtbot, inside: InsidePanel, trainer_run: str = "") -> str:  # noqa: ANN001
    trainer = SimpleNamespace(run_dir=trainer_run, run_state="finished")
    inside.set_panel_lookup(lambda name: trainer if name == "trainer" else None)
    qtbot.waitUntil(lambda: not inside.files.busy(), timeout=20000)
    filled: list[int] = []
    fill = inside.source.set_runs
    inside.source.set_runs = lambda *a, **k: (fill(*a, **k), filled.append(1))  # type: ignore[method-assign]
    try:
        inside.refresh_runs()
        qtbot.waitUntil(lambda: bool(filled), timeout=20000)
    finally:
        del inside.source.set_runs  # the method again
    assert inside.source.runs.count() >= 2
    return str(inside.source.runs.currentData())


def test_the_saved_run_list_starts_on_a_run_with_history(qtbot, inside: InsidePanel) -> None:  # noqa: ANN001
    done = _run("run-20260101-000001-aaaa")
    stub = _run("run-20260101-000002-bbbb", stop_at=12)
    assert _refresh(qtbot, inside) == done  # not the newest stub (listed first)
    assert inside.source.runs.itemData(0) == stub
    assert "stopped" in inside.source.runs.itemText(0)


def test_the_saved_run_list_follows_the_trainer_until_one_is_chosen(qtbot, inside) -> None:  # noqa: ANN001
    done = _run("run-20260101-000001-aaaa")
    stub = _run("run-20260101-000002-bbbb", stop_at=12)
    assert _refresh(qtbot, inside, trainer_run=stub) == stub  # the run the trainer shows
    assert _refresh(qtbot, inside, trainer_run=done) == done  # it shows another now
    inside.source.runs.setCurrentIndex(inside.source.runs.findData(stub))
    inside.source.runs.activated.emit(inside.source.runs.currentIndex())  # the user's pick
    assert _refresh(qtbot, inside, trainer_run=done) == stub  # kept


# -- #3: the unknown-character warning ---------------------------------------------------------
def test_a_model_names_the_characters_it_read_as_unk(qtbot, inside: InsidePanel,  # noqa: ANN001
                                                    tmp_path: Path) -> None:
    model = save_lowercase_llama(tmp_path / "lowercase")
    analyse(qtbot, inside, "hf", str(model), "I flew from Paris to Tokyo last week")
    msg = inside.source.message_text()
    assert ("Warning: 3 characters ('I', 'P', 'T') are not in this model's vocabulary and were "
            "read as '<unk>'") in msg
    assert "('<unk>')" not in msg and "run's" not in msg
    assert "bold" in inside.source.message.styleSheet()  # still a warning


def test_the_warning_wording_of_a_run_and_of_a_model() -> None:
    trace = make_trace(text='a "b"')
    run = dataclasses.replace(trace, unknown=(2, 4), unknown_as=" ", unknown_chars=('"',))
    assert "1 character ('\"') is not in this run's vocabulary and was read as ' '" in \
        trace_text(run)
    hf = dataclasses.replace(trace, source_kind="hf", unknown=(1, 3), unknown_as="[UNK]",
                             unknown_chars=("zaps", "quux"))
    assert ("2 pieces of text ('zaps', 'quux') are not in this model's vocabulary and were "
            "read as '[UNK]'") in trace_text(hf)
    one = dataclasses.replace(hf, unknown=(1,), unknown_chars=("P",))
    assert "1 character ('P') is not in this model's vocabulary and was read as '[UNK]'" in \
        trace_text(one)
    assert "vocabulary" not in trace_text(trace)
    seven = dataclasses.replace(run, unknown=tuple(range(7)), unknown_chars=tuple("Tvy,你QZ"))
    assert ("7 characters ('T', 'v', 'y', ',', '你', …) are not in this run's vocabulary"
            in trace_text(seven))  # five named, and the "…" says there are more (re-walk s11)


# -- #14: Training history with a Hugging Face model -------------------------------------------
def test_a_models_training_history_says_it_has_none(qtbot, inside: InsidePanel,  # noqa: ANN001
                                                    tmp_path: Path) -> None:
    from tests.core.inside_helpers import save_hf_model

    view = inside.history
    run = _run("run-20260101-000001-aaaa")
    analyse(qtbot, inside, "run", run, "the gate")
    qtbot.waitUntil(lambda: view.entries() == 2, timeout=20000)
    assert not view.lines.isHidden() and not view.cloud.isHidden() and not view.slider.isHidden()
    analyse(qtbot, inside, "hf", str(save_hf_model(tmp_path / "llama", "llama")),
            "The food was not bad")
    assert view.entries() == 0
    assert view.lines.isHidden() and view.cloud.isHidden() and view.slider.isHidden()
    assert view.readout.text().startswith("A Hugging Face model has no training history")
    assert "saved run" in view.readout.text()
