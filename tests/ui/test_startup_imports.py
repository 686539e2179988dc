"""What the window imports before its first paint: the run writer pulls the training config and
the whole budget package (~60 ms on the 2-core VM), the trainer's live view needs it only for a
sample's header line; a lazy import keeps start-up at its floor (benchmarks/bench_startup.py)."""

from __future__ import annotations

import os
import subprocess
import sys


def test_the_main_window_module_imports_no_run_writer_torch_or_budget() -> None:
    code = ("import sys\nimport gatelab.ui.main_window\n"
            "print(sorted(m for m in ('torch', 'gatelab.core.run_writer', 'gatelab.core.budget',"
            " 'gatelab.core.runs') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
