"""A run started from the trainer tab keeps the CLI's guarantee: kill -9, then Resume finishes it."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TINY = dict(corpus="generated", variant="swiglu", n_layer=1, n_embd=32, n_head=2,
            block_size=16, batch_size=8, steps=300, eval_interval=250, seed=7, device="cpu",
            threads=1)
GUI_SCRIPT = """
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.trainer_panel import TrainerPanel
panel = TrainerPanel()
panel.show()
panel.activate()
panel.controls.set_config(TrainConfig(**json.loads(sys.argv[1])))
assert panel.start()
print(panel.run_dir, flush=True)
app.exec()
"""


def _n_rows(folder: Path) -> int:
    try:
        return (folder / "metrics.jsonl").read_bytes().count(b"\n")
    except OSError:
        return 0


def test_gui_run_survives_kill_9_and_resumes(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from gatelab.core.runs import load_checkpoint, load_run, run_info
    from gatelab.ui.trainer_panel import TrainerPanel

    env = {**os.environ, "GATELAB_CHECKPOINT_S": "0.25", "PYTHONPATH": str(ROOT),
           "QT_QPA_PLATFORM": "offscreen"}
    with open(tmp_path / "out.txt", "wb") as out, open(tmp_path / "err.txt", "wb") as err:
        proc = subprocess.Popen([sys.executable, "-c", GUI_SCRIPT, json.dumps(TINY)], cwd=ROOT,
                                env=env, stdout=out, stderr=err)
    try:
        deadline, target = time.monotonic() + 120, random.randint(20, 180)
        run: Path | None = None
        while run is None or not (run / "ckpt.pt").exists() or _n_rows(run) < target:
            assert proc.poll() is None, (tmp_path / "err.txt").read_text()
            assert time.monotonic() < deadline, "no checkpoint within 2 minutes"
            text = (tmp_path / "out.txt").read_text().strip()
            run = Path(text.splitlines()[0]) if text else None
            time.sleep(0.005)
        assert proc.poll() is None, "the run ended before the kill"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    assert run is not None and run_info(run).status == "interrupted"
    checkpointed = load_checkpoint(run)["step"]
    assert 1 <= checkpointed <= _n_rows(run)

    panel = TrainerPanel()
    qtbot.addWidget(panel)
    try:
        from gatelab.core.trainconfig import TrainConfig

        panel.controls.set_config(TrainConfig(**TINY))  # the form's steps: the run's own
        with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):  # read off the GUI thread
            panel.runs.refresh()
        row = panel.runs.row_for(str(run))
        assert row is not None and row.status == "interrupted"
        assert panel.resume_run(str(run))
        qtbot.waitUntil(lambda: panel.run_state == "finished", timeout=120000)
        qtbot.waitUntil(lambda: not panel.controller.is_busy(), timeout=10000)
        assert [r["step"] for r in load_run(run).metrics] == list(range(1, TINY["steps"] + 1))
        assert run_info(run).status == "finished"
    finally:
        panel.shutdown()


@pytest.fixture(autouse=True)
def _runs_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GATELAB_HOME", str(tmp_path / "home"))
