"""File → Save state holds every tab, also those not opened since the launch (walkthrough s15 F1).

Why: only built panels were asked for their state, so a Save state right after a relaunch held
the tab the window opened on and little more: a class set up the day before (a gate-plane point,
a soft-capped variant) was missing from the file, though the settings had it all along."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSettings

from gatelab.ui.tabs import TAB_NAMES


def _window(qtbot, settings: QSettings):  # noqa: ANN001, ANN202
    from gatelab.ui.main_window import MainWindow

    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    return window


def test_save_state_after_a_relaunch_holds_the_tabs_not_opened_yet(qtbot, tmp_path: Path  # noqa: ANN001
                                                                   ) -> None:
    ini = str(tmp_path / "gatelab.conf")
    first = _window(qtbot, QSettings(ini, QSettings.Format.IniFormat))
    plane = first.show_tab("gate-plane")
    plane.apply_state({"variant": "swiglu", "point": [1.7, -1.9]})
    want = plane.state()
    first.show_tab("trainer")  # the tab the next launch opens on
    first.save_settings()
    first.shutdown()
    first.close()

    again = _window(qtbot, QSettings(ini, QSettings.Format.IniFormat))
    try:
        assert again.current_tab_name() == "trainer" and "gate-plane" not in again._panels
        assert again.save_state_to(str(tmp_path / "class"))
        doc = json.loads((tmp_path / "class.gatelab").read_text(encoding="utf-8"))
        assert sorted(doc["tabs"]) == sorted(TAB_NAMES)
        assert doc["tabs"]["gate-plane"]["point"] == [1.7, -1.9]
        assert doc["tabs"]["gate-plane"] == json.loads(json.dumps(want))
        assert doc["current_tab"] == "trainer" and again.current_tab_name() == "trainer"
    finally:
        again.shutdown()
