"""The activation plot's wrapped title keeps "f′(z)" whole (walkthrough s14 F4: at 1.5× the title
wrapped as "derivatives f′ / (z) (dashed)", since Unicode allows a break after the prime)."""

from __future__ import annotations

from gatelab.ui.activations_panel import ActivationsPanel
from tests.ui.conftest import settle, show_panel


def _title_lines(panel: ActivationsPanel) -> list[str]:
    doc = panel.plot.titleLabel.item.document()
    lines, block = [], doc.firstBlock()
    while block.isValid():
        layout, text = block.layout(), block.text()
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            lines.append(text[line.textStart():line.textStart() + line.textLength()].strip())
        block = block.next()
    return lines


def test_the_title_never_breaks_inside_f_prime_of_z(qtbot) -> None:  # noqa: ANN001
    panel = show_panel(qtbot, ActivationsPanel(), (1000, 700))
    wrapped = 0
    for width in range(420, 1000, 15):
        panel.resize(width, 700)
        settle()
        lines = _title_lines(panel)
        wrapped += len(lines) > 1
        assert not any(line.startswith(("(z)", "\u2060(z)")) for line in lines), (width, lines)
        assert "".join(lines).replace("\u2060", "").replace(" ", "") == (
            "Activation functions f(z) (solid) and derivatives f′(z) (dashed)".replace(" ", ""))
    assert wrapped >= 3  # the widths tried do wrap it
