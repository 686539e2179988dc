"""The trainer's first Start no longer waits ~2 s inside torch's first optimizer (see
``optim.warm_up``): after the warm-up the lazy import is done, so a Stop or a window close right
after Start is prompt."""

from __future__ import annotations

import subprocess
import sys


def test_warm_up_does_the_lazy_import_the_first_optimizer_pays() -> None:
    code = (
        "import sys, torch\n"
        "from gatelab.core.optim import warm_up\n"
        "print('torch._dynamo' in sys.modules)\n"
        "warm_up()\n"
        "print('torch._dynamo' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    # before: torch alone has not imported it (the cost the first run paid); after: it has
    assert out.stdout.split() == ["False", "True"]
