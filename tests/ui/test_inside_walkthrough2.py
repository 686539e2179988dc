"""Inside tab, second new-user walkthrough: what a learner saw go wrong, as they see it now.

The model summary keeps its start (the model's name) when narrow; the live-run line and the
saved-run list speak the interface's language and mark runs still training; a language switch
leaves an analysed text alone; the step slider keeps the selected span; the rankings CSV holds
every column the tables show.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from gatelab.ui.variant_names import variant_name as variant_text
from gatelab.ui.inside_panel import InsidePanel
from gatelab.ui.trainer_jobs import RunRow
from tests.ui.conftest import show_panel

from .inside_synth import make_trace


class FunctionTranslator(QTranslator):
    """Every context translated by ``fn(source)`` (a stand-in for the Chinese catalogue)."""

    def __init__(self, fn) -> None:  # noqa: ANN001
        super().__init__()
        self.fn = fn

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        return self.fn(source)

    def isEmpty(self) -> bool:  # noqa: N802 (Qt's name)
        return False


def wrap(source: str) -> str:
    return "«" + source + "»"


@pytest.fixture
def panel(qtbot) -> InsidePanel:  # noqa: ANN001
    return show_panel(qtbot, InsidePanel())


def test_model_summary_is_cut_at_its_end_never_its_start(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    trace = dataclasses.replace(make_trace(), model_name="Qwen3_5ForCausalLM")
    panel.sel.set_trace(trace)
    info = panel.pickers.info
    full = info.text()
    assert full.startswith("Qwen3_5ForCausalLM · 3 layers") and full.endswith("36 tokens")
    panel.resize(700, 900)
    qtbot.waitUntil(lambda: info.shown_text() != full, timeout=3000)
    shown = info.shown_text()
    assert shown.startswith("Qwen3_5") and shown.endswith("…")
    assert all(info.fontMetrics().horizontalAdvance(line) <= info.contentsRect().width()
               for line in shown.split("\n"))  # a line each, each cut on its own (s15 F5)
    assert info.toolTip() == full
    panel.resize(1800, 900)
    qtbot.waitUntil(lambda: info.shown_text() == full, timeout=3000)


def test_live_run_line_and_saved_runs_speak_the_language_and_mark_unfinished_runs(
        qtbot, panel: InsidePanel, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    class Trainer:
        run_state = "stopped"
        run_dir = "/runs/run-20261201-0900"

    monkeypatch.setattr(panel, "_lookup", lambda name: Trainer() if name == "trainer" else None)
    monkeypatch.setattr(panel, "live_run_dir", lambda: Trainer.run_dir)
    rows = [RunRow("/runs/a", "a", "swiglu", "2L d32 m96 2h", "generated", "40/200", 2.1, None,
                   "running", ""),
            RunRow("/runs/b", "b", "geglu", "2L d32 m96 2h", "generated", "200/200", 1.9, 1.95,
                   "finished", "")]
    monkeypatch.setattr("gatelab.ui.trainer_jobs.run_rows", lambda root=None: rows)
    translator = FunctionTranslator(wrap)
    QCoreApplication.installTranslator(translator)
    try:
        panel.retranslate()
        live = panel.source.live_label.text()
        assert "«stopped»" in live and "run-20261201-0900" in live
        panel.refresh_runs()
        qtbot.waitUntil(lambda: panel.source.runs.count() == 2, timeout=5000)
        labels = [panel.source.runs.itemText(i) for i in range(2)]
        names = variant_text("swiglu"), variant_text("geglu")  # (in the wrapped language)
        assert labels == ["a · {0} · 2L d32 m96 2h · «running» 40/200".format(names[0]),
                          "b · {0} · 2L d32 m96 2h".format(names[1])]
    finally:
        QCoreApplication.removeTranslator(translator)


def test_a_language_switch_leaves_an_analysed_example_alone(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    from gatelab.ui.inside_source import EXAMPLES, N_EXAMPLES
    translator = FunctionTranslator(lambda s: "译" + s if s == EXAMPLES[0] else s)
    panel.source.text.setText(EXAMPLES[0])
    QCoreApplication.installTranslator(translator)
    try:
        panel.retranslate()  # nothing analysed yet: the untouched example follows the language
        assert panel.source.text.text() == "译" + EXAMPLES[0]
        panel.source.text.setText(EXAMPLES[0])
        panel.sel.set_trace(make_trace(EXAMPLES[0]))
        panel.retranslate()  # the shaded tokens describe this text: it stays
        assert panel.source.text.text() == EXAMPLES[0]
        assert "".join(panel.sel.trace.tokens) == EXAMPLES[0]
    finally:
        QCoreApplication.removeTranslator(translator)
    assert N_EXAMPLES == 3


def test_the_span_survives_a_retrace_of_the_same_text(panel: InsidePanel) -> None:
    panel.sel.set_trace(make_trace(step=100))
    panel.sel.set_span(12, 17)  # "Paris"
    first = panel.rankings.span_ranking()
    assert first
    panel.sel.set_trace(make_trace(step=200, seed=1))  # another checkpoint, same text
    assert panel.sel.span == (12, 17)
    assert panel.rankings.span_ranking() and panel.rankings.span_ranking() != first
    panel.sel.set_trace(make_trace("a different text"))
    assert panel.sel.span == (0, 0) and panel.rankings.span_ranking() == []


def test_rankings_csv_has_the_max_h_column(panel: InsidePanel, tmp_path: Path) -> None:
    panel.sel.set_trace(make_trace())
    panel.rankings.export(str(tmp_path / "r.csv"))
    rows = [r.split(",") for r in (tmp_path / "r.csv").read_text().splitlines()]
    assert rows[0][-1] == "max_h" and len(rows) > 1
    layer = panel.sel.trace.layers[0]
    for row in rows[1:]:
        assert float(row[5]) == pytest.approx(float(layer.h[:, int(row[3])].max()), rel=1e-6)


def test_a_long_paste_is_not_cut_silently(panel: InsidePanel) -> None:
    """Qt's default cap (32,767 characters) cut a 100,001-character paste without a word; the
    box now holds one character more than the analysis takes, so the analysis says why."""
    from gatelab.core.inside.types import MAX_TEXT_CHARS
    panel.source.text.setText("a" * (MAX_TEXT_CHARS + 1))
    assert len(panel.source.text.text()) == MAX_TEXT_CHARS + 1
