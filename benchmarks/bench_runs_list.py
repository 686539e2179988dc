"""How long the Runs list holds up the GUI thread while another process trains one of many runs.

A temporary GATELAB_HOME gets ``--runs`` finished runs (config.json, run.json, one metrics row:
what the list reads) and one "running" run. The real RunsView is shown; a 10 ms precise QTimer
on the GUI thread beats throughout. Each cycle rewrites the running run's run.json the way the
trainer does (a new step, written to a temp file and renamed), then lets the list's own poll see
the change and show it. The longest gap between beats is the longest the GUI was frozen (kill
probe s21 D3: with ~300 runs it was 8–15 s per update, the table re-measuring every row).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_runs_list.py [--runs 300] [--cycles 5]

Last line, for scripts: ``runs_list_stall_ms_max=<x> runs_list_update_ms_mean=<y>``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def make_runs(root: Path, count: int) -> Path:
    """``count`` finished runs and one running one (its path is returned) under ``root``."""
    from gatelab.core.trainconfig import TrainConfig

    config = json.dumps(TrainConfig(n_layer=2, n_embd=64, n_head=4, steps=200).to_dict())
    now = time.time()
    for i in range(count + 1):
        folder = root / "run-20261203-{0:06d}-{1:04x}".format(120000 + i, i)
        folder.mkdir(parents=True)
        (folder / "config.json").write_text(config)
        (folder / "metrics.jsonl").write_text(json.dumps({"step": 1, "train_loss": 3.0}) + "\n")
        summary = {"status": "finished", "steps": 200, "steps_total": 200, "created": now + i,
                   "final_train_loss": 2.0 + i / 1e3, "final_val_loss": 2.1 + i / 1e3}
        (folder / "run.json").write_text(json.dumps(summary))
    live = root / "run-20261203-{0:06d}-{1:04x}".format(120000 + count, count)
    summary = {"status": "running", "steps": 0, "steps_total": 200, "created": now + count,
               "pid": os.getpid(), "heartbeat": now}
    from gatelab.core import run_liveness

    summary.update(host=run_liveness.host_name(), pid_start=run_liveness.process_start(
        os.getpid()) or "")
    (live / "run.json").write_text(json.dumps(summary))
    return live


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--cycles", type=int, default=5)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="gatelab-bench-runs-")
    os.environ["GATELAB_HOME"] = home
    try:  # (a closed pipe or Ctrl-C left the 300 runs in the temp folder)
        measure(args.runs, args.cycles)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def measure(runs: int, cycles: int) -> None:
    """List ``runs`` runs, then follow the running one through ``cycles`` updates; print it."""

    from PySide6.QtCore import QElapsedTimer, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from gatelab.paths import runs_dir
    from gatelab.ui.runs_view import RunsView

    app = QApplication.instance() or QApplication(sys.argv)
    live = make_runs(runs_dir(), runs)
    view = RunsView()
    view.resize(700, 500)
    shown: list[float] = []
    view.refreshed.connect(lambda: shown.append(time.perf_counter()))

    def wait_shown(count: int) -> None:
        deadline = time.perf_counter() + 120
        while len(shown) < count and time.perf_counter() < deadline:
            app.processEvents()
            time.sleep(0.001)

    started = time.perf_counter()
    view.show()
    wait_shown(1)
    print("{0} rows listed in {1:.0f} ms".format(len(view.rows), (shown[0] - started) * 1e3))
    clock, gaps = QElapsedTimer(), []
    beat = QTimer()
    beat.setTimerType(Qt.TimerType.PreciseTimer)
    beat.setInterval(10)
    beat.timeout.connect(lambda: gaps.append(clock.restart()))
    clock.start()
    beat.start()
    updates = []
    for cycle in range(cycles):
        summary = json.loads((live / "run.json").read_text())
        summary.update(steps=10 * (cycle + 1), heartbeat=time.time())
        (live / "run.json.tmp").write_text(json.dumps(summary))
        os.replace(live / "run.json.tmp", live / "run.json")
        began = time.perf_counter()
        view._poll_folder()  # what the list's 3 s poll timer does
        wait_shown(2 + cycle)
        updates.append((shown[-1] - began) * 1e3)
        print("update {0}: shown after {1:.0f} ms".format(cycle, updates[-1]))
    gaps.append(clock.restart())
    beat.stop()
    view.shutdown()
    print("runs_list_stall_ms_max={0} runs_list_update_ms_mean={1:.0f}".format(
        max(gaps), sum(updates) / len(updates)))


if __name__ == "__main__":
    main()
