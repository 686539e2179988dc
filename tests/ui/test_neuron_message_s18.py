"""The gate plane's message under "Load neurons from run…" holds at most three lines: a long
one (a run's path, an error about it) made the controls taller and every map smaller, 6 lines
at 1280×800 (session 18). The cut text ends with "…" and the whole text is in the tooltip."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics
from tests.ui.conftest import settle, show_tab_at

from gatelab.ui.elide import ELLIPSIS, elide_lines
from gatelab.ui.field_errors import wrapped_height

LONG = ("/tmp/some/very/long/folder/name/that/goes/on/and/on/run-2026-12-03-swiglu-l4-d128: "
        "stats.npz is missing; train the run with statistics on (the default) or pick another "
        "run folder that has them.")


def _map_sizes(plane) -> list[tuple[float, float]]:  # noqa: ANN001
    return [(v.vb.width(), v.vb.height()) for v in plane.maps.views.values() if v.isVisible()]


def test_a_long_neuron_message_keeps_three_lines_and_the_maps_their_size(
        qtbot, main_window) -> None:  # noqa: ANN001
    plane = show_tab_at(qtbot, main_window, "gate-plane", (1280, 800))
    label = plane.controls.neuron_message
    plane.controls.show_neuron_message("run x: layer L0 of L0–L1, 12 neurons\n"
                                       "Trained as SwiGLU; the maps show SwiGLU clamped (gpt-oss).")
    settle()
    two_lines = _map_sizes(plane)
    line = label.fontMetrics().lineSpacing()
    plane.controls.show_neuron_message(LONG, error=True)
    settle()
    assert label.text() == LONG and label.shown_text().endswith(ELLIPSIS)
    assert LONG.startswith(label.shown_text()[:-1].rstrip())
    assert LONG in label.toolTip()
    width = label.contentsRect().width()
    assert wrapped_height(label.fontMetrics(), width, label.shown_text()) <= 3 * line + 2
    assert label.height() <= 3 * line + 4  # drawn in three lines, no more
    long_sizes = _map_sizes(plane)
    assert len(long_sizes) == 3
    for (w0, h0), (w1, h1) in zip(two_lines, long_sizes):
        assert h0 - h1 <= line + 2, (two_lines, long_sizes)  # one line more at most
    plane.controls.show_neuron_message("No neurons loaded.")
    settle()
    assert label.shown_text() == "No neurons loaded." and label.toolTip() == ""


def test_a_cut_message_keeps_the_variant_note_in_its_tooltip(qtbot, main_window) -> None:  # noqa: ANN001
    plane = show_tab_at(qtbot, main_window, "gate-plane", (1280, 800))
    label = plane.controls.neuron_message
    label.set_tip("Their (g, u) were measured on another variant.")
    label.setText(LONG)
    settle()
    assert label.toolTip() == LONG + "\n\nTheir (g, u) were measured on another variant."
    label.setText("short")
    assert label.toolTip() == "Their (g, u) were measured on another variant."


def test_elide_lines_cuts_after_a_word_or_inside_chinese(qapp) -> None:  # noqa: ANN001
    metrics = QFontMetrics(QFont())
    width = metrics.horizontalAdvance("x" * 30)
    short = "two words"
    assert elide_lines(short, metrics, width, 2) == short
    text = " ".join(["gradient"] * 40)
    cut = elide_lines(text, metrics, width, 2)
    assert cut.endswith("gradient" + ELLIPSIS)  # after a whole word
    assert wrapped_height(metrics, width, cut) <= wrapped_height(metrics, width, "x\nx")
    assert elide_lines(text, metrics, width, 1).count("gradient") < cut.count("gradient")
    chinese = "训练时的门控统计" * 20  # no spaces: cut where it stops fitting
    cut = elide_lines(chinese, metrics, width, 2)
    assert cut.endswith(ELLIPSIS) and chinese.startswith(cut[:-1]) and len(cut) > 5
    kept = elide_lines("line one\nline two", metrics, width, 2)
    assert kept == "line one\nline two"  # its own line break stays


def test_a_failed_load_says_whose_neurons_the_maps_keep(qtbot, main_window, tmp_path) -> None:  # noqa: ANN001
    """Walkthrough s18 P5: after a failed load the red line read as if nothing were shown,
    while the earlier run's neurons stayed on the maps and in the legend."""
    from tests.ui.test_gate_plane_panel import _run_folder

    plane = show_tab_at(qtbot, main_window, "gate-plane", (1280, 800))
    label = plane.controls.neuron_message
    (tmp_path / "empty").mkdir()
    assert not plane.load_neurons_from(str(tmp_path / "empty"))  # nothing shown before
    assert label.text().startswith("Could not load neurons: ") and "keep" not in label.text()
    good = tmp_path / "run-good"
    good.mkdir()
    assert plane.load_neurons_from(str(_run_folder(good, "swiglu")))
    assert not plane.load_neurons_from(str(tmp_path / "empty"))
    assert label.text().startswith("Could not load neurons (the maps keep those of run "
                                   "run-good): ")
    assert "stats.npz" in label.text()
    assert len(plane.maps.views["h"].neurons.getData()[0]) == 12  # still drawn
    assert "run run-good" in plane.legend_label.text()
