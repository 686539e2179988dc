"""gatelab.core must never load Qt: it is the part that scripts, the CLI and CI rely on."""

from __future__ import annotations

import subprocess
import sys

CORE_MODULES = ["gatelab.core", "gatelab.core.activations", "gatelab.core.gates",
                "gatelab.core.trainconfig", "gatelab.paths"]


def test_importing_core_loads_no_qt() -> None:
    import pkgutil

    import gatelab.core

    modules = CORE_MODULES + [f"gatelab.core.{m.name}" for m in pkgutil.iter_modules(gatelab.core.__path__)]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'PyQt5', 'PyQt6', 'pyqtgraph', 'shiboken6'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"core pulled in Qt: {out.stdout}"
