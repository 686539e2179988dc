"""Walkthrough s15 F3: switching Source keeps the last model's views, and now says so.

Seen: after analysing a Hugging Face folder, picking "Saved run" left "16 tokens through
Qwen3ForCausalLM", its sizes, token strip and charts on screen under a bar that named the run,
with no word that they were stale. Now the line under the bar says the views still show the
last trace until Analyse; the views stay (to compare), and the note goes once a new trace
arrives or the bar names the traced source again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt

from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import WrappingTranslator, settle
from tests.ui.test_inside_walkthrough4 import panel  # noqa: F401 (the fixture: 1280×800, shut down)

TEXT = "I flew from Paris to Tokyo"
CFG = TrainConfig(corpus="generated", variant="swiglu", n_layer=1, n_embd=32, n_head=2,
                  block_size=32, batch_size=4, steps=4, eval_interval=4, warmup_steps=1, seed=3,
                  device="cpu", stats_interval=4, checkpoint_interval=4, threads=1, sample_chars=10)
STALE = "Source changed: the views still show the last trace"


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from gatelab.core.engine import train_steps

    run = tmp_path_factory.mktemp("s15-run") / "run-s15"
    list(train_steps(CFG, run_dir=run))
    return run


@pytest.fixture(scope="module")
def tiny_hf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.core.inside_helpers import save_hf_model

    return save_hf_model(tmp_path_factory.mktemp("s15-hf") / "qwen3", "qwen3")


def pick_kind(panel: InsidePanel, key: str) -> None:
    """Choose a Source kind as the learner does (the combo's current item, then activated)."""
    combo = panel.source.kind
    combo.setCurrentIndex(combo.findData(key))
    combo.activated.emit(combo.currentIndex())
    settle()


def press_analyse(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    qtbot.mouseClick(panel.source.analyse, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)
    settle()


def line(panel: InsidePanel) -> str:
    """The message line under the source bar, as shown."""
    assert panel.source.message.isVisible()
    return panel.source.message.text()


def test_switching_source_says_the_views_are_the_last_trace_until_analyse(
        qtbot, panel: InsidePanel, tiny_hf: Path, tiny_run: Path) -> None:  # noqa: ANN001
    panel.source.select_run(str(tiny_run))
    pick_kind(panel, "hf")
    panel.source.hf_path.setText(str(tiny_hf))
    panel.source.text.setText(TEXT)
    press_analyse(qtbot, panel)
    traced_line = line(panel)
    assert "tokens through Qwen3ForCausalLM" in traced_line and STALE not in traced_line
    info = panel.pickers.info.text()
    assert info.startswith("Qwen3ForCausalLM")

    pick_kind(panel, "run")  # the finding's step: a saved run, the trained one selected
    shown = line(panel)
    assert shown == ("Source changed: the views still show the last trace (Qwen3ForCausalLM) "
                     "until you press Analyse.")
    assert "tokens through" not in shown
    # the views are kept, for comparing: same summary, same token strip, the trace page on show
    assert panel.pickers.info.text() == info and panel.pickers.info.isVisible()
    assert panel.shaded.isVisible() and panel.pages.currentIndex() == 1

    pick_kind(panel, "hf")  # back to the traced folder: the line it replaced comes back
    assert line(panel) == traced_line

    panel.source.hf_path.setText(str(tiny_hf) + "-other")  # another folder: stale again
    settle()
    assert line(panel).startswith(STALE)
    panel.source.hf_path.setText(str(tiny_hf) + "/")  # the same folder, spelled with a slash
    settle()
    assert line(panel) == traced_line

    pick_kind(panel, "run")
    assert line(panel).startswith(STALE)
    press_analyse(qtbot, panel)  # a new trace: the note goes
    shown = line(panel)
    assert STALE not in shown and "tokens through" in shown and tiny_run.name in shown
    assert tiny_run.name in panel.pickers.info.text()  # the views now show the run


def test_the_note_follows_a_language_switch_and_a_new_line_replaces_it(
        qtbot, panel: InsidePanel, tiny_hf: Path, tiny_run: Path) -> None:  # noqa: ANN001
    pick_kind(panel, "run")
    panel.source.select_run(str(tiny_run))
    panel.source.text.setText(TEXT)
    press_analyse(qtbot, panel)
    traced_line = line(panel)
    pick_kind(panel, "hf")  # no folder typed yet: nothing usable chosen, still not the views'
    assert line(panel).startswith(STALE) and tiny_run.name in line(panel)

    translator = WrappingTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        panel.retranslate()
        assert line(panel).startswith("«" + STALE)
    finally:
        QCoreApplication.removeTranslator(translator)
        panel.retranslate()

    panel.analyse()  # "Choose a Hugging Face model folder on disk." replaces the note
    error = line(panel)
    assert "Choose a Hugging Face" in error and STALE not in error
    pick_kind(panel, "run")  # back to the traced run: no note to take back, none shown
    assert STALE not in line(panel)

    panel.source.text.setText("")
    assert not panel.analyse()
    error = line(panel)
    assert error == "Type a text to analyse (or pick an example)."
    pick_kind(panel, "hf")  # the note replaces the error ...
    assert line(panel).startswith(STALE)
    pick_kind(panel, "run")  # ... and gives it back with the traced source
    assert line(panel) == error != traced_line
