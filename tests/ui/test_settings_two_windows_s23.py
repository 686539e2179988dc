"""Two gatelab windows on one settings file: a window saves only what changed in it (probe s23 D1).

Two apps were open; in one the user set z min to −3 and quit. The other, idle, rewrote every
panel's value it had read at its start at its next autosave (20 s later) and at its close: the
file said z min −6 again, and so for every panel setting (the trainer's form, the Inside text…)
changed in the window closed first. The other window is a real second process here, as it is
for users: it writes the file through its own QSettings.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings

from gatelab.ui.main_window import MainWindow

_OTHER_APP = """
import sys
from PySide6.QtCore import QSettings
s = QSettings(sys.argv[1], QSettings.Format.IniFormat)
for pair in sys.argv[2:]:
    key, value = pair.split("=", 1)
    s.setValue(key, value)
s.sync()
sys.exit(0 if s.status() == QSettings.Status.NoError else 1)
"""


def other_app_saves(path: Path, values: dict[str, str]) -> None:
    """Another process writes ``values`` (key: value) to the settings file."""
    pairs = [f"{k}={v}" for k, v in values.items()]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run([sys.executable, "-c", _OTHER_APP, str(path), *pairs], check=True, env=env,
                   timeout=60)


def on_disk(path: Path, key: str) -> str | None:
    """The value of ``key`` ("group/name") as the file holds it, read from the file's text: a
    QSettings of this process would also see values not yet written (Qt shares them)."""
    section, _, name = key.partition("/")
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
            continue
        left, sep, value = line.partition("=")
        if sep and current == section and left.replace("\\", "/") == name:
            return value
    return None


def test_an_idle_window_keeps_what_another_window_saved(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "gatelab.conf"
    window = MainWindow(settings=QSettings(str(path), QSettings.Format.IniFormat),
                        initial_tab="activations")
    qtbot.addWidget(window)
    window.show()
    try:
        curves = window.panel("activations")
        window.panel("gate-plane")  # a second panel, opened and left alone
        window.save_settings()
        other_app_saves(path, {"panels/activations/z_min": "-3",
                               "panels/gate-plane/g_min": "-2.5"})
        window.save_settings()  # this window's autosave: nothing changed here
        assert float(on_disk(path, "panels/activations/z_min")) == -3.0
        assert float(on_disk(path, "panels/gate-plane/g_min")) == -2.5
        curves.set_range(-4.0, 6.0)  # a change made here is saved, over the other one's
        window.save_settings()
        assert float(on_disk(path, "panels/activations/z_min")) == -4.0
        assert float(on_disk(path, "panels/gate-plane/g_min")) == -2.5
        window.close()  # the close saves too: still only what changed here
        assert float(on_disk(path, "panels/gate-plane/g_min")) == -2.5
    finally:
        window.shutdown()


def test_a_panel_opened_late_keeps_the_value_it_read(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    """A tab opened after the other window saved reads the new value and leaves it too."""
    path = tmp_path / "gatelab.conf"
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, initial_tab="activations")
    qtbot.addWidget(window)
    window.show()
    try:
        window.save_settings()
        other_app_saves(path, {"panels/activations/z_max": "5"})
        window.save_settings()
        assert float(on_disk(path, "panels/activations/z_max")) == 5.0
        settings.sync()  # (read again, as the autosave's sync did)
        plane = window.panel("gate-plane")
        window.save_settings()
        other_app_saves(path, {"panels/gate-plane/u_max": "3.5"})
        window.save_settings()
        assert float(on_disk(path, "panels/gate-plane/u_max")) == 3.5
        assert plane is window.panel("gate-plane")
    finally:
        window.shutdown()
