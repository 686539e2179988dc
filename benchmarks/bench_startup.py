"""How long gatelab takes from process start to its first painted main window.

Each repeat starts two fresh Python processes, interleaved so machine noise hits both alike:
  app   – what ``gatelab`` does at start (QApplication, translator, MainWindow with the default
          first tab), timed until the main window has received its first paint event;
  floor – a bare ``import PySide6.QtWidgets, pyqtgraph`` (the least any pyqtgraph app pays).
The time is measured in this (parent) process from just before the child is spawned until the
child reports on stdout, so interpreter start-up is included on both sides. The app child also
reports which heavy modules it had imported by then (torch must not be one: the trainer imports
it only when first needed).

Usage:  python benchmarks/bench_startup.py [--repeats 7] [--tab activations]
Last line:  startup_s=<x> floor_ratio=<r>

``--budget`` instead times what the Budget tab does for every preset when it is built: read the
config and count every tensor (``Preset.count()``, pure integer arithmetic), best of ``--repeats``
runs of 50 counts each, per preset. Target: every preset, dense or MoE, under 5 ms.
Last line:  budget_count_ms_max=<slowest preset> budget_count_ms_total=<all presets>
"""

from __future__ import annotations

import argparse
import os
import atexit
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

APP_CHILD = r"""
import os, sys
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings
from PySide6.QtWidgets import QApplication
from gatelab.ui.language import set_language
QCoreApplication.setOrganizationName("gatelab")
QCoreApplication.setApplicationName("gatelab")
app = QApplication([sys.argv[0]])
set_language(None)  # as the app does: the system's language
from gatelab.ui.main_window import MainWindow
settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
window = MainWindow(settings=settings, initial_tab=sys.argv[2] or None)

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            heavy = [m for m in ("torch", "scipy", "scipy.special", "matplotlib", "pandas")
                     if m in sys.modules]
            print("painted", ",".join(heavy) or "-", flush=True)
            os._exit(0)
        return False

first = FirstPaint()
window.installEventFilter(first)
window.resize(1280, 820)
window.show()
app.exec()
"""

FLOOR_CHILD = "import PySide6.QtWidgets, pyqtgraph; print('imported', flush=True)"


def run_child(code: str, args: list[str], env: dict[str, str]) -> tuple[float, str]:
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, cwd=str(ROOT), env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    elapsed = time.perf_counter() - t0
    proc.wait(timeout=60)
    if not line:
        raise RuntimeError(f"child printed nothing (exit {proc.returncode})")
    return elapsed, line


def bench_budget(repeats: int) -> int:
    """Milliseconds to count each preset (best of ``repeats`` × 50 counts); prints the slowest."""
    sys.path.insert(0, str(ROOT))
    from gatelab.core.budget import load_presets

    presets = load_presets()
    times: dict[str, float] = {}
    for preset in presets:
        best = float("inf")
        for _ in range(max(repeats, 1)):
            t0 = time.perf_counter()
            for _ in range(50):
                preset.count()
            best = min(best, (time.perf_counter() - t0) / 50 * 1000)
        times[preset.name] = best
    for name, ms in sorted(times.items(), key=lambda kv: -kv[1]):
        print(f"{name:28s} {ms:7.3f} ms")
    slowest = max(times, key=times.__getitem__)
    print(f"slowest: {slowest}; load {os.getloadavg()[0]:.2f}")
    print(f"budget_count_ms_max={times[slowest]:.3f} "
          f"budget_count_ms_total={sum(times.values()):.3f}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--tab", default="", help="first tab (default: the window's own default)")
    ap.add_argument("--budget", action="store_true",
                    help="time counting every Budget preset instead of the start-up")
    args = ap.parse_args()
    if args.budget:
        return bench_budget(args.repeats)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    scratch = tempfile.mkdtemp(prefix="gatelab-bench-startup-")
    atexit.register(shutil.rmtree, scratch, True)  # each run used to leave its folder behind
    env["GATELAB_HOME"] = scratch
    # a user's launches read gatelab's bytecode from __pycache__ (written by the first one; pip
    # wrote PySide6's and pyqtgraph's at install). Where PYTHONDONTWRITEBYTECODE is set (this
    # project's dev VM sets it) every app child compiled ~74 gatelab modules (≈ 60 ms, floor
    # ratio 1.66–1.71 instead of ≈ 1.45) that the floor's site-packages never pay
    bytecode = env.pop("PYTHONDONTWRITEBYTECODE", None)
    ini = os.path.join(scratch, "settings.ini")  # never the user's settings: defaults only

    run_child(FLOOR_CHILD, [], env)  # warm the file cache once for both (and write bytecode)
    run_child(APP_CHILD, [ini, args.tab], env)
    apps: list[float] = []
    floors: list[float] = []
    heavy = set()
    for _ in range(args.repeats):
        floors.append(run_child(FLOOR_CHILD, [], env)[0])
        elapsed, line = run_child(APP_CHILD, [ini, args.tab], env)
        apps.append(elapsed)
        heavy.update(m for m in line.split()[-1].split(",") if m != "-")

    a50, f50 = statistics.median(apps), statistics.median(floors)
    print(f"{args.repeats} repeats, interleaved; load {os.getloadavg()[0]:.2f}")
    print(f"app   (start → first paint of the main window): median {a50:.3f} s, "
          f"min {min(apps):.3f} s, max {max(apps):.3f} s")
    print(f"floor (import PySide6.QtWidgets, pyqtgraph):   median {f50:.3f} s, "
          f"min {min(floors):.3f} s, max {max(floors):.3f} s")
    print(f"heavy modules imported by first paint: {', '.join(sorted(heavy)) or 'none'}")
    print("gatelab's bytecode: cached as on a user's launches"
          + (" (PYTHONDONTWRITEBYTECODE unset for the children)" if bytecode else ""))
    print(f"startup_s={a50:.3f} floor_ratio={a50 / f50:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
