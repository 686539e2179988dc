"""Regressions from the inside-tab probe: stale history after switching to a Hugging Face
folder, views left showing the old run after a failed analysis, characters outside a run's
vocabulary flagged."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch

from gatelab.ui.inside_panel import InsidePanel

from .test_inside_panel import analyse, panel, tiny_hf, tiny_run  # noqa: F401 (fixtures)

torch.set_num_threads(1)


def test_hf_source_clears_the_previous_runs_history(qtbot, panel: InsidePanel,  # noqa: ANN001,F811
                                                     tiny_run: Path, tiny_hf: Path) -> None:  # noqa: F811
    analyse(qtbot, panel, "run", str(tiny_run))
    qtbot.waitUntil(lambda: len(panel.history.dots.data) > 0, timeout=20000)
    history = panel.history._history
    analyse(qtbot, panel, "hf", str(tiny_hf), "The food was not bad")
    # the run's history read arriving late (as it did on a slow disk) must not come back
    panel._on_file_result("history:{0}".format(panel._history_req - 1), (history, []), "")
    assert len(panel.history.dots.data) == 0
    assert all(len(c.getData()[0] if c.getData()[0] is not None else []) == 0
               for c in panel.history.curves.values())
    assert "no training history" in panel.history.readout.text()


def test_a_failed_analysis_clears_the_views(qtbot, panel: InsidePanel, tiny_run: Path,  # noqa: ANN001,F811
                                            tmp_path: Path) -> None:
    analyse(qtbot, panel, "run", str(tiny_run))
    assert panel.sel.has_trace() and panel.pages.currentIndex() == 1
    bad = tmp_path / "not-a-model"
    bad.mkdir()
    analyse(qtbot, panel, "hf", str(bad))
    assert "Could not analyse" in panel.source.message_text()
    assert not panel.sel.has_trace() and panel.pages.currentIndex() == 0
    assert panel._spec is None and len(panel.history.dots.data) == 0
    assert panel.history._history == []


def test_unknown_characters_are_warned_about(qtbot, panel: InsidePanel, tiny_run: Path) -> None:  # noqa: ANN001,F811
    analyse(qtbot, panel, "run", str(tiny_run), "a a€☃")
    trace = panel.sel.trace
    assert trace is not None and trace.unknown == (3, 4)
    msg = panel.source.message_text()
    assert "2 characters" in msg and "'€', '☃'" in msg and repr(trace.unknown_as) in msg
    assert "bold" in panel.source.message.styleSheet()
    analyse(qtbot, panel, "run", str(tiny_run), "a a")
    assert "vocabulary" not in panel.source.message_text()
    assert np.isfinite(panel.sel.trace.layers[0].g).all()
