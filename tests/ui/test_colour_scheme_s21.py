"""Under a dark desktop theme the app keeps its light scheme, so its readouts stay readable.

Why (walkthrough s21, findings 1-4): with a dark system palette the cream readout boxes under the
activation curves and on the gate plane took the palette's light text (#e6e6e6 on #fdf6e3),
a done lesson step got light grey on pale green, and the near-black "z" series check box
vanished on the dark window. Read here on the pixels the user sees.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from gatelab.ui.colour_scheme import is_dark, keep_light
from tests.ui.conftest import settle, show_panel


def _dark_palette() -> QPalette:
    """A dark desktop theme's palette (the one a dark GNOME or Windows theme gives Qt)."""
    p = QPalette()
    role = QPalette.ColorRole
    for r, c in ((role.Window, (53, 53, 53)), (role.WindowText, (230, 230, 230)),
                 (role.Base, (35, 35, 35)), (role.Text, (230, 230, 230)),
                 (role.Button, (53, 53, 53)), (role.ButtonText, (230, 230, 230))):
        p.setColor(r, QColor(*c))
    return p


@pytest.fixture
def dark_desktop(qapp: QApplication) -> Iterator[QApplication]:
    """The application with a dark theme's palette, restored afterwards."""
    before = QPalette(qapp.palette())
    qapp.setPalette(_dark_palette())
    yield qapp
    qapp.setPalette(before)


def _darkest_and_lightest(widget) -> tuple[int, int]:  # noqa: ANN001
    image = widget.grab().toImage()
    values = [image.pixelColor(x, y).lightness()
              for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)]
    return min(values), max(values)


def test_a_dark_palette_is_replaced_by_a_light_one(dark_desktop: QApplication) -> None:
    assert is_dark(dark_desktop.palette())
    keep_light(dark_desktop)
    palette = dark_desktop.palette()
    assert not is_dark(palette)
    assert palette.color(QPalette.ColorRole.WindowText).lightness() < 80
    assert palette.color(QPalette.ColorRole.Text).lightness() < 80


def test_a_light_palette_is_left_as_it_is(qapp: QApplication) -> None:
    before = qapp.palette().color(QPalette.ColorRole.Window).name()
    keep_light(qapp)
    assert qapp.palette().color(QPalette.ColorRole.Window).name() == before


@pytest.mark.parametrize("tab", ["activations", "gate-plane"])
def test_the_readout_reads_dark_on_cream_under_a_dark_theme(
        qtbot, dark_desktop: QApplication, tab: str) -> None:  # noqa: ANN001
    from gatelab.ui.activations_panel import ActivationsPanel
    from gatelab.ui.gate_plane_panel import GatePlanePanel

    keep_light(dark_desktop)
    panel = show_panel(qtbot, ActivationsPanel() if tab == "activations" else GatePlanePanel(),
                       size=(1280, 800))
    settle()
    readout = panel.note_label if tab == "activations" else panel.meaning_label
    darkest, lightest = _darkest_and_lightest(readout)
    assert lightest > 220  # the cream box
    assert darkest < 90, "the readout's text is as light as its box"
    if tab == "activations":  # the grey "z" series' name on the window behind it
        darkest, lightest = _darkest_and_lightest(panel.checkboxes["identity"])
        assert lightest - darkest > 60


LAUNCH_DARK = """
import sys
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication
app = QApplication([sys.argv[0]])
palette = QPalette()
for role, value in ((QPalette.ColorRole.Window, 53), (QPalette.ColorRole.WindowText, 230),
                    (QPalette.ColorRole.Base, 35), (QPalette.ColorRole.Text, 230)):
    palette.setColor(role, QColor(value, value, value))
app.setPalette(palette)
from gatelab.app import main
raise SystemExit(main(["--screenshot", sys.argv[1], "--tab", "activations", "--size", "1000x700"]))
"""


def test_the_app_started_under_a_dark_theme_shows_its_light_window(tmp_path) -> None:  # noqa: ANN001
    import os
    import subprocess
    import sys

    from PySide6.QtGui import QImage

    out = tmp_path / "dark.png"
    proc = subprocess.run([sys.executable, "-c", LAUNCH_DARK, str(out)], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    image = QImage(str(out))
    lightness = sorted(image.pixelColor(x, y).lightness()
                       for x in range(0, image.width(), 20) for y in range(0, image.height(), 20))
    assert lightness[len(lightness) // 2] > 200  # the window, not #353535
