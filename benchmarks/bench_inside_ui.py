"""How long the "Inside the model" tab takes to follow a switch of layer, neuron or token.

The activations are computed once per text; a switch only re-indexes the Trace. One *switch* =
``InsideSelection.set_layer`` / ``set_neuron`` / ``set_token`` (every view updates its items,
hidden or not) plus the repaint the event loop then does of what changed (``processEvents``
until no event is pending: the dirty widgets and plots of the tab on show, the pickers and the
shaded text). Switches run from zero-delay timers inside ``app.exec()``, a real event loop, and
cycle through layer, neuron and token changes with each of the five view tabs on show in turn.
``--full-repaint`` instead repaints the whole panel synchronously after each switch (an upper
bound: it also repaints the source bar and everything that did not change).

The trace is synthetic but sized like a real checkpoint: by default Qwen3-0.6B's shape (28 layers,
m = 3072, 16 heads) over 64 tokens; ``--small`` uses a 4-layer gatelab run's shape (m = 352).

Usage:  QT_QPA_PLATFORM=offscreen python benchmarks/bench_inside_ui.py [--switches 300] [--small]
Last line:  inside_switch_ms_p95=<x>
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def synthetic_trace(n_layer: int, m: int, heads: int, tokens: int, seed: int = 0):  # noqa: ANN201
    """A Trace of the given shape; h = act(g)·u exactly, norms and sinks random."""
    import numpy as np

    from gatelab.core import gates
    from gatelab.core.inside.types import LayerTrace, Trace

    rng = np.random.default_rng(seed)
    layers = []
    for _ in range(n_layer):
        g = rng.normal(0, 1.5, (tokens, m)).astype(np.float32)
        u = rng.normal(0, 1.0, (tokens, m)).astype(np.float32)
        h = gates.evaluate("swiglu", g, u)[0].astype(np.float32)
        layers.append(LayerTrace("full_attention", g, u, h,
                                 rng.uniform(0.1, 2, tokens).astype(np.float32),
                                 rng.uniform(3, 9, tokens).astype(np.float32),
                                 rng.uniform(0, 0.9, heads).astype(np.float32), None, 50.0))
    text = ("I flew from Paris to Tokyo last week. " * 8)[:tokens]
    return Trace("synthetic", "hf", list(text), "swiglu", 0.1, layers, "synthetic", 1024)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--switches", type=int, default=300)
    ap.add_argument("--small", action="store_true", help="a 4-layer gatelab run's shape")
    ap.add_argument("--tokens", type=int, default=64)
    ap.add_argument("--full-repaint", action="store_true",
                    help="repaint the whole panel after each switch (upper bound)")
    args = ap.parse_args()

    import numpy as np
    from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from gatelab.ui.inside_panel import InsidePanel

    app = QApplication.instance() or QApplication([])
    shape = (4, 352, 4) if args.small else (28, 3072, 16)
    trace = synthetic_trace(*shape, tokens=args.tokens)
    panel = InsidePanel()
    panel.resize(1400, 900)
    panel.show()
    app.processEvents()
    sel = panel.sel
    sel.set_trace(trace)
    app.processEvents()
    rng = np.random.default_rng(1)
    kinds = ("layer", "neuron", "token")
    times: dict[str, list[float]] = {k: [] for k in kinds}
    per_tab: dict[int, list[float]] = {i: [] for i in range(panel.views.count())}
    plan = [(i % 3, (i // 3) % panel.views.count()) for i in range(args.switches + 15)]

    def switch(i: int) -> None:
        if i >= len(plan):
            app.quit()
            return
        kind, tab = plan[i]
        if panel.views.currentIndex() != tab:  # not timed: showing a tab lays it out first
            panel.views.setCurrentIndex(tab)
            for _ in range(3):
                app.processEvents()
            panel.repaint()
        t0 = time.perf_counter()
        if kind == 0:
            sel.set_layer((sel.layer + 1 + int(rng.integers(shape[0] - 1))) % shape[0])
        elif kind == 1:
            sel.set_neuron(int(rng.integers(shape[1])))
        else:
            sel.set_token(int(rng.integers(args.tokens)))
        if args.full_repaint:
            panel.repaint()  # every visible widget paints now, synchronously
        else:  # the event loop delivers the update requests and paints what changed
            QCoreApplication.sendPostedEvents()
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
        dt = time.perf_counter() - t0
        if i >= 15:  # warm-up: first paints of each tab
            times[kinds[kind]].append(dt)
            per_tab[tab].append(dt)
        QTimer.singleShot(0, lambda: switch(i + 1))

    QTimer.singleShot(0, lambda: switch(0))
    app.exec()
    every = [t for v in times.values() for t in v]
    print(f"trace: {shape[0]} layers, m = {shape[1]}, {shape[2]} heads, {args.tokens} tokens; "
          f"panel 1400x900, Qt platform {app.platformName()}, load {os.getloadavg()[0]:.2f}, "
          f"{'full repaint' if args.full_repaint else 'event-loop repaint'}")
    for kind, values in times.items():
        print(f"  {kind:6s} switch: median {statistics.median(values) * 1e3:6.1f} ms, "
              f"p95 {percentile(values, 0.95) * 1e3:6.1f} ms ({len(values)} switches)")
    for tab, values in per_tab.items():
        print(f"  with '{panel.views.tabText(tab)}' on show: median "
              f"{statistics.median(values) * 1e3:6.1f} ms, p95 {percentile(values, 0.95) * 1e3:6.1f} ms")
    panel.shutdown()
    panel.close()
    print(f"inside_switch_ms_p95={percentile(every, 0.95) * 1e3:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
