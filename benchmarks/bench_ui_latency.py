"""Does the GUI stay responsive while training saturates the CPU, and what does it cost?

Side by side, in one run and with the same config:

1. headless: ``train_steps`` iterated in a plain loop (what ``gatelab-train`` does);
2. thread: the real TrainerPanel (form → QThread worker → throttled rows → live plots), with a
   10 ms precise QTimer whose lateness is the event-loop lag;
3. process (unless ``--no-process``): the engine in a spawned subprocess sending metrics rows
   through a multiprocessing queue that a 100 ms QTimer drains into the same plots; same lag timer.

Throughput is (tokens_seen of the last snapshot − first) / (elapsed_s last − first), i.e. the
engine's own clock between the first and the last report, so start-up (imports, corpus, model
build) is excluded equally everywhere. Last line, for scripts:
``ui_lag_ms_p99=<thread lag p99> train_tokens_per_s=<thread throughput>``.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui_latency.py            # full (≈ 2–3 min)
    QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui_latency.py --steps 60 --no-process
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import queue
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from gatelab.core.trainconfig import TrainConfig  # noqa: E402


def make_config(args: argparse.Namespace) -> TrainConfig:
    """Only fields the trainer form sets differ from its defaults, so all three variants run
    exactly the config the GUI runs (eval_iters, checkpoint_interval … as in the app)."""
    from gatelab.ui.trainer_controls import DEFAULT_CONFIG

    return DEFAULT_CONFIG.replace(corpus=args.corpus, variant="swiglu", n_layer=args.layers,
                                  n_head=4, n_embd=args.width, block_size=64, batch_size=12,
                                  steps=args.steps, eval_interval=max(1, args.steps // 4),
                                  warmup_steps=10, device="cpu", seed=1)


def throughput(rows: list[dict[str, Any]]) -> float:
    rows = [r for r in rows if "tokens_seen" in r and "elapsed_s" in r]
    if len(rows) < 2:
        return float("nan")
    dt = rows[-1]["elapsed_s"] - rows[0]["elapsed_s"]
    return (rows[-1]["tokens_seen"] - rows[0]["tokens_seen"]) / dt if dt > 0 else float("nan")


def run_headless(cfg: TrainConfig, run_dir: str) -> float:
    """``train_steps`` in a plain loop, in a process of its own as ``gatelab-train`` runs. Why
    not here: a main thread that has run torch owns an OpenMP team, and libgomp then spins
    less in every other thread's team (more threads than cores): the thread worker measured
    0.52× headless on 2 cores, where the app, whose GUI thread runs no torch, trains at ≈ 0.9×
    (a matmul in a thread: 0.33 ms/op, 0.47 once the main thread had run one; s23)."""
    ctx = mp.get_context("spawn")
    rows: Any = ctx.Queue()
    child = ctx.Process(target=_child, args=(cfg.to_dict(), run_dir, rows))
    child.start()
    got = list(iter(rows.get, None))
    child.join()
    return throughput(got)


class LagProbe:
    """A 10 ms precise timer; lateness of each tick beyond 10 ms is the event-loop lag."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.lags: list[float] = []
        self._last = 0.0
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)

    def start(self) -> None:
        self._last = time.perf_counter()
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.lags.append(max(0.0, (now - self._last) * 1000.0 - 10.0))
        self._last = now

    def p(self, q: float) -> float:
        return float(np.percentile(self.lags, q)) if self.lags else float("nan")


def run_thread(app: Any, cfg: TrainConfig) -> tuple[LagProbe, float]:
    from PySide6.QtCore import QEventLoop

    from gatelab.ui.trainer_panel import TrainerPanel

    panel = TrainerPanel()
    panel.resize(1400, 900)
    panel.show()
    panel.activate()
    panel.controls.set_config(cfg)
    if panel.controls.config() != cfg:
        raise SystemExit("the form cannot express the benchmark config")
    rows: list[dict[str, Any]] = []
    panel.controller.progress_reported.connect(lambda p: rows.extend(p.rows))
    probe = LagProbe()
    while panel.controls.corpus.summary is None and not panel.controls.corpus.error:
        app.processEvents()
        time.sleep(0.01)
    if not panel.start():
        raise SystemExit("could not start: " + panel.error_text)
    probe.start()
    loop = QEventLoop()  # block in a real event loop, as app.exec() does (no polling)
    panel.controller.job_finished.connect(lambda _outcome: loop.quit())
    if panel.controller.is_busy():
        loop.exec()
    probe.stop()
    if panel.run_state != "finished":
        raise SystemExit("thread run ended as {0}: {1}".format(panel.run_state, panel.error_text))
    panel.shutdown()
    _dispose(app, panel)
    return probe, throughput(rows)


def _dispose(app: Any, widget: Any) -> None:
    """Delete widgets before interpreter shutdown (PySide6 can crash collecting them later)."""
    import shiboken6

    widget.close()
    shiboken6.delete(widget)
    app.processEvents()


def _child(cfg_dict: dict[str, Any], run_dir: str, out: Any) -> None:
    from gatelab.core.engine import train_steps

    try:
        for snap in train_steps(TrainConfig.from_dict(cfg_dict), run_dir=run_dir):
            out.put(snap.metrics_row())
    finally:
        out.put(None)


def run_process(app: Any, cfg: TrainConfig, run_dir: str) -> tuple[LagProbe, float]:
    from PySide6.QtCore import QEventLoop, QTimer

    from gatelab.ui.trainer_plots import TrainerPlots

    plots = TrainerPlots()
    plots.resize(1000, 800)
    plots.show()
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    proc = ctx.Process(target=_child, args=(cfg.to_dict(), run_dir, q), daemon=True)
    rows: list[dict[str, Any]] = []
    loop = QEventLoop()

    def drain() -> None:
        batch = []
        while True:
            try:
                row = q.get_nowait()
            except queue.Empty:
                break
            if row is None:
                loop.quit()
                break
            batch.append(row)
        rows.extend(batch)
        plots.add_rows(batch)

    poll = QTimer()
    poll.setInterval(100)
    poll.timeout.connect(drain)
    probe = LagProbe()
    proc.start()
    poll.start()
    probe.start()
    loop.exec()
    probe.stop()
    poll.stop()
    proc.join(30)
    _dispose(app, plots)
    return probe, throughput(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--layers", type=int, default=4)
    ap.add_argument("--width", type=int, default=128)
    ap.add_argument("--corpus", default="python")
    ap.add_argument("--no-process", action="store_true", help="skip the subprocess variant")
    ap.add_argument("--no-enter-keys", action="store_true",
                    help="without the app-wide Return/Enter filter the main window installs")
    args = ap.parse_args()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    if not args.no_enter_keys:  # as the app runs: every event passes ui/enter_keys' filter
        from gatelab.ui.enter_keys import install_enter_keys

        install_enter_keys(app)
    cfg = make_config(args).validate()
    with tempfile.TemporaryDirectory(prefix="gatelab-bench-") as tmp:
        os.environ["GATELAB_HOME"] = tmp  # runs from the panel land here, not in the user's home
        print("config: {0} layers, width {1}, block 64, batch 12, {2} steps, corpus {3}, CPU, "
              "{4} cores".format(args.layers, args.width, args.steps, args.corpus, os.cpu_count()))
        # headless runs before and after the GUI variants; their mean is the reference, so a
        # shared machine's drifting load hurts neither side more
        headless_1 = run_headless(cfg, str(Path(tmp) / "headless1"))
        probe, thread_tps = run_thread(app, cfg)
        if not args.no_process:
            pprobe, proc_tps = run_process(app, cfg, str(Path(tmp) / "process"))
        headless_2 = run_headless(cfg, str(Path(tmp) / "headless2"))
        headless = (headless_1 + headless_2) / 2
        print("headless engine:  {0:,.0f} tokens/s (runs: {1:,.0f} before, {2:,.0f} after)".format(
            headless, headless_1, headless_2))
        print("thread worker:    {0:,.0f} tokens/s ({1:.3f}× headless), lag p50 {2:.1f} ms, "
              "p99 {3:.1f} ms, max {4:.1f} ms over {5} ticks".format(
                  thread_tps, thread_tps / headless, probe.p(50), probe.p(99), max(probe.lags),
                  len(probe.lags)))
        if not args.no_process:
            print("subprocess:       {0:,.0f} tokens/s ({1:.3f}× headless), lag p50 {2:.1f} ms, "
                  "p99 {3:.1f} ms, max {4:.1f} ms over {5} ticks".format(
                      proc_tps, proc_tps / headless, pprobe.p(50), pprobe.p(99),
                      max(pprobe.lags), len(pprobe.lags)))
        print("throughput_ratio_thread_vs_headless={0:.3f}".format(thread_tps / headless))
    print("ui_lag_ms_p99={0:.1f} train_tokens_per_s={1:.0f}".format(probe.p(99), thread_tps))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
