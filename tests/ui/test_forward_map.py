"""The forward-pass map: boxes as drawn, clicks and keys that open tabs, sizes from other tabs,
retranslation, state and the lesson's promises held to the readouts."""

from __future__ import annotations

import dataclasses

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from gatelab.core.forward_map import BOX_KEYS, BOX_TABS, GATED_ONLY, POST_NORMS
from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.forward_map import ForwardMapPanel
from gatelab.ui.forward_map_view import TINTS
from gatelab.ui.tabs import TAB_NAMES
from tests.ui.conftest import show_panel



@pytest.fixture
def panel(qtbot) -> Iterator[ForwardMapPanel]:  # noqa: ANN001
    p = show_panel(qtbot, ForwardMapPanel(), (1200, 800))
    yield p
    p.shutdown()


def _click(qtbot, panel: ForwardMapPanel, key: str) -> str:  # noqa: ANN001
    """Click the box's centre (the MLP box: its free centre, between its parts); the tab name."""
    centre = panel.view.box_rect(key).center().toPoint()
    assert panel.view.box_at(panel.view.box_rect(key).center()) == key
    with qtbot.waitSignal(panel.tab_requested, timeout=1000) as blocker:
        qtbot.mouseClick(panel.view, Qt.MouseButton.LeftButton, pos=centre)
    return blocker.args[0]


# -- fakes of the other tabs' panels ---------------------------------------------------------------
class FakeInside:
    def __init__(self, sizes: dict | None) -> None:
        self.sizes = sizes

    def model_sizes(self) -> dict | None:
        return self.sizes


class FakeControls:
    def __init__(self, cfg: TrainConfig | None, vocab: int | None) -> None:
        self.cfg = cfg
        self.corpus = SimpleNamespace(summary=SimpleNamespace(vocab_size=vocab) if vocab else None)

    def config(self) -> TrainConfig:
        if self.cfg is None:
            raise ValueError("learning rate must be a number")
        return self.cfg.validate()


class FakeBudget:
    def __init__(self, name: str, models: dict | None = None) -> None:
        self.name, self.models = name, models or {}

    def compare_name(self) -> str:
        return self.name


def _lookup(**panels: Any):  # noqa: ANN202
    return lambda name: panels.get(name)


# -- boxes, labels, geometry, pixels -----------------------------------------------------------------
def test_generic_map_shows_every_box_with_symbols(panel: ForwardMapPanel) -> None:
    view = panel.view
    assert view.keys() == tuple(k for k in BOX_KEYS if k not in POST_NORMS)  # Llama-style: pre
    titles = {k: view.text(k).title for k in BOX_KEYS}
    assert titles["embedding"] == "embedding" and titles["lm_head"] == "LM head"
    assert titles["mlp"] == "gated MLP (SwiGLU)" and titles["act"] == "SiLU"
    assert (titles["gate_proj"], titles["up_proj"], titles["down_proj"]) == (
        "gate_proj", "up_proj", "down_proj")
    assert titles["mul"] == "⊙" and titles["attn_add"] == titles["mlp_add"] == "+"
    assert view.text("gate_proj").sub == "d → m" and view.text("down_proj").sub == "m → d"
    assert view.text("embedding").sub == "V × d" and view.text("lm_head").sub == "d → V"
    assert view.frame_label() == "× N layers" and view.notes()["residual"] == "residual stream, d"
    assert panel.caption.text().startswith("No model known yet")
    area = view.rect()
    mlp = view.box_rect("mlp")
    for key in BOX_KEYS:
        r = view.box_rect(key)
        assert area.contains(r.toRect()) and r.width() > 20 and r.height() > 20, key
    for part in ("gate_proj", "up_proj", "act", "mul", "down_proj"):
        assert mlp.contains(view.box_rect(part)), part
    outer = [k for k in BOX_KEYS if k not in ("gate_proj", "up_proj", "act", "mul", "down_proj")]
    for i, a in enumerate(outer):
        for b in outer[i + 1:]:
            assert not view.box_rect(a).intersects(view.box_rect(b)), (a, b)


def test_boxes_are_painted_in_their_colours_and_scale_with_the_window(
        panel: ForwardMapPanel, qtbot) -> None:  # noqa: ANN001
    view = panel.view
    image = view.grab().toImage()
    for key in ("act", "attention", "embedding"):
        r = view.box_rect(key)
        colour = QColor(image.pixel(round(r.left() + 8), round(r.top() + 8)))
        tint = QColor(TINTS[key])
        # a light mix of the tint: the tint's strongest channel stays the strongest
        channels = (colour.red(), colour.green(), colour.blue())
        tints = (tint.red(), tint.green(), tint.blue())
        assert channels.index(max(channels)) == tints.index(max(tints)), key
        assert channels != (255, 255, 255), key
    before = view.box_rect("mlp").width()
    panel.resize(700, 520)
    qtbot.waitUntil(lambda: view.box_rect("mlp").width() < before * 0.8)


def test_real_sizes_are_drawn_in_the_boxes(panel: ForwardMapPanel) -> None:
    assert panel.show_preset("qwen3.5-0.8b")
    view = panel.view
    assert view.text("gate_proj").sub == "1024 → 3584" and view.text("up_proj").sub == "1024 → 3584"
    assert view.text("down_proj").sub == "3584 → 1024"
    assert view.text("embedding").sub == "248,320 × 1024"
    # 8 × head_dim 256; 2 key/value heads (GQA) and the output gate were left out
    assert view.text("attention").sub == "1024 → 2048 → 1024, 8 heads (2 key/value) + output gate"
    assert view.frame_label() == "× 24 layers (18 of them with linear attention)"
    panel.select_box("attention")
    assert panel.readout.text().startswith(
        "Attention: 1024 → 2048 → 1024 in 6 of the 24 layers; the other 18 use linear "
        "attention (Gated DeltaNet)")
    assert panel.show_preset("llama-2-7b")  # plain attention of width d: as before
    assert view.text("attention").sub == "4096 → 4096, 32 heads"
    assert view.frame_label() == "× 32 layers"
    assert panel.readout.text().startswith("Attention: 4096 → 4096; it moves information")
    from gatelab.core.forward_map import sizes_from_train_config

    panel.show_sizes(sizes_from_train_config(TrainConfig(n_embd=192, n_head=6, n_kv_head=2,
                                                         attn_gate=True), source="form"))
    assert view.text("attention").sub == "192 → 192, 6 heads (2 key/value) + output gate"
    panel.show_sizes(sizes_from_train_config(TrainConfig(n_embd=192, n_head=6, n_kv_head=6)))
    assert view.text("attention").sub == "192 → 192, 6 heads"  # as many as the query heads
    assert panel.show_preset("qwen3.5-0.8b")
    assert "Qwen3.5-0.8B preset" in panel.caption.text()
    assert "1024 → 3584 → 1024 × 24 layers" in panel.caption.text()


def test_a_classic_mlp_has_no_gate_proj_and_no_odot(panel: ForwardMapPanel, qtbot) -> None:  # noqa: ANN001
    panel.select_box("mul")
    cfg = TrainConfig(variant="gelu", n_embd=64, n_head=4, n_layer=2)
    from gatelab.core.forward_map import sizes_from_train_config

    panel.show_sizes(sizes_from_train_config(cfg, 96, "gelu run"))
    assert not set(GATED_ONLY) & set(panel.view.keys())
    assert panel.view.selected() == "mlp"  # the ⊙ is gone: selection falls back to the MLP
    assert panel.view.text("mlp").title == "MLP (GELU)" and panel.view.text("act").title == "GELU"
    assert panel.view.text("up_proj").sub == "64 → 256"
    assert _click(qtbot, panel, "act") == "activations"


# -- navigation ----------------------------------------------------------------------------------
@pytest.mark.parametrize("key", BOX_KEYS)
def test_clicking_each_box_requests_its_tab(panel: ForwardMapPanel, qtbot, key: str) -> None:  # noqa: ANN001
    if key in POST_NORMS:  # only a model with norms after its blocks has these boxes
        panel.apply_state({"sizes": {"d": 64, "m": 256, "n_layer": 2, "norm_place": "sandwich"}})
    assert _click(qtbot, panel, key) == BOX_TABS[key]
    assert BOX_TABS[key] in TAB_NAMES
    assert panel.view.selected() == key and panel.readout.text().startswith(
        panel.texts.description(key, None).split(":")[0])


def test_the_tabs_the_brief_names(panel: ForwardMapPanel, qtbot) -> None:  # noqa: ANN001
    expected = {"mlp": "gate-plane", "act": "activations", "mlp_add": "inside",
                "attn_add": "inside", "sample": "trainer", "embedding": "budget",
                "lm_head": "budget", "attention": "inside"}
    assert {k: _click(qtbot, panel, k) for k in expected} == expected


def test_keyboard_tab_arrows_and_enter(panel: ForwardMapPanel, qtbot) -> None:  # noqa: ANN001
    view = panel.view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.selected() == "tokens"
    qtbot.keyClick(view, Qt.Key.Key_Down)  # ↓/↑ walk the data flow
    assert view.selected() == "embedding"
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert view.selected() == "attn_norm" and view.hasFocus()
    qtbot.keyClick(view, Qt.Key.Key_Backtab)
    assert view.selected() == "embedding"
    with qtbot.waitSignal(panel.tab_requested, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert blocker.args == ["budget"]
    for _ in range(6):  # embedding → … → mlp: the Enter key opens the gate plane
        qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.selected() == "gate_proj"
    qtbot.keyClick(view, Qt.Key.Key_Up)
    with qtbot.waitSignal(panel.tab_requested, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Enter)
    assert blocker.args == ["gate-plane"]
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert view.selected() == "sample"
    qtbot.keyClick(view, Qt.Key.Key_Tab)  # past the last box, focus leaves the map
    assert not view.hasFocus() and view.selected() == "sample"


# -- sizes from the other tabs ---------------------------------------------------------------------
def test_sizes_come_from_inside_then_trainer_then_budget(panel: ForwardMapPanel) -> None:
    inside = FakeInside({"d": 16, "m": 24, "n_layer": 3, "variant": "swiglu", "source": "synthetic"})
    controls = FakeControls(TrainConfig(n_embd=128, n_layer=4, n_head=4), 96)
    trainer = SimpleNamespace(controls=controls)
    budget = FakeBudget("Qwen3.5-0.8B")
    panel.set_panel_lookup(_lookup(inside=inside, trainer=trainer, budget=budget))
    assert panel.view.text("gate_proj").sub == "16 → 24" and panel.view.frame_label() == "× 3 layers"
    assert panel.caption.text().startswith("sizes from: synthetic (Inside the model)")
    assert panel.view.text("embedding").sub == "V × 16"  # the trace does not know the vocabulary

    inside.sizes = None  # no trace: the trainer's form (8·128/3 → 352), vocabulary 96
    panel.refresh_button.click()
    assert panel.view.text("gate_proj").sub == "128 → 352"
    assert panel.view.text("embedding").sub == "96 × 128"
    assert "the Live trainer's form" in panel.caption.text()

    controls.cfg = None  # a half-typed form: the budget tab's preset
    panel.refresh()
    assert panel.caption.text().startswith("sizes from: Qwen3.5-0.8B preset")
    assert panel.view.text("down_proj").sub == "3584 → 1024"


def test_budget_model_that_is_no_preset_uses_its_spec(panel: ForwardMapPanel) -> None:
    from gatelab.core.budget import ModelSpec, count_model

    count = count_model(ModelSpec(hidden=64, intermediate=176, n_layer=2, n_head=4, vocab=50,
                                  name="mine"))
    panel.set_panel_lookup(_lookup(budget=FakeBudget("my config.json", {"my config.json": count})))
    assert panel.view.text("gate_proj").sub == "64 → 176"
    assert panel.caption.text().startswith("sizes from: my config.json (Parameter budget)")


def test_no_source_shows_generic_labels_and_show_event_refreshes(panel: ForwardMapPanel,
                                                                 qtbot) -> None:  # noqa: ANN001
    inside = FakeInside(None)
    panel.set_panel_lookup(_lookup(inside=inside, budget=FakeBudget("")))
    assert panel.sizes() is None and panel.view.text("gate_proj").sub == "d → m"
    inside.sizes = {"d": 32, "m": 96, "n_layer": 5, "variant": "geglu", "source": "run"}
    panel.hide()
    panel.show()
    qtbot.waitUntil(lambda: panel.sizes() is not None)
    assert panel.view.text("act").title == "GELU" and panel.view.frame_label() == "× 5 layers"


def test_a_broken_source_is_skipped(panel: ForwardMapPanel) -> None:
    panel.set_panel_lookup(_lookup(inside=FakeInside({"d": -4, "m": 2, "n_layer": 1}),
                                   trainer=object()))
    assert panel.sizes() is None and panel.caption.text().startswith("No model known yet")


def test_the_real_inside_panel_reports_its_trace(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.inside_panel import InsidePanel
    from tests.ui.inside_synth import make_trace

    inside = InsidePanel()
    qtbot.addWidget(inside)
    try:
        assert inside.model_sizes() is None
        inside.sel.set_trace(make_trace(n_layer=3, m=24))
        assert inside.model_sizes() == {"d": 16, "m": 24, "n_layer": 3, "variant": "swiglu",
                                        "source": "synthetic", "vocab": None, "n_head": None,
                                        "n_linear": 0, "n_kv_head": None, "attn_width": None,
                                        "attn_gate": True,  # layer 0 has a gate mean
                                        "norm_place": "pre", "tied_head": False, "norm": "rms",
                                        "block": "sequential", "final_norm": True}
        p = ForwardMapPanel()
        qtbot.addWidget(p)
        p.set_panel_lookup(_lookup(inside=inside))
        assert p.view.text("gate_proj").sub == "16 → 24"
        # a trace that knows its vocabulary and heads (every real source does): no bare "V"
        inside.sel.set_trace(dataclasses.replace(make_trace(n_layer=3, m=24), vocab_size=65, n_head=4))
        p.refresh()
        assert p.sizes() is not None and (p.sizes().vocab, p.sizes().n_head) == (65, 4)
        assert "65" in p.view.text("tokens").sub
        # a hybrid's linear-attention layers and KV heads are drawn (walkthrough s13, defect 1)
        inside.sel.set_trace(dataclasses.replace(make_trace(n_layer=4, m=24, linear_layers=(0, 1, 2)),
                                                 n_head=4, n_kv_head=2, attn_width=32))
        p.refresh()
        sizes = p.sizes()
        assert sizes is not None
        assert (sizes.n_linear, sizes.n_kv_head, sizes.attn_width) == (3, 2, 32)
        assert p.view.frame_label() == "× 4 layers (3 of them with linear attention)"
        assert p.view.text("attention").sub == "16 → 32 → 16, 4 heads (2 key/value) + output gate"
    finally:
        inside.shutdown()


def test_the_real_trainer_and_budget_panels(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.budget_panel import BudgetPanel
    from gatelab.ui.trainer_panel import TrainerPanel

    trainer, budget = TrainerPanel(), BudgetPanel()
    qtbot.addWidget(trainer)
    qtbot.addWidget(budget)
    try:
        p = ForwardMapPanel()
        qtbot.addWidget(p)
        p.set_panel_lookup(_lookup(trainer=trainer, budget=budget))
        cfg = trainer.controls.config()
        assert p.sizes() is not None and p.sizes().origin == "trainer"
        assert (p.sizes().d, p.sizes().n_layer) == (cfg.n_embd, cfg.n_layer)
        budget.select_model("Qwen3.5-0.8B")
        p.set_panel_lookup(_lookup(budget=budget))
        assert p.view.text("gate_proj").sub == "1024 → 3584"
    finally:
        trainer.shutdown()


def test_hover_tooltip_and_status_line(panel: ForwardMapPanel, qtbot) -> None:  # noqa: ANN001
    view = panel.view
    qtbot.mouseMove(view, view.box_rect("act").center().toPoint())
    qtbot.waitUntil(lambda: view.toolTip() != "")
    assert view.toolTip() == view.text("act").tooltip
    assert view.toolTip().endswith("Click or press Enter to open: Activation curves")
    lines: list[str] = []
    panel.status_changed.connect(lines.append)
    panel.activate_box("sample")
    assert lines == ["Opening: Live trainer"]


def test_after_a_relaunch_the_map_reads_the_remembered_trainer_form(qtbot, settings) -> None:  # noqa: ANN001
    """Relaunched on Forward pass, the map said "No model known yet" and Refresh did nothing
    until the Live trainer tab had been opened once."""
    from gatelab.ui.main_window import MainWindow

    first = MainWindow(settings=settings)
    qtbot.addWidget(first)
    trainer = first.show_tab("trainer")
    trainer.controls.apply_state({"n_embd": 64, "n_layer": 2, "n_head": 4})
    first.show_tab("forward-pass")
    first.close()
    first.shutdown()
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.current_tab_name() == "forward-pass" and "trainer" not in again._panels
    again.show()  # showing the map reads the other tabs, building the trainer's
    try:
        forward = again.panel("forward-pass")
        qtbot.waitUntil(lambda: forward.sizes() is not None)
        assert "d = 64 (the Live trainer's form)" in forward.caption.text()
        assert forward.view.frame_label() == "× 2 layers"
        forward.show_preset("qwen3.5-0.8b")
        forward.refresh_button.click()
        assert "d = 64 (the Live trainer's form)" in forward.caption.text()
    finally:
        again.shutdown()


def test_the_trainer_step_shows_the_trainer_even_when_a_model_is_analysed(
        panel: ForwardMapPanel) -> None:
    """"Your trainer's model" showed Inside the model's run (Refresh reads it first), not the
    Live trainer's form that the step promises."""
    controls = SimpleNamespace(config=lambda: TrainConfig(n_embd=64, n_layer=2, n_head=4),
                               corpus=SimpleNamespace(summary=None))
    inside = FakeInside({"d": 128, "m": 352, "n_layer": 4, "variant": "swiglu", "source": "run"})
    panel.set_panel_lookup(_lookup(inside=inside, trainer=SimpleNamespace(controls=controls)))
    assert panel.view.frame_label() == "× 4 layers"  # Refresh: inside first
    assert panel.lesson().steps[4].run() is None
    assert "the Live trainer's form" in panel.caption.text()
    assert panel.view.frame_label() == "× 2 layers"
    assert "64 → 176 → 64 in each of 2 layers" in panel.readout.text()


def test_left_and_right_move_sideways_only(panel: ForwardMapPanel, qtbot) -> None:  # noqa: ANN001
    """Keyboard walkthrough s18 D7: → from attention moved to the residual "+" on its left
    (the arrows walked the data flow). ←/→ go to the nearest box on that side in the same row,
    or stay; ↑/↓ (and Tab) still walk the flow."""
    view = panel.view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    for start, key, expected in (("gate_proj", Qt.Key.Key_Right, "act"),
                                 ("act", Qt.Key.Key_Left, "gate_proj"),
                                 ("up_proj", Qt.Key.Key_Right, "mul"),
                                 ("mul", Qt.Key.Key_Right, "down_proj"),
                                 ("mlp_norm", Qt.Key.Key_Right, "gate_proj"),
                                 ("attn_norm", Qt.Key.Key_Right, "attention"),
                                 ("final_norm", Qt.Key.Key_Right, "lm_head"),
                                 ("sample", Qt.Key.Key_Left, "lm_head")):
        view.select(start)
        qtbot.keyClick(view, key)
        assert view.selected() == expected, (start, key)
    for start in view.keys():  # never the other way
        for key, sign in ((Qt.Key.Key_Right, 1), (Qt.Key.Key_Left, -1)):
            view.select(start)
            before = view.box_rect(start).center().x()
            qtbot.keyClick(view, key)
            after = view.box_rect(view.selected()).center().x()
            assert view.selected() == start or sign * (after - before) > 0, (start, key)
