"""Walkthrough s17 #4: on the Hugging Face source row the folder field was ~300 px, its
placeholder cut, while the device and dtype boxes stretched to 300-400 px each."""

from __future__ import annotations

import pytest

from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import settle


@pytest.mark.parametrize("width", [1280, 1600])
def test_the_folder_field_takes_the_room_not_the_combos(qtbot, width: int) -> None:  # noqa: ANN001
    panel = InsidePanel()
    qtbot.addWidget(panel)
    try:
        panel.resize(width, 800)
        panel.show()
        qtbot.waitExposed(panel)
        panel.source.set_kind("hf")
        settle()
        src = panel.source
        for combo in (src.device, src.dtype):
            assert combo.width() <= combo.sizeHint().width() + 2  # its content's width
        assert src.hf_path.width() > 3 * max(src.device.width(), src.dtype.width())
        placeholder = src.hf_path.placeholderText()
        assert placeholder and src.hf_path.fontMetrics().horizontalAdvance(placeholder) \
            < src.hf_path.width() - 8  # read whole
        runs = panel.source.runs  # alone on its row, the run list still takes the room
        panel.source.set_kind("run")
        settle()
        assert runs.width() > runs.sizeHint().width()
    finally:
        panel.shutdown()
