"""The Experiment view with an experiment whose process was killed: it says "interrupted" and
"n of N runs, not a verdict", and Continue experiment finishes it in the same folder.

Why: reopened, such an experiment read "saved experiment exp-… (running)" with a verdict from
the runs that had finished, and Run started all over in a new exp-… folder.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.core.test_experiment_s9_continue import STEPS, killed_in_third_run
from tests.ui.test_trainer_panel import _tiny


@pytest.fixture
def panel(qtbot):  # noqa: ANN001, ANN201
    from gatelab.ui.trainer_panel import TrainerPanel

    widget = TrainerPanel()
    qtbot.addWidget(widget)
    widget.show()
    widget.controls.set_config(_tiny(steps=50))  # the form's steps: never the experiment's
    yield widget
    widget.shutdown()


def test_interrupted_experiment_says_so_and_continues_in_its_folder(
        qtbot, panel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    monkeypatch.setattr("gatelab.paths.runs_dir", lambda: tmp_path)
    folder = killed_in_third_run(tmp_path)
    view = panel.experiment
    assert panel.open_experiment(str(folder))
    qtbot.waitUntil(lambda: view.result is not None, timeout=20000)
    assert view.progress.format() == "saved experiment {0} (interrupted, 2 of 4 runs)".format(
        folder.name)
    text = view.message.text()
    assert text.startswith("Interrupted:") and "cover 2 of 4 runs" in text
    assert "not a verdict" in text and not text.startswith("Verdict")
    last = view.table.rowCount() - 1
    assert view.table.item(last, 1).text().startswith("none yet: 2 of 4 runs finished")
    assert not view.btn_continue.isHidden() and view.btn_continue.isEnabled()
    assert view.btn_continue.text() == "▶ Continue experiment"

    view.btn_continue.click()
    assert view.is_busy() and not view.btn_continue.isEnabled()
    qtbot.waitUntil(lambda: not view.is_busy(), timeout=60000)
    assert view.error_text == ""
    assert view.result is not None and view.result.status == "finished"
    assert view.result.path == str(folder) and view.message.text().startswith("Verdict: ")
    assert view.table.item(view.table.rowCount() - 1, 1).text() == str(view.result.verdict)
    assert view.btn_continue.isHidden()
    saved = json.loads((folder / "experiment.json").read_text())
    assert saved["status"] == "finished" and saved["runs_done"] == 4
    for name in ("swiglu-seed2", "gelu-seed2"):
        summary = json.loads((folder / name / "run.json").read_text())
        assert summary["status"] == "finished" and summary["steps"] == STEPS
    assert [p.name for p in tmp_path.iterdir()] == [folder.name]  # no new exp-… folder

    assert panel.open_experiment(str(folder))  # reopened: finished, nothing to continue
    qtbot.waitUntil(lambda: view.progress.format().endswith("(finished)"), timeout=20000)
    assert view.btn_continue.isHidden()


def test_experiment_killed_in_its_first_run_is_the_one_shown_and_names_its_run(
        qtbot, panel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    from gatelab.core.experiment import run_experiment
    from gatelab.ui.trainer_jobs import run_rows
    from tests.core.test_experiment_s9_continue import CFG, _rewrite, dead_pid

    monkeypatch.setattr("gatelab.paths.runs_dir", lambda: tmp_path)
    made = Path(run_experiment(["swiglu", "gelu"], [7], CFG.replace(steps=2),
                               root=tmp_path).path)
    older = made.rename(tmp_path / "exp-20000101-000000-0000")  # (not in the same second)
    seen: list[Path] = []

    def end_now(variant: str, seed: int, snap: object) -> None:
        seen.append(Path(snap.run_dir).parent)  # type: ignore[attr-defined]
        raise SystemExit

    with pytest.raises(SystemExit):  # recorded as failed; then made what a kill -9 leaves
        run_experiment(["swiglu", "gelu"], [7, 8], CFG, None, end_now, root=tmp_path)
    killed, pid = seen[0], dead_pid()
    assert killed.name > older.name
    _rewrite(killed / "experiment.json", status="running", pid=pid)
    _rewrite(killed / "swiglu-seed7" / "run.json", status="running", pid=pid)
    names = {row.name: row.status for row in run_rows(tmp_path)}
    assert names[f"{killed.name}/swiglu-seed7"] == "interrupted"  # not a bare "swiglu-seed7"
    view = panel.experiment
    view.open_latest()
    qtbot.waitUntil(lambda: view.result is not None, timeout=20000)
    assert view.result.path == str(killed)
    assert "(interrupted, 0 of 4 runs)" in view.progress.format()
    assert not view.btn_continue.isHidden()


def test_launch_shows_a_newer_unfinished_experiment_over_the_remembered_one(tmp_path: Path,
                                                                            monkeypatch) -> None:  # noqa: ANN001
    """The remembered experiment is saved with the settings: one started later and killed
    before they were saved was not the one shown at the next launch."""
    from gatelab import paths
    from gatelab.ui.experiment_jobs import load_remembered
    from tests.core.test_experiment_s9_continue import _rewrite, killed_in_third_run

    killed = killed_in_third_run(tmp_path)
    older = tmp_path / "exp-19990101-000000-old"
    import shutil

    shutil.copytree(killed, older)
    _rewrite(older / "experiment.json", status="finished")
    monkeypatch.setattr(paths, "runs_dir", lambda: tmp_path)
    shown = load_remembered(str(older))
    assert shown is not None and Path(shown.summary.path) == killed  # the newer, interrupted one
    assert shown.summary.status == "interrupted"
    _rewrite(killed / "experiment.json", status="finished", pid=None)
    finished = load_remembered(str(older))  # a newer finished one does not replace the choice
    assert finished is not None and Path(finished.summary.path) == older
    assert load_remembered("") is not None  # nothing remembered: the newest
