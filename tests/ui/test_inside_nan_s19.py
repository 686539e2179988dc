"""Probe s19 D4: a run (or HF folder) whose weights are NaN was analysed with the ordinary
success line, tables of nan and a caption "(max 0.0000)". The line now warns, in amber."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch
from PySide6.QtCore import Qt

from gatelab.core.engine import train_steps
from gatelab.core.inside.types import checked
from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import settle, show_panel

from .inside_synth import make_trace

CFG = TrainConfig(corpus="generated", n_layer=1, n_embd=32, n_head=2, block_size=32,
                  batch_size=4, steps=4, eval_interval=4, warmup_steps=1, threads=1,
                  checkpoint_interval=4, sample_chars=0, device="cpu")


@pytest.fixture
def nan_run(tmp_path: Path) -> Path:
    run = tmp_path / "run-nan"
    list(train_steps(CFG, run_dir=run))
    ckpt = torch.load(run / "ckpt.pt", map_location="cpu", weights_only=False)
    for key, tensor in ckpt["model"].items():
        if tensor.is_floating_point():
            ckpt["model"][key] = torch.full_like(tensor, float("nan"))
    torch.save(ckpt, run / "ckpt.pt")
    return run


def test_nan_weights_are_said_in_amber(qtbot, nan_run: Path) -> None:  # noqa: ANN001
    panel = show_panel(qtbot, InsidePanel())
    try:
        panel.source.set_kind("run")
        panel.source.select_run(str(nan_run))
        panel.source.text.setText("the cat sat")
        qtbot.mouseClick(panel.source.analyse, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not panel.runner.is_busy() and panel.sel.has_trace(),
                        timeout=60000)
        assert not panel.sel.trace.finite
        nan_trace = panel.sel.trace
        panel.sel.set_layer(0)
        panel.sel.set_token(2)
        settle(10)
        assert "(max nan)" in panel.shaded.title.text() and "max 0.0000" not in panel.shaded.title.text()
        assert "yellow nan" in panel.gates.legend.text()
        text, level = panel._message[0](), panel._message[1]
        assert level == "warning" and "some numbers are not finite" in text
        assert text.startswith("11 tokens through")
        # the MLP view: no finite ratio, a plain 0..1 axis (it was 0..1e-6, ticks of 1e-7)
        top = panel.mlp.ratio_card.plot.getViewBox().viewRange()[1][1]
        assert top == pytest.approx(1.0)
        for i in range(panel.views.count()):  # every view draws NaN without a warning
            panel.views.setCurrentIndex(i)
            panel.sel.set_token(2)
            settle(10)
        panel.sel.set_layer(0)
        settle(10)
        # the picked neuron's readout: every row nan, none left from a finite trace before
        gates = panel.gates
        finite = make_trace(text="the cat sat", n_layer=1, m=gates._gu.shape[0])
        panel.sel.set_trace(finite)
        panel.sel.set_neuron(1)
        assert gates.readout.value_text("g") not in ("", "nan")
        panel.sel.set_trace(nan_trace)
        panel.sel.set_neuron(2)
        for key in ("g", "u", "act", "h_formula", "dh_dg", "dh_du", "h"):
            assert gates.readout.value_text(key) == "nan", key
    finally:
        panel.shutdown()


def test_checked_marks_only_traces_with_non_finite_numbers() -> None:
    trace = make_trace(text="abc", n_layer=2, m=8)
    assert checked(trace) is trace and trace.finite
    trace.layers[1].h[0, 3] = np.inf
    assert not checked(trace).finite
    trace.layers[1].h[0, 3] = 0.0
    trace.layers[0].mlp_norm[1] = np.nan
    assert not checked(trace).finite


def test_a_search_that_finds_no_finite_h_says_so(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.inside_topk import TopKView

    view = TopKView()
    qtbot.addWidget(view)
    view.show_results([], "L0 #1", 12_345, cancelled=False)
    assert view.results_text() == "L0 #1: no finite h over 12,345 characters."
