"""Resume after a crash draws only the steps the checkpoint holds (re-walk s13, D1): the plots
showed every row of metrics.jsonl, including those past the checkpoint that the resume trims and
trains again, so the live loss curve ran on to step 36, then back to 26."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.trainer_jobs import load_run_record
from tests.ui.conftest import TINY_TRAIN, tiny_trainer


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    widget = tiny_trainer(qtbot, (1280, 800), settle=True)
    yield widget
    widget.shutdown()


def _crashed_run(folder: Path, rows: int) -> Path:
    folder.mkdir()
    cfg = TrainConfig(**{**TINY_TRAIN, "steps": 300})
    (folder / "config.json").write_text(json.dumps(cfg.to_dict()))
    (folder / "metrics.jsonl").write_text("".join(json.dumps(
        {"step": s, "train_loss": 3.0 - s / 100, "lr": 1e-3, "tokens_per_s": 1.0}) + "\n"
        for s in range(1, rows + 1)))
    return folder


@pytest.mark.parametrize(("ckpt_step", "drawn"), [(25, 25), (None, 0)])
def test_resume_draws_the_checkpoints_steps_only(panel, monkeypatch, tmp_path: Path,  # noqa: ANN001
                                                  ckpt_step: int | None, drawn: int) -> None:
    run = _crashed_run(tmp_path / "run-x", 36)  # killed at 36, saved at 25 (or never)
    launched: list[str] = []
    monkeypatch.setattr(panel, "_launch", lambda c, d, resume, keep_plots=False:
                        launched.append(d))
    panel._resume_record(load_run_record(str(run)), ckpt_step)
    assert launched == [str(run)]
    steps = list(panel.plots.history.steps)
    assert steps == list(range(1, drawn + 1))  # never past the checkpoint, never backwards
