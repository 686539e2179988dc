"""Exported "Inside the model" plots say what they are of (walkthrough s14, F6).

Why: a trainer plot's picture named its run, but the Inside tab's pictures only had their title,
so on a slide nobody could tell which run, step, text or token a bar chart was for. The cards'
captions follow the trace (and the token, and the step slider), and the exported pictures carry
them: the SVG's text and the PNG's caption band are read back."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from PySide6.QtGui import QImage

from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import show_panel

from .inside_synth import make_trace

TEXT = "I flew from Paris to Tokyo"


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    trace = dataclasses.replace(make_trace(text=TEXT, n_layer=2, step=200),
                                source="/somewhere/runs/run-20261202-101500-ab12")
    p.sel.set_trace(trace)
    yield p
    p.shutdown()


def test_mlp_and_sink_cards_name_the_run_step_text_and_token(panel: InsidePanel,
                                                             tmp_path: Path) -> None:
    want = ("Run run-20261202-101500-ab12 · step 200 · token 25 “o” · "
            "text “I flew from Paris to Tokyo”")
    assert panel.mlp.ratio_card.export_caption == want
    assert panel.mlp.norm_card.export_caption == want
    assert panel.sink.card.export_caption == want.replace(" · token 25 “o”", "")  # text's mean
    panel.sel.set_token(6)  # the bars are of another token now
    assert " · token 6 “·” · " in panel.mlp.ratio_card.export_caption  # a space, drawn
    # the picture carries it, under the title
    panel.mlp.ratio_card.export(tmp_path / "mlp.svg")
    svg = (tmp_path / "mlp.svg").read_text(encoding="utf-8")
    assert ">MLP contribution: ‖MLP out‖ / ‖layer out‖</text>" in svg
    assert ">Run run-20261202-101500-ab12 · step 200 · token 6 “·” · text “I flew" in svg
    panel.mlp.ratio_card.export(tmp_path / "mlp.png")
    panel.mlp.ratio_card.set_export_caption("")
    panel.mlp.ratio_card.export(tmp_path / "bare.png")
    with_caption, bare = QImage(str(tmp_path / "mlp.png")), QImage(str(tmp_path / "bare.png"))
    assert with_caption.height() > bare.height()  # a caption line above the plot


def test_no_trace_no_caption(panel: InsidePanel) -> None:
    assert panel.mlp.ratio_card.export_caption and panel.sink.card.export_caption
    panel.sel.set_trace(None)
    assert panel.mlp.ratio_card.export_caption == ""
    assert panel.sink.card.export_caption == ""


def test_a_model_and_a_long_text_are_named_briefly(panel: InsidePanel) -> None:
    long = "The quick brown fox jumps over the lazy dog.\nAnd then it ran away, far away."
    trace = dataclasses.replace(make_trace(text=long, n_layer=1), source="/models/tiny-qwen/",
                                source_kind="hf", text=long)
    panel.sel.set_trace(trace, token=4)
    caption = panel.sink.card.export_caption
    assert caption.startswith("Model tiny-qwen · text “The quick brown fox jumps over the lazy "
                              "dog.↵And")
    assert "…”" in caption and "step" not in caption and "\n" not in caption
    assert panel.mlp.ratio_card.export_caption.startswith("Model tiny-qwen · token 4 “q” · text")


def test_history_cards_name_the_run_and_the_checkpoint(panel: InsidePanel) -> None:
    row = SimpleNamespace(frac_neg=[0.5] * 2, frac_closed=[0.2] * 2, mlp_ratio=[0.1] * 2,
                          attn_sink=[0.4] * 2, max_abs_h=[2.0] * 2, gate_pairs=np.zeros((2, 3, 2)))
    history = panel.history
    history.set_history([(0, row), (50, row), (100, row)], [])
    assert history.lines.export_caption == "Run run-20261202-101500-ab12 · step 100"
    history.set_index(1)
    panel.sel.set_layer(1)
    assert history.lines.export_caption == "Run run-20261202-101500-ab12 · step 50"
    assert history.cloud.export_caption == "Run run-20261202-101500-ab12 · step 50 · layer L1"
    history.set_history([], [])
    assert history.lines.export_caption == "" and history.cloud.export_caption == ""
