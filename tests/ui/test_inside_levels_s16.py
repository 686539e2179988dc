"""Inside's line under the source bar has three looks: red when something failed or cannot
start, amber when the numbers are there but need care ([UNK] pieces, a lesson step that cannot
apply, a state whose source is gone, the views showing another source), plain otherwise. The
[UNK] warning was in the error's red (s15 noticed)."""

from __future__ import annotations

from pathlib import Path

from gatelab.ui.field_errors import ERROR_STYLE, WARNING_STYLE
from gatelab.ui.inside_panel import InsidePanel
from tests.ui.test_inside_panel import analyse, panel, tiny_run  # noqa: F401 (fixtures)

RED, AMBER = ERROR_STYLE.split()[-1], WARNING_STYLE.split()[-1]


def _style(panel: InsidePanel) -> str:  # noqa: F811
    return panel.source.message.styleSheet()


def test_unknown_pieces_warn_in_amber_and_a_failure_is_red(
        qtbot, panel: InsidePanel, tiny_run: Path, tmp_path: Path) -> None:  # noqa: ANN001,F811
    analyse(qtbot, panel, "run", str(tiny_run), "a a")
    assert panel.source.message_text() and RED not in _style(panel)
    assert AMBER not in _style(panel)  # a plain trace: plain
    analyse(qtbot, panel, "run", str(tiny_run), "a a€☃")
    assert "2 characters" in panel.source.message_text()
    assert AMBER in _style(panel) and RED not in _style(panel) and "bold" in _style(panel)
    panel.retranslate()  # a language switch keeps the level
    assert AMBER in _style(panel)
    analyse(qtbot, panel, "run", str(tmp_path / "nowhere"))
    assert "no such run folder" in panel.source.message_text()
    assert RED in _style(panel) and AMBER not in _style(panel)
    panel.retranslate()
    assert RED in _style(panel)


def test_an_error_outlives_the_live_timer_over_an_older_trace(
        qtbot, panel: InsidePanel, tiny_run: Path, tmp_path: Path) -> None:  # noqa: ANN001,F811
    """Views from a saved run, then Source = Live run and Analyse before its first checkpoint:
    "no checkpoint yet" stayed a few seconds, until the live timer's tick put "Source changed:
    the views still show the last trace" over it (walkthrough s16)."""
    analyse(qtbot, panel, "run", str(tiny_run))

    class Trainer:
        run_dir = str(tmp_path)
        run_state = "running"

    panel.set_panel_lookup(lambda name: Trainer() if name == "trainer" else None)
    panel.source.set_kind("live")
    assert "still show the last trace" in panel.source.message_text()  # the note, at once
    assert AMBER in _style(panel)
    assert not panel.analyse() and "no checkpoint yet" in panel.source.message_text()
    for _ in range(3):
        panel._live_timer.timeout.emit()  # the live timer's ticks
    assert "no checkpoint yet" in panel.source.message_text() and RED in _style(panel)
