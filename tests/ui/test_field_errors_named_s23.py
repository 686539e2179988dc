"""Two refusals on one error line name their fields (walkthrough s23 #12).

Why: the gate plane's map-window line read "must lie in [16, 1024] (and 1 more: hover to read)"
when two of its fields were wrong, naming neither; only the red frames said which. With one
refusal the line stays as it was (the red frame beside it names the field).
"""

from __future__ import annotations

from gatelab.ui.gate_plane_panel import GatePlanePanel
from tests.ui.conftest import settle, show_panel


def test_two_refusals_name_their_fields(qtbot) -> None:  # noqa: ANN001
    panel = show_panel(qtbot, GatePlanePanel(), (1400, 900))
    c = panel.controls
    assert not c.resolution.set_value(1, emit=True)
    settle()
    one = c.spec_error.whole_text()
    assert one.startswith("must lie in [") and ":" not in one.split("]")[0]
    assert not c.eps.set_value(-1.0, emit=True)
    settle()
    line, tip = c.spec_error.whole_text(), c.spec_error.toolTip().splitlines()
    assert line.endswith("(and 1 more: hover to read)")
    assert len(tip) == 2 and all(": " in t for t in tip), tip
    names = [t.split(": ", 1)[0] for t in tip]
    assert any("ε" in n or "eps" in n.lower() for n in names), names
    assert any("esolution" in n or "分辨率" in n for n in names), names
    assert line.startswith(tip[0])  # the latest refusal, named
