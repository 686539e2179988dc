"""Saved experiments come back after a restart: from the run list, and as the last one on show.

Why: the Experiment view was empty after a restart although the exp-… folder existed, and the
seed count and variants were forgotten although the README says every setting is remembered.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from gatelab.ui.experiment_data import experiment_of, load_experiment_summary
from tests.ui.test_trainer_panel import _tiny


@pytest.fixture(scope="module")
def saved_experiment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real tiny experiment (one validation point per run) in its own runs folder."""
    from gatelab.core.experiment import run_experiment

    root = tmp_path_factory.mktemp("runs")
    res = run_experiment(["swiglu", "gelu"], [0, 1], _tiny(steps=3, eval_interval=3), root=root)
    return Path(res.path)


def _make_panel(qtbot, settings: QSettings | None = None):  # noqa: ANN001, ANN202
    from gatelab.ui.trainer_panel import TrainerPanel

    panel = TrainerPanel()
    qtbot.addWidget(panel)
    if settings is not None:
        panel.restore_settings(settings)
    return panel


def test_open_experiment_from_the_run_list(qtbot, saved_experiment: Path,  # noqa: ANN001
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gatelab.paths.runs_dir", lambda: saved_experiment.parent)
    saved = json.loads((saved_experiment / "experiment.json").read_text())
    panel = _make_panel(qtbot)
    panel.show()
    try:
        panel.views.setCurrentWidget(panel.runs)  # the user opens the Runs view
        with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):  # read off the GUI thread
            panel.runs.refresh()
        assert panel.runs.select_path(str(saved_experiment / "swiglu-seed0"))
        child = str(saved_experiment / "gelu-seed1")
        assert experiment_of(child) == str(saved_experiment)
        row = panel.runs.row_for(child)
        assert row is not None and row.name == saved_experiment.name + "/gelu-seed1"
        assert panel.runs.select_path(child)
        assert panel.runs.btn_experiment.isVisible()
        panel.runs.btn_experiment.click()
        view = panel.experiment
        qtbot.waitUntil(lambda: view.result is not None, timeout=20000)
        assert panel.views.currentWidget() is view
        assert view.result.path == str(saved_experiment)
        assert [v.name for v in view.result.variants] == ["swiglu", "gelu"]
        for v, s in zip(view.result.variants, saved["variants"]):
            assert v.final_mean == pytest.approx(s["mean"]) and v.steps == [3.0]
        last = view.table.rowCount() - 1
        assert view.table.item(last, 1).text() == _named(saved["verdict"]) != ""
        assert view.progress.format() == "saved experiment {0} (finished)".format(
            saved_experiment.name)
    finally:
        panel.shutdown()


def test_experiment_settings_and_last_experiment_survive_a_restart(
        qtbot, saved_experiment: Path, settings: QSettings) -> None:  # noqa: ANN001
    a = _make_panel(qtbot)
    try:
        view = a.experiment
        view.seeds.setValue(5)
        view.variant_b.setCurrentIndex(view.variant_b.findData("relu"))
        assert a.open_experiment(str(saved_experiment))
        qtbot.waitUntil(lambda: view.result is not None, timeout=20000)
        a.save_settings(settings)
    finally:
        a.shutdown()
    b = _make_panel(qtbot, settings)  # "the next launch"
    try:
        view = b.experiment
        assert view.seeds.value() == 5 and view.variant_b.currentData() == "relu"
        assert view.variant_a.currentData() == "swiglu"
        qtbot.waitUntil(lambda: view.result is not None, timeout=20000)
        assert view.result.path == str(saved_experiment) and view.table.rowCount() == 5
    finally:
        b.shutdown()
    settings.setValue("experiment/seeds", "lots")  # garbage: defaults, nothing raises
    settings.setValue("experiment/variant_a", 3)
    settings.setValue("experiment/last", "/nowhere/exp-x")
    c = _make_panel(qtbot, settings)
    try:
        assert c.experiment.seeds.value() == 3 and c.experiment.variant_a.currentData() == "swiglu"
        assert c.experiment.result is None
    finally:
        c.shutdown()


def test_broken_or_hostile_experiment_file_is_a_message(qtbot,  # noqa: ANN001
                                                        tmp_path: Path) -> None:
    folder = tmp_path / "exp-broken"
    folder.mkdir()
    (folder / "experiment.json").write_text("[" * 100_000)
    with pytest.raises(ValueError, match="experiment.json"):
        load_experiment_summary(folder)
    (folder / "experiment.json").write_text(json.dumps({"variants": [{"variant": "x"}]}))
    with pytest.raises(ValueError) as info:  # keyed (core's catalogue): the UI translates it
        load_experiment_summary(folder)
    assert info.value.msg.key == "experiment.malformed"  # type: ignore[attr-defined]
    assert str(info.value) == (f"{folder / 'experiment.json'}: not a readable experiment (the "
                               "entry 'variants[0].intermediate' is missing)")
    del info  # its traceback holds this frame, which holds it: the panel below in a cycle
    fifo_dir = tmp_path / "exp-fifo"
    fifo_dir.mkdir()
    os.mkfifo(fifo_dir / "experiment.json")
    t0 = time.monotonic()
    with pytest.raises(ValueError):
        load_experiment_summary(fifo_dir)
    assert time.monotonic() - t0 < 2.0
    panel = _make_panel(qtbot)
    try:
        assert panel.open_experiment(str(folder))
        view = panel.experiment
        qtbot.waitUntil(lambda: "Could not open" in view.message.text(), timeout=10000)
        assert "experiment.json" in view.message.text() and view.result is None
    finally:
        panel.shutdown()


def test_newest_experiment_is_shown_without_remembered_state(
        qtbot, saved_experiment: Path, settings: QSettings,  # noqa: ANN001
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An exp-… folder made by gatelab-experiment (never opened in the app) shows on launch."""
    from gatelab.ui.experiment_data import latest_experiment

    monkeypatch.setattr("gatelab.paths.runs_dir", lambda: saved_experiment.parent)
    older = saved_experiment.parent / "exp-00000000-000000-old0"
    older.mkdir(exist_ok=True)
    (older / "experiment.json").write_text("{}")
    (saved_experiment.parent / "exp-99999999-999999-nojson").mkdir(exist_ok=True)
    assert latest_experiment() == str(saved_experiment)
    panel = _make_panel(qtbot, settings)  # empty settings: a first launch
    try:
        view = panel.experiment
        qtbot.waitUntil(lambda: view.result is not None, timeout=20000)
        assert view.result.path == str(saved_experiment)
    finally:
        panel.shutdown()


def _named(verdict: str) -> str:
    """A saved verdict ("gelu better by …", ids as core keeps them) as the view shows it: its
    best variant by name ("GELU better by …")."""
    from gatelab.ui.variant_names import variant_name

    best, _, rest = verdict.partition(" ")
    return variant_name(best) + " " + rest if best in ("swiglu", "gelu") else verdict
