"""Does the trainer's GUI stay responsive after a run has trained for a long time?

The real ``TrainerPlots`` is shown and fed ``--rows`` metrics rows (a statistics row every 10
steps, a validation row every 500, two layers) as a long run would have sent them; then, for
``--seconds``, 25 more rows arrive every 100 ms (250 steps/s, what a tiny CPU model trains at)
while a 10 ms precise QTimer beats on the GUI thread. Its lateness is the event-loop lag; the
GUI thread's CPU time is what the plots take from the training thread (the GIL). Before the
plots kept a bounded history (soak s24), 200,000 rows gave a lag p50 of 169 ms at 95 % CPU.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_long_run.py --rows 200000

Last line, for scripts: ``long_run_lag_ms_p99=<x> long_run_gui_cpu=<fraction> rss_mb=<y>``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402


def rows(first: int, n: int) -> list[dict[str, Any]]:
    """``n`` metrics rows from step ``first``, shaped as the engine writes them."""
    out: list[dict[str, Any]] = []
    for s in range(first, first + n):
        row: dict[str, Any] = {"step": s, "tokens_seen": 64 * s, "lr": 1e-3,
                               "train_loss": 3.0 * np.exp(-s / 5e4) + 0.1 * np.sin(s),
                               "tokens_per_s": 15000.0, "elapsed_s": 0.004 * s}
        if s % 500 == 0:
            row["val_loss"] = 2.0
        if s % 10 == 0:
            for key in ("frac_neg", "frac_closed", "mean_abs_h", "max_abs_h", "mlp_ratio",
                        "attn_sink"):
                row[key] = [0.1, 0.3]
        out.append(row)
    return out


def rss_mb() -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        return next(int(line.split()[1]) // 1024 for line in f if line.startswith("VmRSS"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=200_000, help="rows sent before measuring")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to measure")
    args = parser.parse_args()

    from PySide6.QtCore import QEventLoop, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from gatelab.ui.trainer_plots import TrainerPlots

    app = QApplication.instance() or QApplication([])
    plots = TrainerPlots()
    plots.resize(1200, 700)
    plots.show()
    plots.clear(1_000_000)
    sent = 1
    while sent < args.rows:
        plots.add_rows(rows(sent, 5000))
        sent += 5000
    plots.redraw_now()
    app.processEvents()

    lags: list[float] = []
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        lags.append(max(0.0, (now - last[0]) * 1000.0 - 10.0))
        last[0] = now

    def feed() -> None:
        nonlocal sent
        plots.add_rows(rows(sent, 25))
        sent += 25

    probe, feeder = QTimer(), QTimer()
    probe.setTimerType(Qt.TimerType.PreciseTimer)
    probe.timeout.connect(beat)
    feeder.timeout.connect(feed)
    probe.start(10)
    feeder.start(100)
    cpu0 = time.thread_time()
    loop = QEventLoop()
    QTimer.singleShot(int(args.seconds * 1000), loop.quit)
    loop.exec()
    cpu = (time.thread_time() - cpu0) / args.seconds
    p50, p99 = np.percentile(lags, 50), np.percentile(lags, 99)
    print(f"rows {args.rows:,}: lag p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(lags):.1f} ms; "
          f"GUI thread CPU {cpu:.0%}; points drawn {len(plots.history.steps):,}")
    print(f"long_run_lag_ms_p99={p99:.1f} long_run_gui_cpu={cpu:.2f} rss_mb={rss_mb()}")


if __name__ == "__main__":
    main()
