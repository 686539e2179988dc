"""The user's settings file is checked before Qt opens it (``ui.settings_file``).

Why (hostile probe, session 11): ``QSettings()`` reads its whole file in its constructor on
the GUI thread: a FIFO named gatelab.conf hung the app at start-up for good, a 150 MB file cost
14 s and 2.9 GB, and a link to /dev/zero was written through at exit (as root the device node
was replaced by the settings). Now the app starts with default settings in a scratch file, says
so on the terminal and in the status bar, and leaves the user's file as it was."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gatelab.ui.settings_file import MAX_SETTINGS_BYTES, settings_problem


def test_only_a_regular_file_within_the_cap_may_be_opened(tmp_path: Path) -> None:
    fifo, folder, big, fine = (tmp_path / n for n in ("fifo", "folder", "big", "fine"))
    os.mkfifo(fifo)
    folder.mkdir()
    with big.open("wb") as f:  # sparse: no disk used
        f.truncate(MAX_SETTINGS_BYTES + 1)
    fine.write_text("[General]\n")
    (tmp_path / "to-zero").symlink_to("/dev/zero")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    assert settings_problem(str(fifo)) == "is not a regular file (a pipe, device or socket)"
    assert settings_problem(str(tmp_path / "to-zero")) == settings_problem(str(fifo))
    assert settings_problem(str(folder)) == "is a folder, not a file"
    assert settings_problem(str(big)) == "is larger than 8 MB"
    assert settings_problem(str(tmp_path / "loop")).startswith("cannot be read (")
    assert settings_problem(str(fine)) == settings_problem(str(tmp_path / "none")) == ""


RUN_APP = """
import sys
from PySide6.QtCore import QCoreApplication, QSettings, QTimer
from PySide6.QtWidgets import QApplication
import gatelab.app as app
from gatelab.ui.settings_file import user_settings_path
shown = app._show_window
def show(window, size):
    window = shown(window, size)
    def done():
        print("PATH", user_settings_path(), flush=True)
        print("STATUS", window.status.currentMessage(), flush=True)
        print("DRAWN", window.status.shown_message(), flush=True)
        window.close()
        QApplication.instance().quit()
    QTimer.singleShot(300, done)
    return window
app._show_window = show
sys.exit(app.main([]))
"""


def _run_app(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "xdg"),
           "GATELAB_HOME": str(tmp_path / "home"), "TMPDIR": str(tmp_path / "tmp")}
    return subprocess.run([sys.executable, "-c", RUN_APP], capture_output=True, text=True,
                          timeout=120, env=env)


def test_a_fifo_settings_file_starts_the_app_with_defaults(tmp_path: Path) -> None:
    conf = tmp_path / "xdg" / "gatelab" / "gatelab.conf"
    conf.parent.mkdir(parents=True)
    os.mkfifo(conf)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / "tmp").mkdir()
    killed = tmp_path / "tmp" / f"gatelab-settings-{dead.pid}-x1y2"  # an app killed earlier
    alive = tmp_path / "tmp" / f"gatelab-settings-{os.getpid()}-a1b2"  # one still running
    for folder in (killed, alive):
        folder.mkdir()
        (folder / "settings.ini").write_text("[General]\n")
    out = _run_app(tmp_path)  # hung for good before (the timeout would fire)
    assert out.returncode == 0, out.stderr[-2000:]
    assert f"gatelab: the settings file {conf} is not a regular file" in out.stderr
    assert "Traceback" not in out.stderr
    status = next(line for line in out.stdout.splitlines() if line.startswith("STATUS "))
    assert "started with default settings" in status
    drawn = next(line for line in out.stdout.splitlines() if line.startswith("DRAWN "))
    assert drawn.startswith("DRAWN The settings file ")  # drawn, not elided to nothing (the
    # size grip was not placed yet when it was given: no room, until a resize)
    assert conf.is_fifo()  # left as it was, never written through
    assert [p.name for p in (tmp_path / "tmp").iterdir()] == [alive.name]  # its own scratch
    # folder removed at exit, a killed app's at start, a running app's kept


@pytest.mark.parametrize("kind", ["none", "regular"])
def test_a_usable_settings_file_is_the_one_qt_uses(tmp_path: Path, kind: str) -> None:
    conf = tmp_path / "xdg" / "gatelab" / "gatelab.conf"
    if kind == "regular":
        conf.parent.mkdir(parents=True)
        conf.write_text("[General]\nlessons_visible=false\n")
    out = _run_app(tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "settings file" not in out.stderr
    assert f"PATH {conf}" in out.stdout.splitlines()  # where QSettings() keeps them here
    assert conf.is_file() and conf.stat().st_size > 0  # the window saved into it at exit


def test_a_tab_whose_restore_fails_is_still_wired(qtbot, main_window, monkeypatch) -> None:  # noqa: ANN001
    """A restore_settings that raised left the tab half-built: its status messages, the panel
    lookup and the gate-pairs link were never connected (a traceback on stderr instead)."""
    from gatelab.ui.budget_panel import BudgetPanel

    def broken(self, settings):  # noqa: ANN001, ANN202
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(BudgetPanel, "restore_settings", broken)
    panel = main_window.show_tab("budget")
    assert isinstance(panel, BudgetPanel)
    assert main_window.status.currentMessage().startswith(
        "The remembered settings of this tab could not be read (RecursionError)")
    panel.status_changed.emit("Reading config.json…")
    assert main_window.status.currentMessage() == "Reading config.json…"  # connected


def test_a_killed_screenshots_scratch_folder_is_swept_by_the_next(tmp_path: Path) -> None:
    """A screenshot run killed mid-render left its empty gatelab-shot-* folder in the temp dir
    for good (its finally never ran); the next run removes the folders of dead processes."""
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    (scratch / f"gatelab-shot-{dead.pid}-k1").mkdir()
    (scratch / f"gatelab-shot-{os.getpid()}-k2").mkdir()  # a running app's: kept
    (scratch / "gatelab-shot-notapid").mkdir()  # not named by gatelab's rule: kept
    (scratch / "gatelab-shot-\u00b2-k3").mkdir()  # "²": a digit to isdigit, not to int()
    out = tmp_path / "s.png"
    proc = subprocess.run([sys.executable, "-m", "gatelab", "--screenshot", str(out), "--tab",
                           "budget", "--size", "800x600"], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "TMPDIR": str(scratch),
                                            "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    assert sorted(p.name for p in scratch.iterdir()) == sorted(
        [f"gatelab-shot-{os.getpid()}-k2", "gatelab-shot-notapid", "gatelab-shot-\u00b2-k3"])


def test_a_garbage_settings_file_is_said_at_start_and_left_as_it_was(tmp_path: Path) -> None:
    """Probe s19 D3: random bytes as gatelab.conf started silently, and at exit the app said
    the session's settings "were not saved" after Qt had merged them into the garbage."""
    conf = tmp_path / "xdg" / "gatelab" / "gatelab.conf"
    conf.parent.mkdir(parents=True)
    garbage = bytes(range(256)) * 12  # NULs, control bytes, lines without "="
    conf.write_bytes(garbage)
    out = _run_app(tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert (f"gatelab: the settings file {conf} is not a settings file gatelab can read (it is "
            "left as it is); starting with default settings") in out.stderr
    assert "were not saved" not in out.stderr and "Traceback" not in out.stderr
    status = next(line for line in out.stdout.splitlines() if line.startswith("STATUS "))
    assert "started with default settings" in status
    assert conf.read_bytes() == garbage  # never written over or merged into
