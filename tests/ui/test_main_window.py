"""The app shell: tabs, shortcuts, remembered state, About, and the --screenshot CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QImage

from gatelab.ui import text_dialog
from gatelab.app import build_parser, main
from gatelab.ui.main_window import MainWindow
from gatelab.ui.tabs import TAB_NAMES


def test_tab_names_are_the_public_contract() -> None:
    assert TAB_NAMES == ("activations", "gate-plane", "budget", "trainer", "inside",
                         "forward-pass")


def test_one_tab_per_panel_built_lazily(main_window: MainWindow) -> None:
    assert main_window.tabs.count() == len(TAB_NAMES)
    assert main_window.current_tab_name() == "activations"
    assert set(main_window._panels) == {"activations"}  # others are built when first shown
    panel = main_window.show_tab("gate-plane")
    assert panel is not None and type(panel).__name__ == "GatePlanePanel"
    assert main_window.current_tab_name() == "gate-plane"


def test_ctrl_number_switches_tabs(qtbot, main_window: MainWindow) -> None:  # noqa: ANN001
    qtbot.waitExposed(main_window)
    qtbot.keyClick(main_window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert main_window.current_tab_name() == "gate-plane"
    qtbot.keyClick(main_window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert main_window.current_tab_name() == "activations"
    qtbot.keyClick(main_window, Qt.Key.Key_5, Qt.KeyboardModifier.ControlModifier)
    assert main_window.current_tab_name() == "inside"
    assert type(main_window.panel("inside")).__name__ == "InsidePanel"


def test_geometry_and_last_tab_are_remembered(qtbot, settings: QSettings) -> None:  # noqa: ANN001
    first = MainWindow(settings=settings)
    qtbot.addWidget(first)
    first.show()
    first.show_tab("gate-plane")
    first.resize(816, 640)  # its least width (UNBUILT_PAGE_LEAST), past the 800×800 offscreen
    # screen: the next launch fits it to the screen's width
    first.close()
    second = MainWindow(settings=settings)
    qtbot.addWidget(second)
    assert second.current_tab_name() == "gate-plane"
    assert second.height() == 640 and 790 <= second.width() <= 800
    second.shutdown()


def test_garbage_settings_fall_back_to_defaults(qtbot, settings: QSettings) -> None:  # noqa: ANN001
    settings.setValue("window/last_tab", "no-such-tab")
    settings.setValue("window/geometry", "not a geometry")
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    assert window.current_tab_name() == "activations"
    window.shutdown()


def test_unknown_tab_raises_clear_error(main_window: MainWindow) -> None:
    with pytest.raises(ValueError, match="gate-plane"):
        main_window.show_tab("nope")


def test_about_mentions_version_and_shortcuts(main_window: MainWindow, monkeypatch) -> None:  # noqa: ANN001
    shown: list[str] = []
    monkeypatch.setattr(text_dialog, "show_text", lambda parent, title, text: shown.append(text))
    main_window.show_about()
    assert shown and "gatelab 0.1.0" in shown[0] and "Ctrl+1" in shown[0]


def test_window_opens_on_the_inside_tab(qtbot, settings: QSettings) -> None:  # noqa: ANN001
    window = MainWindow(settings=settings, initial_tab="inside")  # what `--tab inside` does
    qtbot.addWidget(window)
    try:
        assert window.current_tab_name() == "inside"
        assert build_parser().parse_args(["--tab", "inside"]).tab == "inside"
    finally:
        window.shutdown()


def test_cli_rejects_unknown_tab_and_bad_size(capsys) -> None:  # noqa: ANN001
    assert main(["--screenshot", "x.png", "--tab", "nope"]) == 2
    assert "valid:" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--size", "big"])


@pytest.mark.parametrize("tab", TAB_NAMES)
def test_screenshot_cli_writes_png(tmp_path: Path, tab: str) -> None:
    out = tmp_path / f"{tab}.png"
    scratch = tmp_path / "tmp"  # the process's temp dir: nothing may be left in it
    scratch.mkdir()
    proc = subprocess.run(
        # -X faulthandler: a crash (one SIGSEGV in a loaded full run, s22; 0 of 15 again) prints
        # the Python stack of every thread into stderr, which the assertion shows
        [sys.executable, "-X", "faulthandler", "-m", "gatelab", "--screenshot", str(out),
         "--tab", tab, "--size", "1000x700"],
        capture_output=True, text=True, timeout=120, env={**os.environ, "TMPDIR": str(scratch)},
    )
    assert proc.returncode == 0, proc.stderr
    assert [p.name for p in scratch.iterdir()] == []  # no gatelab-shot-* folder left behind
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1000, 700)
    # not a blank canvas: a real render has many distinct colours
    colours = {image.pixel(x, y) for x in range(0, 1000, 25) for y in range(0, 700, 25)}
    # (the inside tab starts empty until a source is analysed: text, tables and tabs only)
    assert len(colours) > (12 if tab == "inside" else 20)


def test_known_crashing_binding_is_refused_with_a_fix() -> None:
    from gatelab.ui.qt_compat import binding_problem, current_binding_problem

    message = binding_problem("6.12.0", (3, 11))
    assert message is not None and "pip install" in message and "<6.12" in message
    assert binding_problem("6.12.0", (3, 12)) is None
    assert binding_problem("6.11.3", (3, 11)) is None
    assert current_binding_problem() is None  # the pinned environment the tests run in


def test_screenshot_onto_a_fifo_or_without_a_picture_suffix_is_refused(
        tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """A FIFO blocked the save until a reader came, for ever; a name without a picture suffix
    was only "could not write" (probe s16). Both are refused before a window is built."""
    fifo = tmp_path / "shot.png"
    os.mkfifo(fifo)
    try:
        done = subprocess.run([sys.executable, "-m", "gatelab", "--screenshot", str(fifo)],
                              capture_output=True, text=True, timeout=60,
                              env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    except subprocess.TimeoutExpired:
        raise AssertionError("--screenshot blocked on a FIFO") from None
    assert done.returncode == 2 and "not a regular file" in done.stderr
    assert main(["--screenshot", str(tmp_path / "shot")]) == 2
    assert "not a picture file name; end it in .png" in capsys.readouterr().err
