"""A catalogue rewritten on disk while the app runs (regenerated, or upgraded in place) crashed
the next translation: Qt maps a .qm file into memory, and a full test run died with a segfault
in ``tr`` while the translations were being regenerated (2026-12-04). gatelab's catalogue is now
loaded from a copy in memory. The probe runs in a child process, since the old code's crash
would take pytest's worker with it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from gatelab.paths import resources_dir

PROBE = r"""
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication
import gatelab.ui.language as language

app = QApplication(sys.argv)
home = Path(sys.argv[1])
language.resources_dir = lambda: home
assert language.set_language("zh_CN") == "zh_CN"
source = "State restored."
before = QCoreApplication.translate("InsidePanel", source)
qm = home / "i18n" / "gatelab_zh_CN.qm"
with open(qm, "r+b") as f:  # rewritten in place, as a regeneration or an upgrade does
    f.write(b"\0" * qm.stat().st_size)
    f.truncate(16)
after = QCoreApplication.translate("InsidePanel", source)
print(before != source, before == after, flush=True)
"""


def test_a_catalogue_rewritten_on_disk_does_not_crash_a_translation(tmp_path: Path) -> None:
    (tmp_path / "i18n").mkdir()
    shutil.copy(resources_dir() / "i18n" / "gatelab_zh_CN.qm", tmp_path / "i18n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.split() == ["True", "True"]  # Chinese before, the same Chinese after
