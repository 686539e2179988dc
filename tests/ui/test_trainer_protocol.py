"""The trainer tab's panel protocol: retranslate, state round trip, refused states, one-line
plot titles with legends at the default window size.

Why: the tab kept English after a language switch, a shared state had nowhere to go, and at
1280×820 the plot titles wrapped onto 2–3 lines while the gate-sparsity plot named no layer.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication

from gatelab.core.trainconfig import FFN_VARIANTS
from gatelab.ui.trainer_jobs import RunRow
from gatelab.ui.experiment_data import ExperimentSummary, VariantSummary
from tests.ui.test_trainer_panel import _tiny, panel  # noqa: F401 (fixture)
from tests.ui.test_trainer_plots import _rows
from tests.ui.visible_text import fake_translator, unwrapped_strings

# names kept on purpose: the CLI's --variant ids, and words inside core's own labels (gate
# formulas, device names), which core composes and the UI shows as they are
KEPT = (*FFN_VARIANTS, "Bilinear", "clamped", "soft-capped", "cap", "threads")


@pytest.fixture
def fake_language() -> Iterator[None]:
    translator = fake_translator()
    QCoreApplication.installTranslator(translator)
    try:
        yield
    finally:
        QCoreApplication.removeTranslator(translator)


def _summary() -> ExperimentSummary:
    variants = [VariantSummary(name, 688, 1000, 2, 1.5, 0.01, [10.0, 20.0], [2.0, 1.5],
                               [0.1, 0.01]) for name in ("swiglu", "gelu")]
    return ExperimentSummary(variants, 0.3, 0.1, "swiglu wins", "swiglu", "/tmp/exp", "finished")


def _dress(qtbot, panel) -> None:  # noqa: ANN001
    """Every part of the tab showing something: plots, a run, an error, a result."""
    qtbot.waitUntil(lambda: panel.controls.devices_loaded, timeout=30000)
    panel.runs.shutdown()  # the refresh that follows the device list has answered
    QApplication.processEvents()
    # the rows below stay: showing the list again (``_leftovers`` visits every view) polls the
    # runs folder, and a change there (its creation, timing-dependent) re-read it as empty
    panel.runs.refresh = lambda select="": None
    panel.plots.set_rows(_rows(10))
    panel._show_title(lambda p: p.tr("Run {0}").format("run-1"))
    panel.bar.begin(100_000)
    for i in range(1, 11):  # a steady 100 steps/s: the ETA is known (core.progress_rate)
        panel.bar.show_progress(234 + 100 * i, 100_000, 5000.0, float(i), 100 * i, "cpu")
    panel._show_error(lambda p: p.tr("Could not read the run: {0}").format("/x/y"))
    panel.runs._show_rows([RunRow("/x/b", "b", "swiglu", "1L d32", "generated", "10/10", 1.0,
                                  1.1, "finished")], "")
    panel.experiment.result = _summary()
    panel.experiment._show_result(panel.experiment.result)


def _leftovers(panel) -> list[str]:  # noqa: ANN001
    out = []
    for i in range(panel.views.count()):
        panel.views.setCurrentIndex(i)
        QApplication.processEvents()
        out += unwrapped_strings(panel, KEPT)
    return out


def test_retranslate_reaches_every_visible_string(qtbot, panel, fake_language) -> None:  # noqa: ANN001
    _dress(qtbot, panel)
    assert _leftovers(panel)  # before retranslate() the English is still there
    panel.retranslate()
    assert _leftovers(panel) == []
    # dynamic readouts were re-rendered with the same numbers, not just the static labels
    assert panel.bar.progress.format() == "«step {0:,} / {1:,} · {2:,.0f} tok/s · ETA {3}»" \
        .replace("{0:,}", "1,234").replace("{1:,}", "100,000").replace("{2:,.0f}", "5,000") \
        .replace("{3}", "16:28")  # (100,000 − 1,234) · 9 s / 900
    assert panel.error_text == "«Could not read the run: {0}»".replace("{0}", "/x/y")
    assert panel.live.title.text() == "«Run {0}»".replace("{0}", "run-1")
    assert panel.plots.loss.title_text == "«Loss»"
    assert panel.runs.table.item(0, 7).text() == "«finished»"
    legend = [label.text for _s, label in panel.plots.sparsity.plot.plotItem.legend.items]
    assert legend[:2] == ["«closed»", "«g&lt;0»"]  # the style keys (label text is HTML)
    assert panel.plots._closed[0].name() == "«L{0} closed»".replace("{0}", "0")  # hover, CSV


def test_retranslate_back_to_english(qtbot, panel) -> None:  # noqa: ANN001
    _dress(qtbot, panel)
    translator = fake_translator()
    QCoreApplication.installTranslator(translator)
    panel.retranslate()
    QCoreApplication.removeTranslator(translator)
    panel.retranslate()
    assert panel.plots.loss.title_text == "Loss"
    assert panel.bar.progress.format().startswith("step 1,234 / 100,000 · 5,000 tok/s")
    assert panel.controls.steps.toolTip() == "Optimizer steps"
    assert panel.views.tabText(1) == "Runs"


def _changed_state(panel) -> dict:  # noqa: ANN001
    panel.controls.set_config(_tiny(variant="gelu", n_embd=48, n_layer=3, n_head=3,
                                    n_kv_head=1, intermediate=200, block_size=24, steps=77,
                                    batch_size=5, lr=2.5e-3, warmup_steps=7, eval_interval=11,
                                    seed=123, attn_gate=True, compile=True))
    panel.experiment.variant_a.setCurrentIndex(panel.experiment.variant_a.findData("reglu"))
    panel.experiment.seeds.setValue(4)
    panel.views.setCurrentIndex(2)
    return panel.state()


def test_state_round_trips_on_a_changed_and_a_fresh_panel(qtbot, panel) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_panel import TrainerPanel

    state = _changed_state(panel)
    assert json.loads(json.dumps(state)) == state  # plain JSON
    form = state["form"]
    assert (form["variant"], form["n_embd"], form["n_kv_head"], form["intermediate"],
            form["lr"], form["attn_gate"], form["corpus"]) == ("gelu", 48, 1, 200, 2.5e-3, True,
                                                               "generated")
    assert state["experiment"] == {"variant_a": "reglu", "variant_b": "gelu", "seeds": 4}
    assert state["view"] == "experiment"
    panel.apply_state(state)  # onto itself: nothing moves
    assert panel.state() == state
    fresh = TrainerPanel()
    qtbot.addWidget(fresh)
    try:
        assert fresh.state() != state
        fresh.apply_state(state)
        assert fresh.state() == state
        assert fresh.controls.lr.text() == "0.0025" and fresh.controls.kv_heads.value() == 1
        assert fresh.controls.config().intermediate == 200
        fresh.apply_state({"form": {"seed": 5}, "unknown": [1, 2]})  # partial, unknown ignored
        assert fresh.state()["form"] == {**state["form"], "seed": 5}
    finally:
        fresh.shutdown()


BAD_STATES = [
    [1, 2],
    {"form": "steps=5"},
    {"form": {"steps": "100"}},
    {"form": {"steps": 0}},
    {"form": {"steps": 10**12}},
    {"form": {"steps": True}},
    {"form": {"n_embd": 64.0}},
    {"form": {"lr": float("nan")}},
    {"form": {"lr": float("inf")}},
    {"form": {"lr": -1e-3}},
    {"form": {"lr": "fast"}},
    {"form": {"variant": "transformer"}},
    {"form": {"attn_gate": "yes"}},
    {"form": {"corpus": ""}},
    {"form": {"corpus": "x" * 100_000}},
    {"form": {"device": ["cpu"]}},
    {"form": {"seed": 7}, "experiment": {"seeds": 1000}},
    {"experiment": {"variant_b": "nope"}},
    {"view": "plots"},
    {"selected_run": 42},
    {"form": {"seed": 9}, "view": "nowhere"},  # a good value does not land before a bad one
]


@pytest.mark.parametrize("bad", BAD_STATES, ids=range(len(BAD_STATES)))
def test_bad_states_change_nothing(qtbot, panel, bad) -> None:  # noqa: ANN001
    before = _changed_state(panel)
    with pytest.raises(ValueError) as info:
        panel.apply_state(bad)
    assert str(info.value) and "\n" not in str(info.value)
    assert panel.state() == before


def test_plot_titles_fit_one_line_at_1280_by_820(qtbot, main_window) -> None:  # noqa: ANN001
    main_window.resize(1280, 820)
    panel = main_window.show_tab("trainer")
    panel.plots.set_rows(_rows(10))
    panel.live.show_plots("run")
    for _ in range(5):
        QApplication.processEvents()
    assert panel.plots.isVisible() and panel.window().width() == 1280
    for name, card in panel.plots.cards().items():
        title = card.title
        bold = QFont(title.font())
        bold.setBold(True)
        need = QFontMetrics(bold).horizontalAdvance(card.title_text)
        line = QFontMetrics(bold).lineSpacing()
        assert title.width() >= need, (name, title.width(), need)
        assert title.height() < 2 * line, (name, title.height(), line)  # one line, not 2–3
        assert card.plot.width() > 150  # the plot itself keeps room
    # every multi-layer plot has a legend naming each layer, drawn inside its plot
    for card, keys in ((panel.plots.sparsity, 2), (panel.plots.maxh, 0)):
        legend = card.plot.plotItem.legend
        assert legend is not None and legend.isVisible()
        names = [label.text for _s, label in legend.items]
        assert len(names) == keys + 3 and names[-1] == "L2", names  # style keys, then layers
        box = legend.sceneBoundingRect()
        assert box.width() > 0 and card.plot.sceneRect().intersects(box)


def test_first_token_share_readout(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_plots import TrainerPlots

    plots = TrainerPlots()
    qtbot.addWidget(plots)
    assert plots.sink_label.text() == "first-token share: —"
    rows = _rows(10, n_layer=2)
    for row in rows:
        if "frac_closed" in row:
            row["attn_sink"] = [0.25, 0.75]
    plots.set_rows(rows)
    assert plots.sink_label.text() == "first-token share: 0.50 (L0 0.25 · L1 0.75)"
    assert not math.isnan(plots.history.layer_matrix("attn_sink")[-1][0])


def test_selected_run_is_part_of_the_state(qtbot, panel) -> None:  # noqa: ANN001
    qtbot.waitUntil(lambda: panel.controls.devices_loaded, timeout=30000)
    panel.runs.shutdown()
    QApplication.processEvents()
    rows = [RunRow(f"/x/{n}", n, "swiglu", "1L d32", "generated", "10/10", 1.0, 1.1, "finished")
            for n in ("a", "b")]
    panel.runs._show_rows(rows, "/x/a")
    assert panel.state()["selected_run"] == "/x/a"
    panel.apply_state({"selected_run": "/x/b"})
    assert panel.runs.selected_path() == "/x/b"
    panel.apply_state({"selected_run": "/x/c"})  # not listed yet: selected once a refresh lists it
    assert panel.runs.selected_path() == "/x/b"
    rows.append(RunRow("/x/c", "c", "gelu", "1L d32", "generated", "5/10", 1.2, None, "stopped"))
    panel.runs._on_rows(str(panel.runs._generation), rows, "")
    assert panel.runs.selected_path() == "/x/c"


def test_renderers_hold_no_reference_to_their_widget(qtbot, panel) -> None:  # noqa: ANN001
    """A renderer closing over its panel made a reference cycle; Python's GC then freed the
    panel on a training thread, whose Qt destructor deadlocked with the GUI thread (a hang seen
    in the suite). Renderers take the widget as an argument instead."""
    panel.controls.lr.setText("fast")
    panel.start()  # "Not started: …"
    panel._show_title(lambda p: p.tr("Run {0}").format("r"))
    panel.experiment.run()  # "Not started: …" in the experiment view too
    panel.experiment._set_progress(lambda v: v.tr("done"))
    holders = ((panel, panel._error_fn), (panel, panel._title_fn),
               (panel.experiment, panel.experiment._message_fn),
               (panel.experiment, panel.experiment._progress_fn))
    for owner, fn in holders:
        cells = [c.cell_contents for c in fn.__closure__ or ()]
        assert all(c is not owner for c in cells), fn
    assert panel.error_text.startswith("Not started: learning rate")
    assert panel.experiment.error_text.startswith("Not started: learning rate")
    assert panel.runs.confirm_delete is None  # no bound method of itself kept on the view
