"""state()/apply_state() of the inside tab: plain JSON that round-trips on a changed panel and on
a fresh one, picks that wait for their trace, a missing source, and bad states that change
nothing."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from gatelab.ui.inside_panel import InsidePanel

from .inside_synth import make_trace

PLANT = (1, 5, 12, 17)


def _panel(qtbot) -> InsidePanel:  # noqa: ANN001
    p = InsidePanel()
    qtbot.addWidget(p)
    p.resize(1200, 800)
    return p


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = _panel(qtbot)
    p.sel.set_trace(make_trace(plant=PLANT))
    yield p
    p.shutdown()


def _change(panel: InsidePanel, tmp_path: Path) -> None:
    panel.source.set_kind("hf")
    panel.source.hf_path.setText(str(tmp_path))
    panel.source.set_device("cpu")
    panel.source.dtype.setCurrentText("bf16")
    panel.source.text.setText("The food was not bad at all")
    panel.sel.set_neuron(7, layer=2)
    panel.sel.set_token(9)
    panel.sel.set_span(12, 17)
    panel.gates.eps.setValue(0.25)  # the ε box, as a learner would
    panel.views.setCurrentWidget(panel.mlp)


def test_state_is_plain_json_and_says_what_is_shown(panel: InsidePanel, tmp_path: Path) -> None:
    _change(panel, tmp_path)
    state = json.loads(json.dumps(panel.state()))
    assert state == {"source": "hf", "run_path": "", "hf_path": str(tmp_path), "device": "cpu",
                     "dtype": "bf16", "text": "The food was not bad at all", "topk_file": "",
                     "layer": 2, "neuron": 7, "token": 9, "span": [12, 17], "eps": 0.25,
                     "view": "mlp"}
    assert "ε = 0.25" in panel.gates.stats.text()  # the shares were recomputed with it


def test_round_trip_on_the_same_changed_panel(panel: InsidePanel, tmp_path: Path) -> None:
    _change(panel, tmp_path)
    saved = json.loads(json.dumps(panel.state()))
    panel.source.set_kind("run")
    panel.source.text.setText("something else")
    panel.sel.set_neuron(1, layer=0)
    panel.sel.set_token(2)
    panel.sel.set_span(0, 0)
    panel.sel.set_eps(None)
    panel.views.setCurrentIndex(0)
    panel.apply_state(saved)
    assert panel.state() == saved
    # the views follow: the pickers and the span ranking show the restored picks
    assert panel.pickers.layer.currentIndex() == 2 and panel.pickers.neuron.value() == 7
    assert panel.pickers.token.value() == 9
    assert "(tokens 12–16)" in panel.rankings.span_hint.text()
    assert panel.gates.eps.value() == 0.25
    assert panel.source.message_text() == "State restored."


def test_a_fresh_panel_keeps_the_picks_until_the_text_is_traced(qtbot, panel: InsidePanel,  # noqa: ANN001
                                                               tmp_path: Path) -> None:
    _change(panel, tmp_path)
    saved = panel.state()
    fresh = _panel(qtbot)
    try:
        fresh.apply_state(saved)
        assert fresh.state() == saved  # round-trips before any trace
        assert "press Analyse" in fresh.source.message_text()
        fresh._show_trace(make_trace(plant=PLANT))  # what a finished analysis does
        assert (fresh.sel.layer, fresh.sel.neuron, fresh.sel.token) == (2, 7, 9)
        assert fresh.sel.span == (12, 17) and fresh.pending is None
        assert fresh.state() == saved
        assert fresh.pickers.neuron.value() == 7
    finally:
        fresh.shutdown()


def test_a_state_whose_source_is_gone_restores_the_rest_and_says_so(
        panel: InsidePanel, tmp_path: Path) -> None:
    gone = str(tmp_path / "deleted-run")
    before = panel.source.run_path()
    panel.apply_state({"source": "run", "run_path": gone, "text": "for i in range(3):",
                       "layer": 1, "neuron": 3})
    assert panel.source.kind_key() == "run"
    assert panel.source.run_path() == before  # never selects a folder that is not there
    assert panel.source.text.text() == "for i in range(3):"
    assert (panel.sel.layer, panel.sel.neuron) == (1, 3)
    message = panel.source.message_text()
    assert gone in message and "no longer exists" in message


BAD = [
    [1, 2],
    {"layer": -1},
    {"layer": 1.5},
    {"layer": True},
    {"neuron": 10**12},
    {"token": "3"},
    {"span": [5, 2]},
    {"span": list(range(10**5))},
    {"span": [0, math.nan]},
    {"eps": math.nan},
    {"eps": 0},
    {"eps": math.inf},
    {"eps": "0.1"},
    {"source": "ftp"},
    {"device": "tpu"},
    {"dtype": 16},
    {"view": 3},
    {"text": "x" * 200_000},
    {"text": "x" * 100_002},  # more than the text box holds (one past the analysis limit)
    {"hf_path": ["a"]},
    {"text": "ok", "layer": 1, "neuron": -5},  # the good part must not be applied either
]


@pytest.mark.parametrize("bad", BAD, ids=range(len(BAD)))
def test_bad_states_raise_and_change_nothing(panel: InsidePanel, tmp_path: Path, bad: object
                                             ) -> None:
    _change(panel, tmp_path)
    before = panel.state()
    message = panel.source.message_text()
    with pytest.raises(ValueError) as info:
        panel.apply_state(bad)  # type: ignore[arg-type]
    assert "\n" not in str(info.value) and str(info.value)
    assert panel.state() == before
    assert panel.source.message_text() == message


def test_unknown_keys_are_ignored_and_missing_keys_kept(panel: InsidePanel, tmp_path: Path
                                                        ) -> None:
    _change(panel, tmp_path)
    before = panel.state()
    panel.apply_state({"tab": "gate-plane", "z": 3, "neuron": 4})
    assert panel.state() == {**before, "neuron": 4}


def test_the_window_saves_and_opens_the_inside_tabs_state(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    from gatelab.core.state_file import StateError
    from gatelab.ui.tabs import Panel

    inside = main_window.panel("inside")
    assert isinstance(inside, Panel)
    inside.sel.set_trace(make_trace(plant=PLANT))
    _change(inside, tmp_path)
    path = str(tmp_path / "a.gatelab")
    assert main_window.save_state_to(path)
    saved = inside.state()
    inside.sel.set_neuron(0, layer=0)
    inside.source.text.setText("changed")
    doc = main_window.current_state()
    doc.tabs["inside"] = saved
    main_window.apply_state_doc(doc)
    assert inside.state() == saved
    doc.tabs["inside"] = {**saved, "layer": -3}
    with pytest.raises(StateError):
        main_window.apply_state_doc(doc)
    assert inside.state() == saved


def test_the_longest_text_the_box_holds_round_trips(panel: InsidePanel) -> None:
    text = "ab" * (panel.source.text.maxLength() // 2)
    panel.apply_state({"text": text})
    assert panel.state()["text"] == text
