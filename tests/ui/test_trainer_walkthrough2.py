"""The Live trainer tab's second new-user walkthrough (1280×800), each finding pinned by a test
of what the user sees.

Why: the Experiment view stayed empty although runs had finished, and after Stop; the Runs list
only changed on Refresh; a stopped run never got a text sample; after an experiment the bar said
"not started" below a replay that was still shown; Start, Pause and Stop moved by a line's height
as the state line came and went, so a second click could miss.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from gatelab.ui.experiment_data import ExperimentPartial
from gatelab.ui.trainer_plots import layer_color
from gatelab.ui.variant_names import variant_name
from tests.ui.test_experiment_chart import _grab, _near, _pixel_at
from tests.ui.test_trainer_panel import _tiny, _wait_done

SIZE = (1280, 760)  # the tab's share of a 1280×800 window


@pytest.fixture
def panel(qtbot, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:  # noqa: ANN001
    monkeypatch.setattr("gatelab.ui.runs_view.POLL_MS", 200)  # the list looks every 0.2 s
    from gatelab.ui.trainer_panel import TrainerPanel

    widget = TrainerPanel()
    qtbot.addWidget(widget)
    widget.resize(*SIZE)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activate()
    widget.controls.set_config(_tiny())
    yield widget
    widget.shutdown()
    assert not widget.controller.is_busy() and not widget.experiment.is_busy()


def _final_val(run_dir: Path) -> float:
    rows = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    return [r["val_loss"] for r in rows if "val_loss" in r][-1]


def _shown(view) -> dict[str, object]:  # noqa: ANN001
    """What the chart and the table show: each named curve's (x, y) and the table's cells."""
    curves = {item.name(): tuple(np.asarray(a, dtype=float) for a in item.getData())
              for item in view.curves.plot.listDataItems()
              if isinstance(item, pg.PlotDataItem) and item.name()}
    cells = [(view.table.item(r, 0).text(), view.table.item(r, 1).text())
             for r in range(view.table.rowCount())]
    return {"curves": curves, "cells": cells, "message": view.message.text()}


def _variant_cell(shown: dict, variant: str) -> str:
    """The table's value for ``variant`` (an id), whose row names it as learners read it."""
    name = variant_name(variant)
    return next(v for q, v in shown["cells"] if q.startswith(name + ": final val loss"))


def _curve(shown: dict, variant: str) -> tuple[np.ndarray, np.ndarray]:
    name = variant_name(variant)
    return next(xy for label, xy in shown["curves"].items() if label.startswith(name + " (m="))


def _bar(panel) -> str:  # noqa: ANN001
    return panel.bar.progress.format()


def test_experiment_shows_results_as_runs_finish_and_after_stop(qtbot, panel) -> None:  # noqa: ANN001
    """SwiGLU vs GELU, 2 seeds: results after run 1 and run 2, kept after Stop in run 3; the
    bar describes the replay shown before the experiment again; the runs list follows."""
    # a replayed run is on the live page when the experiment starts
    panel.controls.set_config(_tiny(steps=4, eval_interval=2))
    assert panel.start()
    _wait_done(qtbot, panel)
    replayed = panel.run_dir
    assert panel.open_run(replayed)
    qtbot.waitUntil(lambda: _bar(panel).startswith("replay:"), timeout=10000)
    replay_bar, title = _bar(panel), panel.live.title.text()
    assert panel.bar.state.text() == "Replay"

    panel.controls.set_config(_tiny(steps=60, eval_interval=20))
    view = panel.experiment
    view.seeds.setValue(2)
    panel.views.setCurrentWidget(view)
    seen: list[dict] = []

    def on_progress(progress) -> None:  # noqa: ANN001 (after the view drew it)
        if isinstance(progress.extra, ExperimentPartial):
            seen.append(_shown(view))
            if progress.extra.runs_done == 2:
                view.btn_stop.click()  # the user stops once both variants have a result

    view.controller.progress_reported.connect(on_progress)
    view.btn_run.click()
    assert _bar(panel).startswith("an experiment is training")
    qtbot.waitUntil(lambda: not view.is_busy(), timeout=120000)
    assert view.progress.format().startswith("stopped ("), view.error_text

    folder = Path(view.result.path)
    swiglu, gelu = (_final_val(folder / f"{v}-seed7") for v in ("swiglu", "gelu"))
    assert json.loads((folder / "swiglu-seed8" / "run.json").read_text())["status"] == "stopped"
    # after run 1: swiglu's result, gelu's not yet
    assert len(seen) == 2
    assert _variant_cell(seen[0], "swiglu") == "{0:.4f} ± —  (n = 1)".format(swiglu)
    assert _variant_cell(seen[0], "gelu") == "— ± —  (n = 0)"
    xs, ys = _curve(seen[0], "swiglu")
    assert list(xs) == [20.0, 40.0, 60.0] and ys[-1] == pytest.approx(swiglu)
    assert seen[0]["message"].startswith("Training 4 runs… 1 finished so far: their results")
    assert [q for q, _v in seen[0]["cells"]][1] == "GELU: final val loss (m = 128)"  # no size yet
    # after run 2, and still after the stop: both, and the stopped run 3 changes nothing
    final = _shown(view)
    for shown in (seen[1], final):
        for name, loss in (("swiglu", swiglu), ("gelu", gelu)):
            assert _variant_cell(shown, name) == "{0:.4f} ± —  (n = 1)".format(loss)
            xs, ys = _curve(shown, name)
            assert list(xs) == [20.0, 40.0, 60.0] and ys[-1] == pytest.approx(loss)
    assert final["cells"][-1][0] == "verdict" and "no noise floor" in final["cells"][-1][1]
    assert final["message"].startswith("Experiment stopped with 2 of 4 runs finished: their "
                                       "results are shown, which is not a verdict yet (so far: ")
    image = _grab(view)  # drawn, not only held: each variant's final point is on screen
    for i, loss in enumerate((swiglu, gelu)):
        assert _near(image, *_pixel_at(view, 60.0, loss), QColor(layer_color(i)))

    # the trainer's bar describes the live page again: the replay, not "not started"
    assert _bar(panel) == replay_bar and panel.bar.state.text() == "Replay"
    assert panel.live.title.text() == title
    # the runs list followed the experiment without a Refresh
    qtbot.waitUntil(lambda: panel.runs.row_for(str(folder / "swiglu-seed8")) is not None,
                    timeout=10000)
    assert panel.runs.row_for(str(folder / "gelu-seed7")).status == "finished"


def test_runs_list_follows_a_command_line_run_while_shown(qtbot, panel) -> None:  # noqa: ANN001
    from gatelab.core.engine import train_steps
    from gatelab.core.runs import new_run_dir

    panel.views.setCurrentWidget(panel.runs)
    qtbot.waitUntil(lambda: panel.runs._poll.isActive(), timeout=5000)
    run_dir = str(new_run_dir())  # as gatelab-train makes it, outside the app
    steps = train_steps(_tiny(steps=12, eval_interval=6), run_dir=run_dir)
    try:
        for _ in range(3):
            next(steps)
        qtbot.waitUntil(lambda: panel.runs.row_for(run_dir) is not None, timeout=5000)
        assert panel.runs.row_for(run_dir).status == "running"
        for _ in steps:
            pass
    finally:
        steps.close()
    qtbot.waitUntil(lambda: panel.runs.row_for(run_dir).status == "finished", timeout=5000)
    assert panel.runs.row_for(run_dir).steps == "12/12"
    # hidden, the list does not look at the folder at all
    panel.views.setCurrentWidget(panel.live)
    assert not panel.runs._poll.isActive()
    reads = panel.runs._generation
    qtbot.wait(600)
    assert panel.runs._generation == reads


def test_runs_list_shows_this_apps_run_when_it_starts(qtbot, panel) -> None:  # noqa: ANN001
    panel.controls.set_config(_tiny(steps=100_000, eval_interval=1000))
    assert panel.start()
    try:
        qtbot.waitUntil(lambda: panel.runs.row_for(panel.run_dir) is not None, timeout=30000)
        assert panel.runs.row_for(panel.run_dir).status == "running"
    finally:
        panel.stop()
        _wait_done(qtbot, panel)
    qtbot.waitUntil(lambda: panel.runs.row_for(panel.run_dir).status == "stopped", timeout=10000)


def test_a_stopped_run_gets_a_sample_and_a_new_run_starts_without_it(qtbot, panel) -> None:  # noqa: ANN001
    assert "stopped" in panel.live.sample.placeholderText()
    panel.controls.set_config(_tiny(steps=100_000, eval_interval=1000))
    assert panel.start()
    qtbot.waitUntil(lambda: len(panel.plots.history) >= 3, timeout=30000)
    panel.bar.btn_stop.click()
    qtbot.waitUntil(lambda: panel.run_state == "stopped", timeout=5000)
    from gatelab.core.engine import load_trained, sample_text

    model, vocab, _ = load_trained(panel.run_dir)
    step = panel.plots.history.steps[-1]  # the stop's checkpoint: the header its replay shows
    expected = f"--- sample at step {step} ---\n{sample_text(model, vocab, n_chars=300, seed=0)}\n"
    qtbot.waitUntil(lambda: panel.live.sample.toPlainText() == expected, timeout=20000)
    # the next run starts with an empty box: no sample of the stopped run stays below it
    panel.controls.set_config(_tiny(steps=4, eval_interval=2))
    assert panel.start()
    assert panel.live.sample.toPlainText() == ""
    _wait_done(qtbot, panel)


def _button_places(panel) -> list[QPoint]:  # noqa: ANN001
    QApplication.processEvents()
    return [b.mapTo(panel, QPoint(0, 0)) for b in (panel.bar.btn_start, panel.bar.btn_pause,
                                                   panel.bar.btn_stop)]


def test_start_pause_stop_stay_put_when_a_long_error_wraps(qtbot, panel) -> None:  # noqa: ANN001
    before = _button_places(panel)
    panel.bar.set_error("could not read the corpus: " + "a long reason, " * 30)
    lines = panel.bar.error.fontMetrics().lineSpacing()
    qtbot.waitUntil(lambda: panel.bar.error.isVisible() and panel.bar.error.height() > 2 * lines,
                    timeout=2000)
    assert _button_places(panel) == before  # the error grew upwards, above the buttons
    assert panel.bar.error.mapTo(panel, QPoint(0, 0)).y() < before[0].y()
    panel.bar.set_error("")
    assert not panel.bar.error.isVisible()
    qtbot.waitUntil(lambda: _button_places(panel) == before, timeout=2000)


def test_start_pause_stop_stay_put_as_the_state_line_changes(qtbot, panel) -> None:  # noqa: ANN001
    before = _button_places(panel)
    panel.controls.set_config(_tiny(steps=100_000, eval_interval=1000))
    assert panel.start()
    qtbot.waitUntil(lambda: panel.bar.state.text() == "Running", timeout=5000)
    assert _button_places(panel) == before
    panel.bar.btn_pause.click()
    assert panel.bar.state.text() == "Paused" and _button_places(panel) == before
    panel.bar.btn_stop.click()
    assert panel.bar.state.text() == "Stopping…" and _button_places(panel) == before
    _wait_done(qtbot, panel)
    assert panel.bar.state.text() == "" and _button_places(panel) == before
    assert panel.open_run(panel.run_dir)
    qtbot.waitUntil(lambda: panel.bar.state.text() == "Replay", timeout=10000)
    assert _button_places(panel) == before
    deadline = time.monotonic() + 5  # the stop's sample arrives before the fixture's shutdown
    while panel._calls.busy() and time.monotonic() < deadline:
        qtbot.wait(50)
