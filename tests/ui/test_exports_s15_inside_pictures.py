"""The Inside tab's other pictures say what they are of, too (s14 review: left without one).

Why: the gate map, the neuron strip, the rankings and the top contexts were exported as bare
grabs: a slide of a red-and-blue strip said neither which neuron, nor which run, step or text
it was of. Each now has a band above it, as the plot cards' pictures do: the SVG's text is read
back, and in the PNG the band's rows are seen (dark pixels above the grab's first row)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from gatelab.ui.inside_panel import InsidePanel
from gatelab.ui.plot_card_export import margin_px
from tests.ui.test_exports_s14_inside_caption import TEXT, panel  # noqa: F401 (a fixture)

RUN = "Run run-20261202-101500-ab12 · step 200"


@pytest.fixture
def picked(panel: InsidePanel) -> InsidePanel:
    """The s14 captions' panel (a run's trace of TEXT at step 200), with L1 #3 and token 4."""
    panel.sel.set_layer(1)
    panel.sel.set_neuron(3)
    panel.sel.set_token(4)
    return panel


def _band_rows(image: QImage, rows: int, top: int = 0) -> int:
    """How many of the ``rows`` rows of ``image`` from ``top`` hold dark (text) pixels."""
    dark = 0
    for y in range(top, top + rows):
        if any(image.pixelColor(x, y).lightness() < 128 for x in range(0, image.width(), 2)):
            dark += 1
    return dark


def _show(qtbot, panel: InsidePanel, view) -> None:  # noqa: ANN001
    panel.views.setCurrentWidget(view)  # exported as the learner sees it: on screen
    qtbot.wait(30)


def _svg(export, path: Path) -> str:  # noqa: ANN001
    """The SVG's text, its lines joined by a space (a caption wraps onto the rows it needs)."""
    export(str(path))
    svg = path.read_text(encoding="utf-8").replace("&apos;", "'")
    return " ".join(" ".join(re.findall(r">([^<]*)</text>", svg)).split())


def test_the_gate_map_names_layer_token_run_and_text(qtbot, picked: InsidePanel,  # noqa: ANN001
                                                      tmp_path: Path) -> None:
    _show(qtbot, picked, picked.gates)
    svg = _svg(picked.gates.export, tmp_path / "gates.svg")
    token = picked.sel.trace.tokens[4]
    assert svg.startswith(f"Every neuron's (g, u) on the gate plane {RUN} · layer L1 · "
                          f"token 4 “{token}” · text “{TEXT}”")  # whole: wrapped, not cut
    picked.gates.export(str(tmp_path / "gates.png"))
    image = QImage(str(tmp_path / "gates.png"))
    assert image.width() >= 1200  # print-sized, as a plot card's picture
    edge = margin_px(2.0)  # a plot card's picture is drawn at 2×, a margin around it (s22)
    assert _band_rows(image, edge) == 0
    assert _band_rows(image, 40, edge) > 10  # the title and caption lines, above the maps


def test_the_neuron_strip_names_its_neuron_and_text(qtbot, picked: InsidePanel,  # noqa: ANN001
                                                    tmp_path: Path) -> None:
    _show(qtbot, picked, picked.explorer)
    svg = _svg(picked.shaded.export, tmp_path / "strip.svg")
    assert svg.startswith(f"Neuron L1 #3 {RUN} · text “{TEXT}”")
    picked.shaded.export(str(tmp_path / "strip.png"))
    grab = picked.shaded.strip.grab().toImage()
    image = QImage(str(tmp_path / "strip.png"))
    edge = margin_px(1.0)  # a grab at 1×, with the picture's margin on every side (s22)
    assert image.width() == grab.width() + 2 * edge
    assert image.height() > grab.height() + 2 * edge + 20
    assert _band_rows(image, image.height() - grab.height() - 2 * edge, edge) > 10


def test_the_rankings_name_their_layer_and_run(qtbot, picked: InsidePanel,  # noqa: ANN001
                                               tmp_path: Path) -> None:
    _show(qtbot, picked, picked.explorer)
    svg = _svg(picked.rankings.export, tmp_path / "rankings.svg")
    assert svg.startswith(f"{RUN} · layer L1 · text “{TEXT}”")
    assert "Most selective neurons of L1" in svg  # the table's own box, drawn below


def test_the_top_contexts_name_the_run_and_what_was_found(qtbot, picked: InsidePanel,  # noqa: ANN001
                                                          tmp_path: Path) -> None:
    _show(qtbot, picked, picked.explorer)
    found = [{"score": 2.5, "token_index": 7, "token": "o", "context_text": "a rose of",
              "position_in_context": 3}]
    picked.topk.show_results(found, "L1 #3", 5000, False, RUN)
    svg = _svg(picked.topk.export, tmp_path / "top.svg")

    assert svg.startswith(f"Top activating contexts {RUN} · L1 #3: the highest h over 5,000 "
                          "characters.")
    picked.topk.show_results([], "L1 #3", 0, True, RUN)  # nothing found: no caption to tell
    assert _svg(picked.topk.export, tmp_path / "none.svg").startswith("Top activating contexts #")


def test_no_trace_no_caption(picked: InsidePanel, tmp_path: Path) -> None:
    picked.sel.set_trace(None)
    svg = _svg(picked.shaded.export, tmp_path / "strip.svg")
    assert "Run run-2026" not in svg and svg.startswith("Neuron L0 #0")  # the title stays
