"""Render the "Inside the model" tab on a real (short, CPU) gatelab run: the README's pictures.

Trains a small character model on the bundled Python corpus (or reuses ``--run``), analyses a
lesson's example text in the tab, picks the most selective neuron of a middle layer and saves
the neuron explorer, the gates at a token and the MLP view.
Usage: python scripts/screenshot_inside.py OUT_DIR [--steps N] [--run RUN_DIR]
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

TEXT = "Try this loop: for i in range(10):"


def _settle(seconds: float) -> None:
    from PySide6.QtCore import QCoreApplication

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QCoreApplication.processEvents()
        time.sleep(0.02)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir", type=Path)
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--run", type=Path, help="an existing run folder instead of a new run")
    args = ap.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="gatelab-shot-"))  # home, run and settings; removed at exit
    atexit.register(shutil.rmtree, scratch, True)
    os.environ.setdefault("GATELAB_HOME", str(scratch / "home"))

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gatelab.core.trainconfig import TrainConfig
    from gatelab.ui.main_window import MainWindow

    run = args.run
    if run is None:
        from gatelab.core.engine import train_steps

        run = scratch / "run-inside"
        cfg = TrainConfig(corpus="python", variant="swiglu", n_layer=4, n_head=4, n_embd=128,
                          block_size=64, batch_size=12, steps=args.steps, eval_interval=100,
                          warmup_steps=30, checkpoint_interval=max(args.steps // 4, 1))
        for _ in train_steps(cfg, run_dir=run):
            pass
    _app = QApplication.instance() or QApplication([sys.argv[0]])
    settings = QSettings(str(scratch / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, initial_tab="inside")
    window.resize(1400, 900)
    window.show()
    panel = window.panel("inside")
    panel.source.set_kind("run")
    panel.source.select_run(str(run))
    panel.source.text.setText(TEXT)
    if not panel.analyse():
        print(panel.source.message_text(), file=sys.stderr)
        return 1
    deadline = time.monotonic() + 120
    while (panel.runner.is_busy() or not panel.sel.has_trace()) and time.monotonic() < deadline:
        _settle(0.1)
    if not panel.sel.has_trace():
        print(panel.source.message_text(), file=sys.stderr)
        return 1
    layer = min(2, panel.sel.n_layers() - 1)
    panel.sel.set_layer(layer)
    panel.sel.set_neuron(int(panel.sel.selectivity().argmax()))
    panel.sel.set_token(TEXT.index("range") + 2)
    panel.sel.set_span(TEXT.index("for"), TEXT.index("for") + 3)
    panel.find_top_k("")  # the validation split of the run
    deadline = time.monotonic() + 120
    while panel.runner.is_busy() and time.monotonic() < deadline:
        _settle(0.1)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    for name, view in (("inside", panel.explorer), ("inside-gates", panel.gates),
                       ("inside-mlp", panel.mlp)):
        panel.views.setCurrentWidget(view)
        _settle(0.8)
        window.grab().save(str(args.out_dir / f"{name}.png"))
        print(args.out_dir / f"{name}.png")
    window.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
