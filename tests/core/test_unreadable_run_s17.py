"""Probe s17 #2: a run folder whose files cannot be read (chmod 000, another user's folder).

gatelab-inspect printed "failed: PermissionError: [Errno 13] …" (Path.exists raised), gatelab-train
--resume said "config.json missing" (it is there), and the Runs list left the run out without a
word, so it looked lost. Each now names the folder and "Permission denied"; the list shows the
run as broken, with that reason. File modes mean nothing to root, so as root the checks run as
the user nobody (setpriv); elsewhere as the user running the tests.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.core.inside_helpers import train_tiny_run

NOBODY = 65534
AS_ROOT = os.geteuid() == 0
if AS_ROOT and shutil.which("setpriv") is None:
    pytest.skip("root without setpriv: no way to be denied", allow_module_level=True)


@pytest.fixture(scope="module")
def home() -> Iterator[Path]:
    """GATELAB_HOME with runs/ok (readable) and runs/locked (chmod 000), in a folder that
    the other user can reach (pytest's own temp folder is root's alone)."""
    with tempfile.TemporaryDirectory(prefix="gatelab-perm-", dir="/tmp") as name:
        base = Path(name)
        os.chmod(base, 0o777)
        if _as_other(base, "import gatelab.cli").returncode != 0:  # a clone in a 0700 folder
            pytest.skip("the other user cannot read this checkout or its Python")
        runs = base / "runs"
        try:
            train_tiny_run(runs / "ok", steps=4, stats_interval=2, checkpoint_interval=4)
            shutil.copytree(runs / "ok", runs / "locked")
            for root, _dirs, files in os.walk(base):
                os.chmod(root, 0o777)
                for file in files:
                    os.chmod(Path(root) / file, 0o666)
            os.chmod(runs / "locked", 0)
            yield base
        finally:
            if (runs / "locked").exists():
                os.chmod(runs / "locked", 0o700)  # so that the folder can be removed


def _as_other(home: Path, code: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh Python, as a user the locked folder denies."""
    env = {**os.environ, "GATELAB_HOME": str(home), "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / "config"), "PYTHONPATH": str(Path.cwd())}
    cmd = [sys.executable, "-c", code]
    if AS_ROOT:
        cmd = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"] + cmd
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300,
                          cwd=str(home))


def test_inspect_names_the_denied_folder(home: Path) -> None:
    locked = home / "runs" / "locked"
    proc = _as_other(home, "import sys; from gatelab.inspect_cli import main; "
                           f"sys.exit(main([{str(locked)!r}, '--text', 'ab', '--json', '-']))")
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip() == f"gatelab-inspect: error: {locked}: Permission denied"


def test_resume_says_denied_not_missing(home: Path) -> None:
    locked = home / "runs" / "locked"
    proc = _as_other(home, "import sys; from gatelab.cli import train_main; "
                           f"sys.exit(train_main(['--run-dir', {str(locked)!r}, '--resume']))")
    assert proc.returncode == 2, proc.stderr
    assert f"cannot resume: {locked}: Permission denied" in proc.stderr
    assert "config.json missing" not in proc.stderr


def test_the_runs_list_shows_the_denied_run_as_broken(home: Path) -> None:
    proc = _as_other(home, "import json; from gatelab.core.runs import list_runs; print(json.dumps("
                           "[[r.name, r.status, str(r.error)] for r in list_runs()]))")
    assert proc.returncode == 0, proc.stderr
    rows = {name: (status, error) for name, status, error in json.loads(proc.stdout)}
    assert rows["ok"][0] == "finished"
    status, error = rows["locked"]
    assert status == "broken" and "ermission denied" in error
