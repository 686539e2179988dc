"""Probe s15 F6, F7 and F8 as the user sees them.

F7: a replayed run whose metrics.jsonl holds ±Infinity or 1e308 scaled the loss axis to 1.2e300
and drew neither curve after that step; those values now read as null: a gap, the axis fits the
real losses and the smoothed curve goes on. F6: a metrics.jsonl cut below the checkpoint is
named in the status line when the run is opened or resumed. F8: a garbage remembered "shown"
list gave an empty Activation curves plot; it now gives the default curves (an empty list the
user chose stays empty).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from PySide6.QtCore import QSettings

from gatelab.cli import train_main
from gatelab.core import curves
from gatelab.paths import runs_dir
from gatelab.ui.activations_panel import ActivationsPanel
from gatelab.ui.trainer_plots import TrainerPlots
from tests.core.test_runs_s9_delete import make_run
from tests.ui.conftest import show_panel
from tests.ui.test_trainer_panel import _wait_done, panel  # noqa: F401 (fixture)

HOSTILE = {4: "NaN", 6: "1e308", 8: "-Infinity", 10: "Infinity"}


def _loss_rows(n: int = 40) -> str:
    lines = []
    for step in range(1, n + 1):
        loss = HOSTILE.get(step, f"{3.0 - step * 0.02:.3f}")
        lines.append(f'{{"step": {step}, "train_loss": {loss}, "lr": 0.001, '
                     f'"tokens_per_s": 500.0}}')
    return "".join(line + "\n" for line in lines)


def _ema_pixels_right_half(plots: TrainerPlots) -> int:
    """Pixels of the smoothed loss's colour (#1f77b4) in the right half of the loss plot, above
    its legend row: where the curve of steps 20–40 is drawn."""
    image = plots.loss.plot.grab().toImage()

    def dark_blue(x: int, y: int) -> bool:
        c = image.pixelColor(x, y)
        return abs(c.red() - 0x1F) + abs(c.green() - 0x77) + abs(c.blue() - 0xB4) < 60

    return sum(dark_blue(x, y) for x in range(image.width() // 2, image.width())
               for y in range(0, image.height() - 40))


def test_a_replay_with_infinity_and_1e308_rows_draws_the_loss(qtbot, panel) -> None:  # noqa: ANN001, F811
    run = make_run(runs_dir() / "run-hostile")
    cfg = json.loads((run / "config.json").read_text())
    (run / "config.json").write_text(json.dumps({**cfg, "steps": 40}))
    (run / "metrics.jsonl").write_text(_loss_rows())
    said: list[str] = []
    panel.status_changed.connect(said.append)
    panel.resize(1280, 800)
    assert panel.open_run(str(run))
    qtbot.waitUntil(lambda: said and not said[-1].startswith("Reading run"), timeout=10000)
    assert said[-1] == f"Opened run {run}"
    plots = panel.plots
    plots.redraw_now()
    qtbot.wait(50)
    lo, hi = plots.loss.plot.getViewBox().viewRange()[1]
    assert 0 < lo < 2.2 and 3.0 < hi < 5.0, (lo, hi)  # the real losses, not 1.2e300
    steps, ema = plots.c_ema.getData()
    assert len(steps) == 40 and 2.0 < ema[-1] < 2.6  # smoothing went on past steps 4–10
    assert _ema_pixels_right_half(plots) > 100  # and is on screen


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 8-step run: ckpt.pt at step 8, metrics rows 1..8."""
    run = tmp_path_factory.mktemp("s15ui") / "run"
    assert train_main(["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32",
                       "--block", "16", "--batch", "4", "--threads", "1", "--sample-chars", "0",
                       "--no-stats", "--quiet", "--steps", "8", "--run-dir", str(run)]) == 0
    return run


def _cut_copy(trained: Path, name: str, rows: int) -> Path:
    """A copy of ``trained`` in the runs folder whose metrics.jsonl keeps its first ``rows``."""
    run = runs_dir() / name
    shutil.copytree(trained, run)
    lines = (run / "metrics.jsonl").read_bytes().splitlines(keepends=True)
    (run / "metrics.jsonl").write_bytes(b"".join(lines[:rows]))
    return run


def test_open_names_the_steps_a_cut_metrics_file_lacks(qtbot, panel, trained: Path) -> None:  # noqa: ANN001, F811
    run = _cut_copy(trained, "run-cut", 5)
    said: list[str] = []
    panel.status_changed.connect(said.append)
    assert panel.open_run(str(run))
    qtbot.waitUntil(lambda: f"Opened run {run}" in said, timeout=10000)
    assert ("Run read with a problem: metrics.jsonl ends at step 5 but the checkpoint is at "
            "step 8: steps 6–8 have no metrics") in said


def test_resume_names_the_steps_a_cut_metrics_file_lacks(qtbot, panel, trained: Path) -> None:  # noqa: ANN001, F811
    run = _cut_copy(trained, "run-cut-resume", 5)
    said: list[str] = []
    panel.status_changed.connect(said.append)
    panel.controls.steps.setValue(10)
    assert panel.resume_run(str(run))
    qtbot.waitUntil(lambda: panel.controller.is_busy(), timeout=20000)
    _wait_done(qtbot, panel)
    assert ("Run read with a problem: metrics.jsonl ends at step 5 but the checkpoint is at "
            "step 8: steps 6–8 have no metrics") in said
    assert panel.run_state == "finished", panel.error_text
    assert list(panel.plots.history.steps) == [1, 2, 3, 4, 5, 9, 10]  # nothing invented


# -- F8 ------------------------------------------------------------------------------------------
def _restored(qtbot, path: Path, text: str) -> ActivationsPanel:  # noqa: ANN001
    path.write_text(text)
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    panel = show_panel(qtbot, ActivationsPanel(), (1300, 800))
    settings.beginGroup("activations")
    panel.restore_settings(settings)
    settings.endGroup()
    return panel


def _drawn(panel: ActivationsPanel) -> list[str]:
    """The curves on the chart (visible items) and ticked in the list."""
    ticked = [n for n, cb in panel.checkboxes.items() if cb.isChecked()]
    visible = [n for n, item in panel._curves.items() if item.isVisible()]
    assert sorted(ticked) == sorted(visible)
    return ticked


def test_garbage_remembered_curves_give_the_default_curves(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    for value in ("[[[[", "7", "nonsense,also", ",", "@Variant(\\0\\0\\0\\x7f)"):
        panel = _restored(qtbot, tmp_path / "s.ini", f"[activations]\nshown={value}\n")
        assert sorted(_drawn(panel)) == sorted(curves.DEFAULT_SHOWN), value
        assert "no curve shown" not in panel.note_label.text()


def test_known_names_stay_and_a_chosen_empty_list_stays_empty(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    panel = _restored(qtbot, tmp_path / "a.ini", "[activations]\nshown=\"tanh,silu,swish9\"\n")
    assert sorted(_drawn(panel)) == ["silu", "tanh"]  # a name another version knows is dropped
    panel.set_shown([])  # the user unticks every curve: remembered as such
    settings = QSettings(str(tmp_path / "b.ini"), QSettings.Format.IniFormat)
    settings.beginGroup("activations")
    panel.save_settings(settings)
    settings.endGroup()
    settings.sync()
    again = _restored(qtbot, tmp_path / "b.ini", (tmp_path / "b.ini").read_text())
    assert _drawn(again) == [] and "no curve shown" in again.note_label.text()
