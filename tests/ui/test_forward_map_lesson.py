"""The forward-pass map's protocol side: retranslate, state, settings, lesson, and the window."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import math
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QTranslator
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QApplication

from gatelab.core.forward_map import BOX_KEYS
from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.forward_map import ForwardMapPanel
from tests.ui.visible_text import english_words, fake_translator, unwrapped_strings
from tests.ui.test_forward_map import panel  # noqa: F401 (the shown ForwardMapPanel fixture)

KEPT = {"+", "⊙", "gate_proj", "up_proj", "down_proj", "SiLU"}


@pytest.fixture
def wrapped(qapp: QApplication) -> Iterator[QTranslator]:
    translator = fake_translator()
    qapp.installTranslator(translator)
    yield translator
    qapp.removeTranslator(translator)


def _visible_strings(p: ForwardMapPanel) -> dict[str, str]:
    view = p.view
    out = {"caption": p.caption.text(), "hint": p.hint.text(), "readout": p.readout.text(),
           "refresh": p.refresh_button.text(), "refresh-tip": p.refresh_button.toolTip(),
           "frame": view.frame_label(), "residual": view.notes()["residual"]}
    for key in BOX_KEYS:
        text = view.text(key)
        out[key] = text.title
        out[key + "-tip"] = text.tooltip
        if key == "sample" or (key == "attention" and p.sizes() is not None):
            out[key + "-sub"] = text.sub  # the others are symbols and numbers ("d → m")
    return out


@pytest.mark.parametrize("with_sizes", [False, True])
def test_retranslate_reaches_every_visible_string(panel: ForwardMapPanel, wrapped: QTranslator,
                                                  with_sizes: bool) -> None:
    if with_sizes:
        panel.show_preset("qwen3.5-0.8b")
    panel.retranslate()
    strings = _visible_strings(panel)
    bare = {k: v for k, v in strings.items() if v not in KEPT and not v.startswith("«")}
    assert bare == {}  # the painted box texts, which no widget walk can see
    painted = [t for t in panel.view.visible_texts() if english_words(t)]
    assert painted == []
    assert unwrapped_strings(panel) == []  # the labels, button and tooltips
    assert strings["frame"] == ("«× 24 layers (18 of them with linear attention)»"
                                if with_sizes else "«× N layers»")
    assert "«Gate plane»" in strings["readout"]  # tab titles come from the "tabs" context
    lesson = panel.lesson()
    assert all(s.title.startswith("«") and s.expect.startswith("«") for s in lesson.steps)
    assert all(q.text.startswith("«") and all(c.startswith("«") for c in q.choices)
               for q in lesson.questions)


def test_retranslate_back_to_english(panel: ForwardMapPanel, qapp: QApplication) -> None:
    translator = fake_translator()
    qapp.installTranslator(translator)
    panel.retranslate()
    qapp.removeTranslator(translator)
    panel.retranslate()
    assert not any("«" in v for v in _visible_strings(panel).values())
    # in English the painted-text check does find words (so it would catch a missed tr())
    assert any(english_words(t) for t in panel.view.visible_texts())


# -- state ----------------------------------------------------------------------------------------
def test_state_round_trips_on_a_changed_and_a_fresh_panel(panel: ForwardMapPanel, qtbot) -> None:  # noqa: ANN001
    panel.show_preset("qwen3.5-0.8b")
    panel.select_box("down_proj")
    state = panel.state()
    assert state["selected"] == "down_proj" and state["sizes"]["m"] == 3584
    import json

    state = json.loads(json.dumps(state))  # plain JSON
    fresh = ForwardMapPanel()
    qtbot.addWidget(fresh)
    fresh.apply_state(state)
    assert fresh.state() == state and fresh.view.text("down_proj").sub == "3584 → 1024"
    panel.select_box("tokens")
    panel.apply_state(state)
    assert panel.state() == state
    panel.apply_state({"selected": "act", "other": 1})  # unknown keys ignored, sizes kept
    assert panel.state()["selected"] == "act" and panel.state()["sizes"] == state["sizes"]
    panel.select_box("gate_proj")
    classic = {"d": 64, "m": 256, "n_layer": 2, "variant": "gelu"}
    with pytest.raises(ValueError):  # asked for a box the classic MLP lacks
        panel.apply_state({"sizes": classic, "selected": "gate_proj"})
    panel.apply_state({"sizes": classic})  # not asked for: the selection falls back
    assert panel.state()["selected"] == "mlp" and panel.view.text("up_proj").sub == "64 → 256"
    panel.select_box("act")
    panel.apply_state({"sizes": None})  # back to the other tabs' sizes (none here)
    assert panel.sizes() is None and panel.state() == {"selected": "act", "sizes": None}


@pytest.mark.parametrize("bad", [
    "mlp", [("selected", "mlp")], {"selected": "nowhere"}, {"selected": 3},
    {"selected": None}, {"sizes": [1024, 3584]}, {"sizes": {"d": math.nan, "m": 2, "n_layer": 1}},
    {"sizes": {"d": -1, "m": 2, "n_layer": 1}}, {"sizes": {"d": 8, "m": 2}},
    {"sizes": {str(i): i for i in range(10_000)}}, {"sizes": {"d": 8, "m": 2, "n_layer": 1,
                                                              "variant": ["swiglu"]}},
    {"sizes": {"d": 8, "m": 16, "n_layer": 1, "variant": "gelu"}, "selected": "gate_proj"},
    {"sizes": {"d": 10**16, "m": 2, "n_layer": 1}},
])
def test_bad_states_raise_and_change_nothing(panel: ForwardMapPanel, bad: object) -> None:
    panel.show_preset("qwen3.5-0.8b")
    panel.select_box("up_proj")
    before = panel.state()
    with pytest.raises(ValueError) as info:
        panel.apply_state(bad)  # type: ignore[arg-type]
    assert "\n" not in str(info.value) and str(info.value)
    assert panel.state() == before


def test_settings_remember_the_selected_box(panel: ForwardMapPanel, tmp_path, qtbot) -> None:  # noqa: ANN001
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    panel.select_box("lm_head")
    panel.save_settings(settings)
    other = ForwardMapPanel()
    qtbot.addWidget(other)
    other.restore_settings(settings)
    assert other.view.selected() == "lm_head"
    settings.setValue("selected", "nonsense")
    other.restore_settings(settings)  # ignored, no crash
    assert other.view.selected() == "lm_head"


# -- lesson ---------------------------------------------------------------------------------------
def test_lesson_shape_and_questions(panel: ForwardMapPanel) -> None:
    lesson = panel.lesson()
    assert lesson.problems() == []
    assert 4 <= len(lesson.steps) <= 6 and 2 <= len(lesson.questions) <= 4
    keys = [q.key for q in lesson.questions]
    assert len(set(keys)) == len(keys) and "map-odot-matmul" in keys
    for q in lesson.questions:
        assert 2 <= len(q.choices) <= 4 and 0 <= q.answer < len(q.choices)
        assert len(q.explanations) == len(q.choices) and all(len(x) > 40 for x in q.explanations)
    odot = lesson.questions[keys.index("map-odot-matmul")]
    assert "element-wise" in odot.choices[odot.answer]


def test_each_step_keeps_its_promise_in_the_readouts(panel: ForwardMapPanel) -> None:
    steps = panel.lesson().steps
    assert steps[0].run() is None
    assert "1024 → 3584" in steps[0].expect and "3584 → 1024" in steps[0].expect
    text = panel.readout.text()
    assert "widen 1024 → 3584" in text and "narrows 3584 → 1024" in text and "24 layers" in text
    assert panel.view.selected() == "mlp" and panel.view.frame_label() == "× 24 layers (18 of them with linear attention)"

    assert steps[1].run() is None and "3584 products" in steps[1].expect
    assert panel.view.selected() == "mul"
    assert "SiLU(g) ⊙ u, 3584 products" in panel.readout.text()
    assert "not a matrix product" in panel.readout.text()

    assert steps[2].run() is None and "1024" in steps[2].expect
    assert panel.view.selected() == "mlp_add"
    assert panel.view.notes()["residual"] == "residual stream, d = 1024"
    assert "small correction" in panel.readout.text()

    assert steps[3].run() is None and "248,320 × 1024" in steps[3].expect
    assert "LM head: 1024 → 248,320" in panel.readout.text()
    assert panel.view.text("embedding").sub == "248,320 × 1024"


def test_trainer_step_says_what_to_do_first_then_works(panel: ForwardMapPanel) -> None:
    step = panel.lesson().steps[4]
    first = step.run()
    assert isinstance(first, str) and "Live trainer" in first  # no trainer tab built yet
    controls = SimpleNamespace(config=lambda: TrainConfig(n_embd=64, n_layer=2, n_head=4),
                               corpus=SimpleNamespace(summary=None))
    panel.set_panel_lookup(lambda name: SimpleNamespace(controls=controls)
                           if name == "trainer" else None)
    assert step.run() is None
    assert "the Live trainer's form" in panel.caption.text()
    assert "64 → 176 → 64 in each of 2 layers" in panel.readout.text()


def test_steps_never_raise_when_the_preset_is_missing(panel: ForwardMapPanel,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import gatelab.ui.forward_map as module

    monkeypatch.setattr(module, "_preset_sizes", lambda _key: None)
    answer = panel.lesson().steps[0].run()
    assert isinstance(answer, str) and "preset" in answer


# -- the main window -------------------------------------------------------------------------------
def test_the_window_opens_the_tab_a_box_asks_for(main_window) -> None:  # noqa: ANN001
    from PySide6.QtGui import QKeySequence

    view_menu = main_window.menuBar().actions()[1].menu()
    action = view_menu.actions()[5]
    assert action.shortcut() == QKeySequence("Ctrl+6")
    action.trigger()
    assert main_window.current_tab_name() == "forward-pass"
    panel = main_window.panel("forward-pass")
    assert isinstance(panel, ForwardMapPanel)
    assert [a.shortcut().toString() for a in view_menu.actions()[:5]] == [
        f"Ctrl+{i}" for i in range(1, 6)]
    panel.activate_box("act")
    assert main_window.current_tab_name() == "activations"
    panel.activate_box("mlp")
    assert main_window.current_tab_name() == "gate-plane"
    assert QCoreApplication.translate("tabs", "Forward pass") == main_window.tabs.tabText(5)


def test_the_card_button_runs_a_step(main_window, qtbot) -> None:  # noqa: ANN001
    main_window.show_tab("forward-pass")
    panel = main_window.panel("forward-pass")
    card = main_window.lesson_card("forward-pass")
    button = card.findChild(QPushButton, "lesson-step-1")
    assert button is not None
    button.click()
    assert panel.view.selected() == "mul" and "3584 products" in panel.readout.text()
    assert main_window.current_tab_name() == "forward-pass"  # a step never leaves the tab
