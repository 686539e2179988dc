"""Walkthrough s15 F5: at 1024 px the Inside tab's summary keeps its sizes line.

Seen at 1024×768 (lesson card open): the top-right summary showed only "gatelab
run-20261202-18464…"; its second line, "4 layers · m = 352 · d = 128 · SwiGLU · 32 tokens", was
gone, only in the tooltip. The label cut the joined text as soon as one line was too long; each
line is now cut on its own, so the sizes stay under the (cut) run name.
"""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtGui import QColor

from tests.ui.conftest import settle, show_tab_at
from tests.ui.inside_synth import make_trace

NAME = "gatelab run-20261202-184645-e356"
TEXT = 'label = "inside a string" + name'  # 32 tokens, one a character


@pytest.fixture
def inside(qtbot, main_window):  # noqa: ANN001, ANN201
    return show_tab_at(qtbot, main_window, "inside", size=(1024, 768))


def _ink_rows(label) -> list[int]:  # noqa: ANN001
    """The pixel rows of ``label`` where text is drawn (dark pixels on its background)."""
    image = label.grab().toImage()
    rows = []
    for y in range(image.height()):
        if any(QColor(image.pixel(x, y)).lightness() < 160 for x in range(image.width())):
            rows.append(y)
    return rows


def test_the_sizes_line_stays_under_a_long_run_name_at_1024(qtbot, inside, main_window) -> None:  # noqa: ANN001
    assert main_window.width() <= 1024
    trace = dataclasses.replace(make_trace(TEXT, n_layer=4, m=352, step=200), model_name=NAME,
                                hidden_size=128)
    inside.sel.set_trace(trace)
    settle()
    info = inside.pickers.info
    whole = NAME + ", step 200 · 4 layers · m = 352 · d = 128 · SwiGLU · 32 tokens"
    assert info.isVisible() and info.text() == whole and info.toolTip() == whole
    metrics, room = info.fontMetrics(), info.contentsRect()
    assert metrics.horizontalAdvance(whole) > room.width()  # the case seen: it cannot fit
    lines = info.shown_text().split("\n")
    assert len(lines) == 2, lines
    name, sizes = lines
    assert name.startswith("gatelab run-2026")  # the name first, cut at its end if at all
    assert sizes.startswith("4 layers · m = 352 · d = 128"), sizes  # the shape stays
    assert all(metrics.horizontalAdvance(part) <= room.width() for part in lines)
    assert room.height() >= 2 * metrics.height()  # both lines in full height
    rows = _ink_rows(info)  # and both are drawn: ink in the upper and the lower half
    half = info.height() / 2
    assert any(y < half for y in rows) and any(y > half for y in rows)


def test_the_summary_is_one_line_again_where_it_fits(qtbot, inside, main_window) -> None:  # noqa: ANN001
    trace = dataclasses.replace(make_trace(TEXT, n_layer=4, m=352, step=200), model_name=NAME,
                                hidden_size=128)
    inside.sel.set_trace(trace)
    main_window.resize(1900, 900)
    info = inside.pickers.info
    qtbot.waitUntil(lambda: "\n" not in info.shown_text(), timeout=3000)
    assert info.shown_text() == info.text() and "…" not in info.shown_text()
