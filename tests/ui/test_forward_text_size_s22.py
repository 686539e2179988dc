"""Walkthrough s21 #11: on a 1024×768 projector the forward pass's size lines ("RMSNorm · 128",
"128 → 128, 4 heads") were drawn about 7–8 px high, the map's 12 canvas px scaled by the
widget (≈ 0.76): legible on a laptop, not from the back of a classroom.

The least size any word on the map is drawn at is now READABLE (0.85) × the app's own font's
pixel size, on screen: 10.2 px beside the 12 px of the app's 9 pt text. Why 0.85: it is the
smallest size the rest of the app uses for secondary text (the colour bars' names are 8 pt
beside 9 pt); titles keep their 14 : 12 lead over the size lines. The boxes still hold their
words (``_check_boxes_fit``)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontInfo

from gatelab.core.forward_map import POST_NORMS
from gatelab.ui.forward_map_fit import READABLE
from gatelab.ui.forward_map_view import CIRCLES
from tests.ui.conftest import settle
from tests.ui.test_layout_trainer_forward_s10 import _check_boxes_fit


def _least_on_screen(view) -> float:  # noqa: ANN001
    return READABLE * QFontInfo(view.font()).pixelSize()


def _presets() -> list[str]:
    from gatelab.core.budget import load_presets

    return [""] + [preset.key for preset in load_presets()]  # "": the trainer's model


def _show(panel, preset: str) -> None:  # noqa: ANN001
    if preset:
        assert panel.show_preset(preset)
    else:
        panel.refresh()
    settle(5)


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1366, 768)])
def test_every_box_text_is_readable_on_a_projector(qtbot, main_window, window_language: str,  # noqa: ANN001
                                                   size) -> None:
    main_window.resize(*size)
    panel = main_window.show_tab("forward-pass")
    settle(40)
    view = panel.view
    scale = view._scale_offset()[0]
    least = _least_on_screen(view)
    if size == (1024, 768):
        assert scale < 0.8  # scaled down: 12 canvas px were 12 × scale on screen
    seen_post_norms = False
    for preset in _presets():
        _show(panel, preset)
        seen_post_norms |= POST_NORMS <= set(view.keys())  # gemma-2-2b: its 42 px boxes
        for key in view.keys():
            if key in CIRCLES:
                continue
            fitted = view.box_layout(key)
            assert not fitted.cut, (preset, key, fitted)
            if fitted.sub.lines:
                assert fitted.sub.px * scale >= least, (preset, key, fitted.sub.px, scale)
                assert fitted.title.px >= fitted.sub.px, (preset, key, fitted)
            assert fitted.title.px * scale >= least, (preset, key, fitted.title.px, scale)
        assert view.residual_px() * scale >= least and view.frame_px() * scale >= least
        _check_boxes_fit(view, window_language)
    assert seen_post_norms


def test_at_200_percent_a_size_line_shrinks_rather_than_lose_its_number(  # noqa: ANN001
        qtbot, main_window, window_language: str) -> None:
    """At 960×540 the map is drawn at ≈ 0.6: the least readable size does not fit every box
    ("RMSNorm · 7168" in a norm box); there the line is as large as fits whole, never cut."""
    main_window.resize(960, 540)
    panel = main_window.show_tab("forward-pass")
    settle(40)
    view = panel.view
    assert view._scale_offset()[0] < 0.65
    for preset in _presets():
        _show(panel, preset)
        assert not [k for k in view.keys() if view.box_layout(k).cut], preset
        _check_boxes_fit(view, window_language)


def test_a_wide_map_keeps_its_own_sizes(qtbot, main_window) -> None:  # noqa: ANN001
    """Where the map is drawn at its canvas size or larger, the sizes are the canvas's own
    (14 px titles, 12 px size lines): the floor only lifts what the scale shrinks."""
    main_window.resize(1920, 1200)
    panel = main_window.show_tab("forward-pass")
    settle(40)
    view = panel.view
    assert view._scale_offset()[0] >= 1
    assert view.box_layout("attn_norm").sub.px == 12 and view.box_layout("attn_norm").title.px == 14
