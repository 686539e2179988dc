"""Walkthrough 5 at 1280×800: the Inside tab's model summary shows whole.

"LlamaForCausalLM · 2 layers · m = 48 · d = 32 · SwiGLU · 20 tokens · …" lost its dtype (and a
run's longer name lost its sizes) to "…" beside the pickers; only the tooltip had the line. Where
one line does not fit but two do, the model now sits over its sizes, the views 5 px lower.
"""

from __future__ import annotations

import dataclasses

import pytest

from tests.ui.inside_synth import make_trace
from tests.ui.conftest import settle, show_tab_at


@pytest.fixture
def inside(qtbot, main_window):  # noqa: ANN001, ANN201
    return show_tab_at(qtbot, main_window, "inside")


def _show(inside, **changes: object) -> None:  # noqa: ANN001
    trace = dataclasses.replace(make_trace(n_layer=2, m=48), **changes)
    inside.sel.set_trace(trace)
    settle()


@pytest.mark.parametrize("changes, dtype, lines", [
    (dict(model_name="LlamaForCausalLM", source_kind="hf", hidden_size=32), "bf16",
     ["LlamaForCausalLM", "2 layers · m = 48 · d = 32 · SwiGLU · 36 tokens · bf16"]),
    (dict(model_name="run-20261201-094134-2c5f", step=12000, hidden_size=128), "",
     ["run-20261201-094134-2c5f, step 12000", "2 layers · m = 48 · d = 128 · SwiGLU · 36 tokens"]),
])
def test_the_summary_shows_every_part_at_1280(qtbot, inside, monkeypatch, changes, dtype,  # noqa: ANN001
                                              lines) -> None:
    info = inside.pickers.info
    monkeypatch.setattr(inside.pickers, "dtype", lambda: dtype)
    _show(inside, model_name="tiny", hidden_size=8)  # one line: where the views were
    views_top = inside.views.mapTo(inside, inside.views.rect().topLeft()).y()
    _show(inside, **changes)
    assert info.isVisible() and info.shown_text().split("\n") == lines  # nothing cut
    assert "…" not in info.shown_text()
    assert info.text() == " · ".join(lines) and info.toolTip() == info.text()
    metrics = info.fontMetrics()
    room = info.contentsRect()
    assert all(metrics.horizontalAdvance(line) <= room.width() for line in lines)
    assert room.height() >= 2 * metrics.height()  # both lines drawn in full height
    moved = inside.views.mapTo(inside, inside.views.rect().topLeft()).y() - views_top
    assert 0 <= moved <= 10  # the plots hardly move down


def test_a_summary_that_fits_one_line_stays_one_line(inside) -> None:  # noqa: ANN001
    _show(inside, model_name="tiny", hidden_size=8)
    info = inside.pickers.info
    assert info.shown_text() == info.text() == "tiny · 2 layers · m = 48 · d = 8 · SwiGLU · 36 tokens"
