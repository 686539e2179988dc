"""The Inside tab's default example and a model that cannot read it (walkthrough s21 #13): a
Chinese learner's first analysis of a run trained on Python code was all unknown characters.
When the box still holds the tab's own default example and the model cannot read all of it, the
first example the model reads whole is analysed instead, put in the box, and the line says so.
A text the learner typed, picked from the menu or restored is analysed as it is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from gatelab.core.trainconfig import TrainConfig
from gatelab.ui import inside_persist
from gatelab.ui.inside_panel import InsidePanel
from gatelab.ui.inside_source import EXAMPLES
from gatelab.ui.language import set_language
from tests.ui.conftest import show_panel

# every character of the English "food" example and of the Chinese Paris example, and not the
# "I", "P" or "T" of the English default
CORPUS = ("The food was not bad at all. 我上周从巴黎飞到东京。 " * 60)


@pytest.fixture(scope="module")
def food_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from gatelab.core.engine import train_steps

    folder = tmp_path_factory.mktemp("swap")
    corpus = folder / "food.txt"
    corpus.write_text(CORPUS, encoding="utf-8")
    cfg = TrainConfig(corpus=str(corpus), variant="swiglu", n_layer=1, n_embd=16, n_head=2,
                      block_size=40, batch_size=2, steps=2, eval_interval=2, warmup_steps=1,
                      device="cpu", stats_interval=2, checkpoint_interval=2, threads=1,
                      sample_chars=4)
    run = folder / "run-food"
    list(train_steps(cfg, run_dir=run))
    return run


@pytest.fixture
def inside(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    yield p
    p.shutdown()


def _analyse(qtbot, panel: InsidePanel, run: Path) -> None:  # noqa: ANN001
    panel.source.set_kind("run")
    panel.source.select_run(str(run))
    qtbot.mouseClick(panel.source.analyse, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)


def test_the_default_example_is_swapped_for_one_the_run_reads(qtbot, inside: InsidePanel,  # noqa: ANN001
                                                              food_run: Path) -> None:
    assert inside.source.text.text() == EXAMPLES[0]  # "I flew from Paris …": no I, r, m, P, i, k, y here
    _analyse(qtbot, inside, food_run)
    trace = inside.sel.trace
    assert trace is not None, inside.source.message_text()
    assert "".join(trace.tokens) == EXAMPLES[1] and not trace.unknown
    assert inside.source.text.text() == EXAMPLES[1]  # the box names what the views show
    msg = inside.source.message_text()
    assert msg.startswith("This model cannot read 'I', 'r', 'm', 'P', 'i', … of the example text, so "
                          "the example “The food was not bad at all” was analysed instead"), msg
    assert "bold" in inside.source.message.styleSheet()  # a warning
    assert "Warning" not in msg  # what was analysed was read whole


def test_the_chinese_default_is_swapped_in_the_chinese_interface(qtbot, inside: InsidePanel,  # noqa: ANN001
                                                                 food_run: Path) -> None:
    set_language("zh_CN")
    try:
        inside.source.retranslate()
        assert inside.source.text.text() == EXAMPLES[3]  # 我上周从巴黎飞到东京
        inside.source.text.setText("试试这个循环：for i in range(10):")  # as the tab would
        assert inside.source.example_fallbacks()[:2] == (EXAMPLES[3], EXAMPLES[4])
        _analyse(qtbot, inside, food_run)
        # the first example of this language the run reads whole
        assert "".join(inside.sel.trace.tokens) == EXAMPLES[3]
        assert inside.source.text.text() == EXAMPLES[3]
    finally:
        set_language("en")
        inside.source.retranslate()


@pytest.mark.parametrize("how", ["typed", "picked", "restored state", "restored settings"])
def test_a_chosen_text_is_analysed_as_it_is(qtbot, inside: InsidePanel, food_run: Path,  # noqa: ANN001
                                            how: str, tmp_path: Path) -> None:
    source = inside.source
    if how == "typed":
        source.text.clear()
        qtbot.keyClicks(source.text, "I flew")
    elif how == "picked":
        source.pick_example(EXAMPLES[0])
    elif how == "restored state":
        inside_persist.apply_panel_state(inside, {"text": EXAMPLES[0]})
    else:
        source.pick_example(EXAMPLES[0])
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        inside_persist.save_settings(inside, settings)
        again = show_panel(qtbot, InsidePanel())
        try:
            inside_persist.restore_settings(again, settings)
            assert again.source.text.text() == EXAMPLES[0]
            assert again.source.example_fallbacks() == ()
        finally:
            again.shutdown()
        return
    assert source.example_fallbacks() == ()
    text = source.text.text()
    _analyse(qtbot, inside, food_run)
    assert "".join(inside.sel.trace.tokens) == text and inside.sel.trace.unknown
    assert source.text.text() == text
    assert "Warning: " in source.message_text() and "instead" not in source.message_text()


def test_the_untouched_default_survives_a_settings_round_trip(qtbot, inside: InsidePanel,  # noqa: ANN001
                                                               tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    inside_persist.save_settings(inside, settings)
    again = show_panel(qtbot, InsidePanel())
    try:
        inside_persist.restore_settings(again, settings)
        assert again.source.example_fallbacks()[0] == EXAMPLES[1]
    finally:
        again.shutdown()
