"""Probe s19 D1: SIGTERM (kill, logout, systemd, ``timeout``) killed the app at once, and a run
training in it lost every step since its last checkpoint (no ckpt.pt, run.json "running").
SIGTERM and SIGHUP now close the window as File → Quit does: the run stops at a checkpoint."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMainWindow

from gatelab.ui.interrupt import quit_on_interrupt

ROOT = Path(__file__).resolve().parents[2]

TRAINING = """
import pathlib
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.interrupt import quit_on_interrupt
from gatelab.ui.main_window import MainWindow
app = QApplication([])
window = MainWindow()
window.show()
panel = window.show_tab("trainer")
panel.controls.set_config(TrainConfig(
    corpus="generated", n_layer=1, n_embd=32, n_head=2, block_size=16, batch_size=4,
    steps=1_000_000, eval_interval=100_000, warmup_steps=1, device="cpu", threads=1,
    checkpoint_interval=100_000))
quit_on_interrupt(window)
assert panel.start()
def poll():
    rows = pathlib.Path(panel.run_dir, "metrics.jsonl")
    if rows.is_file() and len(rows.read_text().splitlines()) >= 20:
        print("ready", panel.run_dir, flush=True)
    else:
        QTimer.singleShot(50, poll)
poll()
print("closed", app.exec(), flush=True)
"""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_checkpoints_the_run_training_in_the_window(tmp_path: Path,
                                                                  signum: int) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", GATELAB_HOME=str(tmp_path / "home"),
               XDG_CONFIG_HOME=str(tmp_path / "xdg"), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", TRAINING], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        word, run = proc.stdout.readline().split()
        assert word == "ready"
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 0 and out.strip() == "closed 0", err
    assert f"gatelab: {signal.Signals(signum).name}: closing" in err and "Traceback" not in err
    summary = json.loads((Path(run) / "run.json").read_text())
    rows = (Path(run) / "metrics.jsonl").read_text().splitlines()
    last = json.loads(rows[-1])
    assert summary["status"] == "stopped" and last["status"] == "stopped"
    assert (Path(run) / "ckpt.pt").is_file()
    assert summary["checkpoint_step"] == last["step"] >= 20  # nothing trained was lost


class _Window(QMainWindow):
    pass


def test_signals_someone_else_handles_or_ignores_stay_theirs(qtbot) -> None:  # noqa: ANN001
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    mine = lambda _s, _f: None  # noqa: E731
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, mine)  # e.g. a test runner's own
        signal.signal(signal.SIGHUP, signal.SIG_IGN)  # nohup
        window = _Window()
        qtbot.addWidget(window)
        restore = quit_on_interrupt(window)
        assert signal.getsignal(signal.SIGTERM) is mine
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) is not signal.default_int_handler  # taken
        restore()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
