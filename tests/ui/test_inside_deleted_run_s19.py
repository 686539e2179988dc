"""Probe s19 P7: the run on show (the list's default, analysed) was deleted, and the picker
silently moved to another run: Analyse then traced that one. An analysed run stays picked; its
Analyse then says it is gone."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt

from gatelab import paths
from gatelab.core.engine import train_steps
from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import show_panel

CFG = TrainConfig(corpus="generated", n_layer=1, n_embd=32, n_head=2, block_size=32,
                  batch_size=4, steps=2, eval_interval=2, warmup_steps=1, threads=1,
                  checkpoint_interval=2, sample_chars=0, device="cpu")


@pytest.fixture
def panel(qtbot):  # noqa: ANN001, ANN201
    for name in ("run-a", "run-b"):
        list(train_steps(CFG, run_dir=paths.runs_dir() / name))
    p = show_panel(qtbot, InsidePanel())
    p.source.set_kind("run")
    qtbot.waitUntil(lambda: p.source.runs.count() >= 2, timeout=20000)
    yield p
    p.shutdown()


def _analyse(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    qtbot.mouseClick(panel.source.analyse, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)


def test_an_analysed_run_stays_picked_when_it_is_deleted(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    shown = panel.source.run_path()  # the list's default: not picked by the learner
    assert shown and not panel.source.run_chosen
    panel.source.text.setText("the cat")
    _analyse(qtbot, panel)
    assert panel.sel.has_trace() and panel.source.run_chosen
    shutil.rmtree(shown)
    panel.run_list.refresh()
    qtbot.waitUntil(lambda: not panel.run_list._reading, timeout=20000)
    assert panel.source.run_path() == shown  # not silently another run
    _analyse(qtbot, panel)
    text, level = panel._message[0](), panel._message[1]
    assert level == "error" and shown.rsplit("/", 1)[-1] in text, text
