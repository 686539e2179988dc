"""Render the Live trainer tab in the middle of its life: after a short real CPU run.

``gatelab --screenshot`` shows each tab as a newcomer first sees it; this script also shows what
the trainer looks like with data, and the gate plane with that run's real neurons on it.
Usage: python scripts/screenshot_trainer_run.py OUT_DIR [--steps N]
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir", type=Path)
    ap.add_argument("--steps", type=int, default=300)
    args = ap.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="gatelab-shot-"))  # home, run and settings; removed at exit
    atexit.register(shutil.rmtree, scratch, True)
    os.environ.setdefault("GATELAB_HOME", str(scratch / "home"))

    from PySide6.QtCore import QCoreApplication, QSettings
    from PySide6.QtWidgets import QApplication

    from gatelab.core.trainconfig import TrainConfig
    from gatelab.ui.main_window import MainWindow

    _app = QApplication.instance() or QApplication([sys.argv[0]])
    settings = QSettings(str(scratch / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, initial_tab="trainer")
    window.resize(1400, 900)
    window.show()
    panel = window.panel("trainer")
    panel.activate()
    panel.controls.set_config(TrainConfig(corpus="python", variant="swiglu", n_layer=4, n_head=4,
                                          n_embd=128, block_size=64, batch_size=12,
                                          steps=args.steps, eval_interval=50, warmup_steps=30))
    if not panel.start():
        print(f"could not start: {panel.error_text}", file=sys.stderr)
        return 1
    deadline = time.monotonic() + 900
    while panel.run_state not in ("finished", "stopped", "failed") and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        time.sleep(0.02)
    for _ in range(50):
        QCoreApplication.processEvents()
        time.sleep(0.02)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(args.out_dir / "trainer-run.png"))
    window.show_tab("gate-plane")
    for _ in range(25):
        QCoreApplication.processEvents()
        time.sleep(0.02)
    window.grab().save(str(args.out_dir / "gate-plane-neurons.png"))
    window.shutdown()
    print(args.out_dir / "trainer-run.png")
    return 0 if panel.run_state == "finished" else 1


if __name__ == "__main__":
    raise SystemExit(main())
