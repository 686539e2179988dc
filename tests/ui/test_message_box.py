"""Message boxes end their text as a sentence (walkthrough s12 P17: "… reads format 1" had no
full stop), in Chinese with "。", and never put a full stop after a file name."""

from __future__ import annotations

import pytest

from gatelab.ui.message_box import plain


@pytest.mark.parametrize(("text", "shown"), [
    ("The clipboard holds no usable state: this state was saved by a newer gatelab (format 99); "
     "this one reads format 1", "… this one reads format 1."),  # a catalogue reason ends the box
    ("剪贴板中没有可用的状态：当前版本只能读取格式 1", "…只能读取格式 1。"),
    ("读取失败（格式 1）", "…读取失败（格式 1）。"),
    ("Not saved: disk full.", "…disk full."),
    ("Could not open /tmp/a/state.gatelab", "…/tmp/a/state.gatelab"),  # never "state.gatelab."
    ("Could not open state.gatelab", "…state.gatelab"),
    ("Is this right?", "…right?"),
])
def test_a_box_ends_as_a_sentence(qtbot, text: str, shown: str) -> None:  # noqa: ANN001
    from gatelab.ui.message_box import warning_box

    box = warning_box(None, "State", text)
    try:
        assert plain(box.text()).endswith(shown.lstrip("…"))
        assert plain(box.text()).startswith(text[:10])
    finally:
        box.close()
